//! Why a move was a mistake, from detectors: a piece left hanging, a tactic or a
//! mate allowed, a win or a mate missed, a stalemate, a won ending let slip, castling
//! given up, a draw by repetition or the fifty-move rule thrown away. Each
//! explanation is typed ([`ExplanationKind`]) and worded only at the edge
//! ([`Explanation::text`]).
//!
//! The detectors run in a fixed order and the first that applies is the
//! explanation (docs/REVIEW.md, "Explanations" states each rule): a draw thrown away
//! (stalemate, repetition, fifty moves, the endgame tables, a perpetual check), a
//! mate allowed, a mate missed, a piece left hanging, a tactic allowed, material
//! lost down the line, a promotion allowed, a tactic, material or a promotion
//! missed, a pawn left hanging, castling given up, and last the better move. None
//! runs an engine search: they read the board and the lines (about 0.1 ms a move).

mod board;
mod castling;
mod draws;
mod kind;
mod material;
mod mates;
mod promotion;
mod tactics;
mod text;

use crate::{Eval, MoveClass};
use guoxiang_core::{Move, Position, Square};
use guoxiang_i18n::Lang;
use guoxiang_tablebase::Tablebase;

pub use kind::{ExplanationKind, PieceAt, SanMove, Standing, Tactic};
pub use text::MESSAGE_KEYS;

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
        text::say(&self.kind, lang)
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

/// A detector: the explanation it finds for the move, if its rule applies.
type Detector = fn(&MoveContext) -> Option<Explanation>;

/// The detectors, in the order they are tried.
const DETECTORS: [Detector; 17] = [
    draws::stalemate,
    draws::repetition,
    draws::fifty_moves,
    draws::ending,
    draws::perpetual,
    mates::allows_mate,
    mates::missed_mate,
    |ctx| material::hangs(ctx, false),
    tactics::allows_tactic,
    material::loses_material,
    promotion::allows_promotion,
    tactics::missed_tactic,
    material::missed_material,
    promotion::missed_promotion,
    |ctx| material::hangs(ctx, true),
    castling::castling_lost,
    castling::better,
];

/// The explanation of a move classed inaccuracy, mistake or blunder: the first
/// detector that applies, or `None` when none does (no better move is known).
///
/// ```
/// use guoxiang_core::Position;
/// use guoxiang_i18n::Lang;
/// use guoxiang_review::explain::{explain, ExplanationKind, MoveContext};
/// use guoxiang_review::{Eval, MoveClass};
/// // White's queen goes to h5, where Black's knight on f6 takes it.
/// let before =
///     Position::from_fen("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPPQPPP/RNB1KBNR w KQkq - 2 3").unwrap();
/// let played = before.parse_uci("e2h5").unwrap();
/// let after = before.after(played);
/// let reply = [after.parse_uci("f6h5").unwrap()];
/// let ctx = MoveContext {
///     before: &before,
///     played,
///     after: &after,
///     class: MoveClass::Blunder,
///     eval_before: Eval::Cp(20),
///     eval_after: Eval::Cp(-850),
///     best: before.parse_uci("g1f3").ok(),
///     best_line: &[],
///     reply_line: &reply,
///     tables: None,
///     history: &[],
/// };
/// let e = explain(&ctx).unwrap();
/// assert!(matches!(e.kind, ExplanationKind::Hangs { .. }));
/// assert_eq!(
///     e.text(Lang::En),
///     "This leaves the queen on h5 unprotected. Black takes it for free with the knight from f6."
/// );
/// assert_eq!(e.text(Lang::ZhCn), "这步棋之后，h5上的后没有保护。黑方可以用f6上的马白白吃掉它。");
/// ```
pub fn explain(ctx: &MoveContext) -> Option<Explanation> {
    if !ctx.before.is_legal(ctx.played) {
        return None;
    }
    DETECTORS.iter().find_map(|detect| detect(ctx))
}
