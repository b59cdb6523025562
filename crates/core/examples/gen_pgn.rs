//! Writes pseudo-random legal games as PGN (our own benchmark data).
//!
//! ```text
//! cargo run --release -p guoxiang-core --example gen_pgn -- OUT.pgn [GAMES=100000] [SEED=1]
//! ```

#[path = "support/pgn_gen.rs"]
mod pgn_gen;

use std::io::{BufWriter, Write};

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: gen_pgn OUT.pgn [GAMES] [SEED]");
        std::process::exit(2);
    };
    let games = args.next().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let seed = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let t = std::time::Instant::now();
    let mut out = BufWriter::new(std::fs::File::create(&path)?);
    let plies = pgn_gen::write_games(&mut out, games, seed)?;
    out.flush()?;
    eprintln!(
        "wrote {games} games, {plies} mainline plies to {path} in {:.1}s",
        t.elapsed().as_secs_f64()
    );
    Ok(())
}
