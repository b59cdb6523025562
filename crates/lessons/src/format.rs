//! The lesson format (docs/LESSONS.md): a [`Lesson`] is a list of [`Step`]s, each
//! with a [`Goal`]; a [`Stage`] groups lessons on the course map. These types are
//! read from the TOML files with serde; the loader ([`crate::Course`]) checks
//! everything serde cannot.

use crate::Texts;
use guoxiang_core::Role;
use serde::Deserialize;

/// One stage of the course map (`data/stages.toml`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stage {
    /// The key lessons name in their `stage`, such as `basics`.
    pub key: String,
    pub title: Texts,
}

/// One lesson: one file `NN-id.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Lowercase letters, digits and dashes; the file name's part after `NN-`.
    pub id: String,
    /// The place in the course, 1-based; the file name's `NN`.
    pub order: u32,
    /// A key of [`Stage`].
    pub stage: String,
    /// App paths this lesson points to, such as `/learn/endgames/krk`.
    #[serde(default)]
    pub links: Vec<String>,
    pub title: Texts,
    /// One line for the course map.
    pub summary: Texts,
    #[serde(default)]
    pub steps: Vec<Step>,
}

/// One step of a lesson: a page to read, a quiz, or a task on the board.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    pub goal: Goal,
    /// The position shown; required for tasks, where the learner is the side to move.
    #[serde(default)]
    pub fen: Option<String>,
    /// The page, the question or the task, said to the learner.
    pub text: Texts,
    /// Arrows drawn, as from-to pairs such as `a1a8`.
    #[serde(default)]
    pub arrows: Vec<String>,
    /// Squares marked, such as `a8`.
    #[serde(default)]
    pub highlights: Vec<String>,
    /// `reach`: the squares to land on (any order).
    #[serde(default)]
    pub targets: Vec<String>,
    /// `reach`, `capture_all`: the moves for three stars; the loader fills in the
    /// shortest solution's length when the file gives none.
    #[serde(default)]
    pub par: Option<u32>,
    /// `mate`: mate in this many of the learner's moves (1 to 3; the loader fills in 1).
    #[serde(default)]
    pub mate_in: Option<u32>,
    /// `perpetual`: how many checks in a row (the loader fills in 3).
    #[serde(default)]
    pub checks: Option<u32>,
    /// `escape`: the way out of check asked for.
    #[serde(default)]
    pub way: Option<Way>,
    /// `castle`: the side asked for.
    #[serde(default)]
    pub side: Option<Side>,
    /// `promote`: the piece asked for.
    #[serde(default)]
    pub piece: Option<PromotionPiece>,
    /// Lines of UCI moves that reach the goal (see [`Goal`] for who plays which).
    #[serde(default)]
    pub solutions: Vec<Vec<String>>,
    /// `quiz`: 2 to 5 choices, exactly one correct.
    #[serde(default)]
    pub choices: Vec<Choice>,
    /// Said when the step is done.
    #[serde(default)]
    pub success: Option<Texts>,
    /// Shown with the first hint.
    #[serde(default)]
    pub hint: Option<Texts>,
    /// The lesson's own answers to particular wrong (legal) moves.
    #[serde(default)]
    pub wrong: Vec<WrongMove>,
}

/// One choice of a quiz.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    pub correct: bool,
    pub text: Texts,
    /// Shown after the choice, right or wrong.
    pub why: Texts,
}

/// A lesson's own answer to one wrong move.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WrongMove {
    pub uci: String,
    pub text: Texts,
}

/// What a step asks of the learner (the contract's goal table, docs/LESSONS.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    Read,
    Quiz,
    Reach,
    CaptureAll,
    Check,
    Mate,
    Stalemate,
    Escape,
    Castle,
    EnPassant,
    Promote,
    Defend,
    Line,
    Perpetual,
}

