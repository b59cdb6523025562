//! The wire types of the openings endpoints (`/api/openings`,
//! `/api/openings/repertoire`, `/api/explorer`; docs/API.md "Openings" and
//! "Explorer"). Names and learner texts come in the three languages at once.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A text in the three languages: an opening's name or a learner text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct OpeningTexts {
    pub en: String,
    #[serde(rename = "zh-CN")]
    pub zh_cn: String,
    #[serde(rename = "zh-TW")]
    pub zh_tw: String,
}

/// A named opening: its ECO code, key (`opening.<key>` in the catalogue), names,
/// and the length of its line in plies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct NamedOpening {
    pub eco: String,
    pub key: String,
    pub name: OpeningTexts,
    pub plies: u32,
}

/// `GET /api/openings?moves=…` or `?fen=…`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct OpeningAnswer {
    pub opening: Option<NamedOpening>,
}

/// One line of a repertoire: the moves from the standard start, and for each
/// ply the note on that move (or `null`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RepertoireLine {
    pub uci: Vec<String>,
    pub san: Vec<String>,
    pub notes: Vec<Option<OpeningTexts>>,
}

/// One opening of the trainer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Repertoire {
    pub key: String,
    pub eco: String,
    pub name: OpeningTexts,
    /// The side a learner trains by default.
    #[ts(type = "\"white\" | \"black\"")]
    pub colour: String,
    pub ideas: OpeningTexts,
    pub lines: Vec<RepertoireLine>,
}

/// `GET /api/openings/repertoire`: the ten openings of the course, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RepertoireList {
    pub openings: Vec<Repertoire>,
}

/// A move played from the explored position, and how those games ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ExplorerMove {
    pub uci: String,
    pub san: String,
    pub games: u64,
    pub white: u64,
    pub draws: u64,
    pub black: u64,
}

/// `GET /api/explorer?fen=…` or `?moves=…`: the finished games that passed through
/// the position (in their first 50 plies) and the moves played there, most played first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Explorer {
    pub fen: String,
    pub games: u64,
    pub white: u64,
    pub draws: u64,
    pub black: u64,
    pub moves: Vec<ExplorerMove>,
    pub opening: Option<NamedOpening>,
}
