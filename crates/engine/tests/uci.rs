//! UCI conformance: drives the `guoxiang-engine` binary over pipes, command by
//! command and option by option, including `stop` during `go infinite`,
//! `isready` during a search, and garbage input.

mod common;

use common::{move_of, Engine};
use guoxiang_core::Position;
use std::time::{Duration, Instant};

#[test]
fn uci_names_the_engine_lists_every_option_and_ends_with_uciok() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok", Duration::from_secs(5));
    assert!(lines.iter().any(|l| l.starts_with("id name guoxiang")));
    assert!(lines.iter().any(|l| l.starts_with("id author")));
    for opt in [
        "Hash",
        "Threads",
        "MultiPV",
        "Move Overhead",
        "Ponder",
        "UCI_ShowWDL",
        "UCI_LimitStrength",
        "UCI_Elo",
        "Level",
        "Clear Hash",
        "Disable",
        "TablebaseDir",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {opt} type"))),
            "{opt}"
        );
    }
}

#[test]
fn go_depth_returns_a_legal_bestmove_with_info_lines() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 6");
    let (best, lines) = e.bestmove(Duration::from_secs(20));
    let m = move_of(&best);
    let mut pos = Position::new();
    for u in ["e2e4", "e7e5"] {
        pos.play_unchecked(pos.parse_uci(u).unwrap());
    }
    assert!(pos.parse_uci(&m).is_ok(), "{best}");
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth 6"))
        .expect("an info line for depth 6");
    for field in [
        "seldepth", "multipv", "score cp", "nodes", "nps", "hashfull", "time", "pv",
    ] {
        assert!(info.contains(field), "{field} missing in {info}");
    }
}

#[test]
fn isready_is_answered_at_once_during_a_search_and_stop_ends_go_infinite() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    e.ready();
    assert!(t.elapsed() < Duration::from_millis(500));
    // No bestmove before stop.
    std::thread::sleep(Duration::from_millis(300));
    assert!(e.lines.try_iter().all(|l| !l.starts_with("bestmove")));
    e.send("stop");
    let (best, _) = e.bestmove(Duration::from_secs(5));
    assert!(Position::new().parse_uci(&move_of(&best)).is_ok(), "{best}");
}

#[test]
fn go_infinite_waits_for_stop_even_after_a_mate_is_found() {
    let mut e = Engine::start();
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(500));
    assert!(e.lines.try_iter().all(|l| !l.starts_with("bestmove")));
    e.send("stop");
    assert_eq!(move_of(&e.bestmove(Duration::from_secs(5)).0), "a1a8");
}

#[test]
fn go_nodes_movetime_and_mate_limits_are_obeyed() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go nodes 5000");
    e.bestmove(Duration::from_secs(10));
    let t = Instant::now();
    e.send("go movetime 300");
    e.bestmove(Duration::from_secs(5));
    assert!(
        t.elapsed() < Duration::from_millis(1000),
        "{:?}",
        t.elapsed()
    );
    e.send("position fen r6k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1");
    e.send("go mate 2");
    let (best, lines) = e.bestmove(Duration::from_secs(20));
    assert_eq!(move_of(&best), "b3g8");
    assert!(lines.iter().any(|l| l.contains("score mate 2")));
}

#[test]
fn a_clock_of_one_second_is_never_overstepped() {
    let mut e = Engine::start();
    e.send("position startpos moves d2d4 d7d5 c2c4");
    let t = Instant::now();
    e.send("go wtime 1000 btime 1000 winc 10 binc 10");
    e.bestmove(Duration::from_secs(5));
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
    let t = Instant::now();
    e.send("go wtime 60000 btime 200 winc 0 binc 0 movestogo 5");
    e.bestmove(Duration::from_secs(5));
    assert!(
        t.elapsed() < Duration::from_millis(200),
        "{:?}",
        t.elapsed()
    );
}

#[test]
fn searchmoves_restricts_the_root_moves() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go depth 5 searchmoves a2a3 h2h3");
    let m = move_of(&e.bestmove(Duration::from_secs(10)).0);
    assert!(m == "a2a3" || m == "h2h3", "{m}");
}

