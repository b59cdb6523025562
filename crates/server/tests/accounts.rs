//! Accounts over HTTP: sign-up and log-in set the session cookies (HttpOnly,
//! SameSite) and the signed-in user is found again; the first account is the
//! admin; names are unique without regard to case; a wrong password, an unknown
//! name and a closed account get the same answer; changes need the CSRF token.

mod common;

use guoxiang_server::accounts::client::Client;
use serde_json::json;

const PASS: &str = "correct horse battery";

#[tokio::test]
async fn sign_up_signs_in_and_the_first_account_is_the_admin() {
    let srv = common::manual("acc-signup").await;
    let mut a = Client::new(srv.addr);
    let (s, me) = a.signup("Alice_1", PASS).await;
    assert_eq!(s, 201, "{me}");
    assert_eq!(
        (me["name"].as_str(), me["admin"].as_bool()),
        (Some("Alice_1"), Some(true))
    );
    let (s, me) = a.json("GET", "/api/account", None).await;
    assert_eq!(s, 200, "{me}");
    assert_eq!(me["name"], "Alice_1");

    let mut b = Client::new(srv.addr);
    let (s, me) = b.signup("bob", PASS).await;
    assert_eq!(s, 201, "{me}");
    assert_eq!(me["admin"], false, "only the first account is an admin");

    // The state's own view of the sessions and names.
    let state = &srv.running.as_ref().expect("running").state;
    let u = state
        .user_named("ALICE_1")
        .await
        .expect("read")
        .expect("found");
    assert_eq!((u.name.as_str(), u.admin), ("Alice_1", true));
    assert!(state.user_named("nobody").await.expect("read").is_none());
    assert!(state.user_named("").await.expect("read").is_none());
}

#[tokio::test]
async fn a_name_is_taken_without_regard_to_case_and_bad_input_is_refused() {
    let srv = common::manual("acc-names").await;
    let mut a = Client::new(srv.addr);
    assert_eq!(a.signup("Carol", PASS).await.0, 201);
    let mut b = Client::new(srv.addr);
    let (s, e) = b.signup("carol", PASS).await;
    assert_eq!((s, e["error"].as_str()), (409, Some("name_taken")), "{e}");
    for (name, pass, code) in [
        ("ab", PASS, "bad_name"),
        ("with space", PASS, "bad_name"),
        ("象棋大师", PASS, "bad_name"),
        ("abcdefghijklmnopqrstu", PASS, "bad_name"),
        ("dave", "short", "bad_password"),
    ] {
        let (s, e) = b.signup(name, pass).await;
        assert_eq!((s, e["error"].as_str()), (400, Some(code)), "{name}: {e}");
    }
    let (s, e) = b
        .json("POST", "/api/account/signup", Some(json!({"name": 5})))
        .await;
    assert_eq!((s, e["error"].as_str()), (400, Some("bad_request")), "{e}");
    let a2 = b
        .send("POST", "/api/account/login", Some("{not json"), &[])
        .await;
    assert_eq!(a2.status, 400, "{}", a2.body);
    assert!(b.cookies.is_empty(), "no session after refusals");
}

#[tokio::test]
async fn log_in_with_the_right_password_only_and_the_same_answer_for_an_unknown_name() {
    let srv = common::manual("acc-login").await;
    let mut a = Client::new(srv.addr);
    assert_eq!(a.signup("erin", PASS).await.0, 201);
    let mut b = Client::new(srv.addr);
    let (s, wrong) = b.login("erin", "not the password").await;
    assert_eq!(s, 401, "{wrong}");
    let (s, unknown) = b.login("nobody_here", "not the password").await;
    assert_eq!(s, 401, "{unknown}");
    assert_eq!(
        wrong, unknown,
        "an unknown name and a wrong password read the same"
    );
    assert_eq!(wrong["error"], "bad_credentials");
    assert!(b.cookies.is_empty());
    let (s, me) = b.login("ERIN", PASS).await;
    assert_eq!((s, me["name"].as_str()), (200, Some("erin")), "{me}");
    assert_eq!(b.json("GET", "/api/account", None).await.0, 200);
}

