//! Glicko-2 ratings (Glickman's algorithm) for puzzles and solvers.
//! (Skeleton: helper T completes it.)

/// A Glicko-2 rating on the Glicko scale: rating, deviation, volatility.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub rd: f64,
    pub vol: f64,
}
