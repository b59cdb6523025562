//! Game review on the server: requests are stored (migration 6, `reviews`) and
//! queued ([`queue`], at most [`QUEUE_BOUND`] waiting), and a pool of plain
//! threads of its own (`--review-threads`, never the async runtime) reviews them
//! one by one with `guoxiang_review::review_game` at the server's effort
//! (`--review-nodes`). While a review runs, its progress is kept in memory for
//! `GET /api/reviews/{id}`; once done, the review (in wire form, [`convert`]) is
//! stored, so it survives a restart, and a review queued or running when the
//! server stopped is queued again at start. The PGN is read by [`source`].
//! With `serve --workers` this process reviews nothing: each review is stored
//! with a job for the worker processes ([`crate::worker`], store/jobs.rs), the
//! bound counts the review jobs waiting, and the progress shown is the one the
//! worker stores; [`review`] is the body both run.

pub mod convert;
pub mod queue;
pub mod source;

use crate::http::puzzles::limit::Limiter;
use crate::protocol::review::{ReviewProgress, ReviewStatus, ReviewView};
use crate::store::jobs::{self, JobWrite};
use crate::store::{unix_ms, ReviewRow, ReviewWrite, Store, StoreError, Write};
use guoxiang_core::fen::STARTING_FEN;
pub use guoxiang_review::Effort;
pub(crate) use guoxiang_review::ReviewOptions;
use guoxiang_tablebase::Tablebase;
use queue::Queue;
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex};

/// Reviews waiting at most (requests beyond are refused: 503).
pub const QUEUE_BOUND: usize = 64;

/// The engine's work per position by default (nodes): the review library's.
pub use guoxiang_review::DEFAULT_NODES;

/// How the server reviews.
///
/// ```
/// use guoxiang_server::review::{Effort, ReviewSettings};
/// let quick = ReviewSettings { threads: 2, effort: Effort::Nodes(50_000), ..ReviewSettings::default() };
/// assert_eq!((quick.per_minute, ReviewSettings::default().threads), (10, 1));
/// ```
#[derive(Debug, Clone)]
pub struct ReviewSettings {
    /// Threads that review (`--review-threads`, 1 or more; 0 starts none, so
    /// reviews only wait: for tests of the queue).
    pub threads: usize,
    /// The engine's work per position (`--review-nodes N`: `Effort::Nodes(N)`).
    pub effort: Effort,
    /// Each thread's transposition table, in MB.
    pub hash_mb: usize,
    /// New reviews one address may ask for per minute.
    pub per_minute: u32,
}

impl Default for ReviewSettings {
    fn default() -> ReviewSettings {
        ReviewSettings {
            threads: 1,
            effort: Effort::DEFAULT,
            hash_mb: 16,
            per_minute: 10,
        }
    }
}

/// Why a review was not queued.
#[derive(Debug, thiserror::Error)]
pub enum SubmitError {
    #[error("{QUEUE_BOUND} reviews are waiting already; try again later")]
    Full,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A review asked for: new, or the one its game already has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Submitted {
    New(String),
    Existing(String),
}

impl Submitted {
    pub fn id(&self) -> &str {
        match self {
            Submitted::New(id) | Submitted::Existing(id) => id,
        }
    }
}

/// A review waiting for a thread.
struct Job {
    id: String,
    source: String,
}

/// What the threads and the handlers share.
struct Shared {
    queue: Queue<Job>,
    /// Reviews queued or running in this process: their status and progress.
    live: Mutex<HashMap<String, (ReviewStatus, ReviewProgress)>>,
    store: Store,
    opts: ReviewOptions,
}

impl Shared {
    fn set_live(&self, id: &str, status: ReviewStatus, progress: ReviewProgress) {
        if let Ok(mut m) = self.live.lock() {
            m.insert(id.to_owned(), (status, progress));
        }
    }

