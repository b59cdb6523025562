//! The engine with endgame tables (issue 15 §3), over a real UCI dialogue with the
//! `guoxiang-engine` binary: it mates by the shortest way (a game played out move by
//! move against the tables' longest defence lasts exactly the table's distance to
//! mate), resists longest when lost, converts a capture into a won table ending,
//! and with `TablebaseDir` at an empty folder plays as before. A human level never
//! probes the tables (through the library facade).
//!
//! The tables these tests need (KBNK, KQKR, KQKN and the classes they fall into)
//! are generated once per test binary into a cache folder under target/.

mod common;

use common::{move_of, Engine};
use guoxiang_core::{Color, Position};
use guoxiang_engine::search::Score;
use guoxiang_engine::{levels, Think};
use guoxiang_tablebase::{generate, Class, Tablebase, Wdl};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

/// Bishop and knight against the lone king, far from any corner.
const KBNK: &str = "8/8/8/4k3/8/8/8/KBN5 w - - 0 1";
/// Queen against rook, White to move and win.
const KQKR_WIN: &str = "8/8/3k4/8/3r4/8/8/KQ6 w - - 0 1";
/// Queen against rook, Black (the rook) to move and lose: only Ra4 holds out longest.
const KQKR_LOSS: &str = "r7/8/8/3Q4/8/8/1K5k/8 b - - 0 1";
/// Queen against rook, Black to move: Rd1 pins the queen and holds the draw.
const KQKR_DRAW: &str = "8/8/3k4/8/3r4/8/8/KQ6 b - - 0 1";
/// Five pieces: Qxd5 takes the rook into a won queen-against-knight ending.
const CAPTURE_INTO_KQKN: &str = "1n5k/8/8/3r4/8/8/8/K2Q4 w - - 0 1";

fn tables() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("engine-tablebase");
        std::fs::create_dir_all(&dir).expect("a cache folder under target/");
        let classes: Vec<Class> = ["KBNK", "KQKR", "KQKN"]
            .iter()
            .map(|c| c.parse().expect("a class name"))
            .collect();
        generate(&dir, &classes, 2, &mut |_| {}).expect("the test tables generate");
        dir
    })
}

/// An engine at full strength with `dir` as its tables.
fn engine_with(dir: &Path) -> Engine {
    let mut e = Engine::start();
    e.send(&format!(
        "setoption name TablebaseDir value {}",
        dir.display()
    ));
    e.ready();
    e
}

/// The engine's move after `moves` from `fen`, and its last `score mate N`.
fn engine_move(e: &mut Engine, fen: &str, moves: &[String], go: &str) -> (String, Option<i32>) {
    let mut cmd = format!("position fen {fen}");
    if !moves.is_empty() {
        cmd = format!("{cmd} moves {}", moves.join(" "));
    }
    e.send(&cmd);
    e.send(go);
    let (best, lines) = e.bestmove(Duration::from_secs(60));
    let mate = lines
        .iter()
        .rev()
        .filter_map(|l| l.split(" score mate ").nth(1))
        .find_map(|rest| rest.split_whitespace().next()?.parse().ok());
    (move_of(&best), mate)
}

/// Mate in moves, signed, as UCI says it for a table value of the side to move.
fn uci_mate(wdl: Wdl, dtm: u32) -> i32 {
    match wdl {
        Wdl::Win => (dtm as i32 + 1) / 2,
        _ => -(dtm as i32) / 2,
    }
}

/// Plays `fen` out: the engine moves for `engine_side`, the tables' best move (the
/// fastest mate or the longest resistance) for the other side. Checks each engine
/// move keeps the exact table value with the right `score mate`, and returns the
/// number of plies until checkmate.
fn play_out(fen: &str, engine_side: Color) -> u32 {
    let tb = Tablebase::open(tables());
    let mut e = engine_with(tables());
    let mut pos = Position::from_fen(fen).expect("test FEN is valid");
    let mut moves: Vec<String> = Vec::new();
    let mut plies = 0;
    while !pos.legal_moves().is_empty() {
        let now = tb.probe(&pos).expect("a table position");
        let uci = if pos.turn() == engine_side {
            let (uci, mate) = engine_move(&mut e, fen, &moves, "go depth 6");
            let dtm = now.dtm.expect("a decided position");
            assert_eq!(mate, Some(uci_mate(now.wdl, dtm)), "score at ply {plies}");
            uci
        } else {
            let best = tb.best_move(&pos).expect("probe").expect("a move");
            best.mv.to_uci()
        };
        let m = pos.parse_uci(&uci).expect("a legal move");
        let after = tb.probe(&pos.after(m)).expect("a table position");
        assert_eq!(
            after.dtm.map(|d| d + 1),
            now.dtm,
            "{uci} after {moves:?} is not an optimal move"
        );
        pos.play_unchecked(m);
        moves.push(uci);
        plies += 1;
    }
    assert!(pos.is_check(), "the game ends in checkmate, not stalemate");
    plies
}

