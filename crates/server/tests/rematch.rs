//! Rematch after a finished game (docs/API.md): between friends an offer the
//! other accepts or declines, against the computer and on one device a new game
//! at once; the new game keeps the settings, swaps the colours and is opened by
//! the secrets the players already hold. And the notice of a refusal.

mod common;

use common::*;
use serde_json::{json, Value};

/// Fool's mate: Black wins in two moves.
async fn fools_mate(srv: &Srv, id: &str, w: &str, b: &str) {
    for (s, m) in [(w, "f2f3"), (b, "e7e5"), (w, "g2g4"), (b, "d8h4")] {
        srv.mv(id, s, m).await;
    }
    assert_eq!(srv.get(id, None).await["reason"], "checkmate");
}

fn next_of(v: &Value) -> String {
    v["rematch"]["next"]
        .as_str()
        .unwrap_or_else(|| panic!("no rematch game: {v}"))
        .to_string()
}

#[tokio::test]
async fn a_friend_rematch_needs_both_players_and_keeps_their_secrets() {
    let srv = manual("rematch-friend").await;
    let (id, w, b) = srv.friend_game(json!("3+2"), None).await;
    srv.refused(&id, Some(&w), json!({"t": "rematch"}), 409, "game_not_over")
        .await;
    fools_mate(&srv, &id, &w, &b).await;
    srv.refused(&id, None, json!({"t": "rematch"}), 403, "forbidden")
        .await;
    let v = srv.ok(&id, &w, json!({"t": "rematch"})).await;
    assert_eq!(v["rematch"], json!({"offer": "white", "next": null}));
    assert_eq!(
        (
            v["may"]["rematch"].clone(),
            v["may"]["decline_rematch"].clone()
        ),
        (json!(false), json!(false))
    );
    let black = srv.get(&id, Some(&b)).await;
    assert_eq!(
        (&black["may"]["rematch"], &black["may"]["decline_rematch"]),
        (&json!(true), &json!(true)),
        "{black}"
    );
    srv.refused(
        &id,
        Some(&w),
        json!({"t": "rematch"}),
        409,
        "rematch_already_offered",
    )
    .await;
    // Black accepts: the new game exists, joined, colours swapped.
    let v = srv.ok(&id, &b, json!({"t": "rematch"})).await;
    let next = next_of(&v);
    assert_eq!(v["rematch"]["offer"], Value::Null);
    let as_w = srv.get(&next, Some(&w)).await;
    assert_eq!(as_w["you"], "black");
    assert_eq!(srv.get(&next, Some(&b)).await["you"], "white");
    assert_eq!(
        (&as_w["status"], &as_w["joined"]),
        (&json!("active"), &json!(true))
    );
    assert_eq!(as_w["mode"], "friend");
    assert_eq!(as_w["clock"]["white_ms"], 180_000);
    assert_eq!(as_w["clock"]["control"]["periods"][0]["bonus_ms"], 2_000);
    // The new game is played with the old secrets; the old one is rematched once.
    srv.mv(&next, &b, "e2e4").await;
    srv.refused(
        &id,
        Some(&w),
        json!({"t": "rematch"}),
        409,
        "already_rematched",
    )
    .await;
}

#[tokio::test]
async fn a_declined_rematch_is_heard_by_the_one_who_offered() {
    let srv = manual("rematch-decline").await;
    let (id, w, b) = srv.friend_game(Value::Null, None).await;
    fools_mate(&srv, &id, &w, &b).await;
    srv.refused(
        &id,
        Some(&b),
        json!({"t": "decline_rematch"}),
        409,
        "no_offer",
    )
    .await;
    srv.ok(&id, &b, json!({"t": "rematch"})).await;
    let v = srv.ok(&id, &w, json!({"t": "decline_rematch"})).await;
    assert_eq!(
        v["notice"],
        json!({"kind": "rematch_declined", "by": "white"})
    );
    assert_eq!(v["rematch"], json!({"offer": null, "next": null}));
    let seen_by_black = srv.get(&id, Some(&b)).await;
    assert_eq!(seen_by_black["notice"]["kind"], "rematch_declined");
    // A new offer clears the notice.
    let v = srv.ok(&id, &b, json!({"t": "rematch"})).await;
    assert_eq!(v["notice"], Value::Null);
}

