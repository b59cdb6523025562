//! The endgame trainer over HTTP: start positions by difficulty, the coach's
//! verdicts (optimal, slower, the win gone by stalemate, a hanging piece or
//! the 50-move rule, a held or lost draw), the defence's longest resistance,
//! endings, hints and every refusal's code. The tables these tests need (KQK
//! and KPK with what they depend on; every trainer class for the release-only
//! test of all exercises) are generated once per test binary
//! ([`common::tables`]).

mod common;

use common::tables::*;
use common::*;
use guoxiang_server::time::TimeSource;
use guoxiang_tablebase::{Class, Tablebase};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

async fn play(srv: &Srv, key: &str, fen: &str, uci: &str) -> (u16, Value) {
    srv.json(
        "POST",
        &format!("/api/endgames/{key}/move"),
        Some(json!({"fen": fen, "uci": uci})),
        None,
    )
    .await
}

#[tokio::test]
async fn a_start_position_lies_in_its_difficultys_third_and_a_seed_repeats_it() {
    let srv = with_tables("eg-start").await;
    let kqk: Class = "KQK".parse().expect("a class");
    let max_dtm = Tablebase::open(tables()).info(kqk).expect("KQK").max_dtm;
    assert!(max_dtm >= 19, "the longest KQK mate is 10 moves: {max_dtm}");
    let mut seen = Vec::new();
    for difficulty in ["easy", "medium", "hard"] {
        let body = json!({"difficulty": difficulty, "seed": 7});
        let (s, v) = srv
            .json("POST", "/api/endgames/kqk/start", Some(body.clone()), None)
            .await;
        assert_eq!(s, 200, "{v}");
        let dtm = v["dtm"].as_u64().expect("a won start has a dtm") as u32;
        // The thirds of the table's longest mate (easy from three plies).
        let (a, b) = (max_dtm / 3, 2 * max_dtm / 3);
        let band = match difficulty {
            "easy" => 3..=a,
            "medium" => a + 1..=b,
            _ => b + 1..=max_dtm,
        };
        assert!(band.contains(&dtm), "{difficulty}: {v} not in {band:?}");
        assert_eq!(
            v["optimal_moves"].as_u64(),
            Some(u64::from(dtm.div_ceil(2)))
        );
        assert!(
            v["fen"].as_str().is_some_and(|f| f.contains(" w - - 0 ")),
            "{v}"
        );
        assert!(["edge", "mate"].contains(&v["phase"].as_str().unwrap_or("")));
        let (_, again) = srv
            .json("POST", "/api/endgames/kqk/start", Some(body), None)
            .await;
        assert_eq!(again["fen"], v["fen"], "the same seed, the same position");
        seen.push(v["fen"].clone());
    }
    let probe = probe(&srv, seen[0].as_str().unwrap_or_default()).await;
    assert_eq!(probe["wdl"], "win");
}

