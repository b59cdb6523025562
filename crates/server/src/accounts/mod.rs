//! Accounts (issue 19): sign-up and log-in with argon2id password hashes, sessions
//! in HTTP-only cookies with CSRF protection, change of password, the admin role,
//! closing accounts, and each user's kept data (preferences, lesson and puzzle
//! progress). Anonymous play works without any of it. The rows are in
//! [`store::accounts`](crate::store::accounts); the routes in
//! [`http::accounts`](crate::http::accounts); names, passwords and hashing in
//! [`password`], the rate limits in [`limit`], the cookies in [`cookie`].
//!
//! A session is a random 128-bit token in the `gx_session` cookie; the database
//! keeps its SHA-256 and the session's CSRF token, which the page reads from the
//! `gx_csrf` cookie and sends back as `x-csrf-token` on every change
//! ([`AppState::signed_in`]). Sessions last 30 days, end at log-out, when the
//! password changes (the others) and when the account is closed (all).

pub mod admin;
pub mod client;
pub mod cookie;
pub mod limit;
pub mod password;

use crate::game::SecretHash;
use crate::http::error::ApiError;
use crate::store::accounts::{AccountWrite, SessionRow, UserRow};
use crate::store::{unix_ms, StoreError, Write};
use crate::AppState;
use axum::http::{HeaderMap, StatusCode};
use limit::{Buckets, Rate};
use password::UserName;
use std::net::IpAddr;
use std::sync::Mutex;

/// A user's id (random, URL-safe; never shown as a name).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UserId(pub String);

/// The signed-in user of a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionUser {
    pub id: UserId,
    /// The name as the user chose it (shown); unique without regard to case.
    pub name: String,
    pub admin: bool,
}

impl SessionUser {
    fn of(u: &UserRow) -> SessionUser {
        SessionUser {
            id: UserId(u.id.clone()),
            name: u.name.clone(),
            admin: u.admin,
        }
    }
}

/// How often one may sign up and fail to log in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AccountSettings {
    /// Sign-ups from one address.
    pub signups: Rate,
    /// Failed log-ins from one address.
    pub failures_per_address: Rate,
    /// Failed log-ins for one name (existing or not).
    pub failures_per_name: Rate,
}

impl Default for AccountSettings {
    fn default() -> AccountSettings {
        AccountSettings {
            signups: Rate {
                burst: 20,
                window_ms: 3_600_000,
            },
            failures_per_address: Rate {
                burst: 20,
                window_ms: 600_000,
            },
            failures_per_name: Rate {
                burst: 8,
                window_ms: 600_000,
            },
        }
    }
}

/// What the accounts keep in memory: the rate limits, and a bound on the
/// argon2 hashes computed at once (each takes 19 MiB and a core for a moment).
pub struct Accounts {
    settings: Mutex<AccountSettings>,
    signups: Buckets<IpAddr>,
    failures_by_address: Buckets<IpAddr>,
    failures_by_name: Buckets<String>,
    hashing: tokio::sync::Semaphore,
}

impl Default for Accounts {
    fn default() -> Accounts {
        Accounts {
            settings: Mutex::new(AccountSettings::default()),
            signups: Buckets::default(),
            failures_by_address: Buckets::default(),
            failures_by_name: Buckets::default(),
            hashing: tokio::sync::Semaphore::new(
                std::thread::available_parallelism().map_or(2, |n| n.get().clamp(1, 4)),
            ),
        }
    }
}

impl Accounts {
    /// The rate limits in force.
    pub fn settings(&self) -> AccountSettings {
        self.settings.lock().map(|s| *s).unwrap_or_default()
    }

    /// Changes the rate limits (tests and load tests raise them).
    pub fn set_settings(&self, s: AccountSettings) {
        if let Ok(mut g) = self.settings.lock() {
            *g = s;
        }
    }

    /// Runs `f` (argon2) on a blocking thread, a few at a time.
    pub(crate) async fn hashing<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let _permit = self
            .hashing
            .acquire()
            .await
            .map_err(|_| ApiError::unavailable("shutting down"))?;
        tokio::task::spawn_blocking(f)
            .await
            .map_err(|_| ApiError::unavailable("the password check failed"))
    }
}

/// A new session: the cookie's token, its CSRF token and the row to store.
pub struct NewSession {
    pub token: String,
    pub csrf: String,
    pub row: SessionRow,
}

impl NewSession {
    fn for_user(user_id: &str) -> Result<NewSession, ApiError> {
        let token = crate::http::token(16)?;
        let csrf = crate::http::token(16)?;
        let row = SessionRow {
            token_hash: SecretHash::of(&token).to_stored(),
            user_id: user_id.to_string(),
            csrf: csrf.clone(),
            created_at: unix_ms(),
        };
        Ok(NewSession { token, csrf, row })
    }
}

