//! Games between accounts and ratings (migration 8): who holds each seat of an
//! account game, whether it is rated, its speed class and tournament, and once
//! rated both ratings before and after (`game_players`); each user's Glicko-2
//! rating and ladder rank per speed class (`ratings`), one history point per
//! rated game (`rating_history`), and the server's keys (`server_keys`: the key
//! from which every process derives the seat secrets of account games).
//!
//! Rating a game is one write ([`CompetitionWrite::Rate`]) applied in the writer's
//! transaction: it first *claims* the game (`UPDATE … SET rated_at WHERE rated_at
//! IS NULL`: the row lock makes a second process's claim find 0 rows, so a game is
//! never rated twice), then reads both ratings (`FOR UPDATE` on PostgreSQL, in
//! user-id order), computes with [`crate::competition::rate`] and writes. The same
//! SQL serves SQLite and PostgreSQL through the small [`Db`] layer below; both
//! backends implement [`CompetitionStore`] here.

use crate::competition::rate::{self, Held};
use db::{Arg, Db, Get, Pg};
use postgres::GenericClient;

/// The small layer that lets one query run on both databases.
#[path = "competition/db.rs"]
pub(super) mod db;
/// The reads (profile, history, games, keys) and [`CompetitionStore`].
#[path = "competition/reads.rs"]
mod reads;

pub(crate) use reads::CompetitionStore;

/// The migration that creates the tables.
pub const VERSION: i64 = 8;

/// The migration's schema (the same SQL on SQLite and PostgreSQL).
pub const SCHEMA: &str = "CREATE TABLE game_players (
        game_id TEXT PRIMARY KEY REFERENCES games(id),
        white_user TEXT NOT NULL REFERENCES users(id),
        black_user TEXT NOT NULL REFERENCES users(id),
        rated INTEGER NOT NULL,
        speed TEXT,
        tournament_id TEXT,
        created_at BIGINT NOT NULL,
        rated_at BIGINT,
        white_before DOUBLE PRECISION,
        white_after DOUBLE PRECISION,
        black_before DOUBLE PRECISION,
        black_after DOUBLE PRECISION
    );
    CREATE INDEX game_players_by_white ON game_players (white_user, created_at);
    CREATE INDEX game_players_by_black ON game_players (black_user, created_at);
    CREATE TABLE ratings (
        user_id TEXT NOT NULL REFERENCES users(id),
        speed TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        rd DOUBLE PRECISION NOT NULL,
        vol DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        rank TEXT NOT NULL,
        last_at BIGINT,
        PRIMARY KEY (user_id, speed)
    );
    CREATE TABLE rating_history (
        user_id TEXT NOT NULL REFERENCES users(id),
        speed TEXT NOT NULL,
        game_id TEXT NOT NULL REFERENCES games(id),
        at BIGINT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        rd DOUBLE PRECISION NOT NULL,
        rank TEXT NOT NULL,
        PRIMARY KEY (user_id, game_id)
    );
    CREATE INDEX rating_history_by_user ON rating_history (user_id, speed, at);
    CREATE TABLE server_keys (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );";

/// Who plays an account game (a new `game_players` row).
#[derive(Debug, Clone, PartialEq)]
pub struct NewPlayers {
    pub game_id: String,
    pub white_user: String,
    pub black_user: String,
    pub rated: bool,
    /// `None` for a game without a clock (never rated).
    pub speed: Option<String>,
    pub tournament_id: Option<String>,
    pub created_at: i64,
}

/// An account game's players as read, with their names and, once rated, both
/// ratings before and after the game.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayersRow {
    pub game_id: String,
    pub white_user: String,
    pub black_user: String,
    pub white_name: String,
    pub black_name: String,
    pub rated: bool,
    pub speed: Option<String>,
    pub tournament_id: Option<String>,
    pub created_at: i64,
    pub rated_at: Option<i64>,
    /// White's, then Black's rating before and after the game, once rated.
    pub white: Option<(f64, f64)>,
    pub black: Option<(f64, f64)>,
}

/// One user's rating in one speed class.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingRow {
    pub speed: String,
    pub rating: f64,
    pub rd: f64,
    pub vol: f64,
    pub games: i64,
    /// The ladder rank's code ("10k" … "7d").
    pub rank: String,
    pub last_at: Option<i64>,
}

