//! Small fixture lessons written inline, so the tests do not depend on the
//! course files.
#![allow(dead_code)]

use guoxiang_lessons::{Course, LoadError, Step};

/// A learner text in the three languages.
pub const TEXT: &str = r#"text = { zh-CN = "走一步", zh-TW = "走一步", en = "Make a move" }"#;

/// A lesson file `01-demo.toml` with the given steps (TOML `[[steps]]` blocks).
pub fn lesson_file(steps: &str) -> String {
    format!(
        r#"id = "demo"
order = 1
stage = "basics"
title = {{ zh-CN = "演示", zh-TW = "示範", en = "Demo" }}
summary = {{ zh-CN = "演示", zh-TW = "示範", en = "Demo" }}
{steps}"#
    )
}

/// One task step as a `[[steps]]` block: goal, FEN, the text, then extra lines.
pub fn task(goal: &str, fen: &str, extra: &str) -> String {
    format!("[[steps]]\ngoal = \"{goal}\"\nfen = \"{fen}\"\n{TEXT}\n{extra}\n")
}

/// The course of one fixture lesson with `steps`.
pub fn course(steps: &str) -> Result<Course, LoadError> {
    Course::parse_files(&[("01-demo.toml", &lesson_file(steps))])
}

/// The one step of a valid fixture lesson.
pub fn step(goal: &str, fen: &str, extra: &str) -> Step {
    match course(&task(goal, fen, extra)) {
        Ok(c) => c.lessons[0].steps[0].clone(),
        Err(e) => panic!("fixture does not load: {e}"),
    }
}

/// The error a fixture lesson with `steps` is refused with.
pub fn refused(steps: &str) -> LoadError {
    match course(steps) {
        Ok(_) => panic!("the fixture loads, but it should be refused"),
        Err(e) => e,
    }
}

/// No accepted moves.
pub const NONE: &[&str] = &[];
