//! Game reviews (migration 6, `reviews`): one row per review, holding the PGN
//! reviewed, the server game it came from (if any, at most one review per game),
//! its status, once done the review as JSON, once failed why, and when it was
//! asked for and last changed. A review queued or running when the server stopped
//! is found again at start ([`Store::pending_reviews`]) and queued anew. The same
//! SQL serves SQLite and PostgreSQL; both backends implement [`ReviewStore`] here.

use super::postgres::Postgres;
use super::sqlite::Sqlite;
use super::{Store, StoreError, Write};
use postgres::GenericClient;
use tokio::sync::oneshot;

/// The migration that creates the table.
pub const VERSION: i64 = 6;

/// The migration's schema (the same SQL on SQLite and PostgreSQL). `game_id` is
/// unique where set: asking twice for a game's review finds the first.
pub const SCHEMA: &str = "CREATE TABLE reviews (
        id TEXT PRIMARY KEY,
        game_id TEXT UNIQUE,
        source TEXT NOT NULL,
        status TEXT NOT NULL,
        result TEXT,
        error TEXT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
    );
    CREATE INDEX reviews_by_status ON reviews (status, created_at);";

/// A new review; nothing when one of the same game exists ($1..$5: id, game_id,
/// source, status, at; SQLite reads `$n` as `?n`).
const INSERT: &str = "INSERT INTO reviews (id, game_id, source, status, created_at, updated_at) \
     VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT DO NOTHING";

/// A review's new status ($1..$5: id, status, result, error, at).
const UPDATE: &str =
    "UPDATE reviews SET status = $2, result = $3, error = $4, updated_at = $5 WHERE id = $1";

const COLUMNS: &str = "id, game_id, source, status, result, error, created_at, updated_at";

/// A review as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewRow {
    pub id: String,
    pub game_id: Option<String>,
    /// The game reviewed, in PGN.
    pub source: String,
    /// `queued`, `running`, `done` or `failed`
    /// ([`ReviewStatus`](crate::protocol::review::ReviewStatus)'s codes).
    pub status: String,
    /// Once done: the review (moves and accuracy) as JSON.
    pub result: Option<String>,
    /// Once failed: why.
    pub error: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A write of the reviews.
#[derive(Debug, Clone)]
pub enum ReviewWrite {
    /// A new review (ignored when its game already has one).
    Create(ReviewRow),
    /// Review `id` is now `status`, with its result or error.
    Status {
        id: String,
        status: String,
        result: Option<String>,
        error: Option<String>,
        at: i64,
    },
}

/// What a backend does for the reviews (part of [`super::Backend`]).
pub(crate) trait ReviewStore {
    /// The review `id`.
    fn review(&mut self, id: &str) -> Result<Option<ReviewRow>, StoreError>;
    /// The review of the server game `game_id`.
    fn review_of_game(&mut self, game_id: &str) -> Result<Option<ReviewRow>, StoreError>;
    /// The reviews queued or running, oldest first.
    fn pending_reviews(&mut self) -> Result<Vec<ReviewRow>, StoreError>;
}

/// Applies `w` (in the writer's transaction).
pub(super) fn apply_sqlite(c: &rusqlite::Connection, w: &ReviewWrite) -> rusqlite::Result<()> {
    match w {
        ReviewWrite::Create(r) => {
            c.prepare_cached(&super::explorer::sqlite(INSERT))?
                .execute(rusqlite::params![
                    r.id,
                    r.game_id,
                    r.source,
                    r.status,
                    r.created_at
                ])?;
        }
        ReviewWrite::Status {
            id,
            status,
            result,
            error,
            at,
        } => {
            c.prepare_cached(&super::explorer::sqlite(UPDATE))?
                .execute(rusqlite::params![id, status, result, error, at])?;
        }
    }
    Ok(())
}

/// Applies `w` (in the writer's transaction).
pub(super) fn apply_postgres(
    c: &mut impl GenericClient,
    w: &ReviewWrite,
) -> Result<(), postgres::Error> {
    match w {
        ReviewWrite::Create(r) => {
            c.execute(
                INSERT,
                &[&r.id, &r.game_id, &r.source, &r.status, &r.created_at],
            )?;
        }
        ReviewWrite::Status {
            id,
            status,
            result,
            error,
            at,
        } => {
            c.execute(UPDATE, &[id, status, result, error, at])?;
        }
    }
    Ok(())
}

fn select(filter: &str) -> String {
    format!("SELECT {COLUMNS} FROM reviews WHERE {filter}")
}

const BY_ID: &str = "id = $1";
const BY_GAME: &str = "game_id = $1";
const PENDING: &str = "status IN ('queued', 'running') ORDER BY created_at, id";

impl Sqlite {
    fn reviews(&mut self, filter: &str, arg: Option<&str>) -> Result<Vec<ReviewRow>, StoreError> {
        let mut st = self
            .conn
            .prepare_cached(&super::explorer::sqlite(&select(filter)))?;
        let read = |r: &rusqlite::Row| {
            Ok(ReviewRow {
                id: r.get(0)?,
                game_id: r.get(1)?,
                source: r.get(2)?,
                status: r.get(3)?,
                result: r.get(4)?,
                error: r.get(5)?,
                created_at: r.get(6)?,
                updated_at: r.get(7)?,
            })
        };
        let rows = match arg {
            Some(a) => st.query_map([a], read)?.collect::<Result<Vec<_>, _>>()?,
            None => st.query_map([], read)?.collect::<Result<Vec<_>, _>>()?,
        };
        Ok(rows)
    }
}

