//! Mining one game: a cheap scan of every position (MultiPV 2 at a small node
//! budget) finds the swings — a move after which the other side wins, mates or is
//! saved by a lone drawing move — and only those candidates, and the other moves
//! the level weighed at the same point, go to the only-move rule at N1 nodes.

use guoxiang_core::{Color, Move, Position};

use super::analysis::{Analyst, Lines};
use super::rating::seed_rating;
use super::rule::{balance, solve, MAX_MATE};
use super::score::{centipawns, mate_for, win_chance};
use super::selfplay::PlayedGame;
use super::Config;
use crate::glicko::Rating;
use crate::puzzle::{Proof, SEED_RD, SEED_VOL};
use crate::tagger::{tag, TagInput};
use crate::{Goal, Puzzle, PuzzleId, Source};

/// The solver's W before the mistake, at most, for a win puzzle.
const WIN_BEFORE: f64 = 0.6;

/// Whether the side not to move could hope to save a lost game by a perpetual
/// check (it has a queen) or a stalemate (it has at most three pieces besides pawns).
fn draw_hope(pos: &Position) -> bool {
    let b = pos.board();
    let them = b.by_color(pos.turn().other());
    let queen = (b.queens() & them).any();
    let pieces = (them & !b.pawns()).count();
    queen || pieces <= 3
}

/// Whether a score (mover's side) wins clearly without a mate in sight.
fn winning_not_mating(s: i32) -> bool {
    win_chance(s) >= 0.85 && mate_for(s).is_none()
}

/// Whether the scan says `start` (after `mistake` from `before`) may be a puzzle.
fn worth_solving(before: &Lines, start: &Lines, start_pos: &Position) -> bool {
    let (Some((_, sb)), Some((_, s))) = (before.best(), start.best()) else {
        return false;
    };
    // `sb` is the opponent's score before its move; the solver's is its negation.
    let w_before = win_chance(-sb);
    if let Some(n) = mate_for(s) {
        // A mate the mistake allowed (or made shorter).
        let had = mate_for(-sb).unwrap_or(u32::MAX);
        return n <= MAX_MATE + 1 && n < had;
    }
    let w = win_chance(s);
    let gap = start.second().map_or(1.0, |(_, s2)| w - win_chance(s2));
    if w >= 0.78 && w_before <= WIN_BEFORE + 0.1 && gap >= 0.15 {
        return true;
    }
    let drawish = centipawns(s).is_some_and(|cp| cp.abs() <= 70);
    let lost_else = start.second().is_some_and(|(_, s2)| win_chance(s2) <= 0.3);
    // Down material even after the best move (not a mere recapture).
    let down = start.best().is_some_and(|(m, _)| {
        let after = start_pos.after(m);
        balance(&after, start_pos.turn()) <= -200
    });
    drawish && lost_else && down
}

/// Builds the puzzle from a verified solution.
fn assemble(
    before: &Position,
    mistake: Move,
    start: &Position,
    sol: super::rule::Solution,
    source: Source,
) -> Puzzle {
    let uci: Vec<String> = sol.line.iter().map(|m| m.to_uci()).collect();
    let fen = start.fen();
    let solver_moves = sol.line.len().div_ceil(2) as u32;
    let themes = tag(&TagInput {
        before,
        mistake,
        start,
        line: &sol.line,
        goal: sol.goal,
    });
    Puzzle {
        id: PuzzleId::of(&fen, &uci),
        before: before.clone(),
        mistake,
        start: start.clone(),
        line: sol.line,
        goal: sol.goal,
        themes,
        rating: Rating {
            rating: seed_rating(sol.goal, solver_moves, sol.margin, sol.found),
            rd: SEED_RD,
            vol: SEED_VOL,
        },
        source,
        proof: Proof {
            margin: sol.margin,
            depth: sol.depth,
            found: sol.found,
        },
    }
}

/// Every puzzle of one game. `source(ply)` names the mistake at `ply` (from 1).
pub fn mine_game(
    an: &Analyst,
    cfg: &Config,
    game: &PlayedGame,
    source: &dyn Fn(u16) -> Source,
) -> Vec<Puzzle> {
    let mut positions = Vec::with_capacity(game.moves.len() + 1);
    let mut keys = Vec::with_capacity(game.moves.len() + 1);
    let mut pos = game.start.clone();
    positions.push(pos.clone());
    for m in &game.moves {
        keys.push(pos.zobrist());
        pos.play_unchecked(*m);
        positions.push(pos.clone());
    }
    let scans: Vec<Lines> = positions
        .iter()
        .enumerate()
        .map(|(i, p)| an.analyse(p, &keys[..i], cfg.scan_nodes, 2))
        .collect();
    let mut out: Vec<Puzzle> = Vec::new();
    let mut seen: Vec<u64> = Vec::new();
    for i in 1..positions.len() {
        let before = &positions[i - 1];
        let history = &keys[..i - 1];
        let ply = u16::try_from(i).unwrap_or(u16::MAX);
        let mut tries: Vec<(Move, Position, Option<&Lines>)> =
            vec![(game.moves[i - 1], positions[i].clone(), Some(&scans[i]))];
        // The other moves the level weighed: mistakes it might have made.
        if let Some(others) = game.considered.get(i - 1) {
            for m in others.iter().take(cfg.alternatives) {
                tries.push((*m, before.after(*m), None));
            }
        }
        // Draw hunting: where the mover is winning, its moves that let the other side
        // draw (a perpetual check, a stalemate) — searched without the game's earlier
        // positions, so that only draws the puzzle itself shows count.
        if cfg.draw_probe > 0
            && draw_hope(before)
            && scans[i - 1]
                .best()
                .is_some_and(|(_, s)| winning_not_mating(s))
        {
            for (m, s) in an.analyse(before, &[], cfg.draw_probe, 6).lines {
                // Exactly 0: the search saw a repetition or a stalemate.
                let drawn = s == 0;
                if drawn && tries.iter().all(|t| t.0 != m) {
                    tries.push((m, before.after(m), None));
                }
            }
        }
        for (mistake, start, scan) in tries {
            if seen.contains(&start.zobrist()) {
                continue;
            }
            let own;
            let scan = match scan {
                Some(s) => s,
                None => {
                    own = an.analyse(&start, &[before.zobrist()], cfg.scan_nodes, 2);
                    &own
                }
            };
            if !worth_solving(&scans[i - 1], scan, &start) {
                continue;
            }
            seen.push(start.zobrist());
            // The puzzle is shown from `before`: earlier positions do not count.
            let Some(sol) = solve(an, cfg.n1, &start, &[before.zobrist()]) else {
                continue;
            };
            if sol.goal == Goal::Win && !was_open(an, cfg, before, history, start.turn()) {
                continue;
            }
            out.push(assemble(before, mistake, &start, sol, source(ply)));
        }
    }
    out
}

/// Whether the solver's W before the mistake was at most 0.6 (a search at N1 nodes).
fn was_open(an: &Analyst, cfg: &Config, before: &Position, history: &[u64], solver: Color) -> bool {
    debug_assert_ne!(before.turn(), solver);
    an.analyse(before, history, cfg.n1, 1)
        .best()
        .is_some_and(|(_, s)| win_chance(-s) <= WIN_BEFORE)
}
