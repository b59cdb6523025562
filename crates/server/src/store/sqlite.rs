//! The SQLite backend: a file in the data directory, WAL journal, one writer
//! connection, one reader, and a checkpoint thread that copies the WAL back
//! beside the writer.
//!
//! Durability: `synchronous=NORMAL` in WAL mode. A commit appends to the WAL
//! without an fsync, so an acknowledged move survives a crash or `kill -9` of the
//! process (the operating system holds the written pages); a power loss may lose
//! the last commits but never corrupts the database (checkpoints do fsync).
//!
//! Checkpoints stay off the commit path: the checkpoint thread copies the WAL
//! back several times a second while the writer goes on committing. A passive
//! checkpoint alone never lets the WAL start over under a steady stream of
//! writes, so when it has grown past [`WAL_RESTART_FRAMES`] the writer finishes
//! the (by then small) rest between two transactions, and the next transaction
//! writes the WAL from its beginning again.

use super::explorer::{self, ExplorerRow, Tally};
use super::rows::{
    barred_code, color_code, hashed, ms, notice_code, GAME_COLUMNS, PLAIN_SECRETS, READ_COLUMNS,
    READ_COLUMN_COUNT,
};
use super::{unix_ms, Backend, GameRow, MoveRow, StoreError, Write, MIGRATIONS};
use crate::game::Change;
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How many WAL frames (pages) the WAL may hold before the writer completes a
/// checkpoint so that it restarts: 16,384 frames of 4 KiB, 64 MiB.
pub const WAL_RESTART_FRAMES: u64 = 16_384;
/// How often the checkpoint thread copies the WAL back.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(200);

pub struct Sqlite {
    pub(super) conn: Connection,
    /// The WAL's length in frames, as the checkpoint thread last saw it.
    wal_frames: Arc<AtomicU64>,
}

impl Sqlite {
    /// The WAL length that the checkpoint thread reports to this writer.
    pub fn wal_frames(&self) -> Arc<AtomicU64> {
        self.wal_frames.clone()
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError::Database(e.to_string())
    }
}

/// Opens (creating and migrating) the database at `path`: the writer's backend,
/// the reader's, and a guard that keeps the checkpoint thread alive.
pub fn open_pair(path: &Path) -> Result<(Sqlite, Sqlite), StoreError> {
    let mut writer = open(path)?;
    migrate(&mut writer)?;
    // Checkpoints run beside the writer, so a commit never waits for a long one.
    writer.pragma_update(None, "wal_autocheckpoint", 0)?;
    let reader = open(path)?;
    Ok((
        Sqlite {
            conn: writer,
            wal_frames: Arc::default(),
        },
        Sqlite {
            conn: reader,
            wal_frames: Arc::default(),
        },
    ))
}

/// Starts the checkpoint thread for `path`, which reports the WAL's length to
/// `wal_frames`; it stops when `alive` is gone.
pub fn start_checkpoints(
    path: &Path,
    alive: std::sync::Weak<()>,
    wal_frames: Arc<AtomicU64>,
) -> Result<(), StoreError> {
    let conn = open(path)?;
    std::thread::Builder::new()
        .name("guoxiang-checkpoint".into())
        .spawn(move || checkpoint_loop(conn, alive, wal_frames))?;
    Ok(())
}

/// `PRAGMA wal_checkpoint(PASSIVE)`: the WAL's length in frames afterwards.
fn passive_checkpoint(conn: &Connection) -> Option<u64> {
    conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get::<_, i64>(1))
        .ok()
        .map(|n| n.max(0) as u64)
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
            if *version == explorer::VERSION {
                backfill(&tx)?;
            }
            tx.execute(
                "INSERT INTO schema_migrations (version, applied_at) VALUES (?1, ?2)",
                params![version, unix_ms()],
            )?;
            tx.commit()?;
        }
    }
    hash_plain_secrets(conn)
}

