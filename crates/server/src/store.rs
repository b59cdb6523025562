//! Persistence. Games and their moves live in SQLite (a file in the data
//! directory, WAL journal, versioned migrations in [`MIGRATIONS`]). All writes go
//! through one writer thread that commits whatever has queued up in one
//! transaction (group commit) and answers each request only after the commit, so
//! a move is durable before the game acknowledges it. Reads use a second
//! connection on the blocking thread pool.
//!
//! The rest of the server sees only [`Store`] and its plain-data rows; the SQL is
//! standard (no SQLite-only syntax besides the pragmas), so a PostgreSQL backend
//! is a second implementation of the same methods behind this type. It is not
//! written yet: `--db postgres://…` is refused with a clear error for now.

use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::{mpsc as std_mpsc, Arc, Mutex};
use tokio::sync::oneshot;

/// The schema, one migration per version (applied in order, each once).
pub const MIGRATIONS: &[(i64, &str)] = &[(
    1,
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        created_at BIGINT NOT NULL,
        mode TEXT NOT NULL,
        level INTEGER,
        computer_color TEXT,
        time_control TEXT NOT NULL,
        white_secret TEXT,
        black_secret TEXT,
        status TEXT NOT NULL,
        result TEXT,
        reason TEXT,
        white_ms BIGINT NOT NULL,
        black_ms BIGINT NOT NULL,
        finished_at BIGINT,
        start_fen TEXT,
        join_key TEXT
    );
    CREATE TABLE moves (
        game_id TEXT NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL,
        uci TEXT NOT NULL,
        san TEXT NOT NULL,
        white_ms BIGINT NOT NULL,
        black_ms BIGINT NOT NULL,
        played_at BIGINT NOT NULL,
        PRIMARY KEY (game_id, ply)
    );
    CREATE INDEX games_by_status ON games (status, finished_at);",
)];

/// Storage failures.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("cannot create the data directory: {0}")]
    Io(#[from] std::io::Error),
    #[error("the storage thread has stopped")]
    Closed,
    #[error("unsupported database URL {0:?} (PostgreSQL support is not built yet; use sqlite:PATH or leave --db out)")]
    Unsupported(String),
    #[error("stored data is inconsistent: {0}")]
    Corrupt(String),
}

/// A game's stored row.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    pub id: String,
    pub created_at: i64,
    pub mode: String,
    pub level: Option<u8>,
    pub computer_color: Option<String>,
    pub time_control: String,
    pub white_secret: Option<String>,
    pub black_secret: Option<String>,
    pub status: String,
    pub result: Option<String>,
    pub reason: Option<String>,
    pub white_ms: i64,
    pub black_ms: i64,
    pub finished_at: Option<i64>,
    /// The starting position when it is not the standard one.
    pub start_fen: Option<String>,
    /// The key a friend needs to join (from the join link).
    pub join_key: Option<String>,
}

/// A stored move with both clocks after it.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveRow {
    pub ply: i64,
    pub uci: String,
    pub san: String,
    pub white_ms: i64,
    pub black_ms: i64,
    pub played_at: i64,
}

/// One write.
#[derive(Debug, Clone)]
pub enum Write {
    CreateGame(Box<GameRow>),
    /// The second player of a friend game joins.
    Join {
        id: String,
        color: String,
        secret: String,
    },
    AppendMove {
        id: String,
        mv: MoveRow,
    },
    /// Keeps the first `keep` moves (a takeback).
    Truncate {
        id: String,
        keep: i64,
        white_ms: i64,
        black_ms: i64,
    },
    Finish {
        id: String,
        result: String,
        reason: String,
        white_ms: i64,
        black_ms: i64,
        at: i64,
    },
}

type Job = (Write, oneshot::Sender<Result<(), String>>);

/// The database handle (cheap to clone).
#[derive(Clone)]
pub struct Store {
    writer: std_mpsc::Sender<Job>,
    reader: Arc<Mutex<Connection>>,
    /// Keeps the checkpoint thread running while any handle exists.
    _alive: Arc<()>,
}

fn open(path: &Path) -> Result<Connection, StoreError> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(conn)
}

fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL)",
        [],
    )?;
    for (version, sql) in MIGRATIONS {
        let done: Option<i64> = conn
            .query_row(
                "SELECT version FROM schema_migrations WHERE version = ?1",
                [version],
                |r| r.get(0),
            )
            .optional()?;
        if done.is_none() {
            let tx = conn.transaction()?;
            tx.execute_batch(sql)?;
            tx.execute(
                "INSERT INTO schema_migrations (version, applied_at) VALUES (?1, ?2)",
                params![version, unix_ms()],
            )?;
            tx.commit()?;
        }
    }
    Ok(())
}