#[tokio::test]
async fn optimal_play_is_called_optimal_and_the_defence_resists_longest_to_mate() {
    let srv = with_tables("eg-optimal").await;
    let (_, start) = srv
        .json(
            "POST",
            "/api/endgames/kqk/start",
            Some(json!({"difficulty": "hard", "seed": 3})),
            None,
        )
        .await;
    let mut fen = start["fen"].as_str().expect("fen").to_string();
    let mut dtm = start["dtm"].as_u64().expect("dtm");
    let mut moves = 0;
    loop {
        let p = probe(&srv, &fen).await;
        let best = p["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .filter(|m| m["wdl"] == "loss")
            .min_by_key(|m| m["dtm"].as_u64())
            .expect("a winning move")
            .clone();
        let (s, v) = play(&srv, "kqk", &fen, best["uci"].as_str().expect("uci")).await;
        assert_eq!(s, 200, "{v}");
        moves += 1;
        assert_eq!(v["verdict"]["kind"], "optimal", "{v}");
        assert_eq!(v["best"], Value::Null);
        if !v["over"].is_null() {
            assert_eq!(v["over"], json!({"result": "mate", "learner": "won"}));
            assert_eq!(v["reply"], Value::Null);
            break;
        }
        // The defence keeps the mate as far away as it can: two plies nearer each turn.
        assert_eq!(v["dtm"].as_u64(), Some(dtm - 2), "{v}");
        dtm -= 2;
        let reply_probe = probe(&srv, v["fen"].as_str().expect("fen")).await;
        let longest = reply_probe["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .filter_map(|m| m["dtm"].as_u64())
            .max();
        assert_eq!(
            longest,
            Some(dtm),
            "the reply resists longest: {reply_probe}"
        );
        fen = v["reply"]["fen"].as_str().expect("reply fen").to_string();
        assert!(v["phase"].is_string());
    }
    assert_eq!(
        moves,
        start["optimal_moves"].as_u64().expect("optimal moves")
    );
}

#[tokio::test]
async fn a_slower_winning_move_is_coached_with_how_many_moves_it_costs() {
    let srv = with_tables("eg-slower").await;
    let fen = "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1";
    let p = probe(&srv, fen).await;
    let slow = p["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter(|m| m["wdl"] == "loss" && m["dtm"].as_u64() > Some(0))
        .max_by_key(|m| m["dtm"].as_u64())
        .expect("a slow win")
        .clone();
    let (s, v) = play(&srv, "kqk", fen, slow["uci"].as_str().expect("uci")).await;
    assert_eq!(s, 200, "{v}");
    let by = slow["dtm"].as_u64().expect("dtm") / 2;
    assert_eq!(
        v["verdict"],
        json!({"kind": "slower", "by": by, "why": null, "square": null})
    );
    assert_eq!(v["best"], json!({"uci": "c1c8", "san": "Qc8#"}));
    assert!(v["reply"]["uci"].is_string());
}

#[tokio::test]
async fn a_stalemate_throws_the_win_away_and_ends_the_game() {
    let srv = with_tables("eg-stalemate").await;
    let (s, v) = play(&srv, "kqk", "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1", "c1c7").await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["san"], "Qc7");
    assert_eq!(
        v["verdict"],
        json!({"kind": "drawn", "by": null, "why": "stalemate", "square": null})
    );
    assert_eq!(v["best"], json!({"uci": "c1c8", "san": "Qc8#"}));
    assert_eq!(v["over"], json!({"result": "stalemate", "learner": "drew"}));
    assert_eq!((&v["reply"], &v["dtm"]), (&Value::Null, &Value::Null));
}

#[tokio::test]
async fn a_queen_left_to_be_taken_is_named_by_its_square() {
    let srv = with_tables("eg-hanging").await;
    let (s, v) = play(&srv, "kqk", "8/8/8/3k4/8/8/7Q/4K3 w - - 0 1", "h2e5").await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        v["verdict"],
        json!({"kind": "drawn", "by": null, "why": "hanging", "square": "e5"})
    );
    assert_eq!(v["reply"]["uci"], "d5e5");
    assert_eq!(
        v["over"],
        json!({"result": "insufficient", "learner": "drew"})
    );
}

#[tokio::test]
async fn a_win_that_the_fifty_move_rule_will_end_first_is_called_drawn_by_fifty() {
    let srv = with_tables("eg-fifty").await;
    // 99 plies without a capture or pawn move: only the mate at once still wins.
    let fen = "k7/8/1K6/8/8/8/8/2Q5 w - - 99 80";
    let (s, v) = play(&srv, "kqk", fen, "c1c2").await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        v["verdict"],
        json!({"kind": "drawn", "by": null, "why": "fifty", "square": null})
    );
    assert_eq!(v["best"]["uci"], "c1c8");
    assert_eq!(v["over"], json!({"result": "fifty", "learner": "drew"}));
    // The mate on the hundredth ply is still a mate.
    let (_, v) = play(&srv, "kqk", fen, "c1c8").await;
    assert_eq!(v["verdict"]["kind"], "optimal");
    assert_eq!(v["over"], json!({"result": "mate", "learner": "won"}));
}

