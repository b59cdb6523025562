//! `guoxiang review FILE.pgn`, run as a user runs it: the JSON Lines contract exactly
//! (one object per game, its keys and their types), a blunder found and explained in
//! three languages, a bad game named with its number and move (exit 1, nothing on
//! stdout), the effort options, and the table in Chinese. Small node counts: quick in
//! debug builds.

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

/// Two games: the scholar's mate (3...Nf6?? allows Qxf7#) and a bishop left hanging (3...Bf5?).
const GAMES: &str =
    "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
[White \"C\"]\n[Black \"D\"]\n\n1. d4 d5 2. Nf3 Nf6 3. Qd3 Bf5 4. Qxf5 *\n";

fn pgn_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("guoxiang-review-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write the PGN");
    path
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_guoxiang"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn review_json(name: &str, text: &str) -> Vec<Value> {
    let path = pgn_file(name, text);
    let out = run(&[
        "review",
        path.to_str().expect("UTF-8 path"),
        "--json",
        "--nodes",
        "3000",
    ]);
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect()
}

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    k.sort_unstable();
    k
}

fn is_eval(v: &Value) -> bool {
    let k = keys(v);
    (k == ["cp"] || k == ["mate"]) && v.as_object().expect("object").values().all(Value::is_i64)
}

#[test]
fn each_game_is_one_line_with_exactly_the_contract_s_keys() {
    let games = review_json("two.pgn", GAMES);
    assert_eq!(games.len(), 2);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(keys(g), ["accuracy", "game", "moves"]);
        assert_eq!(g["game"].as_u64(), Some(i as u64 + 1));
        assert_eq!(keys(&g["accuracy"]), ["black", "white"]);
        for side in ["white", "black"] {
            let a = g["accuracy"][side].as_f64().expect("a number");
            assert!(
                (0.0..=100.0).contains(&a) && (a * 10.0).fract() == 0.0,
                "{a}"
            );
        }
        for (ply, m) in g["moves"].as_array().expect("moves").iter().enumerate() {
            assert_eq!(
                keys(m),
                [
                    "best",
                    "class",
                    "eval_after",
                    "eval_before",
                    "explanation",
                    "ply",
                    "san",
                    "uci"
                ]
            );
            assert_eq!(m["ply"].as_u64(), Some(ply as u64 + 1));
            assert!(
                is_eval(&m["eval_before"]) && is_eval(&m["eval_after"]),
                "{m}"
            );
            let class = m["class"].as_str().expect("a string");
            assert!(
                [
                    "book",
                    "forced",
                    "best",
                    "excellent",
                    "good",
                    "inaccuracy",
                    "mistake",
                    "blunder"
                ]
                .contains(&class),
                "{class}"
            );
            let uci = m["uci"].as_str().expect("a string");
            assert!((4..=5).contains(&uci.len()), "{uci}");
            assert!(m["best"].is_null() || m["best"].as_str().is_some_and(|b| b.len() >= 4));
            match &m["explanation"] {
                Value::Null => {}
                x => {
                    assert_eq!(keys(x), ["en", "zh-CN", "zh-TW"]);
                    assert!(["inaccuracy", "mistake", "blunder"].contains(&class), "{m}");
                }
            }
        }
    }
}

#[test]
fn the_scholar_s_mate_is_a_blunder_by_black_and_ends_in_mate() {
    let games = review_json("mate.pgn", GAMES);
    let moves = games[0]["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 7);
    assert_eq!(moves[0]["class"], "book");
    assert_eq!(moves[5]["san"], "Nf6");
    assert_eq!(moves[5]["class"], "blunder");
    assert_eq!(moves[5]["eval_after"], serde_json::json!({"mate": 1}));
    assert!(moves[5]["explanation"].is_object());
    assert_eq!(moves[6]["uci"], "h5f7");
    assert_eq!(moves[6]["eval_after"], serde_json::json!({"mate": 0}));
    let acc = &games[0]["accuracy"];
    assert!(acc["black"].as_f64() < acc["white"].as_f64(), "{acc}");
}

#[test]
fn a_game_that_does_not_replay_is_named_and_nothing_is_reviewed() {
    let path = pgn_file("bad.pgn", &format!("{GAMES}\n1. e4 e5 2. Ke3 *\n"));
    let out = run(&[
        "review",
        path.to_str().expect("UTF-8"),
        "--json",
        "--nodes",
        "1000",
    ]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("game 3") && err.contains("move 3 (Ke3)"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_missing_file_or_an_empty_one_is_an_error() {
    let out = run(&["review", "/no/such/file.pgn", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
    let empty = pgn_file("empty.pgn", "\n");
    let out = run(&["review", empty.to_str().expect("UTF-8"), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no game"));
}

#[test]
fn nodes_and_depth_are_one_or_the_other() {
    let path = pgn_file("opts.pgn", GAMES);
    let p = path.to_str().expect("UTF-8");
    let out = run(&["review", p, "--nodes", "100", "--depth", "3"]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["review", p, "--json", "--depth", "2"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
}

#[test]
fn the_table_speaks_the_chosen_language() {
    let path = pgn_file("table.pgn", GAMES);
    let out = run(&[
        "review",
        path.to_str().expect("UTF-8"),
        "--nodes",
        "2000",
        "--lang",
        "zh-TW",
    ]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("白方") && text.contains("黑方"), "{text}");
    assert!(text.contains("馬f6??"), "{text}");
    assert!(text.contains("后xf7#"), "{text}");
}
