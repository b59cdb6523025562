//! The judge: whether a learner's move in a task step is right, what the opponent
//! answers, and why a wrong move is wrong ([`WhyCode`]). It is stateless: every
//! call replays the moves already accepted in the step from the step's FEN, so a
//! server needs to keep nothing between requests.
//!
//! ```
//! use guoxiang_lessons::{judge, Course, Verdict};
//! let course = Course::parse_files(&[("01-demo.toml", r#"
//! id = "demo"
//! order = 1
//! stage = "basics"
//! title = { zh-CN = "车", zh-TW = "車", en = "Rook" }
//! summary = { zh-CN = "车", zh-TW = "車", en = "Rook" }
//! [[steps]]
//! goal = "check"
//! fen = "7k/8/8/8/8/8/8/R3K3 w - - 0 1"
//! solutions = [["a1a8"]]
//! text = { zh-CN = "将军！", zh-TW = "將軍！", en = "Give check!" }
//! "#)]).unwrap();
//! let step = &course.lesson("demo").unwrap().steps[0];
//! let none: &[&str] = &[];
//! assert_eq!(judge(step, none, "a1a8").unwrap().verdict, Verdict::Done);
//! let wrong = judge(step, none, "a1a2").unwrap();
//! assert_eq!(wrong.why.unwrap().code.code(), "not_check");
//! ```

mod decide;
mod hint;
mod mate;
mod see;

pub use hint::hint;

use crate::{Step, Texts, Way};
use decide::{Ctx, State};
use guoxiang_core::uci::UciMove;
use guoxiang_core::{IllegalReason, Move, Position, Square};

/// What became of a learner's move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Right, and the step goes on.
    Continue,
    /// Right, and the step is done.
    Done,
    /// Legal but it does not reach the goal: take it back and try again.
    Wrong,
    /// Not a legal move.
    Illegal,
}

impl Verdict {
    /// `continue`, `done`, `wrong` or `illegal`.
    pub const fn code(self) -> &'static str {
        match self {
            Verdict::Continue => "continue",
            Verdict::Done => "done",
            Verdict::Wrong => "wrong",
            Verdict::Illegal => "illegal",
        }
    }
}

/// Why a move is wrong (the contract's table; docs/LESSONS.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WhyCode {
    Illegal,
    Lesson,
    Stalemate,
    NotCheck,
    NotMate,
    NoForcedMate,
    NotStalemate,
    OtherWay,
    NotCastling,
    WrongSide,
    NotEnPassant,
    NotPromotion,
    WrongPiece,
    StillHanging,
    Hangs,
    AllowsMate,
    NotInLine,
    /// reach / capture_all: the move gives check, so the opponent cannot pass
    /// (a deviation from the contract, noted there).
    GivesCheck,
}

impl WhyCode {
    /// Every code.
    pub const ALL: [WhyCode; 18] = [
        WhyCode::Illegal,
        WhyCode::Lesson,
        WhyCode::Stalemate,
        WhyCode::NotCheck,
        WhyCode::NotMate,
        WhyCode::NoForcedMate,
        WhyCode::NotStalemate,
        WhyCode::OtherWay,
        WhyCode::NotCastling,
        WhyCode::WrongSide,
        WhyCode::NotEnPassant,
        WhyCode::NotPromotion,
        WhyCode::WrongPiece,
        WhyCode::StillHanging,
        WhyCode::Hangs,
        WhyCode::AllowsMate,
        WhyCode::NotInLine,
        WhyCode::GivesCheck,
    ];

    /// The code on the wire; the catalogue key is `lesson.why.<code>`.
    pub const fn code(self) -> &'static str {
        match self {
            WhyCode::Illegal => "illegal",
            WhyCode::Lesson => "lesson",
            WhyCode::Stalemate => "stalemate",
            WhyCode::NotCheck => "not_check",
            WhyCode::NotMate => "not_mate",
            WhyCode::NoForcedMate => "no_forced_mate",
            WhyCode::NotStalemate => "not_stalemate",
            WhyCode::OtherWay => "other_way",
            WhyCode::NotCastling => "not_castling",
            WhyCode::WrongSide => "wrong_side",
            WhyCode::NotEnPassant => "not_en_passant",
            WhyCode::NotPromotion => "not_promotion",
            WhyCode::WrongPiece => "wrong_piece",
            WhyCode::StillHanging => "still_hanging",
            WhyCode::Hangs => "hangs",
            WhyCode::AllowsMate => "allows_mate",
            WhyCode::NotInLine => "not_in_line",
            WhyCode::GivesCheck => "gives_check",
        }
    }
}

/// A move with its notations, in the position it is played in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub mv: Move,
    pub uci: String,
    pub san: String,
}

impl Played {
    pub(crate) fn new(pos: &Position, mv: Move) -> Played {
        Played {
            mv,
            uci: mv.to_uci(),
            san: pos.san(mv),
        }
    }
}

