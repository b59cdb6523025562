//! `guoxiang puzzles gen|export|retag`, run as a user runs them: a puzzle found in a
//! small PGN file, the export's exact JSON shape and its filters, a retagged set that
//! still reads, and bad arguments refused with a clear message and exit status 2.

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_guoxiang"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A file of its own for each test, in the temporary directory.
fn temp(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("guoxiang-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("written");
    path
}

fn stdout_lines(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

const MATE_IN_TWO: &str = r#"{"id":"0a1b2c3d","fen":"8/pp6/n1p3k1/2P3p1/3b4/4R3/P4rrP/4K3 b - - 3 35","moves":["d4e3","h2h3","g2g1"],"themes":["mateIn2"],"rating":1500,"rd":300,"before":"8/pp6/n1p3k1/2P3p1/3b4/3R4/P4rrP/4K3 w - - 2 35","mistake":"d3e3","goal":"mate","mate":2,"source":"selfplay:3:12:69","margin":1.0,"depth":20,"found":3}"#;
const MATE_IN_ONE: &str = r#"{"id":"7f000001","fen":"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4","moves":["h5f7"],"themes":["mateIn1"],"rating":800,"rd":300,"before":"r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3","mistake":"g8f6","goal":"mate","mate":1,"source":"pgn:scholar.pgn:1:6","margin":1.0,"depth":30,"found":1}"#;

fn set_file(name: &str) -> PathBuf {
    temp(name, &format!("{MATE_IN_TWO}\n{MATE_IN_ONE}\n"))
}

#[test]
fn gen_finds_the_mate_a_pgn_game_allowed() {
    let pgn = temp(
        "scholar.pgn",
        "[Event \"test\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
    );
    let out = run(&["puzzles", "gen", "--pgn", pgn.to_str().expect("UTF-8")]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines = stdout_lines(&out);
    let mate = lines
        .iter()
        .find(|p| p["moves"] == serde_json::json!(["h5f7"]))
        .unwrap_or_else(|| panic!("Qxf7# is found: {lines:?}"));
    assert_eq!(mate["goal"], "mate");
    assert_eq!(mate["mate"], 1);
    assert_eq!(mate["mistake"], "g8f6");
    assert_eq!(mate["source"], "pgn:scholar.pgn:1:6");
    assert_eq!(
        mate["fen"],
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
    );
    assert!(
        stderr(&out).contains("puzzles from 1 games"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn gen_writes_the_out_file_sorted_by_id() {
    let pgn = temp(
        "two.pgn",
        "[Event \"a\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n\
         [Event \"b\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
    );
    let out_path = temp("two.jsonl", "");
    let out = run(&[
        "puzzles",
        "gen",
        "--pgn",
        pgn.to_str().expect("UTF-8"),
        "--out",
        out_path.to_str().expect("UTF-8"),
        "--threads",
        "2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&out_path).expect("the out file");
    let ids: Vec<String> = text
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).expect("JSON")["id"]
                .as_str()
                .expect("id")
                .to_owned()
        })
        .collect();
    assert!(ids.len() >= 2, "both mates: {text}");
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(ids, sorted);
}

#[test]
fn export_prints_exactly_the_five_fields() {
    let file = set_file("export.jsonl");
    let out = run(&[
        "puzzles",
        "export",
        "--file",
        file.to_str().expect("UTF-8"),
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.starts_with("{\"id\":\"0a1b2c3d\",\"fen\":"), "{text}");
    let lines = stdout_lines(&out);
    assert_eq!(lines.len(), 2);
    for p in &lines {
        let mut keys: Vec<&str> = p
            .as_object()
            .expect("an object")
            .keys()
            .map(|k| k.as_str())
            .collect();
        keys.sort_unstable();
        assert_eq!(keys, ["fen", "id", "moves", "rating", "themes"]);
    }
    assert_eq!(lines[0]["id"], "0a1b2c3d");
    assert_eq!(
        lines[0]["moves"],
        serde_json::json!(["d4e3", "h2h3", "g2g1"])
    );
    assert_eq!(lines[0]["themes"], serde_json::json!(["mateIn2"]));
    assert_eq!(lines[0]["rating"], 1500);
}

#[test]
fn export_filters_by_all_chosen_themes_and_by_rating() {
    let file = set_file("filters.jsonl");
    let f = file.to_str().expect("UTF-8");
    let ids = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["puzzles", "export", "--file", f, "--json"];
        all.extend_from_slice(args);
        let out = run(&all);
        assert!(out.status.success(), "{}", stderr(&out));
        stdout_lines(&out)
            .iter()
            .map(|p| p["id"].as_str().expect("id").to_owned())
            .collect()
    };
    assert_eq!(ids(&["--theme", "mateIn1"]), ["7f000001"]);
    assert_eq!(
        ids(&["--theme", "mateIn1", "--theme", "mateIn2"]),
        Vec::<String>::new()
    );
    assert_eq!(ids(&["--min-rating", "1000"]), ["0a1b2c3d"]);
    assert_eq!(ids(&["--max-rating", "1000"]), ["7f000001"]);
    assert_eq!(
        ids(&["--min-rating", "800", "--max-rating", "1500"]).len(),
        2
    );
}

#[test]
fn retag_rewrites_a_set_that_still_reads() {
    let file = set_file("retag-in.jsonl");
    let out_path = temp("retag-out.jsonl", "");
    let out = run(&[
        "puzzles",
        "retag",
        "--in",
        file.to_str().expect("UTF-8"),
        "--out",
        out_path.to_str().expect("UTF-8"),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let again = run(&[
        "puzzles",
        "export",
        "--file",
        out_path.to_str().expect("UTF-8"),
        "--json",
    ]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(stdout_lines(&again).len(), 2);
}

#[test]
fn bad_arguments_are_refused_with_status_2() {
    let broken = temp("broken.jsonl", &format!("{MATE_IN_ONE}\n{{\"id\":\n"));
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["puzzles", "export", "--theme", "noSuchTheme", "--json"],
            "noSuchTheme",
        ),
        (vec!["puzzles", "export", "--min-rating", "high"], "high"),
        (
            vec!["puzzles", "export", "--file", "/no/such/set.jsonl"],
            "cannot read",
        ),
        (
            vec![
                "puzzles",
                "export",
                "--file",
                broken.to_str().expect("UTF-8"),
            ],
            "line 2",
        ),
        (
            vec![
                "puzzles",
                "export",
                "--min-rating",
                "2000",
                "--max-rating",
                "1000",
            ],
            "above",
        ),
        (vec!["puzzles", "gen", "--games", "0"], "0"),
        (
            vec!["puzzles", "gen", "--pgn", "/no/such/games.pgn"],
            "cannot read",
        ),
        (vec!["puzzles", "retag", "--out", "x.jsonl"], "--in"),
        (vec!["puzzles", "solve"], "solve"),
    ];
    for (args, says) in cases {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(says),
            "{args:?} says {says:?}: {}",
            stderr(&out)
        );
    }
}