#[tokio::test]
async fn the_session_cookies_are_http_only_and_same_site() {
    let srv = common::manual("acc-cookies").await;
    let mut a = Client::new(srv.addr);
    let body = json!({"name": "frank", "password": PASS}).to_string();
    let ans = a
        .send("POST", "/api/account/signup", Some(&body), &[])
        .await;
    assert_eq!(ans.status, 201, "{}", ans.body);
    let cookies = ans.set_cookies();
    let session = cookies
        .iter()
        .find(|c| c.starts_with("gx_session="))
        .expect("session cookie");
    let csrf = cookies
        .iter()
        .find(|c| c.starts_with("gx_csrf="))
        .expect("csrf cookie");
    for flag in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(session.contains(flag), "{session} lacks {flag}");
    }
    assert!(!session.contains("Secure"), "plain http: no Secure");
    assert!(
        csrf.contains("SameSite=Strict") && !csrf.contains("HttpOnly"),
        "{csrf}"
    );
    let token = session["gx_session=".len()..]
        .split(';')
        .next()
        .unwrap_or("");
    assert_eq!(token.len(), 32, "a 128-bit token in hex");

    // Behind an https proxy the cookies are Secure.
    let body = json!({"name": "frank", "password": PASS}).to_string();
    let mut b = Client::new(srv.addr);
    let ans = b
        .send(
            "POST",
            "/api/account/login",
            Some(&body),
            &[("X-Forwarded-Proto", "https")],
        )
        .await;
    assert_eq!(ans.status, 200, "{}", ans.body);
    assert!(
        ans.set_cookies().iter().all(|c| c.contains("; Secure")),
        "{:?}",
        ans.set_cookies()
    );
}

#[tokio::test]
async fn a_change_without_the_csrf_token_or_with_a_wrong_one_is_refused() {
    let srv = common::manual("acc-csrf").await;
    let mut a = Client::new(srv.addr);
    assert_eq!(a.signup("grace", PASS).await.0, 201);
    let prefs = json!({"lang": "zh-TW"}).to_string();
    for token in ["", "0123456789abcdef0123456789abcdef"] {
        let ans = a
            .send(
                "PUT",
                "/api/account/data/prefs",
                Some(&prefs),
                &[("x-csrf-token", token)],
            )
            .await;
        assert_eq!(
            (ans.status, ans.json()["error"].as_str()),
            (403, Some("csrf")),
            "{}",
            ans.body
        );
    }
    // With the cookie's token: accepted, and read back in `me`.
    let (s, v) = a
        .json(
            "PUT",
            "/api/account/data/prefs",
            Some(json!({"lang": "zh-TW"})),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    let (_, me) = a.json("GET", "/api/account", None).await;
    assert_eq!(me["prefs"], json!({"lang": "zh-TW"}));
    // Without a session: 401.
    let mut anon = Client::new(srv.addr);
    let (s, e) = anon
        .json("PUT", "/api/account/data/prefs", Some(json!({})))
        .await;
    assert_eq!(
        (s, e["error"].as_str()),
        (401, Some("not_signed_in")),
        "{e}"
    );
    let state = &srv.running.as_ref().expect("running").state;
    assert!(state
        .viewer(&Default::default())
        .await
        .expect("read")
        .is_none());
}

/// The median time of three failed log-ins as `name`.
async fn median_failure(c: &mut Client, name: &str) -> std::time::Duration {
    let mut times = Vec::new();
    for _ in 0..3 {
        let t = std::time::Instant::now();
        assert_eq!(c.login(name, "not the password").await.0, 401);
        times.push(t.elapsed());
    }
    times.sort();
    times[1]
}

#[tokio::test]
async fn an_unknown_name_takes_about_as_long_as_a_wrong_password() {
    let srv = common::manual("acc-timing").await;
    let mut a = Client::new(srv.addr);
    assert_eq!(a.signup("quinn", PASS).await.0, 201);
    let mut b = Client::new(srv.addr);
    let known = median_failure(&mut b, "quinn").await;
    let unknown = median_failure(&mut b, "nobody_at_all").await;
    // Without the dummy hash an unknown name would answer in a fraction of a millisecond
    // against the tens (release) or hundreds (debug) of an argon2id check.
    assert!(
        unknown * 4 > known,
        "unknown name {unknown:?} against a wrong password {known:?}"
    );
}
