//! `/api/reviews*` and `/api/games/{id}/review`: asking for a game review (an
//! uploaded PGN of one game, or a finished game of this server, once per game) and
//! polling it. New reviews are rate-limited per address with the puzzles' token
//! buckets (429 with `Retry-After`); a full queue answers 503. The work happens
//! in [`crate::review`]. docs/API.md "Review" has the shapes.

use super::error::ApiError;
use super::{body_of, parse_json, token};
use crate::game::GameState;
use crate::http::client_ip::ClientIp;
use crate::protocol::review::{ReviewCreated, ReviewRequest, ReviewView};
use crate::protocol::Status;
use crate::review::source::{self, SourceError, MAX_PGN};
use crate::review::{SubmitError, Submitted};
use crate::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::net::IpAddr;
use std::sync::Arc;

/// `POST /api/reviews` `{"pgn": "…"}`: 202 `{"id"}`.
pub async fn create(
    State(app): State<Arc<AppState>>,
    ClientIp(client): ClientIp,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: ReviewRequest = parse_json(&body_of(body)?)?;
    let game = source::parse(&req.pgn).map_err(refused)?;
    if let Some(limited) = limit(&app, client) {
        return Ok(limited);
    }
    submit(&app, None, req.pgn, &game).await
}

/// `POST /api/games/{id}/review`: 202 `{"id"}`, the same id every time for a game.
pub async fn of_game(
    State(app): State<Arc<AppState>>,
    ClientIp(client): ClientIp,
    Path(game_id): Path<String>,
) -> Result<Response, ApiError> {
    if game_id.is_empty()
        || game_id.len() > 32
        || !game_id.bytes().all(|b| b.is_ascii_alphanumeric())
    {
        return Err(ApiError::not_found("no such game"));
    }
    if let Some(id) = app.reviews.of_game(&game_id).await.map_err(stored)? {
        return Ok(accepted(id));
    }
    let Some((record, moves)) = app.ctx.store.game(&game_id).await.map_err(stored)? else {
        return Err(ApiError::not_found("no such game"));
    };
    if record.status != Status::Finished {
        return Err(ApiError::conflict(
            "game_not_finished",
            "only a finished game can be reviewed",
        ));
    }
    let st = GameState::from_record(&record, &moves, app.limits(), app.ctx.time.now(), None)
        .map_err(|e| ApiError::unavailable(format!("game {game_id}: {e}")))?;
    let pgn = crate::pgn::write(&st);
    let game = source::parse(&pgn).map_err(|e| match e {
        SourceError::NoMoves => ApiError::conflict("no_moves", "the game has no moves to review"),
        e => ApiError::unavailable(format!("game {game_id}: {e}")),
    })?;
    if let Some(limited) = limit(&app, client) {
        return Ok(limited);
    }
    submit(&app, Some(game_id), pgn, &game).await
}

/// `GET /api/reviews/{id}`
pub async fn get_review(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Json<ReviewView>, ApiError> {
    let missing = || ApiError::not_found("no such review");
    if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(missing());
    }
    match app.reviews.view(&id).await.map_err(stored)? {
        Some(v) => Ok(Json(v)),
        None => Err(missing()),
    }
}

async fn submit(
    app: &AppState,
    game_id: Option<String>,
    pgn: String,
    game: &source::Game,
) -> Result<Response, ApiError> {
    let id = token(8)?;
    match app.reviews.submit(id, game_id, pgn, game).await {
        Ok(Submitted::New(id) | Submitted::Existing(id)) => Ok(accepted(id)),
        Err(SubmitError::Full) => Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "review_queue_full",
            SubmitError::Full.to_string(),
        )),
        Err(SubmitError::Store(e)) => Err(stored(e)),
    }
}

fn accepted(id: String) -> Response {
    (StatusCode::ACCEPTED, Json(ReviewCreated { id })).into_response()
}

/// 429 with `Retry-After` when `client` has asked for too many reviews.
fn limit(app: &AppState, client: IpAddr) -> Option<Response> {
    let per_minute = app.reviews.settings.per_minute;
    let secs = app
        .reviews
        .limiter
        .take(client, app.ctx.time.now_ms(), per_minute)
        .err()?;
    let e = ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "rate_limited",
        format!("more than {per_minute} reviews a minute from this address; try again in {secs} s"),
    );
    Some(
        (
            StatusCode::TOO_MANY_REQUESTS,
            [(header::RETRY_AFTER, secs.to_string())],
            Json(e.body()),
        )
            .into_response(),
    )
}

/// A PGN that cannot be reviewed: 400 (413 when too large), saying what and where.
fn refused(e: SourceError) -> ApiError {
    match e {
        SourceError::TooLarge => ApiError::too_large(format!(
            "the PGN is larger than {MAX_PGN} bytes (64 KiB); send one game"
        )),
        SourceError::NoGame | SourceError::NoMoves => {
            ApiError::bad_request("bad_pgn", e.to_string())
        }
        SourceError::SeveralGames { .. } => ApiError::bad_request("several_games", e.to_string()),
        SourceError::Syntax(_) | SourceError::Replay(_) => {
            ApiError::bad_request("bad_pgn", e.to_string())
        }
    }
}

fn stored(e: crate::store::StoreError) -> ApiError {
    tracing::error!(error = %e, "reviews unavailable");
    ApiError::unavailable("reviews cannot be read or written now")
}
