//! Worker processes (`guoxiang worker --db postgres://…`, issue 20): computer
//! moves and game reviews done apart from the web processes, which (with `serve
//! --workers`) only store them as jobs (store/jobs.rs), like lichess's fishnet
//! pulls analysis. [`run`] starts N threads, each with its own connection: claim
//! the oldest waiting job, do it — a move with the same [`crate::engine::decide`]
//! as the server's pool, a review with the same body as the server's review
//! threads ([`crate::review::review`]) — store the result (only while the claim
//! is still this worker's) and announce it on `gx_job_done`. An idle thread waits
//! on `LISTEN gx_jobs`, a second at most (then it claims anyway: a poll). A
//! review renews its claim as it stores its progress (at most twice a second).
//! Once `stop` is set, no thread takes a new job and the jobs held are given back
//! at once (the next claim takes them). [`remote`] is the web process's side.

pub mod job;
pub mod remote;

use crate::protocol::review::{ReviewProgress, ReviewStatus};
use crate::review::{Effort, Report, ReviewOptions};
use crate::store::jobs::{self, Claimed};
use crate::store::listen::Listener;
use crate::store::{unix_ms, StoreError};
use guoxiang_tablebase::Tablebase;
use job::{MoveJob, MoveResult};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a claim lasts (renewed while a review runs): a worker that dies
/// holds its job this long at most. Longer than any move's budget (2 s).
pub const CLAIM_MS: i64 = 10_000;

/// How often a review stores its progress (and renews its claim) at most.
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

/// A worker's settings.
#[derive(Debug, Clone)]
pub struct WorkerConfig {
    /// The PostgreSQL database the web processes store their jobs in.
    pub db: String,
    /// Jobs done at once (one thread and connection each).
    pub threads: usize,
    /// The engine's work per position in reviews (`--review-nodes`).
    pub effort: Effort,
    /// Each review's transposition table, in MB.
    pub hash_mb: usize,
    /// The endgame tables for full-strength moves and reviews.
    pub tables: Option<Tablebase>,
    /// This worker's name in the claims (a fresh one when `None`).
    pub name: Option<String>,
}

impl WorkerConfig {
    pub fn new(db: impl Into<String>) -> WorkerConfig {
        WorkerConfig {
            db: db.into(),
            threads: 1,
            effort: Effort::DEFAULT,
            hash_mb: 16,
            tables: None,
            name: None,
        }
    }
}

/// Why a worker could not run.
#[derive(Debug, thiserror::Error)]
pub enum WorkerError {
    #[error("a worker needs PostgreSQL (--db postgres://…), not {0}")]
    NotPostgres(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot start a worker thread: {0}")]
    Thread(std::io::Error),
}

/// What a worker did, counted as it goes.
#[derive(Debug, Default)]
pub struct Stats {
    /// Computer moves whose result this worker stored.
    pub moves: AtomicU64,
    /// Reviews whose result this worker stored.
    pub reviews: AtomicU64,
    /// Jobs claimed (a job given back and claimed again counts again).
    pub claims: AtomicU64,
}

/// Runs a worker until `stop` is set: then gives its jobs back and returns.
/// `stats` counts what it did. Blocks (a plain thread; never the async runtime).
pub fn run(
    config: WorkerConfig,
    stop: Arc<AtomicBool>,
    stats: Arc<Stats>,
) -> Result<(), WorkerError> {
    if !(config.db.starts_with("postgres://") || config.db.starts_with("postgresql://")) {
        return Err(WorkerError::NotPostgres(config.db));
    }
    // The schema first: a worker may start before any web process.
    let mut main = jobs::connect(&config.db)?;
    let me = config.name.clone().unwrap_or_else(fresh_name);
    let threads = config.threads.max(1);
    tracing::info!(worker = %me, threads, "worker started");
    let (alive, gone) = std::sync::mpsc::channel::<()>();
    let shared = Arc::new(Shared {
        me: me.clone(),
        url: config.db.clone(),
        opts: ReviewOptions {
            effort: config.effort,
            tables: config.tables.clone(),
            hash_mb: config.hash_mb,
        },
        tables: config.tables.clone(),
        stop: stop.clone(),
        stats,
    });
    for n in 0..threads {
        let (sh, alive) = (shared.clone(), alive.clone());
        std::thread::Builder::new()
            .name(format!("guoxiang-worker-{n}"))
            .spawn(move || {
                let _alive = alive;
                sh.work();
            })
            .map_err(WorkerError::Thread)?;
    }
    drop(alive);
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(50));
    }
    // Nothing new is taken; what is held goes back now (a review under way
    // finishes on its thread but stores nothing: the claim is no longer ours).
    match jobs::give_back(&mut main, &me) {
        Ok(n) => tracing::info!(worker = %me, jobs = n, "worker stopping: jobs given back"),
        Err(e) => tracing::warn!(worker = %me, error = %e, "jobs could not be given back"),
    }
    // Threads between jobs end within a second or two.
    let deadline = Instant::now() + Duration::from_secs(3);
    while gone
        .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        .is_ok()
    {}
    tracing::info!(worker = %me, "worker stopped");
    Ok(())
}

