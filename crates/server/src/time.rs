//! The server's sense of time: milliseconds on a monotonic clock, either real or
//! manual (tests advance it by hand, so clock and disconnect rules are checked to
//! the millisecond without sleeping). Game tasks wait through [`TimeSource::sleep_until`].

use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::watch;

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
