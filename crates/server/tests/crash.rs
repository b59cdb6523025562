//! `kill -9` of a real server process. This test binary runs itself again as
//! the server (the test `serve_as_child_process`, which only serves when the
//! environment asks it to), kills it with SIGKILL mid-game, starts it again on
//! the same data directory, and checks what came back: the standing draw
//! offer, the takeback request, the bar on a new offer after a refusal, the
//! thinking time used before the crash (and not the downtime), and the abort
//! of a friend game nobody joined.

mod common;

use common::kill9::{self, temp, Server};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The server process of the tests below: runs only when started by them.
#[test]
fn serve_as_child_process() {
    kill9::serve_if_child();
}

#[test]
fn draw_offer_takeback_request_and_refusal_bar_survive_kill_9() {
    let dir = temp("offers");
    let srv = Server::start(&dir, None);
    let (id, w, b) = srv.friend_game(json!("5+0"));
    srv.play(&id, &w, &b, &["e2e4", "e7e5", "g1f3", "b8c6"]);
    // Black offers a draw right after its move and asks to take the move back.
    assert!(srv.act(&id, &b, json!({"t": "offer_draw"}))["error"].is_null());
    assert!(srv.act(&id, &b, json!({"t": "takeback_request"}))["error"].is_null());
    srv.kill_9();

    let srv = Server::start(&dir, None);
    let v = srv.get(&id, Some(&w));
    assert_eq!(v["moves"], json!(["e2e4", "e7e5", "g1f3", "b8c6"]));
    assert_eq!(
        (&v["draw_offer"], &v["takeback_request"]),
        (&json!("black"), &json!("black")),
        "{v}"
    );
    assert_eq!(
        (&v["may"]["accept_draw"], &v["may"]["accept_takeback"]),
        (&json!(true), &json!(true))
    );
    // White declines both: Black may not offer again until White has offered.
    assert!(srv.act(&id, &w, json!({"t": "decline_draw"}))["error"].is_null());
    assert!(srv.act(&id, &w, json!({"t": "takeback_decline"}))["error"].is_null());
    srv.play(&id, &w, &b, &["f1c4", "g8f6"]);
    srv.kill_9();

    let srv = Server::start(&dir, None);
    let v = srv.get(&id, Some(&b));
    assert_eq!(
        (&v["draw_offer"], &v["takeback_request"]),
        (&Value::Null, &Value::Null)
    );
    assert_eq!(v["may"]["offer_draw"], false, "{v}");
    let refused = srv.act(&id, &b, json!({"t": "offer_draw"}));
    assert_eq!(refused["error"], "offer_blocked", "{refused}");
    // White's own offer lifts the bar on Black.
    srv.play(&id, &w, &b, &["d2d3"]);
    assert!(srv.act(&id, &w, json!({"t": "offer_draw"}))["error"].is_null());
    assert!(srv.act(&id, &b, json!({"t": "decline_draw"}))["error"].is_null());
    let v = srv.act(&id, &b, json!({"t": "move", "uci": "f8c5"}));
    assert!(v["error"].is_null(), "{v}");
    let v = srv.act(&id, &b, json!({"t": "offer_draw"}));
    assert_eq!(v["draw_offer"], "black", "{v}");
    srv.kill_9();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn after_kill_9_the_side_to_move_is_charged_its_thinking_but_not_the_downtime() {
    let dir = temp("clock");
    let srv = Server::start(&dir, None);
    let (id, w, b) = srv.friend_game(json!("5+0"));
    srv.play(&id, &w, &b, &["e2e4", "e7e5", "g1f3", "b8c6"]);
    // White thinks 3 s, then the server dies and stays down 3 s.
    std::thread::sleep(Duration::from_millis(3_000));
    srv.kill_9();
    std::thread::sleep(Duration::from_millis(3_000));
    let srv = Server::start(&dir, None);
    let v = srv.get(&id, None);
    let white = v["clock"]["white_ms"].as_u64().expect("clock");
    let charged = 300_000 - white;
    // The heartbeat is written every second: between 2 and 3 s of the thinking
    // are charged (and a little time since the restart); none of the 3 s down.
    assert!(
        (1_900..=4_000).contains(&charged),
        "white was charged {charged} ms"
    );
    // Black, not to move, is charged nothing more than its own quick moves.
    let black = v["clock"]["black_ms"].as_u64().expect("clock");
    assert!(black > 299_000, "black has {black} ms");
    srv.kill_9();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_friend_game_nobody_joins_is_aborted_after_its_time_even_across_kill_9() {
    let dir = temp("unjoined");
    let timeout = 4_000;
    let srv = Server::start(&dir, Some(timeout));
    let created = srv.http(
        "POST",
        "/api/games",
        Some(json!({"mode": "friend", "color": "white"})),
        None,
    );
    let started = Instant::now();
    let id = created["id"].as_str().expect("id").to_string();
    assert_eq!(srv.get(&id, None)["status"], "waiting");
    srv.kill_9();
    let srv = Server::start(&dir, Some(timeout));
    let v = loop {
        let v = srv.get(&id, None);
        if v["status"] == "finished" {
            break v;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "{v}");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(started.elapsed() >= Duration::from_millis(timeout - 100));
    assert_eq!(
        (&v["result"], &v["reason"]),
        (&json!("*"), &json!("aborted"))
    );
    let join = srv.http(
        "POST",
        &format!("/api/games/{id}/join"),
        Some(json!({"key": created["join_key"]})),
        None,
    );
    assert_eq!(join["error"], "game_over", "{join}");
    srv.kill_9();
    let _ = std::fs::remove_dir_all(&dir);
}
