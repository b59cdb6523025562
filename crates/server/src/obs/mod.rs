//! Observability: logs ([`logging`]), Prometheus metrics ([`metrics`]) and the
//! hooks the rest of the server calls — the HTTP access log and status-class
//! counter ([`track`]), `GET /metrics` ([`scrape`]) and the probe around each
//! commit of a game ([`CommitProbe`]), which counts moves, times the write and
//! logs the game's lifecycle (joined, moves at `debug`, resumed, ended) once it
//! is durable. docs/OPERATIONS.md describes what an operator sees.

pub mod logging;
pub mod metrics;

pub use logging::LogFormat;
pub use metrics::METRICS;

use crate::game::Change;
use crate::game::Ending;
use crate::AppState;
use axum::extract::{Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use guoxiang_core::Color;
use std::sync::Arc;
use std::time::Instant;

/// The target of the access log (`RUST_LOG=guoxiang_server::http=warn` silences it).
pub const HTTP: &str = "guoxiang_server::http";
/// The target of the games' lifecycle events.
pub const GAME: &str = "guoxiang_server::game";

/// Counts every answered request by status class and logs it (method, path
/// without the query — a secret may be there —, status, latency).
pub async fn track(req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_owned();
    let response = next.run(req).await;
    let status = response.status().as_u16();
    metrics::http_request(status);
    // Whole microseconds: `1.234`, not `1.2339999`.
    let latency_ms = started.elapsed().as_micros() as f64 / 1e3;
    if status >= 500 {
        tracing::error!(target: HTTP, %method, path, status, latency_ms, "request");
    } else {
        tracing::info!(target: HTTP, %method, path, status, latency_ms, "request");
    }
    response
}

/// `GET /metrics`: the Prometheus text exposition.
pub async fn scrape(State(app): State<Arc<AppState>>) -> impl IntoResponse {
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        metrics::render(app.ctx.registry.len()),
    )
}

/// What a commit holds that is worth counting or logging, read before the
/// changes go to the store.
pub struct CommitProbe {
    started: Instant,
    moves: u64,
    joined: Option<Color>,
    resumed: bool,
    ended: Option<Ending>,
    /// The last move (ply, UCI), kept only when `debug` is logged.
    last_move: Option<(u64, String)>,
}

impl CommitProbe {
    pub fn start(changes: &[Change]) -> CommitProbe {
        let mut p = CommitProbe {
            started: Instant::now(),
            moves: 0,
            joined: None,
            resumed: false,
            ended: None,
            last_move: None,
        };
        for c in changes {
            match c {
                Change::Moved(m) => {
                    p.moves += 1;
                    if tracing::enabled!(target: GAME, tracing::Level::DEBUG) {
                        p.last_move = Some((m.ply, m.uci.clone()));
                    }
                }
                Change::Joined { color, .. } => p.joined = Some(*color),
                Change::Resumed { .. } => p.resumed = true,
                Change::Finished { ending, .. } => p.ended = Some(*ending),
                Change::TakenBack { .. }
                | Change::Standing(_)
                | Change::After(_)
                | Change::Berserk { .. } => {}
            }
        }
        p
    }

    /// Records the write's outcome for game `game`.
    pub fn finish<E: std::fmt::Display>(self, game: &str, result: &Result<(), E>) {
        if let Err(e) = result {
            METRICS.store_errors.add(1);
            tracing::error!(target: GAME, game, error = %e, "storage failed; the game's task stops");
            return;
        }
        if self.moves > 0 {
            METRICS.moves_committed.add(self.moves);
            METRICS
                .commit_seconds
                .observe_n(self.started.elapsed(), self.moves);
            if let Some((ply, uci)) = &self.last_move {
                tracing::debug!(target: GAME, game, ply, uci = uci.as_str(), "move committed");
            }
        }
        if let Some(color) = self.joined {
            tracing::info!(target: GAME, game, color = ?color, "friend joined");
        }
        if self.resumed {
            tracing::info!(target: GAME, game, "game resumed after a restart");
        }
        if let Some(ending) = self.ended {
            METRICS.games_ended.add(1);
            tracing::info!(
                target: GAME,
                game,
                reason = ending.reason_code(),
                result = %ending.result(),
                "game ended"
            );
        }
    }
}

/// Records a game's creation once it is stored.
pub fn game_created<E: std::fmt::Display>(
    game: &str,
    mode: impl std::fmt::Debug,
    result: &Result<(), E>,
) {
    match result {
        Ok(()) => {
            METRICS.games_created.add(1);
            tracing::info!(target: GAME, game, mode = %format!("{mode:?}").to_lowercase(), "game created");
        }
        Err(e) => {
            METRICS.store_errors.add(1);
            tracing::error!(target: GAME, game, error = %e, "storing a new game failed");
        }
    }
}