/// Indexes every game finished before the explorer existed (in the migration's
/// transaction, so it happens once, with the migration's record).
fn backfill(c: &Connection) -> Result<(), rusqlite::Error> {
    let mut upsert = c.prepare(&explorer::sqlite(explorer::UPSERT_PG))?;
    let mut st = c.prepare(&explorer::sqlite(explorer::BACKFILL_PG))?;
    let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?;
    explorer::for_each_game(rows, |tally, entries| {
        upsert_all(&mut upsert, tally, &entries)
    })
}

fn upsert_all(
    upsert: &mut rusqlite::Statement<'_>,
    t: Tally,
    entries: &[(i64, String)],
) -> Result<(), rusqlite::Error> {
    for (key, uci) in entries {
        upsert.execute(params![key, uci, t.white, t.draws, t.black])?;
    }
    Ok(())
}

/// Stores a game's result and, if the game was not finished yet, adds it to the
/// explorer's index: all or nothing (a savepoint inside the group's transaction).
fn finish(c: &Connection, id: &str, change: &Change) -> Result<(), rusqlite::Error> {
    let Change::Finished { ending, clocks, at } = change else {
        return Ok(());
    };
    c.execute_batch("SAVEPOINT finish")?;
    let done = (|| {
        let before: Option<(String, Option<String>)> = c
            .prepare_cached("SELECT status, start_fen FROM games WHERE id = ?1")?
            .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))
            .optional()?;
        c.prepare_cached(
            "UPDATE games SET status = 'finished', result = ?2, reason = ?3, white_ms = ?4, \
             black_ms = ?5, finished_at = ?6, draw_offer = NULL, draw_barred = NULL, \
             takeback_request = NULL WHERE id = ?1",
        )?
        .execute(params![
            id,
            ending.result().as_str(),
            ending.reason_code(),
            ms(clocks[0]),
            ms(clocks[1]),
            at
        ])?;
        // A game already finished is in the index already.
        let Some((_, start_fen)) = before.filter(|(status, _)| status != "finished") else {
            return Ok(());
        };
        let ucis: Vec<String> = c
            .prepare_cached("SELECT uci FROM moves WHERE game_id = ?1 AND ply <= ?2 ORDER BY ply")?
            .query_map(params![id, explorer::PLIES as i64], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let result = ending.result().as_str();
        if let Some((tally, entries)) = explorer::entries(Some(result), start_fen.as_deref(), &ucis)
        {
            let mut upsert = c.prepare_cached(&explorer::sqlite(explorer::UPSERT_PG))?;
            upsert_all(&mut upsert, tally, &entries)?;
        }
        Ok(())
    })();
    match done {
        Ok(()) => c.execute_batch("RELEASE finish"),
        Err(e) => {
            let _ = c.execute_batch("ROLLBACK TO finish; RELEASE finish");
            Err(e)
        }
    }
}

