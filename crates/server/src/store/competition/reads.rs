//! The competition's reads, one query text for both databases: an account game's
//! players, the server keys, a user's ratings, history, games (filtered, a page)
//! and counts, open accounts, and rated games left unrated; [`CompetitionStore`]
//! for both backends and the async [`Store`] methods over them.

use super::db::{Arg, Db, Get, Pg};
use super::{
    rating_row, Counts, GameFilter, HistoryRow, PlayersRow, RatingRow, UserGameRow, RATING_COLUMNS,
};
use crate::store::postgres::Postgres;
use crate::store::sqlite::Sqlite;
use crate::store::{Store, StoreError};

const PLAYERS_SELECT: &str = "SELECT gp.game_id, gp.white_user, gp.black_user, wu.name, bu.name, \
    gp.rated, gp.speed, gp.tournament_id, gp.created_at, gp.rated_at, gp.white_before, \
    gp.white_after, gp.black_before, gp.black_after";
const PLAYERS_FROM: &str = "FROM game_players gp JOIN users wu ON wu.id = gp.white_user \
    JOIN users bu ON bu.id = gp.black_user";

fn players_row<E>(r: &dyn Get<E>) -> Result<PlayersRow, E> {
    let pair = |a: Option<f64>, b: Option<f64>| a.zip(b);
    Ok(PlayersRow {
        game_id: r.text(0)?,
        white_user: r.text(1)?,
        black_user: r.text(2)?,
        white_name: r.text(3)?,
        black_name: r.text(4)?,
        rated: r.int(5)? != 0,
        speed: r.opt_text(6)?,
        tournament_id: r.opt_text(7)?,
        created_at: r.big(8)?,
        rated_at: r.opt_big(9)?,
        white: pair(r.opt_real(10)?, r.opt_real(11)?),
        black: pair(r.opt_real(12)?, r.opt_real(13)?),
    })
}

/// The filter's conditions ($1 the user, $2 speed or '', $3 result or '', $4
/// rated: -1 any, 0, 1).
const USER_GAMES_WHERE: &str = "(gp.white_user = $1 OR gp.black_user = $1) \
    AND ($2 = '' OR gp.speed = $2) \
    AND ($4 < 0 OR gp.rated = $4) \
    AND ($3 = '' \
      OR ($3 = 'draw' AND g.result = '1/2-1/2') \
      OR ($3 = 'win' AND ((gp.white_user = $1 AND g.result = '1-0') \
                       OR (gp.black_user = $1 AND g.result = '0-1'))) \
      OR ($3 = 'loss' AND ((gp.white_user = $1 AND g.result = '0-1') \
                        OR (gp.black_user = $1 AND g.result = '1-0'))))";

fn filter_args(user: &str, f: &GameFilter) -> Vec<Arg> {
    vec![
        Arg::Text(user.to_string()),
        Arg::Text(f.speed.clone().unwrap_or_default()),
        Arg::Text(f.result.clone().unwrap_or_default()),
        Arg::Int(f.rated.map_or(-1, i32::from)),
    ]
}

/// The reads (one implementation over [`Db`]).
fn players_of<D: Db>(db: &mut D, game_id: &str) -> Result<Option<PlayersRow>, D::E> {
    let sql = format!("{PLAYERS_SELECT} {PLAYERS_FROM} WHERE gp.game_id = $1");
    Ok(db
        .rows(&sql, &[Arg::Text(game_id.into())], &mut |r| players_row(r))?
        .into_iter()
        .next())
}

fn key_of<D: Db>(db: &mut D, name: &str) -> Result<Option<String>, D::E> {
    Ok(db
        .rows(
            "SELECT value FROM server_keys WHERE name = $1",
            &[Arg::Text(name.into())],
            &mut |r| r.text(0),
        )?
        .into_iter()
        .next())
}

fn ratings_of<D: Db>(db: &mut D, user: &str) -> Result<Vec<RatingRow>, D::E> {
    let sql = format!("SELECT {RATING_COLUMNS} FROM ratings WHERE user_id = $1 ORDER BY speed");
    db.rows(&sql, &[Arg::Text(user.into())], &mut |r| rating_row(r))
}

fn history_of<D: Db>(db: &mut D, user: &str, speed: &str) -> Result<Vec<HistoryRow>, D::E> {
    db.rows(
        "SELECT speed, game_id, at, rating, rd, rank FROM rating_history \
         WHERE user_id = $1 AND ($2 = '' OR speed = $2) ORDER BY at, game_id",
        &[Arg::Text(user.into()), Arg::Text(speed.into())],
        &mut |r| {
            Ok(HistoryRow {
                speed: r.text(0)?,
                game_id: r.text(1)?,
                at: r.big(2)?,
                rating: r.real(3)?,
                rd: r.real(4)?,
                rank: r.text(5)?,
            })
        },
    )
}

