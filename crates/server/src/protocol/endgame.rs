//! The wire types of the tablebase and endgame-trainer endpoints
//! (`/api/tb/*`, `/api/endgames/*`, docs/API.md "Endgame trainer"). The
//! trainer's codes (phases, verdicts, reasons, endings) are the
//! [`crate::endgame`] enums themselves; the page words them.

use crate::endgame::{Ending, LearnerResult, Phase, VerdictKind, Why};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `GET /api/tb/status`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct TbStatus {
    pub classes_ready: u32,
    pub classes_total: u32,
    pub generating: bool,
    /// The class being generated now.
    pub current: Option<String>,
    /// Why the last generation stopped, if it failed.
    pub error: Option<String>,
}

/// One legal move of a probed position and the value after it, seen from
/// the side to move there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct TbMove {
    pub uci: String,
    pub san: String,
    #[ts(type = "\"win\" | \"draw\" | \"loss\"")]
    pub wdl: String,
    pub dtm: Option<u32>,
}

/// `GET /api/tb/probe?fen=FEN`, as `guoxiang tb probe FEN --json` prints it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct TbProbe {
    pub fen: String,
    #[ts(type = "\"win\" | \"draw\" | \"loss\"")]
    pub wdl: String,
    /// Plies to mate with best play (`null` in a draw).
    pub dtm: Option<u32>,
    pub moves: Vec<TbMove>,
}

/// One exercise of the trainer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ExerciseView {
    pub key: String,
    pub class: String,
    #[ts(type = "\"win\" | \"draw\"")]
    pub goal: String,
    #[ts(type = "\"white\" | \"black\"")]
    pub learner: String,
    pub phases: Vec<Phase>,
    /// Every table the exercise can reach is there.
    pub ready: bool,
}

/// `GET /api/endgames`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ExerciseList {
    pub exercises: Vec<ExerciseView>,
}

/// `POST /api/endgames/{key}/start`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct StartExercise {
    /// `easy`, `medium` (the default) or `hard`.
    #[serde(default)]
    #[ts(optional, type = "\"easy\" | \"medium\" | \"hard\"")]
    pub difficulty: Option<String>,
    /// The same seed gives the same position.
    #[serde(default)]
    #[ts(optional)]
    pub seed: Option<u64>,
}

/// The answer to [`StartExercise`]: the learner is to move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Started {
    pub fen: String,
    /// Plies to mate (win exercises), `null` in a draw.
    pub dtm: Option<u32>,
    /// The learner's moves to mate with best play, `null` in a draw.
    pub optimal_moves: Option<u32>,
    pub phase: Phase,
}

/// `POST /api/endgames/{key}/move`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ExerciseMove {
    /// The position the learner moves from, with its halfmove clock.
    pub fen: String,
    pub uci: String,
}

/// The coach's verdict on the learner's move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct VerdictView {
    pub kind: VerdictKind,
    /// `slower`: how many moves slower than the best move.
    pub by: Option<u32>,
    pub why: Option<Why>,
    /// `hanging`: the square of the piece left to be taken.
    pub square: Option<String>,
}

/// A move in both notations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct MoveNames {
    pub uci: String,
    pub san: String,
}

/// The defence's answer and the position after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Reply {
    pub uci: String,
    pub san: String,
    pub fen: String,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Over {
    pub result: Ending,
    pub learner: LearnerResult,
}

/// The answer to [`ExerciseMove`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Played {
    /// The learner's move.
    pub san: String,
    /// The position after the learner's move.
    pub fen: String,
    pub verdict: VerdictView,
    /// The best move there was, unless the verdict is `optimal` or `held`.
    pub best: Option<MoveNames>,
    /// `null` when the game ended with the learner's move.
    pub reply: Option<Reply>,
    /// Plies to mate after the reply, the learner to move (`null` if drawn or over).
    pub dtm: Option<u32>,
    pub phase: Option<Phase>,
    pub over: Option<Over>,
}

/// `GET /api/endgames/{key}/hint?fen=FEN&level=1|2|3`: level 1 the square of
/// the piece to move, level 2 the move, level 3 the phase (the page words its idea).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Hint {
    pub level: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub square: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub uci: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub san: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub phase: Option<Phase>,
}
