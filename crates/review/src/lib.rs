//! # guoxiang-review
//!
//! Game review: each move of a game evaluated by our engine before and after it,
//! classified by the expected score it gave away ([`MoveClass`]), the players'
//! accuracy, and for every inaccuracy, mistake and blunder an explanation built from
//! detectors ([`explain`]) and worded in en, zh-CN and zh-TW. docs/REVIEW.md states
//! the thresholds and the formulas.

pub mod accuracy;
mod book;
pub mod classify;
pub mod explain;
mod pass;
pub mod score;

use guoxiang_core::{Color, Move, Position};
use guoxiang_tablebase::Tablebase;

pub use explain::Explanation;

/// An evaluation from White's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eval {
    /// Centipawns, positive when White is better.
    Cp(i32),
    /// Mate in this many moves: positive when White mates, negative when Black does.
    /// `Mate(0)` is a checkmate on the board: the side to move there is mated.
    Mate(i32),
}

/// How good a move was, from the best to the worst (after `book` and `forced`,
/// which are not judged); [`classify`] gives the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MoveClass {
    /// On one of our opening lines.
    Book,
    /// The only legal move.
    Forced,
    Best,
    Excellent,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl MoveClass {
    /// Every class, in order.
    pub const ALL: [MoveClass; 8] = [
        MoveClass::Book,
        MoveClass::Forced,
        MoveClass::Best,
        MoveClass::Excellent,
        MoveClass::Good,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
    ];

    /// The lowercase name (JSON, catalogue keys `review.class.<code>`).
    ///
    /// ```
    /// use guoxiang_review::MoveClass;
    /// assert_eq!(MoveClass::Blunder.code(), "blunder");
    /// assert_eq!(MoveClass::from_code("book"), Some(MoveClass::Book));
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            MoveClass::Book => "book",
            MoveClass::Forced => "forced",
            MoveClass::Best => "best",
            MoveClass::Excellent => "excellent",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }

    /// The class with this [`MoveClass::code`].
    pub fn from_code(code: &str) -> Option<MoveClass> {
        MoveClass::ALL.into_iter().find(|c| c.code() == code)
    }

    /// Whether the move gets an explanation: an inaccuracy, a mistake or a blunder.
    pub const fn is_error(self) -> bool {
        matches!(
            self,
            MoveClass::Inaccuracy | MoveClass::Mistake | MoveClass::Blunder
        )
    }
}

/// How hard the engine thinks about each position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effort {
    /// This many nodes a position.
    Nodes(u64),
    /// To this depth.
    Depth(i32),
}

impl Effort {
    /// The default: a 40-move game in well under 20 s on one core in a release
    /// build (docs/BENCHMARKS.md, "Game review").
    pub const DEFAULT: Effort = Effort::Nodes(DEFAULT_NODES);
}

/// The nodes a position of [`Effort::DEFAULT`].
pub const DEFAULT_NODES: u64 = 150_000;

impl Default for ReviewOptions {
    /// The default effort, no tables, a 64 MB hash table.
    fn default() -> ReviewOptions {
        ReviewOptions {
            effort: Effort::DEFAULT,
            tables: None,
            hash_mb: 64,
        }
    }
}

/// What a review needs besides the game.
#[derive(Clone)]
pub struct ReviewOptions {
    pub effort: Effort,
    /// Endgame tables, when present: exact results for small endings.
    pub tables: Option<Tablebase>,
    pub hash_mb: usize,
}

/// One move reviewed.
#[derive(Debug, Clone)]
pub struct MoveReview {
    /// 1 for White's first move.
    pub ply: usize,
    pub mv: Move,
    pub san: String,
    pub eval_before: Eval,
    pub eval_after: Eval,
    /// The engine's choice in the position before the move.
    pub best: Option<Move>,
    /// The engine's line from the position before the move, starting with `best`.
    pub best_line: Vec<Move>,
    pub class: MoveClass,
    pub explanation: Option<Explanation>,
}

/// Each player's accuracy, 0 to 100.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Accuracy {
    pub white: f64,
    pub black: f64,
}

