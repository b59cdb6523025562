//! The generator: candidate positions from games (our engine's self-play at a mix
//! of human levels, or games read from PGN or from the server's database), the
//! only-move rule ([`rule`]) that every solver move must pass, verified by a deeper
//! search, and the seeded rating ([`rating`]).
//!
//! Work is split by game over `threads` workers; each game is mined by one worker
//! with its hash table cleared and its generator seeded from (seed, game), so the
//! set is the same for a seed whatever the number of threads. The set comes out
//! sorted by id, one puzzle per start position.
//!
//! ```no_run
//! use guoxiang_puzzles::gen::{generate, Config, Input};
//! let set = generate(&Config::default(), &Input::SelfPlay { seed: 1, games: 2 }, &|_, _| {});
//! println!("{}", set.to_jsonl());
//! ```

pub mod analysis;
pub mod input;
pub mod mine;
pub mod rating;
pub mod rule;
pub mod score;
pub mod selfplay;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use guoxiang_engine::Tablebase;

use crate::{Puzzle, PuzzleSet, Source};
use analysis::Analyst;
pub use input::{read_pgn, InputError};
use selfplay::PlayedGame;

/// How hard the generator looks.
#[derive(Debug, Clone)]
pub struct Config {
    /// N1: the nodes of the only-move search (MultiPV 2); confirmed at 4·N1.
    pub n1: u64,
    /// The nodes of the scan of every game position (MultiPV 2).
    pub scan_nodes: u64,
    /// How many of the other moves a level weighed are tried as mistakes, per move.
    pub alternatives: usize,
    /// The nodes (MultiPV 6) with which positions where the mover is winning are
    /// searched for moves that let the other side draw (draw puzzle candidates); 0: never.
    pub draw_probe: u64,
    /// Each worker's hash table, in MB.
    pub hash_mb: usize,
    /// Worker threads.
    pub threads: usize,
    /// Endgame tables for positions of four pieces or fewer.
    pub tb: Option<Tablebase>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            n1: 60_000,
            scan_nodes: 5_000,
            alternatives: 3,
            draw_probe: 30_000,
            hash_mb: 16,
            threads: 1,
            tb: None,
        }
    }
}

/// Where the games come from.
#[derive(Debug, Clone)]
pub enum Input {
    /// `games` self-play games of the run seeded `seed` (game k from (seed, k)).
    SelfPlay { seed: u64, games: u32 },
    /// Games read elsewhere, each with its source (its ply is filled in per puzzle).
    Games(Vec<(PlayedGame, Source)>),
}

/// A worker's news after each game.
#[derive(Debug, Clone, Copy)]
pub struct Progress {
    pub games_done: usize,
    pub games_total: usize,
    pub puzzles: usize,
}

/// The source of a puzzle found at `ply` of a game whose source is `game`.
fn at_ply(game: &Source, ply: u16) -> Source {
    match game {
        Source::SelfPlay { seed, game, .. } => Source::SelfPlay {
            seed: *seed,
            game: *game,
            ply,
        },
        Source::Pgn { file, game, .. } => Source::Pgn {
            file: file.clone(),
            game: *game,
            ply,
        },
        Source::Server { game, .. } => Source::Server {
            game: game.clone(),
            ply,
        },
    }
}

/// Generates a set from `input`; `progress` hears after each game (from any worker),
/// with that game's puzzles.
pub fn generate(
    cfg: &Config,
    input: &Input,
    progress: &(dyn Fn(Progress, &[Puzzle]) + Sync),
) -> PuzzleSet {
    let total = match input {
        Input::SelfPlay { games, .. } => *games as usize,
        Input::Games(g) => g.len(),
    };
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let found: Mutex<Vec<Puzzle>> = Mutex::new(Vec::new());
    let work = || {
        let mut an = Analyst::new(cfg.hash_mb, cfg.tb.clone());
        loop {
            let k = next.fetch_add(1, Ordering::SeqCst);
            if k >= total {
                break;
            }
            let puzzles = match input {
                Input::SelfPlay { seed, .. } => {
                    let game = k as u32 + 1;
                    let played = selfplay::play(&mut an, *seed, game);
                    let src = Source::SelfPlay {
                        seed: *seed,
                        game,
                        ply: 0,
                    };
                    mine::mine_game(&an, cfg, &played, &|ply| at_ply(&src, ply))
                }
                Input::Games(games) => {
                    let (played, src) = &games[k];
                    an.reset(selfplay::game_seed(0, k as u32));
                    mine::mine_game(&an, cfg, played, &|ply| at_ply(src, ply))
                }
            };
            let mut all = found.lock().unwrap_or_else(|e| e.into_inner());
            all.extend(puzzles.iter().cloned());
            let n = all.len();
            drop(all);
            let news = Progress {
                games_done: done.fetch_add(1, Ordering::SeqCst) + 1,
                games_total: total,
                puzzles: n,
            };
            progress(news, &puzzles);
        }
    };
    std::thread::scope(|s| {
        for _ in 0..cfg.threads.max(1) {
            s.spawn(work);
        }
    });
    let puzzles = found.into_inner().unwrap_or_else(|e| e.into_inner());
    finish(puzzles)
}

/// Sorts by id and keeps one puzzle per start position (the one with the smallest id).
pub fn finish(mut puzzles: Vec<Puzzle>) -> PuzzleSet {
    puzzles.sort_by(|a, b| a.id.cmp(&b.id));
    let mut seen = std::collections::HashSet::new();
    puzzles.retain(|p| seen.insert(p.start.zobrist()));
    let mut set = PuzzleSet { puzzles };
    set.sort_dedup();
    set
}
