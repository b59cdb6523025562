//! The lobby (issue 19): rooms (halls), seeks, quick pairing by time control,
//! challenges to a named user, who is online and which games are being played,
//! all kept in the database so that several server processes share one lobby,
//! and pushed to each browser over its lobby WebSocket.
//!
//! Every change is a write of [`crate::store::lobby`] that raises the lobby's
//! version. Each process runs three tasks ([`start`]): the hub reads the version
//! every [`POLL_MS`] (and at once after a change made here or, on PostgreSQL,
//! notified by another process: then it polls only every [`POLL_LISTENING_MS`]), reads the lobby
//! when it moved, and sends its sockets what changed ([`hub::diff`]); the
//! keeper refreshes this process's sockets' presence rows and sweeps what
//! outlived its owner (a dead process's sockets and their users' seeks); the
//! matcher pairs the quick-pairing pool ([`pool::pairs`]). Matches go through
//! claims ([`actions`]), so two processes never start two games from one seek.

pub mod actions;
pub mod hub;
pub mod listen;
pub mod model;
pub mod pool;

use crate::store::lobby::LobbyWrite;
use crate::store::{unix_ms, Write};
use crate::AppState;
use hub::{Batch, Model};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;
use tokio::sync::{broadcast, Notify};

/// How often each process reads the lobby's version.
pub const POLL_MS: u64 = 50;
/// The same on PostgreSQL, where every lobby write also notifies every process
/// (`NOTIFY gx_lobby`, [`listen`]): the read is only the fallback then.
pub const POLL_LISTENING_MS: u64 = 2_000;
/// The least time between two reads of the whole lobby: changes that come
/// closer together go out in one `update` (each socket gets fewer messages).
pub const MIN_GAP_MS: u64 = 50;
/// How often the whole lobby is read even without a change (games end without
/// raising the version).
pub const REFRESH_MS: u64 = 2_000;
/// How often a process refreshes its sockets' presence and sweeps.
pub const KEEP_MS: u64 = 5_000;
/// How often the pool is paired.
pub const MATCH_MS: u64 = 500;
/// The least time between two pairings of the pool.
pub const MATCH_GAP_MS: u64 = 100;

/// The lobby's in-memory side (subscribers of this process).
pub struct Lobby {
    /// This process's name in the presence rows.
    pub process: String,
    kick: Notify,
    match_kick: Notify,
    tx: broadcast::Sender<Arc<Batch>>,
    current: RwLock<Arc<Model>>,
    next_conn: AtomicU64,
}

impl Default for Lobby {
    fn default() -> Lobby {
        let process = crate::http::token(8).unwrap_or_else(|_| format!("p{}", unix_ms()));
        Lobby {
            process,
            kick: Notify::new(),
            match_kick: Notify::new(),
            tx: broadcast::channel(256).0,
            current: RwLock::new(Arc::new(Model::default())),
            next_conn: AtomicU64::new(0),
        }
    }
}

impl Lobby {
    /// The lobby as last read.
    pub fn model(&self) -> Arc<Model> {
        self.current
            .read()
            .map_or_else(|_| Arc::new(Model::default()), |m| m.clone())
    }

    /// The changes to come.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Batch>> {
        self.tx.subscribe()
    }

    /// Something changed here: read the lobby now.
    pub fn changed(&self) {
        self.kick.notify_one();
    }

    /// Someone joined the pool: pair now.
    pub fn pool_changed(&self) {
        self.match_kick.notify_one();
        self.kick.notify_one();
    }

    /// A fresh name for a socket.
    pub fn conn_id(&self) -> String {
        let n = self.next_conn.fetch_add(1, Ordering::Relaxed);
        format!("{}-{n}", self.process)
    }
}

/// Starts the lobby's background work (called once the server is up).
pub fn start(state: &Arc<AppState>) {
    let listening = listen::start(state);
    tokio::spawn(hub_task(state.clone(), listening));
    tokio::spawn(keeper(state.clone()));
    tokio::spawn(matcher(state.clone()));
}

async fn hub_task(app: Arc<AppState>, listening: bool) {
    let poll = if listening {
        POLL_LISTENING_MS
    } else {
        POLL_MS
    };
    let lobby = &app.lobby;
    let mut shutdown = app.shutdown.clone();
    // Notices written before this process started are not ours to deliver.
    let mut seen_notice = app.ctx.store.lobby_version().await.unwrap_or(0);
    let mut last_full = std::time::Instant::now() - Duration::from_millis(REFRESH_MS);
    let mut first = true;
    loop {
        let kicked = tokio::select! {
            _ = lobby.kick.notified() => true,
            _ = tokio::time::sleep(Duration::from_millis(poll)) => false,
            _ = shutdown.changed() => return,
        };
        if *shutdown.borrow() {
            return;
        }
        let old = lobby.model();
        if !kicked && !first && last_full.elapsed() < Duration::from_millis(REFRESH_MS) {
            match app.ctx.store.lobby_version().await {
                Ok(v) if v == old.version => continue,
                Ok(_) => {}
                Err(_) => continue,
            }
        }
        let since_last = last_full.elapsed();
        if since_last < Duration::from_millis(MIN_GAP_MS) {
            tokio::time::sleep(Duration::from_millis(MIN_GAP_MS) - since_last).await;
        }
        last_full = std::time::Instant::now();
        let Ok(read) = app.ctx.store.lobby(seen_notice).await else {
            continue;
        };
        first = false;
        let notices: Vec<(String, String)> = read
            .notices
            .iter()
            .map(|(v, n)| {
                seen_notice = seen_notice.max(*v);
                (n.user_id.clone(), n.body.clone())
            })
            .collect();
        let new = Arc::new(Model::of(&read));
        let batch = hub::diff(&old, &new, &notices);
        if let Ok(mut m) = lobby.current.write() {
            *m = new;
        }
        if batch.rooms.iter().any(Option::is_some) || !batch.personal.is_empty() {
            // No receivers is fine.
            let _ = lobby.tx.send(Arc::new(batch));
        }
    }
}

/// Refreshes this process's presence rows and sweeps the lobby.
async fn keeper(app: Arc<AppState>) {
    let mut shutdown = app.shutdown.clone();
    loop {
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_millis(KEEP_MS)) => {}
            _ = shutdown.changed() => return,
        }
        if *shutdown.borrow() {
            return;
        }
        let now = unix_ms();
        let writes = vec![
            Write::Lobby(LobbyWrite::Heartbeat {
                process: app.lobby.process.clone(),
                at: now,
            }),
            Write::Lobby(LobbyWrite::Sweep { now }),
        ];
        if app.ctx.store.write_all(writes).await.is_ok() {
            app.lobby.changed();
        }
    }
}

/// Pairs the pool.
async fn matcher(app: Arc<AppState>) {
    let mut shutdown = app.shutdown.clone();
    loop {
        tokio::select! {
            _ = app.lobby.match_kick.notified() => {
                // Let the hub read the new entry first.
                tokio::time::sleep(Duration::from_millis(POLL_MS)).await;
            }
            _ = tokio::time::sleep(Duration::from_millis(MATCH_MS)) => {}
            _ = shutdown.changed() => return,
        }
        if *shutdown.borrow() {
            return;
        }
        actions::pair_pool(&app).await;
        // Pool joins come in bursts: pair them together, not one by one.
        tokio::time::sleep(Duration::from_millis(MATCH_GAP_MS)).await;
    }
}
