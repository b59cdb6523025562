//! The PostgreSQL backend (`--db postgres://user:password@host/db`): the same
//! migrations and queries as SQLite, with `$n` placeholders. Each write is one
//! prepared statement (one round trip); a group commit is one transaction, and
//! if one of its writes fails (a duplicate ply, say) the group is redone one
//! write per transaction so that the others stand. Plain TCP (no TLS yet).

use super::explorer::{self, ExplorerRow, Tally};
use super::rows::{
    barred_code, color_code, hashed, ms, notice_code, GAME_COLUMNS, PLAIN_SECRETS, READ_COLUMNS,
    READ_COLUMN_COUNT,
};
use super::{unix_ms, Backend, GameRow, MoveRow, StoreError, Write, MIGRATIONS};
use crate::game::Change;
use postgres::{Client, GenericClient, NoTls, Row, Statement};

pub struct Postgres {
    pub(super) client: Client,
    /// The writes, prepared once: each is one round trip.
    stmts: Option<Stmts>,
    /// The explorer's query, prepared on first use (reader).
    explorer: Option<Statement>,
}

struct Stmts {
    create: Statement,
    join_white: Statement,
    join_black: Statement,
    append: Statement,
    truncate: Statement,
    standing: Statement,
    resumed: Statement,
    finish: Statement,
    alive: Statement,
    after: Statement,
    status_of: Statement,
    first_moves: Statement,
    upsert: Statement,
    /// The lease check of every fenced write (each move with several processes).
    fence: Statement,
}

fn prepare(c: &mut Client) -> Result<Stmts, postgres::Error> {
    Ok(Stmts {
        create: c.prepare(&format!(
            "INSERT INTO games ({GAME_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, \
             $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)"
        ))?,
        join_white: c.prepare("UPDATE games SET status = 'active', white_secret = $2 WHERE id = $1")?,
        join_black: c.prepare("UPDATE games SET status = 'active', black_secret = $2 WHERE id = $1")?,
        append: c.prepare(
            "WITH m AS (INSERT INTO moves (game_id, ply, uci, san, white_ms, black_ms, played_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)) \
             UPDATE games SET white_ms = $5, black_ms = $6, turn_since = $7 WHERE id = $1",
        )?,
        truncate: c.prepare(
            "WITH d AS (DELETE FROM moves WHERE game_id = $1 AND ply > $2) \
             UPDATE games SET white_ms = $3, black_ms = $4, turn_since = $5 WHERE id = $1",
        )?,
        standing: c.prepare(
            "UPDATE games SET draw_offer = $2, draw_barred = $3, takeback_request = $4 WHERE id = $1",
        )?,
        resumed: c.prepare("UPDATE games SET turn_since = $2 WHERE id = $1")?,
        finish: c.prepare(
            "UPDATE games SET status = 'finished', result = $2, reason = $3, white_ms = $4, \
             black_ms = $5, finished_at = $6, draw_offer = NULL, draw_barred = NULL, \
             takeback_request = NULL WHERE id = $1",
        )?,
        alive: c.prepare(
            "INSERT INTO server_alive (id, at) VALUES (1, $1) \
             ON CONFLICT (id) DO UPDATE SET at = excluded.at",
        )?,
        after: c.prepare(
            "UPDATE games SET rematch_offer = $2, rematch_next = $3, notice = $4 WHERE id = $1",
        )?,
        status_of: c.prepare("SELECT status, start_fen FROM games WHERE id = $1")?,
        first_moves: c.prepare(
            "SELECT uci FROM moves WHERE game_id = $1 AND ply <= $2 ORDER BY ply",
        )?,
        upsert: c.prepare(explorer::UPSERT_PG)?,
        fence: c.prepare(super::leases::FENCE_PG)?,
    })
}

fn db(e: postgres::Error) -> StoreError {
    StoreError::Database(describe(&e))
}

fn describe(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(d) => format!("{} ({})", d.message(), d.code().code()),
        None => e.to_string(),
    }
}

