//! The only-move rule and the solution line (docs/PUZZLES.md, "Generation").
//!
//! Win chances W(cp) = 1/(1+exp(−0.00368208·cp)) from the solver's side, a mate for
//! the solver = 1, a mate against = 0 ([`super::score`]). Every solver move must be
//! the only good move: searched at N1 nodes with MultiPV 2, the best move is at
//! least 0.30 ahead of the second in W (or the best mates and the second does not),
//! and a search at 4·N1 nodes confirms it (the same best move, the gap still
//! ≥ 0.30). A move with no alternative (one legal move) passes, except as the first.
//! The opponent's moves are the engine's best defence at N1 nodes.
//!
//! * **Mate in n** (n ≤ 5, seen at the start): every solver move mates fastest —
//!   the confirming search gives exactly the mate distance left, and the second
//!   best mates later or not at all; at the last move any mate is accepted (the line
//!   holds one). The line ends in mate.
//! * **Win**: the solver's W was ≤ 0.6 before the mistake (the caller checks it)
//!   and is ≥ 0.75 at the end of the line. The line ends after a solver move: when
//!   the next solver move is not unique, or when the gain is made (after the best
//!   defence the solver is 2 pawns of material or more ahead of the start).
//! * **Draw**: the solver is lost on every other move (W ≤ 0.15) and the only move
//!   holds (score within ±50 cp). The line goes on while the solver's move is unique
//!   and ends with the solver move that reaches a repetition (perpetual check) or a
//!   stalemate (or after which the best defence can only stalemate or repeat); a
//!   line that stops before is kept only if the solver is still 2 pawns or more down
//!   in material at its end (a save, not a recapture). Repetitions count only from
//!   the position before the mistake on: the puzzle is shown from there.

use guoxiang_core::{Color, Move, Position, Role};

use super::analysis::{Analyst, Lines};
use super::score::{centipawns, mate_for, win_chance, MIN_GAP};
use crate::Goal;

/// The longest mate a mate puzzle may have (solver moves).
pub const MAX_MATE: u32 = 5;
/// The most solver moves in a win or draw line.
pub const MAX_SOLVER_MOVES: usize = 8;
/// W at the end of a win line, at least.
pub const WIN_END: f64 = 0.75;
/// W of every other move in a draw puzzle, at most.
pub const LOST: f64 = 0.15;
/// The score of the drawing move, at most this far from 0 (centipawns).
pub const DRAW_CP: i32 = 50;
/// Material gained (centipawns) that ends a win line.
pub const GAIN: i32 = 200;

/// A verified solution.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    pub line: Vec<Move>,
    pub goal: Goal,
    /// The smallest best−second W gap over the solver's moves checked for uniqueness.
    pub margin: f64,
    /// The smallest depth a confirming search reached.
    pub depth: u16,
    /// The largest depth from which an N1 search kept the solution move.
    pub found: u16,
}

/// What the line is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Mate in this many solver moves from the position being solved.
    Mate(u32),
    Win,
    Draw,
}

/// One checked solver move.
struct Step {
    mv: Move,
    /// The confirming search's score of the move.
    score: i32,
    /// The best−second gap (None: the only legal move, or any mate at the last move).
    gap: Option<f64>,
    depth: i32,
    found: i32,
}

/// Material in centipawns (P 100, N 300, B 300, R 500, Q 900) of `color`.
pub fn material(pos: &Position, color: Color) -> i32 {
    let b = pos.board();
    let of = |role: Role| (b.by_role(role) & b.by_color(color)).count() as i32;
    100 * of(Role::Pawn)
        + 300 * (of(Role::Knight) + of(Role::Bishop))
        + 500 * of(Role::Rook)
        + 900 * of(Role::Queen)
}

/// Material of `color` minus its opponent's.
pub fn balance(pos: &Position, color: Color) -> i32 {
    material(pos, color) - material(pos, color.other())
}

/// The gap rule on two lines: `Some(gap)` when the best is clearly the only good move.
fn unique_gap(lines: &Lines, mode: Mode) -> Option<f64> {
    let (_, s1) = lines.best()?;
    let Some((_, s2)) = lines.second() else {
        // One legal move: nothing to choose; the caller decides whether that counts.
        return (lines.legal == 1).then_some(1.0);
    };
    let gap = win_chance(s1) - win_chance(s2);
    match mode {
        Mode::Mate(n) => {
            // Mate against no mate is the widest margin; a slower mate counts as the
            // narrowest allowed.
            let m1 = mate_for(s1)?;
            match mate_for(s2) {
                None if m1 <= n => Some(1.0),
                Some(m2) if m1 <= n && m2 > m1 => Some(MIN_GAP),
                _ => None,
            }
        }
        Mode::Win => {
            let mate_only = mate_for(s1).is_some() && mate_for(s2).is_none();
            if mate_only {
                Some(1.0)
            } else {
                (gap >= MIN_GAP).then_some(gap)
            }
        }
        Mode::Draw => {
            let holds = centipawns(s1).is_some_and(|cp| cp.abs() <= DRAW_CP);
            (holds && win_chance(s2) <= LOST).then_some(gap)
        }
    }
}

/// Any move that mates at once (the first in move order), if there is one.
fn mating_move(pos: &Position) -> Option<Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .find(|m| pos.after(*m).is_checkmate())
}

