//! The HTTP API (JSON): creating, joining, reading and listing games, PGN,
//! actions over plain HTTP for bots, and move explanations. Bodies and queries are
//! parsed by hand so that every malformed request gets a JSON error with a code,
//! never a panic or a 500. See docs/API.md.

use crate::actor::Cmd;
use crate::clock::TimeControl;
use crate::error::ApiError;
use crate::state::{Action, GameState, Mode, Seat};
use crate::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use guoxiang_core::{Color, Position, Role, Square};
use guoxiang_i18n::{Lang, Localize};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

type Q = Query<HashMap<String, String>>;

/// A game as a request finds it: served by a live task, or finished on disk.
pub enum Target {
    Live(mpsc::Sender<Cmd>),
    Done(Box<GameState>),
}

/// A fresh random token of `bytes` random bytes, in hex.
pub fn token(bytes: usize) -> Result<String, ApiError> {
    let mut b = vec![0u8; bytes];
    getrandom::fill(&mut b).map_err(|_| ApiError::unavailable("no randomness available"))?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// The secret a request carries: `Authorization: Bearer S`, `X-Game-Secret: S`
/// or `?secret=S`.
pub fn secret_of(headers: &HeaderMap, query: &HashMap<String, String>) -> Option<String> {
    if let Some(v) = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
    {
        if let Some(s) = v.strip_prefix("Bearer ") {
            return Some(s.trim().to_string());
        }
    }
    if let Some(v) = headers.get("x-game-secret").and_then(|v| v.to_str().ok()) {
        return Some(v.trim().to_string());
    }
    query.get("secret").cloned()
}

fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

impl AppState {
    /// Finds a game: its live task (starting one for an unfinished stored game)
    /// or its finished state.
    pub async fn target(&self, id: &str) -> Result<Target, ApiError> {
        if let Some(tx) = self.ctx.registry.get(id) {
            return Ok(Target::Live(tx));
        }
        if !valid_id(id) {
            return Err(ApiError::not_found("no such game"));
        }
        let stored = self
            .ctx
            .store
            .game(id)
            .await
            .map_err(|e| ApiError::unavailable(e.to_string()))?;
        let Some((row, moves)) = stored else {
            return Err(ApiError::not_found("no such game"));
        };
        let now = self.ctx.time.now_ms();
        let st = GameState::from_rows(&row, &moves, now, self.config.disconnect_grace_ms)
            .map_err(|e| ApiError::unavailable(e.to_string()))?;
        if st.is_over() {
            Ok(Target::Done(Box::new(st)))
        } else {
            Ok(Target::Live(self.ctx.registry.spawn(st, &self.ctx)))
        }
    }

    /// Sends a command built by `make` to the game's task and waits for the
    /// answer; if the task ended meanwhile (the game just finished), says so.
    pub async fn ask<T>(
        &self,
        tx: &mpsc::Sender<Cmd>,
        make: impl FnOnce(oneshot::Sender<T>) -> Cmd,
    ) -> Result<T, ApiError> {
        let (reply, rx) = oneshot::channel();
        tx.send(make(reply))
            .await
            .map_err(|_| ApiError::conflict("game_over", "the game is over"))?;
        rx.await
            .map_err(|_| ApiError::conflict("game_over", "the game is over"))
    }

    /// The full state of a game as `secret` sees it.
    pub async fn game_json(&self, id: &str, secret: Option<String>) -> Result<Value, ApiError> {
        let (seat, mut view, may) = match self.target(id).await? {
            Target::Live(tx) => match self
                .ask(&tx, |reply| Cmd::View {
                    secret: secret.clone(),
                    reply,
                })
                .await
            {
                Ok(v) => v,
                Err(_) => match self.target(id).await? {
                    Target::Done(st) => done_view(&st, secret.as_deref(), self.ctx.time.now_ms()),
                    Target::Live(_) => return Err(ApiError::unavailable("try again")),
                },
            },
            Target::Done(st) => done_view(&st, secret.as_deref(), self.ctx.time.now_ms()),
        };
        if let Some(o) = view.as_object_mut() {
            o.insert("you".into(), seat.code().map_or(Value::Null, Value::from));
            o.insert("may".into(), may);
        }
        Ok(view)
    }

    fn allow_create(&self, ip: std::net::IpAddr) -> bool {
        let now = self.ctx.time.now_ms() as f64;
        let rate = f64::from(self.config.create_per_minute) / 60_000.0;
        let burst = f64::from(self.config.create_burst);
        let Ok(mut m) = self.limiter.lock() else {
            return false;
        };
        if m.len() > 10_000 {
            m.retain(|_, (tokens, last)| *tokens + (now - *last) * rate < burst);
        }
        let (tokens, last) = m.entry(ip).or_insert((burst, now));
        *tokens = (*tokens + (now - *last) * rate).min(burst);
        *last = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

fn done_view(st: &GameState, secret: Option<&str>, now: u64) -> (Seat, Value, Value) {
    let seat = st.seat(secret);
    (seat, st.view(now), st.may(seat, now))
}

/// A game id from the path; a path that cannot be read is an unknown game.
pub struct GameId(pub String);

impl<S: Send + Sync> FromRequestParts<S> for GameId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<GameId, ApiError> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(id)) => Ok(GameId(id)),
            Err(_) => Err(ApiError::not_found("no such game")),
        }
    }
}