/// A database failure as the API shows it.
pub(crate) fn stored(e: StoreError) -> ApiError {
    tracing::error!(error = %e, "accounts: store");
    ApiError::unavailable("the database is unavailable")
}

fn not_signed_in() -> ApiError {
    ApiError::new(StatusCode::UNAUTHORIZED, "not_signed_in", "sign in first")
}

fn bad_credentials() -> ApiError {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        "bad_credentials",
        "wrong user name or password",
    )
}

/// 429 `rate_limited`; the handler adds `Retry-After`.
#[derive(Debug)]
pub struct Limited {
    pub retry_after_s: u64,
    pub error: ApiError,
}

/// Why a sign-up or log-in was refused.
#[derive(Debug)]
pub enum Refused {
    Api(ApiError),
    Limited(Limited),
}

impl From<ApiError> for Refused {
    fn from(e: ApiError) -> Refused {
        Refused::Api(e)
    }
}

fn limited(secs: u64, what: &str) -> Refused {
    Refused::Limited(Limited {
        retry_after_s: secs,
        error: ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            format!("too many {what}; try again in {secs} s"),
        ),
    })
}

/// Constant-time equality of two short texts.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && std::hint::black_box(
            a.bytes()
                .zip(b.bytes())
                .fold(0u8, |acc, (x, y)| acc | (x ^ y)),
        ) == 0
}

impl AppState {
    /// The session of these headers and its user (expired, closed: none).
    async fn session_of(&self, headers: &HeaderMap) -> Result<Option<(String, UserRow)>, ApiError> {
        let Some(token) = cookie::get(headers, cookie::SESSION) else {
            return Ok(None);
        };
        if token.is_empty() || token.len() > 64 {
            return Ok(None);
        }
        let hash = SecretHash::of(&token).to_stored();
        let Some((csrf, created_at, user)) = self.ctx.store.session(&hash).await.map_err(stored)?
        else {
            return Ok(None);
        };
        let expired = unix_ms().saturating_sub(created_at) > crate::store::accounts::SESSION_MS;
        if expired || user.closed_at.is_some() {
            return Ok(None);
        }
        Ok(Some((csrf, user)))
    }

    /// The signed-in user of this request (by its session cookie), if any. Reads
    /// never need the CSRF token.
    pub async fn viewer(&self, headers: &HeaderMap) -> Result<Option<SessionUser>, ApiError> {
        Ok(self
            .session_of(headers)
            .await?
            .map(|(_, u)| SessionUser::of(&u)))
    }

