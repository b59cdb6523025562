//! The server's sense of time: milliseconds on a monotonic clock, either real or
//! manual (tests advance it by hand, so clock and disconnect rules are checked to
//! the millisecond without sleeping), and the wall-clock time that is stored (when
//! a move was played, when the server was last known alive). Game tasks wait
//! through [`TimeSource::sleep_until`]; the rules of play get a [`Now`] passed in
//! and never read a clock themselves.

use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// One moment, on both clocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Now {
    /// Monotonic milliseconds (clocks and deadlines of this process).
    pub mono: u64,
    /// Milliseconds since the Unix epoch (what is stored and compared across restarts).
    pub wall: i64,
}

impl Now {
    /// The monotonic moment at which wall-clock time `wall` arrives (or has arrived).
    pub fn mono_at(self, wall: i64) -> u64 {
        let ahead = wall.saturating_sub(self.wall);
        if ahead >= 0 {
            self.mono.saturating_add(ahead as u64)
        } else {
            self.mono.saturating_sub(ahead.unsigned_abs())
        }
    }
}

/// The wall-clock time of manual time 0: 2023-11-14, so that stored dates look like dates.
pub const MANUAL_EPOCH_MS: i64 = 1_700_000_000_000;

/// Real or manual time (cheap to clone).
#[derive(Clone)]
pub enum TimeSource {
    Real(Instant),
    Manual(Arc<watch::Sender<u64>>),
}

impl TimeSource {
    /// Real time, counted from now.
    pub fn real() -> TimeSource {
        TimeSource::Real(Instant::now())
    }

    /// Manual time starting at `start_ms`.
    pub fn manual(start_ms: u64) -> TimeSource {
        TimeSource::Manual(Arc::new(watch::Sender::new(start_ms)))
    }

    pub fn now_ms(&self) -> u64 {
        match self {
            TimeSource::Real(t0) => t0.elapsed().as_millis() as u64,
            TimeSource::Manual(tx) => *tx.borrow(),
        }
    }

    /// Milliseconds since the Unix epoch (manual time: [`MANUAL_EPOCH_MS`] plus the manual time).
    pub fn wall_ms(&self) -> i64 {
        match self {
            TimeSource::Real(_) => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as i64),
            TimeSource::Manual(tx) => MANUAL_EPOCH_MS + *tx.borrow() as i64,
        }
    }

    /// Both clocks now.
    pub fn now(&self) -> Now {
        Now {
            mono: self.now_ms(),
            wall: self.wall_ms(),
        }
    }

    /// Moves manual time forward (no effect on real time).
    pub fn advance(&self, ms: u64) {
        if let TimeSource::Manual(tx) = self {
            tx.send_modify(|t| *t += ms);
        }
    }

    /// Waits until `now_ms() >= at`.
    pub async fn sleep_until(&self, at: u64) {
        match self {
            TimeSource::Real(_) => {
                let now = self.now_ms();
                if at > now {
                    tokio::time::sleep(Duration::from_millis(at - now)).await;
                }
            }
            TimeSource::Manual(tx) => {
                let mut rx = tx.subscribe();
                while *rx.borrow_and_update() < at {
                    if rx.changed().await.is_err() {
                        std::future::pending::<()>().await;
                    }
                }
            }
        }
    }
}
