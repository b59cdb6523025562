//! Material: a piece left hanging (the reply takes it and the exchange wins
//! material), material lost further down the reply line, and material the engine's
//! line would have won. Counted in centipawns with the usual values; a line is
//! measured after an answer, so that an exchange is not cut in the middle.

use guoxiang_core::{Color, Position, Role};

use super::board::{captured, piece_at, see, value, Line};
use super::kind::{ExplanationKind, PieceAt, SanMove};
use super::{Explanation, MoveContext};

/// How many moves of a line are read for material.
const MATERIAL_HORIZON: usize = 6;
/// The least loss or gain (centipawns) that counts as material won.
const MATERIAL_MARGIN: i32 = 200;

/// `color`'s material minus the other side's, in centipawns (kings not counted).
pub(super) fn balance(pos: &Position, color: Color) -> i32 {
    pos.board()
        .pieces()
        .filter(|(_, p)| p.role != Role::King)
        .map(|(_, p)| {
            let v = value(p.role);
            if p.color == color {
                v
            } else {
                -v
            }
        })
        .sum()
}

pub(super) fn hangs(ctx: &MoveContext, pawns: bool) -> Option<Explanation> {
    let reply = *ctx.reply_line.first()?;
    let after = ctx.after;
    if !after.is_legal(reply) || reply.is_en_passant() {
        return None;
    }
    let role = captured(after, reply)?;
    if role == Role::King || (role == Role::Pawn && !pawns) {
        return None;
    }
    // What the move itself took is set against what the reply wins: a trade is no blunder.
    let took = captured(ctx.before, ctx.played).map_or(0, value);
    if see(after, reply) <= took {
        return None;
    }
    let piece = piece_at(after, reply.to())?;
    let taker = piece_at(after, reply.from())?;
    let board = after.board();
    let defended = board
        .attackers_of(reply.to(), ctx.before.turn(), board.occupied())
        .any();
    Some(Explanation {
        kind: ExplanationKind::Hangs {
            piece,
            taker,
            capture: SanMove::new(after, reply),
            defended,
        },
        arrows: vec![(reply.from(), reply.to())],
        squares: vec![reply.to()],
    })
}

/// The most valuable piece (not a pawn) that the side playing the even moves of
/// `line` takes and keeps (the next move does not take back on that square), with
/// the index of that capture (the first, on a tie).
fn biggest_catch(line: &Line) -> Option<(PieceAt, usize)> {
    (0..line.moves.len())
        .step_by(2)
        .filter_map(|i| {
            let m = line.moves[i];
            let role = captured(&line.pos[i], m)?;
            let piece = piece_at(&line.pos[i], m.to())?;
            let taken_back = line
                .moves
                .get(i + 1)
                .is_some_and(|r| r.to() == m.to() && captured(&line.pos[i + 1], *r).is_some());
            (role != Role::Pawn && !taken_back).then_some((piece, i))
        })
        .max_by_key(|(p, i)| (value(p.piece.role), std::cmp::Reverse(*i)))
}

/// `line` cut to end after an answer to the striking side's last move (an even
/// length), unless that last move is safe: a capture that no recapture pays for, or
/// a move to a square the other side does not attack.
pub(super) fn to_answer(line: Line) -> Line {
    let mut line = line;
    let n = line.moves.len();
    if n % 2 == 1 {
        let (pos, m) = (&line.pos[n - 1], line.moves[n - 1]);
        let end = &line.pos[n];
        let unattacked = !end
            .board()
            .attackers_of(m.to(), end.turn(), end.board().occupied())
            .any();
        let clean = unattacked || captured(pos, m).is_some_and(|c| see(pos, m) >= value(c));
        if !clean {
            line.moves.pop();
            line.pos.pop();
        }
    }
    line
}

pub(super) fn loses_material(ctx: &MoveContext) -> Option<Explanation> {
    let mover = ctx.before.turn();
    let line = to_answer(Line::new(ctx.after, ctx.reply_line, MATERIAL_HORIZON));
    let lost = balance(ctx.before, mover) - balance(line.last(), mover);
    if lost < MATERIAL_MARGIN {
        return None;
    }
    let (piece, i) = biggest_catch(&line)?;
    let san = line.san(i + 1);
    let arrows = san.iter().map(|m| (m.mv.from(), m.mv.to())).collect();
    Some(Explanation {
        kind: ExplanationKind::LosesMaterial { piece, line: san },
        arrows,
        squares: vec![piece.square],
    })
}

pub(super) fn missed_material(ctx: &MoveContext) -> Option<Explanation> {
    let mover = ctx.before.turn();
    if ctx.best_line.first() == Some(&ctx.played) {
        return None;
    }
    let line = to_answer(Line::new(ctx.before, ctx.best_line, MATERIAL_HORIZON));
    let won = balance(line.last(), mover) - balance(ctx.before, mover);
    if won < MATERIAL_MARGIN {
        return None;
    }
    let (piece, i) = biggest_catch(&line)?;
    let san = line.san(i + 1);
    let first = *san.first()?;
    Some(Explanation {
        kind: ExplanationKind::MissedMaterial { piece, line: san },
        arrows: vec![(first.mv.from(), first.mv.to())],
        squares: vec![piece.square],
    })
}
