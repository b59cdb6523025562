//! An unvalidated position (what a FEN describes), and the reasons it can be illegal.

use crate::{Bitboard, Board, CastlingRights, CastlingSide, Color, Square};
use core::fmt;

/// Everything a FEN says, not yet checked for legality. Turn it into a
/// [`Position`](crate::Position) with [`Position::from_setup`](crate::Position::from_setup).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub board: Board,
    pub turn: Color,
    pub castling: CastlingRights,
    pub en_passant: Option<Square>,
    /// Half-moves since the last capture or pawn move (for the 50/75-move rules).
    pub halfmove_clock: u32,
    /// The move number, starting at 1 and counted up after Black moves.
    pub fullmove_number: u32,
}

impl Setup {
    /// The starting position.
    pub const fn standard() -> Setup {
        Setup {
            board: Board::standard(),
            turn: Color::White,
            castling: CastlingRights::ALL,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::standard()
    }
}

/// Why a setup is not a legal chess position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("{color} has no king")]
    MissingKing { color: Color },
    #[error("{color} has {count} kings; each side has exactly one")]
    TooManyKings { color: Color, count: u32 },
    #[error("a pawn stands on {square}, but pawns can never be on the first or last rank")]
    PawnOnBackRank { square: Square },
    #[error("{color} has {count} pieces; a side has at most 16")]
    TooManyPieces { color: Color, count: u32 },
    #[error("{color} has {count} pawns; a side has at most 8")]
    TooManyPawns { color: Color, count: u32 },
    #[error("{color} is not to move but is in check (from {square}); the position cannot arise")]
    OppositeCheck { color: Color, square: Square },
    #[error(
        "the side to move is checked by {count} pieces at once; at most two pieces can give check"
    )]
    TooManyCheckers { count: u32 },
    /// The side to move is in check in a way no last move can have given: see
    /// [`ImpossibleCheck`] (python-chess and shakmaty refuse these too).
    #[error("the check on the king on {king} from {checkers} cannot have arisen: {reason}")]
    ImpossibleCheck {
        /// The king in check.
        king: Square,
        /// The pieces giving check.
        checkers: SquareList,
        reason: ImpossibleCheck,
    },
    #[error("castling right {side:?} for {color} needs the king on {king} and the rook on {rook}")]
    InvalidCastlingRights {
        color: Color,
        side: CastlingSide,
        king: Square,
        rook: Square,
    },
    #[error("en-passant square {square} is impossible: {reason}")]
    InvalidEnPassant {
        square: Square,
        reason: &'static str,
    },
    #[error("the move number must be at least 1")]
    ZeroFullmoveNumber,
}

/// Why a check on the side to move cannot have arisen from any last move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ImpossibleCheck {
    /// Two checkers stand on one line with the king: before the last move one of
    /// them would already have given check, or been blocked by the other.
    Aligned,
    /// Two checkers of which neither is a bishop, rook or queen: a double check is
    /// always the moved piece plus a slider it uncovered.
    TwoSteppers,
    /// The en-passant square says the last move was a pawn's two-square step from
    /// `from`, which could not have given this check.
    EnPassant { from: Square },
}

impl fmt::Display for ImpossibleCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImpossibleCheck::Aligned => f.write_str("two checkers on one line with the king"),
            ImpossibleCheck::TwoSteppers => {
                f.write_str("two checkers of which neither is a bishop, rook or queen")
            }
            ImpossibleCheck::EnPassant { from } => write!(
                f,
                "the en-passant square says the last move was the pawn's step from {from}, \
                 which could not have given this check"
            ),
        }
    }
}

/// Squares, written `e4, f5` (the pieces an error names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SquareList(pub Bitboard);

impl fmt::Display for SquareList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, sq) in self.0.into_iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}
