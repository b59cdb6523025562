//! Tactical positions the engine must solve at a fixed depth: mates in 1, 2 and 3
//! and wins of material. Positions are constructed here or are classic patterns.

use guoxiang_core::Position;
use guoxiang_engine::features::Features;
use guoxiang_engine::search::Score;
use guoxiang_engine::{Engine, Think};

fn best(fen: &str, depth: i32) -> (String, Score) {
    best_with(fen, depth, Features::ALL)
}

fn best_with(fen: &str, depth: i32, features: Features) -> (String, Score) {
    let engine = Engine::new(8);
    let mut think = Think::new(Position::from_fen(fen).expect("test FEN is valid"));
    think.limits.depth = Some(depth);
    think.limits.features = features;
    let d = engine.think(&think, &mut |_| {});
    (d.best.expect("a move").to_uci(), d.uci_score())
}

#[test]
fn finds_the_back_rank_mate_in_one() {
    assert_eq!(
        best("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3),
        ("a1a8".into(), Score::Mate(1))
    );
}

#[test]
fn finds_the_smothered_mate_in_two() {
    // 1.Qg8+ Rxg8 2.Nf7#
    assert_eq!(
        best("r6k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1", 6),
        ("b3g8".into(), Score::Mate(2))
    );
}

#[test]
fn finds_a_mate_in_three_with_two_rooks() {
    // The rook roller: the king on the edge is mated by the two rooks.
    let (_, score) = best("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", 8);
    assert!(matches!(score, Score::Mate(n) if n <= 3), "{score:?}");
}

#[test]
fn takes_a_hanging_queen() {
    assert_eq!(best("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 4).0, "d2d5");
}

#[test]
fn forks_king_and_rook_with_a_knight() {
    // Nc7+ forks the king on e8 and the rook on a8.
    assert_eq!(best("r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1", 6).0, "b5c7");
}

#[test]
fn does_not_take_a_poisoned_pawn() {
    // Rxd5 would lose the rook to exd5.
    let (m, _) = best("4k3/8/4p3/3p4/8/8/3R4/4K3 w - - 0 1", 6);
    assert_ne!(m, "d2d5");
}

#[test]
fn finds_the_smothered_mate_in_two_for_black_too() {
    // 1...Qg1+ 2.Rxg1 Nf2#
    assert_eq!(
        best("6k1/8/1q6/8/8/7n/6PP/R6K b - - 0 1", 6),
        ("b6g1".into(), Score::Mate(2))
    );
}

#[test]
fn the_side_being_mated_sees_a_negative_mate_score() {
    // After 1.Qg8+ Black's only move is Rxg8, and then Nf7# follows.
    let (m, score) = best("r5Qk/6pp/7N/8/8/8/8/6K1 b - - 1 1", 6);
    assert_eq!((m.as_str(), score), ("a8g8", Score::Mate(-1)));
}

#[test]
fn the_mates_are_found_with_any_one_feature_off_and_with_all_off() {
    let mut sets: Vec<(String, Features)> = Features::NAMES
        .iter()
        .map(|n| (n.to_string(), Features::disabling(n).unwrap()))
        .collect();
    let all = Features::NAMES.join(",");
    sets.push((all.clone(), Features::disabling(&all).unwrap()));
    for (off, f) in sets {
        assert_eq!(
            best_with("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3, f),
            ("a1a8".into(), Score::Mate(1)),
            "{off}"
        );
        assert_eq!(
            best_with("r6k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1", 6, f),
            ("b3g8".into(), Score::Mate(2)),
            "{off}"
        );
        assert_eq!(
            best_with("6k1/8/1q6/8/8/7n/6PP/R6K b - - 0 1", 6, f),
            ("b6g1".into(), Score::Mate(2)),
            "{off}"
        );
        assert_eq!(
            best_with("r5Qk/6pp/7N/8/8/8/8/6K1 b - - 1 1", 6, f),
            ("a8g8".into(), Score::Mate(-1)),
            "{off}"
        );
        let (_, score) = best_with("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", 8, f);
        assert!(
            matches!(score, Score::Mate(n) if n <= 3),
            "{off}: {score:?}"
        );
    }
}