/// Why a move is wrong or illegal: a code and its details.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Why {
    pub code: WhyCode,
    /// `hangs`, `still_hanging`: the piece that can be won.
    pub square: Option<Square>,
    /// `not_mate` (an escape), `no_forced_mate` (a defence), `allows_mate` (the mate),
    /// in the position right after the learner's move.
    pub mv: Option<Played>,
    /// `other_way`: the way the learner got out of check.
    pub way: Option<Way>,
    /// `lesson`: the lesson's own text.
    pub text: Option<Texts>,
    /// `illegal`: the core's reason.
    pub illegal: Option<IllegalReason>,
}

impl Why {
    pub(crate) fn code(code: WhyCode) -> Why {
        Why {
            code,
            square: None,
            mv: None,
            way: None,
            text: None,
            illegal: None,
        }
    }
}

/// The judge's answer to one move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judged {
    pub verdict: Verdict,
    /// The learner's move (`None` when illegal).
    pub played: Option<Played>,
    /// The position right after the learner's move (`None` when illegal).
    pub after: Option<Position>,
    /// The opponent's answer, when it moves (not a pass).
    pub reply: Option<Played>,
    /// Where the learner moves next: after the reply or the pass; for a wrong or
    /// illegal move, the position before it.
    pub next: Position,
    /// The learner's moves accepted in this step now, as UCI (send them next time).
    pub accepted: Vec<String>,
    /// `reach`: the targets reached so far, in the order reached.
    pub collected: Vec<Square>,
    /// Why a wrong or illegal move is so.
    pub why: Option<Why>,
}

/// Why a step cannot be judged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JudgeError {
    #[error("this {0} step is not a task on the board")]
    NotATask(&'static str),
    #[error("the step's position is not usable: {0}")]
    BadStep(String),
    #[error("{0:?} is not a UCI move such as e2e4 or e7e8q")]
    BadMove(String),
    #[error("the accepted move {index} ({uci}) does not replay: {reason}")]
    BadHistory {
        /// 1-based.
        index: usize,
        uci: String,
        reason: String,
    },
    #[error("the step is already done")]
    StepDone,
}

/// Judges the learner's move `next` (UCI) in a task step, after the learner moves
/// `accepted` (UCI) already accepted in it.
pub fn judge(step: &Step, accepted: &[impl AsRef<str>], next: &str) -> Result<Judged, JudgeError> {
    let ctx = Ctx::new(step)?;
    let state = replay(&ctx, accepted)?;
    if state.done {
        return Err(JudgeError::StepDone);
    }
    let uci = UciMove::from_ascii(next.trim().as_bytes())
        .map_err(|_| JudgeError::BadMove(next.chars().take(16).collect()))?;
    let UciMove::Normal {
        from,
        to,
        promotion,
    } = uci
    else {
        return Err(JudgeError::BadMove(next.chars().take(16).collect()));
    };
    let accepted_now: Vec<String> = state.learner.clone();
    match state.pos.explain(from, to, promotion) {
        Err(reason) => Ok(Judged {
            verdict: Verdict::Illegal,
            played: None,
            after: None,
            reply: None,
            next: state.pos.clone(),
            accepted: accepted_now,
            collected: state.collected.clone(),
            why: Some(Why {
                illegal: Some(reason),
                ..Why::code(WhyCode::Illegal)
            }),
        }),
        Ok(mv) => {
            let d = ctx.decide(&state, mv);
            let played = Some(Played::new(&state.pos, mv));
            let after = Some(state.pos.after(mv));
            Ok(match d.next {
                Some(next_state) => Judged {
                    verdict: if next_state.done {
                        Verdict::Done
                    } else {
                        Verdict::Continue
                    },
                    played,
                    after,
                    reply: d.reply,
                    next: next_state.pos.clone(),
                    accepted: next_state.learner.clone(),
                    collected: next_state.collected,
                    why: None,
                },
                None => Judged {
                    verdict: Verdict::Wrong,
                    played,
                    after,
                    reply: None,
                    next: state.pos.clone(),
                    accepted: accepted_now,
                    collected: state.collected.clone(),
                    why: d.why,
                },
            })
        }
    }
}

/// The state after replaying the accepted learner moves.
fn replay(ctx: &Ctx<'_>, accepted: &[impl AsRef<str>]) -> Result<State, JudgeError> {
    let mut state = ctx.start();
    for (i, uci) in accepted.iter().enumerate() {
        let uci = uci.as_ref();
        let bad = |reason: String| JudgeError::BadHistory {
            index: i + 1,
            uci: uci.chars().take(16).collect(),
            reason,
        };
        if state.done {
            return Err(bad("the step was already done before it".into()));
        }
        let mv = state.pos.parse_uci(uci).map_err(|e| bad(e.to_string()))?;
        let d = ctx.decide(&state, mv);
        state = d.next.ok_or_else(|| {
            bad(format!(
                "the judge refuses it ({})",
                d.why.map_or("wrong", |w| w.code.code())
            ))
        })?;
    }
    Ok(state)
}
