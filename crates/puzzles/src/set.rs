//! The puzzle set shipped with the project and its filters. (Skeleton: helper G
//! completes it; the signatures are the contract.)

use crate::{Puzzle, PuzzleError, PuzzleId, Theme};

/// A set of puzzles.
#[derive(Debug, Clone, Default)]
pub struct PuzzleSet {
    pub puzzles: Vec<Puzzle>,
}

impl PuzzleSet {
    /// The set shipped with the project (`data/puzzles.jsonl`).
    pub fn builtin() -> &'static PuzzleSet {
        static EMPTY: PuzzleSet = PuzzleSet {
            puzzles: Vec::new(),
        };
        &EMPTY // skeleton
    }

    /// A set from JSON lines (the data file's format).
    pub fn from_jsonl(_text: &str) -> Result<PuzzleSet, PuzzleError> {
        Ok(PuzzleSet::default()) // skeleton
    }

    /// The puzzle with this id.
    pub fn get(&self, id: &PuzzleId) -> Option<&Puzzle> {
        self.puzzles.iter().find(|p| &p.id == id)
    }

    /// The puzzles having all of `themes`, rated within `min..=max`.
    pub fn filter<'a>(
        &'a self,
        themes: &'a [Theme],
        min: Option<f64>,
        max: Option<f64>,
    ) -> impl Iterator<Item = &'a Puzzle> + 'a {
        self.puzzles.iter().filter(move |p| {
            themes.iter().all(|t| p.themes.contains(t))
                && min.is_none_or(|m| p.rating.rating >= m)
                && max.is_none_or(|m| p.rating.rating <= m)
        })
    }
}
