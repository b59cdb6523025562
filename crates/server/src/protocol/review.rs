//! The wire types of game review (`/api/reviews*`, `/api/games/{id}/review`,
//! docs/API.md "Review"): the request that uploads a PGN, the answer naming the
//! review, and the review as the review page polls it ([`ReviewView`]). Moves are
//! UCI and SAN, positions FEN, squares like `e4`; evaluations are from White's
//! point of view; explanations come in every language at once. How a
//! `guoxiang_review::GameReview` becomes these is in `crate::review::convert`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `POST /api/reviews`: one game in PGN (at most 64 KiB).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ReviewRequest {
    pub pgn: String,
}

/// The answer to a review request (202): the review to poll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ReviewCreated {
    pub id: String,
}

/// Where a review stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ReviewStatus {
    /// Waiting for a free review thread.
    Queued,
    /// Being reviewed: `progress` moves on.
    Running,
    /// Reviewed: `accuracy` and `moves` are filled in.
    Done,
    /// Could not be reviewed: `error` says why.
    Failed,
}

impl ReviewStatus {
    /// The status as the wire and the database write it.
    ///
    /// ```
    /// use guoxiang_server::protocol::review::ReviewStatus;
    /// assert_eq!(ReviewStatus::Running.code(), "running");
    /// assert_eq!(ReviewStatus::from_code("done"), Some(ReviewStatus::Done));
    /// assert_eq!(ReviewStatus::from_code("later"), None);
    /// ```
    pub fn code(self) -> &'static str {
        match self {
            ReviewStatus::Queued => "queued",
            ReviewStatus::Running => "running",
            ReviewStatus::Done => "done",
            ReviewStatus::Failed => "failed",
        }
    }

    /// The status written as `code`, if it is one.
    pub fn from_code(code: &str) -> Option<ReviewStatus> {
        [
            ReviewStatus::Queued,
            ReviewStatus::Running,
            ReviewStatus::Done,
            ReviewStatus::Failed,
        ]
        .into_iter()
        .find(|s| s.code() == code)
    }
}

/// How far a review has got: positions searched of all to search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ReviewProgress {
    pub done: u32,
    pub total: u32,
}

/// Each player's accuracy, 0 to 100 (one decimal).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
pub struct ReviewAccuracy {
    pub white: f64,
    pub black: f64,
}

/// An evaluation from White's point of view: `{"cp": n}` or `{"mate": n}` (mate
/// positive when White mates).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ReviewEval {
    Cp(i32),
    Mate(i32),
}

/// How good a move was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ReviewClass {
    Book,
    Forced,
    Best,
    Excellent,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

/// A text in every language.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ReviewTexts {
    pub en: String,
    #[serde(rename = "zh-CN")]
    pub zh_cn: String,
    #[serde(rename = "zh-TW")]
    pub zh_tw: String,
}

/// An arrow to draw on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ReviewArrow {
    pub from: String,
    pub to: String,
}

/// Why a move was an inaccuracy, a mistake or a blunder, and what to show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ReviewExplanation {
    pub text: ReviewTexts,
    pub arrows: Vec<ReviewArrow>,
    /// Squares to mark (`e4`).
    pub squares: Vec<String>,
}

/// One move reviewed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ReviewMove {
    /// 1 for White's first move.
    pub ply: u32,
    pub san: String,
    pub uci: String,
    /// The position after the move.
    pub fen_after: String,
    pub eval_before: ReviewEval,
    pub eval_after: ReviewEval,
    /// The engine's choice before the move (UCI and SAN), if it had one.
    pub best: Option<String>,
    pub best_san: Option<String>,
    /// The engine's line from the position before the move (UCI), from `best` on.
    pub best_line: Vec<String>,
    pub class: ReviewClass,
    pub explanation: Option<ReviewExplanation>,
}

/// `GET /api/reviews/{id}`: a review, whatever its status.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ReviewView {
    pub id: String,
    /// The server game reviewed; `null` for an uploaded PGN.
    pub game_id: Option<String>,
    pub status: ReviewStatus,
    pub progress: ReviewProgress,
    /// The players as the PGN names them (`?` when it does not).
    pub white: String,
    pub black: String,
    /// The game's result as PGN writes it: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// The position the game starts from.
    pub start_fen: String,
    /// Once done.
    pub accuracy: Option<ReviewAccuracy>,
    /// Once done: every move of the game.
    pub moves: Vec<ReviewMove>,
    /// Once failed: why.
    pub error: Option<String>,
}

/// The declarations of these types for the generated TypeScript.
pub(crate) fn decls(cfg: &ts_rs::Config) -> Vec<String> {
    vec![
        ReviewRequest::decl(cfg),
        ReviewCreated::decl(cfg),
        ReviewStatus::decl(cfg),
        ReviewProgress::decl(cfg),
        ReviewAccuracy::decl(cfg),
        ReviewEval::decl(cfg),
        ReviewClass::decl(cfg),
        ReviewTexts::decl(cfg),
        ReviewArrow::decl(cfg),
        ReviewExplanation::decl(cfg),
        ReviewMove::decl(cfg),
        ReviewView::decl(cfg),
    ]
}
