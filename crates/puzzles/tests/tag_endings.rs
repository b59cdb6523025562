//! Promotion, perpetual check, the stalemate trick, endgames, phases, lengths and
//! the size of the gain.

mod tag_support;

use guoxiang_puzzles::{Goal, Theme::*};
use tag_support::{assert_themes, themes};

const PAWN_RACE: &str = "8/p3P1k1/8/8/8/8/8/4K3 b - - 0 1";

#[test]
fn a_pawn_reaching_the_last_rank_and_becoming_a_queen_is_a_promotion() {
    let t = themes(PAWN_RACE, "a7a6", &["e7e8q"], Goal::Win);
    assert_themes(
        &t,
        &[Promotion, PawnEndgame, Endgame, Crushing],
        &[UnderPromotion],
    );
}

#[test]
fn becoming_a_knight_instead_of_a_queen_is_an_under_promotion() {
    let t = themes(PAWN_RACE, "a7a6", &["e7e8n"], Goal::Win);
    assert_themes(&t, &[Promotion, UnderPromotion], &[]);
}

/// Black is a queen up; White's queen checks from h5 and e8 for ever.
const PERPETUAL: &str = "6k1/6p1/8/7Q/8/1q6/8/7K b - - 0 1";
const CYCLE: [&str; 6] = ["h5e8", "g8h7", "e8h5", "h7g8", "h5e8", "g8h7"];

#[test]
fn checking_until_the_position_repeats_in_a_lost_game_is_a_perpetual_check() {
    let t = themes(PERPETUAL, "b3a2", &CYCLE, Goal::Draw);
    assert_themes(
        &t,
        &[PerpetualCheck, Equality, QueenEndgame, Long],
        &[StalemateTrick, Advantage],
    );
}

#[test]
fn checks_that_have_not_yet_repeated_are_no_perpetual_check() {
    let t = themes(PERPETUAL, "b3a2", &CYCLE[..2], Goal::Draw);
    assert_themes(&t, &[OneMove], &[PerpetualCheck]);
}

#[test]
fn the_same_checks_in_a_winning_puzzle_are_no_perpetual_check() {
    let t = themes(PERPETUAL, "b3a2", &CYCLE, Goal::Win);
    assert_themes(&t, &[], &[PerpetualCheck, Equality]);
}

#[test]
fn giving_the_last_rook_so_that_no_move_is_left_is_a_stalemate_trick() {
    let t = themes(
        "8/8/8/k7/6R1/7p/3q3P/7K b - - 0 1",
        "d2f2",
        &["g4a4", "a5a4"],
        Goal::Draw,
    );
    assert_themes(
        &t,
        &[StalemateTrick, Equality, Sacrifice, OneMove],
        &[PerpetualCheck],
    );
}

#[test]
fn the_length_counts_the_solvers_moves() {
    let cases: [(usize, guoxiang_puzzles::Theme); 4] =
        [(1, OneMove), (3, Short), (5, Long), (7, VeryLong)];
    let long = ["h5e8", "g8h7", "e8h5", "h7g8", "h5e8", "g8h7", "e8h5"];
    for (n, want) in cases {
        let t = themes(PERPETUAL, "b3a2", &long[..n], Goal::Draw);
        let lengths: Vec<_> = t
            .iter()
            .filter(|x| matches!(x, OneMove | Short | Long | VeryLong))
            .collect();
        assert_eq!(lengths, vec![&want], "{n} moves");
    }
}

#[test]
fn a_position_full_of_pieces_after_move_ten_is_the_middlegame() {
    let t = themes(
        "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 23",
        "g8f6",
        &["h5f7"],
        Goal::Mate(1),
    );
    assert_themes(&t, &[Middlegame], &[Opening, Endgame, Advantage, Crushing]);
}

#[test]
fn winning_a_pawn_is_an_advantage_and_winning_a_rook_is_crushing() {
    let t = themes(
        "4k3/p6p/8/8/8/8/8/R5K1 b - - 0 1",
        "h7h6",
        &["a1a7"],
        Goal::Win,
    );
    assert_themes(&t, &[Advantage, RookEndgame], &[Crushing]);
    let t = themes(
        "r3k3/7p/8/8/4B3/8/8/4R1K1 b - - 0 1",
        "h7h6",
        &["e4a8"],
        Goal::Win,
    );
    assert_themes(&t, &[Crushing], &[Advantage]);
}
