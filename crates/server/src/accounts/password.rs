//! Names and passwords: what a user name may be (3–20 of `A-Z a-z 0-9 _ -`,
//! unique without regard to case), what a password must be (8–128 characters),
//! and argon2id hashing (the `argon2` crate's defaults: 19 MiB, 2 passes, PHC
//! strings, so stronger settings later still verify the old hashes). A log-in
//! for a name that does not exist verifies against a fixed dummy hash, so it
//! takes about as long as a wrong password.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use std::sync::OnceLock;

/// A user name that follows the rules, as written and in lower case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserName {
    shown: String,
    key: String,
}

impl UserName {
    pub const MIN: usize = 3;
    pub const MAX: usize = 20;

    /// `text` if it is a valid name.
    ///
    /// ```
    /// use guoxiang_server::accounts::password::UserName;
    /// assert_eq!(UserName::parse("Xiang_Qi-7").map(|n| n.key().to_string()), Some("xiang_qi-7".into()));
    /// assert!(UserName::parse("ab").is_none());
    /// assert!(UserName::parse("象棋大师").is_none());
    /// assert!(UserName::parse("a b c").is_none());
    /// ```
    pub fn parse(text: &str) -> Option<UserName> {
        let ok = (Self::MIN..=Self::MAX).contains(&text.len())
            && text
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        ok.then(|| UserName {
            shown: text.to_string(),
            key: text.to_ascii_lowercase(),
        })
    }

    /// As the user wrote it.
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// In lower case: the unique key.
    pub fn key(&self) -> &str {
        &self.key
    }
}

/// A password's length in characters.
pub const PASSWORD_MIN: usize = 8;
pub const PASSWORD_MAX: usize = 128;

/// Whether `p` is long enough and not too long (in characters).
///
/// ```
/// use guoxiang_server::accounts::password::acceptable;
/// assert!(acceptable("车马炮相士将卒兵"));
/// assert!(!acceptable("short"));
/// assert!(!acceptable(&"x".repeat(129)));
/// ```
pub fn acceptable(p: &str) -> bool {
    (PASSWORD_MIN..=PASSWORD_MAX).contains(&p.chars().count())
}

/// Why hashing failed (no randomness, or argon2 refused its input).
#[derive(Debug, thiserror::Error)]
#[error("cannot hash the password: {0}")]
pub struct HashError(String);

/// The argon2id PHC string of `password` with a fresh random salt. Slow on
/// purpose: call it off the async runtime.
pub fn hash(password: &str) -> Result<String, HashError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| HashError(e.to_string()))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| HashError(e.to_string()))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| HashError(e.to_string()))
}

/// Whether `password` matches the stored PHC string (a malformed one matches
/// nothing). Slow on purpose, like [`hash`].
pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|h| {
        Argon2::default()
            .verify_password(password.as_bytes(), &h)
            .is_ok()
    })
}

/// Verifies against a fixed hash of a random password, so that an unknown name
/// costs what a known one does; always false.
pub fn verify_dummy(password: &str) -> bool {
    static DUMMY: OnceLock<String> = OnceLock::new();
    let stored = DUMMY.get_or_init(|| {
        let mut b = [0u8; 24];
        let _ = getrandom::fill(&mut b);
        let p: String = b.iter().map(|x| format!("{x:02x}")).collect();
        hash(&p).unwrap_or_default()
    });
    verify(password, stored);
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_only_and_is_argon2id() {
        let h = hash("correct horse").expect("hash");
        assert!(h.starts_with("$argon2id$"), "{h}");
        assert!(verify("correct horse", &h));
        assert!(!verify("correct horsf", &h));
        assert!(!verify("correct horse", "not a hash"));
        assert!(!verify_dummy("correct horse"));
    }
}
