//! The HTTP routes of the accounts (issue 19, docs/API.md "Accounts"): sign-up,
//! log-in and log-out (which set and clear the session cookies), the signed-in
//! user, password change, kept data by key, and an admin closing an account.
//! Every change needs the session and its CSRF token ([`AppState::signed_in`]);
//! every refusal is a JSON error with a code. The rules are in
//! [`crate::accounts`].

use super::error::ApiError;
use super::{body_of, parse_json};
use crate::accounts::password::{self, UserName};
use crate::accounts::{cookie, stored, NewSession, Refused};
use crate::http::client_ip::ClientIp;
use crate::protocol::account::{Credentials, Done, Me, PasswordChange, Prefs};
use crate::store::accounts::{AccountWrite, UserRow};
use crate::store::{unix_ms, Write};
use crate::AppState;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};

use std::sync::Arc;

/// The largest kept value: 64 KiB of JSON.
pub const MAX_DATA: usize = 64 * 1024;

/// The keys a user may keep data under: the preferences and the progress the
/// pages otherwise keep in the browser.
pub const DATA_KEYS: &[&str] = &[
    "prefs",
    "gx.puzzles.v1",
    "gx.lessons.v1",
    "gx.endgames",
    "gx.openings.v1",
];

/// The routes (merged into [`super::router`]).
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/api/account", get(me))
        .route("/api/account/signup", post(signup))
        .route("/api/account/login", post(login))
        .route("/api/account/logout", post(logout))
        .route("/api/account/password", post(change_password))
        .route("/api/account/data/{key}", get(get_data).put(put_data))
        .route("/api/admin/users/{name}/close", post(close))
}

type Body = Result<Bytes, BytesRejection>;
type Segment = Result<Path<String>, PathRejection>;

/// A path segment; one that cannot be read (not UTF-8) names nothing: 404.
fn segment(p: Segment) -> Result<String, ApiError> {
    p.map(|Path(s)| s)
        .map_err(|_| ApiError::not_found("no such path"))
}

/// `POST /api/account/signup {name, password}`: 201 [`Me`], signed in.
async fn signup(
    State(app): State<Arc<AppState>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let c: Credentials = match body_of(body).and_then(|b| parse_json(&b)) {
        Ok(c) => c,
        Err(e) => return e.into_response(),
    };
    match app.sign_up(client, &c.name, &c.password).await {
        Ok((user, session)) => {
            signed_in(&app, &headers, StatusCode::CREATED, &user, &session).await
        }
        Err(r) => refused(r),
    }
}

/// `POST /api/account/login {name, password}`: 200 [`Me`], signed in.
async fn login(
    State(app): State<Arc<AppState>>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let c: Credentials = match body_of(body).and_then(|b| parse_json(&b)) {
        Ok(c) => c,
        Err(e) => return e.into_response(),
    };
    match app.log_in(client, &c.name, &c.password).await {
        Ok((user, session)) => signed_in(&app, &headers, StatusCode::OK, &user, &session).await,
        Err(r) => refused(r),
    }
}

/// The answer that starts a session: `Me` and the two cookies.
async fn signed_in(
    app: &AppState,
    headers: &HeaderMap,
    status: StatusCode,
    user: &UserRow,
    s: &NewSession,
) -> Response {
    let me = match me_of(app, user).await {
        Ok(m) => m,
        Err(e) => return e.into_response(),
    };
    let [a, b] = cookie::set(&s.token, &s.csrf, cookie::secure(headers));
    let mut resp = (status, Json(me)).into_response();
    resp.headers_mut().append(header::SET_COOKIE, a);
    resp.headers_mut().append(header::SET_COOKIE, b);
    resp.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    resp
}

fn refused(r: Refused) -> Response {
    match r {
        Refused::Api(e) => e.into_response(),
        Refused::Limited(l) => (
            StatusCode::TOO_MANY_REQUESTS,
            [(header::RETRY_AFTER, l.retry_after_s.to_string())],
            Json(l.error.body()),
        )
            .into_response(),
    }
}

async fn me_of(app: &AppState, u: &UserRow) -> Result<Me, ApiError> {
    let prefs = app
        .ctx
        .store
        .user_data(&u.id, "prefs")
        .await
        .map_err(stored)?
        .and_then(|v| serde_json::from_str::<Prefs>(&v).ok())
        .unwrap_or_default();
    Ok(Me {
        name: u.name.clone(),
        admin: u.admin,
        created_at: u.created_at,
        prefs,
    })
}

/// `POST /api/account/logout`: ends this session, clears the cookies. Needs
/// the CSRF token when signed in; without a session it only clears them.
async fn logout(State(app): State<Arc<AppState>>, headers: HeaderMap) -> Response {
    if app.viewer(&headers).await.ok().flatten().is_some() {
        if let Err(e) = app.signed_in(&headers).await {
            return e.into_response();
        }
        if let Err(e) = app.log_out(&headers).await {
            return e.into_response();
        }
    }
    let [a, b] = cookie::clear(cookie::secure(&headers));
    let mut resp = Json(Done { ok: true }).into_response();
    resp.headers_mut().append(header::SET_COOKIE, a);
    resp.headers_mut().append(header::SET_COOKIE, b);
    resp
}

