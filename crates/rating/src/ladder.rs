//! The ladder: where a player stands from 10级 to 7段, moved by their rating in one
//! speed class after each rated game.
//!
//! - Everyone starts at 10级. Nobody moves while the rating is provisional or
//!   before [`MIN_RATED_GAMES`] rated games: the starting rating 1500 is a guess,
//!   not a result, so a beginner is not put at 3级 by it.
//! - Promotion: as soon as the rating reaches a higher rank's threshold, the player
//!   holds the highest rank whose threshold it reaches (the first placement may
//!   jump several ranks at once; later it is normally one).
//! - Relegation with hysteresis: a rank is lost only when the rating falls more
//!   than [`RELEGATION_MARGIN`] points below the rank's threshold; the player then
//!   drops to the highest rank whose threshold is within the margin. A single lost
//!   game never costs a rank just after a promotion.
//! - 10级 is never lost; nobody leaves the ladder.
//!
//! docs/LADDER.md explains the thresholds.

use crate::game::is_provisional;
use crate::glicko2::Rating;
use crate::rank::Rank;

/// Rated games a player needs in a speed class before the ladder moves them.
pub const MIN_RATED_GAMES: u32 = 10;
/// How far below a rank's threshold the rating must fall before the rank is lost.
pub const RELEGATION_MARGIN: f64 = 50.0;

/// A player's place on the ladder in one speed class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Standing {
    pub rank: Rank,
    /// Rated games played in this speed class.
    pub rated_games: u32,
}

/// A change of rank after a game, for the end-of-game screen and the profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RankChange {
    Promoted { from: Rank, to: Rank },
    Relegated { from: Rank, to: Rank },
}

impl Default for Standing {
    fn default() -> Standing {
        Standing::new()
    }
}

impl Standing {
    /// A new player: 10级, no games.
    pub const fn new() -> Standing {
        Standing {
            rank: Rank::KYU_10,
            rated_games: 0,
        }
    }

