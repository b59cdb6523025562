//! Game leases (migration 12, issue 20): with several server processes on one
//! PostgreSQL, each live game is run by exactly one process at a time, the holder
//! of its lease (`game_leases`: owner, the owner's address, a fencing token, an
//! expiry). A process takes a lease that is free, expired or its own
//! ([`LeaseWrite::Acquire`]; taking one from another process raises the token),
//! renews all of its leases together ([`LeaseWrite::Renew`]: only those not yet
//! expired, so a lease another process may already have taken is never revived),
//! and gives one back when its game task ends ([`LeaseWrite::Release`]: the row
//! stays with no owner and the time it was given back, from which the next
//! owner's clock runs on).
//!
//! Fencing: every write of a game run under a lease goes as [`Write::Fenced`],
//! which first checks — in the writer's transaction, with the lease row locked on
//! PostgreSQL (`FOR UPDATE`) — that the lease is still this owner's with this
//! token, and fails otherwise. The row lock orders the write against a takeover:
//! either the write commits before the new owner takes the lease (and the new
//! owner, which reads the game after taking it, sees it), or it fails. A process
//! that lost its lease can never write to that game again.
//!
//! [`Write::Fenced`]: super::Write::Fenced

use super::competition::db::{Arg, Db, Get, Pg};
use super::postgres::Postgres;
use super::sqlite::Sqlite;
use super::{Store, StoreError};

/// The migration that creates the table.
pub const VERSION: i64 = 12;

/// The migration's schema (the same SQL on SQLite and PostgreSQL).
pub const SCHEMA: &str = "CREATE TABLE game_leases (
        game_id TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        addr TEXT NOT NULL,
        token BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        alive_at BIGINT NOT NULL
    );
    CREATE INDEX game_leases_by_owner ON game_leases (owner);";

/// A lease write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeaseWrite {
    /// Takes `game`'s lease for `owner` (reachable at `addr`) until `now + ttl_ms`
    /// if it is free, expired at `now`, or `owner`'s already (then the token stays).
    /// Taking it does not fail when another holds it: read [`Store::lease`] after.
    Acquire {
        game: String,
        owner: String,
        addr: String,
        now: i64,
        ttl_ms: i64,
        /// Now on the games' clock (see [`LeaseRow::alive_at`]).
        alive: i64,
    },
    /// Extends every lease of `owner` that has not expired at `now` to `now + ttl_ms`.
    Renew {
        owner: String,
        now: i64,
        ttl_ms: i64,
        alive: i64,
    },
    /// Gives `game`'s lease back, its owner alive until `alive`, if `owner` still
    /// holds it with `token` (the row stays, with no owner: the token keeps rising).
    Release {
        game: String,
        owner: String,
        token: i64,
        alive: i64,
    },
}

/// What a fenced write must find: the lease of `game` held by `owner` with `token`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fence {
    pub game: String,
    pub owner: String,
    pub token: i64,
}

/// A lease as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaseRow {
    pub game: String,
    /// Empty once given back.
    pub owner: String,
    pub addr: String,
    pub token: i64,
    pub expires_at: i64,
    /// When its owner last said it ran the game (taken, renewed, given back), on
    /// the games' clock (the server's time source; real time but in tests), while
    /// `expires_at` is always real time: the next owner's clock runs from here.
    pub alive_at: i64,
}

const ACQUIRE: &str = "INSERT INTO game_leases \
     (game_id, owner, addr, token, expires_at, alive_at) VALUES ($1, $2, $3, 1, $4, $6) \
     ON CONFLICT (game_id) DO UPDATE SET \
       token = CASE WHEN game_leases.owner = excluded.owner THEN game_leases.token \
                    ELSE game_leases.token + 1 END, \
       owner = excluded.owner, addr = excluded.addr, expires_at = excluded.expires_at, \
       alive_at = excluded.alive_at \
     WHERE game_leases.owner = excluded.owner OR game_leases.expires_at < $5";
const RENEW: &str = "UPDATE game_leases SET expires_at = $2, alive_at = $4 \
     WHERE owner = $1 AND expires_at >= $3";
/// Given back: no owner, expired, and when (the next owner's clock starts there).
const RELEASE: &str = "UPDATE game_leases SET owner = '', addr = '', expires_at = 0, \
     alive_at = $4 WHERE game_id = $1 AND owner = $2 AND token = $3";
