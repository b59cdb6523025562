//! # guoxiang-server
//!
//! The game server: an HTTP and WebSocket API (axum on tokio) for games against
//! the computer, between friends and on one device, with authoritative clocks
//! (Fischer, simple delay, Bronstein, multi-period) and every rule of play
//! enforced by the core's `Game`. Each live game is one task ([`actor`]); every
//! accepted move is committed to the database ([`store`], SQLite by default,
//! PostgreSQL with `--db postgres://…`)
//! before it is acknowledged or broadcast, and unfinished games resume after a
//! restart with the downtime charged to nobody (the thinking done before a
//! crash, up to the server's last heartbeat, stays charged). The API is
//! described in docs/API.md.
//!
//! Layout: [`game`] holds the rules of play (pure and typed), [`protocol`] the
//! wire types (and the generated TypeScript), [`http`] the routes, handlers,
//! WebSocket and errors, [`actor`] the task of each live game, [`store`] the
//! database rows, [`clock`] the chess clock, [`pgn`] the export, [`obs`]
//! the logs and metrics (docs/OPERATIONS.md) and [`endgame`] the endgame
//! trainer on the tablebases (generated in the background at first start);
//! [`review`] reviews games on a pool of threads of its own.
//!
//! ```no_run
//! # async fn demo() -> Result<(), guoxiang_server::ServerError> {
//! let config = guoxiang_server::Config::default();
//! let server = guoxiang_server::start(config, guoxiang_server::time::TimeSource::real()).await?;
//! println!("http://{}", server.addr);
//! server.shutdown().await;
//! # Ok(()) }
//! ```

pub mod accounts;
pub mod actor;
pub mod clock;
pub mod cluster;
pub mod competition;
pub mod endgame;
pub mod engine;
pub mod game;
pub mod http;
pub mod lobby;
pub mod obs;
pub mod pgn;
pub mod protocol;
pub mod review;
pub mod store;
pub mod time;
pub mod tournaments;
pub mod web;
pub mod worker;

pub use http::router;

use actor::{Ctx, Registry};
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
    /// How long a friend game waits for its second player before it is
    /// aborted ([`JOIN_TIMEOUT_MS`]).
    pub join_timeout_ms: u64,
    /// How [`run`] writes its logs (text or JSON lines on stderr).
    pub log_format: obs::LogFormat,
    /// The endgame tablebases' directory (`<data_dir>/tablebase` by default).
    pub tb_dir: PathBuf,
    /// Whether missing tables are generated in the background at start.
    pub tb_generate: bool,
    /// The classes that background generation makes (`None`: every class of
    /// up to four pieces, the trainer's first).
    pub tb_classes: Option<Vec<guoxiang_tablebase::Class>>,
    /// The lessons served at `/api/lessons` (the embedded course by default).
    pub lessons: &'static guoxiang_lessons::Course,
    /// The puzzles served at `/api/puzzles` (the shipped set by default).
    pub puzzles: &'static guoxiang_puzzles::PuzzleSet,
    /// Judged puzzle moves, and puzzle attempts, one address may send per minute.
    pub puzzle_moves_per_minute: u32,
    pub puzzle_attempts_per_minute: u32,
    /// Game review: threads, effort, rate limit (`--review-threads`, `--review-nodes`).
    pub review: review::ReviewSettings,
    /// With several processes on PostgreSQL: the address the others reach this
    /// one at (`http://host:port`, `--advertise`); `None`: `http://` and the
    /// address bound (right when bound to an address they can reach).
    pub advertise: Option<String>,
    /// The proxies (and, with several processes, the processes) whose
    /// `X-Forwarded-For` names the client (`--trust-proxy`, [`http::client_ip`]).
    pub trusted_proxies: Vec<http::client_ip::Cidr>,
    /// `serve --workers`: this process searches no computer move and reviews no
    /// game; it stores them as jobs for worker processes (`guoxiang worker`,
    /// [`worker`]). Needs PostgreSQL.
    pub workers: bool,
}

