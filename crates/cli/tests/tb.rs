//! `guoxiang tb gen|probe|info` as a user runs them: the exact JSON of the contract, exit
//! status 2 with a clear message for positions the tables cannot hold.

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::OnceLock;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_guoxiang"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A directory with the KQK table, generated once by `tb gen`.
fn kqk_dir() -> &'static str {
    static DIR: OnceLock<String> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tb-cli");
        let dir = dir.to_string_lossy().into_owned();
        let out = run(&["tb", "gen", "--dir", &dir, "--classes", "KQK"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(String::from_utf8_lossy(&out.stderr).contains("KQK"));
        dir
    })
}

fn probe(fen: &str) -> (Output, Value) {
    let out = run(&["tb", "probe", fen, "--dir", kqk_dir(), "--json"]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let v = serde_json::from_str(text.trim()).unwrap_or(Value::Null);
    (out, v)
}

#[test]
fn probe_prints_the_value_and_every_move_with_its_value() {
    let (out, v) = probe("8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
    assert!(out.status.success());
    assert_eq!(v["fen"], "8/8/8/4k3/8/8/8/KQ6 w - - 0 1");
    assert_eq!(v["wdl"], "win");
    let dtm = v["dtm"].as_u64().unwrap();
    assert_eq!(dtm % 2, 1);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(
        moves.len(),
        22,
        "every legal move: 2 king moves and 20 queen moves"
    );
    for m in moves {
        let mut keys: Vec<&str> = m.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["dtm", "san", "uci", "wdl"]);
    }
    // The value follows from the best move: the fastest mate.
    let best = moves
        .iter()
        .filter(|m| m["wdl"] == "loss")
        .map(|m| m["dtm"].as_u64().unwrap())
        .min()
        .unwrap();
    assert_eq!(dtm, best + 1);
    assert!(moves
        .iter()
        .any(|m| m["uci"] == "b1b7" && m["san"] == "Qb7"));
}

#[test]
fn a_checkmate_is_a_loss_at_zero_and_a_stalemate_a_draw_without_dtm() {
    let (_, mate) = probe("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(mate["wdl"], "loss");
    assert_eq!(mate["dtm"], 0);
    assert_eq!(mate["moves"].as_array().unwrap().len(), 0);
    let (_, stale) = probe("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(stale["wdl"], "draw");
    assert_eq!(stale["dtm"], Value::Null);
}

#[test]
fn positions_the_tables_cannot_hold_exit_2_with_a_clear_message() {
    for (fen, code, words) in [
        (
            "8/8/8/4k3/8/8/2P5/KQ1R4 w - - 0 1",
            "too_many_pieces",
            "5 pieces",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            "castling_rights",
            "castling",
        ),
        ("8/8/8/8/8/8/8/KQ6 w - - 0 1", "bad_fen", "invalid FEN"),
        ("not a fen", "bad_fen", "invalid FEN"),
    ] {
        let (out, v) = probe(fen);
        assert_eq!(out.status.code(), Some(2), "{fen}");
        assert_eq!(v["error"], code, "{fen}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(words),
            "{fen}"
        );
    }
}

#[test]
fn a_missing_table_says_to_generate_it() {
    let (out, v) = probe("8/8/8/4k3/8/8/8/KR6 w - - 0 1");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(v["error"], "missing_table");
    assert!(String::from_utf8_lossy(&out.stderr).contains("tb gen"));
}

#[test]
fn info_prints_one_json_line_per_table() {
    let out = run(&["tb", "info", "--dir", kqk_dir(), "--json"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1);
    let v = &lines[0];
    assert_eq!(v["class"], "KQK");
    assert_eq!(v["max_dtm"], 20);
    assert!(v["positions"].as_u64().unwrap() > 40_000);
    assert!(v["file_bytes"].as_u64().unwrap() > 64);
    assert!(v["generated_ms"].is_u64());
}

#[test]
fn an_unknown_class_is_a_usage_error() {
    let out = run(&["tb", "gen", "--classes", "KQQQK", "--dir", kqk_dir()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown material class"));
}