/// A point of a user's rating history (after a rated game).
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryRow {
    pub speed: String,
    pub game_id: String,
    pub at: i64,
    pub rating: f64,
    pub rd: f64,
    pub rank: String,
}

/// Which of a user's games to list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameFilter {
    /// A speed code, or every speed.
    pub speed: Option<String>,
    /// `win`, `loss` or `draw` from the user's side, or any result.
    pub result: Option<String>,
    pub rated: Option<bool>,
}

/// One of a user's games in a list: the players, the game's status and result.
#[derive(Debug, Clone, PartialEq)]
pub struct UserGameRow {
    pub players: PlayersRow,
    pub status: String,
    /// `1-0`, `0-1`, `1/2-1/2`, `*`; `None` while it is played.
    pub result: Option<String>,
    pub reason: Option<String>,
    pub finished_at: Option<i64>,
}

/// A user's counts of account games.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub games: i64,
    pub rated: i64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
}

/// A write of this module (one [`super::Write`] case).
#[derive(Debug, Clone)]
pub enum CompetitionWrite {
    /// The players of a new account game.
    Players(NewPlayers),
    /// Rate the finished game (once: nothing when it is not rated, not finished
    /// with a result, or rated already).
    Rate { game_id: String, at: i64 },
    /// Keep `value` as the key `name` unless one is kept already.
    Key { name: String, value: String },
}

const INSERT_PLAYERS: &str = "INSERT INTO game_players \
    (game_id, white_user, black_user, rated, speed, tournament_id, created_at) \
    VALUES ($1, $2, $3, $4, $5, $6, $7)";

/// The claim: only the first rating of a rated, finished, decided-or-drawn game
/// changes a row.
const CLAIM: &str = "UPDATE game_players SET rated_at = $2 \
    WHERE game_id = $1 AND rated = 1 AND rated_at IS NULL AND speed IS NOT NULL \
    AND EXISTS (SELECT 1 FROM games g WHERE g.id = $1 AND g.status = 'finished' \
    AND g.result IN ('1-0', '0-1', '1/2-1/2'))";

const NEW_RATING: &str =
    "INSERT INTO ratings (user_id, speed, rating, rd, vol, games, rank, last_at) \
    VALUES ($1, $2, $3, $4, $5, 0, $6, NULL) ON CONFLICT DO NOTHING";

const RATING_COLUMNS: &str = "speed, rating, rd, vol, games, rank, last_at";

const SET_RATING: &str = "UPDATE ratings SET rating = $3, rd = $4, vol = $5, games = $6, \
    rank = $7, last_at = $8 WHERE user_id = $1 AND speed = $2";

const HISTORY: &str = "INSERT INTO rating_history (user_id, speed, game_id, at, rating, rd, rank) \
    VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING";

const SET_CHANGES: &str = "UPDATE game_players SET white_before = $2, white_after = $3, \
    black_before = $4, black_after = $5 WHERE game_id = $1";

fn rating_row<E>(r: &dyn Get<E>) -> Result<RatingRow, E> {
    Ok(RatingRow {
        speed: r.text(0)?,
        rating: r.real(1)?,
        rd: r.real(2)?,
        vol: r.real(3)?,
        games: r.big(4)?,
        rank: r.text(5)?,
        last_at: r.opt_big(6)?,
    })
}

