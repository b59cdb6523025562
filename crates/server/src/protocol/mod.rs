//! The wire protocol: every HTTP body and every WebSocket message of API v1
//! (docs/API.md) as a Rust type, in one place. The TypeScript types of the
//! front end (`web/src/api/types.gen.ts`) are generated from these by
//! [`typescript`]; a test fails when the file is stale (regenerate with
//! `GUOXIANG_WRITE_TS=1 cargo test -p guoxiang-server --lib protocol`).
//! Parsing happens once, at the edge ([`crate::http`]); the rules of play see
//! typed values only. How a game becomes a [`GameView`] is in [`view`].

pub mod account;
pub mod competition;
pub mod endgame;
pub mod lesson;
pub mod lobby;
pub mod opening;
pub mod puzzle;
pub mod review;
pub mod tournament;
pub mod view;

use crate::clock::TimeControl;
use guoxiang_core::Color;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use ts_rs::TS;

/// A side of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    White,
    Black,
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

impl From<Side> for Color {
    fn from(s: Side) -> Color {
        match s {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

/// Whom a secret makes you: one side, or both (hot-seat).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum You {
    White,
    Black,
    Both,
}

/// How a game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Against the engine.
    Computer,
    /// Two people, each with their own secret.
    Friend,
    /// Two people on one device, one secret for both sides.
    Hotseat,
}

impl Mode {
    pub fn code(self) -> &'static str {
        match self {
            Mode::Computer => "computer",
            Mode::Friend => "friend",
            Mode::Hotseat => "hotseat",
        }
    }

    pub fn from_code(s: &str) -> Option<Mode> {
        [Mode::Computer, Mode::Friend, Mode::Hotseat]
            .into_iter()
            .find(|m| m.code() == s)
    }
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A friend game whose second player has not joined.
    Waiting,
    Active,
    Finished,
}

impl Status {
    pub fn code(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Active => "active",
            Status::Finished => "finished",
        }
    }

    pub fn from_code(s: &str) -> Option<Status> {
        [Status::Waiting, Status::Active, Status::Finished]
            .into_iter()
            .find(|m| m.code() == s)
    }
}

/// What a draw may be claimed for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ClaimReason {
    ThreefoldRepetition,
    FiftyMoves,
    /// The opponent has been gone for the grace period.
    OpponentLeft,
}

/// `POST /api/games`. `mode` and `color` are read by the server (so that a bad
/// value has its own error code), `clock` is `"M+S"` or a [`TimeControl`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    #[ts(type = "\"computer\" | \"friend\" | \"hotseat\"")]
    pub mode: String,
    #[serde(default)]
    #[ts(optional)]
    pub level: Option<u8>,
    #[serde(default)]
    #[ts(optional, type = "\"white\" | \"black\" | \"random\"")]
    pub color: Option<String>,
    #[serde(default)]
    #[ts(optional, type = "string | TimeControl | null")]
    pub clock: Option<serde_json::Value>,
    /// A starting position other than the standard one.
    #[serde(default)]
    #[ts(optional)]
    pub fen: Option<String>,
}

/// The answer to [`CreateGame`] (`201`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Created {
    pub id: String,
    pub secret: String,
    pub color: You,
    /// Friend games only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub join_key: Option<String>,
    /// Friend games only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub join_url: Option<String>,
    pub watch_url: String,
    pub ws_url: String,
}

/// `POST /api/games/{id}/join`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct JoinGame {
    #[serde(default)]
    #[ts(optional)]
    pub key: Option<String>,
}

/// The answer to [`JoinGame`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Joined {
    pub id: String,
    pub secret: String,
    pub color: Side,
    pub ws_url: String,
}

/// Both clocks as a viewer sees them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ClockView {
    pub white_ms: u64,
    pub black_ms: u64,
    pub running: Option<Side>,
    pub control: TimeControl,
}

/// A player whose last connection closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Gone {
    pub since_ms: u64,
    /// The opponent may claim (the grace period has passed).
    pub claimable: bool,
}

