//! `kill -9` of a real server process (the harness of tests/common/kill9.rs):
//! a standing rematch offer, the rematch's id and the last notice come back
//! after a restart, and the rematch game is opened by the old secrets.

mod common;

use common::kill9::{self, temp, Server};
use serde_json::{json, Value};

/// The server process of the tests below: runs only when started by them.
#[test]
fn serve_as_child_process() {
    kill9::serve_if_child();
}

#[test]
fn a_rematch_offer_its_game_and_a_notice_survive_kill_9() {
    let dir = temp("rematch");
    let srv = Server::start(&dir, None);
    let (id, w, b) = srv.friend_game(json!("5+0"));
    srv.play(&id, &w, &b, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    let v = srv.act(&id, &w, json!({"t": "rematch"}));
    assert_eq!(v["rematch"]["offer"], "white", "{v}");
    srv.kill_9();

    let srv = Server::start(&dir, None);
    let v = srv.get(&id, Some(&b));
    assert_eq!(v["rematch"], json!({"offer": "white", "next": null}), "{v}");
    assert_eq!(v["may"]["decline_rematch"], true);
    let v = srv.act(&id, &b, json!({"t": "decline_rematch"}));
    assert_eq!(
        v["notice"],
        json!({"kind": "rematch_declined", "by": "black"})
    );
    srv.kill_9();

    let srv = Server::start(&dir, None);
    let v = srv.get(&id, Some(&w));
    assert_eq!(
        v["notice"],
        json!({"kind": "rematch_declined", "by": "black"}),
        "{v}"
    );
    assert!(srv.act(&id, &b, json!({"t": "rematch"}))["error"].is_null());
    let v = srv.act(&id, &w, json!({"t": "rematch"}));
    let next = v["rematch"]["next"].as_str().expect("next").to_string();
    srv.kill_9();

    let srv = Server::start(&dir, None);
    assert_eq!(srv.get(&id, None)["rematch"]["next"], json!(next));
    let g = srv.get(&next, Some(&b));
    assert_eq!(
        (&g["you"], &g["status"]),
        (&json!("white"), &json!("active")),
        "{g}"
    );
    // The old secrets play the new game; a draw declined in it is still heard
    // after one more crash.
    srv.play(&next, &b, &w, &["e2e4"]);
    assert!(srv.act(&next, &b, json!({"t": "offer_draw"}))["error"].is_null());
    assert!(srv.act(&next, &w, json!({"t": "decline_draw"}))["error"].is_null());
    srv.kill_9();

    let srv = Server::start(&dir, None);
    let g = srv.get(&next, None);
    assert_eq!(
        g["notice"],
        json!({"kind": "draw_declined", "by": "black"}),
        "{g}"
    );
    assert_eq!(g["moves"], json!(["e2e4"]));
    let v: Value = srv.act(&next, &w, json!({"t": "move", "uci": "e7e5"}));
    assert_eq!(v["notice"], Value::Null, "{v}");
    srv.kill_9();
    let _ = std::fs::remove_dir_all(&dir);
}
