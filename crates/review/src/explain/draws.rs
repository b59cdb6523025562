//! A win thrown away to a draw: the move stalemates (or lets the opponent reach
//! stalemate), repeats the position a third time, completes fifty moves without a
//! capture or pawn move, or — by the endgame tables — turns the ending's result.
//! All but the tables need the mover to have been winning before the move.

use guoxiang_core::Role;
use guoxiang_tablebase::Wdl;

use super::board::{for_side, piece_at, standing, Line};
use super::kind::{ExplanationKind, SanMove, Standing};
use super::{Explanation, MoveContext};

/// How many moves of the reply line may lead to a stalemate for it to count.
const STALEMATE_HORIZON: usize = 4;

fn was_winning(ctx: &MoveContext) -> bool {
    standing(for_side(ctx.eval_before, ctx.before.turn())) == Standing::Winning
}

/// Whether the mover still wins after the move, by the engine.
fn still_winning(ctx: &MoveContext) -> bool {
    standing(for_side(ctx.eval_after, ctx.before.turn())) == Standing::Winning
}

pub(super) fn best(ctx: &MoveContext) -> Option<SanMove> {
    ctx.best
        .filter(|&b| b != ctx.played && ctx.before.is_legal(b))
        .map(|b| SanMove::new(ctx.before, b))
}

fn with_best(kind: ExplanationKind, ctx: &MoveContext) -> Explanation {
    let arrows = best(ctx)
        .map(|b| vec![(b.mv.from(), b.mv.to())])
        .unwrap_or_default();
    Explanation {
        kind,
        arrows,
        squares: Vec::new(),
    }
}

pub(super) fn stalemate(ctx: &MoveContext) -> Option<Explanation> {
    if !was_winning(ctx) {
        return None;
    }
    let (line, end) = if ctx.after.is_stalemate() {
        (Vec::new(), ctx.after.clone())
    } else {
        let reply = Line::new(ctx.after, ctx.reply_line, STALEMATE_HORIZON);
        let end = reply.last();
        if still_winning(ctx) || !end.is_stalemate() || end.turn() == ctx.before.turn() {
            return None;
        }
        (reply.san(reply.moves.len()), end.clone())
    };
    let king = piece_at(&end, end.our_king())?;
    debug_assert_eq!(king.piece.role, Role::King);
    let mut e = with_best(
        ExplanationKind::Stalemate {
            king,
            line: line.clone(),
            best: best(ctx),
        },
        ctx,
    );
    e.arrows.insert(0, (ctx.played.from(), ctx.played.to()));
    e.squares.push(king.square);
    Some(e)
}

pub(super) fn repetition(ctx: &MoveContext) -> Option<Explanation> {
    let key = ctx.after.repetition_key();
    let seen = ctx.history.iter().filter(|&&k| k == key).count();
    (seen >= 2 && was_winning(ctx) && !ctx.after.is_checkmate())
        .then(|| with_best(ExplanationKind::Repetition { best: best(ctx) }, ctx))
}

pub(super) fn fifty_moves(ctx: &MoveContext) -> Option<Explanation> {
    let completes = ctx.after.halfmove_clock() >= 100 && ctx.before.halfmove_clock() < 100;
    (completes && was_winning(ctx) && !ctx.after.is_checkmate())
        .then(|| with_best(ExplanationKind::FiftyMoves { best: best(ctx) }, ctx))
}

/// How many moves of the reply line are read for a perpetual check.
const PERPETUAL_HORIZON: usize = 12;

pub(super) fn perpetual(ctx: &MoveContext) -> Option<Explanation> {
    if !was_winning(ctx) || still_winning(ctx) {
        return None;
    }
    let line = Line::new(ctx.after, ctx.reply_line, PERPETUAL_HORIZON);
    // Read up to the opponent's last check: an odd number of moves.
    let len = line.moves.len();
    let n = if len % 2 == 0 {
        len.saturating_sub(1)
    } else {
        len
    };
    // At least two checks, and every move of the opponent's a check.
    if n < 3 || !(0..n).step_by(2).all(|i| line.pos[i + 1].is_check()) {
        return None;
    }
    let key = line.pos[n].repetition_key();
    let earlier = ctx.history.contains(&key)
        || ctx.before.repetition_key() == key
        || line.pos[..n].iter().any(|p| p.repetition_key() == key);
    if !earlier {
        return None;
    }
    let san = line.san(n);
    let arrows = san
        .iter()
        .step_by(2)
        .map(|m| (m.mv.from(), m.mv.to()))
        .collect();
    Some(Explanation {
        kind: ExplanationKind::Perpetual {
            line: san,
            best: best(ctx),
        },
        arrows,
        squares: vec![ctx.after.king_of(ctx.before.turn())],
    })
}

/// The mover's result before and after the move, when both positions are in the tables.
pub(super) fn ending(ctx: &MoveContext) -> Option<Explanation> {
    let tables = ctx.tables?;
    let was = tables.probe(ctx.before).ok()?.wdl;
    let now = match tables.probe(ctx.after).ok()?.wdl {
        Wdl::Win => Wdl::Loss,
        Wdl::Draw => Wdl::Draw,
        Wdl::Loss => Wdl::Win,
    };
    let rank = |w: Wdl| match w {
        Wdl::Loss => 0,
        Wdl::Draw => 1,
        Wdl::Win => 2,
    };
    if rank(now) >= rank(was) {
        return None;
    }
    let best = best(ctx).or_else(|| {
        let b = tables.best_move(ctx.before).ok()??.mv;
        (b != ctx.played).then(|| SanMove::new(ctx.before, b))
    });
    let arrows = best
        .map(|b| vec![(b.mv.from(), b.mv.to())])
        .unwrap_or_default();
    Some(Explanation {
        kind: ExplanationKind::EndingSlips { was, now, best },
        arrows,
        squares: Vec::new(),
    })
}