impl Goal {
    /// Every goal, in the order of the contract's table.
    pub const ALL: [Goal; 14] = [
        Goal::Read,
        Goal::Quiz,
        Goal::Reach,
        Goal::CaptureAll,
        Goal::Check,
        Goal::Mate,
        Goal::Stalemate,
        Goal::Escape,
        Goal::Castle,
        Goal::EnPassant,
        Goal::Promote,
        Goal::Defend,
        Goal::Line,
        Goal::Perpetual,
    ];

    /// The code used in files and on the wire.
    ///
    /// ```
    /// use guoxiang_lessons::Goal;
    /// assert_eq!(Goal::CaptureAll.code(), "capture_all");
    /// assert_eq!(Goal::from_code("en_passant"), Some(Goal::EnPassant));
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            Goal::Read => "read",
            Goal::Quiz => "quiz",
            Goal::Reach => "reach",
            Goal::CaptureAll => "capture_all",
            Goal::Check => "check",
            Goal::Mate => "mate",
            Goal::Stalemate => "stalemate",
            Goal::Escape => "escape",
            Goal::Castle => "castle",
            Goal::EnPassant => "en_passant",
            Goal::Promote => "promote",
            Goal::Defend => "defend",
            Goal::Line => "line",
            Goal::Perpetual => "perpetual",
        }
    }

    /// The goal with this code.
    pub fn from_code(code: &str) -> Option<Goal> {
        Goal::ALL.into_iter().find(|g| g.code() == code)
    }

    /// Whether the learner plays moves on the board (everything but read and quiz).
    pub const fn is_task(self) -> bool {
        !matches!(self, Goal::Read | Goal::Quiz)
    }

    /// Whether the opponent passes instead of moving (reach, capture_all).
    pub const fn opponent_passes(self) -> bool {
        matches!(self, Goal::Reach | Goal::CaptureAll)
    }

    /// Whether the step is done after one correct move.
    pub const fn is_one_move(self) -> bool {
        matches!(
            self,
            Goal::Check
                | Goal::Stalemate
                | Goal::Escape
                | Goal::Castle
                | Goal::EnPassant
                | Goal::Promote
                | Goal::Defend
        )
    }

    /// Whether solutions alternate learner and opponent moves (mate, line, perpetual).
    pub const fn alternates(self) -> bool {
        matches!(self, Goal::Mate | Goal::Line | Goal::Perpetual)
    }
}

/// How an `escape` step wants the learner out of check (逃、垫、吃).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Way {
    /// The king steps away (a king move that does not take the checking piece).
    Run,
    /// A piece steps in between (a move of another piece that does not take the checker).
    Block,
    /// The checking piece is taken, by any piece, the king too.
    Capture,
}

impl Way {
    /// `run`, `block` or `capture`.
    pub const fn code(self) -> &'static str {
        match self {
            Way::Run => "run",
            Way::Block => "block",
            Way::Capture => "capture",
        }
    }
}

/// The castling side asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// O-O, towards the h-file.
    Short,
    /// O-O-O, towards the a-file.
    Long,
}

impl Side {
    /// `short` or `long`.
    pub const fn code(self) -> &'static str {
        match self {
            Side::Short => "short",
            Side::Long => "long",
        }
    }
}

/// The piece a `promote` step asks for: `q`, `r`, `b` or `n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
pub enum PromotionPiece {
    #[serde(rename = "q")]
    Queen,
    #[serde(rename = "r")]
    Rook,
    #[serde(rename = "b")]
    Bishop,
    #[serde(rename = "n")]
    Knight,
}

impl PromotionPiece {
    /// The role the pawn becomes.
    pub const fn role(self) -> Role {
        match self {
            PromotionPiece::Queen => Role::Queen,
            PromotionPiece::Rook => Role::Rook,
            PromotionPiece::Bishop => Role::Bishop,
            PromotionPiece::Knight => Role::Knight,
        }
    }

    /// `q`, `r`, `b` or `n`.
    pub const fn code(self) -> &'static str {
        match self {
            PromotionPiece::Queen => "q",
            PromotionPiece::Rook => "r",
            PromotionPiece::Bishop => "b",
            PromotionPiece::Knight => "n",
        }
    }
}
