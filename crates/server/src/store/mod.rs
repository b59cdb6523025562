//! Persistence. Games and their moves live in SQLite by default (a file in the
//! data directory, WAL journal) or in PostgreSQL (`--db postgres://…`), with the
//! same versioned migrations ([`MIGRATIONS`]) and the same queries. All writes go
//! through one writer thread that commits whatever has queued up in one
//! transaction (group commit) and answers each request only after the commit, so
//! a move is durable before the game acknowledges it. Reads run on a second
//! connection in a reader thread. The backends implement [`Backend`].

pub mod accounts;
pub mod berserk;
pub mod competition;
pub mod explorer;
pub mod jobs;
pub mod leases;
pub mod listen;
pub mod lobby;
mod postgres;
pub mod puzzles;
pub mod reviews;
pub mod rows;
mod sqlite;
pub mod tournaments;

pub use explorer::{ExplorerRow, Tally};
pub use puzzles::PuzzleRatingRow;
pub use reviews::{ReviewRow, ReviewWrite};
pub use rows::{GameRow, MoveRow};

use crate::game::{Change, MoveRecord, Record};
use std::path::Path;
use std::sync::{mpsc as std_mpsc, Arc};
use tokio::sync::oneshot;

/// The schema, one migration per version (applied in order, each once).
pub const MIGRATIONS: &[(i64, &str)] = &[
    (
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
    ),
    // What stands between two moves (draw offers, the bar after a refusal, a
    // takeback request), since when the side to move thinks (wall clock), and the
    // server's last sign of life: a restart restores all of it.
    (
        2,
        "ALTER TABLE games ADD COLUMN draw_offer TEXT;
    ALTER TABLE games ADD COLUMN draw_barred TEXT;
    ALTER TABLE games ADD COLUMN takeback_request TEXT;
    ALTER TABLE games ADD COLUMN turn_since BIGINT;
    CREATE TABLE server_alive (id INTEGER PRIMARY KEY, at BIGINT NOT NULL);",
    ),
    // After a game (issue 14): a friend's standing rematch offer, the rematch's
    // id, the last refusal the players should hear of; and the games found by
    // their secrets' hashes (`POST /api/games/mine`).
    (
        3,
        "ALTER TABLE games ADD COLUMN rematch_offer TEXT;
    ALTER TABLE games ADD COLUMN rematch_next TEXT;
    ALTER TABLE games ADD COLUMN notice TEXT;
    CREATE INDEX games_by_white_secret ON games (white_secret);
    CREATE INDEX games_by_black_secret ON games (black_secret);",
    ),
    // The opening explorer's index (issue 16): each position of the first 50 plies
    // of the finished games, the moves played there and their results; filled when a
    // game ends and, for the games already finished, when this migration runs
    // (store/explorer.rs).
    (explorer::VERSION, explorer::SCHEMA),
    // The puzzles' ratings as attempts moved them (issue 17, store/puzzles.rs).
    (puzzles::VERSION, puzzles::SCHEMA),
    // Game reviews, queued, running and done (issue 18, store/reviews.rs).
    (reviews::VERSION, reviews::SCHEMA),
    // Competition (issue 19): accounts, games between accounts and ratings, the
    // lobby, tournaments (store/accounts.rs, competition.rs, lobby.rs, tournaments.rs).
    (accounts::VERSION, accounts::SCHEMA),
    (competition::VERSION, competition::SCHEMA),
    (lobby::VERSION, lobby::SCHEMA),
    (tournaments::VERSION, tournaments::SCHEMA),
    // Berserk in arena games: who may, who did (store/berserk.rs).
    (berserk::VERSION, berserk::SCHEMA),
    // Game leases with fencing tokens, for several processes (issue 20, store/leases.rs).
    (leases::VERSION, leases::SCHEMA),
    // Jobs for worker processes, and a review's progress (issue 20, store/jobs.rs).
    (jobs::VERSION, jobs::SCHEMA),
];

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

/// One write.
#[derive(Debug, Clone)]
pub enum Write {
    /// A new game.
    Create(Box<Record>),
    /// What an action of game `id` changed.
    Change { id: String, change: Change },
    /// The server is alive at `at` (wall clock).
    Alive { at: i64 },
    /// A puzzle's rating after an attempt (replacing the one stored).
    PuzzleRating(PuzzleRatingRow),
    /// A game review asked for, or its new status.
    Review(ReviewWrite),
    /// Accounts, sessions and kept data (store/accounts.rs).
    Account(accounts::AccountWrite),
    /// Account games and ratings (store/competition.rs).
    Competition(competition::CompetitionWrite),
    /// The lobby (store/lobby.rs).
    Lobby(lobby::LobbyWrite),
    /// Tournaments (store/tournaments.rs).
    Tournament(tournaments::TournamentWrite),
    /// Game leases (store/leases.rs).
    Lease(leases::LeaseWrite),
    /// Jobs for worker processes (store/jobs.rs).
    Job(jobs::JobWrite),
    /// `inner`, only if the game's lease is still `fence`'s (store/leases.rs);
    /// fails, writing nothing, otherwise.
    Fenced {
        fence: leases::Fence,
        inner: Box<Write>,
    },
}

impl Write {
    /// The writes for `changes` of game `id`.
    pub fn changes(id: &str, changes: Vec<Change>) -> Vec<Write> {
        changes
            .into_iter()
            .map(|change| Write::Change {
                id: id.to_string(),
                change,
            })
            .collect()
    }
}

