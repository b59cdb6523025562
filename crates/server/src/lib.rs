//! # guoxiang-server
//!
//! The game server: an HTTP and WebSocket API (axum on tokio) for games against
//! the computer, between friends and on one device, with authoritative clocks
//! (Fischer, simple delay, Bronstein, multi-period) and every rule of play
//! enforced by the core's `Game`. Each live game is one task ([`actor`]); every
//! accepted move is committed to the database ([`store`], SQLite by default,
//! PostgreSQL with `--db postgres://…`)
//! before it is acknowledged or broadcast, and unfinished games resume after a
//! restart with the downtime charged to nobody. The API is described in
//! docs/API.md.
//!
//! ```no_run
//! # async fn demo() -> Result<(), guoxiang_server::ServerError> {
//! let config = guoxiang_server::Config::default();
//! let server = guoxiang_server::start(config, guoxiang_server::time::TimeSource::real()).await?;
//! println!("http://{}", server.addr);
//! server.shutdown().await;
//! # Ok(()) }
//! ```

pub mod actor;
pub mod api;
pub mod clock;
pub mod engine;
pub mod error;
pub mod pgn;
pub mod state;
pub mod store;
pub mod time;
pub mod web;
pub mod ws;

use actor::{Ctx, Registry};
use axum::routing::{get, post};
use axum::Router;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

/// Server settings.
#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    /// `None`: SQLite in `data_dir`; `sqlite:PATH`; `postgres://user@host/db`.
    pub db: Option<String>,
    pub data_dir: PathBuf,
    /// Threads for computer moves.
    pub engine_threads: usize,
    /// Whether the computer's human levels take human-like time in untimed games.
    pub computer_human_time: bool,
    /// How long a player must be gone before the opponent may claim (60 s).
    pub disconnect_grace_ms: u64,
    /// Games one address may create per minute, and at once.
    pub create_per_minute: u32,
    pub create_burst: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: None,
            data_dir: PathBuf::from("data"),
            engine_threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            computer_human_time: true,
            disconnect_grace_ms: 60_000,
            create_per_minute: 30,
            create_burst: 20,
        }
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error(transparent)]
    Store(#[from] store::StoreError),
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
}

/// What every request handler shares.
pub struct AppState {
    pub ctx: Ctx,
    pub config: Config,
    limiter: Mutex<HashMap<IpAddr, (f64, f64)>>,
    pub shutdown: watch::Receiver<bool>,
}

/// The API's routes.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/api/games", post(api::create).get(api::list))
        .route("/api/games/{id}", get(api::get_game))
        .route("/api/games/{id}/join", post(api::join))
        .route("/api/games/{id}/pgn", get(api::pgn))
        .route("/api/games/{id}/actions", post(api::act))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .route("/api/explain", get(api::explain))
        .route("/api/health", get(api::health))
        .route("/", get(web::index))
        .route("/game/{id}", get(web::index))
        .route("/join/{id}", get(web::index))
        .route("/watch/{id}", get(web::index))
        .route("/assets/app.js", get(web::app_js))
        .route("/assets/app.css", get(web::app_css))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .with_state(state)
}

/// A running server.
pub struct Running {
    pub addr: SocketAddr,
    pub state: Arc<AppState>,
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Stops accepting, closes WebSockets, and waits for requests in flight.
    pub async fn shutdown(self) {
        let _ = self.stop.send(true);
        let _ = self.task.await;
    }
}

/// Opens the store, resumes unfinished games and starts serving.
pub async fn start(config: Config, time: time::TimeSource) -> Result<Running, ServerError> {
    let store = {
        let (db, dir) = (config.db.clone(), config.data_dir.clone());
        tokio::task::spawn_blocking(move || store::Store::open(db.as_deref(), &dir))
            .await
            .map_err(|_| store::StoreError::Closed)??
    };
    let ctx = Ctx {
        store: store.clone(),
        time: time.clone(),
        engine: engine::EnginePool::new(config.engine_threads, config.computer_human_time),
        registry: Registry::default(),
    };
    let now = time.now_ms();
    for (row, moves) in store.unfinished().await? {
        let st = state::GameState::from_rows(&row, &moves, now, config.disconnect_grace_ms)?;
        ctx.registry.spawn(st, &ctx);
    }
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|source| ServerError::Bind {
            addr: config.addr,
            source,
        })?;
    let addr = listener.local_addr().map_err(|source| ServerError::Bind {
        addr: config.addr,
        source,
    })?;
    let (stop, stop_rx) = watch::channel(false);
    let state = Arc::new(AppState {
        ctx,
        config,
        limiter: Mutex::new(HashMap::new()),
        shutdown: stop_rx.clone(),
    });
    let app = router(state.clone()).into_make_service_with_connect_info::<SocketAddr>();
    let mut rx = stop_rx;
    let task = tokio::spawn(async move {
        let _ = axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                let _ = rx.wait_for(|s| *s).await;
            })
            .await;
    });
    Ok(Running {
        addr,
        state,
        stop,
        task,
    })
}

/// Runs the server until Ctrl-C or SIGTERM (what `guoxiang serve` does).
pub async fn run(config: Config) -> Result<(), ServerError> {
    // Handlers first: a signal that arrives once the address is printed must be caught.
    let signalled = shutdown_signal();
    let running = start(config, time::TimeSource::real()).await?;
    // Printing must not fail the server when nobody reads stdout any more.
    say(&format!(
        "guoxiang server listening: open http://{}/\n(API under /api; stop with Ctrl-C)",
        running.addr
    ));
    signalled.await;
    say("shutting down");
    running.shutdown().await;
    Ok(())
}

fn say(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

/// A future that completes on Ctrl-C or SIGTERM; the handlers are installed
/// when this function is called, not when the future is first polled.
fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    let term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
    let ctrl_c = tokio::spawn(async {
        let _ = tokio::signal::ctrl_c().await;
    });
    async move {
        #[cfg(unix)]
        if let Some(mut term) = term {
            tokio::select! {
                _ = ctrl_c => {}
                _ = term.recv() => {}
            }
            return;
        }
        let _ = ctrl_c.await;
    }
}