/// Milliseconds since the Unix epoch (for stored timestamps only).
pub fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

impl Store {
    /// Opens the database named by `url` (`sqlite:PATH`, a plain path, or `None`
    /// for `DATA_DIR/guoxiang.sqlite3`), creating and migrating it if needed.
    pub fn open(url: Option<&str>, data_dir: &Path) -> Result<Store, StoreError> {
        let path = match url {
            None => {
                std::fs::create_dir_all(data_dir)?;
                data_dir.join("guoxiang.sqlite3")
            }
            Some(u) if u.starts_with("postgres://") || u.starts_with("postgresql://") => {
                return Err(StoreError::Unsupported(u.to_string()))
            }
            Some(u) => {
                let p = u.strip_prefix("sqlite://").or(u.strip_prefix("sqlite:"));
                let p = Path::new(p.unwrap_or(u)).to_path_buf();
                if let Some(dir) = p.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir)?;
                }
                p
            }
        };
        let mut writer = open(&path)?;
        migrate(&mut writer)?;
        // Checkpoints run beside the writer, so a commit never waits for one.
        writer.pragma_update(None, "wal_autocheckpoint", 0)?;
        let checkpointer = open(&path)?;
        let reader = open(&path)?;
        let (tx, rx) = std_mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("guoxiang-store".into())
            .spawn(move || writer_loop(writer, rx))?;
        let alive = Arc::new(());
        let weak = Arc::downgrade(&alive);
        std::thread::Builder::new()
            .name("guoxiang-checkpoint".into())
            .spawn(move || checkpoint_loop(checkpointer, weak))?;
        Ok(Store {
            writer: tx,
            reader: Arc::new(Mutex::new(reader)),
            _alive: alive,
        })
    }

    /// Queues a write and waits until it is committed.
    pub async fn write(&self, w: Write) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        self.writer.send((w, tx)).map_err(|_| StoreError::Closed)?;
        match rx.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(StoreError::Corrupt(e)),
            Err(_) => Err(StoreError::Closed),
        }
    }

    /// Queues several writes at once (they usually share one commit) and waits
    /// until all are committed.
    pub async fn write_all(&self, writes: Vec<Write>) -> Result<(), StoreError> {
        let mut replies = Vec::with_capacity(writes.len());
        for w in writes {
            let (tx, rx) = oneshot::channel();
            self.writer.send((w, tx)).map_err(|_| StoreError::Closed)?;
            replies.push(rx);
        }
        for rx in replies {
            match rx.await {
                Ok(Ok(())) => {}
                Ok(Err(e)) => return Err(StoreError::Corrupt(e)),
                Err(_) => return Err(StoreError::Closed),
            }
        }
        Ok(())
    }

    async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, rusqlite::Error> + Send + 'static,
    ) -> Result<T, StoreError> {
        let reader = self.reader.clone();
        tokio::task::spawn_blocking(move || {
            let conn = reader.lock().map_err(|_| StoreError::Closed)?;
            f(&conn).map_err(StoreError::from)
        })
        .await
        .map_err(|_| StoreError::Closed)?
    }

    /// A game and its moves.
    pub async fn game(&self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, StoreError> {
        let id = id.to_string();
        self.read(move |c| {
            let Some(g) = c
                .query_row(
                    &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"),
                    [&id],
                    game_row,
                )
                .optional()?
            else {
                return Ok(None);
            };
            let moves = moves_of(c, &id)?;
            Ok(Some((g, moves)))
        })
        .await
    }

    /// Every game not finished, with its moves (for resuming after a restart).
    pub async fn unfinished(&self) -> Result<Vec<(GameRow, Vec<MoveRow>)>, StoreError> {
        self.read(|c| {
            let mut st = c.prepare(&format!(
                "SELECT {GAME_COLUMNS} FROM games WHERE status <> 'finished'"
            ))?;
            let games: Vec<GameRow> = st.query_map([], game_row)?.collect::<Result<_, _>>()?;
            let mut out = Vec::with_capacity(games.len());
            for g in games {
                let m = moves_of(c, &g.id)?;
                out.push((g, m));
            }
            Ok(out)
        })
        .await
    }

    /// Finished games, newest first: `limit` rows after skipping `offset`, and the total.
    pub async fn finished(
        &self,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<(GameRow, i64)>, i64), StoreError> {
        self.read(move |c| {
            let total: i64 = c.query_row(
                "SELECT COUNT(*) FROM games WHERE status = 'finished'",
                [],
                |r| r.get(0),
            )?;
            let mut st = c.prepare(&format!(
                "SELECT {GAME_COLUMNS}, (SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id) \
                 FROM games WHERE status = 'finished' ORDER BY finished_at DESC, id LIMIT ?1 OFFSET ?2"
            ))?;
            let rows = st
                .query_map(params![limit, offset], |r| Ok((game_row(r)?, r.get(16)?)))?
                .collect::<Result<Vec<_>, _>>()?;
            Ok((rows, total))
        })
        .await
    }

    /// Every stored move of every game: `(game id, ply, uci)` (for checks after a
    /// benchmark).
    pub async fn all_moves(&self) -> Result<Vec<(String, i64, String)>, StoreError> {
        self.read(|c| {
            let mut st = c.prepare("SELECT game_id, ply, uci FROM moves ORDER BY game_id, ply")?;
            let rows = st
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(rows)
        })
        .await
    }
}