/// What a database must do for the server.
pub(crate) trait Backend:
    Send
    + puzzles::PuzzleStore
    + reviews::ReviewStore
    + accounts::AccountStore
    + competition::CompetitionStore
    + leases::LeaseStore
    + jobs::JobStore
    + lobby::LobbyStore
    + tournaments::TournamentStore
{
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
    /// The games (and their numbers of plies) a seat of which holds one of the
    /// `hashes` (stored form), newest first, at most `limit`.
    fn mine(&mut self, hashes: &[String], limit: i64) -> Result<Vec<(GameRow, i64)>, StoreError>;
    /// The first `plies` moves (UCI) of the games `ids`: `(game id, uci)` in order.
    fn first_moves(
        &mut self,
        ids: &[String],
        plies: i64,
    ) -> Result<Vec<(String, String)>, StoreError>;
    fn alive_at(&mut self) -> Result<Option<i64>, StoreError>;
    /// The explorer's rows of the position with this key (one index range).
    fn explorer(&mut self, key: i64) -> Result<Vec<ExplorerRow>, StoreError>;
}

/// A stored game read back: its record and moves.
pub type Stored = (Record, Vec<MoveRecord>);

fn read_back((row, moves): (GameRow, Vec<MoveRow>)) -> Result<Stored, StoreError> {
    Ok((
        row.into_record()?,
        moves.into_iter().map(MoveRow::into_record).collect(),
    ))
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

/// Creates the data directory readable by its owner only (0700 on Unix).
fn private_dir(dir: &Path) -> Result<(), StoreError> {
    std::fs::create_dir_all(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
    }
    Ok(())
}

/// Creates the database file readable by its owner only (0600 on Unix) before
/// SQLite opens it; SQLite gives its WAL and shared-memory files the same mode.
fn private_file(path: &Path) -> Result<(), StoreError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .mode(0o600)
            .open(path)?;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
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
                        private_dir(data_dir)?;
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
                private_file(&path)?;
                let (w, r) = sqlite::open_pair(&path)?;
                sqlite::start_checkpoints(&path, Arc::downgrade(&alive), w.wal_frames())?;
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
    pub async fn game(&self, id: &str) -> Result<Option<Stored>, StoreError> {
        let id = id.to_string();
        self.read(move |b| b.game(&id)?.map(read_back).transpose())
            .await
    }

    /// Every game not finished, with its moves (for resuming after a restart).
    pub async fn unfinished(&self) -> Result<Vec<Stored>, StoreError> {
        self.read(|b| b.unfinished()?.into_iter().map(read_back).collect())
            .await
    }

    /// Finished games, newest first: `limit` games and their numbers of plies
    /// after skipping `offset`, and the total.
    pub async fn finished(
        &self,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<(Record, u64)>, u64), StoreError> {
        self.read(move |b| {
            let (rows, total) = b.finished(offset, limit)?;
            let games = rows
                .into_iter()
                .map(|(g, n)| Ok((g.into_record()?, n.max(0) as u64)))
                .collect::<Result<Vec<_>, StoreError>>()?;
            Ok((games, total.max(0) as u64))
        })
        .await
    }

    /// The games whose seats hold one of `secrets` (found by their hashes),
    /// newest first, at most `limit`, with their numbers of plies.
    pub async fn mine(
        &self,
        secrets: &[String],
        limit: i64,
    ) -> Result<Vec<(Record, u64)>, StoreError> {
        let hashes: Vec<String> = secrets
            .iter()
            .map(|s| crate::game::SecretHash::of(s).to_stored())
            .collect();
        self.read(move |b| {
            b.mine(&hashes, limit)?
                .into_iter()
                .map(|(g, n)| Ok((g.into_record()?, n.max(0) as u64)))
                .collect()
        })
        .await
    }

    /// The first `plies` moves (UCI) of each of the games `ids`.
    pub async fn first_moves(
        &self,
        ids: Vec<String>,
        plies: usize,
    ) -> Result<std::collections::HashMap<String, Vec<String>>, StoreError> {
        if ids.is_empty() {
            return Ok(Default::default());
        }
        let plies = plies.min(i64::MAX as usize) as i64;
        self.read(move |b| {
            let mut out: std::collections::HashMap<String, Vec<String>> = Default::default();
            for (id, uci) in b.first_moves(&ids, plies)? {
                out.entry(id).or_default().push(uci);
            }
            Ok(out)
        })
        .await
    }

    /// Every stored move of every game: `(game id, ply, uci)` (for checks after a
    /// benchmark).
    pub async fn all_moves(&self) -> Result<Vec<(String, i64, String)>, StoreError> {
        self.read(|b| b.all_moves()).await
    }

    /// The explorer's rows of `pos`: every move played there in the finished games'
    /// first 50 plies, with the results of those games (unordered).
    pub async fn explorer(
        &self,
        pos: &guoxiang_core::Position,
    ) -> Result<Vec<ExplorerRow>, StoreError> {
        let key = explorer::key(pos);
        self.read(move |b| b.explorer(key)).await
    }

    /// Every puzzle rating stored (the puzzles attempted at least once).
    pub async fn puzzle_ratings(&self) -> Result<Vec<PuzzleRatingRow>, StoreError> {
        self.read(|b| b.puzzle_ratings()).await
    }

    /// The last moment (wall clock) the server was known alive.
    pub async fn alive_at(&self) -> Result<Option<i64>, StoreError> {
        self.read(|b| b.alive_at()).await
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
mod tests;
