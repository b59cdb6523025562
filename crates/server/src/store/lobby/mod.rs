//! The lobby (migration 9): seeks, the quick-pairing pool and challenges (one
//! table, `lobby_seeks`, by `kind`), who is online (`lobby_presence`, one row per
//! open lobby socket, refreshed by its process), the games started from the
//! lobby (`lobby_games`), personal messages for a user's sockets on any process
//! (`lobby_notices`), and a version counter (`lobby_version`) that every change
//! raises in its own transaction, so that each server process on one database
//! sees a change by reading one row. Claims (accepting a seek, pairing two pool
//! entries) are conditional updates of `claimed_by`, read back by the claimer:
//! two processes never start two games from one seek. The same SQL serves SQLite
//! and PostgreSQL (`$n` read as `?n` by SQLite); the writes are here, the reads
//! (both backends implement [`LobbyStore`]) in `read.rs`.

mod read;

pub(crate) use read::LobbyStore;

use postgres::GenericClient;

/// The migration that creates the tables.
pub const VERSION: i64 = 9;

/// The migration's schema (the same SQL on SQLite and PostgreSQL).
pub const SCHEMA: &str = "CREATE TABLE lobby_seeks (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(id),
        target_id TEXT REFERENCES users(id),
        room TEXT NOT NULL,
        clock TEXT NOT NULL,
        rated BIGINT NOT NULL,
        color TEXT NOT NULL,
        rating BIGINT NOT NULL,
        provisional BIGINT NOT NULL,
        rank TEXT NOT NULL,
        min_rating BIGINT,
        max_rating BIGINT,
        created_at BIGINT NOT NULL,
        expires_at BIGINT,
        claimed_by TEXT,
        claimed_at BIGINT
    );
    CREATE INDEX lobby_seeks_by_user ON lobby_seeks (user_id);
    CREATE INDEX lobby_seeks_by_claim ON lobby_seeks (claimed_by);
    CREATE TABLE lobby_presence (
        conn TEXT PRIMARY KEY,
        user_id TEXT REFERENCES users(id),
        process TEXT NOT NULL,
        room TEXT NOT NULL,
        rating BIGINT NOT NULL,
        rank TEXT NOT NULL,
        seen_at BIGINT NOT NULL
    );
    CREATE INDEX lobby_presence_by_user ON lobby_presence (user_id);
    CREATE INDEX lobby_presence_by_process ON lobby_presence (process);
    CREATE TABLE lobby_games (
        game_id TEXT PRIMARY KEY,
        room TEXT NOT NULL,
        white_user TEXT NOT NULL REFERENCES users(id),
        black_user TEXT NOT NULL REFERENCES users(id),
        clock TEXT NOT NULL,
        rated BIGINT NOT NULL,
        started_at BIGINT NOT NULL
    );
    CREATE TABLE lobby_notices (
        v BIGINT NOT NULL,
        user_id TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at BIGINT NOT NULL
    );
    CREATE INDEX lobby_notices_by_v ON lobby_notices (v);
    CREATE TABLE lobby_version (
        id INTEGER PRIMARY KEY,
        v BIGINT NOT NULL
    );
    INSERT INTO lobby_version (id, v) VALUES (1, 0);";

/// How long a presence row lives without its process refreshing it.
pub const PRESENCE_TTL_MS: i64 = 30_000;
/// How long a claim may stay unfinished (its process died) before it is let go.
pub const CLAIM_TTL_MS: i64 = 30_000;
/// How long a notice is kept.
pub const NOTICE_TTL_MS: i64 = 60_000;

/// A seek, a pool entry or a challenge, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeekRow {
    pub id: String,
    /// `seek`, `pool` or `challenge`.
    pub kind: String,
    pub user_id: String,
    pub target_id: Option<String>,
    pub room: String,
    pub clock: String,
    pub rated: bool,
    pub color: String,
    pub rating: i64,
    pub provisional: bool,
    pub rank: String,
    pub min_rating: Option<i64>,
    pub max_rating: Option<i64>,
    pub created_at: i64,
    /// Made over HTTP: gone at this time; made on a socket: `None` (gone when
    /// the owner's last socket closes).
    pub expires_at: Option<i64>,
}

