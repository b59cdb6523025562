//! Game review on the server: requests are stored (migration 6, `reviews`) and
//! queued ([`queue`], at most [`QUEUE_BOUND`] waiting), and a pool of plain
//! threads of its own (`--review-threads`, never the async runtime) reviews them
//! one by one with `guoxiang_review::review_game` at the server's effort
//! (`--review-nodes`). While a review runs, its progress is kept in memory for
//! `GET /api/reviews/{id}`; once done, the review (in wire form, [`convert`]) is
//! stored, so it survives a restart, and a review queued or running when the
//! server stopped is queued again at start. The PGN is read by [`source`].

pub mod convert;
pub mod queue;
pub mod source;

use crate::http::puzzles::limit::Limiter;
use crate::protocol::review::{ReviewProgress, ReviewStatus, ReviewView};
use crate::store::{unix_ms, ReviewRow, ReviewWrite, Store, StoreError, Write};
use guoxiang_core::fen::STARTING_FEN;
pub use guoxiang_review::Effort;
use guoxiang_review::ReviewOptions;
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
    /// as queued or running.
    pub async fn start(
        store: Store,
        tables: Option<Tablebase>,
        settings: ReviewSettings,
    ) -> Result<Reviews, StoreError> {
        let pending = store.pending_reviews().await?;
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

/// Reviews one game on this (plain) thread and stores the outcome.
fn run(sh: &Shared, job: Job) {
    let Job { id, source } = job;
    let moves = source::parse(&source).map_or(0, |g| g.moves.len());
    sh.set_live(&id, ReviewStatus::Running, planned(moves));
    let mark = |status: ReviewStatus, result: Option<String>, error: Option<String>| {
        let w = Write::Review(ReviewWrite::Status {
            id: id.clone(),
            status: status.code().to_owned(),
            result,
            error,
            at: unix_ms(),
        });
        if let Err(e) = sh.store.write_blocking(w) {
            tracing::error!(review = %id, error = %e, "a review's status could not be stored");
        }
    };
    mark(ReviewStatus::Running, None, None);
    let started = std::time::Instant::now();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let game = source::parse(&source)?;
        let mut progress = |done: usize, total: usize| {
            let p = ReviewProgress {
                done: done.min(u32::MAX as usize) as u32,
                total: total.min(u32::MAX as usize) as u32,
            };
            sh.set_live(&id, ReviewStatus::Running, p);
        };
        let review =
            guoxiang_review::review_game(&game.start, &game.moves, &sh.opts, &mut progress);
        Ok::<_, source::SourceError>(convert::reviewed(&review))
    }));
    match outcome {
        Ok(Ok(reviewed)) => match serde_json::to_string(&reviewed) {
            Ok(json) => mark(ReviewStatus::Done, Some(json), None),
            Err(e) => mark(ReviewStatus::Failed, None, Some(e.to_string())),
        },
        Ok(Err(e)) => mark(ReviewStatus::Failed, None, Some(e.to_string())),
        Err(_) => {
            tracing::error!(review = %id, "a review panicked");
            mark(
                ReviewStatus::Failed,
                None,
                Some("the review stopped on an internal error".into()),
            );
        }
    }
    tracing::info!(review = %id, ms = started.elapsed().as_millis() as u64, "review finished");
    sh.forget(&id);
}
