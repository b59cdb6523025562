//! The principal variation search of one node: draws and the hash table, pruning
//! before the moves (reverse futility, null move), internal iterative reduction,
//! then the moves from the picker with late move pruning, futility and SEE
//! pruning, late move reductions and check extensions; histories, killers and
//! countermoves are updated at a cutoff.

use super::check::gives_check;
use super::params::*;
use super::picker::{Hints, MovePicker};
use super::see::captured_value;
use super::see::see_ge;
use super::tt::Bound;
use super::worker::{score_from_tt, score_to_tt, update_history, Worker, EMPTY_FRAME};
use super::{INF, MATE, MATE_BOUND, MAX_PLY};
use guoxiang_core::{Move, MoveList, Position, Role};

impl Worker<'_> {
    pub(super) fn negamax(
        &mut self,
        pos: &Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cutnode: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        let root = ply == 0;
        self.pv_len[ply] = ply;
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        self.nodes += 1;
        if self.check_stop() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as i32);
        let in_check = pos.is_check();
        if !root {
            if self.is_repetition(pos)
                || pos.halfmove_clock() >= 100 && !in_check
                || pos.is_insufficient_material()
            {
                return 0;
            }
            if let Some(s) = self.table_score(pos, ply) {
                return s;
            }
            if ply >= MAX_PLY - 2 {
                return if in_check { 0 } else { self.eval(pos) };
            }
            // Mate distance pruning.
            if self.features.mdp {
                alpha = alpha.max(-MATE + ply as i32);
                beta = beta.min(MATE - ply as i32 - 1);
                if alpha >= beta {
                    return alpha;
                }
            }
        }
        let key = pos.zobrist();
        let tt = self.shared.tt.probe(key);
        let tt_move = tt.and_then(|h| h.mv).filter(|&m| pos.is_legal(m));
        if let Some(h) = tt {
            if self.features.ttcut && !pv_node && h.depth >= depth {
                let s = score_from_tt(h.score, ply);
                let cut = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let static_eval = if in_check {
            -INF
        } else if let Some(h) = tt {
            h.eval
        } else {
            self.eval(pos)
        };
        self.frames[ply].eval = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.frames[ply - 2].eval;
        self.killers[ply + 1] = [None, None];

        if !pv_node && !in_check {
            // Reverse futility pruning.
            if self.features.rfp
                && depth <= RFP_MAX_DEPTH
                && static_eval - RFP_MARGIN * (depth - i32::from(improving)) >= beta
                && static_eval < MATE_BOUND
            {
                return static_eval;
            }
            // Null-move pruning.
            let b = pos.board();
            let non_pawn = b.by_color(pos.turn()) - b.pawns() - b.kings();
            if self.features.nmp
                && depth >= NMP_MIN_DEPTH
                && static_eval >= beta
                && non_pawn.any()
                && self.frames[ply].mv.is_some()
            {
                if let Some(null) = pos.null_move() {
                    let r = NMP_BASE
                        + depth / NMP_DEPTH_DIV
                        + ((static_eval - beta) / NMP_EVAL_DIV).min(NMP_EVAL_MAX);
                    self.frames[ply + 1] = EMPTY_FRAME;
                    self.keys.push(key);
                    let s = -self.negamax(&null, depth - r, -beta, -beta + 1, ply + 1, !cutnode);
                    self.keys.pop();
                    if self.stopped {
                        return 0;
                    }
                    if s >= beta {
                        return if s >= MATE_BOUND { beta } else { s };
                    }
                }
            }
        }
        // Internal iterative reduction: no hash move, search a little shallower.
        if self.features.iir && tt_move.is_none() && depth >= IIR_MIN_DEPTH && (pv_node || cutnode)
        {
            depth -= 1;
        }

        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let mut picker = MovePicker::new(pos, &mut moves, &self.ordering(pos, tt_move, ply));

        let mut best = -INF;
        let mut best_move = None;
        let mut played = 0;
        let mut quiets_tried: MoveList = MoveList::new();
        let mut captures_tried: MoveList = MoveList::new();
        let original_alpha = alpha;
        while let Some((m, _)) = picker.next() {
            if root && self.root_excluded.contains(&m) {
                continue;
            }
            if root && !self.limits.searchmoves.is_empty() && !self.limits.searchmoves.contains(&m)
            {
                continue;
            }
            let is_capture = captured_value(pos, m) > 0;
            let is_promo = m.promotion().is_some();
            let quiet = !is_capture && !is_promo;
            let gives_check = gives_check(pos, m);

            if !root && best > -MATE_BOUND {
                // Late move pruning and futility pruning of quiet moves.
                if quiet && !gives_check && !in_check {
                    let lmp_limit = (LMP_BASE + depth * depth) * if improving { 2 } else { 1 };
                    if self.features.lmp && depth <= LMP_MAX_DEPTH && played >= lmp_limit {
                        continue;
                    }
                    if self.features.fp
                        && depth <= FP_MAX_DEPTH
                        && static_eval + FP_BASE + FP_PER_DEPTH * depth <= alpha
                    {
                        continue;
                    }
                    if self.features.see
                        && depth <= SEE_MAX_DEPTH
                        && !see_ge(pos, m, -SEE_QUIET_PER_DEPTH * depth)
                    {
                        continue;
                    }
                }
                if self.features.see
                    && is_capture
                    && depth <= SEE_MAX_DEPTH
                    && !gives_check
                    && !see_ge(pos, m, -SEE_CAPTURE_PER_DEPTH * depth)
                {
                    continue;
                }
            }

            played += 1;
            let child = pos.after(m);
            let moved_role = pos.board().role_at(m.from()).unwrap_or(Role::Pawn);
            self.frames[ply + 1] = EMPTY_FRAME;
            self.frames[ply + 1].mv = Some(m);
            self.frames[ply + 1].moved = Some((pos.turn(), moved_role));
            self.keys.push(key);
            let extension = i32::from(gives_check && self.features.checkext);
            let new_depth = depth - 1 + extension;
            let mut s;
            if played == 1 {
                s = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, false);
            } else {
                // Late move reductions.
                let mut r = 0;
                if self.features.lmr
                    && depth >= LMR_MIN_DEPTH
                    && played > 1 + i32::from(pv_node)
                    && quiet
                {
                    r = self.lmr[(depth as usize).min(63)][(played as usize).min(63)];
                    if !pv_node {
                        r += 1;
                    }
                    if !improving {
                        r += 1;
                    }
                    if cutnode {
                        r += 1;
                    }
                    if in_check || gives_check {
                        r -= 1;
                    }
                    let h = self.history[pos.turn().index()][m.from().index()][m.to().index()];
                    r -= h / LMR_HISTORY_DIV;
                    if self.is_killer(ply, m) {
                        r -= 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                s = -self.negamax(&child, new_depth - r, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && r > 0 {
                    s = -self.negamax(&child, new_depth, -alpha - 1, -alpha, ply + 1, !cutnode);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, false);
                }
            }
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    best_move = Some(m);
                    alpha = s;
                    self.update_pv(ply, m);
                    if s >= beta {
                        self.on_cutoff(pos, m, quiet, depth, ply, &quiets_tried, &captures_tried);
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(m);
            } else {
                captures_tried.push(m);
            }
        }
        if played == 0 {
            // Everything was pruned or excluded.
            if root {
                return alpha;
            }
            return static_eval.max(alpha);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            key,
            best_move,
            score_to_tt(best, ply),
            static_eval,
            depth,
            bound,
        );
        best
    }

    pub(super) fn is_killer(&self, ply: usize, m: Move) -> bool {
        self.killers[ply].contains(&Some(m))
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn on_cutoff(
        &mut self,
        pos: &Position,
        m: Move,
        quiet: bool,
        depth: i32,
        ply: usize,
        quiets: &MoveList,
        captures: &MoveList,
    ) {
        let bonus = (depth * depth * HISTORY_BONUS_PER_DEPTH2).min(HISTORY_BONUS_MAX);
        let c = pos.turn().index();
        // A feature that is off never fills its table, so ordering and reductions
        // see empty killers, countermoves or zero histories.
        let f = self.features;
        if quiet {
            if f.killers && self.killers[ply][0] != Some(m) {
                self.killers[ply][1] = self.killers[ply][0];
                self.killers[ply][0] = Some(m);
            }
            if f.history {
                update_history(
                    &mut self.history[c][m.from().index()][m.to().index()],
                    bonus,
                );
                for q in quiets.iter() {
                    update_history(
                        &mut self.history[c][q.from().index()][q.to().index()],
                        -bonus,
                    );
                }
            }
            if f.countermove {
                if let (Some(prev), Some((_, role))) = (self.frames[ply].mv, self.frames[ply].moved)
                {
                    self.counter[role.index()][prev.to().index()] = Some(m);
                }
            }
        } else if f.caphist {
            let moved = pos.board().role_at(m.from()).unwrap_or(Role::Pawn);
            let victim = pos.board().role_at(m.to()).unwrap_or(Role::Pawn);
            update_history(
                &mut self.capture_history[moved.index()][m.to().index()][victim.index()],
                bonus,
            );
        }
        if !f.caphist {
            return;
        }
        for cm in captures.iter() {
            let moved = pos.board().role_at(cm.from()).unwrap_or(Role::Pawn);
            let victim = pos.board().role_at(cm.to()).unwrap_or(Role::Pawn);
            update_history(
                &mut self.capture_history[moved.index()][cm.to().index()][victim.index()],
                -bonus,
            );
        }
    }

    /// What orders the moves at `ply`: the hash move, killers, countermove, histories.
    pub(super) fn ordering(&self, pos: &Position, tt_move: Option<Move>, ply: usize) -> Hints<'_> {
        let counter = match (self.frames[ply].mv, self.frames[ply].moved) {
            (Some(prev), Some((_, role))) => self.counter[role.index()][prev.to().index()],
            _ => None,
        };
        Hints {
            tt_move,
            killers: self.killers[ply],
            counter,
            history: &self.history[pos.turn().index()],
            capture_history: &self.capture_history,
        }
    }
}
