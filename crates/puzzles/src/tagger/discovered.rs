//! Discovered attacks and checks. A solver move that uncovers a check by a piece
//! that did not move is a discovered check; two checkers at once, a double check.
//! 抽将 (`discoveredCheckWin`) is a discovered check after which the solver is at
//! least two pawns of material better off once the solver's next move and its
//! answer are played (or the line ends). A discovered attack is a discovered check
//! or a move that uncovers a slider's attack on an opponent piece that the solver
//! later takes.

use guoxiang_core::attacks::between;
use guoxiang_core::Square;

use super::{attacks_from, captured, Replay};
use crate::Theme;

/// The pieces checking after move `i` that stood on the same square before it
/// (the checks the move uncovered rather than gave).
fn uncovered_checkers(r: &Replay, i: usize) -> usize {
    let (before, after) = (&r.pos[i], &r.pos[i + 1]);
    after
        .checkers()
        .into_iter()
        .filter(|&c| before.board().piece_at(c) == after.board().piece_at(c))
        .count()
}

/// Whether move `i` uncovers an attack by an unmoved solver slider on an
/// opponent piece (not the king) that a later solver move captures where it stands.
fn uncovers_an_attack_that_wins(r: &Replay, i: usize) -> bool {
    let (before, after) = (&r.pos[i], &r.pos[i + 1]);
    let from = r.moves[i].from();
    let board = after.board();
    let sliders =
        board.by_color(r.solver) & (board.rooks_and_queens() | board.bishops_and_queens());
    for s in sliders {
        if before.board().piece_at(s) != board.piece_at(s) {
            continue; // the moved piece itself
        }
        let newly = attacks_from(after, s)
            & !attacks_from(before, s)
            & board.by_color(r.opp())
            & !board.kings();
        for target in newly {
            if between(s, target).contains(from) && later_capture(r, i, target) {
                return true;
            }
        }
    }
    false
}

fn later_capture(r: &Replay, i: usize, sq: Square) -> bool {
    r.solver_moves()
        .filter(|&j| j > i)
        .any(|j| r.moves[j].to() == sq && captured(&r.pos[j], r.moves[j]).is_some())
}

pub(super) fn tag(r: &Replay, out: &mut Vec<Theme>) {
    for i in r.solver_moves() {
        let after = &r.pos[i + 1];
        if after.checkers().count() >= 2 {
            out.push(Theme::DoubleCheck);
        }
        if uncovered_checkers(r, i) > 0 {
            out.push(Theme::DiscoveredCheck);
            out.push(Theme::DiscoveredAttack);
            let until = (i + 4).min(r.pos.len() - 1);
            if r.balance(until) - r.balance(i) >= 2 && !r.pos[until].is_checkmate() {
                out.push(Theme::DiscoveredCheckWin);
            }
        } else if uncovers_an_attack_that_wins(r, i) {
            out.push(Theme::DiscoveredAttack);
        }
    }
}
