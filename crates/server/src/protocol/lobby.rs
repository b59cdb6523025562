//! Wire types of the lobby (issue 19, docs/API.md "Lobby"): the halls, seeks,
//! the quick-pairing pool, challenges, players online and games in play, as the
//! HTTP routes `/api/lobby*` answer them and as the lobby WebSocket
//! (`GET /api/lobby/ws?room=KEY`) sends them ([`LobbyMsg`]); what a client sends on
//! that socket is one [`LobbyAction`], parsed once at the edge. Clocks travel as
//! `"M+S"` text (minutes + seconds of increment) and are read into
//! [`crate::lobby::model::LobbyClock`] by the server; rank codes are the ladder's
//! ("10k" … "1k", "1d" … "7d"), named by the page from `ui.rank.*`.

use super::Side;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

/// A hall of the lobby (the QQ game-hall idea): each has its own seeks and games;
/// quick pairing and challenges are the same in every hall.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum RoomKey {
    /// The main hall (`/lobby`).
    Main,
    /// For new players.
    Beginners,
    /// Bullet and blitz.
    Blitz,
    /// Rapid and classical.
    Rapid,
    /// Strong players (1段 and up, by custom; nobody is kept out).
    Masters,
    /// Club players meeting for friendly games.
    Club,
}

impl RoomKey {
    /// Every hall, in the page's order.
    pub const ALL: [RoomKey; 6] = [
        RoomKey::Main,
        RoomKey::Beginners,
        RoomKey::Blitz,
        RoomKey::Rapid,
        RoomKey::Masters,
        RoomKey::Club,
    ];

    /// The key as URLs and the database write it.
    pub fn code(self) -> &'static str {
        match self {
            RoomKey::Main => "main",
            RoomKey::Beginners => "beginners",
            RoomKey::Blitz => "blitz",
            RoomKey::Rapid => "rapid",
            RoomKey::Masters => "masters",
            RoomKey::Club => "club",
        }
    }

    /// The hall with this key.
    pub fn from_code(code: &str) -> Option<RoomKey> {
        RoomKey::ALL.into_iter().find(|r| r.code() == code)
    }

    /// Its place in [`RoomKey::ALL`].
    pub fn index(self) -> usize {
        RoomKey::ALL.iter().position(|r| *r == self).unwrap_or(0)
    }
}

/// The colour a seek's or a challenge's owner asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SeekColor {
    White,
    Black,
    #[default]
    Random,
}

impl SeekColor {
    pub fn code(self) -> &'static str {
        match self {
            SeekColor::White => "white",
            SeekColor::Black => "black",
            SeekColor::Random => "random",
        }
    }

    pub fn from_code(code: &str) -> Option<SeekColor> {
        [SeekColor::White, SeekColor::Black, SeekColor::Random]
            .into_iter()
            .find(|c| c.code() == code)
    }
}

/// `POST /api/lobby/seeks`: a seek in a hall (the socket's `seek` has the same
/// fields, its hall is the socket's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SeekRequest {
    /// `"M+S"`: 1–180 minutes, 0–180 seconds a move.
    pub clock: String,
    pub rated: bool,
    #[serde(default)]
    #[ts(optional)]
    pub color: Option<SeekColor>,
    /// The lowest rating (of the seek's speed) that may accept.
    #[serde(default)]
    #[ts(optional)]
    pub min_rating: Option<u32>,
    /// The highest rating that may accept.
    #[serde(default)]
    #[ts(optional)]
    pub max_rating: Option<u32>,
    #[serde(default)]
    #[ts(optional)]
    pub room: Option<RoomKey>,
}

/// `POST /api/lobby/pool`: quick pairing by one of the six buttons.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct PoolRequest {
    /// `1+0`, `3+2`, `5+0`, `10+5`, `15+10` or `30+20`.
    pub clock: String,
    pub rated: bool,
    /// The hall whose games list shows the game.
    #[serde(default)]
    #[ts(optional)]
    pub room: Option<RoomKey>,
}

/// `POST /api/lobby/challenges`: a game offered to one named user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ChallengeRequest {
    pub user: String,
    pub clock: String,
    pub rated: bool,
    #[serde(default)]
    #[ts(optional)]
    pub color: Option<SeekColor>,
    #[serde(default)]
    #[ts(optional)]
    pub room: Option<RoomKey>,
}

/// The answer to a new seek or challenge (201).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SeekCreated {
    pub id: String,
}

/// A game started from the lobby: open it with `GET /api/games/{game}/seat`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct StartedGame {
    pub game: String,
    pub color: Side,
}

/// A seek as the lobby shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SeekView {
    pub id: String,
    pub user: String,
    /// The owner's rating of this speed when the seek was made.
    pub rating: u32,
    pub provisional: bool,
    /// The owner's ladder rank (code).
    pub rank: String,
    pub clock: String,
    /// `bullet`, `blitz`, `rapid` or `classical`.
    pub speed: String,
    pub rated: bool,
    pub color: SeekColor,
    pub min_rating: Option<u32>,
    pub max_rating: Option<u32>,
    pub room: RoomKey,
    #[ts(type = "number")]
    pub created_at: i64,
}

