//! Rating a game between two accounts, as lichess does: every rated game is its own
//! Glicko-2 rating period, both players are updated from each other's rating
//! before the game, and time away from the board first makes a rating less sure
//! ([`aged`]). A rating is provisional while its deviation is above
//! [`PROVISIONAL_RD`] (110, lichess's rule; shown with a "?"). The deviation of a
//! game rating stays between [`MIN_RD`] and [`MAX_RD`], so that an active player's
//! rating can still move. [`RatedGame`] carries what the end-of-game screen shows:
//! each player's rating before, after, and the change.

use crate::glicko2::{update, Rating, MAX_RD, TAU};

/// A rating whose deviation is above this is provisional (lichess: RD > 110).
pub const PROVISIONAL_RD: f64 = 110.0;
/// The smallest deviation a game rating keeps (our choice, the value lichess uses),
/// so that a very active player's rating does not freeze.
pub const MIN_RD: f64 = 45.0;

/// A new account's rating in every speed class: 1500, RD 350, volatility 0.06.
pub const NEW_PLAYER: Rating = Rating {
    rating: 1500.0,
    rd: MAX_RD,
    vol: 0.06,
};

/// Whether this rating is provisional (RD above 110).
///
/// ```
/// use guoxiang_rating::game::{is_provisional, NEW_PLAYER};
/// use guoxiang_rating::glicko2::Rating;
/// assert!(is_provisional(NEW_PLAYER));
/// assert!(!is_provisional(Rating::new(1620.0, 80.0)));
/// ```
pub fn is_provisional(r: Rating) -> bool {
    r.rd.is_nan() || r.rd > PROVISIONAL_RD
}

/// The result of a game for White.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    WhiteWins,
    Draw,
    BlackWins,
}

impl Outcome {
    /// White's score: 1, ½ or 0.
    pub fn white_score(self) -> f64 {
        match self {
            Outcome::WhiteWins => 1.0,
            Outcome::Draw => 0.5,
            Outcome::BlackWins => 0.0,
        }
    }
}

/// One player's rating before and after a game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingChange {
    pub before: Rating,
    pub after: Rating,
}

impl RatingChange {
    /// The change as the end-of-game screen shows it: whole points, rounded from
    /// the ratings as shown (e.g. 1500 → 1662 is +162).
    pub fn shown_diff(&self) -> i64 {
        self.after.rating.round() as i64 - self.before.rating.round() as i64
    }

    /// Whether the rating after the game is still provisional.
    pub fn provisional(&self) -> bool {
        is_provisional(self.after)
    }
}

/// Both players' changes after one rated game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatedGame {
    pub white: RatingChange,
    pub black: RatingChange,
}

/// A rating after `periods` rating periods without a game: the deviation grows as
/// Glicko-2's step 6 says (φ* = √(φ² + periods·σ²)), never past 350. The server
/// chooses the period; we suggest one day, counted from the player's last rated
/// game in this speed class.
///
/// ```
/// use guoxiang_rating::game::aged;
/// use guoxiang_rating::glicko2::Rating;
/// let r = Rating::new(1800.0, 60.0);
/// assert!(aged(r, 30.0).rd > 60.0);
/// assert_eq!(aged(r, 30.0).rating, 1800.0);
/// ```
pub fn aged(r: Rating, periods: f64) -> Rating {
    if periods.is_nan() || periods <= 0.0 || periods.is_infinite() {
        return r;
    }
    let scale = 173.7178_f64;
    let phi = r.rd / scale;
    let grown = (phi * phi + periods * r.vol * r.vol).sqrt() * scale;
    Rating {
        rd: grown.min(MAX_RD.max(r.rd)),
        ..r
    }
}

/// Rates one game: both players are updated from each other's rating before the
/// game (each one Glicko-2 rating period of one game), deviations kept within
/// [`MIN_RD`]..=[`MAX_RD`]. Age the ratings with [`aged`] first if time has passed.
///
/// ```
/// use guoxiang_rating::game::{rate, Outcome, NEW_PLAYER};
/// let game = rate(NEW_PLAYER, NEW_PLAYER, Outcome::WhiteWins);
/// assert!(game.white.shown_diff() > 0 && game.black.shown_diff() < 0);
/// assert_eq!(game.white.shown_diff(), -game.black.shown_diff());
/// ```
pub fn rate(white: Rating, black: Rating, outcome: Outcome) -> RatedGame {
    let s = outcome.white_score();
    let clamp = |r: Rating| Rating {
        rd: r.rd.clamp(MIN_RD, MAX_RD),
        ..r
    };
    RatedGame {
        white: RatingChange {
            before: white,
            after: clamp(update(white, &[(black, s)], TAU)),
        },
        black: RatingChange {
            before: black,
            after: clamp(update(black, &[(white, 1.0 - s)], TAU)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_player_is_provisional_and_becomes_established_by_playing() {
        let mut me = NEW_PLAYER;
        let opponent = Rating::new(1500.0, 60.0);
        let mut games = 0;
        while is_provisional(me) {
            let outcome = if games % 2 == 0 {
                Outcome::WhiteWins
            } else {
                Outcome::BlackWins
            };
            me = rate(me, opponent, outcome).white.after;
            games += 1;
            assert!(games < 40, "still provisional after 40 games: {me:?}");
        }
        // Established after a dozen or so games, as on lichess.
        assert!((8..=20).contains(&games), "{games} games");
    }

    #[test]
    fn the_provisional_line_is_rd_110_exactly() {
        assert!(is_provisional(Rating::new(1500.0, 110.01)));
        assert!(!is_provisional(Rating::new(1500.0, 110.0)));
        assert!(is_provisional(Rating::new(1500.0, f64::NAN)));
    }

    #[test]
    fn the_winner_gains_and_the_loser_loses() {
        let g = rate(
            Rating::new(1600.0, 80.0),
            Rating::new(1550.0, 80.0),
            Outcome::BlackWins,
        );
        assert!(g.white.after.rating < 1600.0);
        assert!(g.black.after.rating > 1550.0);
    }

    #[test]
    fn a_draw_with_a_stronger_player_gains_points() {
        let g = rate(
            Rating::new(1500.0, 80.0),
            Rating::new(1800.0, 80.0),
            Outcome::Draw,
        );
        assert!(g.white.shown_diff() > 0);
        assert!(g.black.shown_diff() < 0);
    }

    #[test]
    fn the_deviation_never_falls_below_45() {
        // One game a period settles near RD 60 by itself; a rating imported with
        // a smaller deviation is raised to the floor by its next game.
        let mut me = Rating::new(1500.0, 50.0);
        for _ in 0..200 {
            me = rate(me, Rating::new(1500.0, 50.0), Outcome::Draw)
                .white
                .after;
            assert!(me.rd >= MIN_RD);
        }
        let sure = rate(Rating::new(1500.0, 20.0), NEW_PLAYER, Outcome::Draw);
        assert_eq!(sure.white.after.rd, MIN_RD);
    }

    #[test]
    fn a_year_away_makes_the_rating_provisional_again() {
        let r = Rating::new(1700.0, 60.0);
        assert!(!is_provisional(aged(r, 30.0)));
        assert!(is_provisional(aged(r, 365.0)));
        assert!(aged(r, 100_000.0).rd <= MAX_RD);
        assert_eq!(aged(r, -3.0), r);
    }
}
