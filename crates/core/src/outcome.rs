//! How a game ends: the outcome with its reason, the result and the score, and
//! the material rules (dead positions, and who can still mate after a flag fall).

use crate::{Bitboard, Color, Position};
use core::fmt;

/// Why a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinReason {
    Checkmate,
    Resignation,
    /// The loser's time ran out while the winner could still mate.
    Timeout,
}

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    Stalemate,
    /// A dead position: neither side can mate by any series of legal moves.
    InsufficientMaterial,
    /// The same position for the fifth time (automatic).
    FivefoldRepetition,
    /// 75 moves by each side without a capture or pawn move (automatic).
    SeventyFiveMoves,
    /// Claimed: the same position for the third time.
    ThreefoldRepetition,
    /// Claimed: 50 moves by each side without a capture or pawn move.
    FiftyMoves,
    Agreement,
    /// A flag fell, but the opponent could not mate by any series of legal moves.
    TimeoutVsInsufficientMaterial,
}

/// The end of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    Decisive { winner: Color, reason: WinReason },
    Draw { reason: DrawReason },
}

impl WinReason {
    /// Every way a game is won.
    pub const ALL: [WinReason; 3] = [
        WinReason::Checkmate,
        WinReason::Resignation,
        WinReason::Timeout,
    ];

    /// A stable snake_case code (`"checkmate"`).
    pub const fn code(self) -> &'static str {
        match self {
            WinReason::Checkmate => "checkmate",
            WinReason::Resignation => "resignation",
            WinReason::Timeout => "timeout",
        }
    }
}

impl DrawReason {
    /// Every way a game is drawn.
    pub const ALL: [DrawReason; 8] = [
        DrawReason::Stalemate,
        DrawReason::InsufficientMaterial,
        DrawReason::FivefoldRepetition,
        DrawReason::SeventyFiveMoves,
        DrawReason::ThreefoldRepetition,
        DrawReason::FiftyMoves,
        DrawReason::Agreement,
        DrawReason::TimeoutVsInsufficientMaterial,
    ];

    /// A stable snake_case code (`"threefold_repetition"`).
    pub const fn code(self) -> &'static str {
        match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::InsufficientMaterial => "insufficient_material",
            DrawReason::FivefoldRepetition => "fivefold_repetition",
            DrawReason::SeventyFiveMoves => "seventyfive_moves",
            DrawReason::ThreefoldRepetition => "threefold_repetition",
            DrawReason::FiftyMoves => "fifty_moves",
            DrawReason::Agreement => "agreement",
            DrawReason::TimeoutVsInsufficientMaterial => "timeout_vs_insufficient_material",
        }
    }
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// The reason's code (`"checkmate"`, `"stalemate"`, …).
    pub const fn reason_code(self) -> &'static str {
        match self {
            Outcome::Decisive { reason, .. } => reason.code(),
            Outcome::Draw { reason } => reason.code(),
        }
    }

    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result(self) -> &'static str {
        match self {
            Outcome::Decisive {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Decisive {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }

    /// Points for `color`, in half points: 2 for a win, 1 for a draw, 0 for a loss
    /// (the score 1 / ½ / 0 without floating point).
    pub const fn half_points(self, color: Color) -> u8 {
        match self {
            Outcome::Decisive { winner, .. } => {
                if winner as u8 == color as u8 {
                    2
                } else {
                    0
                }
            }
            Outcome::Draw { .. } => 1,
        }
    }

    /// Points for `color`: 1.0, 0.5 or 0.0.
    pub fn score(self, color: Color) -> f64 {
        f64::from(self.half_points(color)) / 2.0
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result(), self.reason_code())
    }
}

impl Position {
    /// Whether `color` cannot checkmate by any series of legal moves, whatever the
    /// opponent does (FIDE 6.9: a flag fall is then a draw). Conservative: `false`
    /// means a mate may exist.
    ///
    /// ```
    /// use guoxiang_core::{Color, Position};
    /// let pos = Position::from_fen("8/8/4k3/8/8/3NK3/8/8 w - - 0 1").unwrap();
    /// assert!(pos.has_insufficient_material(Color::White));
    /// assert!(pos.has_insufficient_material(Color::Black));
    /// ```
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let b = self.board();
        let ours = b.by_color(color);
        let theirs = b.by_color(!color);
        if (ours & (b.pawns() | b.rooks_and_queens())).any() {
            return false;
        }
        if (ours & b.knights()).any() {
            // A lone knight mates only when the defender has pieces that can be
            // made to block its own king (queens are never forced to).
            return ours.count() <= 2 && (theirs - b.kings() - b.queens()).is_empty();
        }
        if (ours & b.bishops()).any() {
            // Bishops all on one colour never mate unless the defender has a piece
            // that can stand on the other colour (a knight, or a pawn that can
            // move or be captured to open lines) or a bishop of the other colour.
            let bishops = b.bishops();
            let one_colour = (bishops & Bitboard::DARK_SQUARES).is_empty()
                || (bishops & Bitboard::LIGHT_SQUARES).is_empty();
            return one_colour && b.pawns().is_empty() && b.knights().is_empty();
        }
        true
    }

    /// Whether neither side can ever mate on material alone (a dead position): K v K,
    /// K+B v K, K+N v K, and any position whose only pieces besides the kings are
    /// bishops all on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        self.has_insufficient_material(Color::White) && self.has_insufficient_material(Color::Black)
    }

    /// The outcome this position alone decides: checkmate, stalemate or a dead
    /// position by material. (Repetition and move-count rules need the game.)
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.has_legal_moves() {
            return Some(if self.is_check() {
                Outcome::Decisive {
                    winner: !self.turn(),
                    reason: WinReason::Checkmate,
                }
            } else {
                Outcome::Draw {
                    reason: DrawReason::Stalemate,
                }
            });
        }
        if self.is_insufficient_material() {
            return Some(Outcome::Draw {
                reason: DrawReason::InsufficientMaterial,
            });
        }
        None
    }

    /// The outcome when `flagged` runs out of time here.
    pub fn timeout_outcome(&self, flagged: Color) -> Outcome {
        if self.has_insufficient_material(!flagged) || crate::dead::cannot_mate(self, !flagged) {
            Outcome::Draw {
                reason: DrawReason::TimeoutVsInsufficientMaterial,
            }
        } else {
            Outcome::Decisive {
                winner: !flagged,
                reason: WinReason::Timeout,
            }
        }
    }
}
