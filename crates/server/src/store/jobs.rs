//! Jobs for worker processes (migration 13, issue 20): with `serve --workers`, a
//! web process searches no computer move and reviews no game itself; it stores a
//! job (`jobs`: a `move` with the position as JSON, or a `review` naming the
//! review) and a worker process (`guoxiang worker`, [`crate::worker`]) claims it,
//! does it and stores its result. A claim ([`claim`]) takes the oldest job with
//! no result whose claim is free or expired (`FOR UPDATE SKIP LOCKED`: two
//! workers never take one job), until `claimed_until` (real unix ms), which a
//! long review renews ([`renew`]); a worker that died leaves its claim to expire
//! and another takes the job again. A result is stored only by the worker that
//! still holds the claim ([`finish`]), and announced on `gx_job_done` (payload:
//! the job id); new jobs are announced on `gx_jobs`. The web process's writes
//! (create, delete, sweep) go through the writer ([`JobWrite`]); the workers use
//! their own PostgreSQL connections. Reviews also gain two columns, the progress
//! a worker stores while it reviews (at most about twice a second).

use super::competition::db::{Arg, Db, Pg};
use super::postgres::Postgres;
use super::sqlite::Sqlite;
use super::{Store, StoreError};
use postgres::GenericClient;

/// The migration that creates the table.
pub const VERSION: i64 = 13;

/// The migration's schema (the same SQL on SQLite and PostgreSQL).
pub const SCHEMA: &str = "CREATE TABLE jobs (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        worker TEXT,
        claimed_until BIGINT,
        result TEXT,
        done_at BIGINT
    );
    CREATE INDEX jobs_waiting ON jobs (created_at) WHERE result IS NULL;
    ALTER TABLE reviews ADD COLUMN progress_done BIGINT;
    ALTER TABLE reviews ADD COLUMN progress_total BIGINT;";

/// A computer move's job.
pub const MOVE: &str = "move";
/// A review's job (payload: the review id).
pub const REVIEW: &str = "review";

/// The channel new jobs are announced on.
pub const NEW_CHANNEL: &str = "gx_jobs";
/// The channel finished jobs are announced on (payload: the job's id).
pub const DONE_CHANNEL: &str = "gx_job_done";

/// The id of review `review_id`'s job (one per review: storing it twice changes nothing).
pub fn review_job_id(review_id: &str) -> String {
    format!("review:{review_id}")
}

/// A write of the jobs (by a web process).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobWrite {
    /// A new job (nothing when one with this id exists); announced on
    /// [`NEW_CHANNEL`] on PostgreSQL, in the same transaction.
    Create {
        id: String,
        kind: String,
        payload: String,
        at: i64,
    },
    /// A job whose result was delivered.
    Delete { id: String },
    /// Jobs created before `before` that nobody waits for any more: computer
    /// moves, and reviews done (a review's job waiting stays, however old).
    Sweep { before: i64 },
}

const INSERT: &str = "INSERT INTO jobs (id, kind, payload, created_at) VALUES ($1, $2, $3, $4) \
     ON CONFLICT DO NOTHING";
const DELETE: &str = "DELETE FROM jobs WHERE id = $1";
const SWEEP: &str =
    "DELETE FROM jobs WHERE created_at < $1 AND (kind = 'move' OR result IS NOT NULL)";

fn apply<D: Db>(db: &mut D, w: &JobWrite) -> Result<(), D::E> {
    match w {
        JobWrite::Create {
            id,
            kind,
            payload,
            at,
        } => {
            db.exec(
                INSERT,
                &[
                    Arg::Text(id.clone()),
                    Arg::Text(kind.clone()),
                    Arg::Text(payload.clone()),
                    Arg::Big(*at),
                ],
            )?;
        }
        JobWrite::Delete { id } => {
            db.exec(DELETE, &[Arg::Text(id.clone())])?;
        }
        JobWrite::Sweep { before } => {
            db.exec(SWEEP, &[Arg::Big(*before)])?;
        }
    }
    Ok(())
}

/// Applies `w` (in the writer's transaction).
pub(super) fn apply_sqlite(c: &rusqlite::Connection, w: &JobWrite) -> rusqlite::Result<()> {
    apply(&mut { c }, w)
}