/// A friend game nobody joins is aborted after 24 hours (docs/API.md).
pub const JOIN_TIMEOUT_MS: u64 = 24 * 60 * 60 * 1000;

/// How often the server records that it is alive (wall clock, in the
/// database): after a crash, the side to move is charged the time it used up to
/// the last record, at most this much less than it really used.
pub const HEARTBEAT_MS: u64 = 1_000;

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
            join_timeout_ms: JOIN_TIMEOUT_MS,
            log_format: obs::LogFormat::Text,
            tb_dir: PathBuf::from("data").join("tablebase"),
            tb_generate: true,
            tb_classes: None,
            lessons: guoxiang_lessons::Course::builtin(),
            puzzles: guoxiang_puzzles::PuzzleSet::builtin(),
            puzzle_moves_per_minute: 120,
            puzzle_attempts_per_minute: 30,
            review: review::ReviewSettings::default(),
            advertise: None,
            trusted_proxies: Vec::new(),
            workers: false,
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
    #[error(
        "--workers needs PostgreSQL (--db postgres://…): worker processes take their jobs from it"
    )]
    WorkersNeedPostgres,
}

/// What every request handler shares.
pub struct AppState {
    pub ctx: Ctx,
    pub config: Config,
    /// The endgame tablebases (and their background generation).
    pub tables: endgame::Tables,
    /// The puzzles' current ratings and rate limits.
    pub puzzles: http::puzzles::PuzzleState,
    /// Game reviews: their queue, threads and rate limit.
    pub reviews: review::Reviews,
    /// Accounts: log-in rate limits (issue 19).
    pub accounts: accounts::Accounts,
    /// Account games and ratings (issue 19).
    pub competition: competition::Competition,
    /// The lobby's subscribers in this process (issue 19).
    pub lobby: lobby::Lobby,
    /// The tournament director (issue 19).
    pub tournaments: tournaments::Director,
    limiter: Mutex<HashMap<IpAddr, (f64, f64)>>,
    pub shutdown: watch::Receiver<bool>,
}

/// A running server.
pub struct Running {
    pub addr: SocketAddr,
    pub state: Arc<AppState>,
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
    heartbeat: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Stops accepting, closes WebSockets, waits for requests in flight, then ends
    /// every game task (see [`Registry::stop_all`]).
    pub async fn shutdown(self) {
        let _ = self.stop.send(true);
        let _ = self.task.await;
        let _ = self.heartbeat.await;
        self.state
            .ctx
            .registry
            .stop_all(std::time::Duration::from_secs(5))
            .await;
    }
}

