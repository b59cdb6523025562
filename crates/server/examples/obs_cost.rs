//! What the observability hooks cost on the move path: the probe around each
//! commit (count the move, time the write, record the histogram, the
//! lifecycle log check), timed over many iterations without a logger and with
//! the server's default logger (`info`, writing to a sink). Run by hand:
//! `cargo run --release -p guoxiang-server --example obs_cost`
//! (docs/BENCH_SERVER.md).

use guoxiang_server::game::{Change, MoveRecord};
use guoxiang_server::obs::logging::{subscriber, LogFormat, DEFAULT_FILTER};
use guoxiang_server::obs::CommitProbe;
use std::time::Instant;
use tracing_subscriber::EnvFilter;

const N: u32 = 5_000_000;

fn per_move_ns() -> f64 {
    let changes = [Change::Moved(MoveRecord {
        ply: 1,
        uci: "e2e4".to_string(),
        san: "e4".to_string(),
        clocks: [300_000, 300_000],
        at: 0,
    })];
    let ok: Result<(), String> = Ok(());
    let started = Instant::now();
    for _ in 0..N {
        let probe = CommitProbe::start(std::hint::black_box(&changes));
        probe.finish(std::hint::black_box("abcdef123456"), &ok);
    }
    started.elapsed().as_nanos() as f64 / f64::from(N)
}

fn main() {
    let bare = per_move_ns();
    let sub = subscriber(
        LogFormat::Text,
        EnvFilter::new(DEFAULT_FILTER),
        std::io::sink,
        false,
    );
    let logged = tracing::subscriber::with_default(sub, per_move_ns);
    println!("commit probe per move: {bare:.1} ns without a logger, {logged:.1} ns with the default logger");
}
