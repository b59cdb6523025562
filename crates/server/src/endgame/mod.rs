//! The endgame trainer (issue 15 §4): exercises against perfect defence from
//! the tablebases, with a coach that knows the exact distance to mate.
//!
//! [`exercise`] lists the exercises (key, class, goal, learner, phases);
//! [`phase`] detects the phase of each one's method by simple rules;
//! [`start`] draws start positions by difficulty; [`coach`] judges a move;
//! [`over`] says when a game ended; [`play`] plays a turn and gives hints;
//! [`tables`] opens the tables and generates missing ones in the background.
//! Everything here returns codes; the page words them (`ui.eg.*`).

pub mod coach;
pub mod error;
pub mod exercise;
pub mod over;
pub mod phase;
pub mod play;
pub mod start;
pub mod tables;

pub use coach::{Verdict, VerdictKind, Why};
pub use error::TrainerError;
pub use exercise::{Exercise, Goal, NotThisExercise};
pub use over::{ending, Ending, LearnerResult};
pub use phase::{phase_of, Phase};
pub use start::Difficulty;
pub use tables::Tables;