    fn live(&self, id: &str) -> Option<(ReviewStatus, ReviewProgress)> {
        self.live.lock().ok().and_then(|m| m.get(id).copied())
    }

    fn forget(&self, id: &str) {
        if let Ok(mut m) = self.live.lock() {
            m.remove(id);
        }
    }
}

/// The review service (one per server).
pub struct Reviews {
    shared: Arc<Shared>,
    /// New reviews per address.
    pub limiter: Limiter,
    pub settings: ReviewSettings,
    /// `serve --workers`: reviews are stored as jobs for worker processes
    /// (store/jobs.rs); this process reviews nothing.
    workers: bool,
}

impl Drop for Reviews {
    fn drop(&mut self) {
        self.shared.queue.close();
    }
}

/// The progress of a review of `moves` moves before it starts: none of the
/// positions searched (one more than the moves, as the library counts them).
fn planned(moves: usize) -> ReviewProgress {
    ReviewProgress {
        done: 0,
        total: moves.saturating_add(1).min(u32::MAX as usize) as u32,
    }
}

impl Reviews {
    /// Starts the review threads and queues again the reviews the database holds
    /// as queued or running. With `workers` (`serve --workers`), starts no thread
    /// and queues nothing here: each pending review gets a job for the workers
    /// (if it has none yet).
    pub async fn start(
        store: Store,
        tables: Option<Tablebase>,
        settings: ReviewSettings,
        workers: bool,
    ) -> Result<Reviews, StoreError> {
        let pending = store.pending_reviews().await?;
        if workers {
            let jobs: Vec<Write> = pending
                .iter()
                .map(|row| review_job(&row.id, row.created_at))
                .collect();
            if !jobs.is_empty() {
                tracing::info!(
                    reviews = jobs.len(),
                    "unfinished reviews left to the workers"
                );
                store.write_all(jobs).await?;
            }
        }
        let pending = if workers { Vec::new() } else { pending };
        let settings = if workers {
            ReviewSettings {
                threads: 0,
                ..settings
            }
        } else {
            settings
        };
        let shared = Arc::new(Shared {
            queue: Queue::new(QUEUE_BOUND),
            live: Mutex::default(),
            store,
            opts: ReviewOptions {
                effort: settings.effort,
                tables,
                hash_mb: settings.hash_mb,
            },
        });
        if !pending.is_empty() {
            tracing::info!(reviews = pending.len(), "queueing unfinished reviews again");
        }
        for row in pending {
            let moves = source::parse(&row.source).map_or(0, |g| g.moves.len());
            shared.set_live(&row.id, ReviewStatus::Queued, planned(moves));
            shared.queue.push(Job {
                id: row.id,
                source: row.source,
            });
        }
        for n in 0..settings.threads {
            let shared = shared.clone();
            std::thread::Builder::new()
                .name(format!("guoxiang-review-{n}"))
                .spawn(move || {
                    while let Some(job) = shared.queue.pop() {
                        run(&shared, job);
                    }
                })?;
        }
        Ok(Reviews {
            shared,
            limiter: Limiter::default(),
            settings,
            workers,
        })
    }

    /// The review of the server game `game_id`, if one was asked for.
    pub async fn of_game(&self, game_id: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .shared
            .store
            .review_of_game(game_id)
            .await?
            .map(|r| r.id))
    }

