//! The order in which a node tries its moves, in stages: the hash move, captures
//! that do not lose material (and promotions to a queen), the killer moves and the
//! countermove, the quiet moves by history, and last the captures that lose
//! material. Within a stage the best-scored move comes first; of equal scores the
//! one met first in the list. Each move's score and stage are fixed when the
//! picker is made, so the order is the one a selection sort over the scores would
//! give (the bench signature depends on it). The quiescence search uses the same
//! picker with one stage ordered by victim and attacker.

use super::params::CAPHIST_DIV;
use super::see::{captured_value, see_ge, SEE_VALUE};
use guoxiang_core::{Move, MoveKind, MoveList, Position, Role, MAX_MOVES};

/// The stages, in the order they are tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Stage {
    /// The transposition table's move.
    TtMove,
    /// Captures whose exchange does not lose, and promotions to a queen; the most
    /// valuable victim first, then the least valuable attacker, then the capture
    /// history.
    GoodCaptures,
    /// The two killer moves of this ply, then the countermove.
    Killers,
    /// The other quiet moves, by history.
    Quiets,
    /// Captures that lose material, in the same order as the good ones.
    BadCaptures,
    /// The quiescence search's moves: one stage, most valuable victim first.
    Noisy,
}

// Each stage of a full-width node scores its moves in its own band, and the bands
// are in the stages' order and do not overlap: the best-scored move left is always
// the best move of the current stage, and a move's stage can be read off its score.
const TT_SCORE: i32 = 100_000_000;
const GOOD_CAPTURE: i32 = 10_000_000;
const KILLER_SCORES: [i32; 2] = [9_000_000, 8_000_000];
const COUNTER_SCORE: i32 = 7_000_000;
/// Quiet histories stay far inside ± this.
const QUIET_BAND: i32 = 1_000_000;
const BAD_CAPTURE: i32 = -10_000_000;
/// Per centipawn of the victim (and of a promotion's new piece).
const VICTIM_WEIGHT: i32 = 10;
/// The attacker's value counts 1 / this.
const ATTACKER_DIV: i32 = 10;
/// A promotion's bonus in the quiescence search.
const QS_PROMOTION: i32 = 9000;

impl Stage {
    /// The stage of a full-width node's move scored `score`.
    fn of(score: i32) -> Stage {
        if score >= TT_SCORE {
            Stage::TtMove
        } else if score > KILLER_SCORES[0] {
            Stage::GoodCaptures
        } else if score >= COUNTER_SCORE {
            Stage::Killers
        } else if score > -QUIET_BAND {
            Stage::Quiets
        } else {
            Stage::BadCaptures
        }
    }
}

/// What a full-width node knows that orders its moves.
pub(super) struct Hints<'a> {
    pub tt_move: Option<Move>,
    pub killers: [Option<Move>; 2],
    pub counter: Option<Move>,
    /// Quiet history of the side to move, by from and to square.
    pub history: &'a [[i32; 64]; 64],
    /// Capture history by moving role, target square and victim role.
    pub capture_history: &'a [[[i32; 6]; 64]; 6],
}

/// Hands out a node's moves stage by stage, best first.
pub(super) struct MovePicker<'m> {
    moves: &'m mut MoveList,
    scores: [i32; MAX_MOVES],
    /// `moves[..next]` have been handed out.
    next: usize,
    /// Whether this is the quiescence search's picker (one stage).
    quiescence: bool,
}

impl<'m> MovePicker<'m> {
    /// The picker of a full-width node.
    #[inline]
    pub fn new(pos: &Position, moves: &'m mut MoveList, hints: &Hints<'_>) -> MovePicker<'m> {
        let mut scores = [0; MAX_MOVES];
        for (score, &m) in scores.iter_mut().zip(moves.iter()) {
            *score = main_score(pos, m, hints);
        }
        MovePicker {
            moves,
            scores,
            next: 0,
            quiescence: false,
        }
    }

    /// The picker of the quiescence search: `moves` by victim, attacker and
    /// promotion.
    #[inline]
    pub fn quiescence(pos: &Position, moves: &'m mut MoveList) -> MovePicker<'m> {
        let mut scores = [0; MAX_MOVES];
        for (score, &m) in scores.iter_mut().zip(moves.iter()) {
            let moved = pos.board().role_at(m.from()).unwrap_or(Role::Pawn);
            let promotion = if matches!(m.kind(), MoveKind::Promotion(_)) {
                QS_PROMOTION
            } else {
                0
            };
            *score = VICTIM_WEIGHT * captured_value(pos, m)
                - SEE_VALUE[moved.index()] / ATTACKER_DIV
                + promotion;
        }
        MovePicker {
            moves,
            scores,
            next: 0,
            quiescence: true,
        }
    }

    /// The next move and its stage, or `None` when all were handed out.
    #[inline]
    pub fn next(&mut self) -> Option<(Move, Stage)> {
        let i = self.next;
        let moves = self.moves.as_mut_slice();
        let scores = &mut self.scores[..moves.len()];
        let &first = scores.get(i)?;
        // The first best-scored move left: the best of the current stage.
        let (mut best, mut best_score) = (i, first);
        for (j, &s) in scores.iter().enumerate().skip(i + 1) {
            if s > best_score {
                (best, best_score) = (j, s);
            }
        }
        moves.swap(i, best);
        scores.swap(i, best);
        self.next += 1;
        let stage = if self.quiescence {
            Stage::Noisy
        } else {
            Stage::of(best_score)
        };
        Some((moves[i], stage))
    }
}

