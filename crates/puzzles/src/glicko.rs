//! Glicko-2 ratings (Glickman's algorithm) for puzzles and solvers.
//! (Skeleton: helper T completes it; the signatures are the contract.)

/// A Glicko-2 rating on the Glicko scale: rating, deviation, volatility.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub rd: f64,
    pub vol: f64,
}

/// The system constant τ used by guoxiang.
pub const TAU: f64 = 0.5;

/// A new solver's rating.
pub const NEW_SOLVER: Rating = Rating {
    rating: 1500.0,
    rd: 350.0,
    vol: 0.06,
};

/// `player` after a rating period with these results (opponent, score 1/0.5/0).
pub fn update(player: Rating, _results: &[(Rating, f64)], _tau: f64) -> Rating {
    player // skeleton
}

/// Both ratings after one game between `a` and `b` that `a` scored `score_a` in.
pub fn duel(a: Rating, b: Rating, score_a: f64) -> (Rating, Rating) {
    (
        update(a, &[(b, score_a)], TAU),
        update(b, &[(a, 1.0 - score_a)], TAU),
    )
}