/// An arbitrary key for the advisory lock that serialises migrations.
const MIGRATION_LOCK: i64 = 0x6775_6f78_6961_6e67;

/// The writer's and the reader's connections, after migrating.
pub fn open_pair(url: &str) -> Result<(Postgres, Postgres), StoreError> {
    let mut writer = Client::connect(url, NoTls).map_err(db)?;
    migrate(&mut writer)?;
    let stmts = prepare(&mut writer).map_err(db)?;
    let reader = Client::connect(url, NoTls).map_err(db)?;
    Ok((
        Postgres {
            client: writer,
            stmts: Some(stmts),
            explorer: None,
        },
        Postgres {
            client: reader,
            stmts: None,
            explorer: None,
        },
    ))
}

/// One connection, after migrating (a worker's: it may start before any server).
pub fn connect_migrated(url: &str) -> Result<Client, StoreError> {
    let mut c = Client::connect(url, NoTls).map_err(db)?;
    migrate(&mut c)?;
    Ok(c)
}

fn migrate(c: &mut Client) -> Result<(), StoreError> {
    // Several servers may start at once on one database: one migrates at a time.
    c.execute("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK])
        .map_err(db)?;
    let r = migrate_locked(c);
    let _ = c.execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK]);
    r
}

fn migrate_locked(c: &mut Client) -> Result<(), StoreError> {
    c.batch_execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL)",
    )
    .map_err(db)?;
    for (version, sql) in MIGRATIONS {
        let mut tx = c.transaction().map_err(db)?;
        let done = tx
            .query_opt(
                "SELECT version FROM schema_migrations WHERE version = $1",
                &[version],
            )
            .map_err(db)?;
        if done.is_none() {
            tx.batch_execute(sql).map_err(db)?;
            if *version == explorer::VERSION {
                backfill(&mut tx).map_err(db)?;
            }
            tx.execute(
                "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)",
                &[version, &unix_ms()],
            )
            .map_err(db)?;
        }
        tx.commit().map_err(db)?;
    }
    hash_plain_secrets(c)
}

/// Indexes every game finished before the explorer existed (in the migration's
/// transaction, so it happens once, with the migration's record).
fn backfill(tx: &mut postgres::Transaction<'_>) -> Result<(), postgres::Error> {
    let rows = tx.query(explorer::BACKFILL_PG, &[])?;
    let upsert = tx.prepare(explorer::UPSERT_PG)?;
    let rows = rows
        .iter()
        .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?)));
    explorer::for_each_game(rows, |tally, entries| {
        upsert_all(tx, &upsert, tally, &entries)
    })
}

fn upsert_all(
    c: &mut impl GenericClient,
    upsert: &Statement,
    t: Tally,
    entries: &[(i64, String)],
) -> Result<(), postgres::Error> {
    for (key, uci) in entries {
        c.execute(upsert, &[key, uci, &t.white, &t.draws, &t.black])?;
    }
    Ok(())
}

/// Replaces secrets and join keys stored in plain text (before version 2) by
/// their hashes.
fn hash_plain_secrets(c: &mut Client) -> Result<(), StoreError> {
    let mut tx = c.transaction().map_err(db)?;
    let rows = tx.query(PLAIN_SECRETS, &[]).map_err(db)?;
    for r in rows {
        let id: String = r.try_get(0).map_err(db)?;
        let w: Option<String> = r.try_get(1).map_err(db)?;
        let b: Option<String> = r.try_get(2).map_err(db)?;
        let k: Option<String> = r.try_get(3).map_err(db)?;
        tx.execute(
            "UPDATE games SET white_secret = $2, black_secret = $3, join_key = $4 WHERE id = $1",
            &[&id, &hashed(w), &hashed(b), &hashed(k)],
        )
        .map_err(db)?;
    }
    tx.commit().map_err(db)
}