    /// For a request that changes something: the signed-in user, after the CSRF
    /// check (401 `not_signed_in` without a session, 403 `csrf` on a failed check).
    pub async fn signed_in(&self, headers: &HeaderMap) -> Result<SessionUser, ApiError> {
        let Some((csrf, user)) = self.session_of(headers).await? else {
            return Err(not_signed_in());
        };
        let sent = headers
            .get(cookie::CSRF_HEADER)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        if !same(sent.trim(), &csrf) {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "csrf",
                "the x-csrf-token header must repeat the gx_csrf cookie",
            ));
        }
        Ok(SessionUser::of(&user))
    }

    /// A user by name (any case): id and name as written, `None` when there is
    /// none or the account is closed.
    pub async fn user_named(&self, name: &str) -> Result<Option<SessionUser>, ApiError> {
        let Some(n) = UserName::parse(name) else {
            return Ok(None);
        };
        Ok(self
            .ctx
            .store
            .user_by_key(n.key())
            .await
            .map_err(stored)?
            .filter(|u| u.closed_at.is_none())
            .map(|u| SessionUser::of(&u)))
    }

    /// The user row behind a session user (for [`crate::http::accounts`]).
    pub(crate) async fn user_row(&self, id: &UserId) -> Result<UserRow, ApiError> {
        self.ctx
            .store
            .user_by_id(&id.0)
            .await
            .map_err(stored)?
            .ok_or_else(not_signed_in)
    }

    /// Creates an account (the first one is an admin) and its first session.
    /// 400 `bad_name` / `bad_password`, 409 `name_taken`, 429 from one address
    /// signing up too often.
    pub async fn sign_up(
        &self,
        peer: IpAddr,
        name: &str,
        pass: &str,
    ) -> Result<(UserRow, NewSession), Refused> {
        let n = UserName::parse(name).ok_or_else(|| {
            ApiError::bad_request(
                "bad_name",
                "a user name has 3 to 20 letters, digits, _ or -",
            )
        })?;
        if !password::acceptable(pass) {
            return Err(ApiError::bad_request(
                "bad_password",
                "a password has 8 to 128 characters",
            )
            .into());
        }
        let rate = self.accounts.settings().signups;
        let now = self.ctx.time.now_ms();
        if let Err(s) = self.accounts.signups.check(&peer, now, rate, true) {
            return Err(limited(s, "sign-ups from this address"));
        }
        if self
            .ctx
            .store
            .user_by_key(n.key())
            .await
            .map_err(stored)?
            .is_some()
        {
            return Err(taken().into());
        }
        let p = pass.to_string();
        let hash = self
            .accounts
            .hashing(move || password::hash(&p))
            .await?
            .map_err(|e| ApiError::unavailable(e.to_string()))?;
        let (user, session) = self.insert_user(&n, hash, false, true).await?;
        Ok((user, session.ok_or_else(not_signed_in)?))
    }

    /// Stores a new user (an admin when `admin` or the first), with a session
    /// when `with_session`; 409 `name_taken` when the name was taken meanwhile.
    pub(crate) async fn insert_user(
        &self,
        n: &UserName,
        password_hash: String,
        admin: bool,
        with_session: bool,
    ) -> Result<(UserRow, Option<NewSession>), ApiError> {
        let id = crate::http::token(12)?;
        let row = UserRow {
            id: id.clone(),
            name: n.shown().to_string(),
            name_key: n.key().to_string(),
            password_hash,
            admin,
            created_at: unix_ms(),
            closed_at: None,
        };
        let session = with_session
            .then(|| NewSession::for_user(&id))
            .transpose()?;
        let w = AccountWrite::SignUp {
            user: row,
            session: session.as_ref().map(|s| s.row.clone()),
        };
        if let Err(e) = self.ctx.store.write(Write::Account(w)).await {
            // The unique name: someone else took it between our look and the write.
            return match self.ctx.store.user_by_key(n.key()).await.map_err(stored)? {
                Some(_) => Err(taken()),
                None => Err(stored(e)),
            };
        }
        let user = self.user_row(&UserId(id)).await?;
        Ok((user, session))
    }

    /// Checks a name and password and opens a session. Every failure is the same
    /// 401 `bad_credentials` (unknown name, wrong password, closed account),
    /// taking about the same time; 429 while this address or this name has
    /// failed too often.
    pub async fn log_in(
        &self,
        peer: IpAddr,
        name: &str,
        pass: &str,
    ) -> Result<(UserRow, NewSession), Refused> {
        let s = self.accounts.settings();
        let now = self.ctx.time.now_ms();
        let key = name
            .to_ascii_lowercase()
            .chars()
            .take(64)
            .collect::<String>();
        let by_address =
            self.accounts
                .failures_by_address
                .check(&peer, now, s.failures_per_address, false);
        let by_name = self
            .accounts
            .failures_by_name
            .check(&key, now, s.failures_per_name, false);
        if let Err(secs) = by_address.and(by_name) {
            return Err(limited(secs, "failed log-ins"));
        }
        let user = match UserName::parse(name) {
            Some(n) => self.ctx.store.user_by_key(n.key()).await.map_err(stored)?,
            None => None,
        };
        let p = pass
            .chars()
            .take(password::PASSWORD_MAX + 1)
            .collect::<String>();
        let stored_hash = user.as_ref().map(|u| u.password_hash.clone());
        let ok = self
            .accounts
            .hashing(move || match stored_hash {
                Some(h) => password::verify(&p, &h),
                None => password::verify_dummy(&p),
            })
            .await?;
        match user {
            Some(u) if ok && u.closed_at.is_none() => {
                let session = NewSession::for_user(&u.id)?;
                self.ctx
                    .store
                    .write(Write::Account(AccountWrite::Session(session.row.clone())))
                    .await
                    .map_err(stored)?;
                Ok((u, session))
            }
            _ => {
                let _ = self.accounts.failures_by_address.check(
                    &peer,
                    now,
                    s.failures_per_address,
                    true,
                );
                let _ = self
                    .accounts
                    .failures_by_name
                    .check(&key, now, s.failures_per_name, true);
                Err(bad_credentials().into())
            }
        }
    }

    /// Ends the session of these headers (if any).
    pub async fn log_out(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        if let Some(token) = cookie::get(headers, cookie::SESSION) {
            let token_hash = SecretHash::of(&token).to_stored();
            self.ctx
                .store
                .write(Write::Account(AccountWrite::EndSession { token_hash }))
                .await
                .map_err(stored)?;
        }
        Ok(())
    }
}

fn taken() -> ApiError {
    ApiError::conflict("name_taken", "this user name is taken")
}

#[cfg(test)]
mod tests {
    use super::same;

    #[test]
    fn the_csrf_comparison_needs_the_whole_token() {
        assert!(same("abcd", "abcd"));
        assert!(!same("abcd", "abce"));
        assert!(!same("abc", "abcd"));
        assert!(!same("", "abcd"));
    }
}
