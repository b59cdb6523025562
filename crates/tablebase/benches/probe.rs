//! Probe speed: the value of one position from a loaded table (the table is generated into
//! target/ on the first run and loaded before timing).

use criterion::{criterion_group, criterion_main, Criterion};
use guoxiang_tablebase::{generate, Class, Color, Position, Tablebase, Wdl};
use std::hint::black_box;

fn positions(tb: &Tablebase, class: &str) -> Vec<Position> {
    let c: Class = class.parse().unwrap();
    (0..256u64)
        .filter_map(|seed| {
            let turn = if seed % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let wdl = if turn == Color::White {
                Wdl::Win
            } else {
                Wdl::Loss
            };
            tb.sample(c, turn, wdl, 0..=255, seed, &|_| true).unwrap()
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tb-cache");
    let classes: Vec<Class> = ["KBNK", "KQPK"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    generate(&dir, &classes, 2, &mut |_| {}).unwrap();
    let tb = Tablebase::open(&dir);
    for class in ["KBNK", "KQPK"] {
        let set = positions(&tb, class);
        assert!(set.len() > 200);
        let mut i = 0;
        c.bench_function(&format!("probe {class}"), |b| {
            b.iter(|| {
                i = (i + 1) % set.len();
                black_box(tb.probe(black_box(&set[i])).unwrap())
            })
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
