//! Wire types of the accounts (`/api/account*`, `/api/admin/users/*`, docs/API.md
//! "Accounts"): the name and password of a sign-up or log-in, the signed-in
//! user as the pages see it ([`Me`]), a password change, and the preferences
//! kept in the account ([`Prefs`]). The session itself travels in cookies, never
//! in a body.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `POST /api/account/signup` and `/login`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Credentials {
    pub name: String,
    pub password: String,
}

/// The language, piece style and board theme the user chose (`prefs`, kept in
/// the account); absent fields: not chosen.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Prefs {
    /// `zh-CN`, `zh-TW` or `en`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub lang: Option<String>,
    /// `flat`, `relief` or `cartoon`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pieces: Option<String>,
    /// `wood`, `jade` or `ocean`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub board: Option<String>,
}

impl Prefs {
    /// Whether every field chosen is one of its values.
    ///
    /// ```
    /// use guoxiang_server::protocol::account::Prefs;
    /// let p = Prefs { lang: Some("zh-TW".into()), pieces: None, board: Some("jade".into()) };
    /// assert!(p.valid());
    /// assert!(!Prefs { board: Some("marble".into()), ..p }.valid());
    /// ```
    pub fn valid(&self) -> bool {
        let one_of =
            |v: &Option<String>, all: &[&str]| v.as_deref().is_none_or(|v| all.contains(&v));
        one_of(&self.lang, &["zh-CN", "zh-TW", "en"])
            && one_of(&self.pieces, &["flat", "relief", "cartoon"])
            && one_of(&self.board, &["wood", "jade", "ocean"])
    }
}

/// `GET /api/account`, and the answer to a sign-up or log-in: the signed-in user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Me {
    pub name: String,
    pub admin: bool,
    /// Milliseconds since the Unix epoch.
    pub created_at: i64,
    pub prefs: Prefs,
}

/// `POST /api/account/password`: the current password and the new one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PasswordChange {
    pub old: String,
    pub new: String,
}

/// The answer to a change that has nothing else to say (log-out, password,
/// kept data, closing an account).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Done {
    pub ok: bool,
}

/// This module's TypeScript declarations (added to [`super::typescript`]).
pub fn decls(cfg: &ts_rs::Config) -> Vec<String> {
    vec![
        Credentials::decl(cfg),
        Prefs::decl(cfg),
        Me::decl(cfg),
        PasswordChange::decl(cfg),
        Done::decl(cfg),
    ]
}

/// docs/API.md's examples of this module's types: whether `name` is one of them
/// (then `text` must parse as it, see `super::tests`).
#[cfg(test)]
pub(crate) fn example(name: &str, text: &str) -> bool {
    use super::tests::parses;
    match name {
        "Credentials" => parses::<Credentials>(name, text),
        "Prefs" => parses::<Prefs>(name, text),
        "Me" => parses::<Me>(name, text),
        "PasswordChange" => parses::<PasswordChange>(name, text),
        "Done" => parses::<Done>(name, text),
        _ => return false,
    }
    true
}
