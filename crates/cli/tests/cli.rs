//! The `guoxiang` command line, run as a user runs it: arguments in, text or one
//! JSON object per line out, exit status 0 / 1 (bad input) / 2 (bad usage).

use serde_json::Value;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_guoxiang"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json_lines(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON: {l}: {e}")))
        .collect()
}

#[test]
fn perft_counts_nodes_and_reports_speed() {
    let out = run(&["perft", "4", "--json"]);
    assert!(out.status.success());
    let v = &json_lines(&out)[0];
    assert_eq!(v["nodes"], 197_281);
    assert!(v["seconds"].is_number() && v["nps"].is_number());
}

#[test]
fn perft_divide_lists_each_move_and_the_total() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = run(&["perft", "2", "--divide", "--fen", kiwipete, "--json"]);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 49);
    let sum: u64 = lines[..48]
        .iter()
        .map(|v| v["nodes"].as_u64().unwrap())
        .sum();
    assert_eq!(sum, 2039);
    assert_eq!(lines[48]["nodes"], 2039);
}

#[test]
fn perft_refuses_bad_usage() {
    assert_eq!(run(&["perft"]).status.code(), Some(2));
    assert_eq!(run(&["perft", "x"]).status.code(), Some(2));
    assert_eq!(run(&["perft", "99"]).status.code(), Some(2));
    assert_eq!(run(&["perft", "2", "--fen", "bad"]).status.code(), Some(1));
}

