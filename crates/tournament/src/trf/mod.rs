//! The FIDE Tournament Report File (TRF-16, FIDE C.04 Annex 2) with the TRF(x)
//! extensions that the pairing programs JaVaFo and bbpPairings read: `XXR` (the number
//! of rounds) and `XXC white1`/`black1` (the colour of the top player in round 1).
//!
//! A player line (`001`) is read by its columns: starting rank 5–8, sex 10, title
//! 11–13, name 15–47, rating 49–52, federation 54–56, FIDE id 58–68, birth date 70–79,
//! points 81–84, rank 86–89, then one block of ten columns per round from column 92:
//! the opponent's starting rank (4 columns, `0000` for none), a space, the colour
//! (`w`, `b`, `-`), a space, the result (`1 = 0` played, `W D L` played but unrated,
//! `+ -` forfeit, `H F U Z` the half-point, full-point, pairing-allocated and
//! zero-point byes, blank for not paired). Other header lines are kept as written.
//!
//! [`read`] never panics: a bad file is refused with its line and the reason
//! ([`TrfError`]), and so is an inconsistent one (a game that the opponent's line does
//! not record the same way, points that the results do not give). [`write`] writes
//! the canonical form, which [`read`] reads back to the same [`crate::Tournament`].

mod read;
mod write;

pub use read::read;
pub use write::write;

use thiserror::Error;

/// A TRF file that cannot be read: the line (1-based) and the reason.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {reason}")]
pub struct TrfError {
    /// The line, 1-based.
    pub line: usize,
    /// What is wrong with it.
    pub reason: Reason,
}

/// What is wrong with a line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Reason {
    /// The line is shorter than the starting rank's columns, or it is blank there.
    #[error("a player line needs its starting rank in columns 5-8")]
    NoStartingRank,
    /// A numeric field holds something else.
    #[error("the {field} {text:?} (columns {columns}) is not a number")]
    NotANumber {
        /// The field's name.
        field: &'static str,
        /// The columns, e.g. `49-52`.
        columns: &'static str,
        /// What is there.
        text: String,
    },
    /// The starting rank is 0.
    #[error("the starting rank must be 1 or more")]
    ZeroStartingRank,
    /// The points are not a multiple of ½.
    #[error("the points {0:?} (columns 81-84) are not a number of half points")]
    BadPoints(String),
    /// An unknown colour letter.
    #[error("round {round}: the colour {found:?} (column {column}) is not w, b or -")]
    BadColour {
        /// The round, 1-based.
        round: usize,
        /// The column, 1-based.
        column: usize,
        /// The character found.
        found: char,
    },
    /// An unknown result letter.
    #[error("round {round}: the result {found:?} (column {column}) is not one of 1 = 0 W D L + - H F U Z")]
    BadResult {
        /// The round, 1-based.
        round: usize,
        /// The column, 1-based.
        column: usize,
        /// The character found.
        found: char,
    },
    /// A bye with an opponent.
    #[error("round {0}: a bye has no opponent (0000), not {1}")]
    ByeWithOpponent(usize, u32),
    /// A game result without an opponent.
    #[error("round {0}: a game result needs an opponent")]
    GameWithoutOpponent(usize),
    /// A game result without a colour.
    #[error("round {0}: a game played needs its colour, w or b")]
    GameWithoutColour(usize),
    /// Two player lines with one starting rank.
    #[error("starting rank {0} is used by an earlier line too")]
    DuplicatePlayer(u32),
    /// An opponent who is not a player.
    #[error("round {round}: opponent {opponent} has no player line")]
    UnknownOpponent {
        /// The round, 1-based.
        round: usize,
        /// The starting rank named.
        opponent: u32,
    },
    /// A player paired with themself.
    #[error("round {0}: a player cannot be their own opponent")]
    OwnOpponent(usize),
    /// The two lines of one game disagree.
    #[error(
        "round {round}: player {player} met {opponent}, but {opponent}'s line records {theirs}"
    )]
    Mismatch {
        /// The round, 1-based.
        round: usize,
        /// This line's player.
        player: u32,
        /// The opponent.
        opponent: u32,
        /// What the opponent's line says, in words.
        theirs: String,
    },
    /// The points column does not match the results.
    #[error("the points {declared} (columns 81-84) are not the {computed} that the results give")]
    PointsMismatch {
        /// Written in the file.
        declared: crate::Score,
        /// Counted from the results.
        computed: crate::Score,
    },
    /// `XXR` without a number of rounds.
    #[error("XXR needs the number of rounds, not {0:?}")]
    BadRounds(String),
    /// `XXC` without `white1` or `black1`.
    #[error("XXC needs white1 or black1, not {0:?}")]
    BadFirstColour(String),
    /// A line that is not text.
    #[error("the line is not UTF-8 text")]
    NotText,
}