/// This worker's name: host, process and a random part (two workers of one
/// process, as in tests, differ).
fn fresh_name() -> String {
    let host = std::env::var("HOSTNAME").unwrap_or_else(|_| "worker".into());
    let mut b = [0u8; 4];
    let _ = getrandom::fill(&mut b);
    format!(
        "{host}-{}-{:08x}",
        std::process::id(),
        u32::from_le_bytes(b)
    )
}

/// What the threads share.
struct Shared {
    me: String,
    url: String,
    opts: ReviewOptions,
    tables: Option<Tablebase>,
    stop: Arc<AtomicBool>,
    stats: Arc<Stats>,
}

impl Shared {
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// One thread: connect (again after a failure), then claim and do jobs.
    fn work(&self) {
        while let Some(mut l) = Listener::open(&self.url, "gx_jobs", || !self.stopped()) {
            if let Err(e) = self.jobs(&mut l) {
                tracing::warn!(worker = %self.me, error = %e, "the worker's connection failed");
                std::thread::sleep(Duration::from_secs(1));
            }
        }
    }

    fn jobs(&self, l: &mut Listener) -> Result<(), postgres::Error> {
        while !self.stopped() {
            let now = unix_ms();
            match jobs::claim(l.client(), &self.me, now, now + CLAIM_MS)? {
                Some(job) => {
                    self.stats.claims.fetch_add(1, Ordering::Relaxed);
                    self.run(l.client(), job)?;
                }
                // A new job, or a second: then claim again.
                None => {
                    l.wait(Duration::from_secs(1))?;
                }
            }
        }
        Ok(())
    }

