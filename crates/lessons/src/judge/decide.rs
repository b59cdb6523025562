//! One learner move against a step's goal: the goal checks (with the rules core),
//! the opponent's answer, and the reasons in the contract's order of precedence:
//! a lesson's own `wrong` text, `stalemate`, the goal's own reason, `allows_mate`,
//! `hangs`, `not_in_line`.

use super::{mate, see, JudgeError, Played, Why, WhyCode};
use crate::{Goal, Side, Step, Way};
use guoxiang_core::{Move, Position, Square};

/// A step made ready for judging: its start position and parsed parameters.
pub(crate) struct Ctx<'a> {
    pub step: &'a Step,
    pub start: Position,
    pub targets: Vec<Square>,
    pub mate_in: u32,
    pub checks: u32,
}

/// Where a step stands after some accepted learner moves.
#[derive(Debug, Clone)]
pub(crate) struct State {
    pub pos: Position,
    /// The learner's accepted moves, as UCI.
    pub learner: Vec<String>,
    /// Every move played in the step (learner and opponent; passes are not moves).
    pub played: Vec<Move>,
    pub collected: Vec<Square>,
    /// Repetition keys of the positions so far (perpetual).
    pub keys: Vec<u64>,
    pub done: bool,
}

/// The judge's decision on one legal move: the state after it (and the reply),
/// or why it is wrong.
pub(crate) struct Decision {
    pub next: Option<State>,
    pub reply: Option<Played>,
    pub why: Option<Why>,
}

impl Decision {
    fn wrong(why: Why) -> Decision {
        Decision {
            next: None,
            reply: None,
            why: Some(why),
        }
    }
}