/// Replaces secrets and join keys stored in plain text (before version 2) by
/// their hashes.
fn hash_plain_secrets(conn: &mut Connection) -> Result<(), StoreError> {
    let tx = conn.transaction()?;
    type Plain = (String, Option<String>, Option<String>, Option<String>);
    let rows: Vec<Plain> = tx
        .prepare(PLAIN_SECRETS)?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<Result<_, _>>()?;
    for (id, w, b, k) in rows {
        tx.execute(
            "UPDATE games SET white_secret = ?2, black_secret = ?3, join_key = ?4 WHERE id = ?1",
            params![id, hashed(w), hashed(b), hashed(k)],
        )?;
    }
    tx.commit()?;
    Ok(())
}

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
        draw_offer: r.get(16)?,
        draw_barred: r.get(17)?,
        takeback_request: r.get(18)?,
        turn_since: r.get(19)?,
        rematch_offer: r.get(20)?,
        rematch_next: r.get(21)?,
        notice: r.get(22)?,
        berserk_allowed: r.get(23)?,
        berserk: r.get(24)?,
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
        Write::Create(r) => {
            let g = GameRow::from_record(r);
            c.prepare_cached(&format!(
                "INSERT INTO games ({GAME_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, \
                 ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22)"
            ))?
            .execute(params![
                g.id, g.created_at, g.mode, g.level, g.computer_color, g.time_control,
                g.white_secret, g.black_secret, g.status, g.result, g.reason, g.white_ms,
                g.black_ms, g.finished_at, g.start_fen, g.join_key, g.draw_offer, g.draw_barred,
                g.takeback_request, g.turn_since, g.berserk_allowed, g.berserk
            ])?;
        }
        Write::Alive { at } => {
            c.prepare_cached(
                "INSERT INTO server_alive (id, at) VALUES (1, ?1) \
                 ON CONFLICT (id) DO UPDATE SET at = excluded.at",
            )?
            .execute([at])?;
        }
        Write::Change { id, change } => apply_change(c, id, change)?,
        Write::PuzzleRating(r) => super::puzzles::upsert_sqlite(c, r)?,
        Write::Review(r) => super::reviews::apply_sqlite(c, r)?,
        Write::Account(w) => super::accounts::apply_sqlite(c, w)?,
        Write::Competition(w) => super::competition::apply_sqlite(c, w)?,
        Write::Lobby(w) => super::lobby::apply_sqlite(c, w)?,
        Write::Tournament(w) => super::tournaments::apply_sqlite(c, w)?,
        Write::Lease(w) => super::leases::apply(&mut { c }, w)?,
        Write::Job(w) => super::jobs::apply_sqlite(c, w)?,
        Write::Fenced { fence, inner } => {
            if !super::leases::holds(&mut { c }, fence)? {
                return Err(rusqlite::Error::QueryReturnedNoRows);
            }
            apply(c, inner)?;
        }
    }
    Ok(())
}

fn apply_change(c: &Connection, id: &str, change: &Change) -> Result<(), rusqlite::Error> {
    match change {
        Change::Joined { color, secret } => {
            let sql = if *color == guoxiang_core::Color::White {
                "UPDATE games SET status = 'active', white_secret = ?2 WHERE id = ?1"
            } else {
                "UPDATE games SET status = 'active', black_secret = ?2 WHERE id = ?1"
            };
            c.prepare_cached(sql)?
                .execute(params![id, secret.to_stored()])?;
        }
        Change::Moved(m) => {
            let mv = MoveRow::from_record(m);
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
            c.prepare_cached(
                "UPDATE games SET white_ms = ?2, black_ms = ?3, turn_since = ?4 WHERE id = ?1",
            )?
            .execute(params![id, mv.white_ms, mv.black_ms, mv.played_at])?;
        }
        Change::TakenBack { keep, clocks, at } => {
            c.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND ply > ?2")?
                .execute(params![id, ms(*keep)])?;
            c.prepare_cached(
                "UPDATE games SET white_ms = ?2, black_ms = ?3, turn_since = ?4 WHERE id = ?1",
            )?
            .execute(params![id, ms(clocks[0]), ms(clocks[1]), at])?;
        }
        Change::Standing(s) => {
            c.prepare_cached(
                "UPDATE games SET draw_offer = ?2, draw_barred = ?3, takeback_request = ?4 \
                 WHERE id = ?1",
            )?
            .execute(params![
                id,
                s.draws.standing.map(color_code),
                barred_code(s.draws.barred),
                s.takeback.map(color_code)
            ])?;
        }
        Change::Resumed { since } => {
            c.prepare_cached("UPDATE games SET turn_since = ?2 WHERE id = ?1")?
                .execute(params![id, since])?;
        }
        Change::Finished { .. } => finish(c, id, change)?,
        Change::Berserk { .. } => super::berserk::apply_sqlite(c, id, change)?,
        Change::After(a) => {
            c.prepare_cached(
                "UPDATE games SET rematch_offer = ?2, rematch_next = ?3, notice = ?4 WHERE id = ?1",
            )?
            .execute(params![
                id,
                a.rematch.offer.map(color_code),
                a.rematch.next,
                notice_code(a.notice)
            ])?;
        }
    }
    Ok(())
}

