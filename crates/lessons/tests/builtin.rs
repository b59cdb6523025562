//! The embedded course loads, and every solution of every step replays through
//! the judge (with zero or more lesson files present).

use guoxiang_lessons::{judge, Course, Verdict};

#[test]
fn the_builtin_course_loads_and_every_solution_replays() {
    let course = Course::builtin();
    let keys: Vec<&str> = course.stages.iter().map(|s| s.key.as_str()).collect();
    assert_eq!(
        keys,
        ["basics", "special", "check", "mates", "opening", "tactics", "rules", "openings"]
    );
    for lesson in &course.lessons {
        for (n, step) in lesson.steps.iter().enumerate() {
            for line in &step.solutions {
                let mut accepted: Vec<String> = Vec::new();
                let mut last = None;
                let mut i = 0;
                while i < line.len() {
                    let j = judge(step, &accepted, &line[i])
                        .unwrap_or_else(|e| panic!("{} step {}: {e}", lesson.id, n + 1));
                    assert!(
                        matches!(j.verdict, Verdict::Continue | Verdict::Done),
                        "{} step {}: {line:?}",
                        lesson.id,
                        n + 1
                    );
                    accepted = j.accepted.clone();
                    i += if j.reply.is_some() { 2 } else { 1 };
                    last = Some(j.verdict);
                }
                assert_eq!(
                    last,
                    Some(Verdict::Done),
                    "{} step {}: {line:?}",
                    lesson.id,
                    n + 1
                );
            }
        }
    }
}

#[test]
fn every_embedded_file_is_in_the_course() {
    let files = Course::builtin_files();
    let lessons = files
        .iter()
        .filter(|(n, _)| *n != guoxiang_lessons::STAGES_FILE)
        .count();
    assert_eq!(Course::builtin().lessons.len(), lessons);
}