const GAME_COLUMNS: &str = "id, created_at, mode, level, computer_color, time_control, \
    white_secret, black_secret, status, result, reason, white_ms, black_ms, finished_at, start_fen, join_key";

fn game_row(r: &rusqlite::Row<'_>) -> Result<GameRow, rusqlite::Error> {
    Ok(GameRow {
        id: r.get(0)?,
        created_at: r.get(1)?,
        mode: r.get(2)?,
        level: r.get(3)?,
        computer_color: r.get(4)?,
        time_control: r.get(5)?,
        white_secret: r.get(6)?,
        black_secret: r.get(7)?,
        status: r.get(8)?,
        result: r.get(9)?,
        reason: r.get(10)?,
        white_ms: r.get(11)?,
        black_ms: r.get(12)?,
        finished_at: r.get(13)?,
        start_fen: r.get(14)?,
        join_key: r.get(15)?,
    })
}

fn moves_of(c: &Connection, id: &str) -> Result<Vec<MoveRow>, rusqlite::Error> {
    let mut st = c.prepare_cached(
        "SELECT ply, uci, san, white_ms, black_ms, played_at FROM moves WHERE game_id = ?1 ORDER BY ply",
    )?;
    let rows = st
        .query_map([id], |r| {
            Ok(MoveRow {
                ply: r.get(0)?,
                uci: r.get(1)?,
                san: r.get(2)?,
                white_ms: r.get(3)?,
                black_ms: r.get(4)?,
                played_at: r.get(5)?,
            })
        })?
        .collect();
    rows
}

