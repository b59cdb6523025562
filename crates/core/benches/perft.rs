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

const CASES: [(&str, &str, u32, u64); 5] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        6,
        119_060_324,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
    (
        "position3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        6,
        11_030_083,
    ),
    (
        "position4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        5,
        15_833_292,
    ),
    (
        "position5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        4,
        2_103_487,
    ),
];

/// cozy-chess perft with bulk counting, as in its documentation.
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => nodes = 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += cozy_perft(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}

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
