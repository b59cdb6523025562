//! Review classes on hand-made games whose verdict any player knows: a queen left
//! to a knight is a blunder, a mate in one missed for nothing is a blunder, a
//! back-rank mate allowed is a blunder, the first moves of the Italian Game are book,
//! the only legal move is forced, and the engine's own moves are best. Small node
//! counts, so the tests are quick in debug builds.

use guoxiang_core::{Move, Position};
use guoxiang_review::{review_game, Effort, Eval, GameReview, MoveClass, ReviewOptions};

fn opts(nodes: u64) -> ReviewOptions {
    ReviewOptions {
        effort: Effort::Nodes(nodes),
        tables: None,
        hash_mb: 8,
    }
}

fn game(fen: Option<&str>, sans: &[&str]) -> (Position, Vec<Move>) {
    let start = fen.map_or_else(Position::new, |f| Position::from_fen(f).expect("legal FEN"));
    let mut pos = start.clone();
    let moves = sans
        .iter()
        .map(|s| {
            let m = pos.parse_san(s).expect("legal move");
            pos.play_unchecked(m);
            m
        })
        .collect();
    (start, moves)
}

fn review(fen: Option<&str>, sans: &[&str]) -> GameReview {
    let (start, moves) = game(fen, sans);
    review_game(&start, &moves, &opts(4_000), &mut |_, _| {})
}

fn classes(r: &GameReview) -> Vec<MoveClass> {
    r.moves.iter().map(|m| m.class).collect()
}

#[test]
fn a_queen_left_to_a_knight_is_a_blunder_and_taking_it_is_best() {
    let r = review(None, &["e4", "e5", "Nf3", "Qh4", "Nxh4"]);
    assert_eq!(r.moves[3].san, "Qh4");
    assert_eq!(r.moves[3].class, MoveClass::Blunder, "{:?}", classes(&r));
    assert_eq!(r.moves[4].class, MoveClass::Best);
    assert!(
        matches!(r.moves[3].eval_after, Eval::Cp(cp) if cp > 500),
        "{:?}",
        r.moves[3]
    );
}

#[test]
fn a_mate_in_one_missed_for_nothing_is_a_blunder() {
    // White mates with Re8#; h3 instead leaves a rook against a queen.
    let r = review(Some("6k1/5ppp/8/8/8/8/1q3PPP/4R1K1 w - - 0 1"), &["h3"]);
    let m = &r.moves[0];
    assert_eq!(m.eval_before, Eval::Mate(1));
    assert_eq!(m.best.map(|b| b.to_uci()), Some("e1e8".to_string()));
    assert!(
        matches!(m.class, MoveClass::Blunder | MoveClass::Mistake),
        "{m:?}"
    );
}

#[test]
fn leaving_the_back_rank_to_a_rook_mate_is_a_blunder() {
    let r = review(
        Some("3r2k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1"),
        &["Rd2", "Re8#"],
    );
    assert_eq!(r.moves[0].class, MoveClass::Blunder, "{:?}", r.moves[0]);
    assert_eq!(r.moves[0].eval_after, Eval::Mate(1));
    assert_eq!(r.moves[1].class, MoveClass::Best);
    assert_eq!(r.moves[1].eval_after, Eval::Mate(0));
    assert!(r.accuracy.black < r.accuracy.white, "{:?}", r.accuracy);
}

#[test]
fn the_italian_game_is_book_and_leaving_it_is_judged() {
    let r = review(None, &["e4", "e5", "Nf3", "Nc6", "Bc4", "Qh4"]);
    assert_eq!(&classes(&r)[..5], &[MoveClass::Book; 5]);
    assert_ne!(r.moves[5].class, MoveClass::Book);
}

#[test]
fn the_only_legal_move_is_forced() {
    let r = review(Some("7k/7p/8/8/8/8/8/R5K1 w - - 0 1"), &["Ra8+", "Kg7"]);
    assert_eq!(r.moves[1].class, MoveClass::Forced);
}

#[test]
fn only_inaccuracies_mistakes_and_blunders_are_explained() {
    let r = review(None, &["e4", "e5", "Nf3", "Qh4", "Nxh4"]);
    for m in &r.moves {
        if !m.class.is_error() {
            assert!(m.explanation.is_none(), "{m:?}");
        }
    }
}

#[test]
fn each_move_s_eval_after_is_the_next_move_s_eval_before() {
    let r = review(None, &["d4", "Nf6", "c4", "g6", "Nc3", "d5", "Bg5"]);
    for pair in r.moves.windows(2) {
        assert_eq!(pair[0].eval_after, pair[1].eval_before);
    }
    for m in &r.moves {
        assert_eq!(m.best_line.first().copied(), m.best);
    }
}

#[test]
fn progress_counts_every_position_and_an_illegal_move_ends_the_review() {
    let (start, mut moves) = game(None, &["e4", "e5"]);
    moves.push(moves[0]); // e2e4 again: not legal here.
    let mut seen = Vec::new();
    let r = review_game(&start, &moves, &opts(500), &mut |d, t| seen.push((d, t)));
    assert_eq!(r.moves.len(), 2);
    assert_eq!(seen, [(1, 3), (2, 3), (3, 3)]);
}

#[test]
fn the_engine_s_own_game_is_accurate_for_both() {
    // Ten plies chosen by the engine at the review's effort, from a position out of book.
    let start =
        Position::from_fen("r1bqk2r/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQK2R w KQkq - 0 7")
            .expect("legal");
    let engine = guoxiang_engine::Engine::new(8);
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for _ in 0..10 {
        let mut think = guoxiang_engine::Think::new(pos.clone());
        think.limits.nodes = Some(4_000);
        let m = engine.think(&think, &mut |_| {}).best.expect("a move");
        pos.play_unchecked(m);
        moves.push(m);
    }
    let r = review_game(&start, &moves, &opts(4_000), &mut |_, _| {});
    assert!(
        r.accuracy.white >= 85.0 && r.accuracy.black >= 85.0,
        "{:?}",
        r.accuracy
    );
    assert!(
        classes(&r).iter().all(|c| *c <= MoveClass::Good),
        "{:?}",
        classes(&r)
    );
}
