//! Wire types of the tournaments (issue 19): the creation form, the list, and a
//! tournament's page (players, pairings per round or the arena's games, standings
//! with tie-breaks, the crosstable, and what the viewer may do). docs/API.md
//! "Tournaments" shows each with an example checked by [`example`].

use crate::clock::TimeControl;
pub use crate::tournaments::model::{Kind, Phase};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `POST /api/tournaments`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct CreateTournament {
    /// 1–60 characters.
    pub name: String,
    pub kind: Kind,
    /// Wall-clock ms (Unix epoch); at most 90 days ahead; a past time starts now.
    pub starts_at: i64,
    /// Swiss: 1–20 rounds (round robins: from the number of players; arena: none).
    #[serde(default)]
    pub rounds: Option<u32>,
    /// Arena: the duration, 5–600 minutes.
    #[serde(default)]
    pub minutes: Option<u32>,
    /// The games' clock (timed).
    pub control: TimeControl,
    #[serde(default)]
    pub rated: bool,
    /// A player who has not moved this many seconds after the game started loses
    /// by forfeit (1–3600; 60 when absent).
    #[serde(default)]
    pub forfeit_after_s: Option<u32>,
    /// Arena: whether its players may berserk (true when absent); other kinds:
    /// absent or false.
    #[serde(default)]
    #[ts(optional)]
    pub berserk: Option<bool>,
}

/// A tournament in the list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TournamentSummary {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub status: Phase,
    pub starts_at: i64,
    /// Arena: when pairing stops.
    pub ends_at: Option<i64>,
    pub players: u32,
    /// Planned rounds (arena: 0).
    pub rounds: u32,
    /// Rounds paired so far.
    pub round: u32,
    pub control: TimeControl,
    pub rated: bool,
    pub forfeit_after_s: u32,
    /// Arena: its players may berserk.
    pub berserk: bool,
    /// The creator's name.
    pub created_by: String,
}

/// `GET /api/tournaments`: the latest 100 by start time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TournamentList {
    pub tournaments: Vec<TournamentSummary>,
}

/// An entrant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TournamentPlayer {
    /// Starting rank (before the start: the order of joining).
    pub rank: u32,
    pub name: String,
    pub rating: u32,
    /// Points (arena: arena points).
    pub score: f64,
    pub withdrawn: bool,
    /// Arena: paused after a forfeit until the player joins again.
    pub paused: bool,
}

/// One board of a round (or one arena game).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct TournamentBoard {
    /// 1-based.
    pub board: u32,
    /// Starting ranks.
    pub white: u32,
    pub black: u32,
    /// The game (`/play/{id}`, `/api/games/{id}`), once started.
    pub game: Option<String>,
    /// `1-0`, `½-½`, `0-1`, `+/-`, `-/+`, `-/-`; `null` while played.
    pub result: Option<String>,
    /// Arena: who berserked, known once the game has ended.
    pub berserk: crate::protocol::Berserked,
}

/// A round's pairings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct TournamentRound {
    pub round: u32,
    pub boards: Vec<TournamentBoard>,
    /// The player without a game (round robin: no points; Swiss: a point).
    pub bye: Option<u32>,
}

/// A line of the standings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TournamentStanding {
    /// Shared by players tied on everything.
    pub place: u32,
    pub rank: u32,
    pub name: String,
    pub score: f64,
    /// In the order of [`TournamentView::tiebreaks`].
    pub tiebreaks: Vec<f64>,
}

/// A line of the crosstable: round robin, one cell per opponent by starting rank
/// (`1`, `½`, `0`, `+`, `-`; two characters in a double round robin; `×` against
/// oneself, empty before played); Swiss, one cell per round (`5w1`: against rank 5
/// with White, won; `3b½`; `4w+` a forfeit win; `bye`; empty: not paired).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TournamentCross {
    pub rank: u32,
    pub name: String,
    pub cells: Vec<String>,
    pub score: f64,
}

/// The viewer's part.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct TournamentMe {
    /// In the tournament (and not withdrawn).
    pub joined: bool,
    /// The viewer's game being played, if any.
    pub game: Option<String>,
    /// The creator or an admin: may start it now or cancel it before the start.
    pub can_manage: bool,
}

/// `GET /api/tournaments/{id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct TournamentView {
    pub info: TournamentSummary,
    pub players: Vec<TournamentPlayer>,
    pub pairings: Vec<TournamentRound>,
    /// Arena: its games, latest first.
    pub arena: Vec<TournamentBoard>,
    /// The tie-breaks' FIDE C.07 codes (`BH-C1`, `BH`, `SB`, `DE`, `WIN`, `KS`).
    pub tiebreaks: Vec<String>,
    pub standings: Vec<TournamentStanding>,
    /// Empty for an arena.
    pub crosstable: Vec<TournamentCross>,
    /// `null` when not signed in.
    pub me: Option<TournamentMe>,
}

/// This module's TypeScript declarations (added to [`super::typescript`]).
pub fn decls(cfg: &ts_rs::Config) -> Vec<String> {
    vec![
        Kind::decl(cfg),
        Phase::decl(cfg),
        CreateTournament::decl(cfg),
        TournamentSummary::decl(cfg),
        TournamentList::decl(cfg),
        TournamentPlayer::decl(cfg),
        TournamentBoard::decl(cfg),
        TournamentRound::decl(cfg),
        TournamentStanding::decl(cfg),
        TournamentCross::decl(cfg),
        TournamentMe::decl(cfg),
        TournamentView::decl(cfg),
    ]
}

/// docs/API.md's examples of this module's types: whether `name` is one of them
/// (then `text` must parse as it, see `super::tests`).
#[cfg(test)]
pub(crate) fn example(name: &str, text: &str) -> bool {
    use super::tests::parses;
    match name {
        "CreateTournament" => parses::<CreateTournament>(name, text),
        "TournamentList" => parses::<TournamentList>(name, text),
        "TournamentView" => parses::<TournamentView>(name, text),
        _ => return false,
    }
    true
}
