//! Glicko-2 ratings, as in Mark Glickman's "Example of the Glicko-2 system"
//! (2013): a rating, a rating deviation (how sure we are of it) and a volatility
//! (how erratic the player is). Game ratings use it through [`crate::game`]
//! (one game, one rating period); puzzles through guoxiang-puzzles, which
//! re-exports this module as `guoxiang_puzzles::glicko`. A puzzle attempt is a game between the solver and
//! the puzzle: solved = the solver wins, failed = the puzzle wins; both are updated
//! ([`duel`]). New solvers start at [`Rating::NEW_SOLVER`] (1500, RD 350, volatility
//! 0.06); puzzles start at the rating the generator seeds from their difficulty.
//! The update is the paper's, with each attempt a rating period of one game; the
//! deviation never grows past [`MAX_RD`].

use std::f64::consts::PI;

/// Glicko-2's scale factor between the Glicko scale and its internal one.
const SCALE: f64 = 173.7178;
/// The convergence tolerance of the volatility iteration (the paper's ε).
const EPSILON: f64 = 0.000_001;
/// The system constant τ we use (the paper suggests 0.3–1.2).
pub const TAU: f64 = 0.5;

/// A new solver's rating (the same as [`Rating::NEW_SOLVER`]).
pub const NEW_SOLVER: Rating = Rating::NEW_SOLVER;
/// The largest rating deviation: that of a player we know nothing about.
pub const MAX_RD: f64 = 350.0;

/// A Glicko-2 rating on the Glicko scale: rating, deviation, volatility.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub rd: f64,
    pub vol: f64,
}

impl Rating {
    /// A new solver: 1500, RD 350, volatility 0.06 (lichess starts puzzle solvers at
    /// 1500 with RD 500; we keep Glickman's suggested 350).
    pub const NEW_SOLVER: Rating = Rating {
        rating: 1500.0,
        rd: 350.0,
        vol: 0.06,
    };

    /// A rating with the default volatility 0.06.
    pub const fn new(rating: f64, rd: f64) -> Rating {
        Rating {
            rating,
            rd,
            vol: 0.06,
        }
    }

    fn mu(self) -> f64 {
        (self.rating - 1500.0) / SCALE
    }

