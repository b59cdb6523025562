//! PGN (Portable Game Notation): a streaming reader with a visitor interface,
//! game trees, and a writer.
//!
//! * [`Reader`] reads any [`std::io::Read`] in constant memory (one buffer of a
//!   little more than the largest of [`Limits`]) and calls a [`Visitor`] for the
//!   tags, moves, NAGs, comments, variations and result of each game. It never
//!   allocates per token and tracks variation nesting as a counter, so neither a
//!   10 MB line nor 10,000 nested variations troubles it. It recovers from bad
//!   input: problems inside a game go to [`Visitor::error`]; garbage between
//!   games is skipped up to the end of its line and reported as an error.
//! * [`Reader::games`] gives [`GameRecord`] trees (bounded by [`RecordLimits`]).
//! * [`GameRecord::to_pgn`] writes export-format PGN; reading it back gives the
//!   same tree. [`GameRecord::from_moves`] makes a record from moves.
//! * [`Replay`] plays every move of each game with full legality checks while
//!   streaming; [`GameRecord::replay`] does the same for a record.
//!
//! ```
//! use guoxiang_core::pgn::{GameResult, Reader};
//! let pgn = "[Event \"Casual\"]\n[White \"Anderssen\"]\n\n\
//!            1. e4 e5 2. f4!? {The King's Gambit} (2. Nf3 Nc6) 2... exf4 1-0\n";
//! let game = Reader::new(pgn.as_bytes()).games().next().unwrap().unwrap();
//! assert_eq!(game.tag("White"), Some("Anderssen"));
//! assert_eq!(game.mainline().collect::<Vec<_>>(), ["e4", "e5", "f4", "exf4"]);
//! assert_eq!(game.moves[2].nags, [5]);
//! assert_eq!(game.moves[2].variations[0][0].san, "Nf3");
//! assert_eq!(game.result, GameResult::WhiteWins);
//! let again = Reader::new(game.to_pgn().as_bytes()).games().next().unwrap().unwrap();
//! assert_eq!(again.moves, game.moves);
//! ```

mod error;
mod reader;
mod record;
mod replay;
mod visitor;
mod writer;

pub use error::{ErrorKind, Location, PgnError, SyntaxError};
pub use reader::{Limits, Reader};
pub use record::{GameRecord, Games, MoveNode, RecordBuilder, RecordLimits};
pub use replay::{Replay, ReplayError, Replayed, MAX_REPLAY_DEPTH};
pub use visitor::{nag_from_glyph, GameResult, ParseResultError, Skip, Visitor};
pub use writer::{MAX_LINE, SEVEN_TAG_ROSTER};
