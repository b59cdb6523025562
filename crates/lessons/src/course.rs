//! [`Course`]: the stages and lessons, read from TOML files — the embedded ones
//! ([`Course::builtin`]), a directory, or files given in memory — and checked.

use crate::validate;
use crate::{Goal, Lesson, LoadError, Problem, Stage};
use serde::Deserialize;
use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/files.rs"));
}

/// The name of the stages file.
pub const STAGES_FILE: &str = "stages.toml";

/// The whole course: stages in map order, lessons in course order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Course {
    pub stages: Vec<Stage>,
    pub lessons: Vec<Lesson>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StagesFile {
    #[serde(default)]
    stages: Vec<Stage>,
}

impl Course {
    /// The course embedded at build time (every `data/*.toml`), read once.
    ///
    /// # Panics
    /// Only if an embedded file is invalid; the crate's test
    /// `the_builtin_course_loads_and_every_solution_replays` proves none is.
    pub fn builtin() -> &'static Course {
        static COURSE: OnceLock<Course> = OnceLock::new();
        COURSE.get_or_init(|| match Course::check(embedded::FILES) {
            Ok(c) => c,
            Err(errors) => panic!("the embedded lessons are invalid:\n{}", join(&errors)),
        })
    }

    /// The embedded files, (name, text), sorted by name.
    pub fn builtin_files() -> &'static [(&'static str, &'static str)] {
        embedded::FILES
    }

    /// Reads `stages.toml` and every `*.toml` lesson file of `dir`; the first error.
    pub fn load_dir(dir: &Path) -> Result<Course, LoadError> {
        Course::check_dir(dir).map_err(first)
    }

    /// Like [`Course::load_dir`], with every error.
    pub fn check_dir(dir: &Path) -> Result<Course, Vec<LoadError>> {
        let io = |file: String, e: std::io::Error| {
            vec![LoadError {
                file,
                step: None,
                problem: Problem::Io(e.to_string()),
            }]
        };
        let entries = std::fs::read_dir(dir).map_err(|e| io(dir.display().to_string(), e))?;
        let mut files = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|e| io(dir.display().to_string(), e))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".toml") {
                let text =
                    std::fs::read_to_string(entry.path()).map_err(|e| io(name.clone(), e))?;
                files.push((name, text));
            }
        }
        files.sort();
        let borrowed: Vec<(&str, &str)> = files
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_str()))
            .collect();
        Course::check(&borrowed)
    }

    /// Reads lesson files given as (file name, text); `stages.toml` among them
    /// gives the stages (else the embedded one does). The first error.
    ///
    /// ```
    /// use guoxiang_lessons::Course;
    /// let err = Course::parse_files(&[("1-x.toml", "")]).unwrap_err();
    /// assert!(err.to_string().starts_with("1-x.toml: the file name must be NN-id.toml"));
    /// assert!(Course::parse_files(&[]).unwrap().lessons.is_empty());
    /// ```
    pub fn parse_files(files: &[(&str, &str)]) -> Result<Course, LoadError> {
        Course::check(files).map_err(first)
    }

    /// Like [`Course::parse_files`], with every error of every file.
    pub fn check(files: &[(&str, &str)]) -> Result<Course, Vec<LoadError>> {
        let stages_text = files
            .iter()
            .chain(embedded::FILES)
            .find(|(n, _)| *n == STAGES_FILE)
            .map(|(_, t)| *t);
        let stages = match stages_text {
            Some(text) => stages(text).map_err(|p| vec![at_file(STAGES_FILE, p)])?,
            None => return Err(vec![at_file(STAGES_FILE, Problem::NoStages)]),
        };
        let mut errors = Vec::new();
        let mut lessons: Vec<(String, Lesson)> = Vec::new();
        for (name, text) in files.iter().filter(|(n, _)| *n != STAGES_FILE) {
            if validate::name_parts(name).is_none() {
                errors.push(at_file(name, Problem::FileName));
                continue;
            }
            match read_lesson(name, text) {
                Err(e) => errors.push(e),
                Ok(mut lesson) => {
                    let problems = validate::lesson(name, &mut lesson, &stages);
                    if problems.is_empty() {
                        lessons.push((name.to_string(), lesson));
                    } else {
                        errors.extend(problems);
                    }
                }
            }
        }
        let mut ids: HashMap<&str, &str> = HashMap::new();
        let mut orders: HashMap<u32, &str> = HashMap::new();
        for (name, l) in &lessons {
            if let Some(other) = ids.insert(&l.id, name) {
                errors.push(at_file(
                    name,
                    Problem::DuplicateId {
                        id: l.id.clone(),
                        other: other.to_owned(),
                    },
                ));
            }
            if let Some(other) = orders.insert(l.order, name) {
                errors.push(at_file(
                    name,
                    Problem::DuplicateOrder {
                        order: l.order,
                        other: other.to_owned(),
                    },
                ));
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut lessons: Vec<Lesson> = lessons.into_iter().map(|(_, l)| l).collect();
        lessons.sort_by_key(|l| l.order);
        Ok(Course { stages, lessons })
    }

    /// The lesson with this id.
    pub fn lesson(&self, id: &str) -> Option<&Lesson> {
        self.lessons.iter().find(|l| l.id == id)
    }
}

fn at_file(file: &str, problem: Problem) -> LoadError {
    LoadError {
        file: file.to_owned(),
        step: None,
        problem,
    }
}

fn first(mut errors: Vec<LoadError>) -> LoadError {
    // `check` returns `Err` only with at least one error.
    errors.swap_remove(0)
}

fn join(errors: &[LoadError]) -> String {
    errors
        .iter()
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The stages of `stages.toml`.
fn stages(text: &str) -> Result<Vec<Stage>, Problem> {
    let file: StagesFile = toml::from_str(text).map_err(|e| Problem::Toml(e.to_string()))?;
    if file.stages.is_empty() {
        return Err(Problem::NoStages);
    }
    for (i, s) in file.stages.iter().enumerate() {
        if file.stages[..i].iter().any(|o| o.key == s.key) {
            return Err(Problem::DuplicateStage(s.key.clone()));
        }
        if let Some(p) = validate::texts(&format!("stages[{}].title", i + 1), &s.title) {
            return Err(p);
        }
    }
    Ok(file.stages)
}

/// One lesson file read with serde, after its goals are checked by name (so an
/// unknown goal names its step).
fn read_lesson(name: &str, text: &str) -> Result<Lesson, LoadError> {
    let table: toml::Table =
        toml::from_str(text).map_err(|e| at_file(name, Problem::Toml(e.to_string())))?;
    if let Some(toml::Value::Array(steps)) = table.get("steps") {
        for (i, step) in steps.iter().enumerate() {
            let problem = match step.get("goal") {
                None => Some(Problem::MissingGoal),
                Some(toml::Value::String(g)) if Goal::from_code(g).is_none() => {
                    Some(Problem::UnknownGoal {
                        goal: g.clone(),
                        known: Goal::ALL
                            .iter()
                            .map(|g| g.code())
                            .collect::<Vec<_>>()
                            .join(", "),
                    })
                }
                _ => None,
            };
            if let Some(problem) = problem {
                return Err(LoadError {
                    file: name.to_owned(),
                    step: Some(i + 1),
                    problem,
                });
            }
        }
    }
    toml::from_str::<Lesson>(text).map_err(|e| at_file(name, Problem::Toml(e.to_string())))
}
