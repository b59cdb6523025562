//! The shipped puzzle set read as mistakes to explain: each puzzle's `mistake`,
//! played from `before`, is punished by its solution line — exactly what a review's
//! reply line is. The explanations must agree with what the puzzles are about: the
//! mate and its distance, the perpetual check, the fork, pin and skewer, the piece
//! left hanging; and every text must be complete in every language.

use std::collections::BTreeMap;

use guoxiang_core::Color;
use guoxiang_i18n::Lang;
use guoxiang_puzzles::{Goal, Puzzle, PuzzleSet, Theme};
use guoxiang_review::explain::{explain, Explanation, ExplanationKind, MoveContext};
use guoxiang_review::{Eval, MoveClass};

/// `cp` for `color`, seen from White.
fn white(cp: i32, color: Color) -> i32 {
    if color == Color::White {
        cp
    } else {
        -cp
    }
}

/// The puzzle's mistake explained, with evaluations that match its goal: a mate or
/// a win for the solver after the mistake, or a win thrown away to a draw.
fn explain_puzzle(p: &Puzzle) -> Option<Explanation> {
    let solver = p.start.turn();
    let (before, after) = match p.goal {
        Goal::Mate(n) => (Eval::Cp(0), Eval::Mate(white(i32::from(n), solver))),
        Goal::Win => (Eval::Cp(0), Eval::Cp(white(500, solver))),
        Goal::Draw => (Eval::Cp(white(-500, solver)), Eval::Cp(0)),
    };
    explain(&MoveContext {
        before: &p.before,
        played: p.mistake,
        after: &p.start,
        class: MoveClass::Blunder,
        eval_before: before,
        eval_after: after,
        best: None,
        best_line: &[],
        reply_line: &p.line,
        tables: None,
        history: &[],
    })
}

/// A short name of what was found, for the tally.
fn name(e: &Option<Explanation>) -> String {
    match e.as_ref().map(|e| &e.kind) {
        None => "none".into(),
        Some(ExplanationKind::AllowsTactic { tactic, .. }) => format!("allows {}", tactic.theme()),
        Some(k) => k.code().to_owned(),
    }
}

fn is_tactic(e: &Option<Explanation>, theme: Theme) -> bool {
    matches!(e.as_ref().map(|e| &e.kind), Some(ExplanationKind::AllowsTactic { tactic, .. }) if tactic.theme() == theme)
}

fn is_hangs(e: &Option<Explanation>) -> bool {
    matches!(
        e.as_ref().map(|e| &e.kind),
        Some(ExplanationKind::Hangs { .. })
    )
}

#[test]
fn the_shipped_puzzles_are_explained_by_what_they_are_about() {
    let set = PuzzleSet::builtin();
    let mut tally: BTreeMap<String, usize> = BTreeMap::new();
    let mut faults = Vec::new();
    let mut hanging = (0, 0);
    for p in set.filter(&[], None, None) {
        let e = explain_puzzle(p);
        *tally.entry(name(&e)).or_default() += 1;
        let has = |t: Theme| p.themes.contains(&t);
        let fault = match p.goal {
            Goal::Mate(n) => match e.as_ref().map(|e| &e.kind) {
                Some(ExplanationKind::AllowsMate { mate_in, .. }) if *mate_in == u32::from(n) => {
                    None
                }
                _ => Some("not a mate in its distance"),
            },
            Goal::Draw if has(Theme::PerpetualCheck) => (!matches!(
                e.as_ref().map(|e| &e.kind),
                Some(ExplanationKind::Perpetual { .. })
            ))
            .then_some("not a perpetual check"),
            _ if has(Theme::Fork) && !is_tactic(&e, Theme::Fork) => Some("not a fork"),
            _ if has(Theme::Skewer) && !is_tactic(&e, Theme::Skewer) => Some("not a skewer"),
            _ if has(Theme::Pin) && !is_tactic(&e, Theme::Pin) && !is_hangs(&e) => {
                Some("neither a pin nor a hanging piece")
            }
            _ => None,
        };
        if let Some(f) = fault {
            faults.push(format!("{} {f}: {:?}", p.id.0, e.map(|e| e.kind)));
            continue;
        }
        if has(Theme::HangingPiece) && p.goal == Goal::Win {
            hanging.1 += 1;
            if is_hangs(&e) {
                hanging.0 += 1;
            }
        }
        if let Some(e) = &e {
            for lang in Lang::ALL {
                let text = e.text(lang);
                if text.is_empty() || text.contains('{') || text.contains("review.") {
                    faults.push(format!("{} {lang:?}: {text}", p.id.0));
                }
            }
        }
    }
    println!("{tally:#?}");
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    // A hanging-piece puzzle's first move takes the piece; a few are trades or
    // in-between moves that the exchange count does not call hanging.
    assert!(
        hanging.0 * 10 >= hanging.1 * 9,
        "{} of {} hanging-piece puzzles explained as hanging",
        hanging.0,
        hanging.1
    );
}

/// The puzzle's solver, playing another move than the solution, explained with the
/// solution as the engine's line: what was missed.
fn explain_missed(p: &Puzzle) -> Option<Explanation> {
    let solver = p.start.turn();
    let first = *p.line.first()?;
    let played = p
        .start
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| m != first && !p.start.after(m).is_checkmate())?;
    let after = p.start.after(played);
    let before = match p.goal {
        Goal::Mate(n) => Eval::Mate(white(i32::from(n), solver)),
        Goal::Win => Eval::Cp(white(500, solver)),
        Goal::Draw => Eval::Cp(0),
    };
    explain(&MoveContext {
        before: &p.start,
        played,
        after: &after,
        class: MoveClass::Blunder,
        eval_before: before,
        eval_after: Eval::Cp(white(-100, solver)),
        best: Some(first),
        best_line: &p.line,
        reply_line: &[],
        tables: None,
        history: &[],
    })
}

#[test]
fn another_move_than_the_solution_misses_what_the_puzzle_is_about() {
    let set = PuzzleSet::builtin();
    let mut tally: BTreeMap<&str, usize> = BTreeMap::new();
    let mut faults = Vec::new();
    for p in set.filter(&[], None, None) {
        let e = explain_missed(p);
        let kind = e.as_ref().map(|e| &e.kind);
        *tally
            .entry(kind.map_or("none", ExplanationKind::code))
            .or_default() += 1;
        let has = |t: Theme| p.themes.contains(&t);
        let missed = |t: Theme| matches!(kind, Some(ExplanationKind::MissedTactic { tactic, .. }) if tactic.theme() == t);
        let fault = match p.goal {
            Goal::Mate(n) => match kind {
                Some(ExplanationKind::MissedMate { mate_in, .. }) if *mate_in == u32::from(n) => {
                    None
                }
                // The move played may itself stalemate the opponent.
                Some(ExplanationKind::Stalemate { .. }) => None,
                _ => Some("not a missed mate at its distance"),
            },
            Goal::Win if has(Theme::Fork) && !missed(Theme::Fork) => Some("not a missed fork"),
            Goal::Win if has(Theme::Skewer) && !missed(Theme::Skewer) => {
                Some("not a missed skewer")
            }
            _ => None,
        };
        if let Some(f) = fault {
            faults.push(format!("{} {f}: {kind:?}", p.id.0));
        }
    }
    println!("{tally:#?}");
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}
