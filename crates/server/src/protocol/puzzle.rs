//! The wire types of the puzzles (`/api/puzzles*`, docs/API.md "Puzzles"): a puzzle
//! as the trainer shows it, the theme list with the lessons' drills, one judged move
//! and one rated attempt. Moves are UCI, positions FEN; texts are in the asked
//! language. How a puzzle becomes a [`PuzzleView`] is in `http/puzzles`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A theme of a puzzle: its code and its name in the asked language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PuzzleThemeRef {
    pub code: String,
    pub name: String,
}

/// A puzzle (`GET /api/puzzles/next`, `/daily`, `/{id}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PuzzleView {
    pub id: String,
    /// The position with the solver to move (after the mistake).
    pub fen: String,
    /// The position before the opponent's mistake.
    pub before: String,
    /// The opponent's mistake, played from `before` (UCI and SAN).
    pub mistake: String,
    pub mistake_san: String,
    /// The whole solution from `fen`: the solver's moves at even indices.
    pub moves: Vec<String>,
    pub sans: Vec<String>,
    pub themes: Vec<PuzzleThemeRef>,
    /// The puzzle's current rating (rounded) and deviation.
    pub rating: i32,
    pub rd: i32,
    /// Attempts counted so far on this server.
    #[ts(type = "number")]
    pub plays: u64,
    #[ts(type = "\"mate\" | \"win\" | \"draw\"")]
    pub goal: String,
    /// Mate puzzles: in how many solver moves.
    pub mate_in: Option<u32>,
    /// The legal moves at `fen` (UCI).
    pub legal: Vec<String>,
}

/// One theme of the list, with how many puzzles have it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PuzzleThemeInfo {
    pub code: String,
    pub name: String,
    pub description: String,
    #[ts(type = "number")]
    pub count: u64,
}

/// The themes that drill one lesson of the course.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PuzzleDrill {
    pub lesson: String,
    pub themes: Vec<String>,
}

/// `GET /api/puzzles/themes`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PuzzleThemes {
    pub themes: Vec<PuzzleThemeInfo>,
    pub drills: Vec<PuzzleDrill>,
}

/// `POST /api/puzzles/{id}/move`: the solver's move at ply `ply` of the solution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PuzzleMove {
    /// The index in `moves` of the solver's move (even).
    pub ply: u32,
    pub uci: String,
    /// The language of `why` (else `?lang=`, else English).
    #[serde(default)]
    #[ts(optional, type = "\"zh-CN\" | \"zh-TW\" | \"en\"")]
    pub lang: Option<String>,
}

/// The answer to [`PuzzleMove`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PuzzleMoved {
    /// `right`: play on after `reply`; `solved`: the puzzle is done; `wrong`: a legal
    /// move that is not the solution; `illegal`: not a legal move.
    #[ts(type = "\"right\" | \"solved\" | \"wrong\" | \"illegal\"")]
    pub verdict: String,
    /// The move judged (UCI as the server reads it, SAN); `null` when illegal.
    pub uci: Option<String>,
    pub san: Option<String>,
    /// `right`: the opponent's answer from the solution.
    pub reply: Option<String>,
    pub reply_san: Option<String>,
    /// Where the solver moves next (`right`: after the reply; `wrong`, `illegal`:
    /// unchanged; `solved`: after the solver's move).
    pub fen: String,
    /// The legal moves at `fen` (empty once solved).
    pub legal: Vec<String>,
    /// `wrong`: the opponent's best answer and the line after it (a short search).
    pub refutation: Vec<String>,
    pub refutation_san: Vec<String>,
    /// Why the move is wrong or illegal, in the asked language.
    pub why: Option<String>,
    /// `wrong`: the solution's moves from this ply on.
    pub solution: Option<Vec<String>>,
}

/// A Glicko-2 rating (a solver's, kept by the client).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
pub struct PlayerRating {
    pub rating: f64,
    pub rd: f64,
    pub vol: f64,
}

/// `POST /api/puzzles/{id}/attempt`: one finished try.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PuzzleAttempt {
    pub solved: bool,
    /// The solver's rating before (a new solver's when absent: 1500/350/0.06).
    #[serde(default)]
    #[ts(optional)]
    pub player: Option<PlayerRating>,
}

/// A puzzle's rating after an attempt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PuzzleRatingView {
    pub rating: i32,
    pub rd: i32,
    #[ts(type = "number")]
    pub plays: u64,
}

/// The answer to [`PuzzleAttempt`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct PuzzleAttempted {
    /// The solver's rating after the attempt (keep it for the next one).
    pub player: PlayerRating,
    /// How much the solver's rating moved, rounded.
    pub delta: i32,
    pub puzzle: PuzzleRatingView,
}