#[test]
fn ponder_then_ponderhit_or_stop_gives_a_bestmove() {
    let mut e = Engine::start();
    e.send("setoption name Ponder value true");
    e.send("position startpos moves e2e4");
    e.send("go ponder wtime 5000 btime 5000");
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        e.lines.try_iter().all(|l| !l.starts_with("bestmove")),
        "no bestmove while pondering"
    );
    e.send("ponderhit");
    e.bestmove(Duration::from_secs(5));
    e.send("go ponder wtime 5000 btime 5000");
    std::thread::sleep(Duration::from_millis(200));
    e.send("stop");
    e.bestmove(Duration::from_secs(5));
}

#[test]
fn multipv_and_wdl_are_reported() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    e.send("setoption name UCI_ShowWDL value true");
    e.send("position startpos");
    e.send("go depth 5");
    let (_, lines) = e.bestmove(Duration::from_secs(10));
    for k in 1..=3 {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info depth 5") && l.contains(&format!("multipv {k} "))),
            "multipv {k}"
        );
    }
    assert!(lines.iter().any(|l| l.contains(" wdl ")));
}

#[test]
fn every_option_can_be_set_and_bad_values_are_refused_with_a_reason() {
    let mut e = Engine::start();
    for cmd in [
        "setoption name Hash value 32",
        "setoption name Threads value 2",
        "setoption name MultiPV value 2",
        "setoption name Move Overhead value 50",
        "setoption name Ponder value false",
        "setoption name UCI_ShowWDL value true",
        "setoption name UCI_LimitStrength value true",
        "setoption name UCI_Elo value 1500",
        "setoption name Level value 3",
        "setoption name Clear Hash",
    ] {
        e.send(cmd);
        let lines = e.ready();
        assert!(
            lines.iter().all(|l| !l.starts_with("info string")),
            "{cmd}: {lines:?}"
        );
    }
    for bad in [
        "setoption name Hash value -5",
        "setoption name Hash value lots",
        "setoption name Hash value 65536",
        "setoption name Threads value 0",
        "setoption name Level value 9",
        "setoption name UCI_Elo value 100",
        "setoption name Ponder value maybe",
        "setoption name NoSuchOption value 1",
        "setoption value 3",
    ] {
        e.send(bad);
        let lines = e.ready();
        assert!(
            lines.iter().any(|l| l.starts_with("info string")),
            "{bad}: {lines:?}"
        );
    }
    e.send("setoption name Level value 8");
    e.send("setoption name UCI_LimitStrength value false");
    e.send("setoption name Threads value 2");
    e.send("position startpos");
    e.send("go depth 6");
    let (best, _) = e.bestmove(Duration::from_secs(20));
    assert!(Position::new().parse_uci(&move_of(&best)).is_ok());
}

#[test]
fn the_developer_option_disable_switches_features_off_and_refuses_unknown_names() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok", Duration::from_secs(5));
    assert!(
        lines
            .iter()
            .any(|l| l == "option name Disable type string default <empty>"),
        "{lines:?}"
    );
    for good in [
        "setoption name Disable value nmp",
        "setoption name Disable value nmp,lmr",
        "setoption name Disable value NMP, lmr",
        "setoption name Disable value",
        "setoption name Disable value <empty>",
        "setoption name Disable value nmp",
    ] {
        e.send(good);
        let lines = e.ready();
        assert!(
            lines.iter().all(|l| !l.starts_with("info string")),
            "{good}: {lines:?}"
        );
    }
    for bad in [
        "setoption name Disable value bogus",
        "setoption name Disable value lmr,bogus",
        "setoption name Disable value nmp lmr",
    ] {
        e.send(bad);
        let lines = e.ready();
        let said = lines
            .iter()
            .find(|l| l.starts_with("info string"))
            .unwrap_or_else(|| panic!("{bad}: no info string in {lines:?}"));
        assert!(said.contains("unknown feature"), "{bad}: {said}");
        assert!(said.contains("still disabled: nmp"), "{bad}: {said}");
    }
    // The refused values changed nothing: 'nmp' is still the only feature off.
    e.send("bench 1");
    let lines = e.until("Nodes/second", Duration::from_secs(30));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string bench") && l.ends_with("disabled nmp")),
        "{lines:?}"
    );
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 5");
    let (best, _) = e.bestmove(Duration::from_secs(20));
    let mut pos = Position::new();
    for u in ["e2e4", "e7e5"] {
        pos.play_unchecked(pos.parse_uci(u).unwrap());
    }
    assert!(pos.parse_uci(&move_of(&best)).is_ok(), "{best}");
    // Everything off at once still plays legal moves and finds a mate.
    e.send(&format!(
        "setoption name Disable value {}",
        guoxiang_engine::features::Features::NAMES.join(",")
    ));
    e.send("position fen r6k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1");
    e.send("go depth 5");
    let (best, lines) = e.bestmove(Duration::from_secs(20));
    assert_eq!(move_of(&best), "b3g8", "{lines:?}");
}