const COLUMNS: &str = "game_id, owner, addr, token, expires_at, alive_at";

/// Applies `w` (in the writer's transaction).
pub(super) fn apply<D: Db>(db: &mut D, w: &LeaseWrite) -> Result<(), D::E> {
    match w {
        LeaseWrite::Acquire {
            game,
            owner,
            addr,
            now,
            ttl_ms,
            alive,
        } => {
            db.exec(
                ACQUIRE,
                &[
                    Arg::Text(game.clone()),
                    Arg::Text(owner.clone()),
                    Arg::Text(addr.clone()),
                    Arg::Big(now.saturating_add(*ttl_ms)),
                    Arg::Big(*now),
                    Arg::Big(*alive),
                ],
            )?;
        }
        LeaseWrite::Renew {
            owner,
            now,
            ttl_ms,
            alive,
        } => {
            db.exec(
                RENEW,
                &[
                    Arg::Text(owner.clone()),
                    Arg::Big(now.saturating_add(*ttl_ms)),
                    Arg::Big(*now),
                    Arg::Big(*alive),
                ],
            )?;
        }
        LeaseWrite::Release {
            game,
            owner,
            token,
            alive,
        } => {
            db.exec(
                RELEASE,
                &[
                    Arg::Text(game.clone()),
                    Arg::Text(owner.clone()),
                    Arg::Big(*token),
                    Arg::Big(*alive),
                ],
            )?;
        }
    }
    Ok(())
}

/// The fence check on PostgreSQL, run with `query_one` so that no row is an error.
pub(super) const FENCE_PG: &str =
    "SELECT token FROM game_leases WHERE game_id = $1 AND owner = $2 AND token = $3 FOR UPDATE";

/// The fence check of a [`super::Write::Fenced`]: `Ok(true)` when the lease is
/// `fence`'s (and, on PostgreSQL, now locked until the transaction ends).
pub(super) fn holds<D: Db>(db: &mut D, fence: &Fence) -> Result<bool, D::E> {
    let sql = format!(
        "SELECT token FROM game_leases WHERE game_id = $1 AND owner = $2 AND token = $3{}",
        db.for_update()
    );
    let rows = db.rows(
        &sql,
        &[
            Arg::Text(fence.game.clone()),
            Arg::Text(fence.owner.clone()),
            Arg::Big(fence.token),
        ],
        &mut |r| r.big(0),
    )?;
    Ok(!rows.is_empty())
}

fn row<E>(r: &dyn Get<E>) -> Result<LeaseRow, E> {
    Ok(LeaseRow {
        game: r.text(0)?,
        owner: r.text(1)?,
        addr: r.text(2)?,
        token: r.big(3)?,
        expires_at: r.big(4)?,
        alive_at: r.big(5)?,
    })
}

fn lease_of<D: Db>(db: &mut D, game: &str) -> Result<Option<LeaseRow>, D::E> {
    let sql = format!("SELECT {COLUMNS} FROM game_leases WHERE game_id = $1");
    Ok(db
        .rows(&sql, &[Arg::Text(game.to_string())], &mut |r| row(r))?
        .into_iter()
        .next())
}

fn leases_of<D: Db>(db: &mut D, owner: &str) -> Result<Vec<LeaseRow>, D::E> {
    let sql = format!("SELECT {COLUMNS} FROM game_leases WHERE owner = $1 ORDER BY game_id");
    db.rows(&sql, &[Arg::Text(owner.to_string())], &mut |r| row(r))
}

fn orphans<D: Db>(db: &mut D, now: i64, limit: i64) -> Result<Vec<String>, D::E> {
    let sql = "SELECT g.id FROM games g JOIN game_leases l ON l.game_id = g.id \
               WHERE g.status <> 'finished' AND l.owner <> '' AND l.expires_at < $1 \
               ORDER BY l.expires_at LIMIT $2";
    db.rows(sql, &[Arg::Big(now), Arg::Big(limit)], &mut |r| r.text(0))
}

/// What a backend does for this module (part of [`super::Backend`]).
pub(crate) trait LeaseStore {
    fn lease_of(&mut self, game: &str) -> Result<Option<LeaseRow>, StoreError>;
    fn leases_of(&mut self, owner: &str) -> Result<Vec<LeaseRow>, StoreError>;
    fn orphans(&mut self, now: i64, limit: i64) -> Result<Vec<String>, StoreError>;
}

