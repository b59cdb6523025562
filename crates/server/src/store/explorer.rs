//! The opening explorer's index: for each position of the first [`PLIES`] plies of every
//! finished game from the standard start, the moves played there and how those games
//! ended. One row per (position, move): the position's 64-bit key (the core's
//! [`Position::repetition_key`]: placement, side to move, castling rights and an
//! en-passant square only when the capture is legal; not the clocks), stored as the
//! signed integer with the same bits, the move in UCI and three counters.
//!
//! The index is filled in the transaction that stores a game's result (both backends
//! call [`entries`] there) and, for the games finished before it existed, by the
//! migration that creates it ([`VERSION`]); a query reads one position's rows by the
//! primary key. A game adds each position once, even if it passes through it again.

use guoxiang_core::{Position, UciMove};
use std::collections::HashSet;

/// The migration that creates the index and backfills it.
pub const VERSION: i64 = 4;

/// How many plies of each game are indexed.
pub const PLIES: usize = 50;

/// The migration's schema (the same SQL on SQLite and PostgreSQL).
pub const SCHEMA: &str = "CREATE TABLE explorer_moves (
        position BIGINT NOT NULL,
        uci TEXT NOT NULL,
        white BIGINT NOT NULL,
        draws BIGINT NOT NULL,
        black BIGINT NOT NULL,
        PRIMARY KEY (position, uci)
    );";

/// Adds one game's result to a (position, move) row; `$n` placeholders are turned into
/// `?n` for SQLite. The arguments: key, uci, white, draws, black (one of them 1).
pub const UPSERT_PG: &str = "INSERT INTO explorer_moves (position, uci, white, draws, black) \
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (position, uci) DO UPDATE SET \
     white = explorer_moves.white + excluded.white, \
     draws = explorer_moves.draws + excluded.draws, \
     black = explorer_moves.black + excluded.black";

/// The rows of one position (argument: the key).
pub const QUERY_PG: &str =
    "SELECT uci, white, draws, black FROM explorer_moves WHERE position = $1";

/// The finished games' first [`PLIES`] moves, for the backfill: id, result, start FEN, uci.
pub const BACKFILL_PG: &str = "SELECT g.id, g.result, g.start_fen, m.uci FROM games g \
     JOIN moves m ON m.game_id = g.id \
     WHERE g.status = 'finished' AND m.ply <= 50 ORDER BY g.id, m.ply";

/// The same SQL with SQLite's `?n` placeholders.
pub fn sqlite(sql: &str) -> String {
    sql.replace('$', "?")
}

/// The stored key of a position: the repetition key's 64 bits as a signed integer (the
/// databases' BIGINT).
///
/// ```
/// use guoxiang_core::Position;
/// let k = guoxiang_server::store::explorer::key(&Position::new());
/// assert_eq!(k as u64, Position::new().repetition_key());
/// ```
pub fn key(pos: &Position) -> i64 {
    i64::from_ne_bytes(pos.repetition_key().to_ne_bytes())
}

/// How the indexed games ended, counted from White's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    pub white: i64,
    pub draws: i64,
    pub black: i64,
}

impl Tally {
    /// One game with the PGN result `result` (`1-0`, `0-1`, `1/2-1/2`); `None` for a
    /// game without a result (`*`, an aborted game).
    pub fn of_result(result: &str) -> Option<Tally> {
        let mut t = Tally::default();
        match result {
            "1-0" => t.white = 1,
            "0-1" => t.black = 1,
            "1/2-1/2" => t.draws = 1,
            _ => return None,
        }
        Some(t)
    }

    /// Games counted.
    pub fn games(&self) -> i64 {
        self.white + self.draws + self.black
    }

    /// Adds `other` in.
    pub fn add(&mut self, other: Tally) {
        self.white += other.white;
        self.draws += other.draws;
        self.black += other.black;
    }
}

/// One row read back: a move from the position and the results of its games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExplorerRow {
    pub uci: String,
    pub tally: Tally,
}

/// What a finished game adds: its result, and each (position key, move) of its first
/// [`PLIES`] plies, each position once. Nothing for a game without a result or from
/// another start than the standard one; the line stops at a move that does not replay.
pub fn entries(
    result: Option<&str>,
    start_fen: Option<&str>,
    ucis: &[String],
) -> Option<(Tally, Vec<(i64, String)>)> {
    let tally = Tally::of_result(result?)?;
    if let Some(fen) = start_fen {
        if Position::from_fen(fen).ok()? != Position::new() {
            return None;
        }
    }
    let mut pos = Position::new();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for uci in ucis.iter().take(PLIES) {
        let Ok(m) = UciMove::from_ascii(uci.as_bytes()).and_then(|u| u.to_move(&pos)) else {
            break;
        };
        let k = key(&pos);
        if seen.insert(k) {
            out.push((k, m.to_uci()));
        }
        pos.play_unchecked(m);
    }
    Some((tally, out))
}

