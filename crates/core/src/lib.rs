//! # guoxiang-core
//!
//! The laws of chess, exactly: board and pieces, legal move generation, every way a
//! game ends, and the notations (FEN, SAN, UCI, PGN) read and written to the
//! standard. It knows nothing of search, networks or terminals.
//!
//! ```
//! use guoxiang_core::{Game, Outcome, WinReason, Color};
//! let mut game = Game::new();
//! for san in ["f3", "e5", "g4", "Qh4#"] {
//!     game.play_san(san).unwrap();
//! }
//! assert_eq!(game.outcome(), Some(Outcome::Decisive { winner: Color::Black, reason: WinReason::Checkmate }));
//! ```

pub mod attacks;
mod bitboard;
mod board;
mod castling;
mod color;
pub mod dead;
pub mod explain;
pub mod fen;
mod from_to;
pub mod game;
mod geometry;
mod movegen;
mod moves;
pub mod outcome;
pub mod pgn;
mod piece;
mod polyglot_keys;
mod position;
pub mod san;
mod setup;
mod square;
pub mod uci;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use castling::{back_rank, CastlingRights, CastlingSide, CastlingSquares};
pub use color::Color;
pub use explain::{Attacker, IllegalReason};
pub use fen::{FenError, FenMode};
pub use from_to::{FromTo, FromToError};
pub use game::{ClaimableDraw, Game, GameError};
pub use movegen::perft;
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use piece::{Piece, Role};
pub use position::{IllegalMoveError, Position};
pub use san::{San, SanError, SanStyle};
pub use setup::{ImpossibleCheck, PositionError, Setup, SquareList};
pub use square::{File, ParseSquareError, Rank, Square};
pub use uci::{UciError, UciMove};