    /// Stores and queues review `id` of `game` (read from `pgn` by
    /// [`source::parse`]), of the server game `game_id` if any: when that game has
    /// a review already, that one is the answer and nothing is queued.
    pub async fn submit(
        &self,
        id: String,
        game_id: Option<String>,
        pgn: String,
        game: &source::Game,
    ) -> Result<Submitted, SubmitError> {
        let sh = &self.shared;
        if self.workers {
            return self.submit_job(id, game_id, pgn).await;
        }
        if !sh.queue.try_reserve() {
            return Err(SubmitError::Full);
        }
        let now = unix_ms();
        let row = ReviewRow {
            id: id.clone(),
            game_id: game_id.clone(),
            source: pgn.clone(),
            status: ReviewStatus::Queued.code().to_owned(),
            result: None,
            error: None,
            created_at: now,
            updated_at: now,
        };
        sh.set_live(&id, ReviewStatus::Queued, planned(game.moves.len()));
        let stored = sh
            .store
            .write(Write::Review(ReviewWrite::Create(row)))
            .await;
        let existing = match (&stored, &game_id) {
            (Ok(()), Some(g)) => sh.store.review_of_game(g).await.map(|r| r.map(|r| r.id)),
            _ => Ok(None),
        };
        match (stored, existing) {
            (Ok(()), Ok(Some(other))) if other != id => {
                sh.forget(&id);
                sh.queue.release();
                Ok(Submitted::Existing(other))
            }
            (Ok(()), Ok(_)) => {
                sh.queue.fill(Job {
                    id: id.clone(),
                    source: pgn,
                });
                Ok(Submitted::New(id))
            }
            (Err(e), _) | (Ok(()), Err(e)) => {
                sh.forget(&id);
                sh.queue.release();
                Err(e.into())
            }
        }
    }

    /// [`Reviews::submit`] with workers: the bound counts the review jobs waiting.
    async fn submit_job(
        &self,
        id: String,
        game_id: Option<String>,
        pgn: String,
    ) -> Result<Submitted, SubmitError> {
        let store = &self.shared.store;
        if store.waiting_review_jobs().await? >= QUEUE_BOUND {
            return Err(SubmitError::Full);
        }
        let now = unix_ms();
        let row = ReviewRow {
            id: id.clone(),
            game_id: game_id.clone(),
            source: pgn,
            status: ReviewStatus::Queued.code().to_owned(),
            result: None,
            error: None,
            created_at: now,
            updated_at: now,
        };
        store.write(Write::Review(ReviewWrite::Create(row))).await?;
        if let Some(g) = &game_id {
            if let Some(other) = store.review_of_game(g).await?.filter(|r| r.id != id) {
                return Ok(Submitted::Existing(other.id));
            }
        }
        store.write(review_job(&id, now)).await?;
        Ok(Submitted::New(id))
    }

    /// Review `id` as the page shows it, `None` when there is none.
    pub async fn view(&self, id: &str) -> Result<Option<ReviewView>, StoreError> {
        let Some(row) = self.shared.store.review(id).await? else {
            return Ok(None);
        };
        let stored = ReviewStatus::from_code(&row.status)
            .ok_or_else(|| StoreError::Corrupt(format!("review {id}: status {}", row.status)))?;
        let game = source::parse(&row.source).ok();
        let total = planned(game.as_ref().map_or(0, |g| g.moves.len())).total;
        let (status, progress) = match (stored, self.shared.live(id)) {
            (ReviewStatus::Queued | ReviewStatus::Running, Some(live)) => live,
            (ReviewStatus::Done, _) => (stored, ReviewProgress { done: total, total }),
            // A worker's review: the progress it stored.
            (ReviewStatus::Running, None) => match self.shared.store.review_progress(id).await? {
                Some((done, total)) => (
                    stored,
                    ReviewProgress {
                        done: done.clamp(0, u32::MAX as i64) as u32,
                        total: total.clamp(0, u32::MAX as i64) as u32,
                    },
                ),
                None => (stored, ReviewProgress { done: 0, total }),
            },
            _ => (stored, ReviewProgress { done: 0, total }),
        };
        let done = match (status, &row.result) {
            (ReviewStatus::Done, Some(json)) => Some(
                serde_json::from_str::<convert::Reviewed>(json)
                    .map_err(|e| StoreError::Corrupt(format!("review {id}: {e}")))?,
            ),
            _ => None,
        };
        let (header, start_fen) = match game {
            Some(g) => (g.header, g.start.fen()),
            None => (
                source::Header {
                    white: "?".into(),
                    black: "?".into(),
                    result: "*".into(),
                },
                STARTING_FEN.to_owned(),
            ),
        };
        Ok(Some(ReviewView {
            id: row.id,
            game_id: row.game_id,
            status,
            progress,
            white: header.white,
            black: header.black,
            result: header.result,
            start_fen,
            accuracy: done.as_ref().map(|d| d.accuracy),
            moves: done.map(|d| d.moves).unwrap_or_default(),
            error: row.error,
        }))
    }
}