/// `GET /api/account`: the signed-in user (401 `not_signed_in`).
async fn me(State(app): State<Arc<AppState>>, headers: HeaderMap) -> Result<Response, ApiError> {
    let Some(u) = app.viewer(&headers).await? else {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "not_signed_in",
            "sign in first",
        ));
    };
    let row = app.user_row(&u.id).await?;
    let mut resp = Json(me_of(&app, &row).await?).into_response();
    resp.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    Ok(resp)
}

/// `POST /api/account/password {old, new}`: 401 `bad_credentials` when `old` is
/// wrong; every other session of the user ends.
async fn change_password(
    State(app): State<Arc<AppState>>,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<Done>, ApiError> {
    let u = app.signed_in(&headers).await?;
    let c: PasswordChange = parse_json(&body_of(body)?)?;
    if !password::acceptable(&c.new) {
        return Err(ApiError::bad_request(
            "bad_password",
            "a password has 8 to 128 characters",
        ));
    }
    let row = app.user_row(&u.id).await?;
    let old = c
        .old
        .chars()
        .take(password::PASSWORD_MAX + 1)
        .collect::<String>();
    let new = c.new.clone();
    let hashed = app
        .accounts
        .hashing(move || password::verify(&old, &row.password_hash).then(|| password::hash(&new)))
        .await?;
    let hash = match hashed {
        None => {
            return Err(ApiError::new(
                StatusCode::UNAUTHORIZED,
                "bad_credentials",
                "the current password is wrong",
            ))
        }
        Some(h) => h.map_err(|e| ApiError::unavailable(e.to_string()))?,
    };
    let keep =
        cookie::get(&headers, cookie::SESSION).map(|t| crate::game::SecretHash::of(&t).to_stored());
    app.ctx
        .store
        .write(Write::Account(AccountWrite::Password {
            user_id: u.id.0,
            password_hash: hash,
            keep,
        }))
        .await
        .map_err(stored)?;
    Ok(Json(Done { ok: true }))
}

fn data_key(key: &str) -> Result<&'static str, ApiError> {
    DATA_KEYS
        .iter()
        .find(|k| **k == key)
        .copied()
        .ok_or_else(|| ApiError::not_found(format!("no kept data named {key:?}")))
}

/// `GET /api/account/data/{key}`: the JSON kept under `key` (`null` if none).
async fn get_data(
    State(app): State<Arc<AppState>>,
    headers: HeaderMap,
    key: Segment,
) -> Result<Response, ApiError> {
    let key = data_key(&segment(key)?)?;
    let Some(u) = app.viewer(&headers).await? else {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "not_signed_in",
            "sign in first",
        ));
    };
    let v = app
        .ctx
        .store
        .user_data(&u.id.0, key)
        .await
        .map_err(stored)?
        .unwrap_or_else(|| "null".into());
    Ok((
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        v,
    )
        .into_response())
}

/// `PUT /api/account/data/{key}` (any JSON, at most 64 KiB; `prefs` must be
/// [`Prefs`]).
async fn put_data(
    State(app): State<Arc<AppState>>,
    headers: HeaderMap,
    key: Segment,
    body: Body,
) -> Result<Json<Done>, ApiError> {
    let key = data_key(&segment(key)?)?;
    let u = app.signed_in(&headers).await?;
    let body = body_of(body)?;
    if body.len() > MAX_DATA {
        return Err(ApiError::too_large(format!(
            "kept data is at most {MAX_DATA} bytes"
        )));
    }
    let value: serde_json::Value = serde_json::from_slice(&body)
        .map_err(|e| ApiError::bad_request("bad_request", e.to_string()))?;
    if key == "prefs" {
        let p: Prefs = serde_json::from_value(value.clone())
            .map_err(|e| ApiError::bad_request("bad_prefs", e.to_string()))?;
        if !p.valid() {
            return Err(ApiError::bad_request(
                "bad_prefs",
                "lang is zh-CN, zh-TW or en; pieces flat, relief or cartoon; board wood, jade or ocean",
            ));
        }
    }
    app.ctx
        .store
        .write(Write::Account(AccountWrite::Data {
            user_id: u.id.0,
            key: key.to_string(),
            value: value.to_string(),
            at: unix_ms(),
        }))
        .await
        .map_err(stored)?;
    Ok(Json(Done { ok: true }))
}

/// `POST /api/admin/users/{name}/close`: an admin closes an account (403
/// `forbidden` for others, 404 for an unknown or already closed name); its
/// sessions end and it can no longer log in.
async fn close(
    State(app): State<Arc<AppState>>,
    headers: HeaderMap,
    name: Segment,
) -> Result<Json<Done>, ApiError> {
    let u = app.signed_in(&headers).await?;
    let name = segment(name)?;
    if !u.admin {
        return Err(ApiError::forbidden("only an admin closes accounts"));
    }
    let Some(n) = UserName::parse(&name) else {
        return Err(ApiError::not_found("no such user"));
    };
    let Some(target) = app
        .ctx
        .store
        .user_by_key(n.key())
        .await
        .map_err(stored)?
        .filter(|t| t.closed_at.is_none())
    else {
        return Err(ApiError::not_found("no such user"));
    };
    if target.id == u.id.0 {
        return Err(ApiError::conflict(
            "close_self",
            "an admin does not close their own account",
        ));
    }
    app.ctx
        .store
        .write(Write::Account(AccountWrite::Close {
            user_id: target.id,
            at: unix_ms(),
        }))
        .await
        .map_err(stored)?;
    Ok(Json(Done { ok: true }))
}
