//! One search thread's state: its tables (histories, killers, countermoves, the
//! principal variation), its limits and stop checks. What it does is in the sibling
//! modules: `deepening` (iterative deepening and aspiration windows), `negamax`
//! (the principal variation search) and `qsearch` (the quiescence search).

use super::params::*;
use super::{Limits, Shared, MATE_BOUND, MAX_PLY};
use crate::eval;
use crate::features::Features;
use crate::tables::Tables;
use guoxiang_core::{Color, Move, Position, Role};
use std::sync::atomic::Ordering;

#[derive(Clone, Copy)]
pub(super) struct Frame {
    pub(super) eval: i32,
    pub(super) mv: Option<Move>,
    pub(super) moved: Option<(Color, Role)>,
}

/// One search thread's state.
pub(crate) struct Worker<'a> {
    pub(super) shared: &'a Shared,
    /// The default (or given) weights, or a copy without the evaluation terms that
    /// `limits.features` switches off.
    pub(super) weights: std::borrow::Cow<'a, eval::Weights>,
    pub(super) id: usize,
    pub(super) nodes: u64,
    pub(super) seldepth: i32,
    /// Hash keys of the game so far and of the current search path.
    pub(super) keys: Vec<u64>,
    pub(super) history: Box<[[[i32; 64]; 64]; 2]>,
    pub(super) capture_history: Box<[[[i32; 6]; 64]; 6]>,
    pub(super) counter: Box<[[Option<Move>; 64]; 6]>,
    pub(super) killers: [[Option<Move>; 2]; MAX_PLY + 2],
    pub(super) frames: [Frame; MAX_PLY + 4],
    pub(super) pv: Box<[[Option<Move>; MAX_PLY + 1]; MAX_PLY + 1]>,
    pub(super) pv_len: [usize; MAX_PLY + 1],
    pub(super) limits: Limits,
    /// A copy of `limits.features`, read in the hot path.
    pub(super) features: Features,
    /// Root moves that already have a line in this iteration (MultiPV).
    pub(super) root_excluded: Vec<Move>,
    /// Set once a limit or `stop` ended the search; every node returns at once.
    pub(super) stopped: bool,
    /// Late move reductions by depth and move number.
    pub(super) lmr: Box<[[i32; 64]; 64]>,
    /// The endgame tables, for full-strength searches that have them.
    pub(super) tables: Option<Tables>,
}

pub(super) const EMPTY_FRAME: Frame = Frame {
    eval: 0,
    mv: None,
    moved: None,
};

impl<'a> Worker<'a> {
    pub fn new(
        shared: &'a Shared,
        id: usize,
        history_keys: Vec<u64>,
        limits: Limits,
    ) -> Worker<'a> {
        let mut lmr = Box::new([[0i32; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                *r = (LMR_BASE + (d as f64).ln() * (n as f64).ln() / LMR_DIV) as i32;
            }
        }
        let weights = Worker::weights_for(eval::default_weights(), &limits.features);
        Worker {
            shared,
            weights,
            id,
            nodes: 0,
            seldepth: 0,
            keys: history_keys,
            history: Box::new([[[0; 64]; 64]; 2]),
            capture_history: Box::new([[[0; 6]; 64]; 6]),
            counter: Box::new([[None; 64]; 6]),
            killers: [[None; 2]; MAX_PLY + 2],
            frames: [EMPTY_FRAME; MAX_PLY + 4],
            pv: Box::new([[None; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            features: limits.features,
            limits,
            root_excluded: Vec::new(),
            stopped: false,
            lmr,
            tables: None,
        }
    }

    /// The same worker, probing `tables` at every node with few enough pieces.
    pub(crate) fn with_tables(mut self, tables: Option<Tables>) -> Worker<'a> {
        self.tables = tables;
        self
    }

    /// The exact table score of `pos` at `ply`, if the tables hold it.
    #[inline]
    pub(super) fn table_score(&self, pos: &Position, ply: usize) -> Option<i32> {
        self.tables.as_ref()?.score(pos, ply)
    }

    pub(super) fn weights_for(
        w: &'a eval::Weights,
        f: &Features,
    ) -> std::borrow::Cow<'a, eval::Weights> {
        if f.all_eval_terms_on() {
            std::borrow::Cow::Borrowed(w)
        } else {
            std::borrow::Cow::Owned(eval::without_terms(w, f))
        }
    }

    #[inline]
    pub(super) fn check_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.shared.stop.load(Ordering::Relaxed) {
            self.stopped = true;
            return true;
        }
        if self.nodes & 1023 == 0 {
            self.shared.nodes.fetch_add(1024, Ordering::Relaxed);
            if let Some(n) = self.limits.nodes {
                if self.shared.nodes.load(Ordering::Relaxed) >= n {
                    self.stopped = true;
                }
            }
            if self.id == 0 && !self.shared.pondering.load(Ordering::Relaxed) {
                if let Some(hard) = self.limits.hard {
                    if self.shared.elapsed() >= hard {
                        self.stopped = true;
                    }
                }
            }
            if self.stopped {
                self.shared.stop.store(true, Ordering::Relaxed);
            }
        }
        self.stopped
    }

    pub(super) fn is_repetition(&self, pos: &Position) -> bool {
        let key = pos.zobrist();
        let n = self.keys.len();
        let window = (pos.halfmove_clock() as usize).min(n);
        let mut i = 2;
        while i <= window {
            if self.keys[n - i] == key {
                return true;
            }
            i += 2;
        }
        false
    }

    /// Iterative deepening. `report` is called with each completed line (main worker).
    #[inline]
    pub(super) fn eval(&self, pos: &Position) -> i32 {
        eval::evaluate_with(pos, &self.weights)
    }

    /// The PV at `ply` becomes `m` followed by the child's PV.
    #[inline]
    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = Some(m);
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for k in ply + 1..child_len {
            self.pv[ply][k] = self.pv[ply + 1][k];
        }
        self.pv_len[ply] = child_len;
    }

    pub(super) fn pv_line(&self) -> Vec<Move> {
        self.pv[0][..self.pv_len[0]]
            .iter()
            .filter_map(|m| *m)
            .collect()
    }
}

#[inline]
pub(super) fn update_history(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

#[inline]
pub(super) fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

#[inline]
pub(super) fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
