//! Self-play games by our engine's human levels: the mistakes that make puzzles.
//! Game k of seed S is a function of (S, k) alone: its two levels and the engine's
//! generator come from [`game_seed`], and the worker's hash table is cleared first.
//! Each move keeps the moves the level weighed (its candidates), which the miner
//! also tries as mistakes ("mistakes our levels considered").

use guoxiang_core::{Move, Position};
use guoxiang_engine::{levels, Think};

use super::analysis::Analyst;

/// Games end here at the latest (plies).
pub const MAX_PLIES: usize = 220;

/// The levels self-play draws from, with their weights: mostly weak and middling
/// levels (they blunder, and their opponents punish or miss it), some stronger ones.
const LEVELS: [(u8, u32); 6] = [(1, 3), (2, 4), (3, 4), (4, 3), (5, 2), (6, 1)];

/// A game to mine: where it starts, its moves, and, per move, the other moves the
/// player weighed (empty for games read from a file).
#[derive(Debug, Clone, Default)]
pub struct PlayedGame {
    pub start: Position,
    pub moves: Vec<Move>,
    /// For each move, the other candidates the level considered, best first.
    pub considered: Vec<Vec<Move>>,
    /// The levels of white and black (0 when unknown).
    pub levels: (u8, u8),
}

/// SplitMix64: a well-mixed 64-bit function of its input.
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of game `game` of a run seeded `seed`.
pub fn game_seed(seed: u64, game: u32) -> u64 {
    mix(seed ^ mix(u64::from(game).wrapping_add(0x5eed)))
}

/// A level drawn from [`LEVELS`] by `r`.
fn level_of(r: u64) -> u8 {
    let total: u32 = LEVELS.iter().map(|l| l.1).sum();
    let mut x = (r % u64::from(total)) as u32;
    for (level, w) in LEVELS {
        if x < w {
            return level;
        }
        x -= w;
    }
    LEVELS[0].0
}

/// Plays game `game` of the run seeded `seed` (the analyst is reset for it).
pub fn play(an: &mut Analyst, seed: u64, game: u32) -> PlayedGame {
    let gs = game_seed(seed, game);
    an.reset(gs);
    let levels = (level_of(mix(gs ^ 1)), level_of(mix(gs ^ 2)));
    let mut pos = Position::new();
    let mut history: Vec<u64> = Vec::new();
    let mut out = PlayedGame {
        start: pos.clone(),
        levels,
        ..PlayedGame::default()
    };
    while out.moves.len() < MAX_PLIES && pos.outcome().is_none() && pos.halfmove_clock() < 100 {
        let key = pos.zobrist();
        if history.iter().filter(|k| **k == key).count() >= 2 {
            break;
        }
        let level = if pos.turn() == guoxiang_core::Color::White {
            levels.0
        } else {
            levels.1
        };
        let mut style = levels::style_for_level(level);
        style.human_time = false;
        let mut think = Think::new(pos.clone());
        think.history = history.clone();
        think.style = Some(style);
        let d = an.engine().think(&think, &mut |_| {});
        let Some(m) = d.best else { break };
        out.considered
            .push(d.lines.iter().map(|l| l.0).filter(|c| *c != m).collect());
        out.moves.push(m);
        history.push(key);
        pos.play_unchecked(m);
    }
    out
}