    fn run(&self, c: &mut postgres::Client, job: Claimed) -> Result<(), postgres::Error> {
        let started = Instant::now();
        match job.kind.as_str() {
            jobs::MOVE => {
                let result = self.search(&job.payload);
                let text = serde_json::to_string(&result).unwrap_or_else(|e| {
                    format!(r#"{{"uci":null,"score":0,"think_ms":null,"error":"{e}"}}"#)
                });
                if jobs::finish(c, &job.id, &self.me, &text, unix_ms(), |_| Ok(()))? {
                    self.stats.moves.fetch_add(1, Ordering::Relaxed);
                    tracing::debug!(job = %job.id, ms = started.elapsed().as_millis() as u64, "move found");
                } else {
                    tracing::info!(job = %job.id, "a move job was taken over: its result is dropped");
                }
            }
            jobs::REVIEW => self.review(c, &job)?,
            other => {
                tracing::warn!(job = %job.id, kind = other, "a job of an unknown kind is left alone");
                jobs::finish(c, &job.id, &self.me, "unknown kind", unix_ms(), |_| Ok(()))?;
            }
        }
        Ok(())
    }

    /// A computer move: the server's own search.
    fn search(&self, payload: &str) -> MoveResult {
        let job = match MoveJob::parse(payload).and_then(|j| j.engine_job()) {
            Ok(j) => j,
            Err(e) => {
                return MoveResult {
                    error: Some(e.to_string()),
                    ..MoveResult::default()
                }
            }
        };
        let decision = crate::engine::decide(job, self.tables.clone());
        MoveResult {
            uci: decision.best.map(|m| m.to_uci()),
            score: decision.score,
            think_ms: decision
                .think_time
                .map(|t| t.as_millis().min(u64::MAX as u128) as u64),
            error: None,
        }
    }

    /// A review: the server's review body, its progress and outcome in the database.
    fn review(&self, c: &mut postgres::Client, job: &Claimed) -> Result<(), postgres::Error> {
        let review_id = job.payload.clone();
        let row = c.query_opt(
            "SELECT source, status FROM reviews WHERE id = $1",
            &[&review_id],
        )?;
        let pending = match &row {
            Some(r) => {
                let status: String = r.try_get(1)?;
                status == ReviewStatus::Queued.code() || status == ReviewStatus::Running.code()
            }
            None => false,
        };
        let Some(row) = row.filter(|_| pending) else {
            // Gone or already done: nothing to do.
            jobs::finish(c, &job.id, &self.me, "done", unix_ms(), |_| Ok(()))?;
            return Ok(());
        };
        let source: String = row.try_get(0)?;
        tracing::info!(worker = %self.me, review = %review_id, "review started");
        let mut report = Stored {
            c,
            job: &job.id,
            review: &review_id,
            me: &self.me,
            last: None,
            error: None,
            stored: false,
        };
        crate::review::review(&review_id, &source, &self.opts, &mut report);
        let (stored, error) = (report.stored, report.error.take());
        if let Some(e) = error {
            return Err(e);
        }
        if stored {
            self.stats.reviews.fetch_add(1, Ordering::Relaxed);
        } else {
            tracing::info!(review = %review_id, "a review was taken over: its result is dropped");
        }
        Ok(())
    }
}

/// A review done by this worker: progress and outcome go to the database, only
/// while the claim is still this worker's.
struct Stored<'a> {
    c: &'a mut postgres::Client,
    job: &'a str,
    review: &'a str,
    me: &'a str,
    /// When the progress was last stored.
    last: Option<Instant>,
    /// The first database error (the review runs on; its outcome is not stored).
    error: Option<postgres::Error>,
    /// Whether the outcome was stored.
    stored: bool,
}

impl Stored<'_> {
    fn failed(&mut self, e: postgres::Error) {
        tracing::warn!(review = %self.review, error = %e, "a worker's review write failed");
        self.error.get_or_insert(e);
    }
}

impl Report for Stored<'_> {
    fn progress(&mut self, p: ReviewProgress) {
        let due = self.last.is_none_or(|t| t.elapsed() >= PROGRESS_EVERY);
        if !due || self.error.is_some() {
            return;
        }
        self.last = Some(Instant::now());
        let r = (|| {
            let mut tx = self.c.transaction()?;
            if jobs::renew(&mut tx, self.job, self.me, unix_ms() + CLAIM_MS)? {
                jobs::store_progress(&mut tx, self.review, i64::from(p.done), i64::from(p.total))?;
            }
            tx.commit()
        })();
        if let Err(e) = r {
            self.failed(e);
        }
    }

    fn mark(&mut self, status: ReviewStatus, result: Option<String>, error: Option<String>) {
        if self.error.is_some() {
            return;
        }
        let (job, review, me) = (self.job, self.review, self.me);
        let at = unix_ms();
        let r = if status == ReviewStatus::Running {
            jobs::review_status(self.c, review, status.code(), None, None, at).map(|()| false)
        } else {
            jobs::finish(self.c, job, me, status.code(), at, |tx| {
                jobs::review_status(tx, review, status.code(), result, error, at)
            })
        };
        match r {
            Ok(stored) => self.stored |= stored,
            Err(e) => self.failed(e),
        }
    }
}
