//! Why a move is illegal, as data: a closed set of reasons, each carrying the squares and
//! pieces involved, with a stable machine code. Their wording in each language is the
//! `guoxiang-i18n` crate's (message keys `illegal.<code>`).

use crate::{CastlingSide, Outcome, Piece, Role, Square};

/// A piece that attacks something, and where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Attacker {
    pub square: Square,
    pub piece: Piece,
}

/// Why a move a learner tried is not legal. Every variant names the squares and
/// pieces involved; see [`IllegalReason::code`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    /// The game has ended; no move can be played.
    GameOver { outcome: Outcome },
    /// There is no piece on the from-square.
    EmptySquare { square: Square },
    /// The piece on the from-square belongs to the side not to move.
    NotYourPiece { square: Square, piece: Piece },
    /// The from- and to-squares are the same.
    SameSquare { square: Square, piece: Piece },
    /// A promotion piece was given for a move that is not a pawn reaching the
    /// last rank.
    PromotionNotAllowed {
        piece: Piece,
        from: Square,
        to: Square,
        promotion: Role,
    },
    /// A pawn may promote to a queen, rook, bishop or knight only.
    BadPromotionRole {
        from: Square,
        to: Square,
        promotion: Role,
    },
    /// One of the mover's own pieces stands on the to-square.
    OwnPieceOnTarget {
        piece: Piece,
        from: Square,
        to: Square,
        target: Piece,
    },
    /// The to-square holds the enemy king, which is never captured.
    KingCannotBeCaptured {
        piece: Piece,
        from: Square,
        to: Square,
    },
    /// The piece does not move that way (a knight not in an L, a bishop off its
    /// diagonal, a king more than one square, a pawn three squares…).
    BadPieceMove {
        piece: Piece,
        from: Square,
        to: Square,
    },
    /// A pawn moving backwards.
    PawnBackwards { from: Square, to: Square },
    /// A pawn moving sideways along its rank.
    PawnSideways { from: Square, to: Square },
    /// A pawn trying to capture straight ahead.
    PawnCapturesStraight {
        from: Square,
        to: Square,
        target: Piece,
    },
    /// A pawn moving diagonally onto an empty square (and not en passant).
    PawnDiagonalToEmpty { from: Square, to: Square },
    /// A pawn's two-square step from anywhere but its starting rank.
    PawnDoubleStepNotFromStart { from: Square, to: Square },
    /// A king moving two squares along its rank when that is not castling.
    KingTwoSquares { from: Square, to: Square },
    /// A diagonal pawn move behind an enemy pawn that did not just make its
    /// two-square step (or whose en-passant chance has passed).
    EnPassantNotPossible {
        from: Square,
        to: Square,
        pawn: Square,
    },
    /// Another piece stands in the way; `square` is the first one met.
    Blocked {
        piece: Piece,
        from: Square,
        to: Square,
        blocker: Piece,
        square: Square,
    },
    /// Castling is gone for good: the king has moved (no right is left).
    CastlingKingMoved { side: CastlingSide, king: Square },
    /// Castling on this side is gone: that rook has moved or was captured.
    CastlingRookMoved { side: CastlingSide, rook: Square },
    /// Castling out of check is not allowed.
    CastlingInCheck {
        side: CastlingSide,
        checker: Attacker,
    },
    /// A piece stands between the king and the rook (or where they land).
    CastlingBlocked {
        side: CastlingSide,
        square: Square,
        piece: Piece,
    },
    /// The king would pass over an attacked square.
    CastlingThroughCheck {
        side: CastlingSide,
        square: Square,
        attacker: Attacker,
    },
    /// The king would land on an attacked square.
    CastlingIntoCheck {
        side: CastlingSide,
        square: Square,
        attacker: Attacker,
    },
    /// The side to move is in check and the move does not answer it (one or
    /// two checkers).
    MustAnswerCheck { checkers: Vec<Attacker> },
    /// The piece is pinned: moving it exposes the king to `attacker`.
    Pinned {
        piece: Piece,
        from: Square,
        to: Square,
        attacker: Attacker,
    },
    /// Capturing en passant takes two pawns off their squares at once and opens
    /// a line to the king.
    EnPassantExposesKing {
        from: Square,
        to: Square,
        captured: Square,
        attacker: Attacker,
    },
    /// The king would stand on a square that `attacker` attacks.
    KingIntoCheck {
        from: Square,
        to: Square,
        attacker: Attacker,
    },
    /// A pawn reaching the last rank must promote; no piece was chosen.
    MustPromote { from: Square, to: Square },
}

