//! The lobby's reads (part of [`super`]): one query runner per backend
//! ([`LobbyStore`]), the whole lobby at one version, and the few lookups of the
//! actions (a seek, a claim's rows, a user's open seeks, the pool, notices).

use super::super::postgres::Postgres;
use super::super::sqlite::Sqlite;
use super::super::{Store, StoreError};
use super::{
    pg_params, LobbyGameRead, LobbyGameRow, LobbyRead, NoticeRow, PresenceRead, SeekRead, SeekRow,
    V,
};

/// A column's value as read.
#[derive(Debug, Clone)]
pub(crate) enum Cell {
    I(Option<i64>),
    S(Option<String>),
}

impl Cell {
    fn i(&self) -> i64 {
        match self {
            Cell::I(Some(x)) => *x,
            _ => 0,
        }
    }
    fn oi(&self) -> Option<i64> {
        match self {
            Cell::I(x) => *x,
            Cell::S(_) => None,
        }
    }
    fn s(&self) -> String {
        self.os().unwrap_or_default()
    }
    fn os(&self) -> Option<String> {
        match self {
            Cell::S(x) => x.clone(),
            Cell::I(_) => None,
        }
    }
}

/// What a backend does for the lobby (part of [`super::Backend`]): run a
/// query whose columns are of the kinds in `shape` (`i` integer, `s` text).
pub(crate) trait LobbyStore {
    fn lobby_query(
        &mut self,
        sql: &str,
        args: Vec<(bool, String, i64)>,
        shape: &str,
    ) -> Result<Vec<Vec<Cell>>, StoreError>;
}

/// Arguments: (is text, text, integer).
fn bind(args: Vec<(bool, String, i64)>) -> Vec<V> {
    args.into_iter()
        .map(|(t, x, i)| if t { V::S(x) } else { V::I(i) })
        .collect()
}

impl LobbyStore for Sqlite {
    fn lobby_query(
        &mut self,
        sql: &str,
        args: Vec<(bool, String, i64)>,
        shape: &str,
    ) -> Result<Vec<Vec<Cell>>, StoreError> {
        let args = bind(args);
        let params: Vec<&dyn rusqlite::ToSql> = args
            .iter()
            .map(|a| match a {
                V::S(x) => x as &dyn rusqlite::ToSql,
                V::OS(x) => x,
                V::I(x) => x,
                V::OI(x) => x,
            })
            .collect();
        let mut st = self
            .conn
            .prepare_cached(&super::super::explorer::sqlite(sql))?;
        let rows = st.query_map(params.as_slice(), |r| {
            shape
                .bytes()
                .enumerate()
                .map(|(i, k)| {
                    Ok(if k == b'i' {
                        Cell::I(r.get(i)?)
                    } else {
                        Cell::S(r.get(i)?)
                    })
                })
                .collect::<Result<Vec<_>, rusqlite::Error>>()
        })?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }
}