/// A row of [`BACKFILL_PG`]: game id, result, start FEN, one move (UCI).
pub type MoveOfGame = (String, Option<String>, Option<String>, String);

/// A game gathered from such rows: id, result, start FEN, its moves.
type GameMoves = (String, Option<String>, Option<String>, Vec<String>);

/// Groups rows of (game id, result, start FEN, uci), in game then ply order, into
/// games and calls `each` with the entries of every game that has some.
pub fn for_each_game<E>(
    rows: impl IntoIterator<Item = Result<MoveOfGame, E>>,
    mut each: impl FnMut(Tally, Vec<(i64, String)>) -> Result<(), E>,
) -> Result<(), E> {
    let mut current: Option<GameMoves> = None;
    let mut flush = |g: Option<GameMoves>| match g
        .and_then(|(_, r, f, u)| entries(r.as_deref(), f.as_deref(), &u))
    {
        Some((t, e)) => each(t, e),
        None => Ok(()),
    };
    for row in rows {
        let (id, result, fen, uci) = row?;
        match &mut current {
            Some(g) if g.0 == id => g.3.push(uci),
            _ => {
                flush(current.take())?;
                current = Some((id, result, fen, vec![uci]));
            }
        }
    }
    flush(current)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ucis(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn a_finished_game_adds_each_position_once_with_its_result() {
        // Knights out and back: the start position is reached again at ply 4.
        let (t, e) = entries(Some("0-1"), None, &ucis("g1f3 g8f6 f3g1 f6g8 e2e4")).unwrap();
        assert_eq!(
            t,
            Tally {
                white: 0,
                draws: 0,
                black: 1
            }
        );
        let start = key(&Position::new());
        assert_eq!(e.len(), 4);
        assert_eq!(e[0], (start, "g1f3".to_string()));
        assert!(!e[1..].iter().any(|(k, _)| *k == start));
    }

    #[test]
    fn no_result_or_another_start_adds_nothing() {
        assert!(entries(Some("*"), None, &ucis("e2e4")).is_none());
        assert!(entries(None, None, &ucis("e2e4")).is_none());
        let kqk = "8/8/8/8/8/8/8/KQ5k w - - 0 1";
        assert!(entries(Some("1-0"), Some(kqk), &ucis("b1b2")).is_none());
        let start = Position::new().fen();
        assert!(entries(Some("1-0"), Some(&start), &ucis("e2e4")).is_some());
    }

    #[test]
    fn only_the_first_fifty_plies_count_and_a_bad_move_ends_the_line() {
        // A 60-ply line that never repeats a position: each ply the first legal move
        // that leads somewhere new.
        let mut pos = Position::new();
        let mut seen = HashSet::from([key(&pos)]);
        let mut line = Vec::new();
        while line.len() < 60 {
            let m = *pos
                .legal_moves()
                .iter()
                .find(|m| seen.insert(key(&pos.after(**m))))
                .expect("a new position is one move away");
            line.push(m.to_uci());
            pos.play_unchecked(m);
        }
        let (_, e) = entries(Some("1/2-1/2"), None, &line).unwrap();
        assert_eq!(e.len(), PLIES);
        assert_eq!(e[PLIES - 1].1, line[PLIES - 1]);
        let (_, e) = entries(Some("1-0"), None, &ucis("e2e4 e2e4 d7d5")).unwrap();
        assert_eq!(e.len(), 1);
    }
}

#[cfg(test)]
mod store_tests {
    use super::*;
    use crate::clock::TimeControl;
    use crate::game::{Change, Ending, MoveRecord, Record, Seats, SecretHash, Standing};
    use crate::protocol::{Mode, Status};
    use crate::store::{Store, Write, MIGRATIONS};
    use guoxiang_core::{Color, Outcome, WinReason};

    fn record(id: &str) -> Record {
        Record {
            id: id.into(),
            created_at: 1,
            mode: Mode::Friend,
            level: None,
            computer: None,
            control: TimeControl::untimed(),
            seats: Seats([Some(SecretHash::of("w")), Some(SecretHash::of("b"))]),
            join_key: None,
            start: None,
            status: Status::Active,
            ending: None,
            clocks: [0, 0],
            finished_at: None,
            standing: Standing::default(),
            turn_since: None,
            after: Default::default(),
            berserk: Default::default(),
        }
    }

    fn moved(id: &str, ply: u64, uci: &str) -> Write {
        Write::Change {
            id: id.into(),
            change: Change::Moved(MoveRecord {
                ply,
                uci: uci.into(),
                san: uci.into(),
                clocks: [0, 0],
                at: 1,
            }),
        }
    }

    fn finished(id: &str, ending: Ending) -> Write {
        Write::Change {
            id: id.into(),
            change: Change::Finished {
                ending,
                clocks: [0, 0],
                at: 2,
            },
        }
    }

    const WHITE_RESIGNS: Ending = Ending::Outcome(Outcome::Decisive {
        winner: Color::Black,
        reason: WinReason::Resignation,
    });

    async fn game(s: &Store, id: &str, ucis: &[&str], ending: Option<Ending>) {
        let mut w = vec![Write::Create(Box::new(record(id)))];
        for (i, u) in ucis.iter().enumerate() {
            w.push(moved(id, i as u64 + 1, u));
        }
        w.extend(ending.map(|e| finished(id, e)));
        s.write_all(w).await.expect("stored");
    }

    async fn rows(s: &Store, ucis: &[&str]) -> Vec<(String, Tally)> {
        let mut pos = Position::new();
        for u in ucis {
            pos.play_unchecked(pos.parse_uci(u).expect("legal"));
        }
        let mut r: Vec<_> = s
            .explorer(&pos)
            .await
            .expect("read")
            .into_iter()
            .map(|r| (r.uci, r.tally))
            .collect();
        r.sort_by(|a, b| a.0.cmp(&b.0));
        r
    }

    fn t(white: i64, draws: i64, black: i64) -> Tally {
        Tally {
            white,
            draws,
            black,
        }
    }

    fn temp(tag: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("gx-explorer-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[tokio::test]
    async fn a_game_is_indexed_when_its_result_is_stored_and_only_then() {
        let dir = temp("finish");
        let s = Store::open(None, &dir).expect("open");
        game(&s, "a", &["e2e4", "e7e5", "g1f3"], Some(WHITE_RESIGNS)).await;
        game(&s, "b", &["e2e4", "c7c5"], None).await;
        assert_eq!(rows(&s, &[]).await, [("e2e4".to_string(), t(0, 0, 1))]);
        assert_eq!(
            rows(&s, &["e2e4"]).await,
            [("e7e5".to_string(), t(0, 0, 1))]
        );
        // b ends in a draw: now indexed; an aborted game never is.
        let draw = Ending::AbandonmentDraw;
        s.write(finished("b", draw)).await.expect("finish b");
        game(&s, "c", &["d2d4"], Some(Ending::Aborted)).await;
        assert_eq!(
            rows(&s, &["e2e4"]).await,
            [
                ("c7c5".to_string(), t(0, 1, 0)),
                ("e7e5".to_string(), t(0, 0, 1))
            ]
        );
        assert_eq!(rows(&s, &[]).await, [("e2e4".to_string(), t(0, 1, 1))]);
        // A result stored again for a finished game does not count it twice.
        s.write(finished("a", WHITE_RESIGNS)).await.expect("again");
        assert_eq!(rows(&s, &[]).await, [("e2e4".to_string(), t(0, 1, 1))]);
        drop(s);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[tokio::test]
    async fn the_migration_indexes_the_games_finished_before_it_once() {
        let dir = temp("backfill");
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("guoxiang.sqlite3");
        {
            // A database of version 3 with a finished game, an unfinished one and one
            // from a custom position.
            let c = rusqlite::Connection::open(&path).expect("open");
            c.execute_batch(
                "CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL);
                 INSERT INTO schema_migrations VALUES (1, 0), (2, 0), (3, 0);",
            )
            .expect("schema table");
            for (_, sql) in &MIGRATIONS[..3] {
                c.execute_batch(sql).expect("old migration");
            }
            let kqk = "8/8/8/8/8/8/8/KQ5k w - - 0 1";
            for (id, status, result, fen, moves) in [
                (
                    "f",
                    "finished",
                    Some("1-0"),
                    None,
                    &["d2d4", "d7d5", "c2c4"][..],
                ),
                ("u", "active", None, None, &["d2d4", "g8f6"][..]),
                ("k", "finished", Some("1-0"), Some(kqk), &["b1b2"][..]),
            ] {
                c.execute(
                    "INSERT INTO games (id, created_at, mode, time_control, status, result, \
                     white_ms, black_ms, start_fen) VALUES (?1, 1, 'friend', '{}', ?2, ?3, 0, 0, ?4)",
                    rusqlite::params![id, status, result, fen],
                )
                .expect("an old game");
                for (i, u) in moves.iter().enumerate() {
                    c.execute(
                        "INSERT INTO moves (game_id, ply, uci, san, white_ms, black_ms, played_at) \
                         VALUES (?1, ?2, ?3, ?3, 0, 0, 0)",
                        rusqlite::params![id, i as i64 + 1, u],
                    )
                    .expect("an old move");
                }
            }
        }
        for _ in 0..2 {
            let s = Store::open(None, &dir).expect("migrates");
            assert_eq!(rows(&s, &[]).await, [("d2d4".to_string(), t(1, 0, 0))]);
            assert_eq!(
                rows(&s, &["d2d4", "d7d5"]).await,
                [("c2c4".to_string(), t(1, 0, 0))]
            );
            assert_eq!(
                rows(&s, &["d2d4"]).await,
                [("d7d5".to_string(), t(1, 0, 0))]
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