fn game_row(r: &Row) -> Result<GameRow, postgres::Error> {
    Ok(GameRow {
        id: r.try_get(0)?,
        created_at: r.try_get(1)?,
        mode: r.try_get(2)?,
        level: r.try_get(3)?,
        computer_color: r.try_get(4)?,
        time_control: r.try_get(5)?,
        white_secret: r.try_get(6)?,
        black_secret: r.try_get(7)?,
        status: r.try_get(8)?,
        result: r.try_get(9)?,
        reason: r.try_get(10)?,
        white_ms: r.try_get(11)?,
        black_ms: r.try_get(12)?,
        finished_at: r.try_get(13)?,
        start_fen: r.try_get(14)?,
        join_key: r.try_get(15)?,
        draw_offer: r.try_get(16)?,
        draw_barred: r.try_get(17)?,
        takeback_request: r.try_get(18)?,
        turn_since: r.try_get(19)?,
        rematch_offer: r.try_get(20)?,
        rematch_next: r.try_get(21)?,
        notice: r.try_get(22)?,
        berserk_allowed: r.try_get(23)?,
        berserk: r.try_get(24)?,
    })
}

fn moves_of(c: &mut Client, id: &str) -> Result<Vec<MoveRow>, postgres::Error> {
    c.query(
        "SELECT ply, uci, san, white_ms, black_ms, played_at FROM moves WHERE game_id = $1 ORDER BY ply",
        &[&id],
    )?
    .iter()
    .map(|r| {
        Ok(MoveRow {
            ply: r.try_get(0)?,
            uci: r.try_get(1)?,
            san: r.try_get(2)?,
            white_ms: r.try_get(3)?,
            black_ms: r.try_get(4)?,
            played_at: r.try_get(5)?,
        })
    })
    .collect()
}

fn apply(c: &mut impl GenericClient, st: &Stmts, w: &Write) -> Result<(), postgres::Error> {
    match w {
        Write::Create(r) => {
            let g = GameRow::from_record(r);
            c.execute(
                &st.create,
                &[
                    &g.id,
                    &g.created_at,
                    &g.mode,
                    &g.level,
                    &g.computer_color,
                    &g.time_control,
                    &g.white_secret,
                    &g.black_secret,
                    &g.status,
                    &g.result,
                    &g.reason,
                    &g.white_ms,
                    &g.black_ms,
                    &g.finished_at,
                    &g.start_fen,
                    &g.join_key,
                    &g.draw_offer,
                    &g.draw_barred,
                    &g.takeback_request,
                    &g.turn_since,
                    &g.berserk_allowed,
                    &g.berserk,
                ],
            )?;
        }
        Write::Alive { at } => {
            c.execute(&st.alive, &[at])?;
        }
        Write::Change { id, change } => apply_change(c, st, id, change)?,
        Write::PuzzleRating(r) => super::puzzles::upsert_postgres(c, r)?,
        Write::Review(r) => super::reviews::apply_postgres(c, r)?,
        Write::Account(w) => super::accounts::apply_postgres(c, w)?,
        Write::Competition(w) => super::competition::apply_postgres(c, w)?,
        Write::Lobby(w) => super::lobby::apply_postgres(c, w)?,
        Write::Tournament(w) => super::tournaments::apply_postgres(c, w)?,
        Write::Lease(w) => super::leases::apply(&mut super::competition::db::Pg(c), w)?,
        Write::Job(w) => super::jobs::apply_postgres(c, w)?,
        Write::Fenced { fence, inner } => {
            // No row (the lease is another's now) is an error: nothing is written.
            c.query_one(&st.fence, &[&fence.game, &fence.owner, &fence.token])?;
            apply(c, st, inner)?;
        }
    }
    Ok(())
}

