//! Games per second: our reader + legality-checking replay, against
//! pgn-reader 0.29 + shakmaty 0.30, over the same file of generated games.
//!
//! The file (`target/pgn-bench-<N>.pgn`, N = `PGN_BENCH_GAMES`, default
//! 100,000) is made by our own generator on first use and read into memory, so
//! that only parsing and move checking are timed. Variations are skipped by both.
//!
//! ```text
//! cargo bench -p guoxiang-core --bench pgn
//! PGN_BENCH_GAMES=5000 cargo bench -p guoxiang-core --bench pgn   # quick
//! ```

#[path = "../examples/support/pgn_gen.rs"]
mod pgn_gen;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

fn bench_file() -> (Vec<u8>, u64) {
    let games: u64 = std::env::var("PGN_BENCH_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100_000);
    let dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../target")));
    let path = dir.join(format!("pgn-bench-{games}.pgn"));
    if !path.exists() {
        let _ = std::fs::create_dir_all(&dir);
        let tmp = path.with_extension("tmp");
        let file = std::fs::File::create(&tmp).expect("create the bench file");
        let mut out = std::io::BufWriter::new(file);
        let t = Instant::now();
        pgn_gen::write_games(&mut out, games, 1).expect("write the bench file");
        out.flush().expect("write the bench file");
        drop(out);
        std::fs::rename(&tmp, &path).expect("rename the bench file");
        eprintln!(
            "generated {} in {:.1}s",
            path.display(),
            t.elapsed().as_secs_f64()
        );
    }
    let data = std::fs::read(&path).expect("read the bench file");
    (data, games)
}

/// Our reader with full replay; returns (games, plies).
fn ours(data: &[u8]) -> (u64, u64) {
    use guoxiang_core::pgn::{Reader, Replay};
    let mut reader = Reader::new(data);
    let mut replay = Replay::new();
    let (mut games, mut plies) = (0, 0);
    while let Ok(Some(g)) = reader.read_game(&mut replay) {
        assert!(g.error.is_none(), "{:?}", g.error);
        games += 1;
        plies += u64::from(g.plies);
    }
    (games, plies)
}

/// pgn-reader with shakmaty playing every move.
struct Peer;

impl pgn_reader::Visitor for Peer {
    type Tags = Option<shakmaty::Chess>;
    type Movetext = (shakmaty::Chess, u64);
    type Output = Result<u64, ()>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let pos = shakmaty::fen::Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|f| f.into_position(shakmaty::CastlingMode::Standard).ok());
            match pos {
                Some(p) => *tags = Some(p),
                None => return ControlFlow::Break(Err(())),
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((tags.unwrap_or_default(), 0))
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: pgn_reader::SanPlus,
    ) -> ControlFlow<Self::Output> {
        use shakmaty::Position;
        match san_plus.san.to_move(&movetext.0) {
            Ok(m) => {
                movetext.0.play_unchecked(m);
                movetext.1 += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(Err(())),
        }
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        Ok(movetext.1)
    }
}

fn peer(data: &[u8]) -> (u64, u64) {
    let mut reader = pgn_reader::Reader::new(data);
    let (mut games, mut plies) = (0, 0);
    while let Ok(Some(g)) = reader.read_game(&mut Peer) {
        let g = g.expect("legal game");
        games += 1;
        plies += g;
    }
    (games, plies)
}

fn pgn(c: &mut Criterion) {
    let (data, games) = bench_file();
    // Timed passes first, interleaved, best of 3 (the machine may be shared),
    // for the record; and a check that both read the same games and plies.
    type Pass = fn(&[u8]) -> (u64, u64);
    let runs: [(&str, Pass); 2] = [("ours", ours), ("pgn-reader+shakmaty", peer)];
    let mut best = [f64::INFINITY; 2];
    for _ in 0..3 {
        for (i, (_, f)) in runs.iter().enumerate() {
            let t = Instant::now();
            let (g, _) = f(&data);
            best[i] = best[i].min(t.elapsed().as_secs_f64());
            assert_eq!(g, games);
        }
    }
    for (i, (name, _)) in runs.iter().enumerate() {
        eprintln!(
            "{name:>20}: {games} games, {:.1} MB, best of 3 {:.3}s: {:.0} games/s",
            data.len() as f64 / 1e6,
            best[i],
            games as f64 / best[i]
        );
    }
    eprintln!("ratio ours/peer (games/s): {:.2}", best[1] / best[0]);
    assert_eq!(ours(&data), peer(&data));
    let mut group = c.benchmark_group("pgn_replay");
    group.throughput(Throughput::Elements(games));
    group.sample_size(10);
    group.bench_function("guoxiang", |b| b.iter(|| ours(black_box(&data))));
    group.bench_function("pgn-reader+shakmaty", |b| b.iter(|| peer(black_box(&data))));
    group.finish();
}

criterion_group!(benches, pgn);
criterion_main!(benches);