/// A whole game reviewed.
#[derive(Debug, Clone)]
pub struct GameReview {
    pub start: Position,
    pub moves: Vec<MoveReview>,
    pub accuracy: Accuracy,
}

/// Reviews the game `moves` from `start`: every position searched once
/// ([`ReviewOptions::effort`]), each move classed and each inaccuracy, mistake and
/// blunder explained, and both players' accuracy ([`accuracy`]). `progress(done,
/// total)` is called after each position (`total` = moves + 1). The moves must be
/// legal; the review stops before the first one that is not (or a null move).
///
/// ```
/// use guoxiang_core::Position;
/// use guoxiang_review::{review_game, Effort, MoveClass, ReviewOptions};
/// let start = Position::new();
/// let mut pos = start.clone();
/// let mut moves = Vec::new();
/// for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
///     let m = pos.parse_san(san).unwrap();
///     pos.play_unchecked(m);
///     moves.push(m);
/// }
/// let opts = ReviewOptions { effort: Effort::Nodes(3_000), ..ReviewOptions::default() };
/// let review = review_game(&start, &moves, &opts, &mut |_, _| {});
/// assert_eq!(review.moves.len(), 7);
/// assert_eq!(review.moves[0].class, MoveClass::Book);
/// assert_eq!(review.moves[5].class, MoveClass::Blunder); // 3...Nf6?? allows mate
/// assert!(review.accuracy.black < review.accuracy.white);
/// ```
pub fn review_game(
    start: &Position,
    moves: &[Move],
    opts: &ReviewOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> GameReview {
    let positions = replay(start, moves);
    let moves = &moves[..positions.len() - 1];
    let total = positions.len();
    let pass = pass::Pass::new(opts);
    let mut searched = Vec::with_capacity(total);
    for i in 0..total {
        searched.push(pass.evaluate(&positions, i));
        progress(i + 1, total);
    }
    let book = book::book_moves(start, moves);
    let keys: Vec<u64> = positions.iter().map(Position::repetition_key).collect();
    let mut reviewed = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        let (before, after) = (&positions[i], &positions[i + 1]);
        let mover = before.turn();
        let (s_before, s_after) = (&searched[i], &searched[i + 1]);
        let case = classify::Case {
            book: book[i],
            legal_moves: before.legal_moves().len(),
            engine_choice: s_before.best == Some(mv),
            before: s_before.eval.pov(mover, mover),
            after: s_after.eval.pov(mover, after.turn()),
        };
        let class = classify::classify(&case);
        let explanation = class.is_error().then(|| {
            explain::explain(&explain::MoveContext {
                before,
                played: mv,
                after,
                class,
                eval_before: s_before.eval,
                eval_after: s_after.eval,
                best: s_before.best,
                best_line: &s_before.line,
                reply_line: &s_after.line,
                tables: opts.tables.as_ref(),
                history: &keys[..=i],
            })
        });
        reviewed.push(MoveReview {
            ply: i + 1,
            mv,
            san: before.san(mv),
            eval_before: s_before.eval,
            eval_after: s_after.eval,
            best: s_before.best,
            best_line: s_before.line.clone(),
            class,
            explanation: explanation.flatten(),
        });
    }
    let white_win: Vec<f64> = positions
        .iter()
        .zip(&searched)
        .map(|(p, s)| 100.0 * s.eval.white_expected(p.turn()))
        .collect();
    GameReview {
        start: start.clone(),
        moves: reviewed,
        accuracy: accuracy::game_accuracy(&white_win, start.turn()),
    }
}

/// The positions of the game, the start first, up to the first move that is not
/// legal.
fn replay(start: &Position, moves: &[Move]) -> Vec<Position> {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    positions.push(start.clone());
    let mut pos = start.clone();
    for &m in moves {
        if m.is_null() || !pos.is_legal(m) {
            break;
        }
        pos.play_unchecked(m);
        positions.push(pos.clone());
    }
    positions
}

/// The side that made the move of `ply` (1 for the first) in a game from `start`.
pub fn mover(start: &Position, ply: usize) -> Color {
    if ply % 2 == 1 {
        start.turn()
    } else {
        !start.turn()
    }
}