fn apply_change(
    c: &mut impl GenericClient,
    st: &Stmts,
    id: &String,
    change: &Change,
) -> Result<(), postgres::Error> {
    match change {
        Change::Joined { color, secret } => {
            let s = if *color == guoxiang_core::Color::White {
                &st.join_white
            } else {
                &st.join_black
            };
            c.execute(s, &[id, &secret.to_stored()])?;
        }
        Change::Moved(m) => {
            let mv = MoveRow::from_record(m);
            c.execute(
                &st.append,
                &[
                    id,
                    &mv.ply,
                    &mv.uci,
                    &mv.san,
                    &mv.white_ms,
                    &mv.black_ms,
                    &mv.played_at,
                ],
            )?;
        }
        Change::TakenBack { keep, clocks, at } => {
            c.execute(
                &st.truncate,
                &[id, &ms(*keep), &ms(clocks[0]), &ms(clocks[1]), at],
            )?;
        }
        Change::Standing(s) => {
            c.execute(
                &st.standing,
                &[
                    id,
                    &s.draws.standing.map(color_code),
                    &barred_code(s.draws.barred),
                    &s.takeback.map(color_code),
                ],
            )?;
        }
        Change::Resumed { since } => {
            c.execute(&st.resumed, &[id, since])?;
        }
        Change::Finished { ending, clocks, at } => {
            // Inside the group's transaction (or its own, when the group is redone
            // write by write): the result and the index entries stand or fall together.
            let before = c.query_opt(&st.status_of, &[id])?;
            c.execute(
                &st.finish,
                &[
                    id,
                    &ending.result().as_str(),
                    &ending.reason_code(),
                    &ms(clocks[0]),
                    &ms(clocks[1]),
                    at,
                ],
            )?;
            let Some(before) = before else {
                return Ok(());
            };
            let status: String = before.try_get(0)?;
            if status == "finished" {
                // Already in the index.
                return Ok(());
            }
            let start_fen: Option<String> = before.try_get(1)?;
            let ucis = c
                .query(&st.first_moves, &[id, &(explorer::PLIES as i64)])?
                .iter()
                .map(|r| r.try_get(0))
                .collect::<Result<Vec<String>, _>>()?;
            let result = ending.result().as_str();
            if let Some((tally, entries)) =
                explorer::entries(Some(result), start_fen.as_deref(), &ucis)
            {
                upsert_all(c, &st.upsert, tally, &entries)?;
            }
        }
        Change::After(a) => {
            c.execute(
                &st.after,
                &[
                    id,
                    &a.rematch.offer.map(color_code),
                    &a.rematch.next,
                    &notice_code(a.notice),
                ],
            )?;
        }
        Change::Berserk { .. } => super::berserk::apply_postgres(c, id, change)?,
    }
    Ok(())
}

impl Backend for Postgres {
    fn apply(&mut self, writes: &[&Write]) -> Result<Vec<Result<(), String>>, String> {
        let Some(st) = &self.stmts else {
            return Err("this connection is not the writer".into());
        };
        // The whole batch in one transaction; if any write fails (which the game
        // tasks never cause), the batch is redone one write per transaction so
        // that each gets its own answer.
        let all = (|| -> Result<(), postgres::Error> {
            let mut tx = self.client.transaction()?;
            for w in writes {
                apply(&mut tx, st, w)?;
            }
            tx.commit()
        })();
        if all.is_ok() {
            return Ok(vec![Ok(()); writes.len()]);
        }
        let mut results = Vec::with_capacity(writes.len());
        for w in writes {
            let one = (|| -> Result<(), postgres::Error> {
                let mut tx = self.client.transaction()?;
                apply(&mut tx, st, w)?;
                tx.commit()
            })();
            results.push(one.map_err(|e| describe(&e)));
        }
        Ok(results)
    }

    fn game(&mut self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, StoreError> {
        let row = self
            .client
            .query_opt(
                &format!("SELECT {READ_COLUMNS} FROM games WHERE id = $1"),
                &[&id],
            )
            .map_err(db)?;
        let Some(row) = row else {
            return Ok(None);
        };
        let g = game_row(&row).map_err(db)?;
        let moves = moves_of(&mut self.client, id).map_err(db)?;
        Ok(Some((g, moves)))
    }

    fn unfinished(&mut self) -> Result<Vec<(GameRow, Vec<MoveRow>)>, StoreError> {
        let rows = self
            .client
            .query(
                &format!("SELECT {READ_COLUMNS} FROM games WHERE status <> 'finished'"),
                &[],
            )
            .map_err(db)?;
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            let g = game_row(&r).map_err(db)?;
            let m = moves_of(&mut self.client, &g.id).map_err(db)?;
            out.push((g, m));
        }
        Ok(out)
    }

