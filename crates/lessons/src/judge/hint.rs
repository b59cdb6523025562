//! Hints: a learner move that keeps the goal reachable — the matching solution
//! line's next move, the mate solver's, or a short way to a target.

use super::decide::{Ctx, State};
use super::{mate, replay, JudgeError};
use crate::{Goal, Step};
use guoxiang_core::Move;

/// How many learner moves deep the hint looks for the next target or capture in
/// reach and capture_all steps when the learner has left the solutions.
const SEARCH_DEPTH: u32 = 3;

/// A move for the learner to play next in a task step after the accepted moves
/// (`None` only when no move keeps the goal reachable).
///
/// ```
/// use guoxiang_lessons::{hint, Course};
/// let course = Course::parse_files(&[("01-demo.toml", r#"
/// id = "demo"
/// order = 1
/// stage = "basics"
/// title = { zh-CN = "车", zh-TW = "車", en = "Rook" }
/// summary = { zh-CN = "车", zh-TW = "車", en = "Rook" }
/// [[steps]]
/// goal = "reach"
/// fen = "7k/8/8/8/8/8/8/R3K3 w - - 0 1"
/// targets = ["a5", "d5"]
/// solutions = [["a1a5", "a5d5"]]
/// text = { zh-CN = "走到星星上", zh-TW = "走到星星上", en = "Reach the stars" }
/// "#)]).unwrap();
/// let step = &course.lesson("demo").unwrap().steps[0];
/// assert_eq!(hint(step, &["a1a5"]).unwrap().unwrap().to_uci(), "a5d5");
/// ```
pub fn hint(step: &Step, accepted: &[impl AsRef<str>]) -> Result<Option<Move>, JudgeError> {
    let ctx = Ctx::new(step)?;
    let state = replay(&ctx, accepted)?;
    if state.done {
        return Err(JudgeError::StepDone);
    }
    if let Some(m) = ctx
        .matching(&state.played)
        .into_iter()
        .find_map(|line| ctx.solution_move(&state.pos, line, state.played.len()))
        .filter(|&m| ctx.decide(&state, m).next.is_some())
    {
        return Ok(Some(m));
    }
    let found = match step.goal {
        Goal::Mate => {
            let left = ctx.mate_in.saturating_sub(state.learner.len() as u32);
            mate::mating_move(&state.pos, left)
        }
        Goal::Reach | Goal::CaptureAll => search(&ctx, &state, SEARCH_DEPTH),
        _ => None,
    };
    Ok(found.or_else(|| first_accepted(&ctx, &state)))
}

/// The first legal move (core order) the judge accepts.
fn first_accepted(ctx: &Ctx<'_>, state: &State) -> Option<Move> {
    state
        .pos
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| ctx.decide(state, m).next.is_some())
}

/// The first move of a shortest series of accepted moves (at most `depth`) that
/// reaches one more target or takes one more piece.
fn search(ctx: &Ctx<'_>, state: &State, depth: u32) -> Option<Move> {
    (1..=depth).find_map(|d| {
        state.pos.legal_moves().iter().copied().find(|&m| {
            ctx.decide(state, m)
                .next
                .is_some_and(|next| progress(ctx, state, &next, d - 1))
        })
    })
}

/// Whether `next` has made progress over `from` within `depth` more moves.
fn progress(ctx: &Ctx<'_>, from: &State, next: &State, depth: u32) -> bool {
    let gained = |s: &State| match ctx.step.goal {
        Goal::Reach => s.done || s.collected.len() > from.collected.len(),
        _ => s.done || s.pos.board().occupied().count() < from.pos.board().occupied().count(),
    };
    if gained(next) {
        return true;
    }
    depth > 0
        && next.pos.legal_moves().iter().any(|&m| {
            ctx.decide(next, m)
                .next
                .is_some_and(|n| progress(ctx, from, &n, depth - 1))
        })
}