/// Applies `w` (in the writer's transaction); a new job is announced once it commits.
pub(super) fn apply_postgres(
    c: &mut impl GenericClient,
    w: &JobWrite,
) -> Result<(), postgres::Error> {
    apply(&mut Pg(c), w)?;
    if matches!(w, JobWrite::Create { .. }) {
        c.execute("SELECT pg_notify('gx_jobs', '')", &[])?;
    }
    Ok(())
}

/// A job as a worker claimed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claimed {
    pub id: String,
    pub kind: String,
    pub payload: String,
}

/// The claim: the oldest job with no result and no live claim, locked so that
/// a second worker's claim skips it.
const CLAIM: &str = "UPDATE jobs SET worker = $1, claimed_until = $2 WHERE id = (\
     SELECT id FROM jobs WHERE result IS NULL AND (claimed_until IS NULL OR claimed_until < $3) \
     ORDER BY created_at, id FOR UPDATE SKIP LOCKED LIMIT 1) RETURNING id, kind, payload";

/// Claims the oldest waiting job for `worker` until `until` (real unix ms; `now`
/// decides which claims have expired): `None` when no job waits.
pub fn claim(
    c: &mut postgres::Client,
    worker: &str,
    now: i64,
    until: i64,
) -> Result<Option<Claimed>, postgres::Error> {
    let row = c.query_opt(CLAIM, &[&worker, &until, &now])?;
    row.map(|r| {
        Ok(Claimed {
            id: r.try_get(0)?,
            kind: r.try_get(1)?,
            payload: r.try_get(2)?,
        })
    })
    .transpose()
}

/// Extends `worker`'s claim of job `id` to `until`: `false` when the claim is
/// no longer its (another worker took the job, or it was given back).
pub fn renew(
    c: &mut impl GenericClient,
    id: &str,
    worker: &str,
    until: i64,
) -> Result<bool, postgres::Error> {
    let n = c.execute(
        "UPDATE jobs SET claimed_until = $3 WHERE id = $1 AND worker = $2 AND result IS NULL",
        &[&id, &worker, &until],
    )?;
    Ok(n == 1)
}

