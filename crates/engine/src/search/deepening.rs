//! Iterative deepening: one search per depth (and per MultiPV line), each in an
//! aspiration window around the previous score that widens on a fail; the main
//! worker reports each finished line and stops on the time, node and mate limits.

use super::params::*;
use super::tt::Bound;
use super::worker::Worker;
use super::{Info, Score, SearchResult, INF, MAX_PLY};
use guoxiang_core::{Move, Position};
use std::sync::atomic::Ordering;
use std::time::Duration;

impl Worker<'_> {
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

    pub(super) fn report_line(
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
}