fn db_err<E: std::fmt::Display>(e: E) -> StoreError {
    StoreError::Database(e.to_string())
}

impl LeaseStore for Sqlite {
    fn lease_of(&mut self, game: &str) -> Result<Option<LeaseRow>, StoreError> {
        lease_of(&mut &self.conn, game).map_err(db_err)
    }
    fn leases_of(&mut self, owner: &str) -> Result<Vec<LeaseRow>, StoreError> {
        leases_of(&mut &self.conn, owner).map_err(db_err)
    }
    fn orphans(&mut self, now: i64, limit: i64) -> Result<Vec<String>, StoreError> {
        orphans(&mut &self.conn, now, limit).map_err(db_err)
    }
}

impl LeaseStore for Postgres {
    fn lease_of(&mut self, game: &str) -> Result<Option<LeaseRow>, StoreError> {
        lease_of(&mut Pg(&mut self.client), game).map_err(db_err)
    }
    fn leases_of(&mut self, owner: &str) -> Result<Vec<LeaseRow>, StoreError> {
        leases_of(&mut Pg(&mut self.client), owner).map_err(db_err)
    }
    fn orphans(&mut self, now: i64, limit: i64) -> Result<Vec<String>, StoreError> {
        orphans(&mut Pg(&mut self.client), now, limit).map_err(db_err)
    }
}

impl Store {
    /// The lease of `game`, if any (held, or expired and not yet taken again).
    pub async fn lease(&self, game: &str) -> Result<Option<LeaseRow>, StoreError> {
        let game = game.to_owned();
        self.read(move |b| b.lease_of(&game)).await
    }

    /// Unfinished games whose lease expired by `now` (their process died), the
    /// longest expired first, at most `limit`.
    pub async fn orphaned_games(&self, now: i64, limit: i64) -> Result<Vec<String>, StoreError> {
        self.read(move |b| b.orphans(now, limit)).await
    }

