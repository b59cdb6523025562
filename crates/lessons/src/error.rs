//! [`LoadError`]: what is wrong in a lesson file, naming the file, the step
//! (1-based) and the problem ([`Problem`]), so an author can fix it at once.

use crate::Goal;
use core::fmt;

/// A problem in one lesson file (or in `stages.toml`).
///
/// ```
/// use guoxiang_lessons::{LoadError, Problem};
/// let e = LoadError { file: "03-rook.toml".into(), step: Some(2), problem: Problem::NoTargets };
/// assert_eq!(e.to_string(), "03-rook.toml, step 2: a reach step needs `targets` (the squares to land on)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct LoadError {
    /// The file name, such as `03-rook.toml`.
    pub file: String,
    /// The step, 1-based, when the problem is in one.
    pub step: Option<usize>,
    pub problem: Problem,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step {
            Some(n) => write!(f, "{}, step {n}: {}", self.file, self.problem),
            None => write!(f, "{}: {}", self.file, self.problem),
        }
    }
}

/// What is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("cannot read the file: {0}")]
    Io(String),
    #[error("bad TOML: {0}")]
    Toml(String),
    #[error("the file name must be NN-id.toml: two digits (the order), a dash, the id (lowercase letters, digits, dashes)")]
    FileName,
    #[error("the id {in_file:?} differs from the file name's {in_name:?}")]
    IdMismatch { in_name: String, in_file: String },
    #[error("the order {in_file} differs from the file name's {in_name}")]
    OrderMismatch { in_name: u32, in_file: u32 },
    #[error("the id {id:?} is also used by {other}")]
    DuplicateId { id: String, other: String },
    #[error("the order {order} is also used by {other}")]
    DuplicateOrder { order: u32, other: String },
    #[error("unknown stage {stage:?}; the stages are {known}")]
    UnknownStage { stage: String, known: String },
    #[error("the stage {0:?} is listed twice")]
    DuplicateStage(String),
    #[error("no stages: stages.toml needs [[stages]] entries")]
    NoStages,
    #[error("unknown goal {goal:?}; the goals are {known}")]
    UnknownGoal { goal: String, known: String },
    #[error("the step has no `goal`")]
    MissingGoal,
    #[error("{field}: the {lang} text is missing or empty")]
    MissingText { field: String, lang: &'static str },
    #[error("a lesson needs at least one step")]
    NoSteps,
    #[error("a link must be an app path starting with '/', not {0:?}")]
    BadLink(String),
    #[error("a {goal} step needs a `fen` (the learner is the side to move)")]
    MissingFen { goal: &'static str },
    #[error("bad FEN {fen:?}: {error}")]
    BadFen { fen: String, error: String },
    #[error("the position has no legal move: the game is already over")]
    GameOver,
    #[error("an escape step needs a position where the side to move is in check")]
    NotInCheck,
    #[error("{field}: {text:?} is not a square (a1 … h8)")]
    BadSquare { field: &'static str, text: String },
    #[error("arrows: {0:?} is not a from-to pair such as a1a8")]
    BadArrow(String),
    #[error("`{field}` does not belong in a {goal} step")]
    NotForGoal {
        field: &'static str,
        goal: &'static str,
    },
    #[error("a reach step needs `targets` (the squares to land on)")]
    NoTargets,
    #[error("the target {0} is already occupied by the learner's own piece")]
    TargetOccupied(String),
    #[error("a {goal} step needs at least one line in `solutions`")]
    NoSolutions { goal: &'static str },
    #[error("solution {solution} is empty")]
    EmptySolution { solution: usize },
    #[error("{field} = {value} is out of range: {range}")]
    OutOfRange {
        field: &'static str,
        value: u32,
        range: &'static str,
    },
    #[error("a quiz needs 2 to 5 choices with exactly one correct; it has {count} with {correct} correct")]
    Choices { count: usize, correct: usize },
    #[error("solution {solution}, move {ply} ({uci}): illegal: {reason}")]
    IllegalSolutionMove {
        solution: usize,
        ply: usize,
        uci: String,
        reason: String,
    },
    #[error("solution {solution}, move {ply} ({uci}): the judge answers it as wrong ({why})")]
    WrongSolutionMove {
        solution: usize,
        ply: usize,
        uci: String,
        why: String,
    },
    #[error("solution {solution}, move {ply}: the opponent answers {got}, not {expected} (the judge picks {got} here)")]
    OtherReply {
        solution: usize,
        ply: usize,
        expected: String,
        got: String,
    },
    #[error("solution {solution} does not reach its goal: after its last move the task goes on")]
    GoalNotReached { solution: usize },
    #[error(
        "solution {solution} reaches its goal at move {ply}; the moves after it are never played"
    )]
    TooLong { solution: usize, ply: usize },
    #[error("a one-move goal: solution {solution} must be exactly one move")]
    NotOneMove { solution: usize },
    #[error("wrong {uci}: not a legal move in the step's position: {reason}")]
    BadWrong { uci: String, reason: String },
    #[error("wrong {uci}: the judge accepts this move, so a `wrong` text for it is never shown")]
    WrongIsRight { uci: String },
}

impl Problem {
    pub(crate) fn not_for(field: &'static str, goal: Goal) -> Problem {
        Problem::NotForGoal {
            field,
            goal: goal.code(),
        }
    }
}