/// A challenge, as its sender and its receiver see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ChallengeView {
    pub id: String,
    pub from: String,
    pub to: String,
    pub rating: u32,
    pub rank: String,
    pub clock: String,
    pub speed: String,
    pub rated: bool,
    /// The sender's colour.
    pub color: SeekColor,
    pub room: RoomKey,
    #[ts(type = "number")]
    pub created_at: i64,
}

/// A signed-in user with a lobby page open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PlayerView {
    pub name: String,
    /// Blitz rating and its ladder rank, as when the user came in.
    pub rating: u32,
    pub rank: String,
    /// The halls the user's pages show.
    pub rooms: Vec<RoomKey>,
}

/// A game being played that started in the lobby: watch it at `watch_url`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct LiveGameView {
    pub id: String,
    pub white: String,
    pub black: String,
    pub clock: String,
    pub rated: bool,
    pub room: RoomKey,
    #[ts(type = "number")]
    pub started_at: i64,
    pub watch_url: String,
}

/// A hall with how busy it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RoomView {
    pub key: RoomKey,
    pub players: u32,
    pub seeks: u32,
    pub games: u32,
}

/// The viewer's place in the quick-pairing pool.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PoolView {
    pub clock: String,
    pub rated: bool,
    #[ts(type = "number")]
    pub since: i64,
}

/// The viewer's rating of one speed (for the page to grey out seeks it may not
/// accept).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct LobbyRating {
    pub speed: String,
    pub rating: u32,
    pub provisional: bool,
    pub rank: String,
}

/// `GET /api/lobby?room=KEY`, and the socket's `hello`: one hall and the
/// viewer's own seeks, challenges, pool entry and games just started.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct LobbyView {
    /// The viewer's name (`null`: not signed in: may watch, not play).
    pub you: Option<String>,
    pub room: RoomKey,
    pub rooms: Vec<RoomView>,
    /// This hall's open seeks, oldest first.
    pub seeks: Vec<SeekView>,
    /// Everyone online in the lobby.
    pub players: Vec<PlayerView>,
    /// This hall's games in play.
    pub games: Vec<LiveGameView>,
    /// Challenges sent or received by the viewer.
    pub challenges: Vec<ChallengeView>,
    pub pool: Option<PoolView>,
    /// The viewer's ratings (empty when not signed in).
    pub ratings: Vec<LobbyRating>,
    /// Games started for the viewer in the last minute.
    pub started: Vec<StartedGame>,
}

/// What a client sends on the lobby socket. `id` (any JSON) is echoed in the
/// answer `ok` or `error`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum LobbyAction {
    /// A seek in the socket's hall.
    Seek {
        #[serde(default)]
        #[ts(optional, type = "unknown")]
        id: Option<Value>,
        clock: String,
        rated: bool,
        #[serde(default)]
        #[ts(optional)]
        color: Option<SeekColor>,
        #[serde(default)]
        #[ts(optional)]
        min_rating: Option<u32>,
        #[serde(default)]
        #[ts(optional)]
        max_rating: Option<u32>,
    },
    /// Withdraws one's own seek or challenge.
    Cancel {
        #[serde(default)]
        #[ts(optional, type = "unknown")]
        id: Option<Value>,
        seek: String,
    },
    /// Accepts a seek or a challenge received.
    Accept {
        #[serde(default)]
        #[ts(optional, type = "unknown")]
        id: Option<Value>,
        seek: String,
    },
    /// Joins the quick-pairing pool (leaving any other pool).
    Pool {
        #[serde(default)]
        #[ts(optional, type = "unknown")]
        id: Option<Value>,
        clock: String,
        rated: bool,
    },
    LeavePool {
        #[serde(default)]
        #[ts(optional, type = "unknown")]
        id: Option<Value>,
    },
    /// Challenges a named user.
    Challenge {
        #[serde(default)]
        #[ts(optional, type = "unknown")]
        id: Option<Value>,
        user: String,
        clock: String,
        rated: bool,
        #[serde(default)]
        #[ts(optional)]
        color: Option<SeekColor>,
    },
    /// Declines a challenge received.
    Decline {
        #[serde(default)]
        #[ts(optional, type = "unknown")]
        id: Option<Value>,
        challenge: String,
    },
    /// Moves this socket to another hall (answered with a new `hello`).
    Room {
        #[serde(default)]
        #[ts(optional, type = "unknown")]
        id: Option<Value>,
        room: RoomKey,
    },
    Ping {
        #[serde(default)]
        #[ts(optional, type = "unknown")]
        id: Option<Value>,
    },
}

