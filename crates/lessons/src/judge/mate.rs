//! A small mate solver for mate-in-n steps (n ≤ 3 learner moves): does a move
//! force mate, which defence lasts longest, which defence refutes a move.
//! Plain depth-first search with early exits; mate in 3 from a lesson position
//! takes milliseconds (docs/LESSONS.md, the judge bench).

use guoxiang_core::{Move, Position};

/// Whether the side to move in `pos` mates within `n` of its own moves, whatever
/// the defence.
pub(crate) fn mates_within(pos: &Position, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    let moves = pos.legal_moves();
    if moves.iter().any(|&m| pos.after(m).is_checkmate()) {
        return true;
    }
    n > 1 && moves.iter().any(|&m| forced(&pos.after(m), n - 1))
}

/// Whether, with the defender to move in `pos`, the attacker mates within `n`
/// more moves whatever the defence (`n` = 0: only if the defender is mated now).
pub(crate) fn forced(pos: &Position, n: u32) -> bool {
    if pos.is_checkmate() {
        return true;
    }
    let replies = pos.legal_moves();
    !replies.is_empty() && n > 0 && replies.iter().all(|&r| mates_within(&pos.after(r), n))
}

/// After the defender's reply `r` in `pos`, in how few moves (1..=n) the attacker
/// mates; `None` when not within `n`.
fn distance_after(pos: &Position, r: Move, n: u32) -> Option<u32> {
    let next = pos.after(r);
    (1..=n).find(|&d| mates_within(&next, d))
}

/// The defender's longest defences in `pos` (defender to move, the attacker
/// mating within `n`): the replies after which the mate takes longest, in core
/// move order.
pub(crate) fn longest_defences(pos: &Position, n: u32) -> Vec<Move> {
    let scored: Vec<(Move, u32)> = pos
        .legal_moves()
        .iter()
        .map(|&r| (r, distance_after(pos, r, n).unwrap_or(u32::MAX)))
        .collect();
    let longest = scored.iter().map(|&(_, d)| d).max().unwrap_or(0);
    scored
        .into_iter()
        .filter(|&(_, d)| d == longest)
        .map(|(r, _)| r)
        .collect()
}

/// A defence against mate within `n` in `pos` (defender to move): the first reply
/// in core order after which the attacker has no mate within `n`.
pub(crate) fn refutation(pos: &Position, n: u32) -> Option<Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .find(|&r| !mates_within(&pos.after(r), n))
}

/// A move that mates as fast as possible within `n` (the first in core order
/// among the fastest), for hints.
pub(crate) fn mating_move(pos: &Position, n: u32) -> Option<Move> {
    let moves = pos.legal_moves();
    (1..=n).find_map(|d| {
        moves
            .iter()
            .copied()
            .find(|&m| forced(&pos.after(m), d - 1))
    })
}
