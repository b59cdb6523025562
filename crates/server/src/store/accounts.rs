//! Accounts (migration 7): users (name unique without regard to case, argon2id
//! hash, admin, closed), sessions (the cookie token's SHA-256, its CSRF token) and
//! each user's kept data (preferences, lesson and puzzle progress) by key. The
//! same SQL serves SQLite and PostgreSQL (`$n` read as `?n` by SQLite); both
//! backends implement [`AccountStore`] here, beside the queries. The rules (who
//! may sign up, what a password must be) are in [`crate::accounts`]; this module
//! only keeps rows.

use super::postgres::Postgres;
use super::sqlite::Sqlite;
use super::{Store, StoreError};
use postgres::GenericClient;

/// The migration that creates the tables.
pub const VERSION: i64 = 7;

/// The migration's schema (the same SQL on SQLite and PostgreSQL).
pub const SCHEMA: &str = "CREATE TABLE users (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        admin INTEGER NOT NULL DEFAULT 0,
        created_at BIGINT NOT NULL,
        closed_at BIGINT
    );
    CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id),
        csrf TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        seen_at BIGINT NOT NULL
    );
    CREATE INDEX sessions_by_user ON sessions (user_id);
    CREATE TABLE user_data (
        user_id TEXT NOT NULL REFERENCES users(id),
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, key)
    );";

/// A user as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserRow {
    pub id: String,
    /// As the user wrote it.
    pub name: String,
    /// The name in lower case (unique).
    pub name_key: String,
    /// The argon2id hash in PHC form.
    pub password_hash: String,
    pub admin: bool,
    pub created_at: i64,
    pub closed_at: Option<i64>,
}

/// A session as stored: the SHA-256 of the cookie's token, never the token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRow {
    pub token_hash: String,
    pub user_id: String,
    pub csrf: String,
    pub created_at: i64,
}

/// A write of this module (one [`super::Write`] case).
#[derive(Debug, Clone)]
pub enum AccountWrite {
    /// A new user (fails when the name is taken, without regard to case) and
    /// their first session. The user is an admin when `admin` is set or when
    /// no user exists yet (the first account).
    SignUp {
        user: UserRow,
        session: Option<SessionRow>,
    },
    /// A new session of an existing user (its expired ones are deleted).
    Session(SessionRow),
    /// The session whose token hashes to this ends.
    EndSession { token_hash: String },
    /// A new password hash; every session of the user but `keep` ends.
    Password {
        user_id: String,
        password_hash: String,
        keep: Option<String>,
    },
    /// The user becomes an admin.
    MakeAdmin { user_id: String },
    /// The account is closed at `at` and all its sessions end.
    Close { user_id: String, at: i64 },
    /// A kept value of the user (replaces the one under the same key).
    Data {
        user_id: String,
        key: String,
        value: String,
        at: i64,
    },
}

const INSERT_USER: &str = "INSERT INTO users (id, name, name_key, password_hash, admin, created_at) \
     SELECT $1, $2, $3, $4, CASE WHEN $5 = 1 OR NOT EXISTS (SELECT 1 FROM users) THEN 1 ELSE 0 END, $6";
const INSERT_SESSION: &str =
    "INSERT INTO sessions (token_hash, user_id, csrf, created_at, seen_at) \
     VALUES ($1, $2, $3, $4, $4)";
/// A user's sessions older than 30 days ($1 user, $2 the cutoff): pruned at each log-in.
const PRUNE_SESSIONS: &str = "DELETE FROM sessions WHERE user_id = $1 AND created_at < $2";
/// How long a session lasts, in ms (the cookie's Max-Age).
pub const SESSION_MS: i64 = 30 * 24 * 3600 * 1000;
const END_SESSION: &str = "DELETE FROM sessions WHERE token_hash = $1";
const SET_PASSWORD: &str = "UPDATE users SET password_hash = $2 WHERE id = $1";
const END_OTHER_SESSIONS: &str = "DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2";
const END_ALL_SESSIONS: &str = "DELETE FROM sessions WHERE user_id = $1";
const MAKE_ADMIN: &str = "UPDATE users SET admin = 1 WHERE id = $1";
const CLOSE: &str = "UPDATE users SET closed_at = $2 WHERE id = $1 AND closed_at IS NULL";
const PUT_DATA: &str = "INSERT INTO user_data (user_id, key, value, updated_at) VALUES ($1, $2, $3, $4) \
     ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at";

/// The columns of a user row, in [`UserRow`]'s order (for other modules' JOINs).
pub const USER_COLUMNS: &str = "id, name, name_key, password_hash, admin, created_at, closed_at";
const USER_BY_KEY: &str = "SELECT id, name, name_key, password_hash, admin, created_at, closed_at \
     FROM users WHERE name_key = $1";
const USER_BY_ID: &str = "SELECT id, name, name_key, password_hash, admin, created_at, closed_at \
     FROM users WHERE id = $1";
const SESSION: &str =
    "SELECT s.csrf, s.created_at, u.id, u.name, u.name_key, u.password_hash, u.admin, \
     u.created_at, u.closed_at FROM sessions s JOIN users u ON u.id = s.user_id \
     WHERE s.token_hash = $1";
