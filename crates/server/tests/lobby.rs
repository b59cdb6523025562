//! The lobby over HTTP and its WebSocket, on SQLite (issue 19): a seek is seen
//! live by the hall's sockets and accepted into a game between the two accounts
//! (both players hear `started`, each gets only their own seat); nobody accepts
//! their own seek or one outside its rating range; a seek goes with its owner's
//! last socket; quick pairing pairs two players and never one with oneself;
//! challenges reach the named user only, who may decline or accept; visitors
//! without an account watch but cannot play; bad messages are answered as typed
//! errors.

mod common;

use common::{real, Srv, Ws, WAIT};
use guoxiang_server::accounts::client::Client;
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

async fn user(srv: &Srv, name: &str) -> Client {
    let mut c = Client::new(srv.addr);
    let (s, v) = c.signup(name, "a long enough password").await;
    assert_eq!(s, 201, "{v}");
    c
}

/// A lobby socket in `room` with `c`'s session (or none).
async fn socket(srv: &Srv, c: Option<&Client>, room: &str) -> Ws {
    let url = format!("ws://{}/api/lobby/ws?room={room}", srv.addr);
    let mut req = url.into_client_request().expect("request");
    if let Some(c) = c {
        let cookies: Vec<String> = c.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect();
        req.headers_mut()
            .insert("cookie", cookies.join("; ").parse().expect("header"));
    }
    let (stream, _) = tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(req))
        .await
        .expect("connect in time")
        .expect("websocket connects");
    let mut ws = Ws {
        stream,
        seen: Vec::new(),
    };
    ws.until(|v| v["t"] == "hello").await;
    ws
}

fn has_seek(v: &Value, id: &str) -> bool {
    v["t"] == "update"
        && v["seeks_added"]
            .as_array()
            .is_some_and(|a| a.iter().any(|s| s["id"] == id))
}

