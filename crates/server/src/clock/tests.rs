//! The clock's arithmetic, case by case: first moves, each kind of bonus,
//! multi-period controls, untimed games, presets, berserk.

use super::*;
use Color::{Black, White};

/// Plays the two untimed first moves at t = 0.
fn opened(control: TimeControl) -> Clock {
    let mut c = Clock::new(control);
    c.start(White, 0);
    c.press(White, 0, 0);
    c.start(Black, 0);
    c.press(Black, 0, 0);
    c
}

#[test]
fn first_moves_do_not_run_the_clock() {
    let mut c = Clock::new(TimeControl::fischer(60_000, 2_000));
    c.start(White, 0);
    assert_eq!(c.running(), None);
    assert_eq!(
        c.press(White, 50_000, 0),
        Press::InTime {
            remaining_ms: 60_000
        }
    );
    c.start(Black, 50_000);
    assert_eq!(c.running(), None);
    c.press(Black, 90_000, 0);
    c.start(White, 90_000);
    assert_eq!(c.running(), Some(White));
    assert_eq!(c.remaining(White, 100_000), 50_000);
}

#[test]
fn fischer_increment() {
    // 5+3: White thinks 10 s: 300 - 10 + 3 = 293 s.
    let mut c = opened(TimeControl::fischer(300_000, 3_000));
    c.start(White, 1_000);
    assert_eq!(c.remaining(White, 6_000), 295_000);
    assert_eq!(
        c.press(White, 11_000, 0),
        Press::InTime {
            remaining_ms: 293_000
        }
    );
    // Black thinks 1.5 s with 0.5 s of lag credit: 300 - 1 + 3 = 302 s.
    c.start(Black, 11_000);
    assert_eq!(
        c.press(Black, 12_500, 500),
        Press::InTime {
            remaining_ms: 302_000
        }
    );
    // White's flag falls exactly at 293 s of thinking.
    c.start(White, 20_000);
    assert_eq!(c.flag_time(), Some((White, 313_000)));
    assert_eq!(c.flagged(312_999), None);
    assert_eq!(c.flagged(313_000), Some(White));
    assert_eq!(c.press(White, 313_000, 0), Press::Flagged);
}

#[test]
fn simple_delay() {
    // 1 minute with a 5 s delay.
    let tc = TimeControl {
        periods: vec![Period {
            moves: None,
            time_ms: 60_000,
            bonus_ms: 5_000,
        }],
        bonus: Bonus::Delay,
    };
    let mut c = opened(tc);
    // 4 s: within the delay, nothing charged.
    c.start(White, 0);
    assert_eq!(c.remaining(White, 4_000), 60_000);
    assert_eq!(
        c.press(White, 4_000, 0),
        Press::InTime {
            remaining_ms: 60_000
        }
    );
    // 12 s: 7 s charged.
    c.start(Black, 4_000);
    assert_eq!(c.remaining(Black, 16_000), 53_000);
    assert_eq!(
        c.press(Black, 16_000, 0),
        Press::InTime {
            remaining_ms: 53_000
        }
    );
    // White's flag falls after delay + base = 65 s.
    c.start(White, 16_000);
    assert_eq!(c.flag_time(), Some((White, 81_000)));
    assert_eq!(c.flagged(80_999), None);
    assert_eq!(c.press(White, 81_000, 0), Press::Flagged);
}

#[test]
fn bronstein_delay() {
    // 1 minute, Bronstein 5 s.
    let tc = TimeControl {
        periods: vec![Period {
            moves: None,
            time_ms: 60_000,
            bonus_ms: 5_000,
        }],
        bonus: Bonus::Bronstein,
    };
    let mut c = opened(tc);
    // 3 s used: all given back.
    c.start(White, 0);
    assert_eq!(c.remaining(White, 3_000), 57_000);
    assert_eq!(
        c.press(White, 3_000, 0),
        Press::InTime {
            remaining_ms: 60_000
        }
    );
    // 12 s used: 5 s given back, 53 s.
    c.start(Black, 3_000);
    assert_eq!(
        c.press(Black, 15_000, 0),
        Press::InTime {
            remaining_ms: 53_000
        }
    );
    // The flag falls at the base time (the bonus comes only after a move).
    c.start(White, 15_000);
    assert_eq!(c.flag_time(), Some((White, 75_000)));
    assert_eq!(c.press(White, 75_000, 0), Press::Flagged);
}

