//! Persistence. Games and their moves live in SQLite by default (a file in the
//! data directory, WAL journal) or in PostgreSQL (`--db postgres://…`), with the
//! same versioned migrations ([`MIGRATIONS`]) and the same queries. All writes go
//! through one writer thread that commits whatever has queued up in one
//! transaction (group commit) and answers each request only after the commit, so
//! a move is durable before the game acknowledges it. Reads run on a second
//! connection in a reader thread. The backends implement [`Backend`].

mod postgres;
mod sqlite;

use std::path::Path;
use std::sync::{mpsc as std_mpsc, Arc};
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
        ply BIGINT NOT NULL,
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
    Database(String),
    #[error("cannot create the data directory: {0}")]
    Io(#[from] std::io::Error),
    #[error("the storage thread has stopped")]
    Closed,
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

/// The columns of `games`, in the order of [`GameRow`]'s fields.
pub(crate) const GAME_COLUMNS: &str = "id, created_at, mode, level, computer_color, time_control, \
    white_secret, black_secret, status, result, reason, white_ms, black_ms, finished_at, start_fen, join_key";

/// What a database must do for the server.
pub(crate) trait Backend: Send {
    /// Applies `writes` in one transaction: each write's own result (a failed
    /// write changes nothing, the others stand), or an error if the commit failed.
    fn apply(&mut self, writes: &[&Write]) -> Result<Vec<Result<(), String>>, String>;
    /// Called by the writer between transactions.
    fn housekeeping(&mut self) {}
    fn game(&mut self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, StoreError>;
    fn unfinished(&mut self) -> Result<Vec<(GameRow, Vec<MoveRow>)>, StoreError>;
    fn finished(
        &mut self,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<(GameRow, i64)>, i64), StoreError>;
    fn all_moves(&mut self) -> Result<Vec<(String, i64, String)>, StoreError>;
}

type Job = (Write, oneshot::Sender<Result<(), String>>);
type ReadJob = Box<dyn FnOnce(&mut dyn Backend) + Send>;

/// The database handle (cheap to clone).
#[derive(Clone)]
pub struct Store {
    writer: std_mpsc::Sender<Job>,
    reader: std_mpsc::Sender<ReadJob>,
    /// Keeps the SQLite checkpoint thread running while any handle exists.
    _alive: Arc<()>,
}

/// Milliseconds since the Unix epoch (for stored timestamps only).
pub fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

fn spawn<F: FnOnce() + Send + 'static>(name: &str, f: F) -> Result<(), StoreError> {
    std::thread::Builder::new().name(name.into()).spawn(f)?;
    Ok(())
}

impl Store {
    /// Opens the database named by `url` — `postgres://…`, `sqlite:PATH`, a plain
    /// path, or `None` for `DATA_DIR/guoxiang.sqlite3` — creating and migrating it
    /// if needed. Blocks (call it off the async runtime).
    pub fn open(url: Option<&str>, data_dir: &Path) -> Result<Store, StoreError> {
        let alive = Arc::new(());
        let (writer, reader): (Box<dyn Backend>, Box<dyn Backend>) = match url {
            Some(u) if u.starts_with("postgres://") || u.starts_with("postgresql://") => {
                // The client runs its own small runtime, which must not be started
                // (or dropped) inside an async context: connect on a plain thread.
                let (w, r) = std::thread::scope(|scope| {
                    scope
                        .spawn(|| postgres::open_pair(u))
                        .join()
                        .unwrap_or_else(|_| Err(StoreError::Closed))
                })?;
                (Box::new(w), Box::new(r))
            }
            _ => {
                let path = match url {
                    None => {
                        std::fs::create_dir_all(data_dir)?;
                        data_dir.join("guoxiang.sqlite3")
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
                let (w, r) = sqlite::open_pair(&path)?;
                sqlite::start_checkpoints(&path, Arc::downgrade(&alive))?;
                (Box::new(w), Box::new(r))
            }
        };
        let (tx, rx) = std_mpsc::channel::<Job>();
        spawn("guoxiang-store", move || writer_loop(writer, rx))?;
        let (rtx, rrx) = std_mpsc::channel::<ReadJob>();
        spawn("guoxiang-store-read", move || {
            let mut reader = reader;
            while let Ok(job) = rrx.recv() {
                job(reader.as_mut());
            }
        })?;
        Ok(Store {
            writer: tx,
            reader: rtx,
            _alive: alive,
        })
    }

    /// Queues a write and waits until it is committed.
    pub async fn write(&self, w: Write) -> Result<(), StoreError> {
        self.write_all(vec![w]).await
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
        f: impl FnOnce(&mut dyn Backend) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = oneshot::channel();
        let job: ReadJob = Box::new(move |b| {
            let _ = tx.send(f(b));
        });
        self.reader.send(job).map_err(|_| StoreError::Closed)?;
        rx.await.map_err(|_| StoreError::Closed)?
    }

    /// A game and its moves.
    pub async fn game(&self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, StoreError> {
        let id = id.to_string();
        self.read(move |b| b.game(&id)).await
    }

    /// Every game not finished, with its moves (for resuming after a restart).
    pub async fn unfinished(&self) -> Result<Vec<(GameRow, Vec<MoveRow>)>, StoreError> {
        self.read(|b| b.unfinished()).await
    }

    /// Finished games, newest first: `limit` rows after skipping `offset`, and the total.
    pub async fn finished(
        &self,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<(GameRow, i64)>, i64), StoreError> {
        self.read(move |b| b.finished(offset, limit)).await
    }

    /// Every stored move of every game: `(game id, ply, uci)` (for checks after a
    /// benchmark).
    pub async fn all_moves(&self) -> Result<Vec<(String, i64, String)>, StoreError> {
        self.read(|b| b.all_moves()).await
    }
}

/// The writer thread: takes every queued write, applies them in one transaction,
/// commits, then answers each.
fn writer_loop(mut db: Box<dyn Backend>, rx: std_mpsc::Receiver<Job>) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < 512 {
            match rx.try_recv() {
                Ok(j) => batch.push(j),
                Err(_) => break,
            }
        }
        let writes: Vec<&Write> = batch.iter().map(|(w, _)| w).collect();
        let outcome = db.apply(&writes);
        for (i, (_, reply)) in batch.into_iter().enumerate() {
            let r = match &outcome {
                Err(e) => Err(e.clone()),
                Ok(results) => results.get(i).cloned().unwrap_or(Err("not applied".into())),
            };
            let _ = reply.send(r);
        }
        db.housekeeping();
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
        assert!(Store::open(Some("postgres://nobody@127.0.0.1:1/none"), &dir).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
