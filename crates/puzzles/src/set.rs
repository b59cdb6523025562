//! The puzzle set shipped with the project and its filters. (Skeleton: helper G.)

use crate::Puzzle;

/// A set of puzzles.
#[derive(Debug, Clone, Default)]
pub struct PuzzleSet {
    pub puzzles: Vec<Puzzle>,
}
