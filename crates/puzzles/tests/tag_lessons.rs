//! The tagger against the course: every worked line of a lesson that teaches a
//! tactic or a mate (its steps' solutions, played from the step's position) is
//! tagged with that lesson's drill theme — the positions our own teachers wrote
//! for the idea are recognised as the idea.

use guoxiang_core::{Move, Position};
use guoxiang_lessons::{Course, Goal as StepGoal};
use guoxiang_puzzles::tagger::{tag, TagInput};
use guoxiang_puzzles::{drills, Goal, Theme};

/// Each worked line of `lesson`: the themes of its first solution.
fn lines(lesson: &str) -> Vec<(usize, String, Vec<Theme>)> {
    let course = Course::builtin();
    let lesson = course
        .lessons
        .iter()
        .find(|l| l.id == lesson)
        .expect("lesson");
    let mut out = Vec::new();
    for (i, step) in lesson.steps.iter().enumerate() {
        let (Some(fen), Some(solution)) = (&step.fen, step.solutions.first()) else {
            continue;
        };
        let start = Position::from_fen(fen).expect("lesson FEN");
        let mut p = start.clone();
        let mut moves = Vec::new();
        for u in solution {
            let m = p.parse_uci(u).expect("lesson move");
            p = p.after(m);
            moves.push(m);
        }
        let goal = match step.goal {
            StepGoal::Perpetual | StepGoal::Stalemate => Goal::Draw,
            _ if p.is_stalemate() => Goal::Draw,
            _ if p.is_checkmate() => Goal::Mate(moves.len().div_ceil(2) as u8),
            _ => Goal::Win,
        };
        let themes = tag(&TagInput {
            before: &start,
            mistake: Move::NULL,
            start: &start,
            line: &moves,
            goal,
        });
        out.push((i + 1, solution.join(" "), themes));
    }
    out
}

/// The lessons whose every worked line shows the idea the lesson drills.
const ALL_LINES: [&str; 14] = [
    "promotion",
    "checkmate",
    "two-rooks-mate",
    "mate-queen-rook",
    "mate-queen-bishop",
    "mate-queen-knight",
    "mate-in-two",
    "discovered-check",
    "chou-jiang",
    "perpetual-check",
    "pins",
    "counter-pin",
    "forks",
    "protect-a-piece",
];

#[test]
fn every_worked_line_of_a_tactics_or_mates_lesson_shows_the_lessons_theme() {
    for id in ALL_LINES {
        let want = drills::lesson_drill(id);
        let lines = lines(id);
        assert!(!lines.is_empty(), "{id} has no worked line");
        for (step, line, themes) in lines {
            assert!(
                want.iter().any(|t| themes.contains(t)),
                "{id} step {step} [{line}]: {themes:?} has none of {want:?}"
            );
        }
    }
}

#[test]
fn every_checking_line_of_the_double_check_lesson_is_a_double_check() {
    // The lesson also has the learner answer a double check (a king move): not a tactic.
    let mut checks = 0;
    for (step, line, themes) in lines("double-check") {
        if themes.contains(&Theme::DiscoveredCheck) {
            checks += 1;
            assert!(
                themes.contains(&Theme::DoubleCheck),
                "step {step} [{line}]: {themes:?}"
            );
        }
    }
    assert!(checks >= 2);
}

#[test]
fn the_mate_lessons_lines_are_tagged_with_their_length() {
    for (step, line, themes) in lines("mate-in-two") {
        assert!(
            themes.contains(&Theme::MateIn2),
            "step {step} [{line}]: {themes:?}"
        );
    }
    for (step, line, themes) in lines("checkmate") {
        assert!(
            themes.contains(&Theme::MateIn1),
            "step {step} [{line}]: {themes:?}"
        );
    }
}

/// Prints every worked line of every drilled lesson with its themes
/// (`cargo test -p guoxiang-puzzles --test tag_lessons -- --ignored --nocapture`).
#[test]
#[ignore]
fn print_the_lessons_lines() {
    for (id, want) in drills::ALL {
        for (step, line, themes) in lines(id) {
            let hit = want.iter().any(|t| themes.contains(t));
            println!(
                "{id} step {step} [{line}] {} {themes:?}",
                if hit { "HIT" } else { "MISS" }
            );
        }
    }
}
