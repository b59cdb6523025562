//! Runs the only-move rule on one position and prints what the searches saw:
//! `cargo run --release -p guoxiang-puzzles --example solve -- "FEN" [N1]`.

use guoxiang_core::Position;
use guoxiang_puzzles::gen::analysis::Analyst;
use guoxiang_puzzles::gen::rule::solve;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(fen) = args.get(1) else {
        eprintln!("usage: solve FEN [N1]");
        std::process::exit(2);
    };
    let n1: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(60_000);
    let pos = match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("bad FEN: {e}");
            std::process::exit(2);
        }
    };
    let an = Analyst::new(16, None);
    for nodes in [n1, 4 * n1] {
        let l = an.analyse(&pos, &[], nodes, 2);
        let shown: Vec<String> = l
            .lines
            .iter()
            .map(|(m, s)| format!("{} {s}", m.to_uci()))
            .collect();
        println!(
            "{nodes} nodes: depth {} settled {}: {}",
            l.depth,
            l.settled,
            shown.join(", ")
        );
    }
    match solve(&an, n1, &pos, &[]) {
        Some(s) => {
            let line: Vec<String> = s.line.iter().map(|m| m.to_uci()).collect();
            println!(
                "{:?}: {} (margin {:.3}, depth {}, found {})",
                s.goal,
                line.join(" "),
                s.margin,
                s.depth,
                s.found
            );
        }
        None => println!("no puzzle"),
    }
}
