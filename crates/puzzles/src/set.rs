//! The puzzle set shipped with the project (`data/puzzles.jsonl`, embedded and
//! parsed once), reading and writing sets as JSON lines, and the filters the command
//! line and the server use.

use std::sync::OnceLock;

use crate::{Puzzle, PuzzleError, PuzzleId, Theme};

/// The shipped set, one JSON object per line, sorted by id.
const BUILTIN: &str = include_str!("../data/puzzles.jsonl");

/// A set of puzzles.
#[derive(Debug, Clone, Default)]
pub struct PuzzleSet {
    pub puzzles: Vec<Puzzle>,
}

impl PuzzleSet {
    /// The set shipped with the project. A test checks that it parses; should it not,
    /// this is an empty set rather than a panic at run time.
    pub fn builtin() -> &'static PuzzleSet {
        static SET: OnceLock<PuzzleSet> = OnceLock::new();
        SET.get_or_init(|| PuzzleSet::from_jsonl(BUILTIN).unwrap_or_default())
    }

    /// Reads a set: one puzzle per line (blank lines are skipped). The first bad line
    /// is the error, named by its number from 1.
    ///
    /// ```
    /// use guoxiang_puzzles::PuzzleSet;
    /// let err = PuzzleSet::from_jsonl("\n{\"id\": 1}\n").unwrap_err();
    /// assert!(err.to_string().starts_with("line 2: "));
    /// ```
    pub fn from_jsonl(text: &str) -> Result<PuzzleSet, PuzzleError> {
        let puzzles = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| Puzzle::from_json_line(l, i + 1))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(PuzzleSet { puzzles })
    }

    /// The set as JSON lines, each ending in a newline, in the set's order.
    pub fn to_jsonl(&self) -> String {
        let mut out = String::new();
        for p in &self.puzzles {
            out.push_str(&p.to_json_line());
            out.push('\n');
        }
        out
    }

    /// Sorts by id and keeps one puzzle per id.
    pub fn sort_dedup(&mut self) {
        self.puzzles.sort_by(|a, b| a.id.cmp(&b.id));
        self.puzzles.dedup_by(|a, b| a.id == b.id);
    }

    /// The puzzle with this id.
    pub fn get(&self, id: &PuzzleId) -> Option<&Puzzle> {
        match self.puzzles.binary_search_by(|p| p.id.cmp(id)) {
            Ok(i) => Some(&self.puzzles[i]),
            // The set may not be sorted (a set being built): look through it.
            Err(_) => self.puzzles.iter().find(|p| &p.id == id),
        }
    }

    /// The puzzles that have all of `themes` and a rating within `min..=max` (either
    /// bound optional), in the set's order.
    pub fn filter(&self, themes: &[Theme], min: Option<f64>, max: Option<f64>) -> Vec<&Puzzle> {
        self.puzzles
            .iter()
            .filter(|p| themes.iter().all(|t| p.themes.contains(t)))
            .filter(|p| min.is_none_or(|m| p.rating.rating >= m))
            .filter(|p| max.is_none_or(|m| p.rating.rating <= m))
            .collect()
    }

    /// How many puzzles there are.
    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }
}
