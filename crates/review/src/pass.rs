//! The evaluation pass: every position of a game searched once by our engine, at the
//! review's effort, one thread, MultiPV 1, one transposition table for the whole game
//! (a position's search leaves entries the next one uses). A position where the
//! game is over by the rules is not searched but scored exactly: checkmate
//! [`Eval::Mate`]`(0)`, stalemate, a dead position, fivefold repetition and the
//! 75-move rule 0. With endgame tables, the engine answers positions of four pieces
//! or fewer from them.
//!
//! The engine scores any return to a position of its history as a draw. For a review
//! that is too eager — a player who lets a position occur a second time has not drawn —
//! so the history it is given keeps only the positions that a return would make a
//! threefold repetition (those already seen twice, the searched one included); the
//! others are masked. Inside the search a repetition still counts as a draw, as in
//! Stockfish.

use crate::{Effort, Eval, ReviewOptions};
use guoxiang_core::{Move, Position};
use guoxiang_engine::search::Score;
use guoxiang_engine::{Engine, Think};
use std::collections::HashMap;

/// One position of the game, evaluated.
#[derive(Debug, Clone)]
pub(crate) struct Searched {
    /// From White's side.
    pub eval: Eval,
    /// The engine's move (none in a finished position).
    pub best: Option<Move>,
    /// Its line, starting with `best`, every move legal.
    pub line: Vec<Move>,
}

/// Searches the positions of a game with one engine.
pub(crate) struct Pass {
    engine: Engine,
    effort: Effort,
}

impl Pass {
    pub fn new(opts: &ReviewOptions) -> Pass {
        let engine = Engine::new(opts.hash_mb.max(1));
        engine.set_tablebase(opts.tables.clone());
        Pass {
            engine,
            effort: opts.effort,
        }
    }

    /// Evaluates `positions[i]` (the game's positions from the start), given the
    /// Zobrist keys of the positions before it.
    pub fn evaluate(&self, positions: &[Position], i: usize) -> Searched {
        let pos = &positions[i];
        if let Some(eval) = finished(positions, i) {
            return Searched {
                eval,
                best: None,
                line: Vec::new(),
            };
        }
        let mut think = Think::new(pos.clone());
        think.history = threefold_history(&positions[..=i]);
        match self.effort {
            Effort::Nodes(n) => think.limits.nodes = Some(n.max(1)),
            Effort::Depth(d) => think.limits.depth = Some(d.max(1)),
        }
        let d = self.engine.think(&think, &mut |_| {});
        let line = legal_prefix(pos, d.best, &d.pv);
        Searched {
            eval: Eval::from_score(Score::from_internal(d.score), pos.turn()),
            best: d.best,
            line,
        }
    }
}

/// The Zobrist keys of `positions` before the last one, each masked unless the
/// position stands at least twice among all of them.
fn threefold_history(positions: &[Position]) -> Vec<u64> {
    /// Turns a key into one that no position is expected to have.
    const MASK: u64 = 0x9e37_79b9_7f4a_7c15;
    let keys: Vec<u64> = positions.iter().map(Position::zobrist).collect();
    let mut seen: HashMap<u64, usize> = HashMap::new();
    for &k in &keys {
        *seen.entry(k).or_default() += 1;
    }
    keys[..keys.len().saturating_sub(1)]
        .iter()
        .map(|&k| if seen[&k] >= 2 { k } else { k ^ MASK })
        .collect()
}

/// The exact value of `positions[i]` when the game is over there by the rules.
fn finished(positions: &[Position], i: usize) -> Option<Eval> {
    let pos = &positions[i];
    if !pos.has_legal_moves() {
        return Some(if pos.is_check() {
            Eval::Mate(0)
        } else {
            Eval::Cp(0)
        });
    }
    if pos.is_insufficient_material() || pos.halfmove_clock() >= 150 {
        return Some(Eval::Cp(0));
    }
    let key = pos.repetition_key();
    let window = (pos.halfmove_clock() as usize).min(i);
    let seen = (1..=window)
        .filter(|back| back % 2 == 0)
        .filter(|back| positions[i - back].repetition_key() == key)
        .count();
    (seen + 1 >= 5).then_some(Eval::Cp(0))
}

/// The engine's line as far as it is legal, starting with `best`.
fn legal_prefix(pos: &Position, best: Option<Move>, pv: &[Move]) -> Vec<Move> {
    let Some(best) = best else {
        return Vec::new();
    };
    let rest = match pv.first() {
        Some(&first) if first == best => &pv[1..],
        _ => &[],
    };
    let mut line = vec![best];
    let mut p = pos.after(best);
    for &m in rest {
        if !p.is_legal(m) {
            break;
        }
        p.play_unchecked(m);
        line.push(m);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn positions(start: &Position, sans: &[&str]) -> Vec<Position> {
        let mut out = vec![start.clone()];
        for s in sans {
            let last = out.last().expect("start").clone();
            let m = last.parse_san(s).expect("legal");
            out.push(last.after(m));
        }
        out
    }

    #[test]
    fn a_checkmate_is_mate_zero_and_a_stalemate_zero_without_a_search() {
        let mated = positions(&Position::new(), &["f3", "e5", "g4", "Qh4#"]);
        assert_eq!(finished(&mated, 4), Some(Eval::Mate(0)));
        assert_eq!(finished(&mated, 3), None);
        let stale = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").expect("legal");
        assert_eq!(finished(&[stale], 0), Some(Eval::Cp(0)));
    }

    #[test]
    fn only_positions_seen_twice_stay_in_the_history() {
        // Nf3 Nf6 Ng1 Ng8 Nf3: the start and the position after Nf3 stand twice.
        let ps = positions(&Position::new(), &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3"]);
        let h = threefold_history(&ps);
        let kept: Vec<bool> = h.iter().zip(&ps).map(|(k, p)| *k == p.zobrist()).collect();
        assert_eq!(kept, [true, true, false, false, true]);
    }

    #[test]
    fn the_fifth_repetition_is_a_draw() {
        let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
        let sans: Vec<&str> = shuffle.iter().cycle().take(16).copied().collect();
        let ps = positions(&Position::new(), &sans);
        assert_eq!(finished(&ps, 16), Some(Eval::Cp(0)));
        assert_eq!(finished(&ps, 12), None);
    }
}
