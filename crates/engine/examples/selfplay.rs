//! Self-play data for the tuner: plays fast games of the engine against itself
//! from an EPD opening set (plus a few random plies for variety), and writes quiet
//! positions labelled with the game's result and the search's score, one
//! `FEN;result;score` per line (result 1.0 / 0.5 / 0.0 and score in centipawns, both
//! from White's side).
//!
//!     cargo run --release -p guoxiang-engine --example selfplay -- \
//!         ../shared/tools/match/openings-dev.epd 2000 6000 target/tune/selfplay.txt [seed]

use guoxiang_core::{Color, Game, Outcome, Position};
use guoxiang_engine::{Engine, Think};
use std::io::Write;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        eprintln!("usage: selfplay OPENINGS.epd GAMES NODES OUT [SEED]");
        std::process::exit(2);
    }
    let openings: Vec<String> = std::fs::read_to_string(&args[0])?
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().take(4).collect();
            format!("{} 0 1", f.join(" "))
        })
        .collect();
    let games: usize = args[1].parse().expect("GAMES is a number");
    let nodes: u64 = args[2].parse().expect("NODES is a number");
    let seed: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut out = std::io::BufWriter::new(std::fs::File::create(&args[3])?);
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let engine = Engine::new(16);
    let mut written = 0usize;
    for g in 0..games {
        let fen = &openings[g % openings.len()];
        let Ok(start) = Position::from_fen(fen) else {
            continue;
        };
        let mut game = Game::from_position(start);
        // A few random plies so repeated openings diverge.
        for _ in 0..(rng.next() % 4) {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[(rng.next() % moves.len() as u64) as usize];
            let _ = game.play(m);
        }
        engine.clear_hash();
        let mut samples: Vec<(String, i32)> = Vec::new();
        let mut result = None;
        while result.is_none() && game.moves().len() < 400 {
            if let Some(o) = game.outcome() {
                result = Some(o);
                break;
            }
            let pos = game.position().clone();
            let keys: Vec<u64> = game.positions()[..game.positions().len() - 1]
                .iter()
                .map(|p| p.zobrist())
                .collect();
            let mut think = Think::new(pos.clone());
            think.history = keys;
            think.limits.nodes = Some(nodes);
            let r = engine.think(&think, &mut |_| {});
            let Some(best) = r.best else { break };
            // Quiet positions only: not in check, best move not a capture or promotion,
            // and not a decided position.
            let quiet = !pos.is_check()
                && best.promotion().is_none()
                && !pos.board().occupied().contains(best.to())
                && !best.is_en_passant()
                && r.score.abs() < 2000
                && game.moves().len() >= 8;
            if quiet {
                let white = if pos.turn() == Color::White {
                    r.score
                } else {
                    -r.score
                };
                samples.push((pos.fen(), white));
            }
            // Adjudicate clear wins to save time.
            if r.score.abs() > 1500 && game.moves().len() > 40 {
                let mover_wins = r.score > 0;
                let winner = if mover_wins { pos.turn() } else { !pos.turn() };
                result = Some(Outcome::Decisive {
                    winner,
                    reason: guoxiang_core::WinReason::Resignation,
                });
                break;
            }
            if game.play(best).is_err() {
                break;
            }
        }
        let score = match result {
            Some(o) => o.score(Color::White),
            None => 0.5,
        };
        for (fen, cp) in samples {
            writeln!(out, "{fen};{score};{cp}")?;
            written += 1;
        }
        if (g + 1) % 50 == 0 {
            eprintln!("{} games, {written} positions", g + 1);
            out.flush()?;
        }
    }
    out.flush()?;
    eprintln!("done: {games} games, {written} positions");
    Ok(())
}
