//! Our generator of benchmark PGN: pseudo-random but legal games from a fixed
//! seed, of realistic-ish length, with some comments, NAGs and variations.
//! Shared by `examples/gen_pgn.rs` and `benches/pgn.rs` (included by path).

use guoxiang_core::pgn::{GameRecord, GameResult, MoveNode};
use guoxiang_core::{Move, Position};
use std::io::{self, Write};

/// xorshift64*: small, fast, deterministic.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

const COMMENTS: [&str; 8] = [
    "[%clk 0:03:12]",
    "The only move.",
    "Better was to castle first.",
    "[%eval 0.35] [%clk 0:01:58]",
    "A novelty; the books give something else here.",
    "White has a small edge after this.",
    "Time trouble.",
    "Black keeps the balance with accurate play.",
];

/// A move: captures are preferred a little, so that games end more often.
fn pick(rng: &mut Rng, pos: &Position) -> Option<Move> {
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return None;
    }
    if rng.chance(35) {
        let occupied = pos.board().occupied();
        let captures: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| !m.is_castle() && occupied.contains(m.to()))
            .collect();
        if !captures.is_empty() {
            return Some(captures[rng.below(captures.len() as u64) as usize]);
        }
    }
    legal
        .iter()
        .nth(rng.below(legal.len() as u64) as usize)
        .copied()
}

/// A short random line from `pos` (for a variation), in SAN.
fn line(rng: &mut Rng, pos: &Position, len: u64, nest: bool) -> Vec<MoveNode> {
    let mut pos = pos.clone();
    let mut nodes = Vec::new();
    for _ in 0..len {
        let before = pos.clone();
        let Some(m) = pick(rng, &pos) else { break };
        let mut node = MoveNode::new(pos.san(m));
        if rng.chance(10) {
            node.nags.push(1 + rng.below(6) as u8);
        }
        if nest && !nodes.is_empty() && rng.chance(10) {
            let len = 1 + rng.below(3);
            let alt = line(rng, &before, len, false);
            if !alt.is_empty() && alt[0].san != node.san {
                node.variations.push(alt);
            }
        }
        pos.play_unchecked(m);
        nodes.push(node);
    }
    nodes
}

/// One game; `index` numbers it.
pub fn game(rng: &mut Rng, index: u64) -> GameRecord {
    let target = 16 + rng.below(100) + rng.below(60);
    let mut pos = Position::new();
    let mut g = GameRecord::new();
    let white = rng.below(5000);
    let black = rng.below(5000);
    g.set_tag("Event", "Guoxiang Generated Open");
    g.set_tag("Site", "Nowhere");
    g.set_tag(
        "Date",
        format!(
            "20{:02}.{:02}.{:02}",
            10 + rng.below(16),
            1 + rng.below(12),
            1 + rng.below(28)
        ),
    );
    g.set_tag("Round", format!("{}", 1 + index % 11));
    g.set_tag("White", format!("Player {white}, A."));
    g.set_tag("Black", format!("Player {black}, B."));
    g.set_tag("Result", "*");
    g.set_tag("WhiteElo", format!("{}", 1200 + rng.below(1600)));
    g.set_tag("BlackElo", format!("{}", 1200 + rng.below(1600)));
    g.set_tag("TimeControl", "180+2");
    for _ in 0..target {
        let Some(m) = pick(rng, &pos) else { break };
        let mut node = MoveNode::new(pos.san(m));
        if rng.chance(3) {
            node.nags.push(if rng.chance(50) {
                1 + rng.below(6) as u8
            } else {
                10 + rng.below(10) as u8
            });
        }
        if rng.chance(4) {
            node.comments_after
                .push(COMMENTS[rng.below(COMMENTS.len() as u64) as usize].to_string());
        }
        if rng.chance(2) {
            let len = 1 + rng.below(6);
            let alt = line(rng, &pos, len, true);
            if !alt.is_empty() && alt[0].san != node.san {
                node.variations.push(alt);
            }
        }
        pos.play_unchecked(m);
        g.moves.push(node);
    }
    g.result = if pos.is_checkmate() {
        match pos.turn() {
            guoxiang_core::Color::White => GameResult::BlackWins,
            guoxiang_core::Color::Black => GameResult::WhiteWins,
        }
    } else if pos.is_stalemate() {
        GameResult::Draw
    } else {
        [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unknown,
        ][rng.below(4) as usize]
    };
    let result = g.result.as_str();
    g.set_tag("Result", result);
    g
}

/// Writes `count` games from `seed`; returns the number of mainline plies.
pub fn write_games<W: Write>(out: &mut W, count: u64, seed: u64) -> io::Result<u64> {
    let mut rng = Rng::new(seed);
    let mut plies = 0;
    for i in 0..count {
        let g = game(&mut rng, i);
        plies += g.moves.len() as u64;
        g.write_to(out)?;
    }
    Ok(plies)
}
