//! Several server processes on one PostgreSQL (issue 20): which process runs a
//! live game. Each process has a random name ([`Cluster::owner`]) and the address
//! it serves at; a game's task runs only under the game's lease
//! ([`crate::store::leases`]), taken when the game is created or first asked for
//! here ([`claim`]), renewed every [`RENEW_MS`] for all of this process's games
//! together, and given back when the task ends. Every write of such a task is
//! fenced with the lease's token, so a process that lost a game (it stalled past
//! [`LEASE_TTL_MS`] and another took over) can never write to it again; the
//! renewal finds the leases lost and ends those tasks, and a task whose process's
//! renewals stalled stops serving before its lease could expire
//! ([`Cluster::still_holds`]), so it never answers from a game another process
//! may run by then. A game whose lease expired
//! (its process died) is taken over by whichever process asks for it first, or
//! by the sweep of unfinished games with an expired lease that each process runs
//! with the renewal; the clock then charges the side to move only up to the dead
//! owner's last renewal. A process that stops gives its leases back; such a game
//! (like one stored before any process ran it) is taken by the first process
//! asked for it.
//!
//! A request about a game that another live process runs is relayed there
//! ([`forward`]); should that process have lost it between the lease read and
//! the relay, the request is answered 503 `game_elsewhere` and a retry finds the
//! new owner. One process on SQLite (the default) runs without leases: nothing
//! here is on its path.

pub mod forward;

use crate::actor::Ctx;
use crate::store::leases::{Fence, LeaseRow, LeaseWrite};
use crate::store::{unix_ms, StoreError, Write};
use std::collections::HashSet;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How long a lease lasts without renewal (real time: several missed renewals
/// under load do not lose a game).
pub const LEASE_TTL_MS: i64 = 5_000;
/// How often a process renews its leases and sweeps for orphaned games.
pub const RENEW_MS: u64 = 1_000;
/// The most orphaned games one sweep takes over.
pub const SWEEP_LIMIT: i64 = 500;

/// This process among the others.
#[derive(Debug)]
pub struct Cluster {
    /// This process's name in the lease rows (random, new at each start).
    pub owner: String,
    /// Where this process serves (`http://host:port`), for the others.
    pub addr: String,
    /// Until when (real ms) the leases renewed last are surely still this
    /// process's: the renewal's start plus the TTL, less a margin.
    renewed_until: AtomicI64,
}

/// Kept off the end of a lease: a task stops serving this long before it could
/// have expired (clocks of processes on one machine agree; across machines the
/// margin must cover their skew).
const MARGIN_MS: i64 = 500;

impl Cluster {
    /// A new name for this process, serving at `addr`.
    pub fn new(addr: String) -> Cluster {
        let owner = crate::http::token(9).unwrap_or_else(|_| format!("p{}", unix_ms()));
        Cluster {
            owner,
            addr,
            renewed_until: AtomicI64::new(0),
        }
    }

    /// Whether a lease of this process taken (or last renewed alone) until
    /// `taken_until` surely still holds now: a task past it stops serving, so that
    /// a process whose renewals stalled never answers from a game another process
    /// may have taken over meanwhile.
    pub fn still_holds(&self, taken_until: i64) -> bool {
        let until = self.renewed_until.load(Ordering::Relaxed).max(taken_until);
        unix_ms() < until - MARGIN_MS
    }

    /// The fence of this process's lease of `game` with `token`.
    pub fn fence(&self, game: &str, token: i64) -> Fence {
        Fence {
            game: game.to_string(),
            owner: self.owner.clone(),
            token,
        }
    }
}

/// Who runs a game, as [`claim`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claimed {
    /// This process, under `fence`; `alive_at` is when the game's previous
    /// owner was last known alive (its last renewal), if another held it.
    Here { fence: Fence, alive_at: Option<i64> },
    /// Another live process.
    Elsewhere(LeaseRow),
}

/// Takes `game`'s lease for this process if it is free, expired or ours already.
pub async fn claim(ctx: &Ctx, cluster: &Cluster, game: &str) -> Result<Claimed, StoreError> {
    let before = ctx.store.lease(game).await?;
    ctx.store
        .write(Write::Lease(LeaseWrite::Acquire {
            game: game.to_string(),
            owner: cluster.owner.clone(),
            addr: cluster.addr.clone(),
            now: unix_ms(),
            ttl_ms: LEASE_TTL_MS,
            alive: ctx.time.wall_ms(),
        }))
        .await?;
    let Some(now) = ctx.store.lease(game).await? else {
        return Err(StoreError::Corrupt(format!(
            "game {game}: no lease after taking it"
        )));
    };
    if now.owner != cluster.owner {
        return Ok(Claimed::Elsewhere(now));
    }
    // The previous owner's last sign of life, on the games' clock.
    let alive_at = before
        .filter(|b| b.owner != cluster.owner)
        .map(|b| b.alive_at);
    Ok(Claimed::Here {
        fence: cluster.fence(game, now.token),
        alive_at,
    })
}

/// Renews this process's leases, ends the tasks of games whose lease was lost,
/// and takes over orphaned games; until the server stops.
pub async fn keep(app: Arc<crate::AppState>, cluster: Arc<Cluster>) {
    let mut shutdown = app.shutdown.clone();
    loop {
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_millis(RENEW_MS)) => {}
            _ = shutdown.changed() => return,
        }
        if *shutdown.borrow() {
            return;
        }
        if let Err(e) = renew(&app.ctx, &cluster).await {
            tracing::warn!(error = %e, "the game leases could not be renewed");
            continue;
        }
        if let Err(e) = sweep(&app).await {
            tracing::warn!(error = %e, "the sweep for orphaned games failed");
        }
    }
}

/// One renewal: extends every lease of ours that has not expired, then ends the
/// tasks whose lease is gone (read after taking the list of running games, so a
/// game taken meanwhile is never mistaken for a lost one).
async fn renew(ctx: &Ctx, cluster: &Cluster) -> Result<(), StoreError> {
    let running = ctx.registry.ids();
    let sent = unix_ms();
    ctx.store
        .write(Write::Lease(LeaseWrite::Renew {
            owner: cluster.owner.clone(),
            now: unix_ms(),
            ttl_ms: LEASE_TTL_MS,
            alive: ctx.time.wall_ms(),
        }))
        .await?;
    cluster
        .renewed_until
        .store(sent + LEASE_TTL_MS, Ordering::Relaxed);
    let now = unix_ms();
    let held: HashSet<String> = ctx
        .store
        .leases_held(&cluster.owner)
        .await?
        .into_iter()
        .filter(|l| l.expires_at >= now)
        .map(|l| l.game)
        .collect();
    for id in running.into_iter().filter(|id| !held.contains(id)) {
        tracing::warn!(game = %id, "lease lost: the game's task ends here");
        ctx.registry.stop_one(&id);
    }
    Ok(())
}

/// Takes over unfinished games whose process died (their lease expired).
async fn sweep(app: &Arc<crate::AppState>) -> Result<(), StoreError> {
    let orphans = app.ctx.store.orphaned_games(unix_ms(), SWEEP_LIMIT).await?;
    for id in orphans {
        if app.ctx.registry.get(&id).is_some() {
            continue;
        }
        if let Err(e) = app.target(&id).await {
            tracing::warn!(game = %id, error = %e.message, "an orphaned game could not be taken over");
        }
    }
    Ok(())
}