/// The body, or a JSON error when it cannot be read (too large, say).
fn body_of(body: Result<Bytes, BytesRejection>) -> Result<Bytes, ApiError> {
    body.map_err(|e| ApiError::new(e.status(), "bad_request", e.body_text()))
}

fn parse_json<T: for<'de> Deserialize<'de>>(body: &Bytes) -> Result<T, ApiError> {
    let text = if body.is_empty() {
        &b"{}"[..]
    } else {
        &body[..]
    };
    serde_json::from_slice(text).map_err(|e| ApiError::bad_request("bad_request", e.to_string()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateReq {
    mode: String,
    #[serde(default)]
    level: Option<u8>,
    #[serde(default)]
    color: Option<String>,
    #[serde(default)]
    clock: Option<Value>,
    /// A starting position other than the standard one.
    #[serde(default)]
    fen: Option<String>,
}

/// Reads the `clock` field: absent or null (untimed), a string `M+S` (minutes
/// and seconds of increment, presets or any custom), or a full time control.
fn parse_clock(v: Option<Value>) -> Result<TimeControl, ApiError> {
    let bad = |m: String| ApiError::bad_request("bad_clock", m);
    let tc = match v {
        None | Some(Value::Null) => TimeControl::untimed(),
        Some(Value::String(s)) => match TimeControl::preset(&s) {
            Ok(tc) => tc,
            Err(_) => {
                let (m, inc) = s
                    .split_once('+')
                    .ok_or_else(|| bad(format!("{s:?} is not of the form M+S, such as 3+2")))?;
                let m: f64 = m
                    .trim()
                    .parse()
                    .map_err(|_| bad(format!("bad minutes in {s:?}")))?;
                let inc: u64 = inc
                    .trim()
                    .parse()
                    .map_err(|_| bad(format!("bad seconds in {s:?}")))?;
                if !(m.is_finite() && m > 0.0 && m <= 1440.0) {
                    return Err(bad("minutes must be above 0 and at most 1440".into()));
                }
                TimeControl::fischer((m * 60_000.0) as u64, inc.saturating_mul(1000))
            }
        },
        Some(v) => serde_json::from_value(v).map_err(|e| bad(e.to_string()))?,
    };
    tc.validate().map_err(|e| bad(e.to_string()))?;
    Ok(tc)
}

/// `POST /api/games`
pub async fn create(
    State(app): State<Arc<AppState>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: CreateReq = parse_json(&body_of(body)?)?;
    let mode = Mode::from_code(&req.mode).ok_or_else(|| {
        ApiError::bad_request("bad_mode", "mode must be computer, friend or hotseat")
    })?;
    let control = parse_clock(req.clock)?;
    let start = match &req.fen {
        None => None,
        Some(f) => {
            let p = Position::from_fen(f)
                .map_err(|e| ApiError::bad_request(e.code(), e.message(Lang::En)))?;
            if p.outcome().is_some() {
                return Err(ApiError::bad_request(
                    "bad_fen",
                    "the game would be over at once",
                ));
            }
            Some(p)
        }
    };
    let level = match (mode, req.level) {
        (Mode::Computer, None) => Some(3),
        (Mode::Computer, Some(l)) if (1..=8).contains(&l) => Some(l),
        (Mode::Computer, Some(_)) => {
            return Err(ApiError::bad_request("bad_level", "level must be 1 to 8"))
        }
        (_, Some(_)) => {
            return Err(ApiError::bad_request(
                "bad_level",
                "a level is only for games against the computer",
            ))
        }
        (_, None) => None,
    };
    let color = match req.color.as_deref() {
        None | Some("random") => {
            if crate::engine::random_unit() < 0.5 {
                Color::White
            } else {
                Color::Black
            }
        }
        Some("white") => Color::White,
        Some("black") => Color::Black,
        Some(_) => {
            return Err(ApiError::bad_request(
                "bad_color",
                "color must be white, black or random",
            ))
        }
    };
    if !app.allow_create(peer.ip()) {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "too many games created; wait a little",
        ));
    }
    let id = token(6)?;
    let secret = token(16)?;
    let mut secrets = [None, None];
    match mode {
        Mode::Hotseat => secrets = [Some(secret.clone()), Some(secret.clone())],
        _ => secrets[color.index()] = Some(secret.clone()),
    }
    let computer = (mode == Mode::Computer).then_some(!color);
    let join_key = if mode == Mode::Friend {
        Some(token(8)?)
    } else {
        None
    };
    let mut st = GameState::new(
        id.clone(),
        mode,
        level,
        computer,
        control,
        secrets,
        app.config.disconnect_grace_ms,
        start,
    );
    st.join_key = join_key.clone();
    app.ctx
        .store
        .write(crate::store::Write::CreateGame(Box::new(st.row())))
        .await
        .map_err(|e| ApiError::unavailable(e.to_string()))?;
    app.ctx.registry.spawn(st, &app.ctx);
    let you = if mode == Mode::Hotseat {
        "both"
    } else {
        color.name()
    };
    let body = json!({
        "id": id,
        "secret": secret,
        "color": you,
        "join_key": join_key,
        "join_url": join_key.as_ref().map(|k| format!("/join/{id}?key={k}")),
        "watch_url": format!("/watch/{id}"),
        "ws_url": format!("/api/games/{id}/ws"),
    });
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinReq {
    #[serde(default)]
    key: Option<String>,
}

/// `POST /api/games/{id}/join` with `{"key": K}` (or `?key=K`) from the join link.
pub async fn join(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
    Query(q): Q,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let req: JoinReq = parse_json(&body_of(body)?)?;
    let key = req
        .key
        .or_else(|| q.get("key").cloned())
        .unwrap_or_default();
    let tx = match app.target(&id).await? {
        Target::Live(tx) => tx,
        Target::Done(_) => return Err(ApiError::conflict("game_over", "the game is over")),
    };
    let secret = token(16)?;
    let s2 = secret.clone();
    let color = app
        .ask(&tx, |reply| Cmd::Join {
            secret: s2,
            key,
            reply,
        })
        .await??;
    Ok(Json(json!({
        "id": id,
        "secret": secret,
        "color": color.name(),
        "ws_url": format!("/api/games/{id}/ws"),
    })))
}

/// `GET /api/games/{id}`
pub async fn get_game(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
    headers: HeaderMap,
    Query(q): Q,
) -> Result<Json<Value>, ApiError> {
    Ok(Json(app.game_json(&id, secret_of(&headers, &q)).await?))
}

/// `GET /api/games/{id}/pgn`
pub async fn pgn(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
) -> Result<Response, ApiError> {
    let text = match app.target(&id).await? {
        Target::Live(tx) => match app.ask(&tx, |reply| Cmd::Pgn { reply }).await {
            Ok(t) => t,
            Err(_) => match app.target(&id).await? {
                Target::Done(st) => st.pgn(),
                Target::Live(_) => return Err(ApiError::unavailable("try again")),
            },
        },
        Target::Done(st) => st.pgn(),
    };
    Ok((
        [(
            header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        )],
        text,
    )
        .into_response())
}

/// `POST /api/games/{id}/actions`: the WebSocket's actions over plain HTTP.
pub async fn act(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
    headers: HeaderMap,
    Query(q): Q,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    let action: Action = parse_json(&body_of(body)?)?;
    let secret = secret_of(&headers, &q);
    let tx = match app.target(&id).await? {
        Target::Live(tx) => tx,
        Target::Done(st) => {
            if st.seat(secret.as_deref()) == Seat::Spectator {
                return Err(ApiError::forbidden("spectators cannot play"));
            }
            return Err(ApiError::conflict("game_over", "the game is over"));
        }
    };
    let (seat, _, _) = app
        .ask(&tx, |reply| Cmd::View {
            secret: secret.clone(),
            reply,
        })
        .await?;
    app.ask(&tx, |reply| Cmd::Act {
        seat,
        action,
        credit_ms: 0,
        reply,
    })
    .await??;
    Ok(Json(app.game_json(&id, secret).await?))
}

/// `GET /api/games?page=1&per_page=20`: finished games, newest first.
pub async fn list(State(app): State<Arc<AppState>>, Query(q): Q) -> Result<Json<Value>, ApiError> {
    let num = |k: &str, d: i64| -> Result<i64, ApiError> {
        match q.get(k) {
            None => Ok(d),
            Some(v) => v.parse::<i64>().ok().filter(|n| *n >= 1).ok_or_else(|| {
                ApiError::bad_request("bad_request", format!("{k} must be a positive integer"))
            }),
        }
    };
    let page = num("page", 1)?;
    let per_page = num("per_page", 20)?.min(100);
    let (rows, total) = app
        .ctx
        .store
        .finished((page - 1).saturating_mul(per_page), per_page)
        .await
        .map_err(|e| ApiError::unavailable(e.to_string()))?;
    let games: Vec<Value> = rows
        .into_iter()
        .map(|(g, plies)| {
            json!({
                "id": g.id, "mode": g.mode, "level": g.level, "result": g.result,
                "reason": g.reason, "plies": plies, "created_at": g.created_at,
                "finished_at": g.finished_at,
            })
        })
        .collect();
    Ok(Json(
        json!({"games": games, "page": page, "per_page": per_page, "total": total}),
    ))
}

/// `GET /api/explain?fen=FEN&move=e2e4&lang=zh-CN`
pub async fn explain(Query(q): Q) -> Result<Json<Value>, ApiError> {
    let lang_tag = q.get("lang").map_or("en", String::as_str);
    let lang = Lang::from_tag(lang_tag)
        .ok_or_else(|| ApiError::bad_request("bad_lang", "lang must be zh-CN, zh-TW or en"))?;
    let pos = match q.get("fen") {
        None => Position::new(),
        Some(f) => {
            Position::from_fen(f).map_err(|e| ApiError::bad_request(e.code(), e.message(lang)))?
        }
    };
    let text = q
        .get("move")
        .ok_or_else(|| ApiError::bad_request("bad_request", "move is required (such as e2e4)"))?;
    let (from, to, promotion) = coordinates(text).ok_or_else(|| {
        ApiError::bad_request(
            "bad_move",
            "move must be from-square and to-square, such as e2e4 or e7e8q",
        )
    })?;
    Ok(Json(match pos.explain(from, to, promotion) {
        Ok(m) => json!({
            "legal": true, "uci": m.to_uci(), "san": pos.san(m), "fen_after": pos.after(m).fen(),
        }),
        Err(why) => json!({
            "legal": false, "code": why.code(), "message": why.message(lang),
        }),
    }))
}

/// `e2e4`, `e7e8q`, `e2-e4` as from, to and promotion.
fn coordinates(text: &str) -> Option<(Square, Square, Option<Role>)> {
    let t: String = text.chars().filter(|c| *c != '-').collect();
    if !(4..=5).contains(&t.len()) || !t.is_ascii() {
        return None;
    }
    let from: Square = t[0..2].parse().ok()?;
    let to: Square = t[2..4].parse().ok()?;
    let promotion = match t.as_bytes().get(4) {
        None => None,
        Some(c) => Some(Role::from_char(*c as char)?),
    };
    Some((from, to, promotion))
}

/// `GET /api/health`
pub async fn health(State(app): State<Arc<AppState>>) -> Json<Value> {
    Json(json!({"ok": true, "live_games": app.ctx.registry.len()}))
}

/// Any other path.
pub async fn not_found() -> ApiError {
    ApiError::not_found("no such endpoint")
}

/// A known path with the wrong method.
pub async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "method not allowed here",
    )
}