impl ReviewStore for Sqlite {
    fn review(&mut self, id: &str) -> Result<Option<ReviewRow>, StoreError> {
        Ok(self.reviews(BY_ID, Some(id))?.pop())
    }
    fn review_of_game(&mut self, game_id: &str) -> Result<Option<ReviewRow>, StoreError> {
        Ok(self.reviews(BY_GAME, Some(game_id))?.pop())
    }
    fn pending_reviews(&mut self) -> Result<Vec<ReviewRow>, StoreError> {
        self.reviews(PENDING, None)
    }
}

impl Postgres {
    fn reviews(&mut self, filter: &str, arg: Option<&str>) -> Result<Vec<ReviewRow>, StoreError> {
        let sql = select(filter);
        let rows = match arg {
            Some(a) => self.client.query(&sql, &[&a]),
            None => self.client.query(&sql, &[]),
        }
        .map_err(|e| StoreError::Database(e.to_string()))?;
        rows.iter()
            .map(|r| {
                Ok(ReviewRow {
                    id: r.try_get(0)?,
                    game_id: r.try_get(1)?,
                    source: r.try_get(2)?,
                    status: r.try_get(3)?,
                    result: r.try_get(4)?,
                    error: r.try_get(5)?,
                    created_at: r.try_get(6)?,
                    updated_at: r.try_get(7)?,
                })
            })
            .collect::<Result<Vec<_>, postgres::Error>>()
            .map_err(|e| StoreError::Database(e.to_string()))
    }
}

impl ReviewStore for Postgres {
    fn review(&mut self, id: &str) -> Result<Option<ReviewRow>, StoreError> {
        Ok(self.reviews(BY_ID, Some(id))?.pop())
    }
    fn review_of_game(&mut self, game_id: &str) -> Result<Option<ReviewRow>, StoreError> {
        Ok(self.reviews(BY_GAME, Some(game_id))?.pop())
    }
    fn pending_reviews(&mut self) -> Result<Vec<ReviewRow>, StoreError> {
        self.reviews(PENDING, None)
    }
}

impl Store {
    /// The review `id`.
    pub async fn review(&self, id: &str) -> Result<Option<ReviewRow>, StoreError> {
        let id = id.to_owned();
        self.read(move |b| b.review(&id)).await
    }

    /// The review of the server game `game_id`, if it has one.
    pub async fn review_of_game(&self, game_id: &str) -> Result<Option<ReviewRow>, StoreError> {
        let id = game_id.to_owned();
        self.read(move |b| b.review_of_game(&id)).await
    }

    /// The reviews queued or running (when the server last stopped), oldest first.
    pub async fn pending_reviews(&self) -> Result<Vec<ReviewRow>, StoreError> {
        self.read(|b| b.pending_reviews()).await
    }

    /// [`Store::write`] for a plain thread (never call it on the async runtime):
    /// waits until `w` is committed.
    pub fn write_blocking(&self, w: Write) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.writer.send((w, tx)).map_err(|_| StoreError::Closed)?;
        match rx.blocking_recv() {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(StoreError::Corrupt(e)),
            Err(_) => Err(StoreError::Closed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str, game: Option<&str>, at: i64) -> ReviewRow {
        ReviewRow {
            id: id.into(),
            game_id: game.map(String::from),
            source: "1. e4 e5 *".into(),
            status: "queued".into(),
            result: None,
            error: None,
            created_at: at,
            updated_at: at,
        }
    }

    #[tokio::test]
    async fn one_review_per_game_and_the_pending_ones_survive_a_reopen() {
        let dir = std::env::temp_dir().join(format!("gx-rv-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let s = Store::open(None, &dir).expect("open");
        s.write_all(vec![
            Write::Review(ReviewWrite::Create(row("a", Some("g1"), 1))),
            Write::Review(ReviewWrite::Create(row("b", Some("g1"), 2))),
            Write::Review(ReviewWrite::Create(row("c", None, 3))),
            Write::Review(ReviewWrite::Create(row("d", None, 4))),
        ])
        .await
        .expect("stored");
        s.write(Write::Review(ReviewWrite::Status {
            id: "c".into(),
            status: "done".into(),
            result: Some("{}".into()),
            error: None,
            at: 9,
        }))
        .await
        .expect("stored");
        assert_eq!(
            s.review_of_game("g1").await.expect("read").map(|r| r.id),
            Some("a".into()),
            "the second review of game g1 is not stored"
        );
        assert!(s.review("b").await.expect("read").is_none());
        drop(s);
        let s = Store::open(None, &dir).expect("reopen");
        let done = s.review("c").await.expect("read").expect("stored");
        assert_eq!(
            (
                done.status.as_str(),
                done.result.as_deref(),
                done.updated_at
            ),
            ("done", Some("{}"), 9)
        );
        let pending: Vec<String> = s
            .pending_reviews()
            .await
            .expect("read")
            .into_iter()
            .map(|r| r.id)
            .collect();
        assert_eq!(pending, ["a", "d"]);
        drop(s);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
