//! The coach's verdict on one learner move, from the tables: every legal move
//! of the position with the value after it, compared with the learner's.
//!
//! - Win exercises: `optimal` when the move mates as fast as the best one,
//!   `slower` by N moves when it still wins, `drawn` when the win is gone and
//!   `lost` when the learner now loses. Why a win was lost: `stalemate` (the
//!   move stalemates), `hanging` (the defence's best reply captures a piece;
//!   its square is given), `fifty` (the move still wins by the distance to
//!   mate, but along best play the 50-move rule ends the game first while a
//!   faster move would have mated in time), `other`.
//! - Hold exercises: `held` while the draw (or better) stays, else `lost`
//!   (why: `hanging` or `other`).
//!
//! The 50-move check follows best play (fastest mate, longest resistance) from
//! the position; a defence aiming for the 50-move rule instead of the longest
//! resistance is not modelled (the tables hold distance to mate, not to zeroing).

use super::exercise::{Exercise, Goal};
use super::over::FIFTY_MOVE_PLIES;
use guoxiang_core::{Move, Position, Square};
use guoxiang_tablebase::{MoveProbe, ProbeError, Tablebase, Wdl};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use ts_rs::TS;

/// The coach's word on a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum VerdictKind {
    Optimal,
    Slower,
    Drawn,
    Lost,
    Held,
}

/// Why a win (or a draw) was lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    Stalemate,
    Hanging,
    Fifty,
    Other,
}

/// The verdict on one move, and the best move there was when it was not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    pub kind: VerdictKind,
    /// `slower`: moves (not plies) slower than the best move.
    pub by: Option<u32>,
    pub why: Option<Why>,
    /// `hanging`: the square of the piece the reply takes.
    pub square: Option<Square>,
    /// The best move, unless the verdict is `optimal` or `held`.
    pub best: Option<Move>,
}

/// What a move is worth to the learner who plays it, best first when sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// Mates in this many plies (the move itself counted).
    Win(u32),
    Draw,
    /// Is mated in this many plies (the move itself counted).
    Loss(u32),
}

impl Value {
    /// The mover's value of a move whose position after it is `mp.after`
    /// (seen from the other side).
    pub fn of(mp: &MoveProbe) -> Value {
        let plies = mp.after.dtm.unwrap_or(0) + 1;
        match mp.after.wdl {
            Wdl::Loss => Value::Win(plies),
            Wdl::Draw => Value::Draw,
            Wdl::Win => Value::Loss(plies),
        }
    }

