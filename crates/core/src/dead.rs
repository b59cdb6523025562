//! A bounded search that proves a side can never checkmate, beyond what material
//! alone shows: it walks every position reachable by legal moves (ignoring the
//! clocks), and if the whole reachable set is exhausted without a mate by that
//! side, no series of legal moves leads to one (FIDE 6.9 / 5.2.2). Typical case:
//! kings behind a locked pawn chain.

use crate::{Color, Position};
use std::collections::HashSet;

/// The most positions the proof visits before giving up (and saying "not proven").
pub const NODE_LIMIT: usize = 100_000;

/// Whether `color` provably cannot checkmate from `pos` by any series of legal
/// moves. `false` means "a mate may exist" (found, or not ruled out in budget).
///
/// ```
/// use guoxiang_core::{dead, Color, Position};
/// // Kings behind a locked pawn chain: nobody can ever mate.
/// let pos = Position::from_fen("8/4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/4K3/8 w - - 0 1").unwrap();
/// assert!(dead::cannot_mate(&pos, Color::White));
/// // A queen can mate.
/// let pos = Position::from_fen("8/8/4k3/8/8/8/4K3/4Q3 w - - 0 1").unwrap();
/// assert!(!dead::cannot_mate(&pos, Color::White));
/// ```
pub fn cannot_mate(pos: &Position, color: Color) -> bool {
    let mut seen: HashSet<u64> = HashSet::new();
    let mut stack = vec![pos.clone()];
    seen.insert(pos.zobrist());
    while let Some(p) = stack.pop() {
        let moves = p.legal_moves();
        if moves.is_empty() {
            if p.is_check() && p.turn() != color {
                return false;
            }
            continue;
        }
        for &m in moves.iter() {
            let next = p.after(m);
            if seen.insert(next.zobrist()) {
                if seen.len() > NODE_LIMIT {
                    return false;
                }
                stack.push(next);
            }
        }
    }
    true
}
