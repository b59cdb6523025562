//! `/api/tb/*`: the tables' status and a probe of one position (the same
//! object as `guoxiang tb probe FEN --json`). Table work runs off the async
//! runtime.

use super::error::ApiError;
use super::Q;
use crate::protocol::endgame::{TbMove, TbProbe, TbStatus};
use crate::AppState;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use guoxiang_core::Position;
use guoxiang_i18n::{Lang, Localize};
use guoxiang_tablebase::{ProbeError, Tablebase};
use std::sync::Arc;

/// `GET /api/tb/status`
pub async fn status(State(app): State<Arc<AppState>>) -> Result<Json<TbStatus>, ApiError> {
    let tables = app.tables.clone();
    blocking(move || Ok(tables.status())).await.map(Json)
}

/// `GET /api/tb/probe?fen=FEN`
pub async fn probe(
    State(app): State<Arc<AppState>>,
    Query(q): Q,
) -> Result<Json<TbProbe>, ApiError> {
    let fen = q
        .get("fen")
        .ok_or_else(|| ApiError::bad_request("bad_fen", "fen is required (?fen=FEN)"))?;
    let pos = Position::from_fen(fen)
        .map_err(|e| ApiError::bad_request("bad_fen", format!("fen: {}", e.message(Lang::En))))?;
    let tb = app.tables.tablebase().clone();
    blocking(move || probe_object(&tb, &pos).map_err(ApiError::from))
        .await
        .map(Json)
}

/// The probe object of `pos`: its value and every legal move's.
pub fn probe_object(tb: &Tablebase, pos: &Position) -> Result<TbProbe, ProbeError> {
    let p = tb.probe(pos)?;
    let moves = tb
        .probe_moves(pos)?
        .into_iter()
        .map(|m| TbMove {
            uci: m.mv.to_uci(),
            san: pos.san(m.mv),
            wdl: m.after.wdl.to_string(),
            dtm: m.after.dtm,
        })
        .collect();
    Ok(TbProbe {
        fen: pos.fen(),
        wdl: p.wdl.to_string(),
        dtm: p.dtm,
        moves,
    })
}

impl From<ProbeError> for ApiError {
    fn from(e: ProbeError) -> ApiError {
        match &e {
            ProbeError::TooManyPieces { .. } => {
                ApiError::bad_request("too_many_pieces", format!("fen: {e}"))
            }
            ProbeError::CastlingRights => {
                ApiError::bad_request("castling_rights", format!("fen: {e}"))
            }
            ProbeError::MissingTable { .. } => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "tb_not_ready",
                format!("{e}; the tables are being generated, see /api/tb/status"),
            ),
            _ => {
                tracing::error!(error = %e, "tablebase error");
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "tb_error", e.to_string())
            }
        }
    }
}

/// Runs table work on a blocking thread.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f).await.map_err(|e| {
        tracing::error!(error = %e, "tablebase task failed");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the request failed inside the server",
        )
    })?
}
