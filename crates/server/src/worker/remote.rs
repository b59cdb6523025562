//! The web process's side of computer moves done by workers (`serve --workers`):
//! [`Remote::think`] stores a `move` job (announced on `gx_jobs` in the same
//! transaction) and waits for its result; one thread per process keeps a
//! connection that `LISTEN`s on `gx_job_done`, and on each notification — and
//! every second in case one was missed (a dropped connection, reconnected after a
//! second) — reads the results of the jobs this process waits for and wakes each
//! waiter (job id → oneshot). The web process deletes a job once it delivered
//! it; jobs nobody waits for any more (the game ended, its process stopped) are
//! swept after [`STALE_MS`]. A game taken over by another process asks again when
//! its new task starts; the old job's answer finds no waiter and is swept.

use crate::engine::EngineReply;
use crate::game::EngineJob;
use crate::obs::METRICS;
use crate::store::jobs::{self, JobWrite};
use crate::store::listen::Listener;
use crate::store::{unix_ms, Store, StoreError, Write};
use crate::worker::job::{MoveJob, MoveResult};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// A job older than this is swept (no game waits an hour for a move).
pub const STALE_MS: i64 = 60 * 60 * 1000;

/// How often the listening thread sweeps stale jobs.
const SWEEP_EVERY: Duration = Duration::from_secs(60);

/// The jobs this process waits for.
pub struct Remote {
    store: Store,
    waiters: Mutex<HashMap<String, oneshot::Sender<String>>>,
}

impl Remote {
    /// Starts the listening thread (on its own connection to `url`); it ends once
    /// the last handle is dropped.
    pub fn start(store: Store, url: String) -> Result<Arc<Remote>, StoreError> {
        let remote = Arc::new(Remote {
            store,
            waiters: Mutex::default(),
        });
        let weak = Arc::downgrade(&remote);
        std::thread::Builder::new()
            .name("jobs-listen".into())
            .spawn(move || listen(&weak, &url))?;
        Ok(remote)
    }

    fn waiters(&self) -> std::sync::MutexGuard<'_, HashMap<String, oneshot::Sender<String>>> {
        // A waiter's map stays consistent whatever panicked holding it.
        self.waiters.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The ids of the jobs waited for.
    fn outstanding(&self) -> Vec<String> {
        self.waiters().keys().cloned().collect()
    }

    /// Wakes the waiter of job `id`, if there is one still.
    fn deliver(&self, id: &str, result: String) {
        if let Some(tx) = self.waiters().remove(id) {
            let _ = tx.send(result);
        }
    }

    /// Has a worker search `job`: stores the job, waits for its result, deletes
    /// it, and (with `human_time`, in an untimed game) waits out the level's
    /// thinking time, counted from when the job was stored.
    pub async fn think(&self, job: EngineJob, human_time: bool) -> Option<EngineReply> {
        let started = Instant::now();
        let human = human_time && job.untimed;
        let (ply, key) = (job.ply, job.position.zobrist());
        let payload = match serde_json::to_string(&MoveJob::of(&job)) {
            Ok(p) => p,
            Err(e) => {
                METRICS.engine_failures.add(1);
                tracing::error!(error = %e, "a move job could not be written: no computer move");
                return None;
            }
        };
        let id = job_id();
        let (tx, rx) = oneshot::channel();
        self.waiters().insert(id.clone(), tx);
        let waiting = METRICS.engine_waiting.hold();
        let stored = self
            .store
            .write(Write::Job(JobWrite::Create {
                id: id.clone(),
                kind: jobs::MOVE.to_owned(),
                payload,
                at: unix_ms(),
            }))
            .await;
        if let Err(e) = stored {
            self.waiters().remove(&id);
            METRICS.engine_failures.add(1);
            tracing::error!(error = %e, "a move job could not be stored: no computer move");
            return None;
        }
        let answer = tokio::time::timeout(Duration::from_millis(STALE_MS as u64), rx).await;
        drop(waiting);
        self.waiters().remove(&id);
        if let Err(e) = self
            .store
            .write(Write::Job(JobWrite::Delete { id: id.clone() }))
            .await
        {
            tracing::warn!(job = %id, error = %e, "a delivered job could not be deleted");
        }
        let Ok(Ok(text)) = answer else {
            METRICS.engine_failures.add(1);
            tracing::error!(job = %id, "no worker answered a move job: no computer move");
            return None;
        };
        let result: MoveResult = match serde_json::from_str(&text) {
            Ok(r) => r,
            Err(e) => {
                METRICS.engine_failures.add(1);
                tracing::error!(job = %id, error = %e, "a worker's answer is unreadable");
                return None;
            }
        };
        if let Some(e) = &result.error {
            METRICS.engine_failures.add(1);
            tracing::error!(job = %id, error = %e, "a worker could not search: no computer move");
            return None;
        }
        let mv = match result.uci.as_deref().map(|u| job.position.parse_uci(u)) {
            None => None,
            Some(Ok(m)) => Some(m),
            Some(Err(e)) => {
                METRICS.engine_failures.add(1);
                tracing::error!(job = %id, error = %e, "a worker answered an illegal move");
                return None;
            }
        };
        if let Some(think) = result.think_ms.filter(|_| human) {
            let think = Duration::from_millis(think);
            tokio::time::sleep(think.saturating_sub(started.elapsed())).await;
        }
        Some(EngineReply {
            ply,
            key,
            mv,
            score: result.score,
        })
    }
}

/// A new job's id: 16 random bytes in hex.
fn job_id() -> String {
    let mut b = [0u8; 16];
    if getrandom::fill(&mut b).is_err() {
        // Unique enough within this process: the time and a counter.
        static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        return format!("m{}-{n}-{}", unix_ms(), std::process::id());
    }
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// The listening thread: reads the results of the jobs waited for whenever one
/// is announced, and every second; sweeps stale jobs every minute.
fn listen(remote: &Weak<Remote>, url: &str) {
    let mut swept = Instant::now() - SWEEP_EVERY;
    while let Some(mut l) = Listener::open(url, "gx_job_done", || remote.strong_count() > 0) {
        loop {
            // One notification or a quiet second: then read the results either way.
            let mut failed = match l.wait(Duration::from_secs(1)) {
                Ok(_) => false,
                Err(e) => {
                    tracing::warn!(error = %e, "the jobs' listening connection failed");
                    true
                }
            };
            let Some(r) = remote.upgrade() else {
                return;
            };
            let ids = r.outstanding();
            if !ids.is_empty() && !failed {
                match jobs::results(l.client(), &ids) {
                    Ok(done) => {
                        for (id, result) in done {
                            r.deliver(&id, result);
                        }
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "the jobs' results could not be read");
                        failed = true;
                    }
                }
            }
            if swept.elapsed() >= SWEEP_EVERY {
                swept = Instant::now();
                let sweep = Write::Job(JobWrite::Sweep {
                    before: unix_ms() - STALE_MS,
                });
                if let Err(e) = r.store.write_blocking(sweep) {
                    tracing::warn!(error = %e, "stale jobs could not be swept");
                }
            }
            drop(r);
            if failed || l.is_closed() {
                break;
            }
        }
    }
}