/// The score of `m` in a full-width node, in the band of its stage.
fn main_score(pos: &Position, m: Move, o: &Hints<'_>) -> i32 {
    if Some(m) == o.tt_move {
        return TT_SCORE;
    }
    let victim = captured_value(pos, m);
    let promo = m.promotion();
    if victim > 0 || promo.is_some() {
        let moved = pos.board().role_at(m.from()).unwrap_or(Role::Pawn);
        let vrole = pos.board().role_at(m.to()).unwrap_or(Role::Pawn);
        let good = promo == Some(Role::Queen) || see_ge(pos, m, 0);
        let promo_bonus = promo.map_or(0, |r| SEE_VALUE[r.index()]);
        let score = VICTIM_WEIGHT * (victim + promo_bonus)
            - SEE_VALUE[moved.index()] / ATTACKER_DIV
            + o.capture_history[moved.index()][m.to().index()][vrole.index()] / CAPHIST_DIV;
        return if good { GOOD_CAPTURE } else { BAD_CAPTURE } + score;
    }
    if o.killers[0] == Some(m) {
        KILLER_SCORES[0]
    } else if o.killers[1] == Some(m) {
        KILLER_SCORES[1]
    } else if o.counter == Some(m) {
        COUNTER_SCORE
    } else {
        o.history[m.from().index()][m.to().index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_move_comes_first_then_good_captures_killers_quiets_and_bad_captures_last() {
        // exd5 wins a pawn for a pawn (good); Qxd5 loses the queen to cxd5 (bad).
        let pos = Position::from_fen("4k3/8/2p5/3p4/4P3/8/8/3QK3 w - - 0 1").expect("valid FEN");
        let tt = pos.parse_uci("e1f2").expect("legal");
        let killer = pos.parse_uci("d1a4").expect("legal");
        let mut history = [[0; 64]; 64];
        let liked = pos.parse_uci("d1h5").expect("legal");
        history[liked.from().index()][liked.to().index()] = 500;
        let capture_history = [[[0; 6]; 64]; 6];
        let hints = Hints {
            tt_move: Some(tt),
            killers: [Some(killer), None],
            counter: None,
            history: &history,
            capture_history: &capture_history,
        };
        let mut moves = pos.legal_moves();
        let total = moves.len();
        let mut picker = MovePicker::new(&pos, &mut moves, &hints);
        let order: Vec<(String, Stage)> = std::iter::from_fn(|| picker.next())
            .map(|(m, s)| (m.to_uci(), s))
            .collect();
        assert_eq!(order.len(), total);
        assert_eq!(
            order[..4],
            [
                ("e1f2".to_string(), Stage::TtMove),
                ("e4d5".to_string(), Stage::GoodCaptures),
                ("d1a4".to_string(), Stage::Killers),
                ("d1h5".to_string(), Stage::Quiets),
            ]
        );
        assert_eq!(order[total - 1], ("d1d5".to_string(), Stage::BadCaptures));
        assert!(order.windows(2).all(|w| w[0].1 <= w[1].1), "{order:?}");
    }

    #[test]
    fn the_quiescence_picker_takes_the_most_valuable_victim_first() {
        let pos = Position::from_fen("4k3/8/8/1q1r4/2P5/8/8/4K3 w - - 0 1").expect("valid FEN");
        let mut moves = pos.legal_moves();
        moves.retain(|m| captured_value(&pos, m) > 0);
        let mut picker = MovePicker::quiescence(&pos, &mut moves);
        let first = picker.next().map(|(m, s)| (m.to_uci(), s));
        assert_eq!(first, Some(("c4b5".to_string(), Stage::Noisy)));
        assert_eq!(picker.next().map(|(m, _)| m.to_uci()), Some("c4d5".into()));
        assert_eq!(picker.next(), None);
    }
}
