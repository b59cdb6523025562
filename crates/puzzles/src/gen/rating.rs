//! The rating a new puzzle starts with, from its difficulty (docs/PUZZLES.md,
//! "Generation"): the length of the solution, how narrow the margin of its only
//! moves is, how deep a search had to look to settle on them, and its goal.
//!
//! ```text
//! rating = 1050 (mate in 1: 800)
//!        + 220 · (solver moves − 1)
//!        + 250 · (0.9 − min(margin, 0.9)) / 0.6      narrow margins are harder
//!        +  50 · clamp(found − 4, 0, 10)             each ply of depth beyond 4
//!        + 200 for a draw (saving a lost game)
//! clamped to 600..2800; deviation 300.
//! ```

use crate::Goal;

/// The seeded rating.
///
/// ```
/// use guoxiang_puzzles::gen::rating::seed_rating;
/// use guoxiang_puzzles::Goal;
/// let easy = seed_rating(Goal::Mate(1), 1, 1.0, 1);
/// let hard = seed_rating(Goal::Win, 4, 0.32, 12);
/// assert!(easy < 900.0 && hard > 1800.0);
/// ```
pub fn seed_rating(goal: Goal, solver_moves: u32, margin: f64, found: u16) -> f64 {
    let base = match goal {
        Goal::Mate(1) => 800.0,
        _ => 1050.0,
    };
    let length = 220.0 * f64::from(solver_moves.saturating_sub(1));
    let narrow = 250.0 * (0.9 - margin.clamp(0.0, 0.9)) / 0.6;
    let depth = 50.0 * f64::from(found.saturating_sub(4).min(10));
    let draw = if goal == Goal::Draw { 200.0 } else { 0.0 };
    (base + length + narrow + depth + draw)
        .clamp(600.0, 2800.0)
        .round()
}