#[tokio::test]
async fn a_hold_exercise_is_held_by_a_drawing_move_and_lost_by_a_losing_one() {
    let srv = with_tables("eg-hold").await;
    let (s, start) = srv
        .json(
            "POST",
            "/api/endgames/kpk-hold/start",
            Some(json!({"seed": 11})),
            None,
        )
        .await;
    assert_eq!(s, 200, "{start}");
    assert_eq!(
        (&start["dtm"], &start["optimal_moves"]),
        (&Value::Null, &Value::Null)
    );
    assert_eq!(start["phase"], "opposition");
    let fen = start["fen"].as_str().expect("fen");
    assert!(
        fen.contains(" b - - 0 "),
        "black (the lone king) to move: {fen}"
    );
    let p = probe(&srv, fen).await;
    assert_eq!(p["wdl"], "draw");
    let moves = p["moves"].as_array().expect("moves");
    let holds = moves
        .iter()
        .find(|m| m["wdl"] == "draw")
        .expect("a drawing move");
    let loses = moves
        .iter()
        .find(|m| m["wdl"] == "win")
        .expect("the start has a move that loses");
    let (_, v) = play(&srv, "kpk-hold", fen, holds["uci"].as_str().expect("uci")).await;
    assert_eq!(v["verdict"]["kind"], "held", "{v}");
    assert_eq!(v["best"], Value::Null);
    let (_, v) = play(&srv, "kpk-hold", fen, loses["uci"].as_str().expect("uci")).await;
    assert_eq!(v["verdict"]["kind"], "lost", "{v}");
    assert!(["hanging", "other"].contains(&v["verdict"]["why"].as_str().unwrap_or("")));
    assert!(v["best"]["uci"].is_string(), "{v}");
}

#[tokio::test]
async fn hints_name_the_piece_then_the_move_then_the_phase() {
    let srv = with_tables("eg-hint").await;
    let fen = q("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1");
    let hint = |level: &str| format!("/api/endgames/kqk/hint?fen={fen}&level={level}");
    let (s, v) = srv.json("GET", &hint("1"), None, None).await;
    assert_eq!((s, v), (200, json!({"level": 1, "square": "c1"})));
    let (_, v) = srv.json("GET", &hint("2"), None, None).await;
    assert_eq!(v, json!({"level": 2, "uci": "c1c8", "san": "Qc8#"}));
    let (_, v) = srv.json("GET", &hint("3"), None, None).await;
    assert_eq!(v, json!({"level": 3, "phase": "mate"}));
    let (s, v) = srv.json("GET", &hint("4"), None, None).await;
    assert_eq!((s, v["error"].as_str()), (400, Some("bad_level")), "{v}");
}

#[tokio::test]
async fn every_wrong_input_gets_its_code_and_says_what_was_wrong() {
    let srv = with_tables("eg-bad").await;
    let ok_fen = "k7/8/1K6/8/8/8/8/2Q5 w - - 0 1";
    let cases: Vec<(&str, Value, u16, &str, &str)> = vec![
        (
            "/api/endgames/kqk/move",
            json!({"fen": "8/8/9/8 w", "uci": "a1a2"}),
            400,
            "bad_fen",
            "fen",
        ),
        (
            "/api/endgames/kqk/move",
            json!({"fen": ok_fen, "uci": "e2e4"}),
            400,
            "illegal_move",
            "e2e4",
        ),
        (
            "/api/endgames/kqk/move",
            json!({"fen": ok_fen, "uci": "zz"}),
            400,
            "illegal_move",
            "zz",
        ),
        (
            "/api/endgames/kqk/move",
            json!({"fen": ok_fen, "uci": "b6a7"}),
            400,
            "illegal_move",
            "b6a7",
        ),
        (
            "/api/endgames/kqk/move",
            json!({"fen": "k7/8/1K6/8/8/8/8/2Q5 b - - 0 1", "uci": "a8a7"}),
            400,
            "not_this_exercise",
            "white",
        ),
        (
            "/api/endgames/krk/move",
            json!({"fen": ok_fen, "uci": "c1c8"}),
            400,
            "not_this_exercise",
            "KRK",
        ),
        (
            "/api/endgames/kqk/move",
            json!({"fen": "k7/8/1K6/8/8/8/8/2Q4n w - - 0 1", "uci": "c1c8"}),
            400,
            "not_this_exercise",
            "black KN",
        ),
        (
            "/api/endgames/kqk/move",
            json!({"fen": "k7/8/1K6/8/8/8/8/2Q5 w - - 100 90", "uci": "c1c8"}),
            409,
            "game_over",
            "50-move",
        ),
        (
            "/api/endgames/nope/move",
            json!({"fen": ok_fen, "uci": "c1c8"}),
            404,
            "unknown_exercise",
            "nope",
        ),
        (
            "/api/endgames/kqk/start",
            json!({"difficulty": "brutal"}),
            400,
            "bad_difficulty",
            "brutal",
        ),
        (
            "/api/endgames/kqk/move",
            json!({"fen": ok_fen}),
            400,
            "bad_request",
            "uci",
        ),
        (
            "/api/endgames/kbnk/start",
            json!({}),
            503,
            "tb_not_ready",
            "KBNK",
        ),
    ];
    for (path, body, status, code, needle) in cases {
        let (s, v) = srv.json("POST", path, Some(body.clone()), None).await;
        assert_eq!(
            (s, v["error"].as_str()),
            (status, Some(code)),
            "{path} {body}: {v}"
        );
        let message = v["message"].as_str().unwrap_or_default();
        assert!(message.contains(needle), "{path} {body}: {message}");
    }
}