/// Checks the solver's move in `pos`: the only-move rule at N1, confirmed at 4·N1.
fn solver_step(
    an: &Analyst,
    n1: u64,
    pos: &Position,
    history: &[u64],
    mode: Mode,
    first: bool,
) -> Option<Step> {
    if mode == Mode::Mate(1) {
        // The last move of a mate: any mate is accepted, so none needs to be unique.
        let mv = mating_move(pos)?;
        return Some(Step {
            mv,
            score: guoxiang_engine::search::MATE - 1,
            gap: None,
            depth: 1,
            found: 1,
        });
    }
    let quick = an.analyse(pos, history, n1, 2);
    if quick.legal == 1 {
        let (mv, score) = quick.best()?;
        // A forced move needs no finding, but it cannot be the puzzle's first move.
        return (!first).then_some(Step {
            mv,
            score,
            gap: None,
            depth: quick.depth,
            found: 0,
        });
    }
    let gap1 = unique_gap(&quick, mode)?;
    let deep = an.analyse(pos, history, 4 * n1, 2);
    let gap2 = unique_gap(&deep, mode)?;
    let (mv, score) = deep.best()?;
    if Some(mv) != quick.best().map(|b| b.0) {
        return None;
    }
    if let Mode::Mate(n) = mode {
        // Fastest: the confirmed distance is exactly what is left.
        if mate_for(score) != Some(n) {
            return None;
        }
    }
    Some(Step {
        mv,
        score,
        gap: Some(gap1.min(gap2)),
        depth: deep.depth,
        found: quick.settled,
    })
}

/// The mode a start position asks for, from a search at N1 nodes (MultiPV 2).
fn mode_of(lines: &Lines) -> Option<Mode> {
    let (_, s1) = lines.best()?;
    if let Some(n) = mate_for(s1) {
        return (n <= MAX_MATE).then_some(Mode::Mate(n)).or(Some(Mode::Win));
    }
    if win_chance(s1) >= WIN_END - 0.05 {
        return Some(Mode::Win);
    }
    let drawish = centipawns(s1).is_some_and(|cp| cp.abs() <= DRAW_CP);
    let lost_else = lines.second().is_some_and(|(_, s2)| win_chance(s2) <= LOST);
    (drawish && lost_else).then_some(Mode::Draw)
}

/// Finds and verifies the solution from `start` (the solver to move); `history` holds
/// the zobrist keys of the game's positions before `start`. `None` when the position
/// is no puzzle under the rule.
pub fn solve(an: &Analyst, n1: u64, start: &Position, history: &[u64]) -> Option<Solution> {
    let first = an.analyse(start, history, n1, 2);
    let mode0 = mode_of(&first)?;
    let solver = start.turn();
    let start_balance = balance(start, solver);
    let mut mode = mode0;
    let mut pos = start.clone();
    let mut hist = history.to_vec();
    let mut line: Vec<Move> = Vec::new();
    let (mut margin, mut depth, mut found) = (1.0f64, None::<i32>, 0i32);
    let mut last_score = 0;
    let mut draw_reached = false;
    for k in 0.. {
        if k >= MAX_SOLVER_MOVES {
            break;
        }
        let Some(step) = solver_step(an, n1, &pos, &hist, mode, k == 0) else {
            if k == 0 || matches!(mode, Mode::Mate(_)) {
                return None;
            }
            // The next solver move is not unique: the line ends after the last one.
            line.pop();
            break;
        };
        if let Some(g) = step.gap {
            margin = margin.min(g);
            depth = Some(depth.map_or(step.depth, |d| d.min(step.depth)));
            found = found.max(step.found);
        }
        last_score = step.score;
        hist.push(pos.zobrist());
        pos.play_unchecked(step.mv);
        line.push(step.mv);
        if pos.is_checkmate() {
            break;
        }
        if mode == Mode::Draw && (pos.is_stalemate() || hist.contains(&pos.zobrist())) {
            draw_reached = true;
            break;
        }
        if !pos.has_legal_moves() {
            // Stalemate outside a draw puzzle: no win.
            return None;
        }
        let reply = an.analyse(&pos, &hist, n1, 1).best()?.0;
        let after = pos.after(reply);
        if mode == Mode::Win
            && win_chance(step.score) >= WIN_END
            && balance(&after, solver) >= start_balance + GAIN
        {
            break;
        }
        if mode == Mode::Draw && (after.is_stalemate() || hist.contains(&after.zobrist())) {
            draw_reached = true;
            break;
        }
        hist.push(pos.zobrist());
        pos = after;
        line.push(reply);
        if let Mode::Mate(n) = mode {
            mode = Mode::Mate(n - 1);
        }
    }
    if line.is_empty() || line.len() % 2 == 0 {
        return None;
    }
    let end = {
        let mut p = start.clone();
        line.iter().for_each(|m| p.play_unchecked(*m));
        p
    };
    let solver_moves = line.len().div_ceil(2) as u32;
    let goal = match mode0 {
        Mode::Mate(n) if end.is_checkmate() && solver_moves == n => Goal::Mate(n as u8),
        Mode::Mate(_) => return None,
        Mode::Win if end.is_checkmate() || win_chance(last_score) >= WIN_END => Goal::Win,
        Mode::Win => return None,
        // A draw held by a repetition or a stalemate, or held while still down material.
        Mode::Draw if draw_reached || balance(&end, solver) <= -GAIN => Goal::Draw,
        Mode::Draw => return None,
    };
    Some(Solution {
        line,
        goal,
        margin,
        depth: depth.unwrap_or(first.depth).clamp(0, i32::from(u16::MAX)) as u16,
        found: found.clamp(0, i32::from(u16::MAX)) as u16,
    })
}
