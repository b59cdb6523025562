//! Scores as the only-move rule reads them: win chances from the solver's side,
//! W(cp) = 1 / (1 + exp(−0.00368208·cp)), a mate for = 1, a mate against = 0.

use guoxiang_engine::search::Score;

/// The win-chance gap the best move must keep over the second best.
pub const MIN_GAP: f64 = 0.30;

/// Win chances in 0..=1 of an engine score (internal units, mover's side).
///
/// ```
/// use guoxiang_puzzles::gen::score::win_chance;
/// assert!((win_chance(0) - 0.5).abs() < 1e-9);
/// assert!(win_chance(300) > 0.74 && win_chance(300) < 0.76);
/// assert_eq!(win_chance(guoxiang_engine::search::MATE - 3), 1.0);
/// ```
pub fn win_chance(score: i32) -> f64 {
    match Score::from_internal(score) {
        Score::Mate(n) if n > 0 => 1.0,
        Score::Mate(_) => 0.0,
        Score::Cp(cp) => 1.0 / (1.0 + (-0.003_682_08 * f64::from(cp)).exp()),
    }
}

/// The number of moves to mate for the mover, if the score is a mate for it.
pub fn mate_for(score: i32) -> Option<u32> {
    match Score::from_internal(score) {
        Score::Mate(n) if n > 0 => Some(n as u32),
        _ => None,
    }
}

/// Whether the score is a mate against the mover.
pub fn mated(score: i32) -> bool {
    matches!(Score::from_internal(score), Score::Mate(n) if n <= 0)
}

/// The centipawns of a score that is not a mate.
pub fn centipawns(score: i32) -> Option<i32> {
    match Score::from_internal(score) {
        Score::Cp(cp) => Some(cp),
        Score::Mate(_) => None,
    }
}