fn games_of<D: Db>(
    db: &mut D,
    user: &str,
    f: &GameFilter,
    offset: i64,
    limit: i64,
) -> Result<(Vec<UserGameRow>, i64), D::E> {
    let args = filter_args(user, f);
    let total = db
        .rows(
            &format!(
                "SELECT COUNT(*) FROM game_players gp JOIN games g ON g.id = gp.game_id \
                 WHERE {USER_GAMES_WHERE}"
            ),
            &args,
            &mut |r| r.big(0),
        )?
        .into_iter()
        .next()
        .unwrap_or(0);
    let sql = format!(
        "{PLAYERS_SELECT}, g.status, g.result, g.reason, g.finished_at {PLAYERS_FROM} \
         JOIN games g ON g.id = gp.game_id WHERE {USER_GAMES_WHERE} \
         ORDER BY gp.created_at DESC, gp.game_id LIMIT $5 OFFSET $6"
    );
    let mut all = args;
    all.push(Arg::Big(limit));
    all.push(Arg::Big(offset));
    let rows = db.rows(&sql, &all, &mut |r| {
        Ok(UserGameRow {
            players: players_row(r)?,
            status: r.text(14)?,
            result: r.opt_text(15)?,
            reason: r.opt_text(16)?,
            finished_at: r.opt_big(17)?,
        })
    })?;
    Ok((rows, total))
}

fn counts_of<D: Db>(db: &mut D, user: &str) -> Result<Counts, D::E> {
    let win =
        "(gp.white_user = $1 AND g.result = '1-0') OR (gp.black_user = $1 AND g.result = '0-1')";
    let loss =
        "(gp.white_user = $1 AND g.result = '0-1') OR (gp.black_user = $1 AND g.result = '1-0')";
    let sql = format!(
        "SELECT COUNT(*), COALESCE(SUM(CASE WHEN gp.rated = 1 THEN 1 ELSE 0 END), 0), \
         COALESCE(SUM(CASE WHEN {win} THEN 1 ELSE 0 END), 0), \
         COALESCE(SUM(CASE WHEN {loss} THEN 1 ELSE 0 END), 0), \
         COALESCE(SUM(CASE WHEN g.result = '1/2-1/2' THEN 1 ELSE 0 END), 0) \
         FROM game_players gp JOIN games g ON g.id = gp.game_id \
         WHERE gp.white_user = $1 OR gp.black_user = $1"
    );
    Ok(db
        .rows(&sql, &[Arg::Text(user.into())], &mut |r| {
            Ok(Counts {
                games: r.big(0)?,
                rated: r.big(1)?,
                wins: r.big(2)?,
                losses: r.big(3)?,
                draws: r.big(4)?,
            })
        })?
        .into_iter()
        .next()
        .unwrap_or_default())
}

/// Rated account games that ended with a result but were never rated (the
/// process stopped between the end and the rating), oldest first.
fn overdue<D: Db>(db: &mut D) -> Result<Vec<String>, D::E> {
    db.rows(
        "SELECT gp.game_id FROM game_players gp JOIN games g ON g.id = gp.game_id \
         WHERE gp.rated = 1 AND gp.rated_at IS NULL AND gp.speed IS NOT NULL \
         AND g.status = 'finished' AND g.result IN ('1-0', '0-1', '1/2-1/2') \
         ORDER BY g.finished_at, gp.game_id",
        &[],
        &mut |r| r.text(0),
    )
}

/// How many of `users` are open accounts.
fn open_users<D: Db>(db: &mut D, users: &[String]) -> Result<i64, D::E> {
    let mut n = 0;
    for u in users {
        n += db
            .rows(
                "SELECT COUNT(*) FROM users WHERE id = $1 AND closed_at IS NULL",
                &[Arg::Text(u.clone())],
                &mut |r| r.big(0),
            )?
            .into_iter()
            .sum::<i64>();
    }
    Ok(n)
}

/// What a backend does for this module (part of [`super::Backend`]).
pub(crate) trait CompetitionStore {
    fn comp_open_users(&mut self, users: &[String]) -> Result<i64, StoreError>;
    fn comp_overdue(&mut self) -> Result<Vec<String>, StoreError>;
    fn comp_players(&mut self, game_id: &str) -> Result<Option<PlayersRow>, StoreError>;
    fn comp_key(&mut self, name: &str) -> Result<Option<String>, StoreError>;
    fn comp_ratings(&mut self, user: &str) -> Result<Vec<RatingRow>, StoreError>;
    fn comp_history(&mut self, user: &str, speed: &str) -> Result<Vec<HistoryRow>, StoreError>;
    fn comp_games(
        &mut self,
        user: &str,
        f: &GameFilter,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<UserGameRow>, i64), StoreError>;
    fn comp_counts(&mut self, user: &str) -> Result<Counts, StoreError>;
}