/// A seek as read: with its owner's (and target's) name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeekRead {
    pub row: SeekRow,
    pub user_name: String,
    pub target_name: Option<String>,
}

/// One open lobby socket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PresenceRow {
    pub conn: String,
    pub user_id: Option<String>,
    pub process: String,
    pub room: String,
    pub rating: i64,
    pub rank: String,
    pub seen_at: i64,
}

/// A signed-in socket as read (anonymous ones are only counted).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PresenceRead {
    pub user_id: String,
    pub name: String,
    pub room: String,
    pub rating: i64,
    pub rank: String,
}

/// A game started from the lobby.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LobbyGameRow {
    pub game_id: String,
    pub room: String,
    pub white_user: String,
    pub black_user: String,
    pub clock: String,
    pub rated: bool,
    pub started_at: i64,
}

/// A lobby game still in play, with the players' names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LobbyGameRead {
    pub row: LobbyGameRow,
    pub white_name: String,
    pub black_name: String,
}

/// A message for every socket of one user (a serialised `LobbyMsg`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoticeRow {
    pub user_id: String,
    pub body: String,
}

/// Everything the lobby shows, read at one version.
#[derive(Debug, Clone, Default)]
pub struct LobbyRead {
    pub version: i64,
    pub seeks: Vec<SeekRead>,
    pub presence: Vec<PresenceRead>,
    /// Anonymous sockets per room code.
    pub anonymous: Vec<(String, i64)>,
    pub games: Vec<LobbyGameRead>,
    /// Notices newer than asked for: (version, row).
    pub notices: Vec<(i64, NoticeRow)>,
}

/// A write of the lobby; each raises the version when it changes what is shown.
#[derive(Debug, Clone)]
pub enum LobbyWrite {
    /// A new seek or challenge.
    Seek(SeekRow),
    /// Seek `id` withdrawn by its owner, or (a challenge) declined by its
    /// target `by`; `notice` tells the other side.
    Remove {
        id: String,
        by: String,
        notice: Option<NoticeRow>,
    },
    /// A pool entry (the user's other pool entries leave).
    JoinPool(SeekRow),
    /// The user leaves the pool.
    LeavePool { user_id: String },
    /// Marks the unclaimed rows among `ids` as claimed by `nonce`.
    Claim {
        ids: Vec<String>,
        nonce: String,
        at: i64,
    },
    /// Lets the rows claimed by `nonce` go.
    Release { nonce: String },
    /// The claimed rows became `game`: they go, with both players' other seeks
    /// and pool entries; `notices` tell the players.
    Matched {
        nonce: String,
        game: LobbyGameRow,
        notices: Vec<NoticeRow>,
    },
    /// A socket opened.
    Enter(PresenceRow),
    /// A socket closed; when it was its user's last, their seeks, pool entries
    /// and challenges made go too.
    Leave { conn: String },
    /// A socket moved to another hall.
    Room { conn: String, room: String },
    /// A process refreshes its sockets' rows.
    Heartbeat { process: String, at: i64 },
    /// Removes what outlived its owner: sockets of dead processes, seeks of
    /// users gone, expired seeks, stale claims, old notices, finished games.
    Sweep { now: i64 },
}

/// A value bound to a statement (both drivers take these types).
enum V {
    S(String),
    OS(Option<String>),
    I(i64),
    OI(Option<i64>),
}

fn s(x: &str) -> V {
    V::S(x.to_owned())
}

/// The few things a statement needs from either driver.
trait Db {
    type E;
    fn run(&mut self, sql: &str, args: &[V]) -> Result<u64, Self::E>;
}

impl Db for &rusqlite::Connection {
    type E = rusqlite::Error;
    fn run(&mut self, sql: &str, args: &[V]) -> Result<u64, rusqlite::Error> {
        let params: Vec<&dyn rusqlite::ToSql> = args
            .iter()
            .map(|a| match a {
                V::S(x) => x as &dyn rusqlite::ToSql,
                V::OS(x) => x,
                V::I(x) => x,
                V::OI(x) => x,
            })
            .collect();
        let n = self
            .prepare_cached(&super::explorer::sqlite(sql))?
            .execute(params.as_slice())?;
        Ok(n as u64)
    }
}