#[test]
fn malformed_and_out_of_order_commands_are_ignored_with_a_reason() {
    let mut e = Engine::start();
    e.send("position startpos moves e2e4");
    for bad in [
        "position",
        "position fen",
        "position fen 8/8/8/8 w - - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e5",
        "position startpos moves e7e5 e7e5",
        "position startpos garbage",
        "position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2 h1h2 a2a3 zz",
        "position startpos moves e2e4 \u{4e2d}\u{6587}",
        "ponderhit",
        "xyzzy",
        "go depth",
    ] {
        e.send(bad);
        let lines = e.ready();
        if bad != "go depth" {
            assert!(
                lines.iter().any(|l| l.starts_with("info string")),
                "{bad}: {lines:?}"
            );
        }
    }
    // The bad 'position' commands changed nothing: still after 1.e4.
    e.send("stop");
    e.send("d");
    let lines = e.until("Key:", Duration::from_secs(5));
    assert!(
        lines
            .iter()
            .any(|l| l.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")),
        "{lines:?}"
    );
    // Garbage bytes, an empty line and a huge line.
    e.send_bytes(b"\xff\xfe\x00\x01garbage\n\n");
    let huge = "x".repeat(2 << 20);
    e.send(&huge);
    e.ready();
    e.send("go depth 3");
    let (best, _) = e.bestmove(Duration::from_secs(10));
    assert_ne!(move_of(&best), "0000");
    // 'go' during a search is refused, not queued.
    e.send("go infinite");
    e.send("go depth 1");
    let lines = e.ready();
    assert!(
        lines.iter().any(|l| l.contains("a search is running")),
        "{lines:?}"
    );
    e.send("stop");
    e.bestmove(Duration::from_secs(5));
}

#[test]
fn a_position_without_legal_moves_gets_bestmove_0000() {
    let mut e = Engine::start();
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go depth 3");
    assert_eq!(move_of(&e.bestmove(Duration::from_secs(5)).0), "0000");
}

#[test]
fn ucinewgame_d_eval_perft_and_bench_work() {
    let mut e = Engine::start();
    e.send("ucinewgame");
    e.send("position startpos");
    e.send("perft 3");
    let lines = e.until("Nodes searched", Duration::from_secs(10));
    assert!(lines.last().is_some_and(|l| l.ends_with("8902")));
    e.send("eval");
    let lines = e.until("final evaluation", Duration::from_secs(5));
    assert!(lines.iter().any(|l| l.starts_with("material")));
    e.send("bench 3");
    let lines = e.until("Nodes/second", Duration::from_secs(60));
    assert!(lines.iter().any(|l| l.starts_with("Nodes searched")));
}

#[test]
fn quit_ends_the_process() {
    let mut e = Engine::start();
    e.send("go infinite");
    e.send("quit");
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        if e.child.try_wait().expect("wait").is_some() {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("the engine did not quit");
}

#[test]
fn human_levels_play_legal_moves_and_take_human_time_without_a_clock() {
    let mut e = Engine::start();
    e.send("setoption name Level value 1");
    e.send("position startpos moves e2e4");
    let t = Instant::now();
    e.send("go");
    let (best, _) = e.bestmove(Duration::from_secs(10));
    let elapsed = t.elapsed();
    let mut pos = Position::new();
    pos.play_unchecked(pos.parse_uci("e2e4").unwrap());
    assert!(pos.parse_uci(&move_of(&best)).is_ok());
    assert!(
        elapsed >= Duration::from_millis(300) && elapsed <= Duration::from_millis(3500),
        "{elapsed:?}"
    );
}
