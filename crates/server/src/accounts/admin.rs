//! Admins made from the command line (`guoxiang admin create NAME`): on a
//! database the server may not be running on, through the same store and the
//! same rules as a sign-up (name, password, argon2id). A new name becomes an
//! admin account with that password; an existing open account becomes an admin
//! and keeps its password.

use super::password::{self, UserName};
use crate::store::accounts::{AccountWrite, UserRow};
use crate::store::{unix_ms, Store, StoreError, Write};

/// What `create` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdminMade {
    /// A new account, an admin.
    Created(String),
    /// The account existed (open) and is now an admin.
    Promoted(String),
}

/// Why no admin was made.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error("a user name has 3 to 20 letters, digits, _ or -")]
    BadName,
    #[error("a password has 8 to 128 characters")]
    BadPassword,
    #[error("the account {0} is closed")]
    Closed(String),
    #[error("cannot hash the password: {0}")]
    Hash(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The account named `name` (any case), if any: for the caller to know whether
/// a password is needed.
pub async fn existing(store: &Store, name: &str) -> Result<Option<UserRow>, AdminError> {
    let n = UserName::parse(name).ok_or(AdminError::BadName)?;
    Ok(store.user_by_key(n.key()).await?)
}

/// Makes `name` an admin: creates the account with `password` when there is
/// none (the password is not read for an existing account). Blocks for the
/// hash: call it where that is fine (the command line).
pub async fn create(
    store: &Store,
    name: &str,
    password_text: Option<&str>,
) -> Result<AdminMade, AdminError> {
    let n = UserName::parse(name).ok_or(AdminError::BadName)?;
    if let Some(u) = store.user_by_key(n.key()).await? {
        if u.closed_at.is_some() {
            return Err(AdminError::Closed(u.name));
        }
        store
            .write(Write::Account(AccountWrite::MakeAdmin {
                user_id: u.id.clone(),
            }))
            .await?;
        return Ok(AdminMade::Promoted(u.name));
    }
    let p = password_text.unwrap_or("");
    if !password::acceptable(p) {
        return Err(AdminError::BadPassword);
    }
    let hash = password::hash(p).map_err(|e| AdminError::Hash(e.to_string()))?;
    let mut id = [0u8; 12];
    getrandom::fill(&mut id).map_err(|e| AdminError::Hash(e.to_string()))?;
    let row = UserRow {
        id: id.iter().map(|x| format!("{x:02x}")).collect(),
        name: n.shown().to_string(),
        name_key: n.key().to_string(),
        password_hash: hash,
        admin: true,
        created_at: unix_ms(),
        closed_at: None,
    };
    store
        .write(Write::Account(AccountWrite::SignUp {
            user: row,
            session: None,
        }))
        .await?;
    Ok(AdminMade::Created(n.shown().to_string()))
}