#[tokio::test]
#[cfg_attr(
    debug_assertions,
    ignore = "the four-piece tables take minutes to generate unoptimised; run in release"
)]
async fn every_exercise_starts_from_its_own_material_with_the_learner_to_move() {
    let dir = all_trainer_tables();
    let srv = start_with("eg-all", TimeSource::real(), move |c| c.tb_dir = dir).await;
    let (_, list) = srv.json("GET", "/api/endgames", None, None).await;
    for e in list["exercises"].as_array().expect("exercises") {
        let key = e["key"].as_str().expect("key");
        assert_eq!(e["ready"], true, "{key}");
        for (i, difficulty) in ["easy", "medium", "hard"].into_iter().enumerate() {
            let body = json!({"difficulty": difficulty, "seed": 100 + i});
            let started = Instant::now();
            let (s, v) = srv
                .json(
                    "POST",
                    &format!("/api/endgames/{key}/start"),
                    Some(body),
                    None,
                )
                .await;
            assert_eq!(s, 200, "{key} {difficulty}: {v}");
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "{key} {difficulty}: {:?}",
                started.elapsed()
            );
            let fen = v["fen"].as_str().expect("fen");
            let p = probe(&srv, fen).await;
            let side = if e["learner"] == "white" {
                " w "
            } else {
                " b "
            };
            assert!(fen.contains(side), "{key}: {fen}");
            let phases = e["phases"].as_array().expect("phases");
            assert!(phases.contains(&v["phase"]), "{key}: {v}");
            if e["goal"] == "win" {
                assert_eq!(p["wdl"], "win", "{key}: {fen}");
                assert_eq!(v["dtm"], p["dtm"], "{key}");
            } else {
                assert_eq!(p["wdl"], "draw", "{key}: {fen}");
                let moves = p["moves"].as_array().expect("moves");
                assert!(
                    moves.iter().any(|m| m["wdl"] == "win"),
                    "{key}: a move loses"
                );
            }
            // The first move the hint gives is judged optimal (or held).
            let (s, h) = srv
                .json(
                    "GET",
                    &format!("/api/endgames/{key}/hint?fen={}&level=2", q(fen)),
                    None,
                    None,
                )
                .await;
            assert_eq!(s, 200, "{h}");
            let (_, played) = play(&srv, key, fen, h["uci"].as_str().expect("uci")).await;
            let kind = played["verdict"]["kind"].as_str().unwrap_or_default();
            assert!(["optimal", "held"].contains(&kind), "{key}: {played}");
        }
        if key == "kqkp-hold" {
            let (_, v) = srv
                .json(
                    "POST",
                    "/api/endgames/kqkp-hold/start",
                    Some(json!({"seed": 5})),
                    None,
                )
                .await;
            let fen = v["fen"].as_str().expect("fen");
            let board = fen.split(' ').next().unwrap_or_default();
            let rank2 = board.split('/').nth(6).unwrap_or_default();
            let mut file = 0;
            let mut pawn_file = None;
            for c in rank2.chars() {
                match c.to_digit(10) {
                    Some(n) => file += n,
                    None => {
                        if c == 'p' {
                            pawn_file = Some(file);
                        }
                        file += 1;
                    }
                }
            }
            assert!(
                matches!(pawn_file, Some(0 | 2 | 5 | 7)),
                "the pawn on a2, c2, f2 or h2: {fen}"
            );
        }
    }
}