    fn finished(
        &mut self,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<(GameRow, i64)>, i64), StoreError> {
        let total: i64 = self
            .client
            .query_one("SELECT COUNT(*) FROM games WHERE status = 'finished'", &[])
            .and_then(|r| r.try_get(0))
            .map_err(db)?;
        let rows = self
            .client
            .query(
                &format!(
                    "SELECT {READ_COLUMNS}, (SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id) \
                     FROM games WHERE status = 'finished' ORDER BY finished_at DESC, id LIMIT $1 OFFSET $2"
                ),
                &[&limit, &offset],
            )
            .map_err(db)?;
        let out = rows
            .iter()
            .map(|r| Ok((game_row(r)?, r.try_get(READ_COLUMN_COUNT)?)))
            .collect::<Result<Vec<_>, postgres::Error>>()
            .map_err(db)?;
        Ok((out, total))
    }

    fn mine(&mut self, hashes: &[String], limit: i64) -> Result<Vec<(GameRow, i64)>, StoreError> {
        let rows = self
            .client
            .query(
                &format!(
                    "SELECT {READ_COLUMNS}, (SELECT COUNT(*) FROM moves m WHERE m.game_id = games.id) \
                     FROM games WHERE white_secret = ANY($1) OR black_secret = ANY($1) \
                     ORDER BY created_at DESC, id LIMIT $2"
                ),
                &[&hashes, &limit],
            )
            .map_err(db)?;
        rows.iter()
            .map(|r| Ok((game_row(r)?, r.try_get(READ_COLUMN_COUNT)?)))
            .collect::<Result<Vec<_>, postgres::Error>>()
            .map_err(db)
    }

    fn first_moves(
        &mut self,
        ids: &[String],
        plies: i64,
    ) -> Result<Vec<(String, String)>, StoreError> {
        self.client
            .query(
                "SELECT game_id, uci FROM moves WHERE game_id = ANY($1) AND ply <= $2 \
                 ORDER BY game_id, ply",
                &[&ids, &plies],
            )
            .map_err(db)?
            .iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect::<Result<Vec<_>, postgres::Error>>()
            .map_err(db)
    }

    fn alive_at(&mut self) -> Result<Option<i64>, StoreError> {
        let row = self
            .client
            .query_opt("SELECT at FROM server_alive WHERE id = 1", &[])
            .map_err(db)?;
        row.map(|r| r.try_get(0)).transpose().map_err(db)
    }

    fn explorer(&mut self, key: i64) -> Result<Vec<ExplorerRow>, StoreError> {
        let query = match &self.explorer {
            Some(q) => q.clone(),
            None => {
                let q = self.client.prepare(explorer::QUERY_PG).map_err(db)?;
                self.explorer = Some(q.clone());
                q
            }
        };
        self.client
            .query(&query, &[&key])
            .map_err(db)?
            .iter()
            .map(|r| {
                Ok(ExplorerRow {
                    uci: r.try_get(0)?,
                    tally: Tally {
                        white: r.try_get(1)?,
                        draws: r.try_get(2)?,
                        black: r.try_get(3)?,
                    },
                })
            })
            .collect::<Result<Vec<_>, postgres::Error>>()
            .map_err(db)
    }

    fn all_moves(&mut self) -> Result<Vec<(String, i64, String)>, StoreError> {
        self.client
            .query(
                "SELECT game_id, ply, uci FROM moves ORDER BY game_id, ply",
                &[],
            )
            .map_err(db)?
            .iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)))
            .collect::<Result<Vec<_>, postgres::Error>>()
            .map_err(db)
    }
}
