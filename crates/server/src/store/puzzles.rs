//! The puzzles' ratings as attempts moved them (migration 5, `puzzle_ratings`): one
//! row per puzzle that has been attempted at least once, holding its Glicko-2 rating,
//! deviation and volatility and how many attempts solved it of how many. A puzzle
//! without a row has the rating shipped with the set. The same SQL serves SQLite and
//! PostgreSQL; both backends implement [`PuzzleStore`] here, beside the queries.

use super::postgres::Postgres;
use super::sqlite::Sqlite;
use super::StoreError;
use postgres::GenericClient;

/// The migration that creates the table.
pub const VERSION: i64 = 5;

/// The migration's schema (the same SQL on SQLite and PostgreSQL).
pub const SCHEMA: &str = "CREATE TABLE puzzle_ratings (
        id TEXT PRIMARY KEY,
        rating DOUBLE PRECISION NOT NULL,
        rd DOUBLE PRECISION NOT NULL,
        vol DOUBLE PRECISION NOT NULL,
        plays BIGINT NOT NULL,
        wins BIGINT NOT NULL
    );";

/// Stores a puzzle's rating, replacing the one before ($1..$6: id, rating, rd, vol,
/// plays, wins; SQLite reads `$n` as `?n`).
const UPSERT: &str = "INSERT INTO puzzle_ratings (id, rating, rd, vol, plays, wins) \
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO UPDATE SET \
     rating = excluded.rating, rd = excluded.rd, vol = excluded.vol, \
     plays = excluded.plays, wins = excluded.wins";

/// Every stored rating.
const ALL: &str = "SELECT id, rating, rd, vol, plays, wins FROM puzzle_ratings";

/// One puzzle's rating as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleRatingRow {
    pub id: String,
    pub rating: f64,
    pub rd: f64,
    pub vol: f64,
    /// Attempts counted.
    pub plays: i64,
    /// Attempts that solved it.
    pub wins: i64,
}

/// What a backend does for the puzzles (part of [`super::Backend`]).
pub(crate) trait PuzzleStore {
    /// Every stored puzzle rating.
    fn puzzle_ratings(&mut self) -> Result<Vec<PuzzleRatingRow>, StoreError>;
}

/// Stores `r` (in the writer's transaction).
pub(super) fn upsert_sqlite(
    c: &rusqlite::Connection,
    r: &PuzzleRatingRow,
) -> Result<(), rusqlite::Error> {
    c.prepare_cached(&super::explorer::sqlite(UPSERT))?
        .execute(rusqlite::params![
            r.id, r.rating, r.rd, r.vol, r.plays, r.wins
        ])?;
    Ok(())
}

/// Stores `r` (in the writer's transaction).
pub(super) fn upsert_postgres(
    c: &mut impl GenericClient,
    r: &PuzzleRatingRow,
) -> Result<(), postgres::Error> {
    c.execute(
        UPSERT,
        &[&r.id, &r.rating, &r.rd, &r.vol, &r.plays, &r.wins],
    )?;
    Ok(())
}

impl PuzzleStore for Sqlite {
    fn puzzle_ratings(&mut self) -> Result<Vec<PuzzleRatingRow>, StoreError> {
        let mut st = self.conn.prepare_cached(ALL)?;
        let rows = st
            .query_map([], |r| {
                Ok(PuzzleRatingRow {
                    id: r.get(0)?,
                    rating: r.get(1)?,
                    rd: r.get(2)?,
                    vol: r.get(3)?,
                    plays: r.get(4)?,
                    wins: r.get(5)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }
}

impl PuzzleStore for Postgres {
    fn puzzle_ratings(&mut self) -> Result<Vec<PuzzleRatingRow>, StoreError> {
        let rows = self
            .client
            .query(ALL, &[])
            .map_err(|e| StoreError::Database(e.to_string()))?;
        rows.iter()
            .map(|r| {
                Ok(PuzzleRatingRow {
                    id: r.try_get(0)?,
                    rating: r.try_get(1)?,
                    rd: r.try_get(2)?,
                    vol: r.try_get(3)?,
                    plays: r.try_get(4)?,
                    wins: r.try_get(5)?,
                })
            })
            .collect::<Result<Vec<_>, postgres::Error>>()
            .map_err(|e| StoreError::Database(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Store, Write};

    fn row(id: &str, rating: f64, plays: i64) -> PuzzleRatingRow {
        PuzzleRatingRow {
            id: id.into(),
            rating,
            rd: 80.5,
            vol: 0.059,
            plays,
            wins: plays / 2,
        }
    }

    #[tokio::test]
    async fn a_stored_rating_replaces_the_one_before_and_survives_a_reopen() {
        let dir = std::env::temp_dir().join(format!("gx-pz-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let s = Store::open(None, &dir).expect("open");
        assert!(s.puzzle_ratings().await.expect("read").is_empty());
        s.write(Write::PuzzleRating(row("a", 1500.0, 1)))
            .await
            .expect("stored");
        s.write_all(vec![
            Write::PuzzleRating(row("b", 1700.25, 3)),
            Write::PuzzleRating(row("a", 1480.5, 2)),
        ])
        .await
        .expect("stored");
        drop(s);
        let s = Store::open(None, &dir).expect("reopen");
        let mut rows = s.puzzle_ratings().await.expect("read");
        rows.sort_by(|x, y| x.id.cmp(&y.id));
        assert_eq!(rows, [row("a", 1480.5, 2), row("b", 1700.25, 3)]);
        drop(s);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
