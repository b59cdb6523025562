//! # guoxiang-tablebase
//!
//! Exact depth-to-mate (DTM) endgame tables for every material class of three or four
//! pieces, made by our own retrograde generator on the rules of `guoxiang-core`, stored in
//! our own compact file format (`DIR/<CLASS>.gxtb`), and probed in well under a microsecond.
//!
//! ```no_run
//! use guoxiang_tablebase::{generate, Class, Tablebase, Position, Wdl};
//! let dir = std::path::Path::new("data/tablebase");
//! generate(dir, &["KQK".parse::<Class>().unwrap()], 2, &mut |_| {}).unwrap();
//! let tb = Tablebase::open(dir);
//! let pos = Position::from_fen("8/8/8/4k3/8/8/8/KQ6 w - - 0 1").unwrap();
//! let probe = tb.probe(&pos).unwrap();
//! assert_eq!(probe.wdl, Wdl::Win);
//! ```

// Pieces are described by parallel arrays (squares, colours, roles) indexed by one piece
// number; index loops say that more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

mod board;
mod class;
mod format;
mod generate;
mod layout;
mod place;
mod probe;
mod retro;
mod sample;

pub use class::{Class, ParseClassError};
pub use generate::{generate, GenError, GenEvent};
pub use guoxiang_core::{Color, Move, Position};
pub use probe::Tablebase;

use std::fmt;

/// Win/draw/loss for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    Loss,
    Draw,
    Win,
}

impl Wdl {
    /// `"loss"`, `"draw"` or `"win"`.
    ///
    /// ```
    /// assert_eq!(guoxiang_tablebase::Wdl::Win.as_str(), "win");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Wdl::Loss => "loss",
            Wdl::Draw => "draw",
            Wdl::Win => "win",
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The value of one position for its side to move.
///
/// `dtm` = plies to mate with best play (0 = side to move is checkmated; odd = side to move
/// wins; even = side to move loses; `None` iff `wdl == Draw`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    pub wdl: Wdl,
    pub dtm: Option<u32>,
}

impl Probe {
    /// A draw.
    pub const DRAW: Probe = Probe {
        wdl: Wdl::Draw,
        dtm: None,
    };

    /// The probe for a distance to mate in plies: odd wins, even loses.
    ///
    /// ```
    /// use guoxiang_tablebase::{Probe, Wdl};
    /// assert_eq!(Probe::from_dtm(0).wdl, Wdl::Loss);
    /// assert_eq!(Probe::from_dtm(19).wdl, Wdl::Win);
    /// ```
    pub const fn from_dtm(dtm: u32) -> Probe {
        Probe {
            wdl: if dtm % 2 == 1 { Wdl::Win } else { Wdl::Loss },
            dtm: Some(dtm),
        }
    }

    /// The probe of a table byte.
    pub(crate) fn from_byte(v: u8) -> Probe {
        if v == retro::DRAW || v > retro::MAX_DTM {
            Probe::DRAW
        } else {
            Probe::from_dtm(v as u32)
        }
    }
}

/// A legal move and the value of the position after it, seen from the side to move THERE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveProbe {
    pub mv: Move,
    pub after: Probe,
}

/// What a table file says about its class.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ClassInfo {
    pub class: String,
    pub positions: u64,
    pub max_dtm: u32,
    pub file_bytes: u64,
    pub generated_ms: u64,
}

/// Why a position could not be probed.
#[derive(Debug, thiserror::Error)]
pub enum ProbeError {
    #[error("the position has {count} pieces; the tables hold at most 4 (kings included)")]
    TooManyPieces { count: u32 },
    #[error("the position has castling rights; the tables hold positions without them")]
    CastlingRights,
    #[error("the table for {class} is not there (yet): run `guoxiang tb gen`")]
    MissingTable { class: Class },
    #[error("the table for {class} is corrupt: {reason}")]
    Corrupt { class: Class, reason: String },
    #[error("cannot read the table for {class}: {source}")]
    Io {
        class: Class,
        #[source]
        source: std::io::Error,
    },
}