impl LobbyStore for Postgres {
    fn lobby_query(
        &mut self,
        sql: &str,
        args: Vec<(bool, String, i64)>,
        shape: &str,
    ) -> Result<Vec<Vec<Cell>>, StoreError> {
        let args = bind(args);
        let db = |e: postgres::Error| StoreError::Database(e.to_string());
        let rows = self.client.query(sql, &pg_params(&args)).map_err(db)?;
        rows.iter()
            .map(|r| {
                shape
                    .bytes()
                    .enumerate()
                    .map(|(i, k)| {
                        Ok(if k == b'i' {
                            Cell::I(r.try_get(i)?)
                        } else {
                            Cell::S(r.try_get(i)?)
                        })
                    })
                    .collect::<Result<Vec<_>, postgres::Error>>()
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(db)
    }
}

const SEEK_COLUMNS: &str = "s.id, s.kind, s.user_id, s.target_id, s.room, s.clock, s.rated, \
     s.color, s.rating, s.provisional, s.rank, s.min_rating, s.max_rating, s.created_at, \
     s.expires_at, u.name, t.name";
const SEEK_SHAPE: &str = "ssssssisiisiiiiss";
const SEEKS: &str = "FROM lobby_seeks s JOIN users u ON u.id = s.user_id \
     LEFT JOIN users t ON t.id = s.target_id WHERE s.claimed_by IS NULL";

fn seek_read(c: &[Cell]) -> SeekRead {
    SeekRead {
        row: SeekRow {
            id: c[0].s(),
            kind: c[1].s(),
            user_id: c[2].s(),
            target_id: c[3].os(),
            room: c[4].s(),
            clock: c[5].s(),
            rated: c[6].i() != 0,
            color: c[7].s(),
            rating: c[8].i(),
            provisional: c[9].i() != 0,
            rank: c[10].s(),
            min_rating: c[11].oi(),
            max_rating: c[12].oi(),
            created_at: c[13].i(),
            expires_at: c[14].oi(),
        },
        user_name: c[15].s(),
        target_name: c[16].os(),
    }
}

fn text(x: &str) -> (bool, String, i64) {
    (true, x.to_owned(), 0)
}

fn int(x: i64) -> (bool, String, i64) {
    (false, String::new(), x)
}

/// The whole lobby, and the notices after version `since`.
fn read_all(b: &mut dyn super::super::Backend, since: i64) -> Result<LobbyRead, StoreError> {
    let version = b
        .lobby_query("SELECT v FROM lobby_version WHERE id = 1", vec![], "i")?
        .first()
        .map_or(0, |r| r[0].i());
    let seeks = b
        .lobby_query(
            &format!("SELECT {SEEK_COLUMNS} {SEEKS} ORDER BY s.created_at, s.id"),
            vec![],
            SEEK_SHAPE,
        )?
        .iter()
        .map(|c| seek_read(c))
        .collect();
    let presence = b
        .lobby_query(
            "SELECT p.user_id, u.name, p.room, p.rating, p.rank FROM lobby_presence p \
             JOIN users u ON u.id = p.user_id ORDER BY u.name_key, p.room",
            vec![],
            "sssis",
        )?
        .iter()
        .map(|c| PresenceRead {
            user_id: c[0].s(),
            name: c[1].s(),
            room: c[2].s(),
            rating: c[3].i(),
            rank: c[4].s(),
        })
        .collect();
    let anonymous = b
        .lobby_query(
            "SELECT room, COUNT(*) FROM lobby_presence WHERE user_id IS NULL GROUP BY room",
            vec![],
            "si",
        )?
        .iter()
        .map(|c| (c[0].s(), c[1].i()))
        .collect();
    let games = b
        .lobby_query(
            "SELECT l.game_id, l.room, l.white_user, l.black_user, l.clock, l.rated, \
             l.started_at, w.name, k.name FROM lobby_games l \
             JOIN games g ON g.id = l.game_id JOIN users w ON w.id = l.white_user \
             JOIN users k ON k.id = l.black_user \
             WHERE g.status <> 'finished' ORDER BY l.started_at DESC, l.game_id",
            vec![],
            "sssssiiss",
        )?
        .iter()
        .map(|c| LobbyGameRead {
            row: LobbyGameRow {
                game_id: c[0].s(),
                room: c[1].s(),
                white_user: c[2].s(),
                black_user: c[3].s(),
                clock: c[4].s(),
                rated: c[5].i() != 0,
                started_at: c[6].i(),
            },
            white_name: c[7].s(),
            black_name: c[8].s(),
        })
        .collect();
    let notices = b
        .lobby_query(
            "SELECT v, user_id, body FROM lobby_notices WHERE v > $1 ORDER BY v",
            vec![int(since)],
            "iss",
        )?
        .iter()
        .map(|c| {
            (
                c[0].i(),
                NoticeRow {
                    user_id: c[1].s(),
                    body: c[2].s(),
                },
            )
        })
        .collect();
    Ok(LobbyRead {
        version,
        seeks,
        presence,
        anonymous,
        games,
        notices,
    })
}

impl Store {
    /// The lobby's version (raised by every change).
    pub async fn lobby_version(&self) -> Result<i64, StoreError> {
        self.read(|b| {
            Ok(
                b.lobby_query("SELECT v FROM lobby_version WHERE id = 1", vec![], "i")?
                    .first()
                    .map_or(0, |r| r[0].i()),
            )
        })
        .await
    }

    /// The whole lobby, with the notices after version `since`.
    pub async fn lobby(&self, since: i64) -> Result<LobbyRead, StoreError> {
        self.read(move |b| read_all(b, since)).await
    }

    /// An open (unclaimed) seek, pool entry or challenge.
    pub async fn lobby_seek(&self, id: &str) -> Result<Option<SeekRead>, StoreError> {
        let id = id.to_owned();
        self.read(move |b| {
            Ok(b.lobby_query(
                &format!("SELECT {SEEK_COLUMNS} {SEEKS} AND s.id = $1"),
                vec![text(&id)],
                SEEK_SHAPE,
            )?
            .first()
            .map(|c| seek_read(c)))
        })
        .await
    }

    /// The quick-pairing pool's open entries.
    pub async fn lobby_pool(&self) -> Result<Vec<SeekRead>, StoreError> {
        self.read(|b| {
            Ok(b.lobby_query(
                &format!("SELECT {SEEK_COLUMNS} {SEEKS} AND s.kind = 'pool' ORDER BY s.created_at"),
                vec![],
                SEEK_SHAPE,
            )?
            .iter()
            .map(|c| seek_read(c))
            .collect())
        })
        .await
    }

    /// How many rows `nonce` holds.
    pub async fn lobby_claimed(&self, nonce: &str) -> Result<usize, StoreError> {
        let nonce = nonce.to_owned();
        self.read(move |b| {
            Ok(b.lobby_query(
                "SELECT COUNT(*) FROM lobby_seeks WHERE claimed_by = $1",
                vec![text(&nonce)],
                "i",
            )?
            .first()
            .map_or(0, |r| r[0].i().max(0) as usize))
        })
        .await
    }

    /// How many seeks and challenges `user` has open.
    pub async fn lobby_open_count(&self, user: &str) -> Result<usize, StoreError> {
        let user = user.to_owned();
        self.read(move |b| {
            Ok(b.lobby_query(
                "SELECT COUNT(*) FROM lobby_seeks WHERE user_id = $1 AND kind <> 'pool'",
                vec![text(&user)],
                "i",
            )?
            .first()
            .map_or(0, |r| r[0].i().max(0) as usize))
        })
        .await
    }

    /// The notices for `user` written after `since` (wall clock).
    pub async fn lobby_notices(&self, user: &str, since: i64) -> Result<Vec<String>, StoreError> {
        let user = user.to_owned();
        self.read(move |b| {
            Ok(b.lobby_query(
                "SELECT body FROM lobby_notices WHERE user_id = $1 AND created_at >= $2 ORDER BY v",
                vec![text(&user), int(since)],
                "s",
            )?
            .iter()
            .map(|c| c[0].s())
            .collect())
        })
        .await
    }
}
