//! The text lines the engine sends to the worker, in UCI's words so that they
//! read like any engine's output:
//!
//! - `info depth D seldepth S multipv K score cp X|mate N nodes N time MS pv M…`
//!   (the score from the side to move, moves in UCI notation);
//! - `bestmove M|(none) depth D nodes N` after each search;
//! - `bench positions P depth D nodes N time MS` after a bench.

use crate::session::Outcome;
use guoxiang_engine::search::{Info, Score};
use std::fmt::Write;

/// A finished line of the search.
///
/// ```
/// use guoxiang_engine::search::{Info, Score};
/// use std::time::Duration;
/// let info = Info { depth: 2, seldepth: 3, multipv: 1, score: Score::Mate(-1), bound: None,
///     nodes: 40, time: Duration::from_millis(7), hashfull: 0, pv: vec![] };
/// assert_eq!(guoxiang_wasm::line::info(&info),
///     "info depth 2 seldepth 3 multipv 1 score mate -1 nodes 40 time 7 pv");
/// ```
pub fn info(info: &Info) -> String {
    let score = match info.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} time {} pv",
        info.depth,
        info.seldepth,
        info.multipv,
        info.nodes,
        info.time.as_millis()
    );
    for m in &info.pv {
        let _ = write!(s, " {}", m.to_uci());
    }
    s
}

/// The end of a search.
pub fn bestmove(o: &Outcome) -> String {
    let best = o.best.map_or_else(|| "(none)".to_string(), |m| m.to_uci());
    format!("bestmove {best} depth {} nodes {}", o.depth, o.nodes)
}

/// The end of a bench run.
pub fn bench(r: &guoxiang_engine::bench::BenchResult, depth: i32) -> String {
    format!(
        "bench positions {} depth {depth} nodes {} time {}",
        r.positions,
        r.nodes,
        r.elapsed.as_millis()
    )
}
