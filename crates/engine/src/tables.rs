//! The endgame tables in the engine (issue 15 §3): which classes of a
//! [`Tablebase`] are on disk for this search, a position's exact score from them
//! (the mate distance turned into the search's mate scores, counted from the root),
//! and the root's choice: the moves the tables call best (the fastest mate, the
//! longest resistance, or any move that keeps the draw).
//!
//! Only full-strength searches get a [`Tables`]; human levels never see one. A
//! class whose file is missing is simply not probed, so an empty table folder
//! searches exactly as if there were no tables.

use crate::search::{MATE, MATE_BOUND};
use guoxiang_core::{Move, Position};
use guoxiang_tablebase::{Class, Probe, Tablebase, Wdl};

/// The most pieces (kings included) of a position the tables hold.
const MAX_PIECES: u32 = 4;

/// A tablebase and the classes of it that were present when the search began.
#[derive(Clone)]
pub(crate) struct Tables {
    tb: Tablebase,
    /// Sorted, for a binary search in the hot path.
    ready: Vec<Class>,
}

/// What the tables say at the root: the best moves and their score.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RootChoice {
    /// Every legal move with the best table value (never empty).
    pub best: Vec<Move>,
    /// Their score from the root's side to move, in the search's units.
    pub score: i32,
}

impl Tables {
    /// The classes of `tb` present now; `None` when there are none (then the
    /// search runs exactly as without tables).
    pub fn ready(tb: &Tablebase) -> Option<Tables> {
        let mut ready: Vec<Class> = Class::all().into_iter().filter(|&c| tb.has(c)).collect();
        ready.sort();
        (!ready.is_empty()).then(|| Tables {
            tb: tb.clone(),
            ready,
        })
    }

    /// Whether `pos` is a position of a class present (few enough pieces, no castling).
    fn holds(&self, pos: &Position) -> bool {
        pos.board().occupied().count() <= MAX_PIECES
            && pos.castling_rights().is_empty()
            && Class::of(pos).is_some_and(|c| self.ready.binary_search(&c).is_ok())
    }

    /// The exact score of `pos`, `ply` plies from the root, from its side to move;
    /// `None` when the tables do not hold it.
    #[inline]
    pub fn score(&self, pos: &Position, ply: usize) -> Option<i32> {
        if pos.board().occupied().count() > MAX_PIECES || !self.holds(pos) {
            return None;
        }
        self.tb.probe(pos).ok().map(|p| score_of(p, ply))
    }

    /// The root's best moves by the tables, or `None` when the root is not a table
    /// position (or a table it reaches is missing or unreadable).
    pub fn root_choice(&self, pos: &Position) -> Option<RootChoice> {
        if !self.holds(pos) {
            return None;
        }
        let moves = self.tb.probe_moves(pos).ok()?;
        // The value of each move for the root's side: the child's score, negated.
        let scored: Vec<(Move, i32)> = moves
            .iter()
            .map(|mp| (mp.mv, -score_of(mp.after, 1)))
            .collect();
        let score = scored.iter().map(|&(_, s)| s).max()?;
        let best = scored
            .iter()
            .filter(|&&(_, s)| s == score)
            .map(|&(m, _)| m)
            .collect();
        Some(RootChoice { best, score })
    }

    /// The tables' best reply in `pos`, if it is a table position with a move.
    pub fn best_reply(&self, pos: &Position) -> Option<Move> {
        if !self.holds(pos) {
            return None;
        }
        self.tb.best_move(pos).ok().flatten().map(|mp| mp.mv)
    }
}

/// A table value as a search score `ply` plies from the root, for the side to move:
/// a mate `dtm` plies ahead is the mate at ply `ply + dtm`, as the search scores a
/// mate it finds itself. A mate beyond the search's horizon of mate scores (never
/// within four pieces in practice) is kept at the edge of that range: still a
/// certain win or loss.
pub(crate) fn score_of(p: Probe, ply: usize) -> i32 {
    let mate_at = |dtm: u32| (ply as i32 + dtm as i32).min(MATE - MATE_BOUND);
    match (p.wdl, p.dtm) {
        (Wdl::Win, Some(d)) => MATE - mate_at(d),
        (Wdl::Loss, Some(d)) => -MATE + mate_at(d),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Score;

    fn probe(wdl: Wdl, dtm: Option<u32>) -> Probe {
        Probe { wdl, dtm }
    }

    #[test]
    fn a_table_mate_reads_as_the_same_mate_in_moves() {
        // Mate in 10 moves = 19 plies for the side to move, at the root.
        let win = score_of(probe(Wdl::Win, Some(19)), 0);
        assert_eq!(Score::from_internal(win), Score::Mate(10));
        // Mated in 10 moves = 20 plies.
        let loss = score_of(probe(Wdl::Loss, Some(20)), 0);
        assert_eq!(Score::from_internal(loss), Score::Mate(-10));
        // Checkmated now scores as the search scores a checkmate at that ply.
        assert_eq!(score_of(probe(Wdl::Loss, Some(0)), 3), -MATE + 3);
        assert_eq!(score_of(probe(Wdl::Draw, None), 5), 0);
    }

    #[test]
    fn a_faster_mate_scores_higher_and_a_longer_defence_scores_higher() {
        let w = |d| score_of(probe(Wdl::Win, Some(d)), 2);
        let l = |d| score_of(probe(Wdl::Loss, Some(d)), 2);
        assert!(w(3) > w(5) && w(5) > 0);
        assert!(l(8) > l(6) && l(8) < 0);
    }

    #[test]
    fn a_mate_past_the_search_horizon_stays_a_mate_score() {
        let far = score_of(probe(Wdl::Win, Some(71)), 120);
        assert!(far >= MATE_BOUND);
        assert!(score_of(probe(Wdl::Loss, Some(70)), 120) <= -MATE_BOUND);
    }
}
