//! Attacks on accounts: guessing passwords (rate limits per address and per
//! name, 429 with Retry-After, unknown names limited alike), one user acting
//! with another's CSRF token or on another's data, closing accounts (admins
//! only; a closed account cannot log in and its sessions end), password change
//! and log-out ending sessions.

mod common;

use guoxiang_server::accounts::client::Client;
use guoxiang_server::accounts::limit::Rate;
use guoxiang_server::accounts::AccountSettings;
use serde_json::json;

const PASS: &str = "correct horse battery";

fn limits(srv: &common::Srv, per_address: u32, per_name: u32) {
    let state = &srv.running.as_ref().expect("running").state;
    state.accounts.set_settings(AccountSettings {
        failures_per_address: Rate {
            burst: per_address,
            window_ms: 60_000,
        },
        failures_per_name: Rate {
            burst: per_name,
            window_ms: 60_000,
        },
        ..AccountSettings::default()
    });
}

#[tokio::test]
async fn failed_log_ins_of_one_name_are_rate_limited_with_retry_after_even_for_the_right_password()
{
    let srv = common::manual("acc-rate-name").await;
    limits(&srv, 100, 3);
    let mut a = Client::new(srv.addr);
    assert_eq!(a.signup("henry", PASS).await.0, 201);
    let mut b = Client::new(srv.addr);
    for _ in 0..3 {
        assert_eq!(b.login("henry", "wrong password").await.0, 401);
    }
    let body = json!({"name": "henry", "password": PASS}).to_string();
    let ans = b.send("POST", "/api/account/login", Some(&body), &[]).await;
    assert_eq!(ans.status, 429, "{}", ans.body);
    assert_eq!(ans.json()["error"], "rate_limited");
    assert_eq!(
        ans.header("retry-after"),
        Some("20"),
        "one try back per 20 s"
    );
    // Another name is not held back by this one.
    assert_eq!(b.login("someone_else", "wrong password").await.0, 401);
    // Once the bucket refills, the right password works.
    srv.time.advance(20_000);
    assert_eq!(b.login("henry", PASS).await.0, 200);
}

#[tokio::test]
async fn an_unknown_name_is_limited_exactly_like_a_known_one() {
    let srv = common::manual("acc-rate-enum").await;
    limits(&srv, 100, 2);
    let mut a = Client::new(srv.addr);
    assert_eq!(a.signup("irene", PASS).await.0, 201);
    let mut b = Client::new(srv.addr);
    let mut answers = Vec::new();
    for name in ["irene", "not_irene"] {
        let mut seq = Vec::new();
        for _ in 0..3 {
            let body = json!({"name": name, "password": "wrong password"}).to_string();
            let ans = b.send("POST", "/api/account/login", Some(&body), &[]).await;
            let retry = ans.header("retry-after").map(String::from);
            seq.push((ans.status, ans.body, retry));
        }
        answers.push(seq);
    }
    assert_eq!(
        answers[0], answers[1],
        "the answers tell nothing about which name exists"
    );
    assert_eq!(answers[0][2].0, 429);
}

#[tokio::test]
async fn failed_log_ins_from_one_address_are_limited_across_names() {
    let srv = common::manual("acc-rate-addr").await;
    limits(&srv, 4, 100);
    let mut b = Client::new(srv.addr);
    for i in 0..4 {
        assert_eq!(b.login(&format!("name{i}"), "wrong password").await.0, 401);
    }
    let (s, e) = b.login("name9", "wrong password").await;
    assert_eq!((s, e["error"].as_str()), (429, Some("rate_limited")), "{e}");
}

#[tokio::test]
async fn sign_ups_from_one_address_are_rate_limited() {
    let srv = common::manual("acc-rate-signup").await;
    let state = &srv.running.as_ref().expect("running").state;
    state.accounts.set_settings(AccountSettings {
        signups: Rate {
            burst: 2,
            window_ms: 3_600_000,
        },
        ..AccountSettings::default()
    });
    for (i, want) in [201, 201, 429].into_iter().enumerate() {
        let mut c = Client::new(srv.addr);
        let ans = c
            .send(
                "POST",
                "/api/account/signup",
                Some(&json!({"name": format!("user{i}"), "password": PASS}).to_string()),
                &[],
            )
            .await;
        assert_eq!(ans.status, want, "{}", ans.body);
        if want == 429 {
            assert!(ans.header("retry-after").is_some());
        }
    }
}

