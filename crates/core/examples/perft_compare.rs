//! Times perft with bulk counting in guoxiang-core, cozy-chess and shakmaty on
//! the same five positions (start d6, Kiwipete d5, position 3 d6, position 4 d5,
//! position 5 d4), takes the best of several interleaved repetitions, and prints nodes,
//! seconds and Mnps for each library with the geometric-mean speed ratios.
//!
//! ```text
//! cargo run --release -p guoxiang-core --example perft_compare [repetitions] [depth offset] [name filter]
//! ```
//!
//! A negative depth offset (e.g. `-1`) makes a quick run; a name filter (e.g.
//! `kiwi`) runs only the positions whose name contains it.

use std::time::Instant;

#[path = "support/perft_peers.rs"]
mod perft_peers;
use perft_peers::{cozy_perft, CASES};

/// Runs `f` once; its result and the time it took in seconds.
fn timed(f: impl FnOnce() -> u64) -> (u64, f64) {
    let t = Instant::now();
    let n = std::hint::black_box(f());
    (n, t.elapsed().as_secs_f64())
}

fn main() {
    let mut args = std::env::args().skip(1);
    let reps: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(5);
    let offset: i32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let filter = args.next().unwrap_or_default();
    println!("perft with bulk counting, best of {reps} interleaved runs");
    println!(
        "{:<11} {:>5} {:>12} | {:>8} {:>7} | {:>8} {:>7} | {:>8} {:>7}",
        "position", "depth", "nodes", "ours s", "Mnps", "cozy s", "Mnps", "shak s", "Mnps"
    );
    let (mut log_cozy, mut log_shak) = (0.0, 0.0);
    let mut totals = [0.0f64; 3];
    let mut total_nodes = 0u64;
    let mut n = 0.0;
    for (name, fen, depth, published) in CASES {
        if !name.contains(&filter) {
            continue;
        }
        n += 1.0;
        let depth = (depth as i32 + offset).max(1) as u32;
        let ours = guoxiang_core::Position::from_fen(fen).expect("legal FEN");
        let cozy = cozy_chess::Board::from_fen(fen, false).expect("legal FEN");
        let shak: shakmaty::Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
            .expect("FEN")
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("legal FEN");
        // The three libraries take turns in each repetition, so that a change in
        // the machine's load hits them alike; the best time of each is kept.
        let (mut n_ours, mut n_cozy, mut n_shak) = (0, 0, 0);
        let (mut t_ours, mut t_cozy, mut t_shak) = (f64::INFINITY, f64::INFINITY, f64::INFINITY);
        for _ in 0..reps {
            let (n, t) = timed(|| guoxiang_core::perft(&ours, depth));
            (n_ours, t_ours) = (n, t_ours.min(t));
            let (n, t) = timed(|| cozy_perft(&cozy, depth));
            (n_cozy, t_cozy) = (n, t_cozy.min(t));
            let (n, t) = timed(|| shakmaty::perft(&shak, depth));
            (n_shak, t_shak) = (n, t_shak.min(t));
        }
        assert_eq!(n_ours, n_cozy, "{name}: ours and cozy-chess disagree");
        assert_eq!(n_ours, n_shak, "{name}: ours and shakmaty disagree");
        if offset == 0 {
            assert_eq!(n_ours, published, "{name}: not the published count");
        }
        let mnps = |t: f64| n_ours as f64 / t / 1e6;
        println!(
            "{name:<11} {depth:>5} {n_ours:>12} | {t_ours:>8.3} {:>7.1} | {t_cozy:>8.3} {:>7.1} | {t_shak:>8.3} {:>7.1}",
            mnps(t_ours),
            mnps(t_cozy),
            mnps(t_shak)
        );
        log_cozy += (t_cozy / t_ours).ln();
        log_shak += (t_shak / t_ours).ln();
        totals[0] += t_ours;
        totals[1] += t_cozy;
        totals[2] += t_shak;
        total_nodes += n_ours;
    }
    let all = |t: f64| total_nodes as f64 / t / 1e6;
    println!(
        "{:<11} {:>5} {total_nodes:>12} | {:>8.3} {:>7.1} | {:>8.3} {:>7.1} | {:>8.3} {:>7.1}",
        "total",
        "",
        totals[0],
        all(totals[0]),
        totals[1],
        all(totals[1]),
        totals[2],
        all(totals[2])
    );
    println!(
        "geometric-mean speed ratio (their time / our time; > 1 means ours is faster): \
         ours/cozy-chess {:.3}, ours/shakmaty {:.3}",
        (log_cozy / n).exp(),
        (log_shak / n).exp()
    );
}
