//! Evaluations turned round and into expected scores. The engine scores from the side
//! to move; a review shows [`Eval`] from White's side and judges a move from its
//! mover's side ([`Pov`]). The expected score of a centipawn evaluation is
//! W(cp) = 1 / (1 + e^(−0.00368208·cp)) (the logistic curve lichess fitted to its
//! games); a forced mate counts 1 for the side that mates and 0 for the other.

use crate::Eval;
use guoxiang_core::Color;
use guoxiang_engine::search::Score;

/// The slope of the expected-score curve, per centipawn.
pub const SLOPE: f64 = 0.003_682_08;

/// The expected score (0 to 1) of `cp` centipawns for the side they favour when
/// positive.
///
/// ```
/// use guoxiang_review::score::expected_cp;
/// assert_eq!(expected_cp(0), 0.5);
/// assert!((expected_cp(300) - 0.752).abs() < 0.001);
/// assert!((expected_cp(300) + expected_cp(-300) - 1.0).abs() < 1e-12);
/// ```
pub fn expected_cp(cp: i32) -> f64 {
    1.0 / (1.0 + (-SLOPE * f64::from(cp)).exp())
}

/// An evaluation from one side's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pov {
    /// Centipawns, positive when this side is better.
    Cp(i32),
    /// This side mates in this many moves (0: it has mated).
    Mates(u32),
    /// This side is mated in this many moves (0: it is mated).
    Mated(u32),
}

impl Pov {
    /// The expected score of this side: W(cp), 1 for a mate given, 0 for one taken.
    pub fn expected(self) -> f64 {
        match self {
            Pov::Cp(cp) => expected_cp(cp),
            Pov::Mates(_) => 1.0,
            Pov::Mated(_) => 0.0,
        }
    }
}

impl Eval {
    /// The evaluation from White's side of a search score from the side to move's.
    ///
    /// ```
    /// use guoxiang_core::Color;
    /// use guoxiang_engine::search::Score;
    /// use guoxiang_review::Eval;
    /// assert_eq!(Eval::from_score(Score::Cp(40), Color::Black), Eval::Cp(-40));
    /// assert_eq!(Eval::from_score(Score::Mate(2), Color::Black), Eval::Mate(-2));
    /// ```
    pub fn from_score(score: Score, turn: Color) -> Eval {
        let sign = if turn == Color::White { 1 } else { -1 };
        match score {
            Score::Cp(cp) => Eval::Cp(sign * cp),
            Score::Mate(n) => Eval::Mate(sign * n),
        }
    }

    /// This evaluation of a position with `turn` to move, seen by `side`.
    /// [`Eval::Mate`]`(0)` is a checkmate on the board: the side to move is mated.
    ///
    /// ```
    /// use guoxiang_core::Color;
    /// use guoxiang_review::{score::Pov, Eval};
    /// assert_eq!(Eval::Cp(-50).pov(Color::Black, Color::White), Pov::Cp(50));
    /// assert_eq!(Eval::Mate(-3).pov(Color::White, Color::White), Pov::Mated(3));
    /// assert_eq!(Eval::Mate(0).pov(Color::White, Color::Black), Pov::Mates(0));
    /// ```
    pub fn pov(self, side: Color, turn: Color) -> Pov {
        let sign = if side == Color::White { 1 } else { -1 };
        match self {
            Eval::Cp(cp) => Pov::Cp(sign * cp),
            Eval::Mate(0) if side == turn => Pov::Mated(0),
            Eval::Mate(0) => Pov::Mates(0),
            Eval::Mate(n) if sign * n > 0 => Pov::Mates(n.unsigned_abs()),
            Eval::Mate(n) => Pov::Mated(n.unsigned_abs()),
        }
    }

    /// White's expected score in a position with `turn` to move.
    pub fn white_expected(self, turn: Color) -> f64 {
        self.pov(Color::White, turn).expected()
    }
}
