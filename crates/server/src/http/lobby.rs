//! The HTTP routes of the lobby (issue 19, docs/API.md "Lobby"; the page's paths
//! `/lobby`, `/lobby/{room}` are among the router's front-end paths): plain HTTP
//! for tests and bots (`/api/lobby*`), and the lobby's WebSocket (`GET /api/lobby/ws?room=KEY`): on connect
//! `hello` with the hall; then every change as `update` (the hall's seeks and
//! games, the lobby's players and counts) and the viewer's own `challenge`,
//! `challenge_gone`, `declined`, `pool` and `started`. A client sends
//! [`LobbyAction`]s, each read once into its type and answered `ok` or `error`
//! (anything else is `bad_message`). Anyone may watch; playing needs a signed-in
//! session (HTTP writes also the CSRF token; a socket's actions are refused when
//! its `Origin` is another site's).

use super::error::ApiError;
use super::{body_of, parse_json};
use crate::accounts::SessionUser;
use crate::lobby::actions::SeekSpec;
use crate::lobby::model::LobbyError;
use crate::protocol::lobby::{
    ChallengeRequest, LobbyAction, LobbyMsg, LobbyView, PoolRequest, RoomKey, SeekCreated,
    SeekRequest, StartedGame,
};
use crate::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

type App = State<Arc<AppState>>;
type Q = Query<HashMap<String, String>>;

/// The routes (merged into [`super::router`]).
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/api/lobby", get(view))
        .route("/api/lobby/ws", get(upgrade))
        .route("/api/lobby/seeks", post(seek))
        .route("/api/lobby/seeks/{id}", delete(cancel))
        .route("/api/lobby/seeks/{id}/accept", post(accept))
        .route("/api/lobby/pool", post(join_pool).delete(leave_pool))
        .route("/api/lobby/challenges", post(challenge))
        .route("/api/lobby/challenges/{id}", delete(cancel))
        .route("/api/lobby/challenges/{id}/accept", post(accept))
        .route("/api/lobby/challenges/{id}/decline", post(decline))
}

/// The hall named by `?room=` (default the main hall).
fn room_of(q: &HashMap<String, String>) -> Result<RoomKey, ApiError> {
    match q.get("room") {
        None => Ok(RoomKey::Main),
        Some(r) => RoomKey::from_code(r).ok_or_else(|| LobbyError::NoSuchRoom.into()),
    }
}

/// `GET /api/lobby?room=KEY`
async fn view(
    State(app): App,
    headers: HeaderMap,
    Query(q): Q,
) -> Result<Json<LobbyView>, ApiError> {
    let room = room_of(&q)?;
    let user = app.viewer(&headers).await?;
    Ok(Json(app.lobby_view(user.as_ref(), room).await?))
}

/// `POST /api/lobby/seeks` → 201 `{"id"}`
async fn seek(
    State(app): App,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let user = app.signed_in(&headers).await?;
    let r: SeekRequest = parse_json(&body_of(body)?)?;
    let spec = SeekSpec::read(
        &r.clock,
        r.rated,
        r.color,
        r.min_rating,
        r.max_rating,
        r.room,
    )?;
    let id = app.lobby_seek(&user, &spec, false).await?;
    Ok((StatusCode::CREATED, Json(SeekCreated { id })).into_response())
}