    fn rank(self) -> (u8, i64) {
        match self {
            Value::Win(n) => (0, i64::from(n)),
            Value::Draw => (1, 0),
            Value::Loss(n) => (2, -i64::from(n)),
        }
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Smaller is better for the mover: faster wins, then draws, then slower losses.
impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

/// The best of `moves` for the mover (the first of equals, so it is stable).
pub fn best_of(moves: &[MoveProbe]) -> Option<&MoveProbe> {
    moves.iter().min_by_key(|m| Value::of(m))
}

/// The defence's answer in `pos` from its moves' probes: the best for it
/// (longest resistance, keeping a draw, the fastest mate), and among equals a
/// capture, so a piece left hanging is taken.
pub fn defence_choice(pos: &Position, moves: &[MoveProbe]) -> Option<Move> {
    let best = Value::of(best_of(moves)?);
    let equal = || moves.iter().filter(|m| Value::of(m) == best);
    let capture =
        equal().find(|m| pos.board().piece_at(m.mv.to()).is_some() || m.mv.is_en_passant());
    capture.or_else(|| equal().next()).map(|m| m.mv)
}

/// The verdict on `mv` played from `pos` (the learner to move), given every
/// legal move's probe and the defence's reply to `mv` (`None` if it has none).
pub fn judge(
    tb: &Tablebase,
    exercise: Exercise,
    pos: &Position,
    mv: Move,
    moves: &[MoveProbe],
    reply: Option<Move>,
) -> Result<Verdict, ProbeError> {
    let plain = |kind| Verdict {
        kind,
        by: None,
        why: None,
        square: None,
        best: None,
    };
    let Some(mine) = moves.iter().find(|m| m.mv == mv) else {
        // The caller checked legality; a move the tables do not list is judged neutrally.
        return Ok(plain(VerdictKind::Optimal));
    };
    let mine_value = Value::of(mine);
    let Some(best) = best_of(moves) else {
        return Ok(plain(VerdictKind::Optimal));
    };
    let best_value = Value::of(best);
    let after = pos.after(mv);
    let lost_why = |v: Verdict| -> Verdict {
        match captured_by(&after, reply) {
            Some(sq) => Verdict {
                why: Some(Why::Hanging),
                square: Some(sq),
                ..v
            },
            None => Verdict {
                why: Some(Why::Other),
                ..v
            },
        }
    };
    if exercise.goal() == Goal::Draw {
        if mine_value <= Value::Draw {
            return Ok(plain(VerdictKind::Held));
        }
        // Already lost before the move: no better move to show.
        let better = (best_value < mine_value).then_some(best.mv);
        return Ok(lost_why(Verdict {
            best: better,
            ..plain(VerdictKind::Lost)
        }));
    }
    match (mine_value, best_value) {
        (Value::Win(n), Value::Win(fastest)) => {
            if !mates_in_time(tb, &after, n - 1)? {
                if let Some(in_time) = first_winning_in_time(tb, pos, moves)? {
                    return Ok(Verdict {
                        why: Some(Why::Fifty),
                        best: Some(in_time),
                        ..plain(VerdictKind::Drawn)
                    });
                }
            }
            if n <= fastest {
                Ok(plain(VerdictKind::Optimal))
            } else {
                Ok(Verdict {
                    by: Some((n - fastest).div_ceil(2)),
                    best: Some(best.mv),
                    ..plain(VerdictKind::Slower)
                })
            }
        }
        (Value::Draw, Value::Win(_)) => {
            let v = Verdict {
                best: Some(best.mv),
                ..plain(VerdictKind::Drawn)
            };
            if after.is_stalemate() {
                Ok(Verdict {
                    why: Some(Why::Stalemate),
                    ..v
                })
            } else {
                Ok(lost_why(v))
            }
        }
        (Value::Loss(_), _) if best_value < mine_value => Ok(lost_why(Verdict {
            best: Some(best.mv),
            ..plain(VerdictKind::Lost)
        })),
        // Nothing better was there to be had.
        _ => Ok(plain(VerdictKind::Optimal)),
    }
}

/// The square of the learner's piece that `reply` takes in `after`, if it is a capture.
pub fn captured_by(after: &Position, reply: Option<Move>) -> Option<Square> {
    let r = reply?;
    if r.is_en_passant() {
        return r
            .to()
            .offset(0, if after.turn().index() == 0 { -1 } else { 1 });
    }
    if r.is_castle() {
        return None;
    }
    after.board().piece_at(r.to()).map(|_| r.to())
}

/// The most plies a best-play line is followed (every DTM here is far shorter).
const WALK_LIMIT: u32 = 1_024;

/// Whether best play from `pos` (the side to move loses in `dtm` plies) mates
/// before the 50-move rule ends the game: at once when the clock leaves room
/// for all `dtm` plies, else by following the line, where a capture or pawn
/// move resets the count.
pub fn mates_in_time(tb: &Tablebase, pos: &Position, dtm: u32) -> Result<bool, ProbeError> {
    if pos.halfmove_clock() + dtm <= FIFTY_MOVE_PLIES {
        return Ok(true);
    }
    let mut p = pos.clone();
    for _ in 0..WALK_LIMIT {
        if p.is_checkmate() {
            return Ok(true);
        }
        if p.halfmove_clock() >= FIFTY_MOVE_PLIES {
            return Ok(false);
        }
        match tb.best_move(&p)? {
            Some(best) => p = p.after(best.mv),
            None => return Ok(false),
        }
    }
    Ok(false)
}

/// The fastest winning move of `moves` whose mate comes before the 50-move
/// rule (see [`mates_in_time`]), if any.
fn first_winning_in_time(
    tb: &Tablebase,
    pos: &Position,
    moves: &[MoveProbe],
) -> Result<Option<Move>, ProbeError> {
    let mut wins: Vec<(u32, Move)> = moves
        .iter()
        .filter_map(|m| match Value::of(m) {
            Value::Win(n) => Some((n, m.mv)),
            _ => None,
        })
        .collect();
    wins.sort_by_key(|&(n, _)| n);
    for (n, mv) in wins {
        if mates_in_time(tb, &pos.after(mv), n - 1)? {
            return Ok(Some(mv));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use guoxiang_tablebase::Probe;

    fn mp(mv: Move, wdl: Wdl, dtm: Option<u32>) -> MoveProbe {
        MoveProbe {
            mv,
            after: Probe { wdl, dtm },
        }
    }

    #[test]
    fn faster_wins_rank_first_then_draws_then_the_longest_losses() {
        let a = Move::normal(Square::A1, Square::A2);
        let moves = [
            mp(a, Wdl::Win, Some(4)),
            mp(a, Wdl::Draw, None),
            mp(a, Wdl::Loss, Some(8)),
            mp(a, Wdl::Loss, Some(2)),
            mp(a, Wdl::Win, Some(10)),
        ];
        let mut values: Vec<Value> = moves.iter().map(Value::of).collect();
        values.sort();
        assert_eq!(
            values,
            vec![
                Value::Win(3),
                Value::Win(9),
                Value::Draw,
                Value::Loss(11),
                Value::Loss(5)
            ]
        );
        assert_eq!(best_of(&moves).map(|m| m.after.dtm), Some(Some(2)));
    }

    #[test]
    fn among_equal_defences_the_capture_is_chosen() {
        let pos = Position::from_fen("8/8/8/4Q3/3k4/8/8/4K3 b - - 0 1").expect("legal");
        let step = Move::normal(Square::D4, Square::C3);
        let take = Move::normal(Square::D4, Square::E5);
        let worse = Move::normal(Square::D4, Square::D3);
        let moves = [
            mp(worse, Wdl::Win, Some(9)),
            mp(step, Wdl::Draw, None),
            mp(take, Wdl::Draw, None),
        ];
        assert_eq!(defence_choice(&pos, &moves), Some(take));
        // A longer resistance beats a capture that loses faster.
        let moves = [mp(take, Wdl::Win, Some(3)), mp(step, Wdl::Win, Some(9))];
        assert_eq!(defence_choice(&pos, &moves), Some(step));
        assert_eq!(defence_choice(&pos, &[]), None);
    }

    #[test]
    fn a_reply_that_takes_a_piece_names_its_square() {
        // After Qd2?? the black king on e3... here Kxd2 (black to move) takes the queen.
        let after = Position::from_fen("8/8/8/8/8/4k3/3Q4/K7 b - - 1 1").expect("legal");
        let take = Move::normal(Square::E3, Square::D2);
        assert_eq!(captured_by(&after, Some(take)), Some(Square::D2));
        let step = Move::normal(Square::E3, Square::F4);
        assert_eq!(captured_by(&after, Some(step)), None);
        assert_eq!(captured_by(&after, None), None);
    }
}
