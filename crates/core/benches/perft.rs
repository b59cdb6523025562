//! Criterion benchmark of perft with bulk counting: guoxiang-core against
//! cozy-chess and shakmaty on the start position (d6), Kiwipete (d5) and
//! positions 3 (d6), 4 (d5) and 5 (d4) of the chessprogramming wiki.
//!
//! Full-depth runs take a good fraction of a second each, so every group takes
//! only 10 samples with a short warm-up; `cargo bench -p guoxiang-core --bench
//! perft` takes about a minute and a half. For one quick table of all three
//! libraries, see `examples/perft_compare.rs`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;

#[path = "../examples/support/perft_peers.rs"]
mod perft_peers;
use perft_peers::{cozy_perft, CASES};

fn bench_perft(c: &mut Criterion) {
    for (name, fen, depth, nodes) in CASES {
        let ours = guoxiang_core::Position::from_fen(fen).expect("legal FEN");
        let cozy = cozy_chess::Board::from_fen(fen, false).expect("legal FEN");
        let shak: shakmaty::Chess = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
            .expect("FEN")
            .into_position(shakmaty::CastlingMode::Standard)
            .expect("legal FEN");

        let mut group = c.benchmark_group(format!("perft/{name}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(3))
            .throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new("guoxiang", depth), &ours, |b, pos| {
            b.iter(|| {
                let n = guoxiang_core::perft(black_box(pos), depth);
                assert_eq!(n, nodes);
                n
            })
        });
        group.bench_with_input(BenchmarkId::new("cozy-chess", depth), &cozy, |b, pos| {
            b.iter(|| {
                let n = cozy_perft(black_box(pos), depth);
                assert_eq!(n, nodes);
                n
            })
        });
        group.bench_with_input(BenchmarkId::new("shakmaty", depth), &shak, |b, pos| {
            b.iter(|| {
                let n = shakmaty::perft(black_box(pos), depth);
                assert_eq!(n, nodes);
                n
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
