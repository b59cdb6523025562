//! Speed classes: each rated game counts for one of four ratings, chosen by the
//! game's clock as lichess does. The estimated duration of a game is the base time
//! plus 40 times the increment (a game of about 40 moves each); below 180 s it is
//! bullet, below 480 s blitz, below 1500 s rapid, otherwise classical. Games
//! without a clock (untimed, correspondence) have no speed class and are never
//! rated. lichess also splits off "ultrabullet" below 30 s; we keep it in bullet.

use std::fmt;

/// The number of moves the estimate assumes each player makes.
pub const ESTIMATED_MOVES: u64 = 40;

/// A clock for the speed estimate: base time and increment (Fischer bonus) per
/// move, in seconds. A clock with several periods passes the sum of its periods'
/// times as `base_secs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Clock {
    pub base_secs: u64,
    pub increment_secs: u64,
}

impl Clock {
    /// A clock of `base_secs` plus `increment_secs` a move.
    pub const fn new(base_secs: u64, increment_secs: u64) -> Clock {
        Clock {
            base_secs,
            increment_secs,
        }
    }

    /// The estimated duration of one player's game: base + 40 · increment, seconds.
    ///
    /// ```
    /// use guoxiang_rating::speed::Clock;
    /// assert_eq!(Clock::new(180, 2).estimated_secs(), 260);
    /// ```
    pub fn estimated_secs(self) -> u64 {
        self.base_secs
            .saturating_add(self.increment_secs.saturating_mul(ESTIMATED_MOVES))
    }
}

/// The speed classes a rating is kept for, fastest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Speed {
    Bullet,
    Blitz,
    Rapid,
    Classical,
}

impl Speed {
    /// Every speed class, fastest first.
    pub const ALL: [Speed; 4] = [Speed::Bullet, Speed::Blitz, Speed::Rapid, Speed::Classical];

    /// The speed class of a game with this clock; `None` (not rated) for a game
    /// without one, or with a clock that gives no time at all (0+0).
    ///
    /// ```
    /// use guoxiang_rating::speed::{Clock, Speed};
    /// assert_eq!(Speed::of(Some(Clock::new(60, 0))), Some(Speed::Bullet));
    /// assert_eq!(Speed::of(Some(Clock::new(180, 2))), Some(Speed::Blitz)); // 260 s
    /// assert_eq!(Speed::of(Some(Clock::new(900, 10))), Some(Speed::Rapid)); // 1300 s
    /// assert_eq!(Speed::of(None), None); // untimed: unrated
    /// ```
    pub fn of(clock: Option<Clock>) -> Option<Speed> {
        let secs = clock?.estimated_secs();
        match secs {
            0 => None,
            1..=179 => Some(Speed::Bullet),
            180..=479 => Some(Speed::Blitz),
            480..=1499 => Some(Speed::Rapid),
            _ => Some(Speed::Classical),
        }
    }

    /// A stable lower-case code for storage and URLs: "bullet", "blitz", …
    pub fn code(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
        }
    }

    /// The speed class with this code.
    pub fn from_code(code: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|s| s.code() == code)
    }
}

impl fmt::Display for Speed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn speed(base: u64, inc: u64) -> Option<Speed> {
        Speed::of(Some(Clock::new(base, inc)))
    }

    #[test]
    fn the_lobby_buttons_fall_in_the_classes_lichess_gives_them() {
        assert_eq!(speed(60, 0), Some(Speed::Bullet)); // 1+0
        assert_eq!(speed(180, 2), Some(Speed::Blitz)); // 3+2 = 260 s
        assert_eq!(speed(300, 0), Some(Speed::Blitz)); // 5+0
        assert_eq!(speed(600, 5), Some(Speed::Rapid)); // 10+5 = 800 s
        assert_eq!(speed(900, 10), Some(Speed::Rapid)); // 15+10 = 1300 s
        assert_eq!(speed(1800, 20), Some(Speed::Classical)); // 30+20 = 2600 s
    }

    #[test]
    fn the_boundaries_belong_to_the_slower_class() {
        assert_eq!(speed(179, 0), Some(Speed::Bullet));
        assert_eq!(speed(180, 0), Some(Speed::Blitz));
        assert_eq!(speed(479, 0), Some(Speed::Blitz));
        assert_eq!(speed(480, 0), Some(Speed::Rapid));
        assert_eq!(speed(1499, 0), Some(Speed::Rapid));
        assert_eq!(speed(1500, 0), Some(Speed::Classical));
    }

    #[test]
    fn the_increment_counts_forty_times() {
        // 2+1: 120 + 40 = 160 s, bullet; 2+2: 120 + 80 = 200 s, blitz.
        assert_eq!(speed(120, 1), Some(Speed::Bullet));
        assert_eq!(speed(120, 2), Some(Speed::Blitz));
        // 0+5 has no base time but 200 s of increments: blitz.
        assert_eq!(speed(0, 5), Some(Speed::Blitz));
    }

    #[test]
    fn games_without_a_clock_are_not_rated() {
        assert_eq!(Speed::of(None), None);
        assert_eq!(speed(0, 0), None);
    }

    #[test]
    fn huge_clocks_do_not_overflow() {
        assert_eq!(speed(u64::MAX, u64::MAX), Some(Speed::Classical));
    }

    #[test]
    fn codes_round_trip() {
        for s in Speed::ALL {
            assert_eq!(Speed::from_code(s.code()), Some(s));
        }
        assert_eq!(Speed::from_code("correspondence"), None);
    }
}