impl LobbyAction {
    /// The client's `id`, echoed in the answer.
    pub fn id(&self) -> Option<Value> {
        match self {
            LobbyAction::Seek { id, .. }
            | LobbyAction::Cancel { id, .. }
            | LobbyAction::Accept { id, .. }
            | LobbyAction::Pool { id, .. }
            | LobbyAction::LeavePool { id }
            | LobbyAction::Challenge { id, .. }
            | LobbyAction::Decline { id, .. }
            | LobbyAction::Room { id, .. }
            | LobbyAction::Ping { id } => id.clone(),
        }
    }
}

/// What the server sends on the lobby socket.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum LobbyMsg {
    /// On connect, after `room`, and whenever the socket fell behind.
    Hello { lobby: LobbyView },
    /// What changed in the socket's hall and in the whole lobby.
    Update {
        #[serde(default)]
        seeks_added: Vec<SeekView>,
        #[serde(default)]
        seeks_removed: Vec<String>,
        #[serde(default)]
        games_added: Vec<LiveGameView>,
        #[serde(default)]
        games_removed: Vec<String>,
        /// Players who came in or changed halls.
        #[serde(default)]
        players_on: Vec<PlayerView>,
        #[serde(default)]
        players_off: Vec<String>,
        /// The halls' counts, when they changed.
        #[serde(default)]
        #[ts(optional)]
        rooms: Option<Vec<RoomView>>,
    },
    /// A challenge sent or received by the viewer (new).
    Challenge { challenge: ChallengeView },
    /// A challenge that is no more (accepted, declined, cancelled, expired).
    ChallengeGone { id: String },
    /// The viewer's challenge was declined by `by`.
    Declined { challenge: String, by: String },
    /// The viewer's place in the pool (`null`: not in it).
    Pool { pool: Option<PoolView> },
    /// A game started for the viewer: `GET /api/games/{game}/seat`, then play.
    Started { game: String, color: Side },
    /// The action was done; `seek` names a new seek or challenge.
    Ok {
        #[ts(type = "unknown")]
        id: Option<Value>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        seek: Option<String>,
    },
    Error {
        #[ts(type = "unknown")]
        id: Option<Value>,
        error: String,
        message: String,
    },
    Pong {
        #[ts(type = "unknown")]
        id: Option<Value>,
    },
}

/// This module's TypeScript declarations (added to [`super::typescript`]).
pub fn decls(cfg: &ts_rs::Config) -> Vec<String> {
    vec![
        RoomKey::decl(cfg),
        SeekColor::decl(cfg),
        SeekRequest::decl(cfg),
        PoolRequest::decl(cfg),
        ChallengeRequest::decl(cfg),
        SeekCreated::decl(cfg),
        StartedGame::decl(cfg),
        SeekView::decl(cfg),
        ChallengeView::decl(cfg),
        PlayerView::decl(cfg),
        LiveGameView::decl(cfg),
        RoomView::decl(cfg),
        PoolView::decl(cfg),
        LobbyRating::decl(cfg),
        LobbyView::decl(cfg),
        LobbyAction::decl(cfg),
        LobbyMsg::decl(cfg),
    ]
}

/// docs/API.md's examples of this module's types: whether `name` is one of them
/// (then `text` must parse as it, see `super::tests`).
#[cfg(test)]
pub(crate) fn example(name: &str, text: &str) -> bool {
    use super::tests::parses;
    match name {
        "SeekRequest" => parses::<SeekRequest>(name, text),
        "PoolRequest" => parses::<PoolRequest>(name, text),
        "ChallengeRequest" => parses::<ChallengeRequest>(name, text),
        "SeekCreated" => parses::<SeekCreated>(name, text),
        "StartedGame" => parses::<StartedGame>(name, text),
        "LobbyView" => parses::<LobbyView>(name, text),
        "LobbyAction" => parses::<LobbyAction>(name, text),
        "LobbyMsg" => parses::<LobbyMsg>(name, text),
        _ => return false,
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_socket_action_is_read_once_into_its_type() {
        let a: LobbyAction = serde_json::from_str(
            r#"{"t":"seek","id":7,"clock":"5+3","rated":true,"max_rating":1800}"#,
        )
        .expect("parses");
        assert_eq!(a.id(), Some(serde_json::json!(7)));
        match a {
            LobbyAction::Seek {
                clock, max_rating, ..
            } => assert_eq!((clock.as_str(), max_rating), ("5+3", Some(1800))),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn unknown_fields_and_kinds_are_refused() {
        for bad in [
            r#"{"t":"seek","clock":"5+3","rated":true,"rating":99}"#,
            r#"{"t":"fly"}"#,
            r#"{"t":"room","room":"attic"}"#,
            r#"{"t":"accept"}"#,
        ] {
            assert!(serde_json::from_str::<LobbyAction>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_room_key_reads_back() {
        for r in RoomKey::ALL {
            assert_eq!(RoomKey::from_code(r.code()), Some(r));
            let json = serde_json::to_string(&r).expect("serialises");
            assert_eq!(json, format!("\"{}\"", r.code()));
        }
        assert_eq!(RoomKey::from_code("attic"), None);
    }
}
