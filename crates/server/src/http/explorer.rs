//! `GET /api/explorer?fen=FEN` (or `?moves=`; the initial position by default): the
//! moves played from a position in the finished games stored here, with how those
//! games ended, read from the explorer's index (store/explorer.rs) by the position's
//! key: one index range, however many games are stored.

use super::error::ApiError;
use super::openings::{named, position_of};
use super::Q;
use crate::protocol::opening::{Explorer, ExplorerMove};
use crate::store::Tally;
use crate::AppState;
use axum::extract::{Query, State};
use axum::Json;
use guoxiang_core::Position;
use std::sync::Arc;

fn count(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

/// `GET /api/explorer?fen=FEN` or `?moves=…`
pub async fn explore(
    State(app): State<Arc<AppState>>,
    Query(q): Q,
) -> Result<Json<Explorer>, ApiError> {
    let (pos, opening) = position_of(&q)?.unwrap_or((Position::new(), None));
    let rows = app
        .ctx
        .store
        .explorer(&pos)
        .await
        .map_err(|e| ApiError::unavailable(e.to_string()))?;
    let mut total = Tally::default();
    let mut moves: Vec<ExplorerMove> = rows
        .into_iter()
        .filter_map(|r| {
            // A row whose move is not legal here would belong to another position
            // with the same 64-bit key (a collision): leave it out.
            let m = pos.parse_uci(&r.uci).ok()?;
            total.add(r.tally);
            Some(ExplorerMove {
                san: pos.san(m),
                uci: r.uci,
                games: count(r.tally.games()),
                white: count(r.tally.white),
                draws: count(r.tally.draws),
                black: count(r.tally.black),
            })
        })
        .collect();
    moves.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.uci.cmp(&b.uci)));
    Ok(Json(Explorer {
        fen: pos.fen(),
        games: count(total.games()),
        white: count(total.white),
        draws: count(total.draws),
        black: count(total.black),
        moves,
        opening: opening.map(named),
    }))
}
