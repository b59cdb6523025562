//! The HTTP API of games (JSON): creating, joining, reading and listing games,
//! PGN, and actions over plain HTTP for bots. Bodies are read into the
//! [`protocol`](crate::protocol) types by hand, so that every malformed request
//! gets a JSON error with a code, never a panic or a 500. Each request that
//! concerns a live game is one message to its task and one answer.

use super::error::ApiError;
use super::{body_of, parse_json, secret_of, token, Q};
use crate::actor::{Cmd, Who};
use crate::clock::TimeControl;
use crate::cluster::Claimed;
use crate::game::{self, GameState, Limits, Record, Seat, Seats, SecretHash, Standing};
use crate::http::client_ip::ClientIp;
use crate::protocol::view;
use crate::protocol::{
    CreateGame, Created, GameList, GameResponse, GameSummary, JoinGame, Joined, MineRequest, Mode,
    MyGame, MyGames, Status, You,
};
use crate::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use guoxiang_core::{Color, Position};
use guoxiang_i18n::{Lang, Localize};
use serde_json::Value;

use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// A game as a request finds it: served by a live task, or finished on disk.
pub enum Target {
    Live(mpsc::Sender<Cmd>),
    Done(Box<GameState>),
}

fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Another live process runs the game (until requests are forwarded to it).
fn elsewhere(lease: &crate::store::leases::LeaseRow) -> ApiError {
    ApiError::new(
        axum::http::StatusCode::SERVICE_UNAVAILABLE,
        "game_elsewhere",
        format!(
            "game {} is run by another server process ({}); ask that one",
            lease.game, lease.addr
        ),
    )
}

fn game_over() -> ApiError {
    ApiError::conflict("game_over", "the game is over")
}

impl AppState {
    /// The times every game gets.
    pub fn limits(&self) -> Limits {
        Limits {
            grace_ms: self.config.disconnect_grace_ms,
            join_timeout_ms: self.config.join_timeout_ms,
        }
    }

    /// Finds a game: its live task (starting one for an unfinished stored game)
    /// or its finished state.
    pub async fn target(&self, id: &str) -> Result<Target, ApiError> {
        if let Some(tx) = self.ctx.registry.get(id) {
            return Ok(Target::Live(tx));
        }
        if !valid_id(id) {
            return Err(ApiError::not_found("no such game"));
        }
        let unavailable = |e: crate::store::StoreError| ApiError::unavailable(e.to_string());
        let stored = self.ctx.store.game(id).await.map_err(unavailable)?;
        let Some((mut record, mut moves)) = stored else {
            return Err(ApiError::not_found("no such game"));
        };
        let mut fence = None;
        let mut alive = None;
        if record.status != Status::Finished {
            if let Some(cluster) = &self.ctx.cluster {
                // The lease first, then the game read again: everything its last
                // owner wrote is there, and that owner can write no more.
                match crate::cluster::claim(&self.ctx, cluster, id)
                    .await
                    .map_err(unavailable)?
                {
                    Claimed::Elsewhere(lease) => return Err(elsewhere(&lease)),
                    Claimed::Here { fence: f, alive_at } => {
                        fence = Some(f);
                        alive = alive_at;
                    }
                }
                let again = self.ctx.store.game(id).await.map_err(unavailable)?;
                let Some((r, m)) = again else {
                    return Err(ApiError::not_found("no such game"));
                };
                (record, moves) = (r, m);
            }
            if alive.is_none() {
                alive = self.ctx.store.alive_at().await.map_err(unavailable)?;
            }
        }
        let st = GameState::from_record(&record, &moves, self.limits(), self.ctx.time.now(), alive)
            .map_err(|e| ApiError::unavailable(format!("game {id}: {e}")))?;
        if st.is_over() {
            Ok(Target::Done(Box::new(st)))
        } else {
            Ok(Target::Live(self.ctx.registry.spawn(st, &self.ctx, fence)))
        }
    }

