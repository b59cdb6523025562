//! Tournaments (migration 10): one row per tournament with the columns a list
//! needs (name, kind, status, start time, creator) and the whole state — entrants,
//! rounds, boards, games, results — as one JSON document (`data`, see
//! [`crate::tournaments::model::Data`]) under a `version` number. Every change is a
//! conditional write ([`TournamentWrite::Update`]: `WHERE version = expected`), so
//! of two server processes that read the same version only one can pair a round or
//! claim a game's start; the other's write fails and it reads again. The same SQL
//! serves SQLite and PostgreSQL; both backends implement [`TournamentStore`] here.

use super::postgres::Postgres;
use super::sqlite::Sqlite;
use super::{Store, StoreError};
use postgres::GenericClient;

/// The migration that creates the tables.
pub const VERSION: i64 = 10;

/// The migration's schema (the same SQL on SQLite and PostgreSQL).
pub const SCHEMA: &str = "CREATE TABLE tournaments (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        status TEXT NOT NULL,
        starts_at BIGINT NOT NULL,
        created_by TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        version BIGINT NOT NULL,
        data TEXT NOT NULL
    );
    CREATE INDEX tournaments_by_status ON tournaments (status, starts_at);";

const INSERT: &str = "INSERT INTO tournaments \
     (id, name, kind, status, starts_at, created_by, created_at, updated_at, version, data) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, 1, $8)";

/// The conditional write: only from the version read ($1 id, $2 version, $3 status,
/// $4 data, $5 at, $6 starts_at).
const UPDATE: &str = "UPDATE tournaments SET status = $3, data = $4, updated_at = $5, \
     starts_at = $6, version = version + 1 WHERE id = $1 AND version = $2";

const COLUMNS: &str =
    "id, name, kind, status, starts_at, created_by, created_at, updated_at, version, data";

/// A tournament as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentRow {
    pub id: String,
    pub name: String,
    /// [`Kind`](crate::tournaments::model::Kind)'s code.
    pub kind: String,
    /// [`Phase`](crate::tournaments::model::Phase)'s code.
    pub status: String,
    pub starts_at: i64,
    pub created_by: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub version: i64,
    /// [`Data`](crate::tournaments::model::Data) as JSON.
    pub data: String,
}

/// A write of the tournaments.
#[derive(Debug, Clone)]
pub enum TournamentWrite {
    /// A new tournament (version 1).
    Create(TournamentRow),
    /// The new state of tournament `id`, only if it is still at `version`.
    Update {
        id: String,
        version: i64,
        status: String,
        data: String,
        at: i64,
        /// The start time (the creator may start it early).
        starts_at: i64,
    },
}

/// What a backend does for the tournaments (part of [`super::Backend`]).
pub(crate) trait TournamentStore {
    /// Tournaments by a filter.
    /// (`arg`: the id, for [`Filter::Id`] only.)
    fn tournaments(
        &mut self,
        filter: Filter,
        arg: Option<&str>,
    ) -> Result<Vec<TournamentRow>, StoreError>;
}

/// Which tournaments to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    /// The one with this id.
    Id,
    /// Scheduled or running (the director's work).
    Live,
    /// The most recent 100 by start time.
    Recent,
}

/// The WHERE clause of each [`Filter`].
const FILTERS: [(Filter, &str); 3] = [
    (Filter::Id, "id = $1"),
    (
        Filter::Live,
        "status IN ('scheduled', 'running') ORDER BY starts_at, id",
    ),
    (
        Filter::Recent,
        "1 = 1 ORDER BY starts_at DESC, id LIMIT 100",
    ),
];

fn select(filter: Filter) -> String {
    let clause = FILTERS
        .iter()
        .find(|(f, _)| *f == filter)
        .map_or("1 = 0", |(_, c)| c);
    format!("SELECT {COLUMNS} FROM tournaments WHERE {clause}")
}

/// Applies `w` (in the writer's transaction).
pub(super) fn apply_sqlite(
    c: &rusqlite::Connection,
    w: &TournamentWrite,
) -> Result<(), rusqlite::Error> {
    match w {
        TournamentWrite::Create(r) => {
            c.prepare_cached(&super::explorer::sqlite(INSERT))?
                .execute(rusqlite::params![
                    r.id,
                    r.name,
                    r.kind,
                    r.status,
                    r.starts_at,
                    r.created_by,
                    r.created_at,
                    r.data
                ])?;
        }
        TournamentWrite::Update {
            id,
            version,
            status,
            data,
            at,
            starts_at,
        } => {
            let n = c
                .prepare_cached(&super::explorer::sqlite(UPDATE))?
                .execute(rusqlite::params![id, version, status, data, at, starts_at])?;
            if n == 0 {
                return Err(rusqlite::Error::QueryReturnedNoRows);
            }
        }
    }
    Ok(())
}

