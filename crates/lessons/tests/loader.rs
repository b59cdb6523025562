//! The loader refuses each kind of mistake with an error naming the file, the
//! step and the problem.

mod common;
use common::{course, lesson_file, refused, task, TEXT};
use guoxiang_lessons::{Course, Problem};

const ROOK: &str = "7k/8/8/8/8/8/4K3/R7 w - - 0 1";

#[test]
fn bad_toml_is_refused_with_its_line() {
    let e = Course::parse_files(&[("01-demo.toml", "id = \"demo\"\norder = = 1\n")]).unwrap_err();
    assert_eq!(e.file, "01-demo.toml");
    assert!(
        matches!(&e.problem, Problem::Toml(m) if m.contains("line 2")),
        "{e}"
    );
}

#[test]
fn an_unknown_goal_names_its_step() {
    let steps = format!(
        "{}[[steps]]\ngoal = \"reeach\"\n{TEXT}\n",
        task("check", ROOK, "solutions = [[\"a1a8\"]]")
    );
    let e = refused(&steps);
    assert_eq!(e.step, Some(2));
    assert!(matches!(&e.problem, Problem::UnknownGoal { goal, .. } if goal == "reeach"));
    assert!(
        e.to_string()
            .starts_with("01-demo.toml, step 2: unknown goal \"reeach\""),
        "{e}"
    );
}

#[test]
fn the_file_name_must_agree_with_the_id_and_the_order() {
    let text = lesson_file(&task("check", ROOK, "solutions = [[\"a1a8\"]]"));
    let e = Course::parse_files(&[("02-demo.toml", &text)]).unwrap_err();
    assert_eq!(
        e.problem,
        Problem::OrderMismatch {
            in_name: 2,
            in_file: 1
        }
    );
    let e = Course::parse_files(&[("01-other.toml", &text)]).unwrap_err();
    assert!(matches!(e.problem, Problem::IdMismatch { .. }), "{e}");
    let e = Course::parse_files(&[("01_demo.toml", &text)]).unwrap_err();
    assert_eq!(e.problem, Problem::FileName);
}

#[test]
fn two_lessons_may_not_share_an_id_or_an_order() {
    let one = lesson_file(&task("check", ROOK, "solutions = [[\"a1a8\"]]"));
    let same_order = one.replace("id = \"demo\"", "id = \"other\"");
    let e =
        Course::parse_files(&[("01-demo.toml", &one), ("01-other.toml", &same_order)]).unwrap_err();
    assert!(
        matches!(e.problem, Problem::DuplicateOrder { order: 1, .. }),
        "{e}"
    );
    let same_id = one.replace("order = 1", "order = 2");
    let e = Course::parse_files(&[("01-demo.toml", &one), ("02-demo.toml", &same_id)]).unwrap_err();
    assert!(matches!(e.problem, Problem::DuplicateId { .. }), "{e}");
}

#[test]
fn an_unknown_stage_is_refused() {
    let text = lesson_file(&task("check", ROOK, "solutions = [[\"a1a8\"]]"))
        .replace("\"basics\"", "\"basix\"");
    let e = Course::parse_files(&[("01-demo.toml", &text)]).unwrap_err();
    assert!(
        matches!(&e.problem, Problem::UnknownStage { stage, .. } if stage == "basix"),
        "{e}"
    );
}

#[test]
fn a_missing_or_empty_translation_names_the_field_and_the_language() {
    let text = lesson_file(&task("check", ROOK, "solutions = [[\"a1a8\"]]"))
        .replace("zh-TW = \"示範\", ", "");
    let e = Course::parse_files(&[("01-demo.toml", &text)]).unwrap_err();
    assert_eq!(
        e.problem,
        Problem::MissingText {
            field: "title".into(),
            lang: "zh-TW"
        }
    );
    let steps = task("check", ROOK, "solutions = [[\"a1a8\"]]")
        .replace("en = \"Make a move\"", "en = \" \"");
    let e = refused(&steps);
    assert_eq!(
        (e.step, e.problem),
        (
            Some(1),
            Problem::MissingText {
                field: "text".into(),
                lang: "en"
            }
        )
    );
}

#[test]
fn a_bad_fen_is_refused_with_the_cores_error() {
    let e = refused(&task(
        "check",
        "8/8/8/8/8/8/8/R3K3 w - - 0 1",
        "solutions = [[\"a1a8\"]]",
    ));
    assert_eq!(e.step, Some(1));
    assert!(
        matches!(&e.problem, Problem::BadFen { error, .. } if error.contains("king")),
        "{e}"
    );
}

#[test]
fn an_illegal_solution_move_names_the_solution_the_move_and_the_reason() {
    let e = refused(&task(
        "reach",
        ROOK,
        "targets = [\"d5\"]\nsolutions = [[\"a1d1\", \"d1d5\"], [\"a1a5\", \"a5e6\"]]",
    ));
    assert!(
        matches!(&e.problem, Problem::IllegalSolutionMove { solution: 2, ply: 2, uci, .. } if uci == "a5e6"),
        "{e}"
    );
    assert!(
        e.to_string()
            .contains("solution 2, move 2 (a5e6): illegal: The rook"),
        "{e}"
    );
}

