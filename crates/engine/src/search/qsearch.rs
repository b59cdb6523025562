//! The quiescence search: stand pat, then captures and queen promotions (all
//! moves when in check) from the picker, with delta and SEE pruning, until the
//! position is quiet.

use super::params::*;
use super::picker::MovePicker;
use super::see::{captured_value, see_ge};
use super::tt::Bound;
use super::worker::{score_from_tt, score_to_tt, Worker};
use super::{INF, MATE, MAX_PLY};
use guoxiang_core::{Bitboard, Color, Position, Role};

impl Worker<'_> {
    pub(super) fn qsearch(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.check_stop() {
            return 0;
        }
        self.pv_len[ply] = ply;
        self.seldepth = self.seldepth.max(ply as i32);
        if pos.is_insufficient_material() {
            return 0;
        }
        if let Some(s) = self.table_score(pos, ply) {
            return s;
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
