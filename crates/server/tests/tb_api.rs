//! The tablebase endpoints and the trainer's exercise list over HTTP: the
//! probe object and its refusals, `/api/tb/status` with and without background
//! generation (which test servers do only when asked), the exercise list with
//! each exercise's readiness, and the trainer's pages.

mod common;

use common::tables::*;
use common::*;
use guoxiang_server::time::TimeSource;
use guoxiang_tablebase::Class;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

#[tokio::test]
async fn the_exercises_are_listed_in_the_pages_order_with_their_phases() {
    let srv = with_tables("eg-list").await;
    let (s, v) = srv.json("GET", "/api/endgames", None, None).await;
    assert_eq!(s, 200, "{v}");
    let keys: Vec<&str> = v["exercises"]
        .as_array()
        .expect("exercises")
        .iter()
        .filter_map(|e| e["key"].as_str())
        .collect();
    assert_eq!(
        keys,
        [
            "kqk",
            "krk",
            "krrk",
            "kbbk",
            "kbnk",
            "kpk",
            "kpk-hold",
            "kqkr",
            "kqkp",
            "kqkp-hold"
        ]
    );
    let kbnk = &v["exercises"][4];
    assert_eq!(kbnk["class"], "KBNK");
    assert_eq!(kbnk["goal"], "win");
    assert_eq!(kbnk["learner"], "white");
    assert_eq!(kbnk["phases"], json!(["edge", "corner", "w", "mate"]));
    assert_eq!(kbnk["ready"], false, "KBNK is not generated here");
    assert_eq!(v["exercises"][0]["ready"], true, "KQK is");
    let hold = &v["exercises"][9];
    assert_eq!(
        (hold["goal"].as_str(), hold["learner"].as_str()),
        (Some("draw"), Some("black"))
    );
}

#[tokio::test]
async fn the_probe_is_the_cli_object_with_every_legal_move() {
    let srv = with_tables("eg-probe").await;
    let v = probe(&srv, "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1").await;
    assert_eq!(v["fen"], "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1");
    assert_eq!(
        (v["wdl"].as_str(), v["dtm"].as_u64()),
        (Some("win"), Some(1))
    );
    let moves = v["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 6 + 21, "every legal move: {v}");
    let mate = moves.iter().find(|m| m["uci"] == "c1c8").expect("Qc8#");
    assert_eq!(
        (
            mate["san"].as_str(),
            mate["wdl"].as_str(),
            mate["dtm"].as_u64()
        ),
        (Some("Qc8#"), Some("loss"), Some(0))
    );
    let stalemate = moves.iter().find(|m| m["uci"] == "c1c7").expect("Qc7");
    assert_eq!(
        (stalemate["wdl"].as_str(), &stalemate["dtm"]),
        (Some("draw"), &Value::Null)
    );
}

#[tokio::test]
async fn probe_refusals_have_their_codes() {
    let srv = with_tables("eg-probe-bad").await;
    for (fen, status, code) in [
        ("not a fen", 400, "bad_fen"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            400,
            "too_many_pieces",
        ),
        ("r3k3/8/8/8/8/8/8/4K3 w q - 0 1", 400, "castling_rights"),
        ("8/8/8/3k4/8/8/8/R3K2R w - - 0 1", 503, "tb_not_ready"),
    ] {
        let (s, v) = srv
            .json("GET", &format!("/api/tb/probe?fen={}", q(fen)), None, None)
            .await;
        assert_eq!((s, v["error"].as_str()), (status, Some(code)), "{fen}: {v}");
        assert!(v["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    let (s, v) = srv.json("GET", "/api/tb/probe", None, None).await;
    assert_eq!((s, v["error"].as_str()), (400, Some("bad_fen")), "{v}");
}

#[tokio::test]
async fn the_trainer_pages_are_the_app() {
    let srv = with_tables("eg-pages").await;
    for path in ["/learn/endgames", "/learn/endgames/kbnk"] {
        let (s, body) = srv.http("GET", path, None, None).await;
        assert_eq!(s, 200, "{path}");
        assert!(
            body.contains("<html") || body.contains("<!doctype") || body.contains("<!DOCTYPE"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn tables_missing_at_start_are_generated_in_the_background_and_reported() {
    let kqk: Class = "KQK".parse().expect("a class");
    let srv = start_with("eg-gen", TimeSource::real(), move |c| {
        c.tb_generate = true;
        c.tb_classes = Some(vec![kqk]);
    })
    .await;
    // The server answers at once; the status says what is going on.
    let (s, v) = srv.json("GET", "/api/tb/status", None, None).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["classes_total"], 35);
    let deadline = Instant::now() + Duration::from_secs(300);
    let status = loop {
        let (_, v) = srv.json("GET", "/api/tb/status", None, None).await;
        if v["generating"] == false {
            break v;
        }
        assert!(Instant::now() < deadline, "generation did not finish: {v}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(
        status,
        json!({"classes_ready": 1, "classes_total": 35, "generating": false, "current": null, "error": null})
    );
    assert!(srv.dir.join("tablebase").join("KQK.gxtb").is_file());
    // The trainer uses it at once.
    let (s, v) = srv
        .json(
            "POST",
            "/api/endgames/kqk/start",
            Some(json!({"seed": 1})),
            None,
        )
        .await;
    assert_eq!(s, 200, "{v}");
}

#[tokio::test]
async fn test_servers_generate_nothing_unless_asked() {
    let srv = start_with("eg-nogen", TimeSource::real(), |_| {}).await;
    let (_, v) = srv.json("GET", "/api/tb/status", None, None).await;
    assert_eq!(
        (v["classes_ready"].as_u64(), v["generating"].as_bool()),
        (Some(0), Some(false)),
        "{v}"
    );
    assert!(!srv.dir.join("tablebase").exists());
}