    fn phi(self) -> f64 {
        self.rd / SCALE
    }
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::NEW_SOLVER
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// The player's rating after one rating period with these `results`
/// (opponent, score: 1 win, 0.5 draw, 0 loss), with system constant `tau`.
/// No results: only the deviation grows (the player was not seen).
///
/// ```
/// use guoxiang_rating::glicko2::{update, Rating};
/// let player = Rating { rating: 1500.0, rd: 200.0, vol: 0.06 };
/// let after = update(player, &[(Rating::new(1400.0, 30.0), 1.0)], 0.5);
/// assert!(after.rating > 1500.0 && after.rd < 200.0);
/// ```
pub fn update(player: Rating, results: &[(Rating, f64)], tau: f64) -> Rating {
    let mu = player.mu();
    let phi = player.phi();
    let sigma = player.vol;
    let results: Vec<&(Rating, f64)> = results
        .iter()
        .filter(|(o, s)| o.rating.is_finite() && o.rd.is_finite() && s.is_finite())
        .collect();
    if results.is_empty() {
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        return Rating {
            rating: player.rating,
            rd: (phi_star * SCALE).min(MAX_RD.max(player.rd)),
            vol: sigma,
        };
    }
    // Steps 3 and 4: the estimated variance and improvement.
    let mut inv_v = 0.0;
    let mut sum = 0.0;
    for (opp, score) in &results {
        let (mu_j, phi_j) = (opp.mu(), opp.phi());
        let e = expected(mu, mu_j, phi_j);
        let gj = g(phi_j);
        inv_v += gj * gj * e * (1.0 - e);
        sum += gj * (score.clamp(0.0, 1.0) - e);
    }
    let v = 1.0 / inv_v;
    let delta = v * sum;
    // Step 5: the new volatility (the Illinois algorithm).
    let sigma_new = new_volatility(phi, sigma, v, delta, tau);
    // Steps 6 and 7.
    let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    Rating {
        rating: mu_new * SCALE + 1500.0,
        rd: (phi_new * SCALE).min(MAX_RD.max(player.rd)),
        vol: sigma_new,
    }
}

fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - d) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut rounds = 0;
    while (big_b - big_a).abs() > EPSILON && rounds < 200 {
        rounds += 1;
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

/// One game between `a` and `b` in which `a` scored `score_a` (1 win, 0.5 draw,
/// 0 loss): both new ratings, each computed from the other's rating before the game.
///
/// ```
/// use guoxiang_rating::glicko2::{duel, Rating};
/// let solver = Rating::NEW_SOLVER;
/// let puzzle = Rating::new(1500.0, 80.0);
/// let (s, p) = duel(solver, puzzle, 1.0); // solved
/// assert!(s.rating > 1500.0 && p.rating < 1500.0);
/// // A sure puzzle rating moves less than an unsure solver's.
/// assert!(1500.0 - p.rating < s.rating - 1500.0);
/// ```
pub fn duel(a: Rating, b: Rating, score_a: f64) -> (Rating, Rating) {
    let score_a = score_a.clamp(0.0, 1.0);
    (
        update(a, &[(b, score_a)], TAU),
        update(b, &[(a, 1.0 - score_a)], TAU),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn glickmans_worked_example_comes_out_as_in_the_paper() {
        let player = Rating {
            rating: 1500.0,
            rd: 200.0,
            vol: 0.06,
        };
        let results = [
            (Rating::new(1400.0, 30.0), 1.0),
            (Rating::new(1550.0, 100.0), 0.0),
            (Rating::new(1700.0, 300.0), 0.0),
        ];
        let after = update(player, &results, 0.5);
        // On its internal scale the paper prints μ' = -0.2069, φ' = 0.8722 (four
        // decimals) and σ' = 0.05999; we agree to those decimals.
        let round = |x: f64, places: i32| (x * 10f64.powi(places)).round() / 10f64.powi(places);
        assert_eq!(
            round((after.rating - 1500.0) / SCALE, 4),
            -0.2069,
            "{after:?}"
        );
        assert_eq!(round(after.rd / SCALE, 4), 0.8722, "{after:?}");
        assert!(close(after.vol, 0.05999, 0.00001), "{after:?}");
        // It then converts its rounded μ' and φ': r' = 1464.06, RD' = 151.52. So do we.
        assert_eq!(
            round(
                round((after.rating - 1500.0) / SCALE, 4) * SCALE + 1500.0,
                2
            ),
            1464.06
        );
        assert_eq!(round(after.rd, 2), 151.52, "{after:?}");
        // Unrounded, our r' is 1464.05 — within the paper's last printed decimal.
        assert!(close(after.rating, 1464.06, 0.01), "{after:?}");
    }

    #[test]
    fn a_player_without_games_keeps_the_rating_and_grows_less_sure() {
        let player = Rating {
            rating: 1500.0,
            rd: 200.0,
            vol: 0.06,
        };
        let after = update(player, &[], 0.5);
        assert_eq!(after.rating, 1500.0);
        assert_eq!(after.vol, 0.06);
        // sqrt(200² + (0.06 · 173.7178)²) = 200.2714
        assert!(close(after.rd, 200.2714, 0.001), "{after:?}");
    }

    #[test]
    fn the_deviation_never_grows_past_350() {
        let after = update(Rating::NEW_SOLVER, &[], TAU);
        assert_eq!(after.rd, 350.0);
    }

    #[test]
    fn solving_raises_the_solver_and_lowers_the_puzzle() {
        let (s, p) = duel(Rating::NEW_SOLVER, Rating::new(1800.0, 100.0), 1.0);
        assert!(s.rating > 1500.0);
        assert!(p.rating < 1800.0);
    }

    #[test]
    fn failing_lowers_the_solver_and_raises_the_puzzle() {
        let (s, p) = duel(Rating::NEW_SOLVER, Rating::new(1200.0, 100.0), 0.0);
        assert!(s.rating < 1500.0);
        assert!(p.rating > 1200.0);
    }

    #[test]
    fn beating_a_much_weaker_puzzle_gains_little() {
        let (easy, _) = duel(Rating::new(1500.0, 100.0), Rating::new(900.0, 100.0), 1.0);
        let (even, _) = duel(Rating::new(1500.0, 100.0), Rating::new(1500.0, 100.0), 1.0);
        assert!(easy.rating - 1500.0 < 2.0);
        assert!(even.rating - 1500.0 > easy.rating - 1500.0);
    }

    #[test]
    fn a_result_that_is_not_a_number_is_ignored() {
        let p = Rating::new(1500.0, 100.0);
        let after = update(p, &[(Rating::new(1500.0, 100.0), f64::NAN)], TAU);
        assert_eq!(after.rating, 1500.0);
    }
}