/// Who is gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Disconnected {
    pub white: Option<Gone>,
    pub black: Option<Gone>,
}

/// Who plays a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum PlayerKind {
    Human,
    Computer,
}

/// One side's player (`level` only for the computer; `name` stays `null`
/// until accounts exist).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Player {
    pub kind: PlayerKind,
    pub level: Option<u8>,
    pub name: Option<String>,
}

/// Both sides' players.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Players {
    pub white: Player,
    pub black: Player,
}

/// The deepest named opening the moves reached (standard start only).
/// `name` is English; clients word `key` through the catalogue (`opening.<key>`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Opening {
    pub eco: String,
    pub key: String,
    pub name: String,
}

/// A rematch of a finished game: the standing offer and the new game's id.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Rematch {
    pub offer: Option<Side>,
    pub next: Option<String>,
}

/// What a refusal the players should hear of was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum NoticeKind {
    DrawDeclined,
    TakebackDeclined,
    RematchDeclined,
}

/// The last refusal, with the side that declined; cleared by the next move or offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Notice {
    pub kind: NoticeKind,
    pub by: Side,
}

/// Who berserked (arena games; both `false` elsewhere).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
pub struct Berserked {
    pub white: bool,
    pub black: bool,
}

/// A game as every viewer sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct GameView {
    pub id: String,
    pub mode: Mode,
    pub level: Option<u8>,
    pub computer: Option<Side>,
    pub status: Status,
    pub fen: String,
    pub start_fen: String,
    pub turn: Side,
    pub moves: Vec<String>,
    pub san: Vec<String>,
    pub clock: Option<ClockView>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` (aborted).
    pub result: Option<String>,
    pub reason: Option<String>,
    pub winner: Option<Side>,
    pub draw_offer: Option<Side>,
    pub takeback_request: Option<Side>,
    pub claimable_draws: Vec<ClaimReason>,
    pub check: bool,
    pub legal: Vec<String>,
    pub legal_san: Vec<String>,
    pub disconnected: Disconnected,
    pub joined: bool,
    pub players: Players,
    /// Connected WebSocket viewers that are not the game's players.
    pub spectators: u64,
    pub opening: Option<Opening>,
    pub rematch: Rematch,
    pub notice: Option<Notice>,
    /// Who berserked: that side's clock was halved and has no increment.
    pub berserk: Berserked,
    /// The update's sequence number (WebSocket states only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub seq: Option<u64>,
}

/// What one player may do now (for buttons; the server checks every action again).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
pub struct May {
    #[serde(rename = "move")]
    pub play: bool,
    pub abort: bool,
    pub resign: bool,
    pub offer_draw: bool,
    pub accept_draw: bool,
    pub claim_draw: Vec<ClaimReason>,
    pub claim_victory: bool,
    pub takeback: bool,
    pub accept_takeback: bool,
    /// Offer (friend games) or start (computer, hot-seat) a rematch.
    pub rematch: bool,
    pub decline_rematch: bool,
    /// Berserk now (an arena game, before one's first move, not yet berserked).
    pub berserk: bool,
}

/// `GET /api/games/{id}` and the answer to an action over HTTP.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct GameResponse {
    #[serde(flatten)]
    pub view: GameView,
    pub you: Option<You>,
    pub may: May,
}

/// One game in [`GameList`] (finished games) or [`MyGames`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct GameSummary {
    pub id: String,
    pub mode: Mode,
    pub level: Option<u8>,
    pub status: Status,
    pub result: Option<String>,
    pub reason: Option<String>,
    pub plies: u64,
    /// Moves counted as moves: `(plies + 1) / 2`.
    pub moves: u64,
    pub players: Players,
    pub opening: Option<Opening>,
    pub created_at: i64,
    /// `null` while in play.
    pub finished_at: Option<i64>,
}

/// `POST /api/games/mine`: the secrets this browser holds (at most 200).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct MineRequest {
    pub secrets: Vec<String>,
}

/// One of the visitor's games: its summary and the side a secret gives.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct MyGame {
    #[serde(flatten)]
    pub summary: GameSummary,
    pub you: You,
}

/// The answer to [`MineRequest`], newest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct MyGames {
    pub games: Vec<MyGame>,
}

/// `GET /api/games`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct GameList {
    pub games: Vec<GameSummary>,
    pub page: u64,
    pub per_page: u64,
    pub total: u64,
}

/// `GET /api/explain`: a legal move (`uci`, `san`, `fen_after`) or why not (`code`, `message`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
pub struct Explained {
    pub legal: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub message: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub uci: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub san: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub fen_after: Option<String>,
}

/// `GET /api/health`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Health {
    pub ok: bool,
    pub live_games: u64,
}

/// Every refusal: a stable snake_case code and an English message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ErrorBody {
    pub error: String,
    pub message: String,
}

/// What a player may ask of a game: a WebSocket message or the body of
/// `POST /api/games/{id}/actions`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// A move in UCI notation (`e2e4`, `e7e8q`, castling `e1g1`).
    Move {
        uci: String,
    },
    /// A move to play as soon as the opponent has moved (`null` cancels).
    Premove {
        uci: Option<String>,
    },
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// `threefold_repetition`, `fifty_moves`, or `opponent_left` (read by the
    /// server, so that another value is `bad_claim`).
    ClaimDraw {
        #[ts(type = "ClaimReason")]
        reason: String,
    },
    /// The opponent has been gone for the grace period: claim the win.
    ClaimVictory,
    Resign,
    Abort,
    TakebackRequest,
    TakebackAccept,
    TakebackDecline,
    /// A finished game: start a rematch (computer, hot-seat), or offer or
    /// accept one (friend games).
    Rematch,
    DeclineRematch,
    /// Arena tournament games, before one's own first move: halve one's own clock
    /// and give up the increment, for an extra point if the game is won.
    Berserk,
}

/// WebSocket messages of the client that are not actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum Control {
    /// The client received the state with this `seq` (measures the lag).
    Ack {
        seq: u64,
    },
    Ping,
}

/// What the server sends on a game's WebSocket. `id` echoes the client's `id`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMsg {
    /// On connect.
    Hello {
        seq: u64,
        you: Option<You>,
        #[ts(as = "GameView")]
        state: Arc<GameView>,
        /// What you may do (all `false` for spectators).
        may: May,
    },
    /// After every change.
    State {
        seq: u64,
        you: Option<You>,
        #[ts(as = "GameView")]
        state: Arc<GameView>,
        /// What you may do (all `false` for spectators).
        may: May,
    },
    /// The action was done (and committed).
    Ok {
        #[ts(type = "unknown")]
        id: Option<serde_json::Value>,
    },
    Error {
        #[ts(type = "unknown")]
        id: Option<serde_json::Value>,
        error: String,
        message: String,
    },
    Pong {
        #[ts(type = "unknown")]
        id: Option<serde_json::Value>,
    },
}

/// The TypeScript declarations of every wire type, in one file's text.
pub fn typescript() -> String {
    let cfg = ts_rs::Config::new().with_large_int("number");
    let decls = [
        Side::decl(&cfg),
        You::decl(&cfg),
        Mode::decl(&cfg),
        Status::decl(&cfg),
        ClaimReason::decl(&cfg),
        crate::clock::Bonus::decl(&cfg),
        crate::clock::Period::decl(&cfg),
        TimeControl::decl(&cfg),
        CreateGame::decl(&cfg),
        Created::decl(&cfg),
        JoinGame::decl(&cfg),
        Joined::decl(&cfg),
        ClockView::decl(&cfg),
        Gone::decl(&cfg),
        Disconnected::decl(&cfg),
        PlayerKind::decl(&cfg),
        Player::decl(&cfg),
        Players::decl(&cfg),
        Opening::decl(&cfg),
        Rematch::decl(&cfg),
        NoticeKind::decl(&cfg),
        Notice::decl(&cfg),
        Berserked::decl(&cfg),
        GameView::decl(&cfg),
        May::decl(&cfg),
        GameResponse::decl(&cfg),
        GameSummary::decl(&cfg),
        GameList::decl(&cfg),
        MineRequest::decl(&cfg),
        MyGame::decl(&cfg),
        MyGames::decl(&cfg),
        Explained::decl(&cfg),
        Health::decl(&cfg),
        ErrorBody::decl(&cfg),
        Action::decl(&cfg),
        Control::decl(&cfg),
        ServerMsg::decl(&cfg),
        crate::endgame::Phase::decl(&cfg),
        crate::endgame::VerdictKind::decl(&cfg),
        crate::endgame::Why::decl(&cfg),
        crate::endgame::Ending::decl(&cfg),
        crate::endgame::LearnerResult::decl(&cfg),
        endgame::TbStatus::decl(&cfg),
        endgame::TbMove::decl(&cfg),
        endgame::TbProbe::decl(&cfg),
        endgame::ExerciseView::decl(&cfg),
        endgame::ExerciseList::decl(&cfg),
        endgame::StartExercise::decl(&cfg),
        endgame::Started::decl(&cfg),
        endgame::ExerciseMove::decl(&cfg),
        endgame::VerdictView::decl(&cfg),
        endgame::MoveNames::decl(&cfg),
        endgame::Reply::decl(&cfg),
        endgame::Over::decl(&cfg),
        endgame::Played::decl(&cfg),
        endgame::Hint::decl(&cfg),
        lesson::LessonTexts::decl(&cfg),
        lesson::LessonStage::decl(&cfg),
        lesson::LessonChoice::decl(&cfg),
        lesson::LessonStep::decl(&cfg),
        lesson::LessonView::decl(&cfg),
        lesson::LessonList::decl(&cfg),
        lesson::LessonMove::decl(&cfg),
        lesson::LessonMoveRef::decl(&cfg),
        lesson::LessonWhy::decl(&cfg),
        lesson::LessonMoved::decl(&cfg),
        lesson::LessonHint::decl(&cfg),
        opening::OpeningTexts::decl(&cfg),
        opening::NamedOpening::decl(&cfg),
        opening::OpeningAnswer::decl(&cfg),
        opening::RepertoireLine::decl(&cfg),
        opening::Repertoire::decl(&cfg),
        opening::RepertoireList::decl(&cfg),
        opening::ExplorerMove::decl(&cfg),
        opening::Explorer::decl(&cfg),
        puzzle::PuzzleThemeRef::decl(&cfg),
        puzzle::PuzzleView::decl(&cfg),
        puzzle::PuzzleThemeInfo::decl(&cfg),
        puzzle::PuzzleDrill::decl(&cfg),
        puzzle::PuzzleThemes::decl(&cfg),
        puzzle::PuzzleMove::decl(&cfg),
        puzzle::PuzzleMoved::decl(&cfg),
        puzzle::PlayerRating::decl(&cfg),
        puzzle::PuzzleAttempt::decl(&cfg),
        puzzle::PuzzleRatingView::decl(&cfg),
        puzzle::PuzzleAttempted::decl(&cfg),
    ];
    let mut out = String::from(
        "// Generated from crates/server/src/protocol (ts-rs); do not edit.\n\
         // Regenerate: GUOXIANG_WRITE_TS=1 cargo test -p guoxiang-server --lib protocol\n",
    );
    let later = [
        review::decls(&cfg),
        account::decls(&cfg),
        competition::decls(&cfg),
        lobby::decls(&cfg),
        tournament::decls(&cfg),
    ];
    for d in decls.into_iter().chain(later.into_iter().flatten()) {
        out.push_str(&format!("\nexport {d}\n"));
    }
    out
}

/// Where the generated TypeScript lives, from the repository root.
pub const TYPESCRIPT_PATH: &str = "web/src/api/types.gen.ts";

#[cfg(test)]
mod tests;