#[tokio::test]
async fn another_users_csrf_token_or_session_does_not_act_for_them() {
    let srv = common::manual("acc-other").await;
    let mut a = Client::new(srv.addr);
    let mut b = Client::new(srv.addr);
    assert_eq!(a.signup("judy", PASS).await.0, 201);
    assert_eq!(b.signup("karl", PASS).await.0, 201);
    // Karl's session with Judy's CSRF token: refused.
    let judy_csrf = a.cookies["gx_csrf"].clone();
    let ans = b
        .send(
            "PUT",
            "/api/account/data/gx.puzzles.v1",
            Some("{\"rating\":1}"),
            &[("x-csrf-token", &judy_csrf)],
        )
        .await;
    assert_eq!(
        (ans.status, ans.json()["error"].as_str()),
        (403, Some("csrf")),
        "{}",
        ans.body
    );
    // Each keeps their own data.
    let (s, _) = a
        .json(
            "PUT",
            "/api/account/data/gx.puzzles.v1",
            Some(json!({"rating": 1700})),
        )
        .await;
    assert_eq!(s, 200);
    let (_, mine) = b.json("GET", "/api/account/data/gx.puzzles.v1", None).await;
    assert_eq!(
        mine,
        serde_json::Value::Null,
        "Karl does not see Judy's progress"
    );
    let (_, hers) = a.json("GET", "/api/account/data/gx.puzzles.v1", None).await;
    assert_eq!(hers, json!({"rating": 1700}));
    // A forged session token is nobody.
    let mut forged = Client::new(srv.addr);
    forged.cookies.insert("gx_session".into(), "0".repeat(32));
    forged.cookies.insert("gx_csrf".into(), "0".repeat(32));
    let (s, e) = forged.json("GET", "/api/account", None).await;
    assert_eq!((s, e["error"].as_str()), (401, Some("not_signed_in")));
    // Unknown keys and oversized values are refused.
    let (s, _) = a
        .json("PUT", "/api/account/data/anything", Some(json!(1)))
        .await;
    assert_eq!(s, 404);
    let big = json!({"x": "y".repeat(70_000)});
    let (s, e) = a
        .json("PUT", "/api/account/data/gx.lessons.v1", Some(big))
        .await;
    assert_eq!(s, 413, "{e}");
    let (s, e) = a
        .json(
            "PUT",
            "/api/account/data/prefs",
            Some(json!({"board": "marble"})),
        )
        .await;
    assert_eq!((s, e["error"].as_str()), (400, Some("bad_prefs")));
}

#[tokio::test]
async fn only_an_admin_closes_accounts_and_a_closed_account_cannot_log_in() {
    let srv = common::manual("acc-close").await;
    let mut admin = Client::new(srv.addr);
    let mut user = Client::new(srv.addr);
    let mut other = Client::new(srv.addr);
    assert_eq!(admin.signup("root_admin", PASS).await.0, 201);
    assert_eq!(user.signup("leo", PASS).await.0, 201);
    assert_eq!(other.signup("mia", PASS).await.0, 201);
    let (s, e) = other.json("POST", "/api/admin/users/leo/close", None).await;
    assert_eq!((s, e["error"].as_str()), (403, Some("forbidden")), "{e}");
    let mut anon = Client::new(srv.addr);
    assert_eq!(
        anon.json("POST", "/api/admin/users/leo/close", None)
            .await
            .0,
        401
    );
    assert_eq!(
        user.json("GET", "/api/account", None).await.0,
        200,
        "still open"
    );

    let (s, v) = admin.json("POST", "/api/admin/users/LEO/close", None).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        user.json("GET", "/api/account", None).await.0,
        401,
        "its session ended"
    );
    let (s, e) = Client::new(srv.addr).login("leo", PASS).await;
    assert_eq!((s, e["error"].as_str()), (401, Some("bad_credentials")));
    let state = &srv.running.as_ref().expect("running").state;
    assert!(state.user_named("leo").await.expect("read").is_none());
    let (s, _) = admin.json("POST", "/api/admin/users/leo/close", None).await;
    assert_eq!(s, 404, "already closed");
    let (s, e) = Client::new(srv.addr).signup("Leo", PASS).await;
    assert_eq!(s, 409, "a closed name is not given again: {e}");
}

