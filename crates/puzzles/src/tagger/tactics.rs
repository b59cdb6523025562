//! The other tactics, each read from the moves of the line (i = a solver move,
//! i + 1 the answer, i + 2 the solver's next move):
//! - fork: the moved piece attacks two targets (the king, a piece worth more
//!   than it, or an undefended piece other than a pawn), and the solver later
//!   takes one of them;
//! - hanging piece: the first move takes an undefended piece other than a pawn;
//! - trapped piece: after a solver move an attacked opponent piece (not a pawn)
//!   has no safe square, and the solver later takes it;
//! - deflection: a capture or check makes a defender (not the king) move away
//!   from guarding the square where the solver's next move captures, checks or
//!   promotes;
//! - attraction: the answer takes the piece the solver just moved (a piece given
//!   for less), and the solver's next move takes the piece on that square or checks
//!   the king that was drawn there;
//! - interference: the move lands between an opponent slider and the square it
//!   guarded, where the solver's next move then captures, checks or promotes;
//! - clearance: the move leaves a square that another solver piece then passes
//!   through or lands on to capture, check or promote;
//! - X-ray: a capture, a recapture, and a recapture by the solver's piece that
//!   stood behind the opponent's recapturing piece;
//! - intermezzo: the opponent has just taken a piece that could be taken back; the
//!   solver first plays a check or capture elsewhere and takes back a move later;
//! - sacrifice: at some point the solver is two or more pawns down on the start;
//! - defend the piece: a solver piece (not a pawn) is en prise at the start, and
//!   the first move, neither a capture nor a check, leaves it safe;
//! - answer the mate threat: if the solver passed, the opponent would mate in one
//!   or two; after the first move they cannot.

use guoxiang_core::attacks::between;
use guoxiang_core::{Move, Position, Role, Square};

use super::{any_square, attacks_from, captured, en_prise, landing, role_at, value, Replay};
use crate::Theme;

/// A rule: whether the replayed puzzle shows its theme.
type Detector = fn(&Replay) -> bool;

pub(super) fn tag(r: &Replay, out: &mut Vec<Theme>) {
    let checks: [(Detector, Theme); 12] = [
        (fork, Theme::Fork),
        (hanging, Theme::HangingPiece),
        (trapped, Theme::TrappedPiece),
        (deflection, Theme::Deflection),
        (attraction, Theme::Attraction),
        (interference, Theme::Interference),
        (clearance, Theme::Clearance),
        (x_ray, Theme::XRayAttack),
        (intermezzo, Theme::Intermezzo),
        (sacrifice, Theme::Sacrifice),
        (defend_piece, Theme::DefendPiece),
        (answer_mate_threat, Theme::AnswerMateThreat),
    ];
    for (check, theme) in checks {
        if check(r) {
            out.push(theme);
        }
    }
}

/// Whether the solver move `j` is a strike: a capture, a check or a promotion.
fn strike(r: &Replay, j: usize) -> bool {
    r.captured(j).is_some() || r.pos[j + 1].is_check() || r.moves[j].promotion().is_some()
}

/// The solver moves that have a next solver move.
fn with_follow_up(r: &Replay) -> impl Iterator<Item = usize> + '_ {
    r.solver_moves().filter(|&i| i + 2 < r.moves.len())
}

fn fork(r: &Replay) -> bool {
    r.solver_moves().any(|i| {
        let after = &r.pos[i + 1];
        let at = landing(r.moves[i]);
        let Some(role) = role_at(after, at) else {
            return false;
        };
        let board = after.board();
        let targets: Vec<Square> = (attacks_from(after, at) & board.by_color(r.opp()))
            .into_iter()
            .filter(|&t| match role_at(after, t) {
                Some(Role::King) => true,
                Some(Role::Pawn) | None => false,
                Some(tr) => {
                    value(tr) > value(role)
                        || board.attackers_of(t, r.opp(), board.occupied()).is_empty()
                }
            })
            .collect();
        targets.len() >= 2
            && r.solver_moves().filter(|&j| j > i).any(|j| {
                targets.contains(&r.moves[j].to()) && r.captured(j).is_some_and(|c| c != Role::Pawn)
            })
    })
}

fn hanging(r: &Replay) -> bool {
    let Some(&m) = r.moves.first() else {
        return false;
    };
    let start = &r.pos[0];
    match captured(start, m) {
        Some(Role::Pawn) | None => false,
        Some(_) => start
            .board()
            .attackers_of(m.to(), r.opp(), start.board().occupied())
            .is_empty(),
    }
}

/// Whether the opponent's piece on `sq` (to move in `pos`) has no safe move: each
/// of its moves lands where the solver attacks it, unless it captures at least
/// its own worth.
fn no_safe_square(pos: &Position, sq: Square) -> bool {
    let Some(role) = role_at(pos, sq) else {
        return false;
    };
    pos.legal_moves_from(sq).iter().all(|&m| {
        if captured(pos, m).is_some_and(|c| value(c) >= value(role)) {
            return false;
        }
        let next = pos.after(m);
        let occ = next.board().occupied();
        next.board().attackers_of(m.to(), next.turn(), occ).any()
            && en_prise(&next, m.to(), !next.turn())
    })
}

fn trapped(r: &Replay) -> bool {
    r.solver_moves().any(|i| {
        let after = &r.pos[i + 1];
        if after.is_check() {
            return false;
        }
        let board = after.board();
        let pieces = board.by_color(r.opp()) & !board.pawns() & !board.kings();
        any_square(pieces, |sq| {
            let Some(role) = role_at(after, sq) else {
                return false;
            };
            value(role) >= 3
                && en_prise(after, sq, r.opp())
                && !after.pinned().contains(sq)
                && no_safe_square(after, sq)
                && r.solver_moves().filter(|&j| j > i).any(|j| {
                    r.captured(j) == Some(role)
                        && r.pos[j].board().by_role(role).contains(r.moves[j].to())
                })
        })
    })
}

