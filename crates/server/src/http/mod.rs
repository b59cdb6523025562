//! The HTTP edge: the routes, reading requests into the
//! [`protocol`](crate::protocol) types, and errors as JSON ([`error`]). Games
//! are in [`games`], their WebSocket in [`ws`], the tablebases in [`tb`], the
//! endgame trainer in [`endgame`], the lessons in [`lessons`], the puzzles in [`puzzles`], game review in [`review`], openings in [`openings`] and [`explorer`], move explanations and health here. Every refusal, down to a malformed URL or header block, is a JSON
//! error with a code (docs/API.md).

pub mod accounts;
pub mod client_ip;
pub mod competition;
pub mod endgame;
pub mod error;
pub mod explorer;
pub mod games;
pub mod guard;
pub mod lessons;
pub mod lobby;
pub mod openings;
pub mod puzzles;
pub mod review;
pub mod tb;
pub mod tournaments;
pub mod ws;

use crate::protocol::{Explained, Health};
use crate::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use error::ApiError;
use guoxiang_core::{FromTo, Position};
use guoxiang_i18n::{Lang, Localize};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::Arc;

/// The largest request body read (docs/API.md: 413 `payload_too_large` above).
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

pub(crate) type Q = Query<HashMap<String, String>>;

/// The API's routes and the front end's.
pub fn router(state: Arc<AppState>) -> Router {
    let front = crate::web::catalogue_paths().fold(Router::new(), |r, path| {
        r.route(&path, get(crate::web::catalogue))
    });
    front
        .route("/api/games", post(games::create).get(games::list))
        .route("/api/games/mine", post(games::mine))
        .route("/api/games/{id}", get(games::get_game))
        .route("/api/games/{id}/join", post(games::join))
        .route("/api/games/{id}/pgn", get(games::pgn))
        .route("/api/games/{id}/actions", post(games::act))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .route("/api/tb/status", get(tb::status))
        .route("/api/tb/probe", get(tb::probe))
        .route("/api/endgames", get(endgame::list))
        .route("/api/endgames/{key}/start", post(endgame::start))
        .route("/api/endgames/{key}/move", post(endgame::play_move))
        .route("/api/endgames/{key}/hint", get(endgame::hint))
        .route("/api/lessons", get(lessons::list))
        .route("/api/lessons/{id}", get(lessons::get_lesson))
        .route("/api/lessons/{id}/steps/{n}/move", post(lessons::play_move))
        .route("/api/lessons/{id}/steps/{n}/hint", get(lessons::hint))
        // Puzzles (issue 17).
        .route("/api/puzzles/next", get(puzzles::next))
        .route("/api/puzzles/daily", get(puzzles::daily))
        .route("/api/puzzles/themes", get(puzzles::themes))
        .route("/api/puzzles/{id}", get(puzzles::get_puzzle))
        .route("/api/puzzles/{id}/move", post(puzzles::play_move))
        .route("/api/puzzles/{id}/attempt", post(puzzles::attempt))
        // Openings and the explorer (issue 16).
        .route("/api/openings", get(openings::lookup))
        .route("/api/openings/repertoire", get(openings::repertoire))
        .route("/api/explorer", get(explorer::explore))
        // Game review (issue 18).
        .route("/api/reviews", post(review::create))
        .route("/api/reviews/{id}", get(review::get_review))
        .route("/api/games/{id}/review", post(review::of_game))
        // Competition (issue 19): each part's routes in its own module.
        .merge(accounts::routes())
        .merge(competition::routes())
        .merge(lobby::routes())
        .merge(tournaments::routes())
        .route("/api/explain", get(explain))
        .route("/api/health", get(health))
        .route("/metrics", get(crate::obs::scrape))
        .route("/", get(crate::web::index))
        .route("/game/{id}", get(crate::web::index))
        .route("/join/{id}", get(crate::web::index))
        .route("/watch/{id}", get(crate::web::index))
        .route("/games", get(crate::web::index))
        .route("/settings", get(crate::web::index))
        .route("/learn/endgames", get(crate::web::index))
        .route("/learn/endgames/{key}", get(crate::web::index))
        .route("/learn", get(crate::web::index))
        .route("/learn/{id}", get(crate::web::index))
        .route("/learn/openings", get(crate::web::index))
        .route("/learn/openings/{key}", get(crate::web::index))
        .route("/explorer", get(crate::web::index))
        .route("/puzzles", get(crate::web::index))
        .route("/puzzles/{id}", get(crate::web::index))
        .route("/analysis", get(crate::web::index))
        .route("/editor", get(crate::web::index))
        .route("/review", get(crate::web::index))
        .route("/review/{id}", get(crate::web::index))
        .route("/lobby", get(crate::web::index))
        .route("/lobby/{room}", get(crate::web::index))
        .route("/login", get(crate::web::index))
        .route("/signup", get(crate::web::index))
        .route("/account", get(crate::web::index))
        .route("/@/{name}", get(crate::web::index))
        .route("/tournaments", get(crate::web::index))
        .route("/tournaments/{id}", get(crate::web::index))
        .route("/grading", get(crate::web::index))
        .route("/sw.js", get(crate::web::sw_js))
        .route("/manifest.webmanifest", get(crate::web::manifest))
        .route("/assets/app.js", get(crate::web::app_js))
        .route("/assets/app.css", get(crate::web::app_css))
        .route("/assets/learn.js", get(crate::web::learn_js))
        .fallback(crate::web::fallback)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::cluster::forward::forward,
        ))
        .layer(axum::middleware::from_fn(crate::obs::track))
        .with_state(state)
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

/// The body, or a JSON error when it cannot be read (too large: 413
/// `payload_too_large`).
pub(crate) fn body_of(body: Result<Bytes, BytesRejection>) -> Result<Bytes, ApiError> {
    body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::too_large(format!("the body is larger than {BODY_LIMIT} bytes"))
        } else {
            ApiError::new(e.status(), "bad_request", e.body_text())
        }
    })
}

/// A JSON body as `T`; an empty body is `{}`.
pub(crate) fn parse_json<T: for<'de> Deserialize<'de>>(body: &Bytes) -> Result<T, ApiError> {
    let text = if body.is_empty() {
        &b"{}"[..]
    } else {
        &body[..]
    };
    serde_json::from_slice(text).map_err(|e| ApiError::bad_request("bad_request", e.to_string()))
}

/// `GET /api/explain?fen=FEN&move=e2e4&lang=zh-CN`
pub async fn explain(Query(q): Q) -> Result<Json<Explained>, ApiError> {
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
    let FromTo {
        from,
        to,
        promotion,
    } = FromTo::parse(text).map_err(|e| ApiError::bad_request("bad_move", e.to_string()))?;
    Ok(Json(match pos.explain(from, to, promotion) {
        Ok(m) => Explained {
            legal: true,
            uci: Some(m.to_uci()),
            san: Some(pos.san(m)),
            fen_after: Some(pos.after(m).fen()),
            ..Explained::default()
        },
        Err(why) => Explained {
            legal: false,
            code: Some(why.code().to_string()),
            message: Some(why.message(lang)),
            ..Explained::default()
        },
    }))
}

/// `GET /api/health`
pub async fn health(State(app): State<Arc<AppState>>) -> Json<Health> {
    Json(Health {
        ok: true,
        live_games: app.ctx.registry.len() as u64,
    })
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
