//! Streams a PGN file of any size through the reader and the legality-checking
//! replay, counting games, plies and errors, in constant memory.
//!
//! ```text
//! cargo build --release -p guoxiang-core --example pgn_stream
//! /usr/bin/time -v target/release/examples/pgn_stream big.pgn
//! ```

use guoxiang_core::pgn::{PgnError, Reader, Replay};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: pgn_stream FILE.pgn");
        std::process::exit(2);
    };
    let file = std::fs::File::open(&path)?;
    let t = std::time::Instant::now();
    let mut reader = Reader::new(file);
    let mut replay = Replay::new();
    let (mut games, mut plies, mut bad_games, mut syntax) = (0u64, 0u64, 0u64, 0u64);
    loop {
        match reader.read_game(&mut replay) {
            Ok(Some(game)) => {
                games += 1;
                plies += u64::from(game.plies);
                if let Some(e) = game.error {
                    if bad_games < 5 {
                        eprintln!("game {games}: {e}");
                    }
                    bad_games += 1;
                }
            }
            Ok(None) => break,
            Err(PgnError::Syntax(e)) => {
                if syntax < 5 {
                    eprintln!("{e}");
                }
                syntax += 1;
            }
            Err(e) => return Err(e.into()),
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{games} games, {plies} plies, {bad_games} games with illegal moves, {syntax} syntax errors between games; {s:.1}s, {:.0} games/s",
        games as f64 / s
    );
    Ok(())
}