fn deflection(r: &Replay) -> bool {
    with_follow_up(r).any(|i| {
        if r.captured(i).is_none() && !r.pos[i + 1].is_check() {
            return false;
        }
        let reply = r.moves[i + 1];
        let target = r.moves[i + 2].to();
        let (guarding, moved) = (&r.pos[i + 1], &r.pos[i + 2]);
        role_at(guarding, reply.from()) != Some(Role::King)
            && reply.to() != target
            && attacks_from(guarding, reply.from()).contains(target)
            && !attacks_from(moved, landing(reply)).contains(target)
            && strike(r, i + 2)
    })
}

fn attraction(r: &Replay) -> bool {
    with_follow_up(r).any(|i| {
        let t = landing(r.moves[i]);
        let reply = r.moves[i + 1];
        if reply.to() != t {
            return false;
        }
        let Some(given) = role_at(&r.pos[i + 1], t) else {
            return false;
        };
        let got = r.captured(i).map_or(0, value);
        if value(given) <= got {
            return false; // an exchange, not a lure
        }
        let lured = role_at(&r.pos[i + 2], t);
        let next = r.moves[i + 2];
        next.to() == t || (lured == Some(Role::King) && r.pos[i + 3].is_check())
    })
}

fn interference(r: &Replay) -> bool {
    with_follow_up(r).any(|i| {
        let t = landing(r.moves[i]);
        let target = r.moves[i + 2].to();
        let (before, after, later) = (&r.pos[i], &r.pos[i + 1], &r.pos[i + 2]);
        let board = before.board();
        let sliders =
            board.by_color(r.opp()) & (board.rooks_and_queens() | board.bishops_and_queens());
        strike(r, i + 2)
            && any_square(sliders, |a| {
                between(a, target).contains(t)
                    && attacks_from(before, a).contains(target)
                    && before.board().piece_at(a) == later.board().piece_at(a)
                    && !attacks_from(after, a).contains(target)
                    && !attacks_from(later, a).contains(target)
            })
    })
}

fn clearance(r: &Replay) -> bool {
    with_follow_up(r).any(|i| {
        let m = r.moves[i];
        let next: Move = r.moves[i + 2];
        let f = m.from();
        !m.is_castle()
            && next.from() != landing(m)
            && (next.to() == f || between(next.from(), next.to()).contains(f))
            && strike(r, i + 2)
    })
}

fn x_ray(r: &Replay) -> bool {
    with_follow_up(r).any(|i| {
        let s = r.moves[i].to();
        let (reply, next) = (r.moves[i + 1], r.moves[i + 2]);
        r.captured(i).is_some()
            && reply.to() == s
            && r.captured(i + 1).is_some()
            && next.to() == s
            && r.captured(i + 2).is_some()
            && between(next.from(), s).contains(reply.from())
    })
}

fn intermezzo(r: &Replay) -> bool {
    with_follow_up(r).any(|i| {
        let (prev_pos, prev) = if i == 0 {
            match r.mistake {
                Some(m) => (&r.before, m),
                None => return false,
            }
        } else {
            (&r.pos[i - 1], r.moves[i - 1])
        };
        let c = prev.to();
        if captured(prev_pos, prev).is_none() || prev.is_castle() {
            return false;
        }
        let could_take_back = r.pos[i].legal_moves_to(c.into()).iter().next().is_some();
        let m = r.moves[i];
        let reply = r.moves[i + 1];
        let taker_now = if reply.from() == c { reply.to() } else { c };
        could_take_back
            && m.to() != c
            && (r.pos[i + 1].is_check() || r.captured(i).is_some())
            && r.moves[i + 2].to() == taker_now
            && r.captured(i + 2).is_some()
    })
}

fn sacrifice(r: &Replay) -> bool {
    let start = r.balance(0);
    (2..r.pos.len())
        .step_by(2)
        .any(|k| r.balance(k) - start <= -2)
}

fn defend_piece(r: &Replay) -> bool {
    let Some(&m) = r.moves.first() else {
        return false;
    };
    let start = &r.pos[0];
    if captured(start, m).is_some() || r.pos[1].is_check() || matches!(r.goal, crate::Goal::Mate(_))
    {
        return false;
    }
    let board = start.board();
    let candidates = board.by_color(r.solver) & !board.pawns() & !board.kings();
    any_square(candidates, |sq| {
        let now = if m.from() == sq { landing(m) } else { sq };
        en_prise(start, sq, r.solver) && !en_prise(&r.pos[1], now, r.solver)
    })
}

/// Whether the side to move in `pos` mates in one.
fn mates_in_one(pos: &Position) -> bool {
    pos.legal_moves()
        .iter()
        .any(|&m| pos.after(m).is_checkmate())
}

/// Whether the side to move in `pos` mates in at most two moves.
pub(crate) fn mates_in_two(pos: &Position) -> bool {
    pos.legal_moves().iter().any(|&m| {
        let next = pos.after(m);
        if next.is_checkmate() {
            return true;
        }
        let replies = next.legal_moves();
        !replies.is_empty()
            && replies
                .iter()
                .all(|&reply| mates_in_one(&next.after(reply)))
    })
}

fn answer_mate_threat(r: &Replay) -> bool {
    let (Some(passed), Some(after)) = (r.pos[0].null_move(), r.pos.get(1)) else {
        return false;
    };
    !after.is_checkmate() && mates_in_two(&passed) && !mates_in_two(after)
}