#[test]
fn fen_prints_the_canonical_form_and_status() {
    let out = run(&[
        "fen",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "--json",
    ]);
    assert!(out.status.success());
    let v = &json_lines(&out)[0];
    assert_eq!(
        v["fen"],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(v["legal_moves"], 20);
    assert_eq!(v["check"], false);
    let mate = run(&[
        "fen",
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        "--json",
    ]);
    assert_eq!(json_lines(&mate)[0]["checkmate"], true);
    // The fields may come as separate arguments, `-` included.
    let split = run(&[
        "fen",
        "8/8/8/8/8/8/k7/7K",
        "w",
        "-",
        "-",
        "0",
        "1",
        "--json",
    ]);
    assert!(split.status.success());
    assert_eq!(json_lines(&split)[0]["fen"], "8/8/8/8/8/8/k7/7K w - - 0 1");
}

#[test]
fn fen_errors_say_what_and_where_with_exit_status_one() {
    let out = run(&["fen", "8/8/8/8/8/8/8/K6 w - - 0 1", "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let v = &json_lines(&out)[0];
    assert_eq!(v["error"], "fen.rank_too_short");
    assert!(v["message"].as_str().unwrap().contains("17"));
}

#[test]
fn move_accepts_san_uci_and_from_to() {
    for m in ["Nf3", "g1f3", "g1-f3", "g1xf3", "Ng1f3", "Ng1-f3"] {
        let out = run(&["move", m, "--json"]);
        assert!(out.status.success(), "{m}");
        let v = &json_lines(&out)[0];
        assert_eq!(
            (v["san"].as_str(), v["uci"].as_str()),
            (Some("Nf3"), Some("g1f3"))
        );
        assert_eq!(
            v["fen"],
            "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"
        );
    }
    let out = run(&[
        "move",
        "--fen",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "e1g1",
        "--json",
    ]);
    assert_eq!(json_lines(&out)[0]["san"], "O-O");
}

#[test]
fn an_illegal_move_is_explained_in_the_learners_language() {
    let fen = "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1";
    for (lang, word) in [("en", "castle"), ("zh-CN", "易位"), ("zh-TW", "入堡")] {
        let out = run(&["move", "--fen", fen, "O-O", "--lang", lang, "--json"]);
        assert_eq!(out.status.code(), Some(1));
        let v = &json_lines(&out)[0];
        assert_eq!(v["error"], "castling_through_check");
        assert!(v["message"].as_str().unwrap().contains(word), "{lang}: {v}");
    }
    let out = run(&["move", "e2e5", "--json"]);
    assert_eq!(json_lines(&out)[0]["error"], "bad_piece_move");
    assert_eq!(
        run(&["move", "e2e4", "--lang", "xx"]).status.code(),
        Some(2)
    );
}

#[test]
fn pgn_check_reports_each_game_and_goes_on_after_a_bad_one() {
    let dir = std::env::temp_dir().join(format!("guoxiang-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.pgn");
    std::fs::write(
        &path,
        "[Event \"Fool\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
         1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n\n\
         1. e4 e5 2. Ke3 *\n\n\
         [FEN \"8/8/4k3/8/8/4K3/2p5/4N3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Nxc2 1/2-1/2\n",
    )
    .unwrap();
    let out = run(&["pgn", "check", path.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(1), "one game fails");
    let v = json_lines(&out);
    assert_eq!(v.len(), 4);
    assert_eq!(v[0]["outcome"]["reason"], "checkmate");
    assert_eq!(v[0]["outcome"]["winner"], "black");
    assert_eq!(
        (
            v[0]["plies"].as_u64(),
            v[0]["result"].as_str(),
            v[0]["check"].as_bool()
        ),
        (Some(4), Some("0-1"), Some(true))
    );
    assert_eq!(
        v[1]["claimable"],
        serde_json::json!(["threefold_repetition"])
    );
    assert_eq!(v[1]["outcome"]["reason"], Value::Null);
    assert_eq!(
        (v[2]["ply"].as_u64(), v[2]["move"].as_str()),
        (Some(3), Some("Ke3"))
    );
    assert_eq!(v[3]["outcome"]["reason"], "insufficient_material");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn help_works_for_every_command_and_names_the_exit_statuses() {
    for args in [
        &["--help"][..],
        &["help"],
        &["pgn", "--help"],
        &["pgn", "check", "--help"],
        &["perft", "--help"],
        &["fen", "--help"],
        &["move", "--help"],
        &["serve", "--help"],
        &["uci", "--help"],
        &["help", "pgn", "check"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("Usage:"), "{args:?}: {text}");
        assert!(text.contains("Exit status:"), "{args:?}: {text}");
    }
}

#[test]
fn version_prints_the_crate_version() {
    let out = run(&["--version"]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("guoxiang {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn completions_are_printed_for_the_usual_shells() {
    for shell in ["bash", "zsh", "fish"] {
        let out = run(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8_lossy(&out.stdout);
        assert!(
            script.contains("guoxiang") && script.contains("check"),
            "{shell}"
        );
    }
    assert_eq!(run(&["completions", "cmd.exe"]).status.code(), Some(2));
}

#[test]
fn usage_errors_exit_with_status_two() {
    for args in [
        &["frobnicate"][..],
        &["pgn"],
        &["pgn", "check"],
        &["pgn", "verify", "x.pgn"],
        &["fen"],
        &["move"],
        &["move", "e4", "e5"],
        &["perft", "2", "--bogus"],
        &["serve", "--addr", "nowhere"],
        &["serve", "extra"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

/// Runs the binary with raw bytes as arguments (what a shell can pass on Linux).
#[cfg(unix)]
fn run_raw(args: &[&[u8]]) -> Output {
    use std::os::unix::ffi::OsStrExt;
    Command::new(env!("CARGO_BIN_EXE_guoxiang"))
        .args(args.iter().map(|a| std::ffi::OsStr::from_bytes(a)))
        .output()
        .expect("the binary runs")
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_a_usage_error_not_a_panic() {
    for args in [
        &[&b"fen"[..], b"\xff"][..],
        &[b"move", b"\xff"],
        &[b"move", b"e4", b"--fen", b"\xff"],
        &[b"perft", b"\xff"],
        &[b"serve", b"--db", b"\xff"],
    ] {
        let out = run_raw(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("UTF-8"), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    // Not UTF-8 where a command is expected: no such command.
    let out = run_raw(&[b"\xff"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unrecognized subcommand"));
}

#[cfg(unix)]
#[test]
fn pgn_check_reads_a_file_whose_name_is_not_utf8() {
    use std::os::unix::ffi::OsStrExt;
    let dir = std::env::temp_dir().join(format!("guoxiang-cli-raw-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(std::ffi::OsStr::from_bytes(b"games-\xff.pgn"));
    std::fs::write(&path, "1. e4 e5 2. Nf3 *\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_guoxiang"))
        .args(["pgn", "check", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(json_lines(&out)[0]["plies"], 3);
    // A name that is not UTF-8 and no such file: reported (lossily), status 1.
    let missing = dir.join(std::ffi::OsStr::from_bytes(b"gone-\xff.pgn"));
    let out = Command::new(env!("CARGO_BIN_EXE_guoxiang"))
        .args(["pgn", "check", "--json"])
        .arg(&missing)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v = &json_lines(&out)[0];
    assert!(
        v["file"].as_str().unwrap().contains("gone-\u{fffd}.pgn"),
        "{v}"
    );
    assert!(
        v["error"].as_str().unwrap().starts_with("cannot open"),
        "{v}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn pgn_check_numbers_games_across_files_and_checks_a_big_file_in_order() {
    let dir = std::env::temp_dir().join(format!("guoxiang-cli-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let small = dir.join("small.pgn");
    std::fs::write(&small, "1. e4 *\n\n1. d4 *\n").unwrap();
    // About 3 MB: several chunks, checked in parallel, written in order.
    let mut text = String::new();
    let mut i = 0;
    while text.len() < 3 << 20 {
        i += 1;
        let extra = if i % 2 == 0 { " 6. c3 b5" } else { "" };
        text.push_str(&format!(
            "[Event \"game {i}\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7{extra} *\n\n"
        ));
    }
    let big = dir.join("big.pgn");
    std::fs::write(&big, &text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_guoxiang"))
        .args(["pgn", "check", "--json", "--threads", "3"])
        .args([&small, &big])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v = json_lines(&out);
    assert_eq!(v.len(), 2 + i);
    for (n, line) in v.iter().enumerate() {
        assert_eq!(line["game"], n as u64 + 1);
        let plies = if n < 2 {
            1
        } else if (n - 1) % 2 == 0 {
            12
        } else {
            10
        };
        assert_eq!(line["plies"], plies, "game {}", n + 1);
    }
    std::fs::remove_dir_all(&dir).ok();
}
