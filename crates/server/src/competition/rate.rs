//! Rating one finished game, pure: both players' Glicko-2 ratings in the game's
//! speed class aged by the days since each one's last rated game in that class
//! ([`guoxiang_rating::game::aged`], one rating period a day), then rated with
//! [`guoxiang_rating::game::rate`], and each one's ladder standing moved by
//! [`guoxiang_rating::ladder::Standing::after_game`]. The store calls this inside
//! the transaction that claims the game ([`crate::store::competition`]).

use crate::store::competition::RatingRow;
use guoxiang_rating::game::{aged, rate, Outcome, NEW_PLAYER};
use guoxiang_rating::glicko2::Rating;
use guoxiang_rating::ladder::Standing;
use guoxiang_rating::rank::Rank;

/// One rating period: a day, in milliseconds.
pub const PERIOD_MS: i64 = 86_400_000;

/// A player's rating and ladder standing in one speed class.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Held {
    pub rating: Rating,
    pub standing: Standing,
    /// When the last rated game in this class ended (wall clock, ms).
    pub last_at: Option<i64>,
}

impl Held {
    /// A player without games: 1500, RD 350, 10级.
    pub fn new_player() -> Held {
        Held {
            rating: NEW_PLAYER,
            standing: Standing::new(),
            last_at: None,
        }
    }

    /// As stored (an unknown rank code reads as 10级, a negative count as 0).
    pub fn from_row(r: &RatingRow) -> Held {
        Held {
            rating: Rating {
                rating: r.rating,
                rd: r.rd,
                vol: r.vol,
            },
            standing: Standing {
                rank: r.rank.parse::<Rank>().unwrap_or(Rank::KYU_10),
                rated_games: u32::try_from(r.games.max(0)).unwrap_or(u32::MAX),
            },
            last_at: r.last_at,
        }
    }

    /// The rating as it stands at `now`: its deviation grown by the days since
    /// the last rated game.
    pub fn at(&self, now: i64) -> Rating {
        match self.last_at {
            Some(t) if now > t => aged(self.rating, (now - t) as f64 / PERIOD_MS as f64),
            _ => self.rating,
        }
    }
}

/// A stored result (`1-0`, `0-1`, `1/2-1/2`) as an outcome; `None` for `*`.
pub fn outcome_of(result: &str) -> Option<Outcome> {
    match result {
        "1-0" => Some(Outcome::WhiteWins),
        "0-1" => Some(Outcome::BlackWins),
        "1/2-1/2" => Some(Outcome::Draw),
        _ => None,
    }
}

/// Both players after a game that ended at `at` with `outcome`.
pub fn rate_game(white: Held, black: Held, outcome: Outcome, at: i64) -> (Held, Held) {
    let game = rate(white.at(at), black.at(at), outcome);
    let next = |h: Held, after: Rating| Held {
        rating: after,
        standing: h.standing.after_game(after).0,
        last_at: Some(at),
    };
    (next(white, game.white.after), next(black, game.black.after))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_new_players_move_exactly_as_the_rating_crate_says() {
        let (w, b) = rate_game(
            Held::new_player(),
            Held::new_player(),
            Outcome::WhiteWins,
            5,
        );
        let g = rate(NEW_PLAYER, NEW_PLAYER, Outcome::WhiteWins);
        assert_eq!(w.rating, g.white.after);
        assert_eq!(b.rating, g.black.after);
        assert_eq!(w.standing.rated_games, 1);
        assert_eq!(w.last_at, Some(5));
    }

    #[test]
    fn time_away_widens_the_deviation_before_the_game() {
        let h = Held {
            rating: Rating::new(1700.0, 60.0),
            standing: Standing::new(),
            last_at: Some(0),
        };
        assert!(h.at(30 * PERIOD_MS).rd > 60.0);
        assert_eq!(h.at(0).rd, 60.0);
    }

    #[test]
    fn an_unfinished_result_is_no_outcome() {
        assert_eq!(outcome_of("*"), None);
        assert_eq!(outcome_of("1/2-1/2"), Some(Outcome::Draw));
    }
}
