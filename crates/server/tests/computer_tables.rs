//! The full-strength computer plays endings of four pieces or fewer from the
//! tablebases the server holds: from a won KQK it picks a move of the shortest
//! mate, every time; a human level never reports table knowledge.

mod common;

use common::tables::*;
use common::*;
use guoxiang_core::Position;
use guoxiang_server::time::TimeSource;
use guoxiang_tablebase::{Tablebase, Wdl};
use serde_json::json;

/// White (the computer) to move in KQK: mate in 9 moves (17 plies) with best play.
const KQK: &str = "8/8/8/4k3/8/8/8/KQ6 w - - 0 1";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_full_strength_computer_takes_the_shortest_mate_from_the_tables() {
    let dir = tables();
    let tb = Tablebase::open(&dir);
    let srv = start_with("cpu-tables", TimeSource::real(), move |c| c.tb_dir = dir).await;
    let (id, me) = srv
        .create(json!({"mode": "computer", "level": 8, "color": "black", "fen": KQK}))
        .await;
    let mut pos = Position::from_fen(KQK).expect("the test FEN");
    // Four computer moves, each answered by the tables' longest defence: every
    // one must keep to the shortest mate (a search without tables rarely does).
    for round in 0..4 {
        let n = 2 * round + 1;
        let state = srv
            .wait_for(&id, |v| v["moves"].as_array().is_some_and(|m| m.len() >= n))
            .await;
        let played = state["moves"][n - 1]
            .as_str()
            .expect("a UCI move")
            .to_string();
        let moves = tb.probe_moves(&pos).expect("KQK probes");
        let best = moves
            .iter()
            .filter(|m| m.after.wdl == Wdl::Loss)
            .filter_map(|m| m.after.dtm)
            .min()
            .expect("a winning move");
        let chosen = moves
            .iter()
            .find(|m| m.mv.to_uci() == played)
            .unwrap_or_else(|| panic!("{played} is not a legal move here"));
        assert_eq!(
            chosen.after.dtm,
            Some(best),
            "move {n}: {played} is not of the shortest mate"
        );
        pos.play(chosen.mv).expect("a legal move");
        let defence = tb.best_move(&pos).expect("probes").expect("not mate yet");
        srv.mv(&id, &me, &defence.mv.to_uci()).await;
        pos.play(defence.mv).expect("a legal move");
    }
}