/// Polls `GET /api/lobby` (as `c`) until `pred` holds.
async fn lobby_until(c: &mut Client, room: &str, pred: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let (s, v) = c
            .json("GET", &format!("/api/lobby?room={room}"), None)
            .await;
        assert_eq!(s, 200, "{v}");
        if pred(&v) {
            return v;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "timed out; last {v}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn seek(c: &mut Client, body: Value) -> String {
    let (s, v) = c.json("POST", "/api/lobby/seeks", Some(body)).await;
    assert_eq!(s, 201, "{v}");
    v["id"].as_str().expect("id").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_is_seen_live_and_accepted_into_a_game_between_the_two_accounts() {
    let srv = real("lobby-accept").await;
    let mut alice = user(&srv, "alice").await;
    let mut bob = user(&srv, "bob").await;
    let mut a_ws = socket(&srv, Some(&alice), "blitz").await;
    let mut b_ws = socket(&srv, Some(&bob), "blitz").await;
    let id = seek(
        &mut alice,
        json!({"clock": "3+2", "rated": true, "color": "white", "room": "blitz"}),
    )
    .await;
    let u = b_ws.until(|v| has_seek(v, &id)).await;
    let s = &u["seeks_added"][0];
    assert_eq!(
        (s["user"].as_str(), s["clock"].as_str()),
        (Some("alice"), Some("3+2"))
    );
    assert_eq!(
        (s["speed"].as_str(), s["rated"].as_bool()),
        (Some("blitz"), Some(true))
    );
    assert_eq!(s["rating"], 1500);
    // Another hall does not list it.
    let main = lobby_until(&mut bob, "main", |_| true).await;
    assert!(
        main["seeks"].as_array().is_some_and(|a| a.is_empty()),
        "{main}"
    );
    b_ws.send(json!({"t": "accept", "id": 1, "seek": id})).await;
    let ok = b_ws.answer().await;
    assert_eq!(ok["t"], "ok", "{ok}");
    let started_b = b_ws.until(|v| v["t"] == "started").await;
    let started_a = a_ws.until(|v| v["t"] == "started").await;
    let game = started_a["game"].as_str().expect("game").to_string();
    assert_eq!(started_b["game"], game);
    assert_eq!(
        (started_a["color"].as_str(), started_b["color"].as_str()),
        (Some("white"), Some("black"))
    );
    // Each gets only their own seat; a third user none.
    let (s, seat) = bob
        .json("GET", &format!("/api/games/{game}/seat"), None)
        .await;
    assert_eq!((s, seat["color"].as_str()), (200, Some("black")), "{seat}");
    let (s, seat) = alice
        .json("GET", &format!("/api/games/{game}/seat"), None)
        .await;
    assert_eq!((s, seat["color"].as_str()), (200, Some("white")), "{seat}");
    let mut carol = user(&srv, "carol").await;
    let (s, _) = carol
        .json("GET", &format!("/api/games/{game}/seat"), None)
        .await;
    assert_eq!(s, 403);
    // The hall lists the game with its watch link, the seek is gone.
    let v = lobby_until(&mut carol, "blitz", |v| {
        v["games"].as_array().is_some_and(|g| !g.is_empty())
    })
    .await;
    assert!(v["seeks"].as_array().is_some_and(|a| a.is_empty()), "{v}");
    assert_eq!(v["games"][0]["watch_url"], format!("/watch/{game}"));
    assert_eq!(
        (
            v["games"][0]["white"].as_str(),
            v["games"][0]["black"].as_str()
        ),
        (Some("alice"), Some("bob"))
    );
    // A second accept finds nothing.
    let (s, e) = carol
        .json("POST", &format!("/api/lobby/seeks/{id}/accept"), None)
        .await;
    assert_eq!((s, e["error"].as_str()), (404, Some("no_such_seek")), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nobody_accepts_their_own_seek_or_one_outside_its_rating_range() {
    let srv = real("lobby-refusals").await;
    let mut alice = user(&srv, "alice").await;
    let mut bob = user(&srv, "bob").await;
    let id = seek(
        &mut alice,
        json!({"clock": "10+5", "rated": true, "min_rating": 1600}),
    )
    .await;
    let (s, e) = alice
        .json("POST", &format!("/api/lobby/seeks/{id}/accept"), None)
        .await;
    assert_eq!((s, e["error"].as_str()), (409, Some("own_seek")), "{e}");
    // bob has 1500: below the range.
    let (s, e) = bob
        .json("POST", &format!("/api/lobby/seeks/{id}/accept"), None)
        .await;
    assert_eq!((s, e["error"].as_str()), (409, Some("out_of_range")), "{e}");
    // Only the owner withdraws it.
    let (s, _) = bob
        .json("DELETE", &format!("/api/lobby/seeks/{id}"), None)
        .await;
    assert_eq!(s, 404);
    let (s, _) = alice
        .json("DELETE", &format!("/api/lobby/seeks/{id}"), None)
        .await;
    assert_eq!(s, 204);
    let (s, _) = bob
        .json("POST", &format!("/api/lobby/seeks/{id}/accept"), None)
        .await;
    assert_eq!(s, 404);
    for (body, code) in [
        (json!({"clock": "0+0", "rated": true}), "bad_clock"),
        (
            json!({"clock": "5+3", "rated": true, "min_rating": 1800, "max_rating": 1200}),
            "bad_range",
        ),
        (
            json!({"clock": "5+3", "rated": true, "room": "attic"}),
            "bad_request",
        ),
        (json!({"clock": "5+3"}), "bad_request"),
    ] {
        let (s, e) = alice
            .json("POST", "/api/lobby/seeks", Some(body.clone()))
            .await;
        assert_eq!((s, e["error"].as_str()), (400, Some(code)), "{body} -> {e}");
    }
    let (s, e) = alice
        .json(
            "POST",
            "/api/lobby/pool",
            Some(json!({"clock": "7+0", "rated": true})),
        )
        .await;
    assert_eq!(
        (s, e["error"].as_str()),
        (400, Some("bad_pool_clock")),
        "{e}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_goes_when_its_owners_last_socket_closes() {
    let srv = real("lobby-leave").await;
    let alice = user(&srv, "alice").await;
    let mut bob = user(&srv, "bob").await;
    let mut one = socket(&srv, Some(&alice), "main").await;
    let two = socket(&srv, Some(&alice), "club").await;
    one.send(json!({"t": "seek", "id": "s", "clock": "5+0", "rated": false}))
        .await;
    let ok = one.answer().await;
    let id = ok["seek"].as_str().expect("seek id").to_string();
    let v = lobby_until(&mut bob, "main", |v| v["seeks"][0]["id"] == id).await;
    assert_eq!(v["players"][0]["name"], "alice", "{v}");
    assert_eq!(v["players"][0]["rooms"], json!(["main", "club"]));
    one.close().await;
    // Still open on the other page.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let v = lobby_until(&mut bob, "main", |_| true).await;
    assert_eq!(v["seeks"][0]["id"], id, "{v}");
    two.close().await;
    let v = lobby_until(&mut bob, "main", |v| {
        v["seeks"].as_array().is_some_and(|a| a.is_empty())
    })
    .await;
    assert!(v["players"].as_array().is_some_and(|p| p.is_empty()), "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_pairing_pairs_two_players_and_never_one_with_oneself() {
    let srv = real("lobby-pool").await;
    let alice = user(&srv, "alice").await;
    let mut bob = user(&srv, "bob").await;
    let mut a1 = socket(&srv, Some(&alice), "main").await;
    let mut a2 = socket(&srv, Some(&alice), "main").await;
    a1.send(json!({"t": "pool", "clock": "3+2", "rated": true}))
        .await;
    assert_eq!(a1.answer().await["t"], "ok");
    a2.send(json!({"t": "pool", "clock": "3+2", "rated": true}))
        .await;
    assert_eq!(a2.answer().await["t"], "ok");
    let p = a1.until(|v| v["t"] == "pool" && !v["pool"].is_null()).await;
    assert_eq!(p["pool"]["clock"], "3+2");
    // Two entries of one user for a few pairing rounds: no game.
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let (s, v) = bob.json("GET", "/api/lobby", None).await;
    assert_eq!(s, 200);
    assert!(v["games"].as_array().is_some_and(|g| g.is_empty()), "{v}");
    assert!(!a1.seen.iter().any(|m| m["t"] == "started"));
    // bob joins over HTTP: paired with alice.
    let (s, e) = bob
        .json(
            "POST",
            "/api/lobby/pool",
            Some(json!({"clock": "3+2", "rated": true})),
        )
        .await;
    assert_eq!(s, 204, "{e}");
    let started = a1.until(|v| v["t"] == "started").await;
    let game = started["game"].as_str().expect("game").to_string();
    a2.until(|v| v["t"] == "started").await;
    let v = lobby_until(&mut bob, "main", |v| {
        v["started"].as_array().is_some_and(|s| !s.is_empty())
    })
    .await;
    assert_eq!(v["started"][0]["game"], game);
    assert_ne!(v["started"][0]["color"], started["color"]);
    assert!(v["pool"].is_null(), "{v}");
    let (s, seat) = bob
        .json("GET", &format!("/api/games/{game}/seat"), None)
        .await;
    assert_eq!((s, &seat["color"]), (200, &v["started"][0]["color"]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_reaches_the_named_user_who_may_decline_or_accept() {
    let srv = real("lobby-challenge").await;
    let alice = user(&srv, "alice").await;
    let mut bob = user(&srv, "bob").await;
    let mut carol = user(&srv, "carol").await;
    let mut a = socket(&srv, Some(&alice), "main").await;
    let mut b = socket(&srv, Some(&bob), "main").await;
    a.send(json!({"t": "challenge", "user": "BOB", "clock": "15+10", "rated": false, "color": "black"}))
        .await;
    let id = a.answer().await["seek"].as_str().expect("id").to_string();
    let c = b.until(|v| v["t"] == "challenge").await;
    assert_eq!(
        (
            c["challenge"]["from"].as_str(),
            c["challenge"]["to"].as_str()
        ),
        (Some("alice"), Some("bob"))
    );
    // Not a seek: nobody else sees or takes it.
    let (s, v) = carol.json("GET", "/api/lobby", None).await;
    assert_eq!(s, 200);
    assert!(
        v["seeks"].as_array().is_some_and(|a| a.is_empty())
            && v["challenges"].as_array().is_some_and(|a| a.is_empty()),
        "{v}"
    );
    let (s, _) = carol
        .json("POST", &format!("/api/lobby/challenges/{id}/accept"), None)
        .await;
    assert_eq!(s, 404);
    b.send(json!({"t": "decline", "challenge": id})).await;
    assert_eq!(b.answer().await["t"], "ok");
    let d = a.until(|v| v["t"] == "declined").await;
    assert_eq!(d["by"], "bob");
    assert!(a
        .seen
        .iter()
        .any(|v| v["t"] == "challenge_gone" && v["id"] == id));
    // Again; accepted over HTTP this time.
    a.send(json!({"t": "challenge", "user": "bob", "clock": "15+10", "rated": false, "color": "black"}))
        .await;
    let id = a.answer().await["seek"].as_str().expect("id").to_string();
    let (s, g) = bob
        .json("POST", &format!("/api/lobby/challenges/{id}/accept"), None)
        .await;
    assert_eq!((s, g["color"].as_str()), (200, Some("white")), "{g}");
    let st = a.until(|v| v["t"] == "started").await;
    assert_eq!(
        (st["game"].clone(), st["color"].as_str()),
        (g["game"].clone(), Some("black"))
    );
    for (body, status, code) in [
        (
            json!({"t": "challenge", "user": "alice", "clock": "5+0", "rated": false}),
            409,
            "self_challenge",
        ),
        (
            json!({"t": "challenge", "user": "nobody", "clock": "5+0", "rated": false}),
            404,
            "no_such_user",
        ),
    ] {
        a.send(body).await;
        let e = a.answer().await;
        assert_eq!(
            (e["t"].as_str(), e["error"].as_str()),
            (Some("error"), Some(code)),
            "{status} {e}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn visitors_watch_but_cannot_play_and_bad_messages_are_typed_errors() {
    let srv = real("lobby-anon").await;
    let mut anon = socket(&srv, None, "main").await;
    let hello = anon.seen[0].clone();
    assert!(hello["lobby"]["you"].is_null(), "{hello}");
    assert_eq!(hello["lobby"]["rooms"].as_array().map(Vec::len), Some(6));
    anon.send(json!({"t": "seek", "id": 3, "clock": "5+0", "rated": false}))
        .await;
    let e = anon.answer().await;
    assert_eq!(
        (e["error"].as_str(), &e["id"]),
        (Some("not_signed_in"), &json!(3)),
        "{e}"
    );
    for bad in [
        "{",
        "[1]",
        r#"{"t":"fly"}"#,
        r#"{"t":"seek","clock":"5+0","rated":false,"x":1}"#,
    ] {
        anon.send_text(bad).await;
        let e = anon.answer().await;
        assert_eq!(e["error"], "bad_message", "{bad} -> {e}");
    }
    anon.send(json!({"t": "ping", "id": "p"})).await;
    assert_eq!(anon.until(|v| v["t"] == "pong").await["id"], "p");
    let mut nobody = Client::new(srv.addr);
    let (s, e) = nobody
        .json(
            "POST",
            "/api/lobby/seeks",
            Some(json!({"clock": "5+0", "rated": false})),
        )
        .await;
    assert_eq!(
        (s, e["error"].as_str()),
        (401, Some("not_signed_in")),
        "{e}"
    );
    let (s, e) = nobody.json("GET", "/api/lobby?room=attic", None).await;
    assert_eq!((s, e["error"].as_str()), (404, Some("no_such_room")), "{e}");
    // A signed-in user's CSRF token is checked on HTTP writes.
    let mut alice = user(&srv, "alice").await;
    let a = alice
        .send(
            "POST",
            "/api/lobby/seeks",
            Some(r#"{"clock":"5+0","rated":false}"#),
            &[("x-csrf-token", "wrong")],
        )
        .await;
    assert_eq!(a.status, 403, "{}", a.body);
    // Another site's page may open the socket with the session, not act.
    let url = format!("ws://{}/api/lobby/ws", srv.addr);
    let mut req = url.into_client_request().expect("request");
    let cookies: Vec<String> = alice
        .cookies
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    req.headers_mut()
        .insert("cookie", cookies.join("; ").parse().expect("header"));
    req.headers_mut()
        .insert("origin", "https://evil.example".parse().expect("header"));
    let (stream, _) = tokio_tungstenite::connect_async(req)
        .await
        .expect("connects");
    let mut evil = Ws {
        stream,
        seen: Vec::new(),
    };
    evil.until(|v| v["t"] == "hello").await;
    evil.send(json!({"t": "seek", "clock": "5+0", "rated": false}))
        .await;
    assert_eq!(evil.answer().await["error"], "forbidden");
    let (s, v) = alice.json("GET", "/api/lobby", None).await;
    assert_eq!(s, 200);
    assert!(v["seeks"].as_array().is_some_and(|a| a.is_empty()), "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_processs_sockets_and_their_users_seeks_are_swept() {
    use guoxiang_server::store::lobby::{LobbyWrite, PresenceRow, SeekRow};
    use guoxiang_server::store::{unix_ms, Write};
    let srv = real("lobby-sweep").await;
    let mut alice = user(&srv, "alice").await;
    let (_, me) = alice.json("GET", "/api/account", None).await;
    let store = srv
        .running
        .as_ref()
        .expect("running")
        .state
        .ctx
        .store
        .clone();
    // alice's id, as the lobby knows it: from a seek of hers.
    let id = seek(&mut alice, json!({"clock": "5+0", "rated": false})).await;
    let row = store.lobby_seek(&id).await.expect("read").expect("seek");
    let user_id = row.row.user_id.clone();
    assert_eq!(row.user_name, me["name"].as_str().unwrap_or("alice"));
    // A socket of another process that stopped refreshing 31 s ago, and a seek made on it.
    let now = unix_ms();
    let dead = PresenceRow {
        conn: "dead-1".into(),
        user_id: Some(user_id.clone()),
        process: "dead".into(),
        room: "main".into(),
        rating: 1500,
        rank: "3k".into(),
        seen_at: now - 31_000,
    };
    let on_socket = SeekRow {
        id: "deadseek".into(),
        kind: "seek".into(),
        expires_at: None,
        created_at: now - 31_000,
        ..row.row.clone()
    };
    store
        .write_all(vec![
            Write::Lobby(LobbyWrite::Enter(dead)),
            Write::Lobby(LobbyWrite::Seek(on_socket)),
        ])
        .await
        .expect("written");
    let before = store.lobby(0).await.expect("read");
    assert!(before.seeks.iter().any(|s| s.row.id == "deadseek"));
    assert_eq!(before.presence.len(), 1);
    store
        .write(Write::Lobby(LobbyWrite::Sweep { now }))
        .await
        .expect("swept");
    let after = store.lobby(0).await.expect("read");
    assert!(after.presence.is_empty(), "the dead process's socket goes");
    assert!(
        !after.seeks.iter().any(|s| s.row.id == "deadseek"),
        "and the seek made on it"
    );
    // The seek made over HTTP lives on until it expires.
    assert!(after.seeks.iter().any(|s| s.row.id == id));
    assert!(after.version > before.version);
    store
        .write(Write::Lobby(LobbyWrite::Sweep {
            now: now + 11 * 60_000,
        }))
        .await
        .expect("swept");
    let later = store.lobby(0).await.expect("read");
    assert!(later.seeks.is_empty(), "expired after 10 minutes");
}