const DATA: &str = "SELECT value FROM user_data WHERE user_id = $1 AND key = $2";

/// What a backend does for this module (part of [`super::Backend`]).
pub(crate) trait AccountStore {
    /// The user whose lower-case name is `name_key` (closed or not).
    fn user_by_key(&mut self, name_key: &str) -> Result<Option<UserRow>, StoreError>;
    /// The user `id` (closed or not).
    fn user_by_id(&mut self, id: &str) -> Result<Option<UserRow>, StoreError>;
    /// The session whose token hashes to `token_hash`: its CSRF token, when it began, and its user.
    fn session(&mut self, token_hash: &str) -> Result<Option<(String, i64, UserRow)>, StoreError>;
    /// The value kept under `key` for user `user_id`.
    fn user_data(&mut self, user_id: &str, key: &str) -> Result<Option<String>, StoreError>;
}

/// Applies `w` (in the writer's transaction).
pub(super) fn apply_sqlite(
    c: &rusqlite::Connection,
    w: &AccountWrite,
) -> Result<(), rusqlite::Error> {
    use super::explorer::sqlite;
    use rusqlite::params;
    match w {
        AccountWrite::SignUp { user: u, session } => {
            c.prepare_cached(&sqlite(INSERT_USER))?.execute(params![
                u.id,
                u.name,
                u.name_key,
                u.password_hash,
                i64::from(u.admin),
                u.created_at
            ])?;
            if let Some(s) = session {
                c.prepare_cached(&sqlite(INSERT_SESSION))?.execute(params![
                    s.token_hash,
                    s.user_id,
                    s.csrf,
                    s.created_at
                ])?;
            }
        }
        AccountWrite::Session(s) => {
            c.prepare_cached(&sqlite(PRUNE_SESSIONS))?
                .execute(params![s.user_id, s.created_at - SESSION_MS])?;
            c.prepare_cached(&sqlite(INSERT_SESSION))?.execute(params![
                s.token_hash,
                s.user_id,
                s.csrf,
                s.created_at
            ])?;
        }
        AccountWrite::EndSession { token_hash } => {
            c.prepare_cached(&sqlite(END_SESSION))?
                .execute([token_hash])?;
        }
        AccountWrite::Password {
            user_id,
            password_hash,
            keep,
        } => {
            c.prepare_cached(&sqlite(SET_PASSWORD))?
                .execute([user_id, password_hash])?;
            c.prepare_cached(&sqlite(END_OTHER_SESSIONS))?
                .execute([user_id, keep.as_deref().unwrap_or("")])?;
        }
        AccountWrite::MakeAdmin { user_id } => {
            c.prepare_cached(&sqlite(MAKE_ADMIN))?.execute([user_id])?;
        }
        AccountWrite::Close { user_id, at } => {
            c.prepare_cached(&sqlite(CLOSE))?
                .execute(params![user_id, at])?;
            c.prepare_cached(&sqlite(END_ALL_SESSIONS))?
                .execute([user_id])?;
        }
        AccountWrite::Data {
            user_id,
            key,
            value,
            at,
        } => {
            c.prepare_cached(&sqlite(PUT_DATA))?
                .execute(params![user_id, key, value, at])?;
        }
    }
    Ok(())
}

/// Applies `w` (in the writer's transaction).
pub(super) fn apply_postgres(
    c: &mut impl GenericClient,
    w: &AccountWrite,
) -> Result<(), postgres::Error> {
    match w {
        AccountWrite::SignUp { user: u, session } => {
            let admin = i32::from(u.admin);
            c.execute(
                INSERT_USER,
                &[
                    &u.id,
                    &u.name,
                    &u.name_key,
                    &u.password_hash,
                    &admin,
                    &u.created_at,
                ],
            )?;
            if let Some(s) = session {
                c.execute(
                    INSERT_SESSION,
                    &[&s.token_hash, &s.user_id, &s.csrf, &s.created_at],
                )?;
            }
        }
        AccountWrite::Session(s) => {
            let cutoff = s.created_at - SESSION_MS;
            c.execute(PRUNE_SESSIONS, &[&s.user_id, &cutoff])?;
            c.execute(
                INSERT_SESSION,
                &[&s.token_hash, &s.user_id, &s.csrf, &s.created_at],
            )?;
        }
        AccountWrite::EndSession { token_hash } => {
            c.execute(END_SESSION, &[token_hash])?;
        }
        AccountWrite::Password {
            user_id,
            password_hash,
            keep,
        } => {
            c.execute(SET_PASSWORD, &[user_id, password_hash])?;
            let keep = keep.clone().unwrap_or_default();
            c.execute(END_OTHER_SESSIONS, &[user_id, &keep])?;
        }
        AccountWrite::MakeAdmin { user_id } => {
            c.execute(MAKE_ADMIN, &[user_id])?;
        }
        AccountWrite::Close { user_id, at } => {
            c.execute(CLOSE, &[user_id, at])?;
            c.execute(END_ALL_SESSIONS, &[user_id])?;
        }
        AccountWrite::Data {
            user_id,
            key,
            value,
            at,
        } => {
            c.execute(PUT_DATA, &[user_id, key, value, at])?;
        }
    }
    Ok(())
}

