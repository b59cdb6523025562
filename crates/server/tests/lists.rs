//! The lists of games: the visitor's own games found by the secrets the browser
//! holds (`POST /api/games/mine`), the public recent games with players, moves
//! counted as moves and the opening; and the players' names in the PGN.

mod common;

use common::*;
use serde_json::{json, Value};

async fn mine(srv: &Srv, secrets: Value) -> (u16, Value) {
    srv.json(
        "POST",
        "/api/games/mine",
        Some(json!({"secrets": secrets})),
        None,
    )
    .await
}

#[tokio::test]
async fn my_games_are_found_by_their_secrets_newest_first() {
    let srv = manual("mine").await;
    let (computer, s1) = srv
        .create(json!({"mode": "computer", "level": 4, "color": "white"}))
        .await;
    srv.time.advance(1_000);
    let (friend, w, b) = srv.friend_game(Value::Null, None).await;
    srv.time.advance(1_000);
    let (hotseat, s3) = srv.create(json!({"mode": "hotseat"})).await;
    let (_, others) = srv.create(json!({"mode": "hotseat"})).await;
    for (s, m) in [(&w, "e2e4"), (&b, "e7e5"), (&w, "g1f3")] {
        srv.mv(&friend, s, m).await;
    }
    srv.ok(&friend, &b, json!({"t": "resign"})).await;

    let (status, v) = mine(&srv, json!([s1, b, s3, "0123456789abcdef", ""])).await;
    assert_eq!(status, 200, "{v}");
    let games = v["games"].as_array().expect("games");
    let ids: Vec<&str> = games
        .iter()
        .map(|g| g["id"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(ids, [hotseat.as_str(), friend.as_str(), computer.as_str()]);
    assert!(!v.to_string().contains(&others));
    assert_eq!(games[0]["you"], "both");
    let f = &games[1];
    assert_eq!(
        (&f["you"], &f["status"], &f["result"]),
        (&json!("black"), &json!("finished"), &json!("1-0"))
    );
    assert_eq!((&f["plies"], &f["moves"]), (&json!(3), &json!(2)));
    assert!(f["finished_at"].is_i64());
    assert_eq!(f["opening"]["key"], "kings_knight_opening", "{f}");
    let c = &games[2];
    assert_eq!(
        (&c["you"], &c["status"], &c["finished_at"]),
        (&json!("white"), &json!("active"), &Value::Null)
    );
    assert_eq!(
        c["players"]["black"],
        json!({"kind": "computer", "level": 4, "name": null})
    );
    assert_eq!(
        c["players"]["white"],
        json!({"kind": "human", "level": null, "name": null})
    );

    // Both secrets of a friend game: both sides.
    let (_, v) = mine(&srv, json!([w, b])).await;
    assert_eq!(v["games"][0]["you"], "both");
    let (_, v) = mine(&srv, json!([])).await;
    assert_eq!(v, json!({"games": []}));
}

#[tokio::test]
async fn my_games_take_at_most_200_secrets_and_a_well_formed_body() {
    let srv = manual("mine-bad").await;
    let many: Vec<String> = (0..201).map(|i| format!("{i:032x}")).collect();
    let (status, v) = mine(&srv, json!(many)).await;
    assert_eq!(
        (status, v["error"].as_str()),
        (400, Some("bad_request")),
        "{v}"
    );
    let (status, v) = mine(&srv, json!(many[..200])).await;
    assert_eq!(status, 200, "{v}");
    for body in ["{\"secrets\": 3}", "{\"secret\": []}", "[1]", "{"] {
        let (status, text) = srv.http("POST", "/api/games/mine", Some(body), None).await;
        assert_eq!(status, 400, "{body}: {text}");
        assert!(text.contains("bad_request"), "{text}");
    }
}

#[tokio::test]
async fn recent_games_name_the_players_the_moves_and_the_opening() {
    let srv = manual("recent").await;
    let (id, w, b) = srv.friend_game(json!("5+0"), None).await;
    for (i, m) in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"].iter().enumerate() {
        srv.mv(&id, if i % 2 == 0 { &w } else { &b }, m).await;
    }
    let live = srv.get(&id, None).await;
    assert_eq!(
        live["opening"],
        json!({"eco": "C50", "key": "italian_game", "name": "Italian Game"})
    );
    srv.ok(&id, &b, json!({"t": "resign"})).await;
    // A game from a custom position has no opening.
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let (custom, cw, cb) = srv.friend_game(Value::Null, Some(fen)).await;
    srv.mv(&custom, &cw, "e2e4").await;
    srv.ok(&custom, &cb, json!({"t": "resign"})).await;
    // Still in play: not listed.
    srv.create(json!({"mode": "hotseat"})).await;

    let (s, v) = srv.json("GET", "/api/games?per_page=10", None, None).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["total"], 2);
    let games = v["games"].as_array().expect("games");
    let g = games.iter().find(|g| g["id"] == json!(id)).expect("listed");
    assert_eq!(
        (&g["plies"], &g["moves"], &g["status"]),
        (&json!(5), &json!(3), &json!("finished"))
    );
    assert_eq!(g["opening"]["key"], "italian_game");
    assert_eq!(g["players"]["white"]["kind"], "human");
    assert!(g.get("you").is_none());
    let c = games
        .iter()
        .find(|g| g["id"] == json!(custom))
        .expect("listed");
    assert_eq!((&c["opening"], &c["moves"]), (&Value::Null, &json!(1)));
}

#[tokio::test]
async fn the_pgn_names_the_players_as_the_page_shows_them() {
    let srv = manual("pgn-names").await;
    let (id, _) = srv
        .create(json!({"mode": "computer", "level": 3, "color": "white"}))
        .await;
    let (s, pgn) = srv
        .http("GET", &format!("/api/games/{id}/pgn"), None, None)
        .await;
    assert_eq!(s, 200);
    assert!(pgn.contains("[White \"Anonymous\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"Computer (level 3)\"]"), "{pgn}");
    let (id, _) = srv.create(json!({"mode": "hotseat"})).await;
    let (_, pgn) = srv
        .http("GET", &format!("/api/games/{id}/pgn"), None, None)
        .await;
    assert!(
        pgn.contains("[White \"Anonymous\"]") && pgn.contains("[Black \"Anonymous\"]"),
        "{pgn}"
    );
}
