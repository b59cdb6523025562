//! The lobby's typed values: a seek's clock ([`LobbyClock`], `"M+S"` on the wire),
//! the six quick-pairing buttons, the speed class and what it is rated by, and
//! every refusal of the lobby ([`LobbyError`], turned into an [`ApiError`] with its
//! code at the edge).

use crate::clock::TimeControl;
use crate::http::error::ApiError;
use axum::http::StatusCode;
use guoxiang_rating::speed::{Clock, Speed};
use std::fmt;

/// The quick-pairing buttons.
pub const POOL_CLOCKS: [&str; 6] = ["1+0", "3+2", "5+0", "10+5", "15+10", "30+20"];

/// A seek's clock: whole minutes (1–180) and seconds of Fischer increment (0–180).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LobbyClock {
    pub minutes: u32,
    pub increment: u32,
}

impl LobbyClock {
    /// Reads `"M+S"`.
    pub fn parse(text: &str) -> Result<LobbyClock, LobbyError> {
        let bad = || LobbyError::BadClock(text.chars().take(20).collect());
        let (m, s) = text.trim().split_once('+').ok_or_else(bad)?;
        let minutes: u32 = m.trim().parse().map_err(|_| bad())?;
        let increment: u32 = s.trim().parse().map_err(|_| bad())?;
        if !(1..=180).contains(&minutes) || increment > 180 {
            return Err(bad());
        }
        Ok(LobbyClock { minutes, increment })
    }

    /// One of the six quick-pairing buttons.
    pub fn pool(text: &str) -> Result<LobbyClock, LobbyError> {
        if !POOL_CLOCKS.contains(&text) {
            return Err(LobbyError::NotAPoolClock(text.chars().take(20).collect()));
        }
        LobbyClock::parse(text)
    }

    /// The game's time control.
    pub fn control(self) -> TimeControl {
        TimeControl::fischer(
            u64::from(self.minutes) * 60_000,
            u64::from(self.increment) * 1000,
        )
    }

    /// Its speed class (every lobby clock has one).
    pub fn speed(self) -> Speed {
        let c = Clock::new(u64::from(self.minutes) * 60, u64::from(self.increment));
        Speed::of(Some(c)).unwrap_or(Speed::Classical)
    }
}

impl fmt::Display for LobbyClock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.minutes, self.increment)
    }
}

/// Why the lobby refuses something.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LobbyError {
    #[error("clock must be \"M+S\" with 1–180 minutes and 0–180 seconds, not {0:?}")]
    BadClock(String),
    #[error("quick pairing is by 1+0, 3+2, 5+0, 10+5, 15+10 or 30+20, not {0:?}")]
    NotAPoolClock(String),
    #[error("the rating range is empty or above 4000")]
    BadRange,
    #[error("no such hall")]
    NoSuchRoom,
    #[error("no such seek (taken, withdrawn or gone)")]
    NoSuchSeek,
    #[error("that is your own seek")]
    OwnSeek,
    #[error("your rating is outside the seek's range")]
    OutOfRange,
    #[error("no such user")]
    NoSuchUser,
    #[error("you cannot challenge yourself")]
    SelfChallenge,
    #[error("too many open seeks and challenges (at most {0})")]
    TooMany(usize),
    #[error("someone else took it first")]
    Taken,
    #[error("sign in to play in the lobby")]
    NotSignedIn,
}

impl LobbyError {
    pub fn code(&self) -> &'static str {
        match self {
            LobbyError::BadClock(_) => "bad_clock",
            LobbyError::NotAPoolClock(_) => "bad_pool_clock",
            LobbyError::BadRange => "bad_range",
            LobbyError::NoSuchRoom => "no_such_room",
            LobbyError::NoSuchSeek => "no_such_seek",
            LobbyError::OwnSeek => "own_seek",
            LobbyError::OutOfRange => "out_of_range",
            LobbyError::NoSuchUser => "no_such_user",
            LobbyError::SelfChallenge => "self_challenge",
            LobbyError::TooMany(_) => "too_many_seeks",
            LobbyError::Taken => "taken",
            LobbyError::NotSignedIn => "not_signed_in",
        }
    }

    fn status(&self) -> StatusCode {
        match self {
            LobbyError::BadClock(_) | LobbyError::NotAPoolClock(_) | LobbyError::BadRange => {
                StatusCode::BAD_REQUEST
            }
            LobbyError::NoSuchRoom | LobbyError::NoSuchSeek | LobbyError::NoSuchUser => {
                StatusCode::NOT_FOUND
            }
            LobbyError::NotSignedIn => StatusCode::UNAUTHORIZED,
            LobbyError::OwnSeek
            | LobbyError::OutOfRange
            | LobbyError::SelfChallenge
            | LobbyError::TooMany(_)
            | LobbyError::Taken => StatusCode::CONFLICT,
        }
    }
}

impl From<LobbyError> for ApiError {
    fn from(e: LobbyError) -> ApiError {
        ApiError::new(e.status(), e.code(), e.to_string())
    }
}

/// Checks a rating range (either end may be open).
pub fn range(min: Option<u32>, max: Option<u32>) -> Result<(Option<u32>, Option<u32>), LobbyError> {
    if min.is_some_and(|m| m > 4000) || max.is_some_and(|m| m > 4000) {
        return Err(LobbyError::BadRange);
    }
    if let (Some(a), Some(b)) = (min, max) {
        if a > b {
            return Err(LobbyError::BadRange);
        }
    }
    Ok((min, max))
}

/// Whether `rating` lies in the range.
pub fn in_range(rating: u32, min: Option<u32>, max: Option<u32>) -> bool {
    min.is_none_or(|m| rating >= m) && max.is_none_or(|m| rating <= m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_as_minutes_plus_seconds() {
        let c = LobbyClock::parse("5+3").expect("reads");
        assert_eq!((c.minutes, c.increment), (5, 3));
        assert_eq!(c.to_string(), "5+3");
        assert_eq!(c.speed(), Speed::Blitz);
        assert_eq!(
            LobbyClock::parse("1+0").map(|c| c.speed()),
            Ok(Speed::Bullet)
        );
        assert_eq!(
            LobbyClock::parse("15+10").map(|c| c.speed()),
            Ok(Speed::Rapid)
        );
        assert_eq!(
            LobbyClock::parse("30+20").map(|c| c.speed()),
            Ok(Speed::Classical)
        );
        for bad in ["", "5", "0+0", "181+0", "5+181", "a+b", "-1+0", "5+-1"] {
            assert!(LobbyClock::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn quick_pairing_takes_only_the_six_buttons() {
        for c in POOL_CLOCKS {
            assert!(LobbyClock::pool(c).is_ok(), "{c}");
        }
        assert_eq!(
            LobbyClock::pool("7+0").map_err(|e| e.code()),
            Err("bad_pool_clock")
        );
    }

    #[test]
    fn rating_ranges_filter_both_ends() {
        assert!(range(Some(1800), Some(1200)).is_err());
        assert!(range(Some(5000), None).is_err());
        assert!(in_range(1500, Some(1200), Some(1800)));
        assert!(!in_range(1100, Some(1200), None));
        assert!(!in_range(1900, None, Some(1800)));
        assert!(in_range(2900, None, None));
    }
}