    /// Starts the task of a finished game here (for what follows the game:
    /// rematch offers, watchers); with several processes, under its lease.
    pub async fn run_here(&self, st: GameState) -> Result<mpsc::Sender<Cmd>, ApiError> {
        let fence = match &self.ctx.cluster {
            None => None,
            Some(cluster) => match crate::cluster::claim(&self.ctx, cluster, &st.id).await {
                Ok(Claimed::Here { fence, .. }) => Some(fence),
                Ok(Claimed::Elsewhere(lease)) => return Err(elsewhere(&lease)),
                Err(e) => return Err(ApiError::unavailable(e.to_string())),
            },
        };
        Ok(self.ctx.registry.spawn(st, &self.ctx, fence))
    }

    /// Sends a command built by `make` to the game's task and waits for the
    /// answer; if the task ended meanwhile (the game just finished), says so.
    pub async fn ask<T>(
        &self,
        tx: &mpsc::Sender<Cmd>,
        make: impl FnOnce(oneshot::Sender<T>) -> Cmd,
    ) -> Result<T, ApiError> {
        let (reply, rx) = oneshot::channel();
        tx.send(make(reply)).await.map_err(|_| game_over())?;
        rx.await.map_err(|_| game_over())
    }

    /// The full state of a game as the holder of `secret` sees it.
    pub async fn game_response(
        &self,
        id: &str,
        secret: Option<String>,
    ) -> Result<GameResponse, ApiError> {
        let done = |st: &GameState| {
            let seat = st.seat(secret.as_deref());
            view::response(st, seat, self.ctx.time.now())
        };
        match self.target(id).await? {
            Target::Live(tx) => {
                let asked = self
                    .ask(&tx, |reply| Cmd::Get {
                        secret: secret.clone(),
                        reply,
                    })
                    .await;
                match asked {
                    Ok(v) => Ok(v),
                    // The game ended in between: read it from disk.
                    Err(_) => match self.target(id).await? {
                        Target::Done(st) => Ok(done(&st)),
                        Target::Live(_) => Err(ApiError::unavailable("try again")),
                    },
                }
            }
            Target::Done(st) => Ok(done(&st)),
        }
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

/// Reads the `clock` field: absent or null (untimed), a string `M+S` (minutes
/// and seconds of increment, presets or any custom), or a full time control
/// with at least one period.
pub fn parse_clock(v: Option<Value>) -> Result<TimeControl, ApiError> {
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
        Some(v @ Value::Object(_)) => {
            let tc: TimeControl = serde_json::from_value(v).map_err(|e| bad(e.to_string()))?;
            if tc.is_untimed() {
                return Err(bad(
                    "a time control needs at least one period (send null for no clock)".into(),
                ));
            }
            tc
        }
        Some(_) => {
            return Err(bad(
                "clock must be null, \"M+S\" or a time control object".into()
            ))
        }
    };
    tc.validate().map_err(|e| bad(e.to_string()))?;
    Ok(tc)
}

/// The new game a valid [`CreateGame`] describes (secrets not yet set).
fn new_record(req: CreateGame, created_at: i64) -> Result<(Record, Color), ApiError> {
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
        (Mode::Computer, None) => Some(game::DEFAULT_LEVEL),
        (Mode::Computer, Some(l)) if game::LEVELS.contains(&l) => Some(l),
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
    let first = control.periods.first().map_or(0, |p| p.time_ms);
    let record = Record {
        id: String::new(),
        created_at,
        mode,
        level,
        computer: (mode == Mode::Computer).then_some(!color),
        control,
        seats: Seats::default(),
        join_key: None,
        start,
        status: if mode == Mode::Friend {
            Status::Waiting
        } else {
            Status::Active
        },
        ending: None,
        clocks: [first, first],
        finished_at: None,
        standing: Standing::default(),
        turn_since: None,
        after: Default::default(),
        berserk: Default::default(),
    };
    Ok((record, color))
}

/// `POST /api/games`
pub async fn create(
    State(app): State<Arc<AppState>>,
    ClientIp(client): ClientIp,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: CreateGame = parse_json(&body_of(body)?)?;
    let now = app.ctx.time.now();
    let (mut record, color) = new_record(req, now.wall)?;
    if !app.allow_create(client) {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "too many games created; wait a little",
        ));
    }
    let id = token(6)?;
    let secret = token(16)?;
    let hash = SecretHash::of(&secret);
    match record.mode {
        Mode::Hotseat => record.seats = Seats([Some(hash), Some(hash)]),
        _ => record.seats.0[color.index()] = Some(hash),
    }
    let join_key = if record.mode == Mode::Friend {
        Some(token(16)?)
    } else {
        None
    };
    record.join_key = join_key.as_deref().map(SecretHash::of);
    record.id = id.clone();
    let st = GameState::from_record(&record, &[], app.limits(), now, None)
        .map_err(|e| ApiError::bad_request("bad_request", e))?;
    app.ctx.registry.create(st, &app.ctx).await?;
    let body = Created {
        color: if record.mode == Mode::Hotseat {
            You::Both
        } else {
            view::you(Seat::Player(color)).unwrap_or(You::Both)
        },
        join_url: join_key.as_ref().map(|k| format!("/join/{id}?key={k}")),
        join_key,
        watch_url: format!("/watch/{id}"),
        ws_url: format!("/api/games/{id}/ws"),
        secret,
        id,
    };
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// `POST /api/games/{id}/join` with `{"key": K}` (or `?key=K`) from the join link.
pub async fn join(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
    Query(q): Q,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Joined>, ApiError> {
    let req: JoinGame = parse_json(&body_of(body)?)?;
    let key = req
        .key
        .or_else(|| q.get("key").cloned())
        .unwrap_or_default();
    let tx = match app.target(&id).await? {
        Target::Live(tx) => tx,
        Target::Done(_) => return Err(game_over()),
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
    Ok(Json(Joined {
        ws_url: format!("/api/games/{id}/ws"),
        id,
        secret,
        color: color.into(),
    }))
}

/// `GET /api/games/{id}`
pub async fn get_game(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
    headers: HeaderMap,
    Query(q): Q,
) -> Result<Json<GameResponse>, ApiError> {
    Ok(Json(app.game_response(&id, secret_of(&headers, &q)).await?))
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
                Target::Done(st) => crate::pgn::write(&st),
                Target::Live(_) => return Err(ApiError::unavailable("try again")),
            },
        },
        Target::Done(st) => crate::pgn::write(&st),
    };
    // A game between accounts carries its players' names (issue 19).
    let text = match app.players_view(&id).await {
        Ok(Some(v)) => {
            let text = crate::competition::profile::set_tag(&text, "White", &v.white.name);
            crate::competition::profile::set_tag(&text, "Black", &v.black.name)
        }
        _ => text,
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

/// `POST /api/games/{id}/actions`: the WebSocket's actions over plain HTTP; one
/// message to the game's task, answered with the new state.
pub async fn act(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
    headers: HeaderMap,
    Query(q): Q,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<GameResponse>, ApiError> {
    let wire: crate::protocol::Action = parse_json(&body_of(body)?)?;
    let action = game::Action::try_from(wire)?;
    let secret = secret_of(&headers, &q);
    let after_game = matches!(action, game::Action::Rematch | game::Action::DeclineRematch);
    let mut tries = 0;
    let answer = loop {
        let tx = match app.target(&id).await? {
            Target::Live(tx) => tx,
            // A finished game's task is started again for what follows the game.
            Target::Done(st) if after_game => app.run_here(*st).await?,
            Target::Done(st) => {
                if st.seat(secret.as_deref()) == Seat::Spectator {
                    return Err(ApiError::forbidden("spectators cannot play"));
                }
                return Err(game_over());
            }
        };
        let asked = app
            .ask(&tx, |reply| Cmd::Act {
                who: Who::Secret(secret.clone()),
                action: action.clone(),
                credit_ms: 0,
                view: true,
                reply,
            })
            .await;
        tries += 1;
        match asked {
            Ok(answer) => break answer?,
            // The task of a finished game ended just before: once more.
            Err(_) if after_game && tries < 2 => continue,
            Err(e) => return Err(e),
        }
    };
    match answer {
        Some(state) => Ok(Json(state)),
        None => Ok(Json(app.game_response(&id, secret).await?)),
    }
}

/// The most secrets `POST /api/games/mine` takes, and the most games it answers.
pub const MINE_LIMIT: usize = 200;

/// Listed games as the wire sums them up, each with the opening of its first moves.
async fn summaries(app: &AppState, rows: Vec<(Record, u64)>) -> Result<Vec<GameSummary>, ApiError> {
    let ids = rows
        .iter()
        .filter(|(g, _)| g.start.is_none())
        .map(|(g, _)| g.id.clone())
        .collect();
    let firsts = app
        .ctx
        .store
        .first_moves(ids, game::OPENING_PLIES)
        .await
        .map_err(|e| ApiError::unavailable(e.to_string()))?;
    Ok(rows
        .into_iter()
        .map(|(g, plies)| GameSummary {
            result: g.ending.map(|e| e.result().as_str().to_string()),
            reason: g.ending.map(|e| e.reason_code().to_string()),
            status: g.status,
            players: view::players(g.computer, g.level),
            opening: firsts
                .get(&g.id)
                .and_then(|m| game::opening_of(g.start.as_ref(), m))
                .map(view::opening),
            id: g.id,
            mode: g.mode,
            level: g.level,
            plies,
            moves: plies.div_ceil(2),
            created_at: g.created_at,
            finished_at: g.finished_at,
        })
        .collect())
}

/// `POST /api/games/mine` with `{"secrets": [...]}`: the games this browser
/// holds a secret of (found by the secrets' hashes), newest first, and whom each
/// secret makes you.
pub async fn mine(
    State(app): State<Arc<AppState>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<MyGames>, ApiError> {
    let req: MineRequest = parse_json(&body_of(body)?)?;
    if req.secrets.len() > MINE_LIMIT {
        return Err(ApiError::bad_request(
            "bad_request",
            format!("at most {MINE_LIMIT} secrets"),
        ));
    }
    let mut secrets: Vec<String> = req.secrets.into_iter().filter(|s| !s.is_empty()).collect();
    secrets.sort();
    secrets.dedup();
    let held: std::collections::HashSet<String> = secrets
        .iter()
        .map(|s| SecretHash::of(s).to_stored())
        .collect();
    let rows = app
        .ctx
        .store
        .mine(&secrets, MINE_LIMIT as i64)
        .await
        .map_err(|e| ApiError::unavailable(e.to_string()))?;
    let yous: Vec<Option<You>> = rows
        .iter()
        .map(|(g, _)| {
            let holds = |i: usize| g.seats.0[i].is_some_and(|h| held.contains(&h.to_stored()));
            match (holds(0), holds(1)) {
                (true, true) => Some(You::Both),
                (true, false) => Some(You::White),
                (false, true) => Some(You::Black),
                (false, false) => None,
            }
        })
        .collect();
    let games = summaries(&app, rows)
        .await?
        .into_iter()
        .zip(yous)
        .filter_map(|(summary, you)| Some(MyGame { summary, you: you? }))
        .collect();
    Ok(Json(MyGames { games }))
}

/// `GET /api/games?page=1&per_page=20`: finished games, newest first.
pub async fn list(
    State(app): State<Arc<AppState>>,
    Query(q): Q,
) -> Result<Json<GameList>, ApiError> {
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
    let games = summaries(&app, rows).await?;
    Ok(Json(GameList {
        games,
        page: page as u64,
        per_page: per_page as u64,
        total,
    }))
}