#[test]
fn a_solution_that_does_not_reach_its_goal_is_refused() {
    let e = refused(&task(
        "reach",
        ROOK,
        "targets = [\"d5\", \"h5\"]\nsolutions = [[\"a1d1\", \"d1d5\"]]",
    ));
    assert_eq!(e.problem, Problem::GoalNotReached { solution: 1 });
    let e = refused(&task("check", ROOK, "solutions = [[\"a1a2\"]]"));
    assert!(
        matches!(&e.problem, Problem::WrongSolutionMove { why, .. } if why == "not_check"),
        "{e}"
    );
    let e = refused(&task(
        "reach",
        ROOK,
        "targets = [\"d1\"]\nsolutions = [[\"a1d1\", \"d1d5\"]]",
    ));
    assert_eq!(
        e.problem,
        Problem::TooLong {
            solution: 1,
            ply: 1
        }
    );
}

#[test]
fn a_solution_whose_defence_the_judge_would_not_play_is_refused() {
    let two_rooks = "7k/8/8/2p5/8/8/1R6/R3K3 w - - 0 1";
    let ok = course(&task(
        "mate",
        two_rooks,
        "mate_in = 2\nsolutions = [[\"a1a7\", \"c5c4\", \"b2b8\"], [\"a1a7\", \"h8g8\", \"b2b8\"]]",
    ));
    let e = ok.unwrap_err();
    assert!(
        matches!(&e.problem, Problem::OtherReply { solution: 2, ply: 2, got, .. } if got == "c5c4"),
        "{e}"
    );
}

#[test]
fn a_quiz_needs_exactly_one_correct_choice() {
    let quiz = format!(
        "[[steps]]\ngoal = \"quiz\"\n{TEXT}\n{c}{c}",
        c = "[[steps.choices]]\ncorrect = true\ntext = { zh-CN = \"对\", zh-TW = \"對\", en = \"Yes\" }\nwhy = { zh-CN = \"对\", zh-TW = \"對\", en = \"Yes\" }\n"
    );
    let e = refused(&quiz);
    assert_eq!(
        e.problem,
        Problem::Choices {
            count: 2,
            correct: 2
        }
    );
    let one = quiz.replacen("correct = true", "correct = false", 1);
    assert!(course(&one).is_ok());
}

#[test]
fn a_reach_step_needs_its_targets_and_other_goals_take_none() {
    let e = refused(&task("reach", ROOK, "solutions = [[\"a1d1\"]]"));
    assert_eq!(e.problem, Problem::NoTargets);
    let e = refused(&task(
        "check",
        ROOK,
        "targets = [\"a8\"]\nsolutions = [[\"a1a8\"]]",
    ));
    assert_eq!(
        e.problem,
        Problem::NotForGoal {
            field: "targets",
            goal: "check"
        }
    );
    let e = refused(&task(
        "reach",
        ROOK,
        "targets = [\"z9\"]\nsolutions = [[\"a1d1\"]]",
    ));
    assert!(
        matches!(
            e.problem,
            Problem::BadSquare {
                field: "targets",
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn a_task_needs_a_position_and_a_solution() {
    let e = refused(&format!(
        "[[steps]]\ngoal = \"check\"\nsolutions = [[\"a1a8\"]]\n{TEXT}\n"
    ));
    assert_eq!(e.problem, Problem::MissingFen { goal: "check" });
    let e = refused(&task("check", ROOK, ""));
    assert_eq!(e.problem, Problem::NoSolutions { goal: "check" });
    let e = refused(&task("escape", ROOK, "solutions = [[\"a1a8\"]]"));
    assert_eq!(e.problem, Problem::NotInCheck);
    let e = refused(&task("mate", ROOK, "mate_in = 5\nsolutions = [[\"a1a8\"]]"));
    assert!(
        matches!(
            e.problem,
            Problem::OutOfRange {
                field: "mate_in",
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn a_wrong_entry_must_be_a_legal_move_the_judge_refuses() {
    let wrong = |uci: &str| {
        format!("solutions = [[\"a1a8\"]]\n[[steps.wrong]]\nuci = \"{uci}\"\ntext = {{ zh-CN = \"不对\", zh-TW = \"不對\", en = \"No\" }}")
    };
    let e = refused(&task("check", ROOK, &wrong("a1b2")));
    assert!(matches!(e.problem, Problem::BadWrong { .. }), "{e}");
    let e = refused(&task("check", ROOK, &wrong("a1a8")));
    assert!(matches!(e.problem, Problem::WrongIsRight { .. }), "{e}");
}

#[test]
fn every_problem_of_a_course_is_reported_at_once() {
    let bad1 = lesson_file(&task("check", ROOK, "solutions = [[\"a1a2\"]]"));
    let bad2 = lesson_file(&task("reach", ROOK, "solutions = [[\"a1d1\"]]"))
        .replace("order = 1", "order = 2")
        .replace("\"demo\"", "\"two\"");
    let errors = Course::check(&[("01-demo.toml", &bad1), ("02-two.toml", &bad2)]).unwrap_err();
    assert_eq!(errors.len(), 2, "{errors:?}");
}

#[test]
fn a_lesson_directory_loads_like_the_same_files_in_memory() {
    let dir = std::env::temp_dir().join(format!("gx-lessons-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = lesson_file(&task("check", ROOK, "solutions = [[\"a1a8\"]]"));
    std::fs::write(dir.join("01-demo.toml"), &text).unwrap();
    let from_dir = Course::load_dir(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        from_dir.unwrap(),
        Course::parse_files(&[("01-demo.toml", &text)]).unwrap()
    );
}