/// Stores `result` of job `id` if `worker` still holds its claim, and announces
/// it on [`DONE_CHANNEL`]: `false` (nothing written) otherwise. Runs `also` in
/// the same transaction, only when the result is stored (a review's row).
pub fn finish(
    c: &mut postgres::Client,
    id: &str,
    worker: &str,
    result: &str,
    at: i64,
    also: impl FnOnce(&mut postgres::Transaction<'_>) -> Result<(), postgres::Error>,
) -> Result<bool, postgres::Error> {
    let mut tx = c.transaction()?;
    let n = tx.execute(
        "UPDATE jobs SET result = $3, done_at = $4 WHERE id = $1 AND worker = $2 AND result IS NULL",
        &[&id, &worker, &result, &at],
    )?;
    if n != 1 {
        tx.rollback()?;
        return Ok(false);
    }
    also(&mut tx)?;
    tx.execute("SELECT pg_notify('gx_job_done', $1)", &[&id])?;
    tx.commit()?;
    Ok(true)
}

/// Gives back every job `worker` holds and has not finished: the next claim takes them.
pub fn give_back(c: &mut postgres::Client, worker: &str) -> Result<u64, postgres::Error> {
    c.execute(
        "UPDATE jobs SET worker = NULL, claimed_until = 0 WHERE worker = $1 AND result IS NULL",
        &[&worker],
    )
}

/// A review's progress, stored by the worker reviewing it.
pub fn store_progress(
    c: &mut impl GenericClient,
    review: &str,
    done: i64,
    total: i64,
) -> Result<(), postgres::Error> {
    c.execute(
        "UPDATE reviews SET progress_done = $2, progress_total = $3 WHERE id = $1",
        &[&review, &done, &total],
    )?;
    Ok(())
}

/// Review `id`'s new status, with its result or error (a worker's write).
pub fn review_status(
    c: &mut impl GenericClient,
    id: &str,
    status: &str,
    result: Option<String>,
    error: Option<String>,
    at: i64,
) -> Result<(), postgres::Error> {
    super::reviews::apply_postgres(
        c,
        &super::ReviewWrite::Status {
            id: id.to_owned(),
            status: status.to_owned(),
            result,
            error,
            at,
        },
    )
}

/// The results of those of the jobs `ids` that have one: `(id, result)`.
pub fn results(
    c: &mut impl GenericClient,
    ids: &[String],
) -> Result<Vec<(String, String)>, postgres::Error> {
    c.query(
        "SELECT id, result FROM jobs WHERE id = ANY($1) AND result IS NOT NULL",
        &[&ids],
    )?
    .iter()
    .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
    .collect()
}

/// A connection to the PostgreSQL database `url`, its schema migrated (a worker
/// started before any web process creates the tables).
pub fn connect(url: &str) -> Result<postgres::Client, StoreError> {
    super::postgres::connect_migrated(url)
}

/// What a backend reads of the jobs (part of [`super::Backend`]).
pub(crate) trait JobStore {
    /// Review jobs without a result.
    fn waiting_reviews(&mut self) -> Result<i64, StoreError>;
    /// The progress stored of review `id`: `(done, total)`.
    fn review_progress(&mut self, id: &str) -> Result<Option<(i64, i64)>, StoreError>;
}

fn waiting_reviews<D: Db>(db: &mut D) -> Result<i64, D::E> {
    let n = db.rows(
        "SELECT COUNT(*) FROM jobs WHERE kind = 'review' AND result IS NULL",
        &[],
        &mut |r| r.big(0),
    )?;
    Ok(n.into_iter().next().unwrap_or(0))
}

fn review_progress<D: Db>(db: &mut D, id: &str) -> Result<Option<(i64, i64)>, D::E> {
    let rows = db.rows(
        "SELECT progress_done, progress_total FROM reviews WHERE id = $1",
        &[Arg::Text(id.to_owned())],
        &mut |r| Ok((r.opt_big(0)?, r.opt_big(1)?)),
    )?;
    Ok(rows.into_iter().next().and_then(|(d, t)| d.zip(t)))
}

fn db_err<E: std::fmt::Display>(e: E) -> StoreError {
    StoreError::Database(e.to_string())
}

impl JobStore for Sqlite {
    fn waiting_reviews(&mut self) -> Result<i64, StoreError> {
        waiting_reviews(&mut &self.conn).map_err(db_err)
    }
    fn review_progress(&mut self, id: &str) -> Result<Option<(i64, i64)>, StoreError> {
        review_progress(&mut &self.conn, id).map_err(db_err)
    }
}

impl JobStore for Postgres {
    fn waiting_reviews(&mut self) -> Result<i64, StoreError> {
        waiting_reviews(&mut Pg(&mut self.client)).map_err(db_err)
    }
    fn review_progress(&mut self, id: &str) -> Result<Option<(i64, i64)>, StoreError> {
        review_progress(&mut Pg(&mut self.client), id).map_err(db_err)
    }
}

impl Store {
    /// Review jobs waiting for a worker (or being done).
    pub async fn waiting_review_jobs(&self) -> Result<usize, StoreError> {
        let n = self.read(|b| b.waiting_reviews()).await?;
        Ok(n.max(0) as usize)
    }

    /// The progress a worker stored of review `id`: `(done, total)`, if any.
    pub async fn review_progress(&self, id: &str) -> Result<Option<(i64, i64)>, StoreError> {
        let id = id.to_owned();
        self.read(move |b| b.review_progress(&id)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Write;

    fn create(id: &str, at: i64) -> Write {
        Write::Job(JobWrite::Create {
            id: id.into(),
            kind: MOVE.into(),
            payload: "{}".into(),
            at,
        })
    }

    /// Two workers claiming at once get different jobs; a claim that expired is
    /// taken again; a worker that lost its claim stores nothing.
    #[tokio::test]
    async fn a_job_is_claimed_by_one_worker_and_retaken_once_its_claim_expires() {
        let Ok(url) = std::env::var("GUOXIANG_TEST_POSTGRES") else {
            eprintln!("skipped: set GUOXIANG_TEST_POSTGRES to run the PostgreSQL tests");
            return;
        };
        let dir = std::env::temp_dir().join(format!("gx-store-jobs-{}", std::process::id()));
        let s = Store::open(Some(&url), &dir).expect("open");
        let tag = format!("jt{}-{}", std::process::id(), super::super::unix_ms());
        // Older than anything another test may leave waiting: these are claimed first.
        let (a, b) = (format!("{tag}-a"), format!("{tag}-b"));
        s.write_all(vec![create(&a, -2_000), create(&b, -1_999)])
            .await
            .expect("stored");
        let url2 = url.clone();
        let claims = tokio::task::spawn_blocking(move || {
            let barrier = std::sync::Arc::new(std::sync::Barrier::new(2));
            let threads: Vec<_> = ["w1", "w2"]
                .into_iter()
                .map(|w| {
                    let (url, barrier) = (url2.clone(), barrier.clone());
                    std::thread::spawn(move || {
                        let mut c = connect(&url).expect("connect");
                        let mut tx = c.transaction().expect("tx");
                        barrier.wait();
                        // Hold the first claim's lock while the other claims.
                        let got = tx
                            .query_opt(CLAIM, &[&w, &10_000i64, &1_000i64])
                            .expect("claim")
                            .map(|r| (r.get::<_, String>(0), w.to_owned()));
                        std::thread::sleep(std::time::Duration::from_millis(200));
                        tx.commit().expect("commit");
                        got
                    })
                })
                .collect();
            threads
                .into_iter()
                .map(|t| t.join().expect("thread"))
                .collect::<Vec<_>>()
        })
        .await
        .expect("joined");
        let mut got: Vec<(String, String)> = claims.into_iter().flatten().collect();
        got.sort();
        let ids: Vec<&String> = got.iter().map(|(id, _)| id).collect();
        assert_eq!(ids, vec![&a, &b], "one job each");
        let holder = got[0].1.clone();

        let (url3, a2, b2) = (url.clone(), a.clone(), b.clone());
        tokio::task::spawn_blocking(move || {
            let mut c = connect(&url3).expect("connect");
            // Both claims live at 5,000: nothing of ours to take.
            let mine = |c: &mut postgres::Client, w: &str, now: i64| {
                claim(c, w, now, now + 10_000)
                    .expect("claim")
                    .filter(|j| j.id.starts_with(&tag))
            };
            assert!(mine(&mut c, "w3", 5_000).is_none(), "claims live");
            // At 20,000 both expired: w3 takes the older again.
            let j = mine(&mut c, "w3", 20_000).expect("retaken");
            assert_eq!(j.id, a2);
            assert!(
                !finish(&mut c, &a2, &holder, "late", 21_000, |_| Ok(())).expect("write"),
                "the worker that lost the claim stores nothing"
            );
            assert!(!renew(&mut c, &a2, &holder, 99_000).expect("renew"));
            assert!(results(&mut c, std::slice::from_ref(&a2))
                .expect("read")
                .is_empty());
            assert!(finish(&mut c, &a2, "w3", "e2e4", 21_000, |_| Ok(())).expect("write"));
            assert!(
                !finish(&mut c, &a2, "w3", "again", 21_001, |_| Ok(())).expect("write"),
                "a result is stored once"
            );
            assert_eq!(
                results(&mut c, std::slice::from_ref(&a2)).expect("read"),
                vec![(a2.clone(), "e2e4".to_owned())]
            );
            // A job with a result is never claimed again; one given back is
            // taken at once, whatever its claim said.
            let j = mine(&mut c, "w4", 20_000).expect("b, expired");
            assert_ne!(j.id, a2, "a job with a result is never claimed");
            assert!(mine(&mut c, "w5", 20_000).is_none(), "b is w4's");
            assert_eq!(give_back(&mut c, "w4").expect("give back"), 1);
            let j = mine(&mut c, "w5", 1).expect("given back");
            assert_eq!((j.id.as_str(), j.kind.as_str()), (b2.as_str(), MOVE));
            give_back(&mut c, "w5").expect("give back");
        })
        .await
        .expect("joined");
        s.write_all(vec![
            Write::Job(JobWrite::Delete { id: a }),
            Write::Job(JobWrite::Delete { id: b }),
        ])
        .await
        .expect("deleted");
    }

    #[tokio::test]
    async fn jobs_are_stored_and_swept_on_sqlite() {
        let dir = std::env::temp_dir().join(format!("gx-store-jobs-sq-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let s = Store::open(None, &dir).expect("open");
        s.write_all(vec![
            create("m1", 1_000),
            Write::Job(JobWrite::Create {
                id: review_job_id("r1"),
                kind: REVIEW.into(),
                payload: "r1".into(),
                at: 1_000,
            }),
        ])
        .await
        .expect("stored");
        assert_eq!(s.waiting_review_jobs().await.expect("read"), 1);
        s.write(Write::Job(JobWrite::Sweep { before: 5_000 }))
            .await
            .expect("swept");
        assert_eq!(
            s.waiting_review_jobs().await.expect("read"),
            1,
            "a waiting review's job stays"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