    /// The standing after one more rated game that left the player's rating at
    /// `rating`, and the rank change if there was one.
    ///
    /// ```
    /// use guoxiang_rating::glicko2::Rating;
    /// use guoxiang_rating::ladder::{RankChange, Standing};
    /// use guoxiang_rating::rank::Rank;
    /// // After ten games a player rated 1640 (RD 90) is placed at 2级.
    /// let mut s = Standing::new();
    /// let mut change = None;
    /// for _ in 0..10 {
    ///     (s, change) = s.after_game(Rating::new(1640.0, 90.0));
    /// }
    /// assert_eq!(s.rank.code(), "2k");
    /// assert_eq!(change, Some(RankChange::Promoted { from: Rank::KYU_10, to: s.rank }));
    /// ```
    pub fn after_game(self, rating: Rating) -> (Standing, Option<RankChange>) {
        let played = Standing {
            rated_games: self.rated_games.saturating_add(1),
            ..self
        };
        if played.rated_games < MIN_RATED_GAMES
            || is_provisional(rating)
            || !rating.rating.is_finite()
        {
            return (played, None);
        }
        let from = self.rank;
        let reached = Rank::for_rating(rating.rating);
        if reached > from {
            return (
                Standing {
                    rank: reached,
                    ..played
                },
                Some(RankChange::Promoted { from, to: reached }),
            );
        }
        if rating.rating < f64::from(from.threshold()) - RELEGATION_MARGIN {
            let to = Rank::for_rating(rating.rating + RELEGATION_MARGIN);
            if to < from {
                return (
                    Standing { rank: to, ..played },
                    Some(RankChange::Relegated { from, to }),
                );
            }
        }
        (played, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn established(r: f64) -> Rating {
        Rating::new(r, 70.0)
    }

    fn at(rank: &str, games: u32) -> Standing {
        Standing {
            rank: rank.parse().expect("a rank code"),
            rated_games: games,
        }
    }

    #[test]
    fn a_new_player_starts_at_10_kyu_and_is_not_moved_by_the_starting_rating() {
        let s = Standing::new();
        assert_eq!(s.rank, Rank::KYU_10);
        // The first nine games never move anyone, whatever the rating says.
        let mut s = s;
        for _ in 0..9 {
            let (next, change) = s.after_game(established(2000.0));
            assert_eq!(change, None);
            s = next;
        }
        assert_eq!(s.rank, Rank::KYU_10);
        assert_eq!(s.rated_games, 9);
    }

    #[test]
    fn a_provisional_rating_does_not_move_the_player() {
        let (s, change) = at("10k", 30).after_game(Rating::new(1700.0, 150.0));
        assert_eq!((s.rank, change), (Rank::KYU_10, None));
    }

    #[test]
    fn the_first_placement_jumps_straight_to_the_rank_the_rating_reaches() {
        let (s, change) = at("10k", 9).after_game(established(1830.0));
        assert_eq!(s.rank, Rank::DAN_1);
        assert_eq!(
            change,
            Some(RankChange::Promoted {
                from: Rank::KYU_10,
                to: Rank::DAN_1
            })
        );
    }

    #[test]
    fn a_beginner_whose_rating_sinks_stays_at_10_kyu() {
        let (s, change) = at("10k", 20).after_game(established(720.0));
        assert_eq!((s.rank, change), (Rank::KYU_10, None));
    }

    #[test]
    fn reaching_the_next_threshold_promotes() {
        let (s, _) = at("3k", 50).after_game(established(1599.4));
        assert_eq!(s.rank.code(), "3k");
        let (s, change) = at("3k", 50).after_game(established(1600.0));
        assert_eq!(s.rank.code(), "2k");
        assert!(matches!(change, Some(RankChange::Promoted { .. })));
    }

    #[test]
    fn falling_just_below_the_floor_keeps_the_rank() {
        // 2级's floor is 1600; 1551 is 49 below it.
        let (s, change) = at("2k", 50).after_game(established(1551.0));
        assert_eq!((s.rank.code(), change), ("2k", None));
        // Exactly 50 below is still inside the margin.
        let (s, _) = at("2k", 50).after_game(established(1550.0));
        assert_eq!(s.rank.code(), "2k");
    }

    #[test]
    fn falling_more_than_the_margin_below_the_floor_relegates() {
        let (s, change) = at("2k", 50).after_game(established(1549.0));
        assert_eq!(s.rank.code(), "3k");
        assert_eq!(
            change,
            Some(RankChange::Relegated {
                from: "2k".parse().unwrap(),
                to: "3k".parse().unwrap()
            })
        );
    }

    #[test]
    fn a_collapse_drops_to_the_rank_whose_floor_is_within_the_margin() {
        // From 1段 (1800) to 1420: 4级's floor 1400 is below, 3级's 1500 is 80 away.
        let (s, _) = at("1d", 80).after_game(established(1420.0));
        assert_eq!(s.rank.code(), "4k");
        // 1460 is within 50 of 3级's floor 1500: 3级.
        let (s, _) = at("1d", 80).after_game(established(1460.0));
        assert_eq!(s.rank.code(), "3k");
    }

    #[test]
    fn one_lost_game_after_a_promotion_does_not_cost_the_rank() {
        let (s, _) = at("3k", 50).after_game(established(1604.0));
        assert_eq!(s.rank.code(), "2k");
        // A loss of about ten points leaves 1594: still 2级.
        let (s, change) = s.after_game(established(1594.0));
        assert_eq!((s.rank.code(), change), ("2k", None));
    }

    #[test]
    fn ten_kyu_is_never_lost_and_seven_dan_is_the_top() {
        let (s, change) = at("10k", 50).after_game(established(100.0));
        assert_eq!((s.rank, change), (Rank::KYU_10, None));
        let (s, change) = at("7d", 500).after_game(established(3200.0));
        assert_eq!((s.rank, change), (Rank::DAN_7, None));
    }

    #[test]
    fn a_beginner_who_scores_half_against_1000_players_is_placed_near_8_kyu() {
        use crate::game::{rate, Outcome, NEW_PLAYER};
        let opponent = Rating::new(1000.0, 60.0);
        let (mut rating, mut standing) = (NEW_PLAYER, Standing::new());
        for game in 0..20 {
            let outcome = if game % 2 == 0 {
                Outcome::BlackWins
            } else {
                Outcome::WhiteWins
            };
            rating = rate(rating, opponent, outcome).white.after;
            standing = standing.after_game(rating).0;
        }
        let placed = ["9k", "8k", "7k"];
        assert!(
            placed.contains(&standing.rank.code()),
            "{standing:?} {rating:?}"
        );
    }

    #[test]
    fn the_rank_always_lies_between_the_rating_and_the_rating_plus_the_margin() {
        // A pseudo-random walk of established ratings: after every game the rank is
        // at least the one the rating reaches and at most the one rating + 50 reaches.
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut rating = 1500.0;
        let mut s = at("3k", 10);
        for _ in 0..5000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            rating = (rating + (seed % 41) as f64 - 20.0).clamp(500.0, 2900.0);
            s = s.after_game(established(rating)).0;
            assert!(Rank::for_rating(rating) <= s.rank, "{rating} {s:?}");
            assert!(
                s.rank <= Rank::for_rating(rating + RELEGATION_MARGIN),
                "{rating} {s:?}"
            );
        }
    }

    #[test]
    fn a_rating_that_is_not_a_number_changes_nothing() {
        let (s, change) = at("5k", 50).after_game(established(f64::NAN));
        assert_eq!((s.rank.code(), change), ("5k", None));
        assert_eq!(s.rated_games, 51);
    }
}