/// Applies `w` (in the writer's transaction).
pub(super) fn apply_postgres(
    c: &mut impl GenericClient,
    w: &TournamentWrite,
) -> Result<(), postgres::Error> {
    match w {
        TournamentWrite::Create(r) => {
            c.execute(
                INSERT,
                &[
                    &r.id,
                    &r.name,
                    &r.kind,
                    &r.status,
                    &r.starts_at,
                    &r.created_by,
                    &r.created_at,
                    &r.data,
                ],
            )?;
        }
        TournamentWrite::Update {
            id,
            version,
            status,
            data,
            at,
            starts_at,
        } => {
            // No row back (the version moved on) is an error: the write fails.
            c.query_one(
                &format!("{UPDATE} RETURNING id"),
                &[id, version, status, data, at, starts_at],
            )?;
        }
    }
    Ok(())
}

impl TournamentStore for Sqlite {
    fn tournaments(
        &mut self,
        filter: Filter,
        arg: Option<&str>,
    ) -> Result<Vec<TournamentRow>, StoreError> {
        let mut st = self
            .conn
            .prepare_cached(&super::explorer::sqlite(&select(filter)))?;
        let rows = st
            .query_map(rusqlite::params_from_iter(arg), |r| {
                Ok(TournamentRow {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    kind: r.get(2)?,
                    status: r.get(3)?,
                    starts_at: r.get(4)?,
                    created_by: r.get(5)?,
                    created_at: r.get(6)?,
                    updated_at: r.get(7)?,
                    version: r.get(8)?,
                    data: r.get(9)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }
}

impl TournamentStore for Postgres {
    fn tournaments(
        &mut self,
        filter: Filter,
        arg: Option<&str>,
    ) -> Result<Vec<TournamentRow>, StoreError> {
        let rows = match arg {
            Some(a) => self.client.query(&select(filter), &[&a]),
            None => self.client.query(&select(filter), &[]),
        }
        .map_err(|e| StoreError::Database(e.to_string()))?;
        rows.iter()
            .map(|r| {
                Ok(TournamentRow {
                    id: r.try_get(0)?,
                    name: r.try_get(1)?,
                    kind: r.try_get(2)?,
                    status: r.try_get(3)?,
                    starts_at: r.try_get(4)?,
                    created_by: r.try_get(5)?,
                    created_at: r.try_get(6)?,
                    updated_at: r.try_get(7)?,
                    version: r.try_get(8)?,
                    data: r.try_get(9)?,
                })
            })
            .collect::<Result<Vec<_>, postgres::Error>>()
            .map_err(|e| StoreError::Database(e.to_string()))
    }
}

impl Store {
    /// The tournament `id`.
    pub async fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, StoreError> {
        let id = id.to_owned();
        self.read(move |b| Ok(b.tournaments(Filter::Id, Some(&id))?.pop()))
            .await
    }

    /// The tournaments scheduled or running, soonest first.
    pub async fn live_tournaments(&self) -> Result<Vec<TournamentRow>, StoreError> {
        self.read(|b| b.tournaments(Filter::Live, None)).await
    }

    /// The 100 tournaments that start (or started) latest.
    pub async fn recent_tournaments(&self) -> Result<Vec<TournamentRow>, StoreError> {
        self.read(|b| b.tournaments(Filter::Recent, None)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Write;

    fn update(version: i64, status: &str) -> Write {
        Write::Tournament(TournamentWrite::Update {
            id: "t1".into(),
            version,
            status: status.into(),
            data: "{}".into(),
            at: 5,
            starts_at: 7,
        })
    }

    #[tokio::test]
    async fn of_two_writes_from_the_same_version_only_the_first_lands() {
        let dir = std::env::temp_dir().join(format!("gx-store-tn-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let s = Store::open(None, &dir).expect("open");
        s.write(Write::Tournament(TournamentWrite::Create(TournamentRow {
            id: "t1".into(),
            name: "Club".into(),
            kind: "swiss".into(),
            status: "scheduled".into(),
            starts_at: 1,
            created_by: "u".into(),
            created_at: 1,
            updated_at: 1,
            version: 1,
            data: "{}".into(),
        })))
        .await
        .expect("create");
        s.write(update(1, "running")).await.expect("first write");
        assert!(s.write(update(1, "finished")).await.is_err(), "stale write");
        let row = s.tournament("t1").await.expect("read").expect("row");
        assert_eq!(
            (row.version, row.status.as_str(), row.starts_at),
            (2, "running", 7)
        );
        assert_eq!(s.live_tournaments().await.expect("live").len(), 1);
        assert_eq!(s.recent_tournaments().await.expect("recent").len(), 1);
        drop(s);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