/// Rates game `game_id` if it is its first rating (see the module's text).
fn rate_game<D: Db>(db: &mut D, game_id: &str, at: i64) -> Result<(), D::E> {
    let id = Arg::Text(game_id.to_string());
    if db.exec(CLAIM, &[id.clone(), Arg::Big(at)])? == 0 {
        return Ok(());
    }
    let sql = "SELECT gp.white_user, gp.black_user, gp.speed, g.result FROM game_players gp \
        JOIN games g ON g.id = gp.game_id WHERE gp.game_id = $1";
    let found = db.rows(sql, std::slice::from_ref(&id), &mut |r| {
        Ok((r.text(0)?, r.text(1)?, r.opt_text(2)?, r.opt_text(3)?))
    })?;
    let Some((white, black, Some(speed), Some(result))) = found.into_iter().next() else {
        return Ok(());
    };
    let Some(outcome) = rate::outcome_of(&result) else {
        return Ok(());
    };
    // Lock both rows in one order, so that two games rated at once never deadlock.
    let mut users = [white.clone(), black.clone()];
    users.sort();
    let fresh = Held::new_player();
    for u in &users {
        db.exec(
            NEW_RATING,
            &[
                Arg::Text(u.clone()),
                Arg::Text(speed.clone()),
                Arg::Real(fresh.rating.rating),
                Arg::Real(fresh.rating.rd),
                Arg::Real(fresh.rating.vol),
                Arg::Text(fresh.standing.rank.code().to_string()),
            ],
        )?;
    }
    let read = format!(
        "SELECT {RATING_COLUMNS} FROM ratings WHERE user_id = $1 AND speed = $2{}",
        db.for_update()
    );
    let mut held = Vec::with_capacity(2);
    for u in [&white, &black] {
        let row = db.rows(
            &read,
            &[Arg::Text(u.clone()), Arg::Text(speed.clone())],
            &mut |r| rating_row(r),
        )?;
        held.push(row.into_iter().next().map_or(fresh, |r| Held::from_row(&r)));
    }
    let (w, b) = (held[0], held[1]);
    let (w2, b2) = rate::rate_game(w, b, outcome, at);
    for (u, h) in [(&white, &w2), (&black, &b2)] {
        let rank = h.standing.rank.code().to_string();
        db.exec(
            SET_RATING,
            &[
                Arg::Text(u.clone()),
                Arg::Text(speed.clone()),
                Arg::Real(h.rating.rating),
                Arg::Real(h.rating.rd),
                Arg::Real(h.rating.vol),
                Arg::Big(i64::from(h.standing.rated_games)),
                Arg::Text(rank.clone()),
                Arg::OptBig(h.last_at),
            ],
        )?;
        db.exec(
            HISTORY,
            &[
                Arg::Text(u.clone()),
                Arg::Text(speed.clone()),
                id.clone(),
                Arg::Big(at),
                Arg::Real(h.rating.rating),
                Arg::Real(h.rating.rd),
                Arg::Text(rank),
            ],
        )?;
    }
    db.exec(
        SET_CHANGES,
        &[
            id,
            Arg::Real(w.rating.rating),
            Arg::Real(w2.rating.rating),
            Arg::Real(b.rating.rating),
            Arg::Real(b2.rating.rating),
        ],
    )?;
    Ok(())
}

fn apply<D: Db>(db: &mut D, w: &CompetitionWrite) -> Result<(), D::E> {
    match w {
        CompetitionWrite::Players(p) => {
            db.exec(
                INSERT_PLAYERS,
                &[
                    Arg::Text(p.game_id.clone()),
                    Arg::Text(p.white_user.clone()),
                    Arg::Text(p.black_user.clone()),
                    Arg::Int(i32::from(p.rated)),
                    Arg::OptText(p.speed.clone()),
                    Arg::OptText(p.tournament_id.clone()),
                    Arg::Big(p.created_at),
                ],
            )?;
        }
        CompetitionWrite::Rate { game_id, at } => rate_game(db, game_id, *at)?,
        CompetitionWrite::Key { name, value } => {
            db.exec(
                "INSERT INTO server_keys (name, value) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                &[Arg::Text(name.clone()), Arg::Text(value.clone())],
            )?;
        }
    }
    Ok(())
}

/// Applies `w` (in the writer's transaction); a rating is all or nothing.
pub(super) fn apply_sqlite(
    c: &rusqlite::Connection,
    w: &CompetitionWrite,
) -> Result<(), rusqlite::Error> {
    c.execute_batch("SAVEPOINT competition")?;
    match apply(&mut { c }, w) {
        Ok(()) => c.execute_batch("RELEASE competition"),
        Err(e) => {
            let _ = c.execute_batch("ROLLBACK TO competition; RELEASE competition");
            Err(e)
        }
    }
}

/// Applies `w` (in the writer's transaction).
pub(super) fn apply_postgres(
    c: &mut impl GenericClient,
    w: &CompetitionWrite,
) -> Result<(), postgres::Error> {
    apply(&mut Pg(c), w)
}
