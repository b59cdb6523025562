//! # guoxiang-lessons
//!
//! The beginner course as data: one TOML file per lesson under `data/`, embedded
//! at build time ([`Course::builtin`]), checked by a loader whose errors name the
//! file, the step and the problem ([`LoadError`]), and played with a stateless
//! [`judge`] that checks each learner move against the step's [`Goal`] with the
//! rules core and says why a wrong move is wrong ([`WhyCode`]). docs/LESSONS.md
//! describes the format for authors.
//!
//! ```
//! use guoxiang_lessons::Course;
//! let course = Course::builtin();
//! assert_eq!(course.stages[0].key, "basics");
//! ```

mod course;
mod error;
mod format;
pub mod judge;
mod texts;
mod validate;

pub use course::{Course, STAGES_FILE};
pub use error::{LoadError, Problem};
pub use format::{Choice, Goal, Lesson, PromotionPiece, Side, Stage, Step, Way, WrongMove};
pub use judge::{hint, judge, JudgeError, Judged, Played, Verdict, Why, WhyCode};
pub use texts::Texts;
