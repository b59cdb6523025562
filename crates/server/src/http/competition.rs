//! The HTTP routes of the competition (issue 19, docs/API.md "Ratings and
//! profiles"): the seat of a signed-in player in an account game, the players of
//! a game, the profile (ratings, history, games, PGN) and the norm calculator.
//! The answers are made in [`crate::competition::profile`].

use super::error::ApiError;
use super::games::GameId;
use super::{body_of, parse_json, Q};
use crate::competition::norms;
use crate::protocol::competition::{
    NormReportView, NormRequest, PlayersView, ProfileGames, ProfileView, RatingHistory, SeatView,
};
use crate::store::competition::GameFilter;
use crate::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use guoxiang_rating::speed::Speed;
use std::sync::Arc;

/// The routes (merged into [`super::router`]).
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/api/games/{id}/seat", get(seat))
        .route("/api/games/{id}/players", get(players))
        .route("/api/users/{name}", get(profile))
        .route("/api/users/{name}/ratings", get(ratings))
        .route("/api/users/{name}/games", get(games))
        .route("/api/users/{name}/games.pgn", get(pgn))
        .route("/api/norms", post(norm))
}

/// A user name from the path; one that cannot be read is an unknown user.
fn user_path(
    p: Result<Path<String>, axum::extract::rejection::PathRejection>,
) -> Result<String, ApiError> {
    match p {
        Ok(Path(n)) if !n.is_empty() && n.len() <= 64 => Ok(n),
        _ => Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "no_such_user",
            "no such user",
        )),
    }
}

/// `?speed=` read: absent or empty is every speed class.
fn speed_param(q: &std::collections::HashMap<String, String>) -> Result<Option<Speed>, ApiError> {
    match q.get("speed").map(String::as_str) {
        None | Some("") => Ok(None),
        Some(s) => Speed::from_code(s).map(Some).ok_or_else(|| {
            ApiError::bad_request("bad_speed", "speed is bullet, blitz, rapid or classical")
        }),
    }
}

fn not_signed_in() -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, "not_signed_in", "sign in first")
}

/// `GET /api/games/{id}/seat` (signed in): `{color, secret}` of the caller's
/// seat; 403 `not_your_game` for anyone else, 404 for a game not between accounts.
async fn seat(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
    headers: HeaderMap,
) -> Result<Json<SeatView>, ApiError> {
    let user = app.viewer(&headers).await?.ok_or_else(not_signed_in)?;
    let (color, secret) = app.seat_of(&id, &user.id).await?;
    Ok(Json(SeatView {
        color: color.into(),
        secret,
    }))
}

/// `GET /api/games/{id}/players`: names, ratings, ranks, and the rating changes
/// once the rated game is rated; `null` for a game not between accounts (the game
/// page asks for every game), 404 for no game.
async fn players(
    State(app): State<Arc<AppState>>,
    GameId(id): GameId,
) -> Result<Json<Option<PlayersView>>, ApiError> {
    Ok(Json(app.players_view(&id).await?))
}

/// `GET /api/users/{name}`.
async fn profile(
    State(app): State<Arc<AppState>>,
    name: Result<Path<String>, axum::extract::rejection::PathRejection>,
) -> Result<Json<ProfileView>, ApiError> {
    Ok(Json(app.profile_view(&user_path(name)?).await?))
}

/// `GET /api/users/{name}/ratings?speed=`.
async fn ratings(
    State(app): State<Arc<AppState>>,
    name: Result<Path<String>, axum::extract::rejection::PathRejection>,
    Query(q): Q,
) -> Result<Json<RatingHistory>, ApiError> {
    let speed = speed_param(&q)?;
    Ok(Json(
        app.rating_history_view(&user_path(name)?, speed).await?,
    ))
}

/// `GET /api/users/{name}/games?speed=&result=&rated=&page=`.
async fn games(
    State(app): State<Arc<AppState>>,
    name: Result<Path<String>, axum::extract::rejection::PathRejection>,
    Query(q): Q,
) -> Result<Json<ProfileGames>, ApiError> {
    let speed = speed_param(&q)?.map(|s| s.code().to_string());
    let result = match q.get("result").map(String::as_str) {
        None | Some("") => None,
        Some(r @ ("win" | "loss" | "draw")) => Some(r.to_string()),
        Some(_) => {
            return Err(ApiError::bad_request(
                "bad_result",
                "result is win, loss or draw",
            ))
        }
    };
    let rated = match q.get("rated").map(String::as_str) {
        None | Some("") => None,
        Some("true" | "1") => Some(true),
        Some("false" | "0") => Some(false),
        Some(_) => return Err(ApiError::bad_request("bad_rated", "rated is true or false")),
    };
    let page = match q.get("page").map(String::as_str) {
        None | Some("") => 1,
        Some(p) => p
            .parse::<i64>()
            .ok()
            .filter(|p| (1..=1_000_000).contains(p))
            .ok_or_else(|| ApiError::bad_request("bad_page", "page is a number from 1"))?,
    };
    let filter = GameFilter {
        speed,
        result,
        rated,
    };
    Ok(Json(
        app.profile_games(&user_path(name)?, filter, page).await?,
    ))
}

/// `GET /api/users/{name}/games.pgn`: every finished game, oldest first.
async fn pgn(
    State(app): State<Arc<AppState>>,
    name: Result<Path<String>, axum::extract::rejection::PathRejection>,
) -> Result<Response, ApiError> {
    let name = user_path(name)?;
    let text = app.profile_pgn(&name).await?;
    let file = format!(
        "attachment; filename=\"{}.pgn\"",
        name.chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
            .collect::<String>()
    );
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, file),
        ],
        text,
    )
        .into_response())
}

/// `POST /api/norms`: the norm calculator.
async fn norm(body: Result<Bytes, BytesRejection>) -> Result<Json<NormReportView>, ApiError> {
    let req: NormRequest = parse_json(&body_of(body)?)?;
    Ok(Json(norms::report(&req)?))
}
