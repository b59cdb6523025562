//! Forks, hanging and trapped pieces, deflection, attraction, interference,
//! clearance, X-ray, the in-between move, sacrifices, defending a piece and
//! answering a mate threat.

mod tag_support;

use guoxiang_puzzles::{Goal, Theme::*};
use tag_support::{assert_themes, themes};

#[test]
fn a_knight_check_that_also_attacks_the_queen_is_a_fork() {
    let t = themes(
        "q3k3/7p/8/1N6/8/8/8/6K1 b - - 0 1",
        "h7h6",
        &["b5c7", "e8e7", "c7a8"],
        Goal::Win,
    );
    assert_themes(&t, &[Fork, Crushing, Short], &[Sacrifice, Pin]);
}

#[test]
fn a_knight_check_that_attacks_only_a_pawn_is_no_fork() {
    let t = themes(
        "4k3/7p/p7/1N6/8/8/8/6K1 b - - 0 1",
        "h7h6",
        &["b5c7", "e8e7", "c7a6"],
        Goal::Win,
    );
    assert_themes(&t, &[Advantage], &[Fork, Crushing]);
}

#[test]
fn taking_a_knight_that_nobody_protects_is_a_hanging_piece() {
    let t = themes(
        "6k1/5ppp/2n5/8/8/8/5PPP/4R1K1 b - - 0 1",
        "c6e5",
        &["e1e5"],
        Goal::Win,
    );
    assert_themes(&t, &[HangingPiece, OneMove], &[Sacrifice]);
}

#[test]
fn taking_a_knight_that_a_pawn_protects_is_no_hanging_piece() {
    let t = themes(
        "6k1/5ppp/2np4/8/8/8/5PPP/4R1K1 b - - 0 1",
        "c6e5",
        &["e1e5"],
        Goal::Win,
    );
    assert_themes(&t, &[], &[HangingPiece]);
}

#[test]
fn a_bishop_shut_in_on_a2_by_b3_and_then_taken_by_the_king_is_a_trapped_piece() {
    let t = themes(
        "4k3/8/8/3b4/8/8/PPP5/2K5 b - - 0 1",
        "d5a2",
        &["b2b3", "e8e7", "c1b2", "e7e6", "b2a2"],
        Goal::Win,
    );
    assert_themes(&t, &[TrappedPiece, Long], &[HangingPiece]);
}

#[test]
fn a_bishop_with_a_free_diagonal_back_is_not_trapped() {
    let t = themes(
        "4k3/8/8/3b4/8/8/PPP5/2K5 b - - 0 1",
        "d5a2",
        &["b2b4", "e8e7", "c1b2", "e7e6", "b2a2"],
        Goal::Win,
    );
    assert_themes(&t, &[], &[TrappedPiece]);
}

#[test]
fn a_rook_check_that_drags_the_rook_guarding_the_bishop_away_is_a_deflection() {
    let t = themes(
        "3r2k1/4bppp/8/8/8/Q7/5PPP/4R1K1 b - - 0 1",
        "e7d6",
        &["e1e8", "d8e8", "a3d6"],
        Goal::Win,
    );
    assert_themes(&t, &[Deflection, Sacrifice], &[Attraction, Interference]);
}

#[test]
fn taking_the_bishop_at_once_is_no_deflection() {
    let t = themes(
        "3r2k1/4bppp/8/8/8/Q7/5PPP/4R1K1 b - - 0 1",
        "e7d6",
        &["a3d6"],
        Goal::Win,
    );
    assert_themes(&t, &[], &[Deflection, Sacrifice]);
}

#[test]
fn a_rook_given_on_h8_to_draw_the_king_into_a_queen_check_is_an_attraction() {
    let t = themes(
        "6k1/p4pp1/8/8/8/8/8/2KQ3R b - - 0 1",
        "a7a6",
        &["h1h8", "g8h8", "d1h5"],
        Goal::Win,
    );
    assert_themes(&t, &[Attraction, Sacrifice], &[Deflection]);
}

#[test]
fn a_rook_traded_for_a_rook_is_no_attraction() {
    let t = themes(
        "6kr/p4pp1/8/8/8/8/8/2KQ3R b - - 0 1",
        "a7a6",
        &["h1h8", "g8h8", "d1h5"],
        Goal::Win,
    );
    assert_themes(&t, &[], &[Attraction, Sacrifice]);
}

#[test]
fn a_knight_landing_between_the_rook_and_the_mating_square_is_an_interference() {
    let t = themes(
        "1r4k1/p4ppp/2N5/8/8/8/4QPPP/6K1 b - - 0 1",
        "a7a6",
        &["c6d8", "a6a5", "e2e8"],
        Goal::Mate(2),
    );
    assert_themes(&t, &[Interference, MateIn2, BackRankMate], &[Clearance]);
}

#[test]
fn without_a_guard_to_cut_the_same_knight_move_is_no_interference() {
    let t = themes(
        "6k1/p4ppp/2N5/8/8/8/4QPPP/6K1 b - - 0 1",
        "a7a6",
        &["c6d8", "a6a5", "e2e8"],
        Goal::Mate(2),
    );
    assert_themes(&t, &[MateIn2], &[Interference]);
}

