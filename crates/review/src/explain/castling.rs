//! Castling given up: a king or rook move (not castling) that drops the mover's
//! right to castle on a side, when the engine's best move castles or keeps that
//! right. And the fallback when no detector applies: the better move, its line and
//! how the mover stood.

use guoxiang_core::{CastlingSide, Role};

use super::board::{for_side, piece_at, standing, Line};
use super::draws::best;
use super::kind::ExplanationKind;
use super::{Explanation, MoveContext};

/// How many moves of the better line are shown.
const LINE_SHOWN: usize = 4;

pub(super) fn castling_lost(ctx: &MoveContext) -> Option<Explanation> {
    if ctx.played.is_castle() {
        return None;
    }
    let mover = ctx.before.turn();
    let piece = piece_at(ctx.before, ctx.played.from())?;
    if !matches!(piece.piece.role, Role::King | Role::Rook) {
        return None;
    }
    let best = best(ctx)?;
    let kept = if best.mv.is_castle() {
        None
    } else {
        Some(ctx.before.after(best.mv).castling_rights())
    };
    let (had, now) = (ctx.before.castling_rights(), ctx.after.castling_rights());
    let sides: Vec<CastlingSide> = CastlingSide::ALL
        .into_iter()
        .filter(|&s| had.has(mover, s) && !now.has(mover, s))
        .filter(|&s| kept.is_none_or(|k| k.has(mover, s)))
        .collect();
    if sides.is_empty() {
        return None;
    }
    Some(Explanation {
        kind: ExplanationKind::CastlingLost {
            piece,
            sides,
            best: Some(best),
        },
        arrows: vec![
            (ctx.played.from(), ctx.played.to()),
            (best.mv.from(), best.mv.to()),
        ],
        squares: vec![piece.square],
    })
}

pub(super) fn better(ctx: &MoveContext) -> Option<Explanation> {
    let best = best(ctx)?;
    let line = Line::new(ctx.before, ctx.best_line, LINE_SHOWN);
    let line = if line.moves.first() == Some(&best.mv) {
        line.san(LINE_SHOWN)
    } else {
        vec![best]
    };
    Some(Explanation {
        kind: ExplanationKind::Better {
            best,
            line,
            standing: standing(for_side(ctx.eval_before, ctx.before.turn())),
        },
        arrows: vec![(best.mv.from(), best.mv.to())],
        squares: Vec::new(),
    })
}
