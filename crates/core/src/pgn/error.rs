//! Errors of the PGN reader and of the game-record builder, each with the place
//! in the input (line, column and byte offset) where it was found.

use std::fmt;
use std::io;

/// A place in the input: 1-based line and column (in bytes), and 0-based byte offset
/// from the start of the stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Location {
    /// Line number, counting from 1.
    pub line: u64,
    /// Column in bytes, counting from 1.
    pub column: u64,
    /// Byte offset from the start of the stream, counting from 0.
    pub offset: u64,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {} (byte {})",
            self.line, self.column, self.offset
        )
    }
}

/// What went wrong while reading PGN. The reader recovers from every one of
/// these; see [`SyntaxError`] for where they are reported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Bytes between games that cannot start a game; the rest of the line was skipped.
    #[error("garbage between games (byte 0x{byte:02x}); skipped to the end of the line")]
    GarbageBetweenGames {
        /// The first offending byte.
        byte: u8,
    },
    /// A byte that has no meaning in movetext; the run of such bytes was skipped.
    #[error("unexpected byte 0x{byte:02x} in movetext; skipped")]
    UnexpectedByte {
        /// The first offending byte.
        byte: u8,
    },
    /// A tag pair that is not `[Name "value"]`.
    #[error("malformed tag pair: {reason}")]
    MalformedTag {
        /// What is wrong.
        reason: &'static str,
    },
    /// A tag name or value longer than the limit; it was truncated.
    #[error("tag name or value longer than {limit} bytes; truncated")]
    TagTooLong {
        /// The limit in force.
        limit: usize,
    },
    /// A tag value without its closing quote on the same line.
    #[error("tag value not closed by '\"' before the end of the line")]
    UnterminatedTag,
    /// A `{` comment longer than the limit; only its first bytes were kept.
    #[error("comment longer than {limit} bytes; truncated")]
    CommentTooLong {
        /// The limit in force.
        limit: usize,
    },
    /// A `{` comment still open at the end of the input.
    #[error("comment not closed by '}}' before the end of the input")]
    UnterminatedComment,
    /// A movetext token (SAN, move number, ...) longer than the limit; skipped.
    #[error("token longer than {limit} bytes; skipped")]
    TokenTooLong {
        /// The limit in force.
        limit: usize,
    },
    /// `$` not followed by a number from 0 to 255, or an unknown `!`/`?` glyph.
    #[error("invalid annotation glyph: {reason}")]
    InvalidNag {
        /// What is wrong.
        reason: &'static str,
    },
    /// A `)` without a matching `(`; ignored.
    #[error("')' without a matching '('; ignored")]
    UnmatchedCloseParen,
    /// The game ended with variations still open; they were closed.
    #[error("{open} variation(s) still open at the end of the game; closed")]
    UnclosedVariations {
        /// How many were open.
        open: u64,
    },
    /// A game result inside a variation; ignored.
    #[error("game result inside a variation; ignored")]
    ResultInVariation,
    /// An annotation glyph or comment with no move to belong to; dropped by the
    /// game-record builder.
    #[error("annotation glyph before the first move of a line; dropped")]
    NagWithoutMove,
    /// A variation with no move before it to be an alternative to; skipped by
    /// the game-record builder.
    #[error("variation before the first move of a line; skipped")]
    VariationWithoutMove,
    /// The game has more moves (over all variations) than the record builder keeps.
    #[error("game has more than {limit} moves (counting variations)")]
    TooManyNodes {
        /// The limit in force.
        limit: usize,
    },
    /// Variations nested deeper than the record builder keeps.
    #[error("variations nested deeper than {limit}")]
    TooDeep {
        /// The limit in force.
        limit: usize,
    },
    /// More tag pairs than the record builder keeps.
    #[error("game has more than {limit} tag pairs")]
    TooManyTags {
        /// The limit in force.
        limit: usize,
    },
    /// More comment and tag text than the record builder keeps.
    #[error("game has more than {limit} bytes of comments and tags")]
    TooMuchText {
        /// The limit in force.
        limit: usize,
    },
}

/// A problem in the input, and where it is.
///
/// ```
/// use guoxiang_core::pgn::{ErrorKind, Location, SyntaxError};
/// let e = SyntaxError { kind: ErrorKind::UnmatchedCloseParen, at: Location { line: 3, column: 7, offset: 40 } };
/// assert_eq!(e.to_string(), "line 3, column 7 (byte 40): ')' without a matching '('; ignored");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{at}: {kind}")]
pub struct SyntaxError {
    /// What went wrong.
    pub kind: ErrorKind,
    /// Where.
    pub at: Location,
}

/// Everything reading PGN can fail with.
#[derive(Debug, thiserror::Error)]
pub enum PgnError {
    /// The underlying reader failed. Reading stops.
    #[error("I/O error reading PGN: {0}")]
    Io(#[from] io::Error),
    /// The input is not good PGN here. Reading may go on with the next game.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
}

impl PgnError {
    /// Where the problem is, for syntax errors.
    pub fn location(&self) -> Option<Location> {
        match self {
            PgnError::Io(_) => None,
            PgnError::Syntax(e) => Some(e.at),
        }
    }

    /// The syntax error's kind, if it is one.
    pub fn kind(&self) -> Option<&ErrorKind> {
        match self {
            PgnError::Io(_) => None,
            PgnError::Syntax(e) => Some(&e.kind),
        }
    }
}
