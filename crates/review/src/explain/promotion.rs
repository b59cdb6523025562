//! Promotion: the reply line lets the opponent's pawn promote, or the engine's line
//! would have promoted the mover's — within the first three moves of the striking
//! side, and only when the material count after an answer shows the gain (a pawn
//! that promotes and is taken at once does not count).

use guoxiang_core::Color;

use super::board::{piece_at, Line};
use super::kind::{ExplanationKind, PieceAt};
use super::material::{balance, to_answer};
use super::{Explanation, MoveContext};

/// How many moves of a line are read for a promotion.
const PROMOTION_HORIZON: usize = 6;
/// The least gain (centipawns) the promotion must bring.
const PROMOTION_MARGIN: i32 = 300;

/// The first promotion by the striking side in `line` whose side ends the line
/// `PROMOTION_MARGIN` better off than at `from`; with the pawn and the move's index.
fn promotes(line: Line, from: &guoxiang_core::Position) -> Option<(Line, PieceAt, usize)> {
    let striker: Color = line.solver();
    let line = to_answer(line);
    let gain = balance(line.last(), striker) - balance(from, striker);
    if gain < PROMOTION_MARGIN {
        return None;
    }
    let i = (0..line.moves.len())
        .step_by(2)
        .find(|&i| line.moves[i].promotion().is_some())?;
    let pawn = piece_at(&line.pos[i], line.moves[i].from())?;
    Some((line, pawn, i))
}

pub(super) fn allows_promotion(ctx: &MoveContext) -> Option<Explanation> {
    let line = Line::new(ctx.after, ctx.reply_line, PROMOTION_HORIZON);
    let (line, pawn, i) = promotes(line, ctx.before)?;
    let m = line.moves[i];
    Some(Explanation {
        kind: ExplanationKind::AllowsPromotion {
            pawn,
            line: line.san(i + 1),
        },
        arrows: vec![(m.from(), m.to())],
        squares: vec![m.to()],
    })
}

pub(super) fn missed_promotion(ctx: &MoveContext) -> Option<Explanation> {
    if ctx.best_line.first() == Some(&ctx.played) {
        return None;
    }
    let line = Line::new(ctx.before, ctx.best_line, PROMOTION_HORIZON);
    let (line, pawn, i) = promotes(line, ctx.before)?;
    let first = line.moves[0];
    Some(Explanation {
        kind: ExplanationKind::MissedPromotion {
            pawn,
            line: line.san(i + 1),
        },
        arrows: vec![(first.from(), first.to())],
        squares: vec![line.moves[i].to()],
    })
}
