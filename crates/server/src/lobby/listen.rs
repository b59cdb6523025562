//! On PostgreSQL, each process hears of every other process's lobby change at once:
//! every lobby write also runs `NOTIFY gx_lobby` in its transaction
//! ([`NOTIFY`], store/lobby), and a thread of each process keeps one connection
//! that `LISTEN`s on the channel and kicks the hub ([`super::Lobby::changed`]) for
//! each notification. The hub still reads the version now and then
//! ([`super::POLL_LISTENING_MS`]) in case a notification was missed (a dropped
//! connection, reconnected after a second). On SQLite (one process) nothing here runs.

use crate::store::listen::Listener;
use crate::AppState;
use std::sync::Arc;
use std::time::Duration;

/// The statement every lobby write runs on PostgreSQL.
pub const NOTIFY: &str = "NOTIFY gx_lobby";

/// Starts the listening thread when the database is PostgreSQL; whether it did.
pub fn start(app: &Arc<AppState>) -> bool {
    let Some(url) = app.config.db.clone().filter(|d| d.starts_with("postgres")) else {
        return false;
    };
    let app = app.clone();
    std::thread::Builder::new()
        .name("lobby-listen".into())
        .spawn(move || listen(&app, &url))
        .is_ok()
}

/// The server stopped, or was dropped without stopping (tests): its stop signal is gone.
fn stopped(app: &AppState) -> bool {
    *app.shutdown.borrow() || app.shutdown.has_changed().is_err()
}

fn listen(app: &AppState, url: &str) {
    while let Some(mut l) = Listener::open(url, "gx_lobby", || !stopped(app)) {
        // After (re)connecting, read the lobby once: changes may have been missed.
        app.lobby.changed();
        loop {
            match l.wait(Duration::from_secs(1)) {
                Ok(true) => app.lobby.changed(),
                Ok(false) => {}
                Err(e) => {
                    tracing::warn!(error = %e, "the lobby's listening connection failed");
                    break;
                }
            }
            if stopped(app) {
                return;
            }
            if l.is_closed() {
                break;
            }
        }
    }
}
