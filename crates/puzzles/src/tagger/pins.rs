//! Pins and skewers: a solver's slider with two opponent pieces on one line, the
//! front one attacked. Absolute pin (`pin`): the back piece is the king; relative
//! pin: the back piece is worth more than the front one; skewer: the front piece
//! is the king or worth more than the back one, and the solver later takes the
//! back piece. A pin counts when a solver move makes it or attacks the pinned
//! piece, and the solver later wins the pinned piece, wherever it goes (or, for a
//! relative pin, the piece behind it). Counter-pin: the solver starts with a piece
//! pinned (the mistake pinned it or left it pinned) and answers by pinning back.

use guoxiang_core::attacks::{between, bishop_attacks, rook_attacks};
use guoxiang_core::{Bitboard, Color, Position, Role, Square};

use super::{attacks_from, landing, role_at, value, Replay};
use crate::Theme;

/// Two pieces of the other side on one line from a slider: the slider attacks
/// `front`, and `back` is the first piece behind it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ray {
    pub slider: Square,
    pub front: Square,
    pub back: Square,
}

/// Every (front, back) pair of enemy pieces on the lines of the slider on `sq`.
pub(crate) fn rays_from(pos: &Position, sq: Square) -> Vec<Ray> {
    let board = pos.board();
    let Some(piece) = board.piece_at(sq) else {
        return Vec::new();
    };
    let reach = match piece.role {
        Role::Rook => rook_attacks(sq, Bitboard::EMPTY),
        Role::Bishop => bishop_attacks(sq, Bitboard::EMPTY),
        Role::Queen => rook_attacks(sq, Bitboard::EMPTY) | bishop_attacks(sq, Bitboard::EMPTY),
        _ => return Vec::new(),
    };
    let occ = board.occupied();
    let enemy = board.by_color(!piece.color);
    let mut rays = Vec::new();
    for back in reach & enemy {
        let blockers = between(sq, back) & occ;
        if let Some(front) = blockers.single() {
            if enemy.contains(front) {
                rays.push(Ray {
                    slider: sq,
                    front,
                    back,
                });
            }
        }
    }
    rays
}

/// The rays of every slider of `color`.
fn rays_of(pos: &Position, color: Color) -> Vec<Ray> {
    let board = pos.board();
    (board.by_color(color) & (board.rooks_and_queens() | board.bishops_and_queens()))
        .into_iter()
        .flat_map(|sq| rays_from(pos, sq))
        .collect()
}

fn is_king(pos: &Position, sq: Square) -> bool {
    role_at(pos, sq) == Some(Role::King)
}

/// An absolute pin: the front piece cannot leave the line without exposing the king.
pub(crate) fn absolute(pos: &Position, ray: &Ray) -> bool {
    is_king(pos, ray.back) && !is_king(pos, ray.front)
}

/// A relative pin: the piece behind is worth more than the pinned one.
pub(crate) fn relative(pos: &Position, ray: &Ray) -> bool {
    match (role_at(pos, ray.front), role_at(pos, ray.back)) {
        (Some(f), Some(b)) => f != Role::King && b != Role::King && value(b) > value(f),
        _ => false,
    }
}

/// A skewer: the front piece is the king or worth more than the one behind.
fn skewer(pos: &Position, ray: &Ray) -> bool {
    match (role_at(pos, ray.front), role_at(pos, ray.back)) {
        (Some(Role::King), Some(_)) => true,
        (Some(f), Some(b)) => b != Role::King && value(f) > value(b),
        _ => false,
    }
}

pub(super) fn tag(r: &Replay, out: &mut Vec<Theme>) {
    for i in r.solver_moves() {
        let after = &r.pos[i + 1];
        let moved = landing(r.moves[i]);
        for ray in rays_of(after, r.solver) {
            let made_here = ray.slider == moved;
            let attacked_here = attacks_from(after, moved).contains(ray.front);
            if absolute(after, &ray) && (made_here || attacked_here) && r.later_takes(i, ray.front)
            {
                out.push(Theme::Pin);
            }
            if relative(after, &ray)
                && (made_here || attacked_here)
                && (r.later_takes(i, ray.front) || r.later_takes(i, ray.back))
            {
                out.push(Theme::RelativePin);
            }
            if made_here && skewer(after, &ray) && r.later_takes(i, ray.back) {
                out.push(Theme::Skewer);
            }
        }
    }
    counter_pin(r, out);
}

fn counter_pin(r: &Replay, out: &mut Vec<Theme>) {
    let (Some(&first), Some(after)) = (r.moves.first(), r.pos.get(1)) else {
        return;
    };
    let start = &r.pos[0];
    let pinned_here = rays_of(start, r.opp())
        .iter()
        .any(|ray| absolute(start, ray) || relative(start, ray));
    let pins_back = rays_from(after, landing(first))
        .iter()
        .any(|ray| absolute(after, ray) || relative(after, ray));
    if pinned_here && pins_back {
        out.push(Theme::CounterPin);
    }
}