#[test]
fn multi_period() {
    // 2 moves in 10 s, then 5 s + 1 s a move for the rest of the game.
    let tc = TimeControl {
        periods: vec![
            Period {
                moves: Some(2),
                time_ms: 10_000,
                bonus_ms: 0,
            },
            Period {
                moves: None,
                time_ms: 5_000,
                bonus_ms: 1_000,
            },
        ],
        bonus: Bonus::Increment,
    };
    let mut c = opened(tc); // each side has made 1 move (untimed)
                            // White's 2nd move takes 4 s: 6 s left, and the period ends: + 5 s = 11 s.
    c.start(White, 0);
    assert_eq!(
        c.press(White, 4_000, 0),
        Press::InTime {
            remaining_ms: 11_000
        }
    );
    // Black's 2nd move takes 9 s: 1 s + 5 s = 6 s.
    c.start(Black, 4_000);
    assert_eq!(
        c.press(Black, 13_000, 0),
        Press::InTime {
            remaining_ms: 6_000
        }
    );
    // White's 3rd move (second period) takes 2 s: 11 - 2 + 1 = 10 s.
    c.start(White, 13_000);
    assert_eq!(
        c.press(White, 15_000, 0),
        Press::InTime {
            remaining_ms: 10_000
        }
    );
    assert_eq!(c.moves_made(White), 3);
}

#[test]
fn repeating_last_period_with_a_move_count() {
    // 1 move in 10 s, repeated.
    let tc = TimeControl {
        periods: vec![Period {
            moves: Some(1),
            time_ms: 10_000,
            bonus_ms: 0,
        }],
        bonus: Bonus::Increment,
    };
    let mut c = opened(tc); // the first moves each add 10 s
    assert_eq!(c.remaining(White, 0), 20_000);
    c.start(White, 0);
    assert_eq!(
        c.press(White, 3_000, 0),
        Press::InTime {
            remaining_ms: 27_000
        }
    );
}

#[test]
fn untimed_never_runs() {
    let mut c = opened(TimeControl::untimed());
    c.start(White, 0);
    assert_eq!(c.running(), None);
    assert_eq!(c.flag_time(), None);
    assert_eq!(
        c.press(White, 1_000_000, 0),
        Press::InTime { remaining_ms: 0 }
    );
}

#[test]
fn presets_and_validation() {
    assert_eq!(
        TimeControl::preset("3+2"),
        Ok(TimeControl::fischer(180_000, 2_000))
    );
    assert!(TimeControl::preset("4+4").is_err());
    let bad = TimeControl {
        periods: vec![
            Period {
                moves: None,
                time_ms: 1,
                bonus_ms: 0,
            },
            Period {
                moves: Some(3),
                time_ms: 1,
                bonus_ms: 0,
            },
        ],
        bonus: Bonus::Increment,
    };
    assert_eq!(bad.validate(), Err(TimeControlError::OpenPeriodNotLast));
    assert!(TimeControl::preset("30+20").is_ok_and(|t| t.validate().is_ok()));
}

#[test]
fn berserk_halves_the_time_and_removes_the_increment_of_one_side() {
    // 3+2: Black berserks before the first moves: 90 s and no increment.
    let mut c = Clock::new(TimeControl::fischer(180_000, 2_000));
    c.berserk(Black);
    assert_eq!(c.berserked(), [false, true]);
    assert_eq!(
        (c.remaining(White, 0), c.remaining(Black, 0)),
        (180_000, 90_000)
    );
    c.start(White, 0);
    c.press(White, 0, 0);
    c.start(Black, 0);
    c.press(Black, 0, 0);
    // White thinks 10 s: 170 + 2. Black thinks 10 s: 80, no increment.
    c.start(White, 0);
    c.press(White, 10_000, 0);
    c.start(Black, 10_000);
    assert_eq!(
        c.press(Black, 20_000, 0),
        Press::InTime {
            remaining_ms: 80_000
        }
    );
    assert_eq!(c.remaining(White, 20_000), 172_000);
    // A simple delay is a bonus too: none for the berserker.
    let mut d = Clock::new(TimeControl {
        periods: vec![Period {
            moves: None,
            time_ms: 60_000,
            bonus_ms: 5_000,
        }],
        bonus: Bonus::Delay,
    });
    d.berserk(White);
    d.set(d.stored(), [1, 1]);
    d.start(White, 0);
    assert_eq!(d.flag_time(), Some((White, 30_000)));
}