#[tokio::test]
async fn a_computer_rematch_starts_at_once_with_the_colours_swapped() {
    let srv = real("rematch-computer").await;
    let (s, v) = srv
        .json(
            "POST",
            "/api/games",
            Some(json!({"mode": "computer", "level": 2, "color": "white", "clock": "5+0"})),
            None,
        )
        .await;
    assert_eq!(s, 201, "{v}");
    let id = v["id"].as_str().expect("id").to_string();
    let secret = v["secret"].as_str().expect("secret").to_string();
    srv.ok(&id, &secret, json!({"t": "resign"})).await;
    let before = srv.get(&id, Some(&secret)).await;
    assert_eq!(
        (&before["may"]["rematch"], &before["may"]["decline_rematch"]),
        (&json!(true), &json!(false))
    );
    let v = srv.ok(&id, &secret, json!({"t": "rematch"})).await;
    let next = next_of(&v);
    let g = srv.get(&next, Some(&secret)).await;
    assert_eq!(
        (&g["you"], &g["computer"], &g["level"]),
        (&json!("black"), &json!("white"), &json!(2))
    );
    assert_eq!(
        g["players"]["white"],
        json!({"kind": "computer", "level": 2, "name": null})
    );
    assert_eq!(g["clock"]["control"]["periods"][0]["time_ms"], 300_000);
    // The computer, now White, opens the new game.
    srv.wait_for(&next, |v| {
        v["moves"].as_array().is_some_and(|m| m.len() == 1)
    })
    .await;
}

#[tokio::test]
async fn a_hotseat_rematch_keeps_the_one_secret_for_both_sides() {
    let srv = manual("rematch-hotseat").await;
    let (id, secret) = srv.create(json!({"mode": "hotseat"})).await;
    srv.ok(&id, &secret, json!({"t": "resign"})).await;
    let next = next_of(&srv.ok(&id, &secret, json!({"t": "rematch"})).await);
    let g = srv.get(&next, Some(&secret)).await;
    assert_eq!(
        (&g["you"], &g["status"]),
        (&json!("both"), &json!("active"))
    );
}

#[tokio::test]
async fn a_declined_draw_or_takeback_is_heard_until_the_next_move() {
    let srv = manual("notice").await;
    let (id, w, b) = srv.friend_game(Value::Null, None).await;
    srv.mv(&id, &w, "e2e4").await;
    srv.ok(&id, &w, json!({"t": "offer_draw"})).await;
    let v = srv.ok(&id, &b, json!({"t": "decline_draw"})).await;
    assert_eq!(v["notice"], json!({"kind": "draw_declined", "by": "black"}));
    assert_eq!(srv.get(&id, Some(&w)).await["notice"]["by"], "black");
    let v = srv.mv(&id, &b, "e7e5").await;
    assert_eq!(v["notice"], Value::Null);
    srv.ok(&id, &b, json!({"t": "takeback_request"})).await;
    let v = srv.ok(&id, &w, json!({"t": "takeback_decline"})).await;
    assert_eq!(
        v["notice"],
        json!({"kind": "takeback_declined", "by": "white"})
    );
    // An offer clears it too.
    srv.mv(&id, &w, "g1f3").await;
    let v = srv.get(&id, None).await;
    assert_eq!(v["notice"], Value::Null);
}

#[tokio::test]
async fn the_players_follow_a_rematch_on_their_sockets() {
    let srv = manual("rematch-ws").await;
    let (id, w, b) = srv.friend_game(Value::Null, None).await;
    fools_mate(&srv, &id, &w, &b).await;
    // A finished game opens on the socket, which stays open.
    let mut white = srv.ws(&id, Some(&w)).await;
    let mut black = srv.ws(&id, Some(&b)).await;
    let hello = white.until(|v| v["t"] == "hello").await;
    assert_eq!(hello["state"]["status"], "finished");
    assert_eq!(hello["may"]["rematch"], true);
    black.until(|v| v["t"] == "hello").await;
    white.send(json!({"t": "rematch", "id": 1})).await;
    assert_eq!(white.answer().await["t"], "ok");
    let offered = black
        .until(|v| v["t"] == "state" && v["state"]["rematch"]["offer"] == "white")
        .await;
    assert_eq!(offered["may"]["decline_rematch"], true);
    black.send(json!({"t": "rematch", "id": 2})).await;
    assert_eq!(black.answer().await["t"], "ok");
    let started = white
        .until(|v| v["t"] == "state" && v["state"]["rematch"]["next"].is_string())
        .await;
    let next = next_of(&started["state"]);
    let mut white2 = srv.ws(&next, Some(&w)).await;
    let hello = white2.until(|v| v["t"] == "hello").await;
    assert_eq!(
        (&hello["you"], &hello["state"]["status"]),
        (&json!("black"), &json!("active"))
    );
}