/// Implements [`CompetitionStore`] for a backend, given how to make its [`Db`].
macro_rules! reads {
    ($t:ty, $db:expr, $err:expr) => {
        impl CompetitionStore for $t {
            fn comp_open_users(&mut self, users: &[String]) -> Result<i64, StoreError> {
                open_users(&mut $db(self), users).map_err($err)
            }
            fn comp_overdue(&mut self) -> Result<Vec<String>, StoreError> {
                overdue(&mut $db(self)).map_err($err)
            }
            fn comp_players(&mut self, game_id: &str) -> Result<Option<PlayersRow>, StoreError> {
                players_of(&mut $db(self), game_id).map_err($err)
            }
            fn comp_key(&mut self, name: &str) -> Result<Option<String>, StoreError> {
                key_of(&mut $db(self), name).map_err($err)
            }
            fn comp_ratings(&mut self, user: &str) -> Result<Vec<RatingRow>, StoreError> {
                ratings_of(&mut $db(self), user).map_err($err)
            }
            fn comp_history(
                &mut self,
                user: &str,
                speed: &str,
            ) -> Result<Vec<HistoryRow>, StoreError> {
                history_of(&mut $db(self), user, speed).map_err($err)
            }
            fn comp_games(
                &mut self,
                user: &str,
                f: &GameFilter,
                offset: i64,
                limit: i64,
            ) -> Result<(Vec<UserGameRow>, i64), StoreError> {
                games_of(&mut $db(self), user, f, offset, limit).map_err($err)
            }
            fn comp_counts(&mut self, user: &str) -> Result<Counts, StoreError> {
                counts_of(&mut $db(self), user).map_err($err)
            }
        }
    };
}

fn sqlite_db(s: &mut Sqlite) -> &rusqlite::Connection {
    &s.conn
}
fn pg_db(s: &mut Postgres) -> Pg<'_, postgres::Client> {
    Pg(&mut s.client)
}
fn db_err<E: std::fmt::Display>(e: E) -> StoreError {
    StoreError::Database(e.to_string())
}

reads!(Sqlite, sqlite_db, db_err);
reads!(Postgres, pg_db, db_err);

impl Store {
    /// How many of `users` (ids) are open accounts.
    pub async fn open_users(&self, users: Vec<String>) -> Result<i64, StoreError> {
        self.read(move |b| b.comp_open_users(&users)).await
    }

    /// Rated games that ended but were never rated, oldest first.
    pub async fn overdue_ratings(&self) -> Result<Vec<String>, StoreError> {
        self.read(|b| b.comp_overdue()).await
    }

    /// The players of account game `game_id` (`None`: not an account game).
    pub async fn game_players(&self, game_id: &str) -> Result<Option<PlayersRow>, StoreError> {
        let id = game_id.to_owned();
        self.read(move |b| b.comp_players(&id)).await
    }

    /// The server key `name`, if one is kept.
    pub async fn server_key(&self, name: &str) -> Result<Option<String>, StoreError> {
        let name = name.to_owned();
        self.read(move |b| b.comp_key(&name)).await
    }

    /// A user's ratings, one row per speed class played.
    pub async fn user_ratings(&self, user: &str) -> Result<Vec<RatingRow>, StoreError> {
        let user = user.to_owned();
        self.read(move |b| b.comp_ratings(&user)).await
    }

    /// A user's rating history in speed class `speed` (every class for `""`), oldest first.
    pub async fn rating_history(
        &self,
        user: &str,
        speed: &str,
    ) -> Result<Vec<HistoryRow>, StoreError> {
        let (user, speed) = (user.to_owned(), speed.to_owned());
        self.read(move |b| b.comp_history(&user, &speed)).await
    }

    /// A page of a user's account games, newest first, and how many match.
    pub async fn user_games(
        &self,
        user: &str,
        filter: GameFilter,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<UserGameRow>, i64), StoreError> {
        let user = user.to_owned();
        self.read(move |b| b.comp_games(&user, &filter, offset, limit))
            .await
    }

    /// A user's counts of account games.
    pub async fn user_counts(&self, user: &str) -> Result<Counts, StoreError> {
        let user = user.to_owned();
        self.read(move |b| b.comp_counts(&user)).await
    }

    /// Every finished account game of a user, oldest first, as stored (for PGN).
    pub async fn user_finished_games(
        &self,
        user: &str,
    ) -> Result<Vec<(PlayersRow, crate::store::Stored)>, StoreError> {
        let user = user.to_owned();
        self.read(move |b| {
            let filter = GameFilter::default();
            let (rows, _) = b.comp_games(&user, &filter, 0, i64::MAX / 2)?;
            let mut out = Vec::new();
            for r in rows.into_iter().rev().filter(|r| r.status == "finished") {
                if let Some(g) = b.game(&r.players.game_id)? {
                    out.push((r.players, crate::store::read_back(g)?));
                }
            }
            Ok(out)
        })
        .await
    }
}
