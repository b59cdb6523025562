//! The tagger: which themes a puzzle shows, from its position and line alone.
//! (Skeleton: helper T completes it.)

use guoxiang_core::{Move, Position};

use crate::{Goal, Theme};

/// What the tagger reads.
pub struct TagInput<'a> {
    pub before: &'a Position,
    pub mistake: Move,
    pub start: &'a Position,
    pub line: &'a [Move],
    pub goal: Goal,
}

/// The themes of a puzzle, sorted, without duplicates.
pub fn tag(_input: &TagInput) -> Vec<Theme> {
    Vec::new()
}
