//! # guoxiang-puzzles
//!
//! Tactics puzzles made by our own engine. [`gen`] plays and reads games, finds the
//! positions after a mistake where the punishing line has exactly one good move at
//! every step, and verifies each with a deeper search; [`tagger`] names the themes
//! of a puzzle ([`Theme`]) from its position and line; [`glicko`] rates puzzles and
//! solvers; [`PuzzleSet`] is the set shipped with the project (`data/puzzles.jsonl`,
//! embedded) with its filters. docs/PUZZLES.md describes the rules and the themes.

pub mod drills;
pub mod gen;
mod puzzle;
mod set;
pub mod tagger;
mod theme;

pub use puzzle::{Goal, Puzzle, PuzzleError, PuzzleId, Source};
pub use set::PuzzleSet;
pub use theme::Theme;

/// Glicko-2 ratings for puzzles and solvers: the implementation lives in
/// guoxiang-rating (shared with the game ratings); this name keeps every user of
/// `guoxiang_puzzles::glicko` compiling unchanged.
pub use guoxiang_rating::glicko2 as glicko;
