//! Mates: the reply line mates the mover (a mate allowed), or the engine's line
//! from before the move mated the opponent (a mate missed). The distance is the
//! mating side's moves in the line, or the engine's mate score when its line stops
//! short; the pattern (back-rank, smothered, …) comes from the puzzle tagger.

use guoxiang_core::{Move, Position};
use guoxiang_puzzles::tagger::{tag, TagInput};
use guoxiang_puzzles::{Goal, Theme};

use super::board::{for_side, piece_at, Line};
use super::kind::ExplanationKind;
use super::{Explanation, MoveContext};
use crate::Eval;

/// The longest line read for a mate.
const MATE_HORIZON: usize = 24;

/// The mating patterns the tagger names, most specific first.
const PATTERNS: [Theme; 8] = [
    Theme::SmotheredMate,
    Theme::BackRankMate,
    Theme::AnastasiaMate,
    Theme::ArabianMate,
    Theme::BodenMate,
    Theme::DoubleBishopMate,
    Theme::DovetailMate,
    Theme::HookMate,
];

/// The pattern of the mate that `line` (from `start`, reached by `mistake` from
/// `before`) ends in.
fn pattern(before: &Position, mistake: Move, start: &Position, line: &Line) -> Option<Theme> {
    let n = u8::try_from(line.solver_moves()).unwrap_or(u8::MAX);
    let themes = tag(&TagInput {
        before,
        mistake,
        start,
        line: &line.moves,
        goal: Goal::Mate(n),
    });
    PATTERNS.into_iter().find(|t| themes.contains(t))
}

/// Mate in `n` for the side the eval is seen from, if the eval says so.
fn mate_for(eval: Eval) -> Option<u32> {
    match eval {
        Eval::Mate(n) if n > 0 => Some(n as u32),
        _ => None,
    }
}

pub(super) fn allows_mate(ctx: &MoveContext) -> Option<Explanation> {
    let opponent = ctx.after.turn();
    let line = Line::new(ctx.after, ctx.reply_line, MATE_HORIZON);
    let engine = mate_for(for_side(ctx.eval_after, opponent));
    let mate_in = if line.mates() {
        line.solver_moves()
    } else {
        engine?
    };
    // A mate that was coming anyway is not this move's fault.
    if let Some(before) = mate_for(for_side(ctx.eval_before, opponent)) {
        if before <= mate_in {
            return None;
        }
    }
    let (king, pattern) = if line.mates() {
        let end = line.last();
        (
            piece_at(end, end.our_king()),
            pattern(ctx.before, ctx.played, ctx.after, &line),
        )
    } else {
        (None, None)
    };
    let shown = if line.mates() { line.moves.len() } else { 1 };
    let san = line.san(shown);
    let first = *san.first()?;
    let mut arrows = vec![(first.mv.from(), first.mv.to())];
    if let Some(last) = san.last().filter(|_| san.len() > 1) {
        arrows.push((last.mv.from(), last.mv.to()));
    }
    Some(Explanation {
        kind: ExplanationKind::AllowsMate {
            mate_in,
            line: san,
            king,
            pattern,
        },
        arrows,
        squares: king.map(|k| vec![k.square]).unwrap_or_default(),
    })
}

pub(super) fn missed_mate(ctx: &MoveContext) -> Option<Explanation> {
    let mover = ctx.before.turn();
    // Still mating after the move: not a missed mate, only a slower one.
    if mate_for(for_side(ctx.eval_after, mover)).is_some() {
        return None;
    }
    let line = Line::new(ctx.before, ctx.best_line, MATE_HORIZON);
    if line.moves.first() == Some(&ctx.played) {
        return None;
    }
    let (mate_in, shown, king, pattern) = if line.mates() {
        let end = line.last();
        let pattern = pattern(ctx.before, Move::NULL, ctx.before, &line);
        let king = piece_at(end, end.our_king());
        (line.solver_moves(), line.moves.len(), king, pattern)
    } else {
        (mate_for(for_side(ctx.eval_before, mover))?, 1, None, None)
    };
    let san = line.san(shown);
    let first = *san.first()?;
    let square = king.map_or(ctx.before.king_of(!mover), |k| k.square);
    Some(Explanation {
        kind: ExplanationKind::MissedMate {
            mate_in,
            line: san,
            king,
            pattern,
        },
        arrows: vec![(first.mv.from(), first.mv.to())],
        squares: vec![square],
    })
}
