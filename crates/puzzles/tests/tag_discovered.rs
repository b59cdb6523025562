//! Discovered attacks and checks, 抽将 and double check.

mod tag_support;

use guoxiang_puzzles::{Goal, Theme::*};
use tag_support::{assert_themes, themes};

#[test]
fn a_bishop_that_unmasks_a_rook_check_and_takes_a_rook_is_chou_jiang() {
    let t = themes(
        "r3k3/7p/8/8/4B3/8/8/4R1K1 b - - 0 1",
        "h7h6",
        &["e4a8", "e8d7"],
        Goal::Win,
    );
    assert_themes(
        &t,
        &[DiscoveredCheck, DiscoveredCheckWin, DiscoveredAttack],
        &[DoubleCheck],
    );
}

#[test]
fn a_discovered_check_that_wins_nothing_is_not_chou_jiang() {
    let t = themes(
        "r3k3/7p/8/8/4B3/8/8/4R1K1 b - - 0 1",
        "h7h6",
        &["e4d3", "e8d7"],
        Goal::Win,
    );
    assert_themes(&t, &[DiscoveredCheck], &[DiscoveredCheckWin, DoubleCheck]);
}

#[test]
fn a_knight_that_unmasks_a_rook_check_and_checks_too_gives_double_check() {
    let t = themes(
        "4k3/7p/8/8/4N3/8/8/4R1K1 b - - 0 1",
        "h7h6",
        &["e4f6"],
        Goal::Win,
    );
    assert_themes(&t, &[DoubleCheck, DiscoveredCheck], &[]);
}

#[test]
fn a_knight_that_only_unmasks_the_rook_gives_a_single_discovered_check() {
    let t = themes(
        "4k3/7p/8/8/4N3/8/8/4R1K1 b - - 0 1",
        "h7h6",
        &["e4c5"],
        Goal::Win,
    );
    assert_themes(&t, &[DiscoveredCheck], &[DoubleCheck]);
}

#[test]
fn a_knight_check_that_unmasks_the_rook_on_the_queen_is_a_discovered_attack() {
    let t = themes(
        "3q4/p5kp/8/8/3N4/8/8/3R2K1 b - - 0 1",
        "a7a6",
        &["d4f5", "g7g6", "d1d8"],
        Goal::Win,
    );
    assert_themes(&t, &[DiscoveredAttack], &[DiscoveredCheck, Fork]);
}

#[test]
fn a_rook_taking_on_an_open_file_is_no_discovered_attack() {
    let t = themes(
        "3q4/p5kp/8/8/8/8/8/3R2K1 b - - 0 1",
        "a7a6",
        &["d1d8"],
        Goal::Win,
    );
    assert_themes(&t, &[HangingPiece], &[DiscoveredAttack, DiscoveredCheck]);
}