#[test]
fn the_engine_mates_with_bishop_and_knight_by_the_shortest_way() {
    let tb = Tablebase::open(tables());
    let start = tb.probe(&Position::from_fen(KBNK).expect("valid FEN"));
    let dtm = start
        .expect("a table position")
        .dtm
        .expect("a won position");
    assert!(
        dtm >= 41,
        "a long mate to find, not a quick one ({dtm} plies)"
    );
    assert_eq!(play_out(KBNK, Color::White), dtm);
}

#[test]
fn the_engine_wins_queen_against_rook_by_the_shortest_way() {
    let tb = Tablebase::open(tables());
    let start = tb.probe(&Position::from_fen(KQKR_WIN).expect("valid FEN"));
    let start = start.expect("a table position");
    assert_eq!(start.wdl, Wdl::Win);
    assert_eq!(play_out(KQKR_WIN, Color::White), start.dtm.expect("won"));
}

#[test]
fn the_engine_resists_longest_in_a_lost_ending() {
    let tb = Tablebase::open(tables());
    let pos = Position::from_fen(KQKR_LOSS).expect("valid FEN");
    let start = tb.probe(&pos).expect("a table position");
    assert_eq!(start.wdl, Wdl::Loss);
    // Some moves lose faster: the choice matters.
    let moves = tb.probe_moves(&pos).expect("probe");
    let dtms: Vec<u32> = moves.iter().filter_map(|m| m.after.dtm).collect();
    assert!(dtms.iter().min() < dtms.iter().max());
    assert_eq!(play_out(KQKR_LOSS, Color::Black), start.dtm.expect("lost"));
}

#[test]
fn the_engine_keeps_a_drawn_ending_drawn_and_scores_it_cp_0() {
    let tb = Tablebase::open(tables());
    let pos = Position::from_fen(KQKR_DRAW).expect("valid FEN");
    assert_eq!(tb.probe(&pos).expect("a table position").wdl, Wdl::Draw);
    let moves = tb.probe_moves(&pos).expect("probe");
    assert!(
        moves.iter().any(|m| m.after.wdl == Wdl::Win),
        "some moves lose"
    );
    let mut e = engine_with(tables());
    e.send(&format!("position fen {KQKR_DRAW}"));
    e.send("go depth 6");
    let (best, lines) = e.bestmove(Duration::from_secs(60));
    let m = pos.parse_uci(&move_of(&best)).expect("a legal move");
    let after = tb.probe(&pos.after(m)).expect("a table position");
    assert_eq!(after.wdl, Wdl::Draw, "{best} gives the draw away");
    let last = lines
        .iter()
        .rev()
        .find(|l| l.contains(" score "))
        .expect("an info line");
    assert!(last.contains(" score cp 0 "), "{last}");
}

#[test]
fn a_capture_into_a_won_table_ending_scores_as_its_exact_mate() {
    let tb = Tablebase::open(tables());
    let pos = Position::from_fen(CAPTURE_INTO_KQKN).expect("valid FEN");
    let take = pos.parse_uci("d1d5").expect("legal");
    let after = tb.probe(&pos.after(take)).expect("a table position");
    let dtm = after.dtm.expect("won for White");
    let mut e = engine_with(tables());
    let (best, mate) = engine_move(&mut e, CAPTURE_INTO_KQKN, &[], "go depth 3");
    assert_eq!((best.as_str(), mate), ("d1d5", Some((dtm as i32 + 2) / 2)));
}

#[test]
fn with_an_empty_table_folder_the_engine_searches_as_before() {
    let empty = tempdir("empty-tables");
    let mut e = engine_with(&empty);
    // The capture is still found, but scored by the search, not as a mate.
    let (best, mate) = engine_move(&mut e, CAPTURE_INTO_KQKN, &[], "go depth 3");
    assert_eq!((best.as_str(), mate), ("d1d5", None));
    let (best, _) = engine_move(&mut e, KBNK, &[], "go depth 6");
    let pos = Position::from_fen(KBNK).expect("valid FEN");
    assert!(pos.parse_uci(&best).is_ok(), "a legal move, not {best}");
}

#[test]
fn a_human_level_never_probes_the_tables() {
    let engine = guoxiang_engine::Engine::new(8).with_tablebase(Some(Tablebase::open(tables())));
    let mut think = Think::new(Position::from_fen(KBNK).expect("valid FEN"));
    think.limits.depth = Some(2);
    let full = engine.think(&think, &mut |_| {});
    assert!(matches!(full.uci_score(), Score::Mate(n) if n > 10));
    for level in 1..=7 {
        think.style = Some(levels::style_for_level(level));
        let human = engine.think(&think, &mut |_| {});
        assert!(
            matches!(human.uci_score(), Score::Cp(_)),
            "level {level} scored {:?}",
            human.uci_score()
        );
    }
}

/// A new empty folder under target/ for one test.
fn tempdir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp folder under target/");
    dir
}
