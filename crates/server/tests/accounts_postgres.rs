//! Accounts on PostgreSQL: the same SQL as on SQLite (migration 7) signs up, logs
//! in, keeps data, changes passwords, makes admins and closes accounts. Needs
//! `GUOXIANG_TEST_POSTGRES=postgres://…` (a scratch database; the test adds
//! users with unique names); without it the test says it was skipped and passes.

mod common;

use guoxiang_server::accounts::admin::{self, AdminMade};
use guoxiang_server::accounts::client::Client;
use guoxiang_server::time::TimeSource;
use serde_json::json;

const PASS: &str = "correct horse battery";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_work_on_postgres_as_on_sqlite() {
    let url = match std::env::var("GUOXIANG_TEST_POSTGRES") {
        Ok(u) if !u.is_empty() => u,
        _ => {
            eprintln!("skipped: set GUOXIANG_TEST_POSTGRES to run the PostgreSQL tests");
            return;
        }
    };
    let srv = common::start_with("acc-pg", TimeSource::manual(1_000_000), |c| {
        c.db = Some(url.clone())
    })
    .await;
    let tag = format!(
        "{:x}",
        std::process::id() ^ (guoxiang_server::store::unix_ms() as u32)
    );
    let (alice, bob) = (format!("pa{tag}"), format!("pb{tag}"));
    let state = srv.running.as_ref().expect("running").state.clone();

    let mut a = Client::new(srv.addr);
    let (s, me) = a.signup(&alice.to_uppercase(), PASS).await;
    assert_eq!(s, 201, "{me}");
    let (s, e) = Client::new(srv.addr).signup(&alice, PASS).await;
    assert_eq!((s, e["error"].as_str()), (409, Some("name_taken")));
    let mut b = Client::new(srv.addr);
    assert_eq!(b.signup(&bob, PASS).await.0, 201);
    assert_eq!(
        Client::new(srv.addr).login(&bob, "wrong password").await.0,
        401
    );
    assert_eq!(Client::new(srv.addr).login(&bob, PASS).await.0, 200);

    let (s, _) = a
        .json(
            "PUT",
            "/api/account/data/prefs",
            Some(json!({"board": "ocean"})),
        )
        .await;
    assert_eq!(s, 200);
    let (s, _) = a
        .json(
            "PUT",
            "/api/account/data/prefs",
            Some(json!({"board": "jade"})),
        )
        .await;
    assert_eq!(s, 200, "a second write replaces the first");
    let (_, me) = a.json("GET", "/api/account", None).await;
    assert_eq!(me["prefs"], json!({"board": "jade"}));

    let (s, _) = a
        .json(
            "POST",
            "/api/account/password",
            Some(json!({"old": PASS, "new": "a new password"})),
        )
        .await;
    assert_eq!(s, 200);
    assert_eq!(
        Client::new(srv.addr)
            .login(&alice, "a new password")
            .await
            .0,
        200
    );

    // Alice made admin from the command line's code, then closes Bob.
    let made = admin::create(&state.ctx.store, &alice, None)
        .await
        .expect("admin");
    assert_eq!(made, AdminMade::Promoted(alice.to_uppercase()));
    let (s, v) = a
        .json("POST", &format!("/api/admin/users/{bob}/close"), None)
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(b.json("GET", "/api/account", None).await.0, 401);
    assert_eq!(Client::new(srv.addr).login(&bob, PASS).await.0, 401);
    assert!(state.user_named(&bob).await.expect("read").is_none());
    assert!(
        state
            .user_named(&alice)
            .await
            .expect("read")
            .expect("open")
            .admin
    );
}