/// The job that leaves review `id` to the workers (the same id for the same
/// review: storing it again changes nothing).
fn review_job(id: &str, at: i64) -> Write {
    Write::Job(JobWrite::Create {
        id: jobs::review_job_id(id),
        kind: jobs::REVIEW.to_owned(),
        payload: id.to_owned(),
        at,
    })
}

/// Where a review's outcome goes: this process's memory and database
/// ([`run`]), or a worker's claim ([`crate::worker`]).
pub(crate) trait Report {
    /// The review runs, this far.
    fn progress(&mut self, p: ReviewProgress);
    /// The review's new status, with its result (JSON) or error.
    fn mark(&mut self, status: ReviewStatus, result: Option<String>, error: Option<String>);
}

/// Reviews game `source` (PGN) as review `id`, on this (plain) thread, telling
/// `report` how far it got and how it ended. The body every review runs, in a
/// server or a worker.
pub(crate) fn review(id: &str, source: &str, opts: &ReviewOptions, report: &mut dyn Report) {
    let moves = source::parse(source).map_or(0, |g| g.moves.len());
    report.progress(planned(moves));
    report.mark(ReviewStatus::Running, None, None);
    let started = std::time::Instant::now();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let game = source::parse(source)?;
        let mut progress = |done: usize, total: usize| {
            report.progress(ReviewProgress {
                done: done.min(u32::MAX as usize) as u32,
                total: total.min(u32::MAX as usize) as u32,
            });
        };
        let review = guoxiang_review::review_game(&game.start, &game.moves, opts, &mut progress);
        Ok::<_, source::SourceError>(convert::reviewed(&review))
    }));
    match outcome {
        Ok(Ok(reviewed)) => match serde_json::to_string(&reviewed) {
            Ok(json) => report.mark(ReviewStatus::Done, Some(json), None),
            Err(e) => report.mark(ReviewStatus::Failed, None, Some(e.to_string())),
        },
        Ok(Err(e)) => report.mark(ReviewStatus::Failed, None, Some(e.to_string())),
        Err(_) => {
            tracing::error!(review = %id, "a review panicked");
            report.mark(
                ReviewStatus::Failed,
                None,
                Some("the review stopped on an internal error".into()),
            );
        }
    }
    tracing::info!(review = %id, ms = started.elapsed().as_millis() as u64, "review finished");
}

/// A review of this process: its progress in memory, its status in the database.
struct Local<'a> {
    sh: &'a Shared,
    id: &'a str,
}

impl Report for Local<'_> {
    fn progress(&mut self, p: ReviewProgress) {
        self.sh.set_live(self.id, ReviewStatus::Running, p);
    }

    fn mark(&mut self, status: ReviewStatus, result: Option<String>, error: Option<String>) {
        let w = Write::Review(ReviewWrite::Status {
            id: self.id.to_owned(),
            status: status.code().to_owned(),
            result,
            error,
            at: unix_ms(),
        });
        if let Err(e) = self.sh.store.write_blocking(w) {
            tracing::error!(review = %self.id, error = %e, "a review's status could not be stored");
        }
    }
}

/// Reviews one game on this (plain) thread and stores the outcome.
fn run(sh: &Shared, job: Job) {
    let Job { id, source } = job;
    review(&id, &source, &sh.opts, &mut Local { sh, id: &id });
    sh.forget(&id);
}
