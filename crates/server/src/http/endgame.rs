//! `/api/endgames/*`: the trainer's exercises, a start position, one turn
//! (the learner's move, the coach's verdict, the defence's answer) and hints
//! ([`crate::endgame`] does the work, off the async runtime).

use super::error::ApiError;
use super::tb::blocking;
use super::{body_of, parse_json, Q};
use crate::endgame::{play, Exercise, TrainerError};
use crate::protocol::endgame::{
    ExerciseList, ExerciseMove, ExerciseView, Hint, Played, StartExercise, Started,
};
use crate::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;
use std::sync::Arc;

/// `GET /api/endgames`
pub async fn list(State(app): State<Arc<AppState>>) -> Result<Json<ExerciseList>, ApiError> {
    let tables = app.tables.clone();
    blocking(move || {
        let exercises = Exercise::ALL
            .into_iter()
            .map(|e| ExerciseView {
                key: e.key().to_string(),
                class: e.class_name().to_string(),
                goal: e.goal().code().to_string(),
                learner: e.learner().name().to_string(),
                phases: e.phases().to_vec(),
                ready: tables.ready_for(e),
            })
            .collect();
        Ok(ExerciseList { exercises })
    })
    .await
    .map(Json)
}

/// `POST /api/endgames/{key}/start`
pub async fn start(
    State(app): State<Arc<AppState>>,
    Path(key): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Started>, ApiError> {
    let exercise = exercise(&key)?;
    let req: StartExercise = parse_json(&body_of(body)?)?;
    let tb = app.tables.tablebase().clone();
    blocking(move || {
        play::begin(&tb, exercise, req.difficulty.as_deref(), req.seed).map_err(ApiError::from)
    })
    .await
    .map(Json)
}

/// `POST /api/endgames/{key}/move`
pub async fn play_move(
    State(app): State<Arc<AppState>>,
    Path(key): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Played>, ApiError> {
    let exercise = exercise(&key)?;
    let req: ExerciseMove = parse_json(&body_of(body)?)?;
    let tb = app.tables.tablebase().clone();
    blocking(move || play::play(&tb, exercise, &req.fen, &req.uci).map_err(ApiError::from))
        .await
        .map(Json)
}

/// `GET /api/endgames/{key}/hint?fen=FEN&level=1|2|3`
pub async fn hint(
    State(app): State<Arc<AppState>>,
    Path(key): Path<String>,
    Query(q): Q,
) -> Result<Json<Hint>, ApiError> {
    let exercise = exercise(&key)?;
    let fen = q
        .get("fen")
        .cloned()
        .ok_or_else(|| ApiError::bad_request("bad_fen", "fen is required (?fen=FEN)"))?;
    let level = q.get("level").cloned().unwrap_or_else(|| "1".into());
    let tb = app.tables.tablebase().clone();
    blocking(move || play::hint(&tb, exercise, &fen, &level).map_err(ApiError::from))
        .await
        .map(Json)
}

fn exercise(key: &str) -> Result<Exercise, ApiError> {
    Exercise::from_key(key).ok_or_else(|| {
        let keys: Vec<&str> = Exercise::ALL.iter().map(|e| e.key()).collect();
        ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown_exercise",
            format!(
                "no exercise {:?}; the exercises are {}",
                key.chars().take(32).collect::<String>(),
                keys.join(", ")
            ),
        )
    })
}

impl From<TrainerError> for ApiError {
    fn from(e: TrainerError) -> ApiError {
        let msg = e.to_string();
        match e {
            TrainerError::BadFen(_) => ApiError::bad_request("bad_fen", msg),
            TrainerError::IllegalMove { .. } => ApiError::bad_request("illegal_move", msg),
            TrainerError::NotThisExercise(_) => ApiError::bad_request("not_this_exercise", msg),
            TrainerError::GameOver(_) => ApiError::conflict("game_over", msg),
            TrainerError::BadDifficulty(_) => ApiError::bad_request("bad_difficulty", msg),
            TrainerError::BadLevel(_) => ApiError::bad_request("bad_level", msg),
            TrainerError::Start(crate::endgame::start::StartError::Probe(p))
            | TrainerError::Tables(p) => ApiError::from(p),
            TrainerError::Start(s) => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "no_position",
                s.to_string(),
            ),
        }
    }
}