    /// Every lease `owner` holds (some may have expired).
    pub async fn leases_held(&self, owner: &str) -> Result<Vec<LeaseRow>, StoreError> {
        let owner = owner.to_owned();
        self.read(move |b| b.leases_of(&owner)).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::competition::CompetitionWrite;
    use crate::store::Write;

    fn acquire(game: &str, owner: &str, now: i64) -> Write {
        Write::Lease(LeaseWrite::Acquire {
            game: game.into(),
            owner: owner.into(),
            addr: format!("http://{owner}"),
            now,
            ttl_ms: 3_000,
            alive: now,
        })
    }

    /// A write whose effect can be read back: keeps a server key.
    fn fenced(game: &str, owner: &str, token: i64, key: &str) -> Write {
        Write::Fenced {
            fence: Fence {
                game: game.into(),
                owner: owner.into(),
                token,
            },
            inner: Box::new(Write::Competition(CompetitionWrite::Key {
                name: key.into(),
                value: "v".into(),
            })),
        }
    }

    async fn holder(s: &Store, game: &str) -> Option<(String, i64)> {
        let l = s.lease(game).await.expect("read")?;
        Some((l.owner, l.token))
    }

    /// One process holds a game until its lease expires; then another takes it with a
    /// higher token, and the first one's writes are refused from then on.
    async fn a_lease_passes_on_only_when_expired_and_fences_the_old_owner(s: &Store, tag: &str) {
        let g = format!("g-{tag}");
        let (a, b) = (format!("A-{tag}"), format!("B-{tag}"));
        let key = |n: &str| format!("lease-test-{tag}-{n}");
        s.write(acquire(&g, &a, 1_000)).await.expect("A takes it");
        assert_eq!(holder(s, &g).await, Some((a.clone(), 1)));
        s.write(acquire(&g, &b, 2_000)).await.expect("a write");
        assert_eq!(
            holder(s, &g).await,
            Some((a.clone(), 1)),
            "held: B cannot take it"
        );
        s.write(fenced(&g, &a, 1, &key("1")))
            .await
            .expect("the holder writes");
        assert!(s.server_key(&key("1")).await.expect("read").is_some());

        s.write(Write::Lease(LeaseWrite::Renew {
            owner: a.clone(),
            now: 3_500,
            ttl_ms: 3_000,
            alive: 3_500,
        }))
        .await
        .expect("renew");
        s.write(acquire(&g, &b, 5_000)).await.expect("a write");
        assert_eq!(
            holder(s, &g).await,
            Some((a.clone(), 1)),
            "renewed: still A's"
        );

        // A falls silent: at 7,000 its lease (to 6,500) has expired and B takes it.
        s.write(acquire(&g, &b, 7_000)).await.expect("B takes it");
        assert_eq!(holder(s, &g).await, Some((b.clone(), 2)));
        let lease = s.lease(&g).await.expect("read").expect("row");
        assert_eq!(lease.addr, format!("http://{b}"));
        assert!(
            s.write(fenced(&g, &a, 1, &key("2"))).await.is_err(),
            "the old owner's write is refused"
        );
        assert!(
            s.server_key(&key("2")).await.expect("read").is_none(),
            "and writes nothing"
        );
        s.write(Write::Lease(LeaseWrite::Renew {
            owner: a.clone(),
            now: 7_100,
            ttl_ms: 3_000,
            alive: 7_100,
        }))
        .await
        .expect("renew");
        assert!(
            s.leases_held(&a).await.expect("read").is_empty(),
            "A holds nothing"
        );
        s.write(fenced(&g, &b, 2, &key("3")))
            .await
            .expect("the new holder writes");
        s.write(acquire(&g, &b, 7_200)).await.expect("again");
        assert_eq!(
            holder(s, &g).await,
            Some((b.clone(), 2)),
            "its own: token kept"
        );

        // A release by the old owner changes nothing; the holder's frees the game,
        // and whoever takes it next gets a higher token.
        s.write(Write::Lease(LeaseWrite::Release {
            game: g.clone(),
            owner: a.clone(),
            token: 1,
            alive: 7_300,
        }))
        .await
        .expect("release");
        assert_eq!(holder(s, &g).await, Some((b.clone(), 2)));
        s.write(Write::Lease(LeaseWrite::Release {
            game: g.clone(),
            owner: b.clone(),
            token: 2,
            alive: 7_400,
        }))
        .await
        .expect("release");
        let l = s.lease(&g).await.expect("read").expect("row");
        assert_eq!(
            (l.owner.as_str(), l.alive_at),
            ("", 7_400),
            "no owner; given back at 7,400"
        );
        s.write(acquire(&g, &a, 7_500)).await.expect("A again");
        assert_eq!(holder(s, &g).await, Some((a.clone(), 3)));
    }

    /// An expired lease is not revived by its owner's renewal: another process may
    /// have read it as free already.
    async fn an_expired_lease_is_not_renewed(s: &Store, tag: &str) {
        let g = format!("h-{tag}");
        let a = format!("A-{tag}");
        s.write(acquire(&g, &a, 1_000)).await.expect("take");
        s.write(Write::Lease(LeaseWrite::Renew {
            owner: a.clone(),
            now: 4_500,
            ttl_ms: 3_000,
            alive: 4_500,
        }))
        .await
        .expect("renew");
        let l = s.lease(&g).await.expect("read").expect("row");
        assert_eq!(l.expires_at, 4_000, "not extended once expired");
    }

    #[tokio::test]
    async fn leases_on_sqlite() {
        let dir = std::env::temp_dir().join(format!("gx-store-lease-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let s = Store::open(None, &dir).expect("open");
        a_lease_passes_on_only_when_expired_and_fences_the_old_owner(&s, "sqlite").await;
        an_expired_lease_is_not_renewed(&s, "sqlite").await;
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[tokio::test]
    async fn leases_on_postgres() {
        let Ok(url) = std::env::var("GUOXIANG_TEST_POSTGRES") else {
            eprintln!("skipped: set GUOXIANG_TEST_POSTGRES to run the PostgreSQL tests");
            return;
        };
        let dir = std::env::temp_dir().join(format!("gx-store-lease-pg-{}", std::process::id()));
        let s = Store::open(Some(&url), &dir).expect("open");
        let tag = format!("pg{}-{}", std::process::id(), super::super::unix_ms());
        a_lease_passes_on_only_when_expired_and_fences_the_old_owner(&s, &tag).await;
        an_expired_lease_is_not_renewed(&s, &tag).await;
    }
}
