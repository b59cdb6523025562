//! Standard Algebraic Notation: writing it with correct disambiguation and check
//! marks, reading it strictly but forgiving the common real-world forms, and
//! localised forms for display (Chinese piece names, figurines).

mod read;
mod resolve;
mod write;

pub use write::{SanStyle, Suffix};

use crate::{CastlingSide, File, Move, Position, Rank, Role, Square};

/// The longest SAN token we look at (real ones are at most 7 characters plus marks).
pub const MAX_SAN_LEN: usize = 32;

/// A move as SAN describes it, before it is matched against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn move: `Nbd7`, `exd5`, `e8=Q`, `R1a3`.
    Normal {
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    },
    /// `O-O` or `O-O-O`.
    Castle(CastlingSide),
    /// `--`, a null move in some PGN files; it never matches a legal move.
    Null,
}

/// What was wrong with a SAN move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    #[error("empty move")]
    Empty,
    #[error("{text:?} is too long to be a move in SAN")]
    TooLong { text: String },
    #[error("{text:?} is not SAN: {reason}")]
    Syntax { text: String, reason: &'static str },
    #[error("{san} is not a legal move here: {reason}")]
    Illegal { san: String, reason: &'static str },
    #[error("{san} is ambiguous: the pieces on {candidates} could all make it (add the file or rank of the piece that moves)")]
    Ambiguous { san: String, candidates: String },
    #[error("{san}: a pawn reaching the last rank must promote; add =Q, =R, =B or =N")]
    MissingPromotion { san: String },
}

impl SanError {
    /// Every code [`SanError::code`] can return (each is a key of `guoxiang-i18n`'s
    /// message catalogue).
    pub const CODES: [&'static str; 6] = [
        "san.empty",
        "san.too_long",
        "san.syntax",
        "san.illegal",
        "san.ambiguous",
        "san.missing_promotion",
    ];

    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            SanError::Empty => "san.empty",
            SanError::TooLong { .. } => "san.too_long",
            SanError::Syntax { .. } => "san.syntax",
            SanError::Illegal { .. } => "san.illegal",
            SanError::Ambiguous { .. } => "san.ambiguous",
            SanError::MissingPromotion { .. } => "san.missing_promotion",
        }
    }
}

impl Position {
    /// The legal move meant by a SAN string (real-world forms accepted).
    ///
    /// ```
    /// use guoxiang_core::Position;
    /// let pos = Position::new();
    /// let m = pos.parse_san("Nf3").unwrap();
    /// assert_eq!(pos.san(m), "Nf3");
    /// assert!(pos.parse_san("Nf4").is_err());
    /// ```
    pub fn parse_san(&self, s: &str) -> Result<Move, SanError> {
        San::from_ascii(s.trim().as_bytes())?.to_move(self)
    }
}
