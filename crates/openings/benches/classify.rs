//! The cost of naming an opening: `classify` over a whole game's moves (replay plus one
//! lookup per position) and `Tracker::observe` for one position, as a server adding one
//! move at a time would call it. Run: `cargo bench -p guoxiang-openings --bench classify`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use guoxiang_core::{Game, Move, Position};
use guoxiang_openings::{classify, Tracker};

/// A 40-ply game: a Ruy Lopez Breyer played on past the table.
const GAME: &str = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 \
                    Nbd2 Bb7 Bc2 Re8 Nf1 Bf8 Ng3 g6 a4 c5 d5 c4 Bg5 h6 Be3 Nc5 Qd2 h5 Bg5 Be7";

fn game() -> (Vec<Move>, Vec<Position>) {
    let mut g = Game::new();
    for san in GAME.split_whitespace() {
        g.play_san(san).expect("the benchmark game is legal");
    }
    (g.moves().to_vec(), g.positions().to_vec())
}

fn bench(c: &mut Criterion) {
    let (moves, positions) = game();
    assert_eq!(moves.len(), 40);
    assert_eq!(classify(&moves).unwrap().key, "ruy_lopez_breyer");
    c.bench_function("classify 40 plies (replay + lookups)", |b| {
        b.iter(|| classify(black_box(&moves)))
    });
    let last = positions.last().unwrap().clone();
    c.bench_function("Tracker::observe one position", |b| {
        let mut tracker = Tracker::new();
        b.iter(|| tracker.observe(black_box(&last)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
