//! The WebSocket of a finished game, and spectators: a finished game opens
//! (`hello` with the final state) for players and for anyone with the link, the
//! sockets stay open when a game ends, and the players see how many watch.

mod common;

use common::*;
use serde_json::{json, Value};

#[tokio::test]
async fn a_finished_game_opens_for_anyone_and_the_socket_stays_open() {
    let srv = manual("finished-ws").await;
    let (id, w, b) = srv.friend_game(Value::Null, None).await;
    for (s, m) in [(&w, "f2f3"), (&b, "e7e5"), (&w, "g2g4"), (&b, "d8h4")] {
        srv.mv(&id, s, m).await;
    }
    let mut watcher = srv.ws(&id, None).await;
    let hello = watcher.until(|v| v["t"] == "hello").await;
    assert_eq!(
        (&hello["state"]["status"], &hello["state"]["reason"]),
        (&json!("finished"), &json!("checkmate"))
    );
    assert_eq!(hello["state"]["moves"].as_array().map(Vec::len), Some(4));
    assert_eq!(hello["you"], Value::Null);
    assert_eq!(hello["may"]["rematch"], false);
    watcher.send(json!({"t": "ping", "id": 7})).await;
    let pong = watcher.until(|v| v["t"] == "pong").await;
    assert_eq!(pong, json!({"t": "pong", "id": 7}));
    watcher.send(json!({"t": "rematch", "id": 8})).await;
    assert_eq!(watcher.answer().await["error"], "forbidden");
    // The loser's own socket opens too, and may ask for a rematch.
    let mut white = srv.ws(&id, Some(&w)).await;
    let hello = white.until(|v| v["t"] == "hello").await;
    assert_eq!(
        (&hello["you"], &hello["may"]["rematch"]),
        (&json!("white"), &json!(true))
    );
    white.send(json!({"t": "rematch", "id": 1})).await;
    assert_eq!(white.answer().await["t"], "ok");
    watcher
        .until(|v| v["t"] == "state" && v["state"]["rematch"]["offer"] == "white")
        .await;
}

#[tokio::test]
async fn the_sockets_stay_open_when_the_game_ends() {
    let srv = manual("end-ws").await;
    let (id, w, b) = srv.friend_game(Value::Null, None).await;
    let mut white = srv.ws(&id, Some(&w)).await;
    white.until(|v| v["t"] == "hello").await;
    srv.mv(&id, &w, "e2e4").await;
    srv.ok(&id, &b, json!({"t": "resign"})).await;
    let last = white
        .until(|v| v["t"] == "state" && v["state"]["status"] == "finished")
        .await;
    assert_eq!(last["state"]["result"], "1-0");
    white.send(json!({"t": "ping", "id": 1})).await;
    assert_eq!(white.until(|v| v["t"] == "pong").await["id"], 1);
}

#[tokio::test]
async fn the_players_see_how_many_spectators_watch() {
    let srv = real("spectators").await;
    let (id, w, _b) = srv.friend_game(Value::Null, None).await;
    let mut white = srv.ws(&id, Some(&w)).await;
    let hello = white.until(|v| v["t"] == "hello").await;
    assert_eq!(hello["state"]["spectators"], 0);
    let mut one = srv.ws(&id, None).await;
    let mut two = srv.ws(&id, None).await;
    one.until(|v| v["t"] == "hello").await;
    two.until(|v| v["t"] == "hello").await;
    // At most one such state a second: the count arrives, maybe a second late.
    white
        .until(|v| v["t"] == "state" && v["state"]["spectators"] == 2)
        .await;
    assert_eq!(srv.get(&id, None).await["spectators"], 2);
    one.close().await;
    white
        .until(|v| v["t"] == "state" && v["state"]["spectators"] == 1)
        .await;
    two.close().await;
    white
        .until(|v| v["t"] == "state" && v["state"]["spectators"] == 0)
        .await;
}

#[tokio::test]
async fn a_finished_game_is_served_only_while_someone_watches() {
    let srv = manual("finished-task").await;
    let (id, secret) = srv.create(json!({"mode": "hotseat"})).await;
    srv.ok(&id, &secret, json!({"t": "resign"})).await;
    let live = |v: Value| v["live_games"].as_u64();
    let health = || async { srv.json("GET", "/api/health", None, None).await.1 };
    let deadline = std::time::Instant::now() + WAIT;
    while live(health().await) != Some(0) {
        assert!(std::time::Instant::now() < deadline, "the task ends");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let mut ws = srv.ws(&id, Some(&secret)).await;
    let hello = ws.until(|v| v["t"] == "hello").await;
    assert_eq!(hello["you"], "both");
    assert_eq!(live(health().await), Some(1));
    ws.close().await;
    while live(health().await) != Some(0) {
        assert!(std::time::Instant::now() < deadline, "the task ends again");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn a_watched_friend_game_that_ended_unjoined_cannot_be_joined() {
    let srv = manual("watched-join").await;
    let (s, v) = srv
        .json("POST", "/api/games", Some(json!({"mode": "friend"})), None)
        .await;
    assert_eq!(s, 201, "{v}");
    let id = v["id"].as_str().expect("id").to_string();
    let secret = v["secret"].as_str().expect("secret").to_string();
    srv.ok(&id, &secret, json!({"t": "abort"})).await;
    let mut watcher = srv.ws(&id, None).await;
    watcher.until(|v| v["t"] == "hello").await;
    let join = Some(json!({"key": v["join_key"]}));
    let (s, e) = srv
        .json("POST", &format!("/api/games/{id}/join"), join, None)
        .await;
    assert_eq!((s, e["error"].as_str()), (409, Some("game_over")), "{e}");
}
