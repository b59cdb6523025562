//! One search thread: iterative deepening with aspiration windows, a principal
//! variation search with pruning, reductions and extensions, and a quiescence
//! search of captures. Each heuristic can be switched off through
//! [`Limits::features`](super::Limits::features).

use super::check::gives_check;
use super::params::*;
use super::picker::{Hints, MovePicker};
use super::see::{captured_value, see_ge};
use super::tt::Bound;
use super::{Info, Limits, Score, SearchResult, Shared, INF, MATE, MATE_BOUND, MAX_PLY};
use crate::eval;
use crate::features::Features;
use guoxiang_core::{Bitboard, Color, Move, MoveList, Position, Role};
use std::sync::atomic::Ordering;
use std::time::Duration;

#[derive(Clone, Copy)]
struct Frame {
    eval: i32,
    mv: Option<Move>,
    moved: Option<(Color, Role)>,
}

/// One search thread's state.
pub(crate) struct Worker<'a> {
    shared: &'a Shared,
    /// The default (or given) weights, or a copy without the evaluation terms that
    /// `limits.features` switches off.
    weights: std::borrow::Cow<'a, eval::Weights>,
    pub id: usize,
    nodes: u64,
    seldepth: i32,
    /// Hash keys of the game so far and of the current search path.
    keys: Vec<u64>,
    history: Box<[[[i32; 64]; 64]; 2]>,
    capture_history: Box<[[[i32; 6]; 64]; 6]>,
    counter: Box<[[Option<Move>; 64]; 6]>,
    killers: [[Option<Move>; 2]; MAX_PLY + 2],
    frames: [Frame; MAX_PLY + 4],
    pv: Box<[[Option<Move>; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    limits: Limits,
    /// A copy of `limits.features`, read in the hot path.
    features: Features,
    root_excluded: Vec<Move>,
    stopped: bool,
    /// Late move reductions by depth and move number.
    lmr: Box<[[i32; 64]; 64]>,
}

const EMPTY_FRAME: Frame = Frame {
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
        }
    }

    fn weights_for(w: &'a eval::Weights, f: &Features) -> std::borrow::Cow<'a, eval::Weights> {
        if f.all_eval_terms_on() {
            std::borrow::Cow::Borrowed(w)
        } else {
            std::borrow::Cow::Owned(eval::without_terms(w, f))
        }
    }

    #[inline]
    fn check_stop(&mut self) -> bool {
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

    fn is_repetition(&self, pos: &Position) -> bool {
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
    #[allow(clippy::needless_range_loop)] // pv_index also numbers the MultiPV lines
    pub fn search(&mut self, root: &Position, report: &mut dyn FnMut(&Info)) -> SearchResult {
        let mut root_moves: Vec<Move> = root.legal_moves().iter().copied().collect();
        if !self.limits.searchmoves.is_empty() {
            root_moves.retain(|m| self.limits.searchmoves.contains(m));
        }
        let mut result = SearchResult {
            best: root_moves.first().copied(),
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            lines: Vec::new(),
        };
        if root_moves.is_empty() {
            return result;
        }
        let multipv = self.limits.multipv.clamp(1, root_moves.len());
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as i32 - 4)
            .clamp(1, MAX_PLY as i32 - 4);
        let mut prev_best: Option<Move> = None;
        let mut stability = 0;
        let mut prev_scores = vec![0i32; multipv];
        for depth in 1..=max_depth {
            // Helper threads skip some depths so the threads spread out.
            if self.id > 0 && depth > 1 && (depth + self.id as i32) % SMP_SKIP_CYCLE == 0 {
                continue;
            }
            self.root_excluded.clear();
            let mut lines = Vec::with_capacity(multipv);
            for pv_index in 0..multipv {
                self.seldepth = 0;
                let mut delta = ASP_DELTA;
                let guess = prev_scores[pv_index];
                let (mut alpha, mut beta) = if self.features.aspiration && depth >= ASP_MIN_DEPTH {
                    ((guess - delta).max(-INF), (guess + delta).min(INF))
                } else {
                    (-INF, INF)
                };
                let score = loop {
                    let s = self.negamax(root, depth, alpha, beta, 0, false);
                    if self.stopped {
                        break s;
                    }
                    if s <= alpha {
                        if self.id == 0
                            && self.shared.elapsed() > Duration::from_secs(REPORT_BOUNDS_AFTER_S)
                        {
                            self.report_line(report, depth, pv_index, s, Some(Bound::Upper));
                        }
                        beta = (alpha + beta) / 2;
                        alpha = (s - delta).max(-INF);
                    } else if s >= beta {
                        if self.id == 0
                            && self.shared.elapsed() > Duration::from_secs(REPORT_BOUNDS_AFTER_S)
                        {
                            self.report_line(report, depth, pv_index, s, Some(Bound::Lower));
                        }
                        beta = (s + delta).min(INF);
                    } else {
                        break s;
                    }
                    delta += delta / 2 + ASP_GROWTH;
                };
                if self.stopped {
                    break;
                }
                let Some(best) = self.pv[0][0] else { break };
                prev_scores[pv_index] = score;
                lines.push((best, score, self.pv_line()));
                self.root_excluded.push(best);
                if self.id == 0 {
                    self.report_line(report, depth, pv_index, score, None);
                }
            }
            if lines.len() < multipv {
                // An unfinished iteration: keep the last complete one, but take the
                // first line's best move if it was searched fully.
                if let Some((m, s, pv)) = lines.first() {
                    result.best = Some(*m);
                    result.score = *s;
                    result.ponder = pv.get(1).copied();
                    result.pv.clone_from(pv);
                }
                break;
            }
            let (best, score, pv) = &lines[0];
            if prev_best == Some(*best) {
                stability += 1;
            } else {
                stability = 0;
            }
            prev_best = Some(*best);
            result.best = Some(*best);
            result.ponder = pv.get(1).copied();
            result.pv.clone_from(pv);
            result.score = *score;
            result.depth = depth;
            result.lines = lines.iter().map(|(m, s, _)| (*m, *s)).collect();
            if self.id != 0 {
                continue;
            }
            if let Some(mate) = self.limits.mate {
                if let Score::Mate(n) = Score::from_internal(*score) {
                    if n > 0 && n <= mate {
                        break;
                    }
                }
            }
            if !self.shared.pondering.load(Ordering::Relaxed) {
                if let Some(soft) = self.limits.soft {
                    let scale = STABILITY_SCALE[match stability {
                        0 => 0,
                        1 => 1,
                        2..=3 => 2,
                        _ => 3,
                    }];
                    if self.shared.elapsed().as_secs_f64() >= soft.as_secs_f64() * scale {
                        break;
                    }
                }
            }
            if root_moves.len() == 1 && self.limits.soft.is_some() && depth >= SINGLE_MOVE_DEPTH {
                break;
            }
        }
        self.shared
            .nodes
            .fetch_add(self.nodes & 1023, Ordering::Relaxed);
        result.nodes = self.nodes;
        result
    }

    fn pv_line(&self) -> Vec<Move> {
        self.pv[0][..self.pv_len[0]]
            .iter()
            .filter_map(|m| *m)
            .collect()
    }

    fn report_line(
        &self,
        report: &mut dyn FnMut(&Info),
        depth: i32,
        pv_index: usize,
        score: i32,
        bound: Option<Bound>,
    ) {
        let info = Info {
            depth,
            seldepth: self.seldepth.max(depth),
            multipv: pv_index + 1,
            score: Score::from_internal(score),
            bound,
            nodes: self.shared.nodes.load(Ordering::Relaxed) + (self.nodes & 1023),
            time: self.shared.elapsed(),
            hashfull: self.shared.tt.hashfull(),
            pv: self.pv_line(),
        };
        report(&info);
    }

    #[inline]
    fn eval(&self, pos: &Position) -> i32 {
        eval::evaluate_with(pos, &self.weights)
    }

    fn negamax(
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

    /// The PV at `ply` becomes `m` followed by the child's PV.
    #[inline]
    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = Some(m);
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for k in ply + 1..child_len {
            self.pv[ply][k] = self.pv[ply + 1][k];
        }
        self.pv_len[ply] = child_len;
    }

    fn is_killer(&self, ply: usize, m: Move) -> bool {
        self.killers[ply].contains(&Some(m))
    }

    #[allow(clippy::too_many_arguments)]
    fn on_cutoff(
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
    fn ordering(&self, pos: &Position, tt_move: Option<Move>, ply: usize) -> Hints<'_> {
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

    fn qsearch(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.check_stop() {
            return 0;
        }
        self.pv_len[ply] = ply;
        self.seldepth = self.seldepth.max(ply as i32);
        if pos.is_insufficient_material() {
            return 0;
        }
        let in_check = pos.is_check();
        if ply >= MAX_PLY - 2 {
            return if in_check { 0 } else { self.eval(pos) };
        }
        let key = pos.zobrist();
        let tt = self.shared.tt.probe(key);
        if let Some(h) = tt.filter(|_| self.features.ttcut) {
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
        let mut best;
        let stand_pat;
        if in_check {
            best = -INF;
            stand_pat = -INF;
        } else {
            stand_pat = tt.map_or_else(|| self.eval(pos), |h| h.eval);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
        }
        let mut moves = if in_check {
            pos.legal_moves()
        } else {
            let b = pos.board();
            let mut targets = b.by_color(!pos.turn());
            if let Some(ep) = pos.pseudo_en_passant() {
                targets |= Bitboard::from_square(ep);
            }
            let last = match pos.turn() {
                Color::White => Bitboard::rank(guoxiang_core::Rank::EIGHTH),
                Color::Black => Bitboard::rank(guoxiang_core::Rank::FIRST),
            };
            let mut list = pos.legal_moves_to(targets | last);
            list.retain(|m| {
                m.promotion()
                    .map_or(captured_value(pos, m) > 0, |r| r == Role::Queen)
                    && !m.is_castle()
            });
            list
        };
        if in_check && moves.is_empty() {
            return -MATE + ply as i32;
        }
        let mut picker = MovePicker::quiescence(pos, &mut moves);
        let mut best_move = None;
        while let Some((m, _)) = picker.next() {
            if !in_check {
                // Delta pruning and SEE pruning.
                if self.features.delta
                    && m.promotion().is_none()
                    && stand_pat + captured_value(pos, m) + DELTA_MARGIN <= alpha
                {
                    continue;
                }
                if self.features.qsee && !see_ge(pos, m, 0) {
                    continue;
                }
            }
            let child = pos.after(m);
            let s = -self.qsearch(&child, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_move = Some(m);
                    self.update_pv(ply, m);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else {
            Bound::Upper
        };
        if best > -INF {
            self.shared.tt.store(
                key,
                best_move,
                score_to_tt(best, ply),
                stand_pat.max(-INF + 1),
                0,
                bound,
            );
        }
        best
    }
}

#[inline]
fn update_history(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

#[inline]
fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

#[inline]
fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
