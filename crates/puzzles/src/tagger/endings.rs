//! Endings, phases, lengths and the size of the gain.
//! - promotion / under-promotion: a solver move promotes (to a rook, bishop or knight);
//! - perpetual check: a draw puzzle where every solver move checks and the line's
//!   last position repeats one seen before (from the position before the mistake on);
//! - stalemate trick: a draw puzzle whose line ends in stalemate;
//! - endgames, read from the start: pawn (kings and pawns only), rook (rooks, no
//!   other piece), queen (queens, no other piece); `endgame` when both sides'
//!   pieces other than kings and pawns are worth 26 pawns or less together;
//!   otherwise `opening` up to move 10 and `middlegame` after;
//! - length: one solver move, two (short), three (long), four or more (very long);
//! - gain: draw puzzles are `equality`; win puzzles are `crushing` when the solver
//!   ends the line three or more pawns of material better off than at the start,
//!   `advantage` otherwise (mate puzzles get neither).

use guoxiang_core::{Position, Role};

use super::{value, Replay};
use crate::{Goal, Theme};

/// The material of both sides' pieces other than kings and pawns, in pawns.
fn piece_material(pos: &Position) -> i32 {
    pos.board()
        .pieces()
        .filter(|(_, p)| !matches!(p.role, Role::King | Role::Pawn))
        .map(|(_, p)| value(p.role))
        .sum()
}

/// The kinds of piece other than kings and pawns on the board.
fn piece_kinds(pos: &Position) -> Vec<Role> {
    let mut kinds: Vec<Role> = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
        .into_iter()
        .filter(|&r| pos.board().by_role(r).any())
        .collect();
    kinds.dedup();
    kinds
}

pub(super) fn tag(r: &Replay, out: &mut Vec<Theme>) {
    for i in r.solver_moves() {
        if let Some(role) = r.moves[i].promotion() {
            out.push(Theme::Promotion);
            if role != Role::Queen {
                out.push(Theme::UnderPromotion);
            }
        }
    }
    if r.goal == Goal::Draw && !r.moves.is_empty() {
        let last = r.last();
        let all_check = r.solver_moves().all(|i| r.pos[i + 1].is_check());
        let key = last.repetition_key();
        let earlier = std::iter::once(&r.before)
            .chain(&r.pos[..r.pos.len() - 1])
            .any(|p| p.repetition_key() == key);
        if all_check && earlier {
            out.push(Theme::PerpetualCheck);
        }
        if last.is_stalemate() {
            out.push(Theme::StalemateTrick);
        }
    }
    phase(&r.pos[0], out);
    out.push(match r.solver_move_count() {
        0 | 1 => Theme::OneMove,
        2 => Theme::Short,
        3 => Theme::Long,
        _ => Theme::VeryLong,
    });
    match r.goal {
        Goal::Draw => out.push(Theme::Equality),
        Goal::Win if r.balance(r.pos.len() - 1) - r.balance(0) >= 3 => out.push(Theme::Crushing),
        Goal::Win => out.push(Theme::Advantage),
        Goal::Mate(_) => {}
    }
}

fn phase(start: &Position, out: &mut Vec<Theme>) {
    match piece_kinds(start).as_slice() {
        [] => out.push(Theme::PawnEndgame),
        [Role::Rook] => out.push(Theme::RookEndgame),
        [Role::Queen] => out.push(Theme::QueenEndgame),
        _ => {}
    }
    if piece_material(start) <= 26 {
        out.push(Theme::Endgame);
    } else if start.fullmove_number() <= 10 {
        out.push(Theme::Opening);
    } else {
        out.push(Theme::Middlegame);
    }
}
