//! The session's two cookies. `gx_session` holds the random 128-bit token
//! (HttpOnly, SameSite=Lax: the page's scripts never see it, other sites' forms
//! do not send it); the database keeps only its SHA-256. `gx_csrf` holds the
//! session's CSRF token, readable by the page (SameSite=Strict), which sends it
//! back as the `x-csrf-token` header on every request that changes something.
//! Both are `Secure` when the request came over https (`X-Forwarded-Proto`).

use axum::http::{header, HeaderMap, HeaderValue};

pub const SESSION: &str = "gx_session";
pub const CSRF: &str = "gx_csrf";
/// The header that carries the CSRF token.
pub const CSRF_HEADER: &str = "x-csrf-token";
/// How long a session lasts: 30 days.
pub const MAX_AGE_S: u64 = 30 * 24 * 3600;

/// The value of cookie `name` in the request, if sent (the first one).
///
/// ```
/// use axum::http::{HeaderMap, HeaderValue};
/// use guoxiang_server::accounts::cookie::get;
/// let mut h = HeaderMap::new();
/// h.append("cookie", HeaderValue::from_static("a=1; gx_session=abc"));
/// assert_eq!(get(&h, "gx_session").as_deref(), Some("abc"));
/// assert_eq!(get(&h, "b"), None);
/// ```
pub fn get(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim().to_string())
}

/// Whether the request came over https (as a proxy in front says).
pub fn secure(headers: &HeaderMap) -> bool {
    headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"))
}

/// The two `Set-Cookie` values that start a session (`token`, `csrf`: hex).
///
/// ```
/// use guoxiang_server::accounts::cookie::set;
/// let [s, c] = set("ab12", "cd34", false);
/// assert_eq!(s.to_str().unwrap(), "gx_session=ab12; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax");
/// assert_eq!(c.to_str().unwrap(), "gx_csrf=cd34; Path=/; Max-Age=2592000; SameSite=Strict");
/// ```
pub fn set(token: &str, csrf: &str, secure: bool) -> [HeaderValue; 2] {
    let sec = if secure { "; Secure" } else { "" };
    [
        format!("{SESSION}={token}; Path=/; Max-Age={MAX_AGE_S}; HttpOnly; SameSite=Lax{sec}"),
        format!("{CSRF}={csrf}; Path=/; Max-Age={MAX_AGE_S}; SameSite=Strict{sec}"),
    ]
    .map(value)
}

/// The two `Set-Cookie` values that end a session.
pub fn clear(secure: bool) -> [HeaderValue; 2] {
    let sec = if secure { "; Secure" } else { "" };
    [
        format!("{SESSION}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax{sec}"),
        format!("{CSRF}=; Path=/; Max-Age=0; SameSite=Strict{sec}"),
    ]
    .map(value)
}

/// Only hex tokens and fixed text reach here; anything else becomes an empty
/// cookie rather than a panic.
fn value(s: String) -> HeaderValue {
    HeaderValue::from_str(&s).unwrap_or_else(|_| HeaderValue::from_static(""))
}
