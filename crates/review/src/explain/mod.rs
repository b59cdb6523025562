//! Why a move was a mistake, from detectors: a piece left hanging, a tactic or a
//! mate allowed, a win or a mate missed, a stalemate, a won ending let slip, castling
//! given up, a draw by repetition or the fifty-move rule thrown away. Each
//! explanation is typed ([`ExplanationKind`]) and worded only at the edge
//! ([`Explanation::text`]).

use crate::{Eval, MoveClass};
use guoxiang_core::{Move, Position, Square};
use guoxiang_i18n::Lang;
use guoxiang_tablebase::Tablebase;

/// What the detectors found (the explanation branch fills this in).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExplanationKind {
    /// Nothing more specific: the better move and its line.
    Better { best: Move },
}

/// One move's explanation: what went wrong, and what to draw on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    pub kind: ExplanationKind,
    /// Arrows to draw (from, to).
    pub arrows: Vec<(Square, Square)>,
    /// Squares to mark.
    pub squares: Vec<Square>,
}

impl Explanation {
    /// The explanation in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let _ = lang;
        String::new()
    }
}

/// Everything the detectors read about one move.
pub struct MoveContext<'a> {
    pub before: &'a Position,
    pub played: Move,
    pub after: &'a Position,
    pub class: MoveClass,
    pub eval_before: Eval,
    pub eval_after: Eval,
    /// The engine's best move before the played one, and its line.
    pub best: Option<Move>,
    pub best_line: &'a [Move],
    /// The engine's line from the position after the played move (the punishment).
    pub reply_line: &'a [Move],
    pub tables: Option<&'a Tablebase>,
    /// Repetition keys of the positions of the game up to and including `before`.
    pub history: &'a [u64],
}

/// The explanation of a move classed inaccuracy, mistake or blunder.
pub fn explain(ctx: &MoveContext) -> Option<Explanation> {
    ctx.best.map(|best| Explanation {
        kind: ExplanationKind::Better { best },
        arrows: Vec::new(),
        squares: Vec::new(),
    })
}