/// `DELETE /api/lobby/seeks/{id}` (and `/challenges/{id}`) → 204
async fn cancel(
    State(app): App,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let user = app.signed_in(&headers).await?;
    app.lobby_cancel(&user, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/lobby/seeks/{id}/accept` (and `/challenges/{id}/accept`)
async fn accept(
    State(app): App,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<StartedGame>, ApiError> {
    let user = app.signed_in(&headers).await?;
    Ok(Json(app.lobby_accept(&user, &id).await?))
}

/// `POST /api/lobby/pool` → 204
async fn join_pool(
    State(app): App,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<StatusCode, ApiError> {
    let user = app.signed_in(&headers).await?;
    let r: PoolRequest = parse_json(&body_of(body)?)?;
    let room = r.room.unwrap_or(RoomKey::Main);
    app.lobby_join_pool(&user, &r.clock, r.rated, room, false)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `DELETE /api/lobby/pool` → 204
async fn leave_pool(State(app): App, headers: HeaderMap) -> Result<StatusCode, ApiError> {
    let user = app.signed_in(&headers).await?;
    app.lobby_leave_pool(&user).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/lobby/challenges` → 201 `{"id"}`
async fn challenge(
    State(app): App,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let user = app.signed_in(&headers).await?;
    let r: ChallengeRequest = parse_json(&body_of(body)?)?;
    let spec = SeekSpec::read(&r.clock, r.rated, r.color, None, None, r.room)?;
    let id = app.lobby_challenge(&user, &r.user, &spec, false).await?;
    Ok((StatusCode::CREATED, Json(SeekCreated { id })).into_response())
}

/// `POST /api/lobby/challenges/{id}/decline` → 204
async fn decline(
    State(app): App,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let user = app.signed_in(&headers).await?;
    app.lobby_decline(&user, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The largest client message read.
pub const MAX_MESSAGE: usize = 4 * 1024;

/// Whether the request's `Origin` (if any) is this server's own host: a page
/// of another site may open the socket, but not act with the visitor's session.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return true;
    };
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let origin_host = origin.split_once("://").map_or(origin, |(_, h)| h);
    !host.is_empty() && origin_host.eq_ignore_ascii_case(host)
}

/// `GET /api/lobby/ws?room=KEY`
async fn upgrade(
    State(app): App,
    headers: HeaderMap,
    Query(q): Q,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let ws = ws.map_err(|e| {
        ApiError::new(
            e.status(),
            "not_websocket",
            "this endpoint speaks WebSocket only",
        )
    })?;
    let room = room_of(&q)?;
    let user = app.viewer(&headers).await?;
    let may_act = same_origin(&headers);
    Ok(ws
        .max_message_size(64 * 1024)
        .max_frame_size(64 * 1024)
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .on_upgrade(move |socket| session(socket, app, user, may_act, room))
        .into_response())
}

fn text(msg: &LobbyMsg) -> String {
    // Our own types always serialise.
    serde_json::to_string(msg).unwrap_or_default()
}

fn error_text(e: &ApiError, id: Option<Value>) -> String {
    text(&LobbyMsg::Error {
        id,
        error: e.code.to_string(),
        message: e.message.clone(),
    })
}

/// One socket.
struct Socket {
    app: Arc<AppState>,
    user: Option<SessionUser>,
    may_act: bool,
    room: RoomKey,
    conn: String,
}

async fn session(
    socket: WebSocket,
    app: Arc<AppState>,
    user: Option<SessionUser>,
    may_act: bool,
    room: RoomKey,
) {
    let (mut sink, mut stream) = socket.split();
    let mut batches = app.lobby.subscribe();
    let Ok(conn) = app.lobby_enter(user.as_ref(), room).await else {
        let _ = sink.send(Message::Close(None)).await;
        return;
    };
    let mut me = Socket {
        app: app.clone(),
        user,
        may_act,
        room,
        conn,
    };
    let mut open = match me.hello().await {
        Ok(h) => sink.send(Message::Text(h.into())).await.is_ok(),
        Err(_) => false,
    };
    let mut shutdown = app.shutdown.clone();
    while open {
        tokio::select! {
            msg = stream.next() => {
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t.to_string(),
                    Some(Ok(Message::Binary(_))) => String::from("\u{0}binary"),
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                };
                for reply in me.handle(&text).await {
                    open = open && sink.send(Message::Text(reply.into())).await.is_ok();
                }
            }
            b = batches.recv() => match b {
                Ok(b) => {
                    if let Some(Some(u)) = b.rooms.get(me.room.index()) {
                        open = sink.send(Message::Text(u.clone())).await.is_ok();
                    }
                    let mine = me.user.as_ref().and_then(|u| b.personal.get(&u.id.0));
                    for m in mine.into_iter().flatten() {
                        open = open && sink.send(Message::Text(m.clone())).await.is_ok();
                    }
                }
                // Fell behind: start again from the whole picture.
                Err(RecvError::Lagged(_)) => {
                    open = match me.hello().await {
                        Ok(h) => sink.send(Message::Text(h.into())).await.is_ok(),
                        Err(_) => false,
                    };
                }
                Err(RecvError::Closed) => break,
            },
            _ = shutdown.changed() => {
                let _ = sink.send(Message::Close(None)).await;
                break;
            }
        }
    }
    // The user's seeks go with their last socket (on any process).
    let _ = app.lobby_leave(&me.conn).await;
}

impl Socket {
    async fn hello(&self) -> Result<String, ApiError> {
        let lobby = self.app.lobby_view(self.user.as_ref(), self.room).await?;
        Ok(text(&LobbyMsg::Hello { lobby }))
    }

    /// The answers to one client message.
    async fn handle(&mut self, raw: &str) -> Vec<String> {
        let bad = |m: String| vec![error_text(&ApiError::bad_request("bad_message", m), None)];
        if raw.len() > MAX_MESSAGE {
            return bad(format!("a message is at most {MAX_MESSAGE} bytes"));
        }
        let action: LobbyAction = match serde_json::from_str(raw) {
            Ok(a) => a,
            Err(e) => return bad(e.to_string()),
        };
        let id = action.id();
        match self.act(action).await {
            Ok(out) => out,
            Err(e) => vec![error_text(&e, id)],
        }
    }

    fn user(&self) -> Result<&SessionUser, ApiError> {
        match &self.user {
            Some(u) if self.may_act => Ok(u),
            Some(_) => Err(ApiError::forbidden(
                "a page of another site may not act in the lobby",
            )),
            None => Err(LobbyError::NotSignedIn.into()),
        }
    }

    async fn act(&mut self, action: LobbyAction) -> Result<Vec<String>, ApiError> {
        let app = self.app.clone();
        let ok = |id: Option<Value>, seek: Option<String>| vec![text(&LobbyMsg::Ok { id, seek })];
        Ok(match action {
            LobbyAction::Ping { id } => vec![text(&LobbyMsg::Pong { id })],
            LobbyAction::Room { id, room } => {
                app.lobby_move(&self.conn, room).await?;
                self.room = room;
                let mut out = ok(id, None);
                out.push(self.hello().await?);
                out
            }
            LobbyAction::Seek {
                id,
                clock,
                rated,
                color,
                min_rating,
                max_rating,
            } => {
                let spec = SeekSpec::read(
                    &clock,
                    rated,
                    color,
                    min_rating,
                    max_rating,
                    Some(self.room),
                )?;
                let seek = app.lobby_seek(self.user()?, &spec, true).await?;
                ok(id, Some(seek))
            }
            LobbyAction::Cancel { id, seek } => {
                app.lobby_cancel(self.user()?, &seek).await?;
                ok(id, None)
            }
            LobbyAction::Accept { id, seek } => {
                // `started` comes as every player's notice.
                app.lobby_accept(self.user()?, &seek).await?;
                ok(id, None)
            }
            LobbyAction::Pool { id, clock, rated } => {
                app.lobby_join_pool(self.user()?, &clock, rated, self.room, true)
                    .await?;
                ok(id, None)
            }
            LobbyAction::LeavePool { id } => {
                app.lobby_leave_pool(self.user()?).await?;
                ok(id, None)
            }
            LobbyAction::Challenge {
                id,
                user,
                clock,
                rated,
                color,
            } => {
                let spec = SeekSpec::read(&clock, rated, color, None, None, Some(self.room))?;
                let seek = app
                    .lobby_challenge(self.user()?, &user, &spec, true)
                    .await?;
                ok(id, Some(seek))
            }
            LobbyAction::Decline { id, challenge } => {
                app.lobby_decline(self.user()?, &challenge).await?;
                ok(id, None)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn another_sites_page_may_watch_but_not_act() {
        let mut h = HeaderMap::new();
        assert!(
            same_origin(&h),
            "no Origin: not a browser page of another site"
        );
        h.insert(header::HOST, HeaderValue::from_static("chess.example:8080"));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://chess.example:8080"),
        );
        assert!(same_origin(&h));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("https://evil.example"),
        );
        assert!(!same_origin(&h));
    }
}
