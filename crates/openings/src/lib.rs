//! # guoxiang-openings
//!
//! Names the opening a game reached: a table of named openings (`openings.tsv`: ECO
//! code, a stable key, the English name and the moves), matched by position, so that
//! transpositions are found. The names in Chinese (简/繁) and English are in the
//! message catalogue of guoxiang-i18n under `opening.<key>`.
//!
//! A game is named by the deepest entry (the one with the longest line) among the
//! positions it passed through; of two equally deep entries the later one wins.
//!
//! ```
//! use guoxiang_core::Position;
//! use guoxiang_openings::classify;
//!
//! let mut pos = Position::new();
//! let mut moves = Vec::new();
//! for san in ["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6", "Nc3", "a6"] {
//!     let m = pos.parse_san(san).unwrap();
//!     pos.play_unchecked(m);
//!     moves.push(m);
//! }
//! let opening = classify(&moves).unwrap();
//! assert_eq!((opening.eco, opening.key), ("B90", "sicilian_najdorf"));
//! assert_eq!(opening.name, "Sicilian Defence: Najdorf Variation");
//! ```

mod index;
mod line;
pub mod repertoire;
mod table;

pub use line::{read_line, LineError, LineMove, MoveNumber};
pub use table::{all, by_key, parse, Opening, TableError};

use guoxiang_core::{Move, Position};

use index::Entry;

/// The deepest named opening reached by `moves` played from the standard start, or
/// `None` when no position on the way has a name. Replay stops at the first illegal
/// move (what follows it is not a game from the start).
///
/// ```
/// use guoxiang_core::Position;
/// let pos = Position::new();
/// let e4 = pos.parse_san("e4").unwrap();
/// assert_eq!(guoxiang_openings::classify(&[e4]).unwrap().key, "kings_pawn_game");
/// assert_eq!(guoxiang_openings::classify(&[]), None);
/// ```
pub fn classify(moves: &[Move]) -> Option<&'static Opening> {
    let mut pos = Position::new();
    let mut tracker = Tracker::new();
    for &m in moves {
        if pos.play(m).is_err() {
            break;
        }
        tracker.observe(&pos);
    }
    tracker.opening()
}

/// The deepest named opening among `positions` (for example `Game::positions()` of a
/// game from the standard start). Only whole positions are compared, so this also
/// names a game whose moves are not at hand.
///
/// ```
/// use guoxiang_core::Game;
/// let mut game = Game::new();
/// for san in ["d4", "d5", "c4", "e6"] {
///     game.play_san(san).unwrap();
/// }
/// let opening = guoxiang_openings::classify_positions(game.positions()).unwrap();
/// assert_eq!(opening.key, "queens_gambit_declined");
/// ```
pub fn classify_positions<'a>(
    positions: impl IntoIterator<Item = &'a Position>,
) -> Option<&'static Opening> {
    let mut tracker = Tracker::new();
    for pos in positions {
        tracker.observe(pos);
    }
    tracker.opening()
}

/// The opening named at exactly this position, if the table has one (one hash lookup).
///
/// ```
/// use guoxiang_core::Position;
/// let mut pos = Position::new();
/// for san in ["c4"] {
///     let m = pos.parse_san(san).unwrap();
///     pos.play_unchecked(m);
/// }
/// assert_eq!(guoxiang_openings::named_at(&pos).unwrap().name, "English Opening");
/// assert_eq!(guoxiang_openings::named_at(&Position::new()), None);
/// ```
pub fn named_at(pos: &Position) -> Option<&'static Opening> {
    index::entry(pos).map(|e| e.opening)
}

/// Names a game move by move, for a caller that sees one position at a time (a server
/// adding moves as they are played): one hash lookup per position. After a takeback,
/// start again with [`classify_positions`] over the positions that remain.
///
/// ```
/// use guoxiang_core::Game;
/// use guoxiang_openings::Tracker;
///
/// let mut game = Game::new();
/// let mut tracker = Tracker::new();
/// for san in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Be7"] {
///     game.play_san(san).unwrap();
///     tracker.observe(game.position());
/// }
/// assert_eq!(tracker.opening().unwrap().name, "Hungarian Defence");
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Tracker {
    best: Option<Entry>,
}

impl Tracker {
    /// A tracker that has seen no named position yet.
    pub fn new() -> Tracker {
        Tracker::default()
    }

    /// Takes in the next position of the game and returns the opening named so far.
    pub fn observe(&mut self, pos: &Position) -> Option<&'static Opening> {
        if let Some(found) = index::entry(pos) {
            if self.best.is_none_or(|best| found.plies >= best.plies) {
                self.best = Some(found);
            }
        }
        self.opening()
    }

    /// The deepest named opening seen so far.
    pub fn opening(&self) -> Option<&'static Opening> {
        self.best.map(|e| e.opening)
    }
}
