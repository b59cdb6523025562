//! One puzzle: the position after a mistake, the solution line and what is known of
//! it (themes, rating, where it came from), and its JSON line form.
//! (Skeleton: helper G completes it.)

use guoxiang_core::{Move, Position};

use crate::glicko::Rating;
use crate::Theme;

/// A puzzle's stable identifier (8 lower-case hex digits of a hash of its FEN and line).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PuzzleId(pub String);

/// What the solver achieves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// Mate in this many solver moves; the line ends in mate.
    Mate(u8),
    /// A decisive gain (material or a winning position) that the line wins.
    Win,
    /// A draw saved from a lost position (perpetual check, stalemate).
    Draw,
}

/// Where the puzzle was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Our engine's self-play: the generator's seed, the game's number and the ply of the mistake.
    SelfPlay { seed: u64, game: u32, ply: u16 },
    /// A PGN file: its name, the game's number in it (from 1) and the ply of the mistake.
    Pgn { file: String, game: u32, ply: u16 },
    /// A game stored on the server.
    Server { game: String, ply: u16 },
}

/// A puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct Puzzle {
    pub id: PuzzleId,
    /// The position before the mistake.
    pub before: Position,
    /// The opponent's mistake, played from `before`; it leads to `start`.
    pub mistake: Move,
    /// The solver to move.
    pub start: Position,
    /// The whole solution: the solver's moves at even indices, the best defence between.
    pub line: Vec<Move>,
    pub goal: Goal,
    pub themes: Vec<Theme>,
    /// The rating seeded from the difficulty (the shipped value; the server updates its own copy).
    pub rating: Rating,
    pub source: Source,
}

/// A puzzle line that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleError {
    #[error("line {line}: {message}")]
    Parse { line: usize, message: String },
}