#[tokio::test]
async fn a_password_change_needs_the_old_one_and_ends_the_other_sessions() {
    let srv = common::manual("acc-password").await;
    let mut phone = Client::new(srv.addr);
    let mut laptop = Client::new(srv.addr);
    assert_eq!(phone.signup("nina", PASS).await.0, 201);
    assert_eq!(laptop.login("nina", PASS).await.0, 200);
    let (s, e) = phone
        .json(
            "POST",
            "/api/account/password",
            Some(json!({"old": "wrong password", "new": "a new password"})),
        )
        .await;
    assert_eq!(
        (s, e["error"].as_str()),
        (401, Some("bad_credentials")),
        "{e}"
    );
    let (s, e) = phone
        .json(
            "POST",
            "/api/account/password",
            Some(json!({"old": PASS, "new": "short"})),
        )
        .await;
    assert_eq!((s, e["error"].as_str()), (400, Some("bad_password")), "{e}");
    let (s, v) = phone
        .json(
            "POST",
            "/api/account/password",
            Some(json!({"old": PASS, "new": "a new password"})),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        phone.json("GET", "/api/account", None).await.0,
        200,
        "this session stays"
    );
    assert_eq!(
        laptop.json("GET", "/api/account", None).await.0,
        401,
        "the other ended"
    );
    assert_eq!(Client::new(srv.addr).login("nina", PASS).await.0, 401);
    assert_eq!(
        Client::new(srv.addr)
            .login("nina", "a new password")
            .await
            .0,
        200
    );

    // Log-out ends the session and clears the cookies.
    let (s, _) = phone.json("POST", "/api/account/logout", None).await;
    assert_eq!(s, 200);
    assert!(phone.cookies.is_empty(), "{:?}", phone.cookies);
    assert_eq!(phone.json("GET", "/api/account", None).await.0, 401);
}

#[tokio::test]
async fn a_session_older_than_thirty_days_is_nobody() {
    use guoxiang_server::game::SecretHash;
    use guoxiang_server::store::accounts::{AccountWrite, SessionRow, SESSION_MS};
    use guoxiang_server::store::{unix_ms, Write};
    let srv = common::manual("acc-expiry").await;
    let mut a = Client::new(srv.addr);
    assert_eq!(a.signup("olga", PASS).await.0, 201);
    let state = &srv.running.as_ref().expect("running").state;
    let u = state
        .user_named("olga")
        .await
        .expect("read")
        .expect("found");
    for (token, age, want) in [
        ("a1", SESSION_MS + 60_000, 401),
        ("b2", SESSION_MS - 60_000, 200),
    ] {
        let row = SessionRow {
            token_hash: SecretHash::of(token).to_stored(),
            user_id: u.id.0.clone(),
            csrf: "c".into(),
            created_at: unix_ms() - age,
        };
        state
            .ctx
            .store
            .write(Write::Account(AccountWrite::Session(row)))
            .await
            .expect("stored");
        let mut c = Client::new(srv.addr);
        c.cookies.insert("gx_session".into(), token.into());
        assert_eq!(c.json("GET", "/api/account", None).await.0, want, "{token}");
    }
}

#[tokio::test]
async fn unreadable_paths_and_bodies_get_json_errors() {
    let srv = common::manual("acc-junk").await;
    let mut a = Client::new(srv.addr);
    assert_eq!(a.signup("pete", PASS).await.0, 201);
    for (method, path, body) in [
        ("GET", "/api/account/data/%FF%FE", None),
        ("PUT", "/api/account/data/%FF", Some("{}")),
        ("POST", "/api/admin/users/%C3%28/close", None),
        ("PUT", "/api/account/data/prefs", Some("{\"lang\": 7}")),
        ("PUT", "/api/account/data/prefs", Some("not json")),
        ("POST", "/api/account/password", Some("[1,2]")),
        ("POST", "/api/account/login", Some("{\"name\": \"pete\"}")),
    ] {
        let ans = a.send(method, path, body, &[]).await;
        assert!(
            ans.status >= 400 && ans.status < 500,
            "{method} {path}: {}",
            ans.status
        );
        assert!(
            ans.json()["error"].is_string(),
            "{method} {path}: {}",
            ans.body
        );
    }
}
