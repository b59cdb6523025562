//! `guoxiang perft DEPTH [--fen FEN] [--divide]`: counts the leaf nodes of the legal
//! move tree (bulk counting at the last ply), with timing.

use crate::cli::PerftArgs;
use guoxiang_core::{perft, Position};
use serde_json::json;
use std::process::ExitCode;
use std::time::Instant;

/// Runs the command (DEPTH was checked against [`crate::cli::MAX_PERFT_DEPTH`]).
pub fn run(args: &PerftArgs) -> ExitCode {
    let (depth, json) = (args.depth, args.json);
    let pos = match &args.fen {
        None => Position::new(),
        Some(fen) => match Position::from_fen(fen) {
            Ok(p) => p,
            Err(e) => {
                crate::fen_cmd::print_fen_error(&e, json);
                return ExitCode::from(1);
            }
        },
    };
    let start = Instant::now();
    let nodes = if args.divide && depth > 0 {
        let mut total = 0;
        for &m in pos.legal_moves().iter() {
            let n = perft(&pos.after(m), depth - 1);
            total += n;
            if json {
                println!("{}", json!({"move": m.to_uci(), "nodes": n}));
            } else {
                println!("{}: {n}", m.to_uci());
            }
        }
        total
    } else {
        perft(&pos, depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 {
        nodes as f64 / seconds
    } else {
        0.0
    };
    if json {
        println!(
            "{}",
            json!({"nodes": nodes, "seconds": seconds, "nps": nps.round() as u64})
        );
    } else {
        println!("nodes {nodes}\nseconds {seconds:.3}\nnps {:.0}", nps);
    }
    ExitCode::SUCCESS
}
