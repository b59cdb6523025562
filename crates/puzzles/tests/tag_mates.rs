//! The mate themes: mate in N, the mating patterns and the piece-pair mates.

mod tag_support;

use guoxiang_puzzles::{Goal, Theme::*};
use tag_support::{assert_themes, themes};

#[test]
fn a_rook_mating_a_king_walled_in_by_its_pawns_on_its_first_rank_is_a_back_rank_mate() {
    let t = themes(
        "r5k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 30",
        "a8a2",
        &["d1d8"],
        Goal::Mate(1),
    );
    assert_themes(
        &t,
        &[Mate, MateIn1, BackRankMate, OneMove],
        &[MateIn2, MateTwoRooks, SmotheredMate],
    );
}

#[test]
fn a_rook_mate_on_the_last_rank_without_the_pawn_wall_is_no_back_rank_mate() {
    let t = themes(
        "7k/R7/8/2p5/8/8/8/1R2K3 b - - 0 1",
        "c5c4",
        &["b1b8"],
        Goal::Mate(1),
    );
    assert_themes(&t, &[MateIn1], &[BackRankMate]);
}

#[test]
fn a_knight_mating_a_king_surrounded_by_its_own_pieces_is_a_smothered_mate() {
    let t = themes(
        "6rk/p5pp/8/6N1/8/8/8/6K1 b - - 0 1",
        "a7a6",
        &["g5f7"],
        Goal::Mate(1),
    );
    assert_themes(&t, &[MateIn1, SmotheredMate], &[BackRankMate, ArabianMate]);
}

#[test]
fn a_rook_on_the_edge_file_with_a_knight_guarding_the_next_file_is_anastasias_mate() {
    let t = themes(
        "8/p3N1pk/8/8/8/8/1K6/3R4 b - - 0 1",
        "a7a6",
        &["d1h1"],
        Goal::Mate(1),
    );
    assert_themes(&t, &[MateIn1, AnastasiaMate], &[ArabianMate, BackRankMate]);
}

#[test]
fn a_rook_next_to_the_cornered_king_guarded_by_a_knight_is_the_arabian_mate() {
    let t = themes(
        "7k/1R6/5N2/p7/8/8/8/6K1 b - - 0 1",
        "a5a4",
        &["b7h7"],
        Goal::Mate(1),
    );
    assert_themes(&t, &[MateIn1, ArabianMate], &[HookMate, AnastasiaMate]);
}

#[test]
fn a_rook_guarded_by_a_knight_guarded_by_a_pawn_is_the_hook_mate() {
    let t = themes(
        "3nkn2/R7/8/3N3p/2P5/8/8/6K1 b - - 0 1",
        "h5h4",
        &["a7e7"],
        Goal::Mate(1),
    );
    assert_themes(&t, &[MateIn1, HookMate], &[ArabianMate]);
}

#[test]
fn a_queen_diagonally_next_to_the_king_whose_tail_squares_are_blocked_is_the_dovetail_mate() {
    let t = themes(
        "5r2/5kp1/7p/3P4/8/8/8/K3Q3 b - - 0 1",
        "h6h5",
        &["e1e6"],
        Goal::Mate(1),
    );
    assert_themes(&t, &[MateIn1, DovetailMate], &[BackRankMate]);
}

#[test]
fn two_bishops_on_crossing_diagonals_is_bodens_mate() {
    let t = themes(
        "2kr4/3n3p/8/8/5B2/8/4B3/6K1 b - - 0 1",
        "h7h6",
        &["e2a6"],
        Goal::Mate(1),
    );
    assert_themes(&t, &[MateIn1, BodenMate], &[DoubleBishopMate]);
}

#[test]
fn two_bishops_on_neighbouring_parallel_diagonals_is_the_double_bishop_mate() {
    let t = themes(
        "7k/p6p/8/8/2B5/8/8/2B3K1 b - - 0 1",
        "a7a6",
        &["c1b2"],
        Goal::Mate(1),
    );
    assert_themes(&t, &[MateIn1, DoubleBishopMate], &[BodenMate]);
}

#[test]
fn two_rooks_alone_giving_mate_is_a_two_rooks_mate() {
    let t = themes(
        "7k/R7/8/2p5/8/8/8/1R2K3 b - - 0 1",
        "c5c4",
        &["b1b8"],
        Goal::Mate(1),
    );
    assert_themes(&t, &[MateTwoRooks, RookEndgame, Endgame], &[MateQueenRook]);
}

#[test]
fn the_rook_ladder_in_two_moves_is_a_mate_in_two_with_two_rooks() {
    let t = themes(
        "8/7k/R7/3p4/8/8/8/1R2K3 b - - 0 1",
        "d5d4",
        &["b1b7", "h7g8", "a6a8"],
        Goal::Mate(2),
    );
    assert_themes(
        &t,
        &[Mate, MateIn2, MateTwoRooks, Short],
        &[MateIn1, OneMove],
    );
}

#[test]
fn a_queen_mate_with_a_rook_guarding_the_flight_squares_is_a_queen_and_rook_mate() {
    let t = themes(
        "7k/8/8/p7/8/3Q4/8/K5R1 b - - 0 1",
        "a5a4",
        &["d3h3"],
        Goal::Mate(1),
    );
    assert_themes(&t, &[MateQueenRook], &[MateTwoRooks, MateQueenBishop]);
}

#[test]
fn a_queen_mate_guarded_by_a_bishop_is_a_queen_and_bishop_mate() {
    let t = themes(
        "6k1/5p1p/8/p7/8/2Q5/1B6/K7 b - - 0 1",
        "a5a4",
        &["c3g7"],
        Goal::Mate(1),
    );
    assert_themes(&t, &[MateQueenBishop], &[MateQueenKnight, MateQueenRook]);
}

#[test]
fn a_queen_mate_guarded_by_a_knight_is_a_queen_and_knight_mate() {
    let t = themes(
        "6k1/5p1p/8/p4N2/8/2Q5/8/K7 b - - 0 1",
        "a5a4",
        &["c3g7"],
        Goal::Mate(1),
    );
    assert_themes(&t, &[MateQueenKnight], &[MateQueenBishop]);
}

#[test]
fn scholars_mate_is_a_queen_and_bishop_mate_in_the_opening() {
    let t = themes(
        "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3",
        "g8f6",
        &["h5f7"],
        Goal::Mate(1),
    );
    assert_themes(
        &t,
        &[MateIn1, MateQueenBishop, Opening],
        &[Middlegame, Endgame],
    );
}

#[test]
fn a_single_rook_mate_is_no_piece_pair_mate() {
    let t = themes(
        "r5k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 30",
        "a8a2",
        &["d1d8"],
        Goal::Mate(1),
    );
    assert_themes(
        &t,
        &[],
        &[
            MateQueenRook,
            MateQueenBishop,
            MateQueenKnight,
            MateTwoRooks,
        ],
    );
}

#[test]
fn a_line_that_does_not_end_in_mate_has_no_mate_theme() {
    let t = themes(
        "7k/R7/8/2p5/8/8/8/1R2K3 b - - 0 1",
        "c5c4",
        &["b1b6"],
        Goal::Win,
    );
    assert_themes(&t, &[], &[Mate, MateIn1, MateTwoRooks]);
}
