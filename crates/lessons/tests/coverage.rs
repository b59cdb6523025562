//! The finished course covers the contract's table (issue 16): every lesson 01–48
//! with its id and stage, at least 40 lessons, each of 4 to 10 steps with at
//! least two tasks on the board, and every opening lesson titled with the
//! catalogue's Chinese name of its opening (`opening.<key>`), so that lessons
//! and the game page agree. (Add as crates/lessons/tests/coverage.rs.)

use guoxiang_i18n::{message, Lang};
use guoxiang_lessons::Course;

/// The contract's course table: order, id, stage.
const COURSE: [(u32, &str, &str); 48] = [
    (1, "board", "basics"),
    (2, "pieces", "basics"),
    (3, "rook", "basics"),
    (4, "bishop", "basics"),
    (5, "queen", "basics"),
    (6, "king", "basics"),
    (7, "knight", "basics"),
    (8, "pawn", "basics"),
    (9, "castling", "special"),
    (10, "en-passant", "special"),
    (11, "promotion", "special"),
    (12, "piece-values", "special"),
    (13, "check", "check"),
    (14, "out-of-check", "check"),
    (15, "checkmate", "check"),
    (16, "stalemate", "check"),
    (17, "two-rooks-mate", "mates"),
    (18, "queen-mate", "mates"),
    (19, "mate-queen-rook", "mates"),
    (20, "mate-queen-bishop", "mates"),
    (21, "mate-queen-knight", "mates"),
    (22, "mate-in-two", "mates"),
    (23, "opening-principles", "opening"),
    (24, "queens-pawn", "opening"),
    (25, "discovered-check", "tactics"),
    (26, "double-check", "tactics"),
    (27, "chou-jiang", "tactics"),
    (28, "perpetual-check", "tactics"),
    (29, "pins", "tactics"),
    (30, "counter-pin", "tactics"),
    (31, "forks", "tactics"),
    (32, "protect-a-piece", "tactics"),
    (33, "promotion-race", "tactics"),
    (34, "draws", "rules"),
    (35, "clock", "rules"),
    (36, "touch-move", "rules"),
    (37, "notation-reading", "rules"),
    (38, "notation-writing", "rules"),
    (39, "italian-game", "openings"),
    (40, "ruy-lopez", "openings"),
    (41, "scotch-game", "openings"),
    (42, "petrov-defence", "openings"),
    (43, "scandinavian-defence", "openings"),
    (44, "sicilian-defence", "openings"),
    (45, "french-defence", "openings"),
    (46, "hungarian-defence", "openings"),
    (47, "dutch-defence", "openings"),
    (48, "english-opening", "openings"),
];

#[test]
fn every_lesson_of_the_course_table_is_there_with_its_stage() {
    let course = Course::builtin();
    let missing: Vec<String> = COURSE
        .iter()
        .filter(|(order, id, stage)| {
            !course
                .lesson(id)
                .is_some_and(|l| l.order == *order && l.stage == *stage)
        })
        .map(|(order, id, stage)| format!("{order:02}-{id} ({stage})"))
        .collect();
    assert!(missing.is_empty(), "missing or misplaced: {missing:?}");
}

#[test]
fn the_course_has_at_least_forty_lessons() {
    let n = Course::builtin().lessons.len();
    assert!(n >= 40, "only {n} lessons");
}

#[test]
fn each_lesson_has_four_to_ten_steps_with_at_least_two_board_tasks() {
    let bad: Vec<String> = Course::builtin()
        .lessons
        .iter()
        .filter_map(|l| {
            let steps = l.steps.len();
            let tasks = l.steps.iter().filter(|s| s.goal.is_task()).count();
            (!(4..=10).contains(&steps) || tasks < 2)
                .then(|| format!("{}: {steps} steps, {tasks} board tasks", l.id))
        })
        .collect();
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn every_opening_lesson_is_titled_with_the_catalogues_chinese_name() {
    let course = Course::builtin();
    let mut bad = Vec::new();
    for (_, id, _) in COURSE.iter().filter(|(_, _, stage)| *stage == "openings") {
        let Some(lesson) = course.lesson(id) else {
            bad.push(format!("{id}: missing"));
            continue;
        };
        let key = format!("opening.{}", id.replace('-', "_"));
        for lang in [Lang::ZhCn, Lang::ZhTw] {
            let name = message(lang, &key, &[]);
            assert_ne!(name, key, "the catalogue has no {key}");
            let title = lesson.title.get(lang);
            if !title.contains(&name) {
                bad.push(format!("{id} {}: {title:?} lacks {name:?}", lang.tag()));
            }
        }
    }
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn every_opening_lesson_plays_its_moves_and_a_trap() {
    use guoxiang_lessons::Goal;
    let course = Course::builtin();
    for (_, id, _) in COURSE.iter().filter(|(_, _, stage)| *stage == "openings") {
        if let Some(lesson) = course.lesson(id) {
            let lines = lesson.steps.iter().filter(|s| s.goal == Goal::Line).count();
            let traps = lesson
                .steps
                .iter()
                .filter(|s| matches!(s.goal, Goal::Line | Goal::Mate))
                .count();
            assert!(
                lines >= 1 && traps >= 2,
                "{id}: {lines} line tasks, {traps} line or mate tasks"
            );
        }
    }
}