#[test]
fn a_knight_leaving_the_e_file_for_the_rook_to_check_is_a_clearance() {
    let t = themes(
        "6k1/p4ppp/8/4N3/8/8/8/4R1K1 b - - 0 1",
        "a7a6",
        &["e5f7", "g8f7", "e1e7"],
        Goal::Win,
    );
    assert_themes(&t, &[Clearance], &[Interference]);
}

#[test]
fn the_same_piece_moving_twice_is_no_clearance() {
    let t = themes(
        "6k1/p4ppp/8/4N3/8/8/8/4R1K1 b - - 0 1",
        "a7a6",
        &["e5f7", "g8f7", "e1e7", "f7e7"],
        Goal::Win,
    );
    assert_themes(&t, &[Clearance], &[]);
    let t = themes(
        "6k1/p4ppp/8/4N3/8/8/8/4R1K1 b - - 0 1",
        "a7a6",
        &["e5d7", "a6a5", "d7f6"],
        Goal::Win,
    );
    assert_themes(&t, &[], &[Clearance]);
}

#[test]
fn a_rook_retaking_through_the_square_the_enemy_rook_left_is_an_x_ray() {
    let t = themes(
        "1R1n4/p5pk/3r4/8/8/8/8/3R3K b - - 0 1",
        "a7a6",
        &["b8d8", "d6d8", "d1d8"],
        Goal::Win,
    );
    assert_themes(&t, &[XRayAttack], &[]);
}

#[test]
fn a_capture_retaken_with_no_piece_behind_is_no_x_ray() {
    let t = themes(
        "1R1n4/p5pk/3r4/8/8/8/8/3R3K b - - 0 1",
        "a7a6",
        &["b8d8", "d6d8"],
        Goal::Win,
    );
    assert_themes(&t, &[], &[XRayAttack]);
}

#[test]
fn checking_before_taking_back_the_knight_is_an_intermezzo() {
    let t = themes(
        "4k3/7p/8/8/1b6/2N5/1P6/3Q2K1 b - - 0 1",
        "b4c3",
        &["d1a4", "e8f8", "b2c3"],
        Goal::Win,
    );
    assert_themes(&t, &[Intermezzo], &[]);
}

#[test]
fn taking_back_at_once_is_no_intermezzo() {
    let t = themes(
        "4k3/7p/8/8/1b6/2N5/1P6/3Q2K1 b - - 0 1",
        "b4c3",
        &["b2c3"],
        Goal::Win,
    );
    assert_themes(&t, &[], &[Intermezzo]);
}

#[test]
fn moving_the_attacked_knight_to_a_safe_square_defends_the_piece() {
    let t = themes(
        "4k3/8/8/4p3/8/5N2/8/6K1 b - - 0 1",
        "e5e4",
        &["f3d4"],
        Goal::Win,
    );
    assert_themes(&t, &[DefendPiece], &[]);
}

#[test]
fn leaving_the_attacked_knight_where_it_stands_does_not_defend_it() {
    let t = themes(
        "4k3/8/8/4p3/8/5N2/8/6K1 b - - 0 1",
        "e5e4",
        &["g1h1"],
        Goal::Win,
    );
    assert_themes(&t, &[], &[DefendPiece]);
}

#[test]
fn making_luft_against_a_back_rank_mate_threat_answers_the_threat() {
    let t = themes(
        "r5k1/5ppp/8/8/8/N7/5PPP/6K1 b - - 0 1",
        "a8e8",
        &["h2h3"],
        Goal::Draw,
    );
    assert_themes(&t, &[AnswerMateThreat], &[]);
}

#[test]
fn a_move_that_leaves_the_back_rank_mate_on_does_not_answer_the_threat() {
    let t = themes(
        "r5k1/5ppp/8/8/8/N7/5PPP/6K1 b - - 0 1",
        "a8e8",
        &["a3b5"],
        Goal::Draw,
    );
    assert_themes(&t, &[], &[AnswerMateThreat]);
}

#[test]
fn pinning_the_attacker_of_a_knight_defends_the_knight() {
    // The bishop attacks the knight that shields the king; pinned to its own king
    // by the rook, it can no longer take.
    let t = themes(
        "8/8/7k/b7/3N4/8/8/R5K1 b - - 0 1",
        "a5b6",
        &["a1a6"],
        Goal::Win,
    );
    assert_themes(&t, &[DefendPiece, CounterPin], &[]);
}

#[test]
fn moving_the_attacked_knight_away_with_check_is_a_check_not_a_defence() {
    // The pawn on c6 attacks the knight; the knight leaves with a forking check.
    let t = themes(
        "q3k3/7p/2p5/1N6/8/8/8/6K1 b - - 0 1",
        "h7h6",
        &["b5c7", "e8e7", "c7a8"],
        Goal::Win,
    );
    assert_themes(&t, &[Fork], &[DefendPiece]);
}
