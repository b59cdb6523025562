//! Pins (absolute, relative), the counter-pin and the skewer.

mod tag_support;

use guoxiang_puzzles::{Goal, Theme::*};
use tag_support::{assert_themes, themes};

#[test]
fn a_bishop_pinning_a_knight_to_the_king_and_winning_it_is_a_pin() {
    let t = themes(
        "4k3/p6p/2n5/8/8/8/8/5BK1 b - - 0 1",
        "h7h6",
        &["f1b5", "a7a6", "b5c6"],
        Goal::Win,
    );
    assert_themes(&t, &[Pin], &[RelativePin, Skewer]);
}

#[test]
fn a_knight_with_no_king_behind_it_is_not_pinned() {
    let t = themes(
        "6k1/p6p/2n5/8/8/8/8/5BK1 b - - 0 1",
        "h7h6",
        &["f1b5", "a7a6", "b5c6"],
        Goal::Win,
    );
    assert_themes(&t, &[], &[Pin, RelativePin]);
}

#[test]
fn a_knight_that_cannot_move_without_losing_the_queen_behind_it_is_relatively_pinned() {
    let t = themes(
        "4q1k1/p6p/2n5/8/8/8/8/5BK1 b - - 0 1",
        "h7h6",
        &["f1b5", "a7a6", "b5c6"],
        Goal::Win,
    );
    assert_themes(&t, &[RelativePin], &[Pin, Skewer]);
}

#[test]
fn a_queen_in_front_of_a_knight_is_not_pinned_but_may_be_skewered() {
    let t = themes(
        "4n1k1/p6p/2q5/8/8/8/8/5BK1 b - - 0 1",
        "h7h6",
        &["f1b5", "c6c7", "b5e8"],
        Goal::Win,
    );
    assert_themes(&t, &[Skewer], &[RelativePin, Pin]);
}

#[test]
fn a_check_through_the_king_that_then_takes_the_queen_behind_is_a_skewer() {
    let t = themes(
        "8/2k3q1/8/7p/8/8/R7/4K3 b - - 0 1",
        "h5h4",
        &["a2a7", "c7d6", "a7g7"],
        Goal::Win,
    );
    assert_themes(&t, &[Skewer, Crushing], &[Pin, RelativePin, Fork]);
}

#[test]
fn pinning_back_when_your_own_knight_is_pinned_is_a_counter_pin() {
    let t = themes(
        "4kb2/8/2n5/8/8/2N5/8/4KB2 b - - 0 1",
        "f8b4",
        &["f1b5"],
        Goal::Win,
    );
    assert_themes(&t, &[CounterPin], &[]);
}

#[test]
fn a_pin_made_when_nothing_of_yours_is_pinned_is_no_counter_pin() {
    let t = themes(
        "4kb2/8/2n5/8/8/2N5/8/4KB2 b - - 0 1",
        "f8e7",
        &["f1b5"],
        Goal::Win,
    );
    assert_themes(&t, &[], &[CounterPin]);
}

#[test]
fn a_pinned_queen_that_takes_the_pinning_rook_and_is_taken_back_is_won_by_the_pin() {
    let t = themes(
        "4k3/p7/4q3/8/8/8/3K2P1/R7 b - - 0 1",
        "e6e5",
        &["a1e1", "e5e1", "d2e1"],
        Goal::Win,
    );
    assert_themes(&t, &[Pin, Crushing], &[Skewer]);
}

#[test]
fn attacking_a_knight_pinned_to_its_queen_wins_by_the_relative_pin() {
    let t = themes(
        "3qk3/p7/5n2/6B1/4P3/8/8/4K3 b - - 0 1",
        "a7a6",
        &["e4e5", "f6d5", "g5d8"],
        Goal::Win,
    );
    assert_themes(&t, &[RelativePin], &[Pin]);
}