/// Opens the store, resumes unfinished games and starts serving.
pub async fn start(config: Config, time: time::TimeSource) -> Result<Running, ServerError> {
    let on_postgres = config
        .db
        .as_deref()
        .is_some_and(|d| d.starts_with("postgres"));
    if config.workers && !on_postgres {
        return Err(ServerError::WorkersNeedPostgres);
    }
    obs::metrics::mark_start();
    let store = {
        let (db, dir) = (config.db.clone(), config.data_dir.clone());
        tokio::task::spawn_blocking(move || store::Store::open(db.as_deref(), &dir))
            .await
            .map_err(|_| store::StoreError::Closed)??
    };
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
    // Several processes share a PostgreSQL database: games run under leases.
    let cluster = config
        .db
        .as_deref()
        .is_some_and(|d| d.starts_with("postgres"))
        .then(|| {
            let reach = config.advertise.clone();
            Arc::new(cluster::Cluster::new(
                reach.unwrap_or_else(|| format!("http://{addr}")),
            ))
        });
    // The tables (nothing read yet); generation starts once the address is bound.
    let tables = endgame::Tables::open(&config.tb_dir);
    let engine = match config.db.as_deref().filter(|_| config.workers) {
        // Computer moves are jobs for the workers.
        Some(url) => engine::EnginePool::remote(
            config.computer_human_time,
            worker::remote::Remote::start(store.clone(), url.to_owned())?,
        ),
        None => engine::EnginePool::new(
            config.engine_threads,
            config.computer_human_time,
            Some(tables.tablebase().clone()),
        ),
    };
    let ctx = Ctx {
        store: store.clone(),
        time: time.clone(),
        engine,
        registry: Registry::default(),
        cluster: cluster.clone(),
    };
    // Read before this process records its own first sign of life.
    let alive_at = store.alive_at().await?;
    let limits = game::Limits {
        grace_ms: config.disconnect_grace_ms,
        join_timeout_ms: config.join_timeout_ms,
    };
    let now = time.now();
    // One process resumes every unfinished game; several take them over through
    // their leases (cluster::keep's sweep), each game by one process.
    let unfinished = if cluster.is_none() {
        store.unfinished().await?
    } else {
        Vec::new()
    };
    tracing::info!(games = unfinished.len(), "resuming unfinished games");
    for (record, moves) in unfinished {
        let st = game::GameState::from_record(&record, &moves, limits, now, alive_at)
            .map_err(|e| store::StoreError::Corrupt(format!("game {}: {e}", record.id)))?;
        ctx.registry.spawn(st, &ctx, None);
    }
    let reviews = review::Reviews::start(
        store.clone(),
        Some(tables.tablebase().clone()),
        config.review.clone(),
        config.workers,
    )
    .await?;
    if config.tb_generate {
        // Detached: it never blocks serving, and every file is complete once renamed.
        let _ = tables.generate_in_background(config.tb_classes.clone(), config.engine_threads);
    }
    let (stop, stop_rx) = watch::channel(false);
    let state = Arc::new(AppState {
        ctx,
        config,
        tables,
        puzzles: http::puzzles::PuzzleState::default(),
        reviews,
        accounts: accounts::Accounts::default(),
        competition: competition::Competition::default(),
        lobby: lobby::Lobby::default(),
        tournaments: tournaments::Director::default(),
        limiter: Mutex::new(HashMap::new()),
        shutdown: stop_rx.clone(),
    });
    let app = http::router(state.clone()).into_make_service_with_connect_info::<SocketAddr>();
    let heartbeat = tokio::spawn(heartbeat(state.ctx.clone(), stop_rx.clone()));
    competition::start(&state);
    lobby::start(&state);
    tournaments::start(&state);
    if let Some(c) = cluster {
        tokio::spawn(cluster::keep(state.clone(), c));
    }
    let mut rx = stop_rx;
    let task = tokio::spawn(async move {
        // Parse errors answered in JSON; `tap_io` keeps `ConnectInfo<SocketAddr>`.
        let listener =
            axum::serve::ListenerExt::tap_io(http::guard::JsonErrorListener(listener), |_| {});
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
        heartbeat,
    })
}

/// Records every [`HEARTBEAT_MS`] that the server is alive, and once more when
/// it stops.
async fn heartbeat(ctx: Ctx, mut stop: watch::Receiver<bool>) {
    loop {
        let at = ctx.time.wall_ms();
        if let Err(e) = ctx.store.write(store::Write::Alive { at }).await {
            tracing::warn!(error = %e, "the heartbeat could not be stored");
        }
        let next = ctx.time.now_ms() + HEARTBEAT_MS;
        tokio::select! {
            _ = ctx.time.sleep_until(next) => {}
            _ = stop.wait_for(|s| *s) => break,
        }
    }
    let _ = ctx
        .store
        .write(store::Write::Alive {
            at: ctx.time.wall_ms(),
        })
        .await;
}

/// Runs the server until Ctrl-C or SIGTERM (what `guoxiang serve` does).
pub async fn run(config: Config) -> Result<(), ServerError> {
    // Fails only when the embedding program installed its own logger: keep it.
    let _ = obs::logging::init(config.log_format);
    // Handlers first: a signal that arrives once the address is printed must be caught.
    let signalled = shutdown_signal();
    let running = start(config, time::TimeSource::real()).await?;
    // Printing must not fail the server when nobody reads stdout any more.
    say(&format!(
        "guoxiang server listening: open http://{}/\n(API under /api; stop with Ctrl-C)",
        running.addr
    ));
    tracing::info!(addr = %running.addr, "listening");
    signalled.await;
    tracing::info!("shutting down");
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
