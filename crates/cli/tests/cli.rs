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
    for m in ["Nf3", "g1f3", "g1-f3"] {
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
    for (lang, word) in [("en", "castle"), ("zh-CN", "易位"), ("zh-TW", "易位")] {
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