struct Pg<'a, C>(&'a mut C);

type PgParam<'a> = &'a (dyn postgres::types::ToSql + Sync);

fn pg_params(args: &[V]) -> Vec<PgParam<'_>> {
    args.iter()
        .map(|a| match a {
            V::S(x) => x as PgParam<'_>,
            V::OS(x) => x,
            V::I(x) => x,
            V::OI(x) => x,
        })
        .collect()
}

impl<C: GenericClient> Db for Pg<'_, C> {
    type E = postgres::Error;
    fn run(&mut self, sql: &str, args: &[V]) -> Result<u64, postgres::Error> {
        self.0.execute(sql, &pg_params(args))
    }
}

const BUMP: &str = "UPDATE lobby_version SET v = v + 1 WHERE id = 1";
const NOTICE: &str = "INSERT INTO lobby_notices (v, user_id, body, created_at) \
     VALUES ((SELECT v FROM lobby_version WHERE id = 1), $1, $2, $3)";
const INSERT_SEEK: &str = "INSERT INTO lobby_seeks (id, kind, user_id, target_id, room, clock, \
     rated, color, rating, provisional, rank, min_rating, max_rating, created_at, expires_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)";
/// The seeks of users without a socket (those made on one).
const ORPHANS: &str = "DELETE FROM lobby_seeks WHERE expires_at IS NULL AND claimed_by IS NULL \
     AND user_id NOT IN (SELECT user_id FROM lobby_presence WHERE user_id IS NOT NULL)";

fn seek_args(r: &SeekRow) -> Vec<V> {
    vec![
        s(&r.id),
        s(&r.kind),
        s(&r.user_id),
        V::OS(r.target_id.clone()),
        s(&r.room),
        s(&r.clock),
        V::I(i64::from(r.rated)),
        s(&r.color),
        V::I(r.rating),
        V::I(i64::from(r.provisional)),
        s(&r.rank),
        V::OI(r.min_rating),
        V::OI(r.max_rating),
        V::I(r.created_at),
        V::OI(r.expires_at),
    ]
}

fn notice<D: Db>(db: &mut D, n: &NoticeRow, at: i64) -> Result<(), D::E> {
    db.run(NOTICE, &[s(&n.user_id), s(&n.body), V::I(at)])?;
    Ok(())
}

