//! The openings endpoints over HTTP: `/api/openings` (by moves and by position),
//! `/api/openings/repertoire`, `/api/explorer` (counts after games finish, by moves
//! and by position), every error code, bad input changing nothing, and the PGN's
//! `ECO`/`Opening` tags of a finished game.

mod common;

use common::*;
use serde_json::{json, Value};

/// A query string value: spaces as `%20`.
fn q(s: &str) -> String {
    s.replace(' ', "%20")
        .replace('+', "%2B")
        .replace('/', "%2F")
}

async fn get(srv: &Srv, path: &str) -> (u16, Value) {
    srv.json("GET", path, None, None).await
}

async fn refused(srv: &Srv, path: &str, code: &str) -> Value {
    let (s, v) = get(srv, path).await;
    assert_eq!((s, v["error"].as_str()), (400, Some(code)), "{path} -> {v}");
    assert!(v["message"].is_string(), "{v}");
    v
}

/// Plays a friend game to its end: the moves (UCI), then `end` ("resign" by the side
/// to move, or nothing when the moves mate). Returns the game id.
async fn finished_game(srv: &Srv, moves: &[&str], resign: bool) -> String {
    let (id, w, b) = srv.friend_game(Value::Null, None).await;
    for (i, m) in moves.iter().enumerate() {
        srv.mv(&id, if i % 2 == 0 { &w } else { &b }, m).await;
    }
    if resign {
        let who = if moves.len() % 2 == 0 { &w } else { &b };
        srv.ok(&id, who, json!({"t": "resign"})).await;
    }
    let v = srv.get(&id, None).await;
    assert_eq!(v["status"], "finished", "{v}");
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn openings_are_named_by_moves_with_or_without_numbers_and_by_position() {
    let srv = manual("op-name").await;
    let (s, v) = get(
        &srv,
        &format!("/api/openings?moves={}", q("1.e4 e5 2.Nf3 Nc6 3.Bc4")),
    )
    .await;
    assert_eq!(s, 200);
    assert_eq!(
        v,
        json!({"opening": {"eco": "C50", "key": "italian_game",
            "name": {"en": "Italian Game", "zh-CN": "意大利开局", "zh-TW": "義大利開局"},
            "plies": 5}})
    );
    let (_, bare) = get(
        &srv,
        &format!("/api/openings?moves={}", q("e4 e5 Nf3 Nc6 Bc4")),
    )
    .await;
    assert_eq!(bare, v);
    // Past the named line: still the deepest name on the way.
    let (_, v) = get(
        &srv,
        &format!("/api/openings?moves={}", q("e4 e5 Nf3 Nc6 Bc4 h6 a3")),
    )
    .await;
    assert_eq!(v["opening"]["key"], "italian_game");
    // A position: the opening whose line ends exactly there, else null.
    let italian = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";
    let (_, v) = get(&srv, &format!("/api/openings?fen={}", q(italian))).await;
    assert_eq!(v["opening"]["eco"], "C50");
    let after_h6 = "r1bqkbnr/pppp1pp1/2n4p/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
    let (s, v) = get(&srv, &format!("/api/openings?fen={}", q(after_h6))).await;
    assert_eq!((s, v), (200, json!({"opening": null})));
    let (_, v) = get(&srv, "/api/openings?moves=").await;
    assert_eq!(v, json!({"opening": null}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn openings_refuse_bad_san_bad_fen_and_a_request_naming_neither_or_both() {
    let srv = manual("op-err").await;
    let v = refused(
        &srv,
        &format!("/api/openings?moves={}", q("1.e4 e5 2.Ke3")),
        "bad_san",
    )
    .await;
    assert!(
        v["message"].as_str().unwrap().contains("move 2. Ke3"),
        "{v}"
    );
    refused(
        &srv,
        &format!("/api/openings?moves={}", q("e4 zz")),
        "bad_san",
    )
    .await;
    refused(&srv, "/api/openings?fen=nonsense", "bad_fen").await;
    refused(&srv, "/api/openings", "bad_request").await;
    refused(
        &srv,
        &format!(
            "/api/openings?moves=e4&fen={}",
            q("8/8/8/8/8/8/8/K6k w - - 0 1")
        ),
        "bad_request",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_repertoire_lists_the_embedded_openings_in_course_order() {
    let srv = manual("op-rep").await;
    let (s, v) = get(&srv, "/api/openings/repertoire").await;
    assert_eq!(s, 200);
    let list = v["openings"].as_array().expect("openings");
    let keys: Vec<&str> = list.iter().map(|r| r["key"].as_str().unwrap()).collect();
    let expected: Vec<&str> = guoxiang_openings::repertoire::builtin()
        .iter()
        .map(|r| r.opening.key)
        .collect();
    assert_eq!(keys, expected);
    assert_eq!(
        keys,
        guoxiang_openings::repertoire::TEN,
        "the ten openings of the course"
    );
    let order: Vec<usize> = keys
        .iter()
        .filter_map(|k| {
            guoxiang_openings::repertoire::TEN
                .iter()
                .position(|t| t == k)
        })
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{keys:?}");
    for rep in list {
        for k in ["key", "eco", "colour"] {
            assert!(rep[k].is_string(), "{k} in {rep}");
        }
        assert!(matches!(rep["colour"].as_str(), Some("white" | "black")));
        for lang in ["en", "zh-CN", "zh-TW"] {
            assert!(
                rep["name"][lang].is_string() && rep["ideas"][lang].is_string(),
                "{rep}"
            );
        }
        for line in rep["lines"].as_array().expect("lines") {
            let n = line["uci"].as_array().unwrap().len();
            assert!(n > 0);
            assert_eq!(line["san"].as_array().unwrap().len(), n);
            assert_eq!(line["notes"].as_array().unwrap().len(), n);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_explorer_counts_the_finished_games_through_a_position() {
    let srv = manual("op-explorer").await;
    let (s, empty) = get(&srv, "/api/explorer").await;
    assert_eq!(s, 200);
    assert_eq!(
        empty,
        json!({"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               "games": 0, "white": 0, "draws": 0, "black": 0, "moves": [], "opening": null})
    );
    // The side to move resigns: two games through the Italian (one won by each side),
    // one French (won by White), one game still running (not counted).
    finished_game(
        &srv,
        &["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"],
        true,
    )
    .await;
    finished_game(
        &srv,
        &["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "f3g5"],
        true,
    )
    .await;
    finished_game(&srv, &["e2e4", "e7e6", "d2d4"], true).await;
    // Fool's mate: a win for Black by checkmate.
    finished_game(&srv, &["f2f3", "e7e5", "g2g4", "d8h4"], false).await;
    let (id, w, _) = srv.friend_game(Value::Null, None).await;
    srv.mv(&id, &w, "e2e4").await;

    let (_, v) = get(&srv, "/api/explorer").await;
    assert_eq!(
        (
            v["games"].as_u64(),
            v["white"].as_u64(),
            v["black"].as_u64()
        ),
        (Some(4), Some(2), Some(2))
    );
    assert_eq!(
        v["moves"],
        json!([{"uci": "e2e4", "san": "e4", "games": 3, "white": 2, "draws": 0, "black": 1},
               {"uci": "f2f3", "san": "f3", "games": 1, "white": 0, "draws": 0, "black": 1}])
    );
    // By moves: the Italian's position, named.
    let (_, v) = get(
        &srv,
        &format!("/api/explorer?moves={}", q("1.e4 e5 2.Nf3 Nc6 3.Bc4")),
    )
    .await;
    assert_eq!(v["games"], 2);
    assert_eq!(v["opening"]["key"], "italian_game");
    let sans: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["Bc5", "Nf6"]);
    // By position (clocks do not matter): after 1.e4, three games, two replies.
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 7 9";
    let (_, v) = get(&srv, &format!("/api/explorer?fen={}", q(after_e4))).await;
    assert_eq!(v["games"], 3);
    assert_eq!(v["moves"][0]["san"], "e5");
    assert_eq!(v["moves"][0]["games"], 2);
    assert_eq!(v["opening"]["key"], "kings_pawn_game");
    // A position no game reached.
    let (_, v) = get(&srv, &format!("/api/explorer?moves={}", q("1.a4"))).await;
    assert_eq!(
        (v["games"].as_u64(), v["moves"].as_array().map(Vec::len)),
        (Some(0), Some(0))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_explorer_refuses_bad_input_and_changes_nothing() {
    let srv = manual("op-explorer-err").await;
    finished_game(&srv, &["d2d4", "d7d5"], true).await;
    let (_, before) = get(&srv, "/api/explorer").await;
    let v = refused(
        &srv,
        &format!("/api/explorer?moves={}", q("1.d4 d5 2.Bf4 Nc6 3.Bh7")),
        "bad_san",
    )
    .await;
    assert!(
        v["message"].as_str().unwrap().contains("move 3. Bh7"),
        "{v}"
    );
    refused(
        &srv,
        &format!("/api/explorer?fen={}", q("8/8/8 w - - 0 1")),
        "bad_fen",
    )
    .await;
    refused(&srv, "/api/explorer?moves=d4&fen=x", "bad_request").await;
    let (_, after) = get(&srv, "/api/explorer").await;
    assert_eq!(before, after);
    assert_eq!(after["games"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_pgn_names_its_opening_after_the_roster() {
    let srv = manual("op-pgn").await;
    let id = finished_game(
        &srv,
        &["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8e7"],
        true,
    )
    .await;
    let (s, pgn) = srv
        .http("GET", &format!("/api/games/{id}/pgn"), None, None)
        .await;
    assert_eq!(s, 200);
    let result = pgn.find("[Result ").expect("roster");
    let eco = pgn.find("[ECO \"C50\"]").unwrap_or_else(|| panic!("{pgn}"));
    let name = pgn
        .find("[Opening \"Hungarian Defence\"]")
        .unwrap_or_else(|| panic!("{pgn}"));
    assert!(result < eco && eco < name, "{pgn}");
    // A game still running has no such tags yet; nor one that reached no name.
    let (id, w, _) = srv.friend_game(Value::Null, None).await;
    srv.mv(&id, &w, "e2e4").await;
    let (_, pgn) = srv
        .http("GET", &format!("/api/games/{id}/pgn"), None, None)
        .await;
    assert!(
        !pgn.contains("[ECO ") && !pgn.contains("[Opening "),
        "{pgn}"
    );
    let id = finished_game(&srv, &["a2a3", "h7h6"], true).await;
    let (_, pgn) = srv
        .http("GET", &format!("/api/games/{id}/pgn"), None, None)
        .await;
    assert!(
        !pgn.contains("[ECO ") && !pgn.contains("[Opening "),
        "{pgn}"
    );
}