impl<'a> Ctx<'a> {
    pub fn new(step: &'a Step) -> Result<Ctx<'a>, JudgeError> {
        if !step.goal.is_task() {
            return Err(JudgeError::NotATask(step.goal.code()));
        }
        let fen = step
            .fen
            .as_deref()
            .ok_or_else(|| JudgeError::BadStep("no fen".into()))?;
        let start = Position::from_fen(fen).map_err(|e| JudgeError::BadStep(e.to_string()))?;
        let targets = step
            .targets
            .iter()
            .map(|t| t.parse::<Square>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| JudgeError::BadStep(format!("bad target: {e:?}")))?;
        Ok(Ctx {
            step,
            start,
            targets,
            mate_in: step.mate_in.unwrap_or(1),
            checks: step.checks.unwrap_or(3),
        })
    }

    pub fn start(&self) -> State {
        State {
            pos: self.start.clone(),
            learner: Vec::new(),
            played: Vec::new(),
            collected: Vec::new(),
            keys: vec![self.start.repetition_key()],
            done: false,
        }
    }

    /// Judges the legal move `mv` in `state`.
    pub fn decide(&self, state: &State, mv: Move) -> Decision {
        let after = state.pos.after(mv);
        let goal = self.step.goal;
        if goal.opponent_passes() {
            return self.decide_pass(state, mv, after);
        }
        if goal != Goal::Stalemate && after.is_stalemate() {
            return Decision::wrong(self.lesson_or(state, mv, Why::code(WhyCode::Stalemate)));
        }
        let own = |code| Decision::wrong(self.lesson_or(state, mv, Why::code(code)));
        match goal {
            Goal::Check if after.is_check() => self.finish(state, mv, after),
            Goal::Check => own(WhyCode::NotCheck),
            Goal::Stalemate if after.is_stalemate() => self.finish(state, mv, after),
            Goal::Stalemate => own(WhyCode::NotStalemate),
            Goal::EnPassant if mv.is_en_passant() => self.finish(state, mv, after),
            Goal::EnPassant => own(WhyCode::NotEnPassant),
            Goal::Castle => match (mv.is_castle(), self.step.side) {
                (false, _) => own(WhyCode::NotCastling),
                (true, Some(side)) if side_of(mv) != side => own(WhyCode::WrongSide),
                (true, _) => self.finish(state, mv, after),
            },
            Goal::Promote => match (mv.promotion(), self.step.piece) {
                (None, _) => own(WhyCode::NotPromotion),
                (Some(role), Some(p)) if role != p.role() => own(WhyCode::WrongPiece),
                (Some(_), _) => self.finish(state, mv, after),
            },
            Goal::Escape => {
                let used = way_of(&state.pos, mv);
                match self.step.way {
                    Some(w) if w != used => Decision::wrong(self.lesson_or(
                        state,
                        mv,
                        Why {
                            way: Some(used),
                            ..Why::code(WhyCode::OtherWay)
                        },
                    )),
                    _ => self.finish(state, mv, after),
                }
            }
            Goal::Defend => {
                if let Some(&sq) = see::hanging(&after).first() {
                    Decision::wrong(self.lesson_or(
                        state,
                        mv,
                        Why {
                            square: Some(sq),
                            ..Why::code(WhyCode::StillHanging)
                        },
                    ))
                } else if let Some(m) = allows_mate(&after) {
                    Decision::wrong(self.lesson_or(
                        state,
                        mv,
                        Why {
                            mv: Some(Played::new(&after, m)),
                            ..Why::code(WhyCode::AllowsMate)
                        },
                    ))
                } else {
                    self.finish(state, mv, after)
                }
            }
            Goal::Mate => self.decide_mate(state, mv, after),
            Goal::Line => self.decide_line(state, mv, after),
            Goal::Perpetual => self.decide_perpetual(state, mv, after),
            Goal::Read | Goal::Quiz | Goal::Reach | Goal::CaptureAll => {
                unreachable!("Ctx::new refuses read and quiz; reach and capture_all pass above")
            }
        }
    }

    /// The lesson's own `wrong` text for `mv`, if it has one, else `why`.
    fn lesson_or(&self, state: &State, mv: Move, why: Why) -> Why {
        match self
            .step
            .wrong
            .iter()
            .find(|w| state.pos.parse_uci(&w.uci) == Ok(mv))
        {
            Some(w) => Why {
                text: Some(w.text.clone()),
                ..Why::code(WhyCode::Lesson)
            },
            None => why,
        }
    }

    /// The state after the learner's `mv` (and the opponent's `reply`, if any).
    fn advance(&self, state: &State, mv: Move, after: Position, reply: Option<Move>) -> State {
        let mut next = state.clone();
        next.learner.push(mv.to_uci());
        next.played.push(mv);
        next.keys.push(after.repetition_key());
        next.pos = after;
        if let Some(r) = reply {
            next.played.push(r);
            next.pos = next.pos.after(r);
            next.keys.push(next.pos.repetition_key());
        }
        next
    }

    /// The step done with `mv`.
    fn finish(&self, state: &State, mv: Move, after: Position) -> Decision {
        let mut next = self.advance(state, mv, after, None);
        next.done = true;
        Decision {
            next: Some(next),
            reply: None,
            why: None,
        }
    }

    /// Goes on with `mv` and the opponent's `reply` (done if `done`).
    fn go_on(&self, state: &State, mv: Move, after: Position, reply: Move, done: bool) -> Decision {
        let played = Played::new(&after, reply);
        let mut next = self.advance(state, mv, after, Some(reply));
        next.done = done;
        Decision {
            next: Some(next),
            reply: Some(played),
            why: None,
        }
    }

    fn decide_pass(&self, state: &State, mv: Move, after: Position) -> Decision {
        let dest = destination(mv);
        let us = state.pos.turn();
        if see::best_gain_on(&after, dest) > 0 {
            return Decision::wrong(self.lesson_or(
                state,
                mv,
                Why {
                    square: Some(dest),
                    ..Why::code(WhyCode::Hangs)
                },
            ));
        }
        let mut collected = state.collected.clone();
        if self.targets.contains(&dest) && !collected.contains(&dest) {
            collected.push(dest);
        }
        let done = match self.step.goal {
            Goal::Reach => self.targets.iter().all(|t| collected.contains(t)),
            _ => (after.board().by_color(!us) & !after.board().kings()).is_empty(),
        };
        let passed = if done { None } else { after.null_move() };
        if !done && passed.is_none() {
            return Decision::wrong(self.lesson_or(state, mv, Why::code(WhyCode::GivesCheck)));
        }
        let mut next = self.advance(state, mv, after, None);
        next.collected = collected;
        next.done = done;
        if let Some(p) = passed {
            next.pos = p;
        }
        Decision {
            next: Some(next),
            reply: None,
            why: None,
        }
    }

    fn decide_mate(&self, state: &State, mv: Move, after: Position) -> Decision {
        if after.is_checkmate() {
            return self.finish(state, mv, after);
        }
        let left = self.mate_in.saturating_sub(state.learner.len() as u32);
        if left <= 1 {
            let why = if after.is_check() {
                Why {
                    mv: after
                        .legal_moves()
                        .iter()
                        .next()
                        .map(|&r| Played::new(&after, r)),
                    ..Why::code(WhyCode::NotMate)
                }
            } else {
                Why::code(WhyCode::NotCheck)
            };
            return Decision::wrong(self.lesson_or(state, mv, why));
        }
        if !mate::forced(&after, left - 1) {
            let why = Why {
                mv: mate::refutation(&after, left - 1).map(|r| Played::new(&after, r)),
                ..Why::code(WhyCode::NoForcedMate)
            };
            return Decision::wrong(self.lesson_or(state, mv, why));
        }
        let longest = mate::longest_defences(&after, left - 1);
        let mut played = state.played.clone();
        played.push(mv);
        let from_line = self
            .matching(&played)
            .into_iter()
            .filter_map(|line| self.solution_move(&after, line, played.len()))
            .find(|r| longest.contains(r));
        // The defender has a move: `forced` is true and the position is no mate.
        let reply = from_line.or_else(|| longest.first().copied());
        match reply {
            Some(r) => self.go_on(state, mv, after, r, false),
            None => self.finish(state, mv, after),
        }
    }

    fn decide_line(&self, state: &State, mv: Move, after: Position) -> Decision {
        let mut played = state.played.clone();
        played.push(mv);
        let lines = self.matching(&played);
        let Some(&first) = lines.first() else {
            let why = self.fallback(state, mv, &after);
            return Decision::wrong(self.lesson_or(state, mv, why));
        };
        if lines
            .iter()
            .any(|&l| self.step.solutions[l].len() == played.len())
        {
            return self.finish(state, mv, after);
        }
        match self.solution_move(&after, first, played.len()) {
            Some(r) => {
                let ends = self.step.solutions[first].len() == played.len() + 1;
                self.go_on(state, mv, after, r, ends)
            }
            None => self.finish(state, mv, after),
        }
    }

    fn decide_perpetual(&self, state: &State, mv: Move, after: Position) -> Decision {
        if after.is_checkmate() {
            return self.finish(state, mv, after);
        }
        if !after.is_check() {
            return Decision::wrong(self.lesson_or(state, mv, Why::code(WhyCode::NotCheck)));
        }
        let count = state.learner.len() as u32 + 1;
        let key = after.repetition_key();
        let seen = |keys: &[u64], k: u64| keys.iter().filter(|&&x| x == k).count();
        if count >= self.checks || seen(&state.keys, key) >= 2 {
            return self.finish(state, mv, after);
        }
        let mut played = state.played.clone();
        played.push(mv);
        let reply = self
            .matching(&played)
            .into_iter()
            .find_map(|line| self.solution_move(&after, line, played.len()))
            .or_else(|| after.legal_moves().iter().next().copied());
        let Some(r) = reply else {
            return self.finish(state, mv, after);
        };
        let key_after = after.after(r).repetition_key();
        let mut keys = state.keys.clone();
        keys.push(key);
        let repeated = seen(&keys, key_after) >= 2;
        self.go_on(state, mv, after, r, repeated)
    }

    /// The reasons for a wrong move when the goal has none of its own:
    /// `allows_mate`, `hangs`, `not_in_line`.
    fn fallback(&self, state: &State, mv: Move, after: &Position) -> Why {
        if let Some(m) = allows_mate(after) {
            return Why {
                mv: Some(Played::new(after, m)),
                ..Why::code(WhyCode::AllowsMate)
            };
        }
        let now = see::hanging(after);
        let dest = destination(mv);
        let before = state
            .pos
            .null_move()
            .map(|p| see::hanging(&p))
            .unwrap_or_default();
        let square = if now.contains(&dest) {
            Some(dest)
        } else {
            now.into_iter().find(|s| !before.contains(s))
        };
        match square {
            Some(sq) => Why {
                square: Some(sq),
                ..Why::code(WhyCode::Hangs)
            },
            None => Why::code(WhyCode::NotInLine),
        }
    }

    /// The solutions that begin with the moves `played` (compared as moves, so
    /// `e1h1` and `e1g1` for castling agree).
    pub fn matching(&self, played: &[Move]) -> Vec<usize> {
        let mut positions = Vec::with_capacity(played.len());
        let mut pos = self.start.clone();
        for &m in played {
            positions.push(pos.clone());
            pos.play_unchecked(m);
        }
        (0..self.step.solutions.len())
            .filter(|&i| {
                let line = &self.step.solutions[i];
                line.len() >= played.len()
                    && played
                        .iter()
                        .zip(&positions)
                        .zip(line)
                        .all(|((&m, p), uci)| p.parse_uci(uci) == Ok(m))
            })
            .collect()
    }

    /// Move `index` of solution `line`, read in `pos`, if there is one and it is legal.
    pub fn solution_move(&self, pos: &Position, line: usize, index: usize) -> Option<Move> {
        let uci = self.step.solutions.get(line)?.get(index)?;
        pos.parse_uci(uci).ok()
    }
}

/// Where the moved piece lands (the king's square for castling).
pub(crate) fn destination(mv: Move) -> Square {
    if mv.is_castle() {
        mv.king_to()
    } else {
        mv.to()
    }
}

/// A mate in one for the side to move in `pos`, if it has one.
pub(crate) fn allows_mate(pos: &Position) -> Option<Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .find(|&m| pos.after(m).is_checkmate())
}

/// Which side a castling move goes to.
fn side_of(mv: Move) -> Side {
    if mv.king_to().file() > mv.from().file() {
        Side::Short
    } else {
        Side::Long
    }
}

/// How `mv` gets the side to move in `pos` out of check.
pub(crate) fn way_of(pos: &Position, mv: Move) -> Way {
    let checkers = pos.checkers();
    let taken = if mv.is_en_passant() {
        // The pawn taken en passant stands beside the landing square, on the from rank.
        Square::from_coords(mv.to().file(), mv.from().rank())
    } else {
        mv.to()
    };
    if checkers.contains(taken) && !mv.is_castle() {
        Way::Capture
    } else if mv.from() == pos.our_king() {
        Way::Run
    } else {
        Way::Block
    }
}