fn apply<D: Db>(db: &mut D, w: &LobbyWrite) -> Result<(), D::E> {
    let now = super::unix_ms();
    let changed = match w {
        LobbyWrite::Seek(r) => db.run(INSERT_SEEK, &seek_args(r))?,
        LobbyWrite::Remove { id, by, notice: n } => {
            let gone = db.run(
                "DELETE FROM lobby_seeks WHERE id = $1 AND claimed_by IS NULL \
                 AND (user_id = $2 OR target_id = $2)",
                &[s(id), s(by)],
            )?;
            if gone > 0 {
                db.run(BUMP, &[])?;
                if let Some(n) = n {
                    notice(db, n, now)?;
                }
            }
            return Ok(());
        }
        LobbyWrite::JoinPool(r) => {
            db.run(
                "DELETE FROM lobby_seeks WHERE user_id = $1 AND kind = 'pool' AND claimed_by IS NULL",
                &[s(&r.user_id)],
            )?;
            db.run(INSERT_SEEK, &seek_args(r))?
        }
        LobbyWrite::LeavePool { user_id } => db.run(
            "DELETE FROM lobby_seeks WHERE user_id = $1 AND kind = 'pool' AND claimed_by IS NULL",
            &[s(user_id)],
        )?,
        LobbyWrite::Claim { ids, nonce, at } => {
            for id in ids {
                db.run(
                    "UPDATE lobby_seeks SET claimed_by = $2, claimed_at = $3 \
                     WHERE id = $1 AND claimed_by IS NULL",
                    &[s(id), s(nonce), V::I(*at)],
                )?;
            }
            0
        }
        LobbyWrite::Release { nonce } => {
            db.run(
                "UPDATE lobby_seeks SET claimed_by = NULL, claimed_at = NULL WHERE claimed_by = $1",
                &[s(nonce)],
            )?;
            0
        }
        LobbyWrite::Matched {
            nonce,
            game,
            notices,
        } => {
            db.run("DELETE FROM lobby_seeks WHERE claimed_by = $1", &[s(nonce)])?;
            for u in [&game.white_user, &game.black_user] {
                db.run(
                    "DELETE FROM lobby_seeks WHERE user_id = $1 AND kind IN ('seek', 'pool') \
                     AND claimed_by IS NULL",
                    &[s(u)],
                )?;
            }
            db.run(
                "INSERT INTO lobby_games (game_id, room, white_user, black_user, clock, rated, \
                 started_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                &[
                    s(&game.game_id),
                    s(&game.room),
                    s(&game.white_user),
                    s(&game.black_user),
                    s(&game.clock),
                    V::I(i64::from(game.rated)),
                    V::I(game.started_at),
                ],
            )?;
            db.run(BUMP, &[])?;
            for n in notices {
                notice(db, n, now)?;
            }
            return Ok(());
        }
        LobbyWrite::Enter(p) => db.run(
            "INSERT INTO lobby_presence (conn, user_id, process, room, rating, rank, seen_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
            &[
                s(&p.conn),
                V::OS(p.user_id.clone()),
                s(&p.process),
                s(&p.room),
                V::I(p.rating),
                s(&p.rank),
                V::I(p.seen_at),
            ],
        )?,
        LobbyWrite::Leave { conn } => {
            let n = db.run("DELETE FROM lobby_presence WHERE conn = $1", &[s(conn)])?;
            n + db.run(ORPHANS, &[])?
        }
        LobbyWrite::Room { conn, room } => db.run(
            "UPDATE lobby_presence SET room = $2 WHERE conn = $1",
            &[s(conn), s(room)],
        )?,
        LobbyWrite::Heartbeat { process, at } => {
            db.run(
                "UPDATE lobby_presence SET seen_at = $2 WHERE process = $1",
                &[s(process), V::I(*at)],
            )?;
            0
        }
        LobbyWrite::Sweep { now } => {
            let mut n = db.run(
                "DELETE FROM lobby_presence WHERE seen_at < $1",
                &[V::I(now - PRESENCE_TTL_MS)],
            )?;
            n += db.run(ORPHANS, &[])?;
            n += db.run(
                "DELETE FROM lobby_seeks WHERE expires_at < $1 AND claimed_by IS NULL",
                &[V::I(*now)],
            )?;
            n += db.run(
                "UPDATE lobby_seeks SET claimed_by = NULL, claimed_at = NULL \
                 WHERE claimed_at < $1",
                &[V::I(now - CLAIM_TTL_MS)],
            )?;
            n += db.run(
                "DELETE FROM lobby_games WHERE game_id IN \
                 (SELECT id FROM games WHERE status = 'finished')",
                &[],
            )?;
            db.run(
                "DELETE FROM lobby_notices WHERE created_at < $1",
                &[V::I(now - NOTICE_TTL_MS)],
            )?;
            n
        }
    };
    if changed > 0 {
        db.run(BUMP, &[])?;
    }
    Ok(())
}

/// Applies `w` (in the writer's transaction).
pub(super) fn apply_sqlite(
    c: &rusqlite::Connection,
    w: &LobbyWrite,
) -> Result<(), rusqlite::Error> {
    let mut db = c;
    apply(&mut db, w)
}

/// Applies `w` (in the writer's transaction).
pub(super) fn apply_postgres(
    c: &mut impl GenericClient,
    w: &LobbyWrite,
) -> Result<(), postgres::Error> {
    apply(&mut Pg(c), w)?;
    // Every process listening hears of it once the transaction commits (several
    // in one transaction are delivered as one).
    c.execute(crate::lobby::listen::NOTIFY, &[])?;
    Ok(())
}