fn apply(c: &Connection, w: &Write) -> Result<(), rusqlite::Error> {
    match w {
        Write::CreateGame(g) => {
            c.prepare_cached(&format!(
                "INSERT INTO games ({GAME_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)"
            ))?
            .execute(params![
                g.id, g.created_at, g.mode, g.level, g.computer_color, g.time_control,
                g.white_secret, g.black_secret, g.status, g.result, g.reason, g.white_ms,
                g.black_ms, g.finished_at, g.start_fen, g.join_key
            ])?;
        }
        Write::Join { id, color, secret } => {
            let sql = if color == "white" {
                "UPDATE games SET status = 'active', white_secret = ?2 WHERE id = ?1"
            } else {
                "UPDATE games SET status = 'active', black_secret = ?2 WHERE id = ?1"
            };
            c.prepare_cached(sql)?.execute(params![id, secret])?;
        }
        Write::AppendMove { id, mv } => {
            c.prepare_cached(
                "INSERT INTO moves (game_id, ply, uci, san, white_ms, black_ms, played_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )?
            .execute(params![
                id,
                mv.ply,
                mv.uci,
                mv.san,
                mv.white_ms,
                mv.black_ms,
                mv.played_at
            ])?;
            c.prepare_cached("UPDATE games SET white_ms = ?2, black_ms = ?3 WHERE id = ?1")?
                .execute(params![id, mv.white_ms, mv.black_ms])?;
        }
        Write::Truncate {
            id,
            keep,
            white_ms,
            black_ms,
        } => {
            c.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND ply > ?2")?
                .execute(params![id, keep])?;
            c.prepare_cached("UPDATE games SET white_ms = ?2, black_ms = ?3 WHERE id = ?1")?
                .execute(params![id, white_ms, black_ms])?;
        }
        Write::Finish {
            id,
            result,
            reason,
            white_ms,
            black_ms,
            at,
        } => {
            c.prepare_cached(
                "UPDATE games SET status = 'finished', result = ?2, reason = ?3, white_ms = ?4, \
                 black_ms = ?5, finished_at = ?6 WHERE id = ?1",
            )?
            .execute(params![id, result, reason, white_ms, black_ms, at])?;
        }
    }
    Ok(())
}

/// Copies the WAL back into the database every second (without blocking the
/// writer), until every handle of the store is gone.
fn checkpoint_loop(conn: Connection, alive: std::sync::Weak<()>) {
    loop {
        std::thread::sleep(std::time::Duration::from_secs(1));
        if alive.upgrade().is_none() {
            return;
        }
        // A failed checkpoint is retried next time; the WAL only grows meanwhile.
        let _ = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
    }
}

/// The writer thread: takes every queued write, applies them in one transaction,
/// commits, then answers each.
fn writer_loop(mut conn: Connection, rx: std_mpsc::Receiver<Job>) {
    let mut last_checkpoint = std::time::Instant::now();
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < 512 {
            match rx.try_recv() {
                Ok(j) => batch.push(j),
                Err(_) => break,
            }
        }
        let mut results: Vec<Result<(), String>> = Vec::with_capacity(batch.len());
        let committed = (|| -> Result<(), rusqlite::Error> {
            let tx = conn.transaction()?;
            for (w, _) in &batch {
                // A failed statement rolls back only itself; the others stand.
                results.push(apply(&tx, w).map_err(|e| e.to_string()));
            }
            tx.commit()
        })();
        for (i, (_, reply)) in batch.into_iter().enumerate() {
            let r = match &committed {
                Err(e) => Err(e.to_string()),
                Ok(()) => results.get(i).cloned().unwrap_or(Err("not applied".into())),
            };
            let _ = reply.send(r);
        }
        // The checkpoint thread copies the WAL back while we write; once a second
        // the writer finishes the job between two transactions, so that the next
        // transaction can restart the WAL from its beginning (under a steady stream
        // of writes it would otherwise grow without end).
        if last_checkpoint.elapsed() >= std::time::Duration::from_secs(1) {
            let _ = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
            last_checkpoint = std::time::Instant::now();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str) -> GameRow {
        GameRow {
            id: id.into(),
            created_at: 1,
            mode: "friend".into(),
            level: None,
            computer_color: None,
            time_control: "{}".into(),
            white_secret: Some("w".into()),
            black_secret: None,
            status: "active".into(),
            result: None,
            reason: None,
            white_ms: 0,
            black_ms: 0,
            finished_at: None,
            start_fen: None,
            join_key: None,
        }
    }

    fn mv(ply: i64, uci: &str) -> MoveRow {
        MoveRow {
            ply,
            uci: uci.into(),
            san: uci.into(),
            white_ms: 5,
            black_ms: 6,
            played_at: 7,
        }
    }

    #[tokio::test]
    async fn writes_read_back_and_duplicates_are_refused() {
        let dir = std::env::temp_dir().join(format!("gx-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let s = Store::open(None, &dir).expect("open");
        s.write(Write::CreateGame(Box::new(row("g1"))))
            .await
            .expect("create");
        s.write(Write::AppendMove {
            id: "g1".into(),
            mv: mv(1, "e2e4"),
        })
        .await
        .expect("m1");
        s.write(Write::AppendMove {
            id: "g1".into(),
            mv: mv(2, "e7e5"),
        })
        .await
        .expect("m2");
        assert!(s
            .write(Write::AppendMove {
                id: "g1".into(),
                mv: mv(2, "d7d5")
            })
            .await
            .is_err());
        s.write(Write::Truncate {
            id: "g1".into(),
            keep: 1,
            white_ms: 5,
            black_ms: 6,
        })
        .await
        .expect("undo");
        let (g, moves) = s.game("g1").await.expect("read").expect("exists");
        assert_eq!(g.white_ms, 5);
        assert_eq!(moves, vec![mv(1, "e2e4")]);
        assert_eq!(s.unfinished().await.expect("unfinished").len(), 1);
        s.write(Write::Finish {
            id: "g1".into(),
            result: "1-0".into(),
            reason: "resignation".into(),
            white_ms: 1,
            black_ms: 2,
            at: 3,
        })
        .await
        .expect("finish");
        assert!(s.unfinished().await.expect("unfinished").is_empty());
        let (rows, total) = s.finished(0, 10).await.expect("list");
        assert_eq!((rows.len(), total, rows[0].1), (1, 1, 1));
        // Reopening runs no migration twice.
        drop(s);
        let s = Store::open(None, &dir).expect("reopen");
        assert!(s.game("g1").await.expect("read").is_some());
        assert!(Store::open(Some("postgres://x"), &dir).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