/// `?first, ?first+1, …`: `n` numbered placeholders (each may be used twice).
fn placeholders(first: usize, n: usize) -> String {
    (first..first + n)
        .map(|i| format!("?{i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Copies the WAL back into the database every [`CHECKPOINT_EVERY`] (without
/// blocking the writer), until every handle of the store is gone.
fn checkpoint_loop(conn: Connection, alive: std::sync::Weak<()>, wal_frames: Arc<AtomicU64>) {
    loop {
        std::thread::sleep(CHECKPOINT_EVERY);
        if alive.upgrade().is_none() {
            return;
        }
        // A failed checkpoint is retried next time; the WAL only grows meanwhile.
        if let Some(n) = passive_checkpoint(&conn) {
            wal_frames.store(n, Ordering::Relaxed);
        }
    }
}

impl Backend for Sqlite {
    fn apply(&mut self, writes: &[&Write]) -> Result<Vec<Result<(), String>>, String> {
        let mut results = Vec::with_capacity(writes.len());
        let tx = self.conn.transaction().map_err(|e| e.to_string())?;
        for w in writes {
            // A failed statement rolls back only itself; the others stand.
            results.push(apply(&tx, w).map_err(|e| e.to_string()));
        }
        tx.commit().map_err(|e| e.to_string())?;
        Ok(results)
    }

    fn housekeeping(&mut self) {
        // The checkpoint thread copies the WAL back while we write; when the WAL
        // has grown long the writer finishes the job between two transactions
        // (only what was written since the thread's last pass), so that the next
        // transaction restarts the WAL from its beginning (under a steady stream
        // of writes it would otherwise grow without end). Once every few seconds
        // at thousands of moves a second, not after every commit.
        if self.wal_frames.load(Ordering::Relaxed) >= WAL_RESTART_FRAMES {
            let _ = passive_checkpoint(&self.conn);
            // The next transaction restarts the WAL if this checkpoint was
            // complete; if not (a reader held it back), the thread's next report
            // asks again.
            self.wal_frames.store(0, Ordering::Relaxed);
        }
    }

    fn game(&mut self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, StoreError> {
        let c = &self.conn;
        let Some(g) = c
            .query_row(
                &format!("SELECT {READ_COLUMNS} FROM games WHERE id = ?1"),
                [id],
                game_row,
            )
            .optional()?
        else {
            return Ok(None);
        };
        let moves = moves_of(c, id)?;
        Ok(Some((g, moves)))
    }

    fn unfinished(&mut self) -> Result<Vec<(GameRow, Vec<MoveRow>)>, StoreError> {
        let c = &self.conn;
        let mut st = c.prepare(&format!(
            "SELECT {READ_COLUMNS} FROM games WHERE status <> 'finished'"
        ))?;
        let games: Vec<GameRow> = st.query_map([], game_row)?.collect::<Result<_, _>>()?;
        let mut out = Vec::with_capacity(games.len());
        for g in games {
            let m = moves_of(c, &g.id)?;
            out.push((g, m));
        }
        Ok(out)
    }

    fn finished(
        &mut self,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<(GameRow, i64)>, i64), StoreError> {
        let c = &self.conn;
        let total: i64 = c.query_row(
            "SELECT COUNT(*) FROM games WHERE status = 'finished'",
            [],
            |r| r.get(0),
        )?;
        let mut st = c.prepare(&format!(
            "SELECT {READ_COLUMNS}, (SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id) \
             FROM games WHERE status = 'finished' ORDER BY finished_at DESC, id LIMIT ?1 OFFSET ?2"
        ))?;
        let rows = st
            .query_map(params![limit, offset], |r| {
                Ok((game_row(r)?, r.get(READ_COLUMN_COUNT)?))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok((rows, total))
    }

    fn alive_at(&mut self) -> Result<Option<i64>, StoreError> {
        Ok(self
            .conn
            .query_row("SELECT at FROM server_alive WHERE id = 1", [], |r| r.get(0))
            .optional()?)
    }

    fn mine(&mut self, hashes: &[String], limit: i64) -> Result<Vec<(GameRow, i64)>, StoreError> {
        if hashes.is_empty() {
            return Ok(Vec::new());
        }
        let list = placeholders(2, hashes.len());
        let mut st = self.conn.prepare(&format!(
            "SELECT {READ_COLUMNS}, (SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id) \
             FROM games WHERE white_secret IN ({list}) OR black_secret IN ({list}) \
             ORDER BY created_at DESC, id LIMIT ?1"
        ))?;
        let params = std::iter::once(&limit as &dyn rusqlite::ToSql)
            .chain(hashes.iter().map(|h| h as &dyn rusqlite::ToSql));
        let rows = st
            .query_map(rusqlite::params_from_iter(params), |r| {
                Ok((game_row(r)?, r.get(READ_COLUMN_COUNT)?))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }

    fn first_moves(
        &mut self,
        ids: &[String],
        plies: i64,
    ) -> Result<Vec<(String, String)>, StoreError> {
        let list = placeholders(2, ids.len());
        let mut st = self.conn.prepare(&format!(
            "SELECT game_id, uci FROM moves WHERE game_id IN ({list}) AND ply <= ?1 \
             ORDER BY game_id, ply"
        ))?;
        let params = std::iter::once(&plies as &dyn rusqlite::ToSql)
            .chain(ids.iter().map(|h| h as &dyn rusqlite::ToSql));
        let rows = st
            .query_map(rusqlite::params_from_iter(params), |r| {
                Ok((r.get(0)?, r.get(1)?))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }

    fn explorer(&mut self, key: i64) -> Result<Vec<ExplorerRow>, StoreError> {
        let mut st = self
            .conn
            .prepare_cached(&explorer::sqlite(explorer::QUERY_PG))?;
        let rows = st
            .query_map([key], |r| {
                Ok(ExplorerRow {
                    uci: r.get(0)?,
                    tally: Tally {
                        white: r.get(1)?,
                        draws: r.get(2)?,
                        black: r.get(3)?,
                    },
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }

    fn all_moves(&mut self) -> Result<Vec<(String, i64, String)>, StoreError> {
        let mut st = self
            .conn
            .prepare("SELECT game_id, ply, uci FROM moves ORDER BY game_id, ply")?;
        let rows = st
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wal_len(path: &Path) -> u64 {
        let mut wal = path.as_os_str().to_owned();
        wal.push("-wal");
        std::fs::metadata(wal).map_or(0, |m| m.len())
    }

    fn write(db: &mut Sqlite, at: i64) {
        let r = db.apply(&[&Write::Alive { at }]).expect("commit");
        assert!(r.iter().all(Result::is_ok));
        db.housekeeping();
    }

    #[test]
    fn the_writer_restarts_a_long_wal_between_transactions_and_leaves_a_short_one_alone() {
        let dir = std::env::temp_dir().join(format!("gx-wal-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("db.sqlite3");
        let (mut db, _reader) = open_pair(&path).expect("open");
        // A short WAL: no checkpoint on the commit path, the WAL grows.
        write(&mut db, 1);
        let short = wal_len(&path);
        for at in 2..20 {
            write(&mut db, at);
        }
        let grown = wal_len(&path);
        assert!(grown > short, "{short} -> {grown}");
        // The checkpoint thread reports a long WAL: the writer completes the
        // checkpoint, and the next transactions write the WAL from its start
        // again instead of appending.
        db.wal_frames.store(WAL_RESTART_FRAMES, Ordering::Relaxed);
        write(&mut db, 20);
        let restarted = wal_len(&path);
        for at in 21..40 {
            write(&mut db, at);
        }
        assert_eq!(wal_len(&path), restarted);
        assert_eq!(db.wal_frames.load(Ordering::Relaxed), 0);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