fn sqlite_user(r: &rusqlite::Row, at: usize) -> rusqlite::Result<UserRow> {
    Ok(UserRow {
        id: r.get(at)?,
        name: r.get(at + 1)?,
        name_key: r.get(at + 2)?,
        password_hash: r.get(at + 3)?,
        admin: r.get::<_, i64>(at + 4)? != 0,
        created_at: r.get(at + 5)?,
        closed_at: r.get(at + 6)?,
    })
}

fn postgres_user(r: &postgres::Row, at: usize) -> Result<UserRow, postgres::Error> {
    Ok(UserRow {
        id: r.try_get(at)?,
        name: r.try_get(at + 1)?,
        name_key: r.try_get(at + 2)?,
        password_hash: r.try_get(at + 3)?,
        admin: r.try_get::<_, i32>(at + 4)? != 0,
        created_at: r.try_get(at + 5)?,
        closed_at: r.try_get(at + 6)?,
    })
}

fn pg(e: postgres::Error) -> StoreError {
    StoreError::Database(e.to_string())
}

impl Sqlite {
    fn one_user(&mut self, sql: &str, arg: &str) -> Result<Option<UserRow>, StoreError> {
        use rusqlite::OptionalExtension;
        let mut st = self.conn.prepare_cached(&super::explorer::sqlite(sql))?;
        Ok(st.query_row([arg], |r| sqlite_user(r, 0)).optional()?)
    }
}

impl AccountStore for Sqlite {
    fn user_by_key(&mut self, name_key: &str) -> Result<Option<UserRow>, StoreError> {
        self.one_user(USER_BY_KEY, name_key)
    }
    fn user_by_id(&mut self, id: &str) -> Result<Option<UserRow>, StoreError> {
        self.one_user(USER_BY_ID, id)
    }
    fn session(&mut self, token_hash: &str) -> Result<Option<(String, i64, UserRow)>, StoreError> {
        use rusqlite::OptionalExtension;
        let mut st = self
            .conn
            .prepare_cached(&super::explorer::sqlite(SESSION))?;
        Ok(st
            .query_row([token_hash], |r| {
                Ok((r.get(0)?, r.get(1)?, sqlite_user(r, 2)?))
            })
            .optional()?)
    }
    fn user_data(&mut self, user_id: &str, key: &str) -> Result<Option<String>, StoreError> {
        use rusqlite::OptionalExtension;
        let mut st = self.conn.prepare_cached(&super::explorer::sqlite(DATA))?;
        Ok(st.query_row([user_id, key], |r| r.get(0)).optional()?)
    }
}

impl AccountStore for Postgres {
    fn user_by_key(&mut self, name_key: &str) -> Result<Option<UserRow>, StoreError> {
        let rows = self.client.query(USER_BY_KEY, &[&name_key]).map_err(pg)?;
        rows.first()
            .map(|r| postgres_user(r, 0))
            .transpose()
            .map_err(pg)
    }
    fn user_by_id(&mut self, id: &str) -> Result<Option<UserRow>, StoreError> {
        let rows = self.client.query(USER_BY_ID, &[&id]).map_err(pg)?;
        rows.first()
            .map(|r| postgres_user(r, 0))
            .transpose()
            .map_err(pg)
    }
    fn session(&mut self, token_hash: &str) -> Result<Option<(String, i64, UserRow)>, StoreError> {
        let rows = self.client.query(SESSION, &[&token_hash]).map_err(pg)?;
        rows.first()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, postgres_user(r, 2)?)))
            .transpose()
            .map_err(pg)
    }
    fn user_data(&mut self, user_id: &str, key: &str) -> Result<Option<String>, StoreError> {
        let rows = self.client.query(DATA, &[&user_id, &key]).map_err(pg)?;
        rows.first().map(|r| r.try_get(0)).transpose().map_err(pg)
    }
}

impl Store {
    /// The user whose lower-case name is `name_key` (closed or not).
    pub async fn user_by_key(&self, name_key: &str) -> Result<Option<UserRow>, StoreError> {
        let k = name_key.to_owned();
        self.read(move |b| b.user_by_key(&k)).await
    }

    /// The user `id` (closed or not).
    pub async fn user_by_id(&self, id: &str) -> Result<Option<UserRow>, StoreError> {
        let k = id.to_owned();
        self.read(move |b| b.user_by_id(&k)).await
    }

    /// The session whose token hashes to `token_hash`: its CSRF token, when it began, and its user.
    pub async fn session(
        &self,
        token_hash: &str,
    ) -> Result<Option<(String, i64, UserRow)>, StoreError> {
        let k = token_hash.to_owned();
        self.read(move |b| b.session(&k)).await
    }

    /// The value kept under `key` for user `user_id`.
    pub async fn user_data(&self, user_id: &str, key: &str) -> Result<Option<String>, StoreError> {
        let (u, k) = (user_id.to_owned(), key.to_owned());
        self.read(move |b| b.user_data(&u, &k)).await
    }
}