impl IllegalReason {
    /// Every code [`IllegalReason::code`] can return (the message keys are
    /// `illegal.<code>`).
    pub const CODES: [&'static str; 29] = [
        "game_over",
        "empty_square",
        "not_your_piece",
        "same_square",
        "promotion_not_allowed",
        "bad_promotion_role",
        "own_piece",
        "capture_king",
        "bad_piece_move",
        "pawn_backwards",
        "pawn_sideways",
        "pawn_capture_straight",
        "pawn_diagonal_empty",
        "pawn_double_step",
        "king_two_squares",
        "en_passant_unavailable",
        "blocked",
        "castling_king_moved",
        "castling_rook_moved",
        "castling_in_check",
        "castling_blocked",
        "castling_through_check",
        "castling_into_check",
        "must_answer_check",
        "must_answer_double_check",
        "pinned",
        "en_passant_exposes_king",
        "king_into_check",
        "must_promote",
    ];

    /// A stable snake_case code for the reason (`"blocked"`,
    /// `"castling_through_check"`, …). A double check has its own code,
    /// `"must_answer_double_check"`.
    ///
    /// ```
    /// use guoxiang_core::{IllegalReason, Position, Square};
    /// let pos = Position::new();
    /// let why = pos.explain(Square::A1, Square::A3, None).unwrap_err();
    /// assert_eq!(why.code(), "blocked");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            IllegalReason::GameOver { .. } => "game_over",
            IllegalReason::EmptySquare { .. } => "empty_square",
            IllegalReason::NotYourPiece { .. } => "not_your_piece",
            IllegalReason::SameSquare { .. } => "same_square",
            IllegalReason::PromotionNotAllowed { .. } => "promotion_not_allowed",
            IllegalReason::BadPromotionRole { .. } => "bad_promotion_role",
            IllegalReason::OwnPieceOnTarget { .. } => "own_piece",
            IllegalReason::KingCannotBeCaptured { .. } => "capture_king",
            IllegalReason::BadPieceMove { .. } => "bad_piece_move",
            IllegalReason::PawnBackwards { .. } => "pawn_backwards",
            IllegalReason::PawnSideways { .. } => "pawn_sideways",
            IllegalReason::PawnCapturesStraight { .. } => "pawn_capture_straight",
            IllegalReason::PawnDiagonalToEmpty { .. } => "pawn_diagonal_empty",
            IllegalReason::PawnDoubleStepNotFromStart { .. } => "pawn_double_step",
            IllegalReason::KingTwoSquares { .. } => "king_two_squares",
            IllegalReason::EnPassantNotPossible { .. } => "en_passant_unavailable",
            IllegalReason::Blocked { .. } => "blocked",
            IllegalReason::CastlingKingMoved { .. } => "castling_king_moved",
            IllegalReason::CastlingRookMoved { .. } => "castling_rook_moved",
            IllegalReason::CastlingInCheck { .. } => "castling_in_check",
            IllegalReason::CastlingBlocked { .. } => "castling_blocked",
            IllegalReason::CastlingThroughCheck { .. } => "castling_through_check",
            IllegalReason::CastlingIntoCheck { .. } => "castling_into_check",
            IllegalReason::MustAnswerCheck { checkers } if checkers.len() > 1 => {
                "must_answer_double_check"
            }
            IllegalReason::MustAnswerCheck { .. } => "must_answer_check",
            IllegalReason::Pinned { .. } => "pinned",
            IllegalReason::EnPassantExposesKing { .. } => "en_passant_exposes_king",
            IllegalReason::KingIntoCheck { .. } => "king_into_check",
            IllegalReason::MustPromote { .. } => "must_promote",
        }
    }
}
impl core::fmt::Display for IllegalReason {
    /// The reason's code, for logs (`illegal move: blocked`); the learner's sentence is
    /// `guoxiang-i18n`'s.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "illegal move: {}", self.code())
    }
}

impl std::error::Error for IllegalReason {}
