//! Why a move is illegal, said the way a chess teacher would say it.
//!
//! [`Position::explain`] takes what a learner tried (a from-square, a to-square
//! and perhaps a promotion piece) and returns either the legal [`Move`] they meant
//! or an [`IllegalReason`]: a closed set of reasons, each carrying the squares and
//! pieces involved, checked in teaching order (the most fundamental problem
//! first). [`IllegalReason::code`] gives a stable machine code and
//! [`IllegalReason::message`] a sentence in English, Simplified or Traditional
//! Chinese from the shared `i18n/` catalogue.

use crate::attacks::{between, bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use crate::i18n::{self, Lang};
use crate::{
    Bitboard, Board, CastlingSide, CastlingSquares, Color, Move, MoveKind, Piece, Position, Rank,
    Role, Square,
};

/// A piece that attacks something, and where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Attacker {
    pub square: Square,
    pub piece: Piece,
}

/// How a game ended (or why no more moves may be played).
///
/// The codes are the message keys `outcome.<code>` of the `i18n/` catalogue.
///
/// ```
/// use guoxiang_core::{Color, EndReason, Lang};
/// assert_eq!(EndReason::Checkmate.code(), "checkmate");
/// assert_eq!(
///     EndReason::Checkmate.message(Lang::En, Some(Color::Black)),
///     "Checkmate: Black wins."
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    FivefoldRepetition,
    SeventyFiveMoves,
    ThreefoldRepetition,
    FiftyMoves,
    Resignation,
    Agreement,
    Timeout,
    /// A flag fell, but the opponent could not have checkmated: a draw.
    TimeoutVsInsufficientMaterial,
}

impl EndReason {
    /// Every way a game can end.
    pub const ALL: [EndReason; 11] = [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::InsufficientMaterial,
        EndReason::FivefoldRepetition,
        EndReason::SeventyFiveMoves,
        EndReason::ThreefoldRepetition,
        EndReason::FiftyMoves,
        EndReason::Resignation,
        EndReason::Agreement,
        EndReason::Timeout,
        EndReason::TimeoutVsInsufficientMaterial,
    ];

    /// A stable snake_case code (`"fifty_moves"`).
    pub const fn code(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::InsufficientMaterial => "insufficient_material",
            EndReason::FivefoldRepetition => "fivefold_repetition",
            EndReason::SeventyFiveMoves => "seventyfive_moves",
            EndReason::ThreefoldRepetition => "threefold_repetition",
            EndReason::FiftyMoves => "fifty_moves",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::Timeout => "timeout",
            EndReason::TimeoutVsInsufficientMaterial => "timeout_vs_insufficient_material",
        }
    }

    /// Whether a game ending this way has a winner (its message names
    /// `{winner}` and `{loser}`).
    pub const fn is_decisive(self) -> bool {
        matches!(
            self,
            EndReason::Checkmate | EndReason::Resignation | EndReason::Timeout
        )
    }

    /// The sentence for this ending; `winner` fills `{winner}` and `{loser}`
    /// for the decisive endings.
    pub fn message(self, lang: Lang, winner: Option<Color>) -> String {
        let key = format!("outcome.{}", self.code());
        match winner {
            Some(w) => {
                let winner = color_name(lang, w);
                let loser = color_name(lang, !w);
                i18n::message(lang, &key, &[("winner", &winner), ("loser", &loser)])
            }
            None => i18n::message(lang, &key, &[]),
        }
    }
}

/// Why a move a learner tried is not legal. Every variant names the squares and
/// pieces involved; see [`IllegalReason::code`] and [`IllegalReason::message`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    /// The game has ended; no move can be played.
    GameOver {
        reason: EndReason,
        winner: Option<Color>,
    },
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

    /// The reason as a sentence in `lang`, from the message `illegal.<code>`.
    ///
    /// ```
    /// use guoxiang_core::{Lang, Position, Square};
    /// // 1.e4 e5 2.Nf3 Nc6 3.Bb5 d6 4.O-O: the knight on c6 is pinned.
    /// let pos = Position::from_fen(
    ///     "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4",
    /// ).unwrap();
    /// let why = pos.explain(Square::C6, Square::E7, None).unwrap_err();
    /// assert_eq!(why.code(), "pinned");
    /// assert_eq!(
    ///     why.message(Lang::En),
    ///     "Your king would be in check: the bishop on b5 pins your knight on c6 to the king."
    /// );
    /// assert_eq!(
    ///     why.message(Lang::ZhCn),
    ///     "这步棋会让你的王被将军：b5上的象牵制着你c6上的马。"
    /// );
    /// ```
    pub fn message(&self, lang: Lang) -> String {
        let key = format!("illegal.{}", self.code());
        let sq = |s: &Square| s.to_string();
        let pc = |p: &Piece| piece_name(lang, p.role);
        let side = |s: &CastlingSide| side_name(lang, *s);
        let args: Vec<(&str, String)> = match self {
            IllegalReason::GameOver { reason, winner } => {
                vec![("outcome", reason.message(lang, *winner))]
            }
            IllegalReason::EmptySquare { square } => vec![("square", sq(square))],
            IllegalReason::NotYourPiece { square, piece } => vec![
                ("square", sq(square)),
                ("piece", pc(piece)),
                ("owner", color_name(lang, piece.color)),
                ("turn", color_name(lang, !piece.color)),
            ],
            IllegalReason::SameSquare { square, piece } => {
                vec![("square", sq(square)), ("piece", pc(piece))]
            }
            IllegalReason::PromotionNotAllowed {
                piece,
                from,
                to,
                promotion,
            } => vec![
                ("piece", pc(piece)),
                ("from", sq(from)),
                ("to", sq(to)),
                ("promotion", piece_name(lang, *promotion)),
            ],
            IllegalReason::BadPromotionRole {
                from,
                to,
                promotion,
            } => vec![
                ("from", sq(from)),
                ("to", sq(to)),
                ("promotion", piece_name(lang, *promotion)),
            ],
            IllegalReason::OwnPieceOnTarget {
                piece,
                from,
                to,
                target,
            } => vec![
                ("piece", pc(piece)),
                ("from", sq(from)),
                ("to", sq(to)),
                ("target", pc(target)),
            ],
            IllegalReason::KingCannotBeCaptured { piece, from, to } => {
                vec![("piece", pc(piece)), ("from", sq(from)), ("to", sq(to))]
            }
            IllegalReason::BadPieceMove { piece, from, to } => vec![
                ("piece", pc(piece)),
                ("from", sq(from)),
                ("to", sq(to)),
                (
                    "rule",
                    i18n::message(lang, &format!("rule.{}", piece.role.name()), &[]),
                ),
            ],
            IllegalReason::PawnBackwards { from, to }
            | IllegalReason::PawnSideways { from, to }
            | IllegalReason::PawnDiagonalToEmpty { from, to }
            | IllegalReason::PawnDoubleStepNotFromStart { from, to }
            | IllegalReason::KingTwoSquares { from, to }
            | IllegalReason::MustPromote { from, to } => {
                vec![("from", sq(from)), ("to", sq(to))]
            }
            IllegalReason::PawnCapturesStraight { from, to, target } => {
                vec![("from", sq(from)), ("to", sq(to)), ("target", pc(target))]
            }
            IllegalReason::EnPassantNotPossible { from, to, pawn } => {
                vec![("from", sq(from)), ("to", sq(to)), ("pawn", sq(pawn))]
            }
            IllegalReason::Blocked {
                piece,
                from,
                to,
                blocker,
                square,
            } => vec![
                ("piece", pc(piece)),
                ("from", sq(from)),
                ("to", sq(to)),
                ("blocker", pc(blocker)),
                ("square", sq(square)),
            ],
            IllegalReason::CastlingKingMoved { side: s, king } => {
                vec![("side", side(s)), ("king", sq(king))]
            }
            IllegalReason::CastlingRookMoved { side: s, rook } => {
                vec![("side", side(s)), ("rook", sq(rook))]
            }
            IllegalReason::CastlingInCheck { side: s, checker } => vec![
                ("side", side(s)),
                ("attacker", pc(&checker.piece)),
                ("attacker_square", sq(&checker.square)),
            ],
            IllegalReason::CastlingBlocked {
                side: s,
                square,
                piece,
            } => vec![
                ("side", side(s)),
                ("square", sq(square)),
                ("piece", pc(piece)),
            ],
            IllegalReason::CastlingThroughCheck {
                side: s,
                square,
                attacker,
            }
            | IllegalReason::CastlingIntoCheck {
                side: s,
                square,
                attacker,
            } => vec![
                ("side", side(s)),
                ("square", sq(square)),
                ("attacker", pc(&attacker.piece)),
                ("attacker_square", sq(&attacker.square)),
            ],
            IllegalReason::MustAnswerCheck { checkers } => {
                let mut args = Vec::new();
                if let Some(a) = checkers.first() {
                    args.push(("attacker", pc(&a.piece)));
                    args.push(("attacker_square", sq(&a.square)));
                }
                if let Some(a) = checkers.get(1) {
                    args.push(("attacker2", pc(&a.piece)));
                    args.push(("attacker2_square", sq(&a.square)));
                }
                args
            }
            IllegalReason::Pinned {
                piece,
                from,
                to,
                attacker,
            } => vec![
                ("piece", pc(piece)),
                ("from", sq(from)),
                ("to", sq(to)),
                ("attacker", pc(&attacker.piece)),
                ("attacker_square", sq(&attacker.square)),
            ],
            IllegalReason::EnPassantExposesKing {
                from,
                to,
                captured,
                attacker,
            } => vec![
                ("from", sq(from)),
                ("to", sq(to)),
                ("captured", sq(captured)),
                ("attacker", pc(&attacker.piece)),
                ("attacker_square", sq(&attacker.square)),
            ],
            IllegalReason::KingIntoCheck { from, to, attacker } => vec![
                ("from", sq(from)),
                ("to", sq(to)),
                ("attacker", pc(&attacker.piece)),
                ("attacker_square", sq(&attacker.square)),
            ],
        };
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        i18n::message(lang, &key, &args)
    }
}

impl core::fmt::Display for IllegalReason {
    /// The English message.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for IllegalReason {}

/// The localised name of a role (`piece.<role>`).
pub(crate) fn piece_name(lang: Lang, role: Role) -> String {
    i18n::message(lang, &format!("piece.{}", role.name()), &[])
}

/// The localised name of a side (`color.white`, `color.black`).
pub(crate) fn color_name(lang: Lang, color: Color) -> String {
    i18n::message(lang, &format!("color.{}", color.name()), &[])
}

/// The localised name of a castling side (`castling_side.king_side`, …).
pub(crate) fn side_name(lang: Lang, side: CastlingSide) -> String {
    let key = match side {
        CastlingSide::KingSide => "castling_side.king_side",
        CastlingSide::QueenSide => "castling_side.queen_side",
    };
    i18n::message(lang, key, &[])
}

/// The king-move distance between two squares.
fn distance(a: Square, b: Square) -> u8 {
    let df = a.file().index().abs_diff(b.file().index());
    let dr = a.rank().index().abs_diff(b.rank().index());
    df.max(dr)
}

/// The square of `squares` nearest to `origin` (ties: the lowest square).
fn nearest(squares: Bitboard, origin: Square) -> Option<Square> {
    squares.min_by_key(|&s| distance(s, origin))
}

/// The first of `squares` that holds a piece, as an [`Attacker`].
fn first_attacker(board: &Board, squares: Bitboard) -> Option<Attacker> {
    squares.into_iter().find_map(|square| {
        board
            .piece_at(square)
            .map(|piece| Attacker { square, piece })
    })
}

impl Position {
    /// The legal move a learner meant by moving from `from` to `to` (with
    /// `promotion` for a pawn reaching the last rank), or why there is none.
    ///
    /// Castling may be given as the king's two-square move (e1g1, e1c1) or as
    /// the king onto its own rook (e1h1, e1a1).
    ///
    /// The reasons are checked in the order a teacher would give them, the most
    /// fundamental first:
    /// 1. the game is over (checkmate or stalemate);
    /// 2. there is no piece to move, or it is the opponent's, or it stays put;
    /// 3. a promotion piece was asked for where no pawn reaches the last rank,
    ///    or a pawn would become a king or a pawn;
    /// 4. for castling: no right left (king moved), no right on that side (rook
    ///    moved), in check, a piece in between, passing through or landing on
    ///    an attacked square;
    /// 5. an own piece or the enemy king on the target square;
    /// 6. the piece does not move that way (with the pawn's and the king's
    ///    special cases), or another piece is in the way;
    /// 7. the own king would be in check: an unanswered check, a pin, a line
    ///    opened by en passant, or the king stepping onto an attacked square;
    /// 8. a pawn reaching the last rank with no promotion piece chosen.
    ///
    /// ```
    /// use guoxiang_core::{IllegalReason, Move, MoveKind, Piece, Position, Role, Color, Square};
    /// let pos = Position::new();
    /// assert_eq!(
    ///     pos.explain(Square::E2, Square::E4, None),
    ///     Ok(Move::new(Square::E2, Square::E4, MoveKind::DoublePush))
    /// );
    /// assert_eq!(
    ///     pos.explain(Square::G1, Square::G3, None),
    ///     Err(IllegalReason::BadPieceMove {
    ///         piece: Piece::new(Color::White, Role::Knight),
    ///         from: Square::G1,
    ///         to: Square::G3,
    ///     })
    /// );
    /// ```
    pub fn explain(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, IllegalReason> {
        let us = self.turn();
        let board = self.board();

        if !self.has_legal_moves() {
            return Err(if self.is_check() {
                IllegalReason::GameOver {
                    reason: EndReason::Checkmate,
                    winner: Some(!us),
                }
            } else {
                IllegalReason::GameOver {
                    reason: EndReason::Stalemate,
                    winner: None,
                }
            });
        }

        let piece = match board.piece_at(from) {
            None => return Err(IllegalReason::EmptySquare { square: from }),
            Some(p) if p.color != us => {
                return Err(IllegalReason::NotYourPiece {
                    square: from,
                    piece: p,
                })
            }
            Some(p) => p,
        };
        if from == to {
            return Err(IllegalReason::SameSquare {
                square: from,
                piece,
            });
        }

        let last_rank = match us {
            Color::White => Rank::EIGHTH,
            Color::Black => Rank::FIRST,
        };
        let promotes = piece.role == Role::Pawn && to.rank() == last_rank;
        if let Some(role) = promotion {
            if !promotes {
                return Err(IllegalReason::PromotionNotAllowed {
                    piece,
                    from,
                    to,
                    promotion: role,
                });
            }
            if !Role::PROMOTIONS.contains(&role) {
                return Err(IllegalReason::BadPromotionRole {
                    from,
                    to,
                    promotion: role,
                });
            }
        }

        if piece.role == Role::King {
            if let Some(side) = self.castling_side_meant(from, to) {
                return self.explain_castling(side);
            }
        }

        let target = board.piece_at(to);
        if let Some(t) = target {
            if t.color == us {
                return Err(IllegalReason::OwnPieceOnTarget {
                    piece,
                    from,
                    to,
                    target: t,
                });
            }
            if t.role == Role::King {
                return Err(IllegalReason::KingCannotBeCaptured { piece, from, to });
            }
        }

        let kind = self.movement(piece, from, to, target)?;
        let m = match (kind, promotion) {
            (MoveKind::Normal, Some(role)) => Move::new(from, to, MoveKind::Promotion(role)),
            (kind, _) => Move::new(from, to, kind),
        };

        self.king_safety(piece, from, to, m)?;

        if promotes && promotion.is_none() {
            return Err(IllegalReason::MustPromote { from, to });
        }
        debug_assert!(self.is_legal(m), "explain accepted an illegal move {m:?}");
        Ok(m)
    }

    /// Which castling the king's move from `from` to `to` asks for, if any: the
    /// king on its home square going to the g- or c-file, or onto its own
    /// castling rook.
    fn castling_side_meant(&self, from: Square, to: Square) -> Option<CastlingSide> {
        let us = self.turn();
        let squares = self.castling_squares();
        if from != squares.king(us) {
            return None;
        }
        let our_rook = Some(Piece::new(us, Role::Rook));
        CastlingSide::ALL.into_iter().find(|&side| {
            to == CastlingSquares::king_to(us, side)
                || (to == squares.rook(us, side) && self.board().piece_at(to) == our_rook)
        })
    }

    fn explain_castling(&self, side: CastlingSide) -> Result<Move, IllegalReason> {
        let us = self.turn();
        let board = self.board();
        let squares = self.castling_squares();
        let king = self.our_king();
        let rook = squares.rook(us, side);
        let rights = self.castling_rights();
        if !rights.has(us, CastlingSide::KingSide) && !rights.has(us, CastlingSide::QueenSide) {
            return Err(IllegalReason::CastlingKingMoved { side, king });
        }
        if !rights.has(us, side) {
            return Err(IllegalReason::CastlingRookMoved { side, rook });
        }
        if let Some(checker) = first_attacker(board, self.checkers()) {
            return Err(IllegalReason::CastlingInCheck { side, checker });
        }
        let king_to = CastlingSquares::king_to(us, side);
        let rook_to = CastlingSquares::rook_to(us, side);
        let pieces = Bitboard::from_square(king) | Bitboard::from_square(rook);
        let must_be_empty = (between(king, king_to)
            | Bitboard::from_square(king_to)
            | between(rook, rook_to)
            | Bitboard::from_square(rook_to))
            - pieces;
        if let Some(square) = nearest(must_be_empty & board.occupied(), king) {
            if let Some(piece) = board.piece_at(square) {
                return Err(IllegalReason::CastlingBlocked {
                    side,
                    square,
                    piece,
                });
            }
        }
        let without_king = board.occupied().without(king);
        let mut path: Vec<Square> = between(king, king_to).collect();
        path.sort_by_key(|&s| distance(s, king));
        for square in path {
            if let Some(attacker) =
                first_attacker(board, board.attackers_of(square, !us, without_king))
            {
                return Err(IllegalReason::CastlingThroughCheck {
                    side,
                    square,
                    attacker,
                });
            }
        }
        if let Some(attacker) =
            first_attacker(board, board.attackers_of(king_to, !us, without_king))
        {
            return Err(IllegalReason::CastlingIntoCheck {
                side,
                square: king_to,
                attacker,
            });
        }
        Ok(Move::new(king, rook, MoveKind::Castle))
    }

    /// Whether `piece` moves from `from` to `to` by its own rules (the to-square
    /// holds `target`, never an own piece nor a king), and with what kind of move.
    fn movement(
        &self,
        piece: Piece,
        from: Square,
        to: Square,
        target: Option<Piece>,
    ) -> Result<MoveKind, IllegalReason> {
        let board = self.board();
        let occ = board.occupied();
        let bad = IllegalReason::BadPieceMove { piece, from, to };
        let blocked = |path: Bitboard| -> Result<MoveKind, IllegalReason> {
            match nearest(path & occ, from) {
                Some(square) => match board.piece_at(square) {
                    Some(blocker) => Err(IllegalReason::Blocked {
                        piece,
                        from,
                        to,
                        blocker,
                        square,
                    }),
                    None => Ok(MoveKind::Normal),
                },
                None => Ok(MoveKind::Normal),
            }
        };
        match piece.role {
            Role::Knight => {
                if knight_attacks(from).contains(to) {
                    Ok(MoveKind::Normal)
                } else {
                    Err(bad)
                }
            }
            Role::Bishop | Role::Rook | Role::Queen => {
                let reach = match piece.role {
                    Role::Bishop => bishop_attacks(from, Bitboard::EMPTY),
                    Role::Rook => rook_attacks(from, Bitboard::EMPTY),
                    _ => {
                        bishop_attacks(from, Bitboard::EMPTY) | rook_attacks(from, Bitboard::EMPTY)
                    }
                };
                if reach.contains(to) {
                    blocked(between(from, to))
                } else {
                    Err(bad)
                }
            }
            Role::King => {
                if king_attacks(from).contains(to) {
                    Ok(MoveKind::Normal)
                } else if from.rank() == to.rank()
                    && from.file().index().abs_diff(to.file().index()) == 2
                {
                    Err(IllegalReason::KingTwoSquares { from, to })
                } else {
                    Err(bad)
                }
            }
            Role::Pawn => self.pawn_movement(from, to, target, bad),
        }
    }

    fn pawn_movement(
        &self,
        from: Square,
        to: Square,
        target: Option<Piece>,
        bad: IllegalReason,
    ) -> Result<MoveKind, IllegalReason> {
        let us = self.turn();
        let board = self.board();
        let forward: i8 = if us == Color::White { 1 } else { -1 };
        let dr = (to.rank().index() as i8 - from.rank().index() as i8) * forward;
        let df = from.file().index().abs_diff(to.file().index());
        if dr < 0 {
            return Err(IllegalReason::PawnBackwards { from, to });
        }
        if dr == 0 {
            return Err(IllegalReason::PawnSideways { from, to });
        }
        match (df, dr) {
            (0, 1) => match target {
                Some(t) => Err(IllegalReason::PawnCapturesStraight {
                    from,
                    to,
                    target: t,
                }),
                None => Ok(MoveKind::Normal),
            },
            (0, 2) => {
                if from.relative_rank(us) != Rank::SECOND {
                    return Err(IllegalReason::PawnDoubleStepNotFromStart { from, to });
                }
                if let Some(mid) = from.offset(0, forward) {
                    if let Some(blocker) = board.piece_at(mid) {
                        return Err(IllegalReason::Blocked {
                            piece: Piece::new(us, Role::Pawn),
                            from,
                            to,
                            blocker,
                            square: mid,
                        });
                    }
                }
                match target {
                    Some(t) => Err(IllegalReason::PawnCapturesStraight {
                        from,
                        to,
                        target: t,
                    }),
                    None => Ok(MoveKind::DoublePush),
                }
            }
            (1, 1) => {
                if target.is_some() {
                    return Ok(MoveKind::Normal);
                }
                if self.pseudo_en_passant() == Some(to) {
                    return Ok(MoveKind::EnPassant);
                }
                let beside = Square::from_coords(to.file(), from.rank());
                if from.relative_rank(us) == Rank::FIFTH
                    && board.piece_at(beside) == Some(Piece::new(!us, Role::Pawn))
                {
                    Err(IllegalReason::EnPassantNotPossible {
                        from,
                        to,
                        pawn: beside,
                    })
                } else {
                    Err(IllegalReason::PawnDiagonalToEmpty { from, to })
                }
            }
            _ => Err(bad),
        }
    }

    /// Whether the move (which obeys the piece's rules) leaves the own king safe,
    /// and if not, why: an unanswered check, a pin, an en-passant line, or the
    /// king stepping onto an attacked square.
    fn king_safety(
        &self,
        piece: Piece,
        from: Square,
        to: Square,
        m: Move,
    ) -> Result<(), IllegalReason> {
        let us = self.turn();
        let board = self.board();
        let occ = board.occupied();
        if piece.role == Role::King {
            let attackers = board.attackers_of(to, !us, occ.without(from));
            return match first_attacker(board, attackers) {
                Some(attacker) => Err(IllegalReason::KingIntoCheck { from, to, attacker }),
                None => Ok(()),
            };
        }
        let king = self.our_king();
        let captured = if m.is_en_passant() {
            Square::from_coords(to.file(), from.rank())
        } else {
            to
        };
        let occ_after = (occ.without(from).without(captured)).with(to);
        let their_after = board.by_color(!us).without(captured);
        let attackers = board.attackers_of(king, !us, occ_after) & their_after;
        if attackers.is_empty() {
            return Ok(());
        }
        let checkers = self.checkers();
        if (attackers & checkers).any() {
            let checkers: Vec<Attacker> = checkers
                .into_iter()
                .filter_map(|square| {
                    board
                        .piece_at(square)
                        .map(|piece| Attacker { square, piece })
                })
                .collect();
            return Err(IllegalReason::MustAnswerCheck { checkers });
        }
        // A new line to the king was opened. When the moving piece alone stood on
        // it, that is a pin; otherwise en passant emptied two squares at once.
        let only_from = Bitboard::from_square(from);
        let pinner = attackers
            .into_iter()
            .find(|&s| between(king, s) & occ == only_from);
        match pinner.and_then(|s| first_attacker(board, Bitboard::from_square(s))) {
            Some(attacker) => Err(IllegalReason::Pinned {
                piece,
                from,
                to,
                attacker,
            }),
            None => match first_attacker(board, attackers) {
                Some(attacker) => Err(IllegalReason::EnPassantExposesKing {
                    from,
                    to,
                    captured,
                    attacker,
                }),
                None => Ok(()),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn pos(fen: &str) -> Position {
        match Position::from_fen(fen) {
            Ok(p) => p,
            Err(e) => panic!("bad test FEN {fen}: {e}"),
        }
    }

    fn sq(name: &str) -> Square {
        match name.parse() {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        }
    }

    fn why(fen: &str, from: &str, to: &str, promotion: Option<Role>) -> IllegalReason {
        match pos(fen).explain(sq(from), sq(to), promotion) {
            Ok(m) => panic!("{from}{to} was accepted as {m:?} in {fen}"),
            Err(r) => r,
        }
    }

    fn ok(fen: &str, from: &str, to: &str, promotion: Option<Role>) -> Move {
        match pos(fen).explain(sq(from), sq(to), promotion) {
            Ok(m) => m,
            Err(r) => panic!("{from}{to} refused in {fen}: {r:?} ({r})"),
        }
    }

    const W: Color = Color::White;
    const B: Color = Color::Black;
    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const CASTLE: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

    fn at(square: &str, color: Color, role: Role) -> Attacker {
        Attacker {
            square: sq(square),
            piece: Piece::new(color, role),
        }
    }

    #[test]
    fn the_game_is_over_after_checkmate() {
        let fools_mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        let r = why(fools_mate, "e2", "e4", None);
        assert_eq!(
            r,
            IllegalReason::GameOver {
                reason: EndReason::Checkmate,
                winner: Some(B)
            }
        );
        assert_eq!(
            r.message(Lang::En),
            "The game is already over. Checkmate: Black wins."
        );
        assert_eq!(r.message(Lang::ZhTw), "對局已經結束。將死，黑方獲勝。");
    }

    #[test]
    fn the_game_is_over_after_stalemate() {
        let r = why("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "h8", "g8", None);
        assert_eq!(
            r,
            IllegalReason::GameOver {
                reason: EndReason::Stalemate,
                winner: None
            }
        );
    }

    #[test]
    fn an_empty_square_has_nothing_to_move() {
        let r = why(START, "e4", "e5", None);
        assert_eq!(r, IllegalReason::EmptySquare { square: sq("e4") });
        assert_eq!(r.code(), "empty_square");
    }

    #[test]
    fn you_cannot_move_your_opponents_pieces() {
        let r = why(START, "e7", "e5", None);
        assert_eq!(
            r,
            IllegalReason::NotYourPiece {
                square: sq("e7"),
                piece: Piece::new(B, Role::Pawn)
            }
        );
        assert_eq!(
            r.message(Lang::En),
            "It is White to move, and the pawn on e7 belongs to Black. Move one of your own pieces."
        );
    }

    #[test]
    fn a_piece_must_leave_its_square() {
        let r = why(START, "e2", "e2", None);
        assert_eq!(r.code(), "same_square");
    }

    #[test]
    fn a_knight_moves_in_an_l() {
        let r = why(START, "g1", "g3", None);
        assert_eq!(
            r,
            IllegalReason::BadPieceMove {
                piece: Piece::new(W, Role::Knight),
                from: sq("g1"),
                to: sq("g3")
            }
        );
        assert!(r.message(Lang::En).contains("L shape"));
        assert!(r
            .message(Lang::ZhTw)
            .starts_with("g1上的馬不能一步走到g3。"));
    }

    #[test]
    fn a_bishop_cannot_move_along_a_file() {
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        assert_eq!(why(fen, "f1", "f3", None).code(), "bad_piece_move");
        assert_eq!(ok(fen, "f1", "b5", None), Move::normal(sq("f1"), sq("b5")));
    }

    #[test]
    fn pawns_never_move_backwards() {
        let r = why("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4", "e3", None);
        assert_eq!(
            r,
            IllegalReason::PawnBackwards {
                from: sq("e4"),
                to: sq("e3")
            }
        );
        // Backwards for Black is towards the eighth rank.
        let r = why("4k3/8/8/4p3/8/8/8/4K3 b - - 0 1", "e5", "d6", None);
        assert_eq!(r.code(), "pawn_backwards");
    }

    #[test]
    fn pawns_never_move_sideways() {
        let r = why("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4", "d4", None);
        assert_eq!(r.code(), "pawn_sideways");
    }

    #[test]
    fn a_pawn_cannot_capture_straight_ahead() {
        let r = why("4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1", "e4", "e5", None);
        assert_eq!(
            r,
            IllegalReason::PawnCapturesStraight {
                from: sq("e4"),
                to: sq("e5"),
                target: Piece::new(B, Role::Pawn)
            }
        );
    }

    #[test]
    fn a_pawn_moves_diagonally_only_to_capture() {
        let r = why(START, "e2", "d3", None);
        assert_eq!(
            r,
            IllegalReason::PawnDiagonalToEmpty {
                from: sq("e2"),
                to: sq("d3")
            }
        );
    }

    #[test]
    fn a_pawn_steps_twice_only_from_its_starting_rank() {
        let r = why("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "e3", "e5", None);
        assert_eq!(r.code(), "pawn_double_step");
    }

    #[test]
    fn a_pawn_cannot_step_three_squares() {
        let r = why(START, "e2", "e5", None);
        assert_eq!(r.code(), "bad_piece_move");
        assert!(r.message(Lang::ZhCn).contains("兵向前直走一格"));
    }

    #[test]
    fn a_double_step_is_blocked_by_a_piece_in_front() {
        let fen = "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 1";
        let r = why(fen, "c2", "c4", None);
        assert_eq!(
            r,
            IllegalReason::Blocked {
                piece: Piece::new(W, Role::Pawn),
                from: sq("c2"),
                to: sq("c4"),
                blocker: Piece::new(W, Role::Knight),
                square: sq("c3")
            }
        );
    }

    #[test]
    fn a_king_moves_two_squares_only_when_castling() {
        let fen = "4k3/8/8/8/3K4/8/8/8 w - - 0 1";
        assert_eq!(why(fen, "d4", "f4", None).code(), "king_two_squares");
        assert_eq!(why(fen, "d4", "d6", None).code(), "bad_piece_move");
    }

    #[test]
    fn a_rook_cannot_jump_over_pieces() {
        let r = why(START, "a1", "a3", None);
        assert_eq!(
            r,
            IllegalReason::Blocked {
                piece: Piece::new(W, Role::Rook),
                from: sq("a1"),
                to: sq("a3"),
                blocker: Piece::new(W, Role::Pawn),
                square: sq("a2")
            }
        );
        assert_eq!(
            r.message(Lang::En),
            "The rook on a1 cannot jump over other pieces: the pawn on a2 is in the way to a3."
        );
    }

    #[test]
    fn the_first_blocker_is_the_one_nearest_the_moving_piece() {
        // The queen on d1 looking at d8: d2 and d7 are both in the way.
        let r = why(START, "d1", "d6", None);
        match r {
            IllegalReason::Blocked { square, .. } => assert_eq!(square, sq("d2")),
            other => panic!("{other:?}"),
        }
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
        match why(fen, "d8", "d3", None) {
            IllegalReason::Blocked { square, .. } => assert_eq!(square, sq("d7")),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn you_cannot_capture_your_own_piece() {
        let r = why(START, "d1", "d2", None);
        assert_eq!(
            r,
            IllegalReason::OwnPieceOnTarget {
                piece: Piece::new(W, Role::Queen),
                from: sq("d1"),
                to: sq("d2"),
                target: Piece::new(W, Role::Pawn)
            }
        );
    }

    #[test]
    fn the_king_is_never_captured() {
        let r = why("4k3/4p3/8/8/8/8/8/4RK2 w - - 0 1", "e1", "e8", None);
        assert_eq!(r.code(), "capture_king");
    }

    #[test]
    fn en_passant_is_possible_right_after_the_double_step() {
        let m = ok("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5", "d6", None);
        assert_eq!(m, Move::new(sq("e5"), sq("d6"), MoveKind::EnPassant));
    }

    #[test]
    fn en_passant_is_no_longer_possible_a_move_later() {
        let r = why("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 3", "e5", "d6", None);
        assert_eq!(
            r,
            IllegalReason::EnPassantNotPossible {
                from: sq("e5"),
                to: sq("d6"),
                pawn: sq("d5")
            }
        );
        assert_eq!(r.code(), "en_passant_unavailable");
    }

    #[test]
    fn capturing_en_passant_can_expose_the_king_along_the_rank() {
        let r = why("8/8/8/KPp4r/8/8/8/7k w - c6 0 2", "b5", "c6", None);
        assert_eq!(
            r,
            IllegalReason::EnPassantExposesKing {
                from: sq("b5"),
                to: sq("c6"),
                captured: sq("c5"),
                attacker: at("h5", B, Role::Rook)
            }
        );
    }

    #[test]
    fn capturing_en_passant_with_a_pinned_pawn_is_a_pin() {
        // The e5 pawn is pinned on the e-file; it may not capture on d6.
        let r = why("4r1k1/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5", "d6", None);
        assert_eq!(
            r,
            IllegalReason::Pinned {
                piece: Piece::new(W, Role::Pawn),
                from: sq("e5"),
                to: sq("d6"),
                attacker: at("e8", B, Role::Rook)
            }
        );
    }

    #[test]
    fn a_pawn_reaching_the_last_rank_must_promote() {
        let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(
            why(fen, "a7", "a8", None),
            IllegalReason::MustPromote {
                from: sq("a7"),
                to: sq("a8")
            }
        );
        assert_eq!(
            ok(fen, "a7", "a8", Some(Role::Knight)),
            Move::new(sq("a7"), sq("a8"), MoveKind::Promotion(Role::Knight))
        );
    }

    #[test]
    fn only_a_pawn_reaching_the_last_rank_may_promote() {
        assert_eq!(
            why(START, "e2", "e4", Some(Role::Queen)).code(),
            "promotion_not_allowed"
        );
        assert_eq!(
            why(START, "g1", "f3", Some(Role::Queen)),
            IllegalReason::PromotionNotAllowed {
                piece: Piece::new(W, Role::Knight),
                from: sq("g1"),
                to: sq("f3"),
                promotion: Role::Queen
            }
        );
    }

    #[test]
    fn a_pawn_cannot_promote_to_a_king_or_a_pawn() {
        let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(
            why(fen, "a7", "a8", Some(Role::King)).code(),
            "bad_promotion_role"
        );
        assert_eq!(
            why(fen, "a7", "a8", Some(Role::Pawn)).code(),
            "bad_promotion_role"
        );
    }

    #[test]
    fn a_promotion_that_exposes_the_king_names_the_pin_first() {
        // The b7 pawn is pinned to the king on e7 by the rook on a7.
        let fen = "6k1/rP2K3/8/8/8/8/8/8 w - - 0 1";
        assert_eq!(why(fen, "b7", "b8", None).code(), "pinned");
    }

    #[test]
    fn a_pinned_piece_cannot_expose_its_king() {
        let fen = "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4";
        let r = why(fen, "c6", "e7", None);
        assert_eq!(
            r,
            IllegalReason::Pinned {
                piece: Piece::new(B, Role::Knight),
                from: sq("c6"),
                to: sq("e7"),
                attacker: at("b5", W, Role::Bishop)
            }
        );
        assert_eq!(
            r.message(Lang::En),
            "Your king would be in check: the bishop on b5 pins your knight on c6 to the king."
        );
        assert_eq!(
            r.message(Lang::ZhCn),
            "这步棋会让你的王被将军：b5上的象牵制着你c6上的马。"
        );
        assert_eq!(
            r.message(Lang::ZhTw),
            "這步棋會讓你的王被將軍：b5上的象牽制著你c6上的馬。"
        );
    }

    #[test]
    fn you_must_answer_a_check() {
        let r = why("4k3/8/8/8/8/8/3P4/r3K3 w - - 0 1", "d2", "d3", None);
        assert_eq!(
            r,
            IllegalReason::MustAnswerCheck {
                checkers: vec![at("a1", B, Role::Rook)]
            }
        );
        assert_eq!(r.code(), "must_answer_check");
    }

    #[test]
    fn a_pinned_piece_that_answers_a_check_is_still_pinned() {
        // The knight on d2 would capture the checking knight on f3, but the
        // bishop on a5 pins it to the king on e1.
        let fen = "4k3/8/8/b7/8/5n2/3N4/4K3 w - - 0 1";
        let r = why(fen, "d2", "f3", None);
        assert_eq!(
            r,
            IllegalReason::Pinned {
                piece: Piece::new(W, Role::Knight),
                from: sq("d2"),
                to: sq("f3"),
                attacker: at("a5", B, Role::Bishop)
            }
        );
    }

    #[test]
    fn against_a_double_check_only_the_king_may_move() {
        let fen = "4k3/8/8/8/8/5n2/3P4/r3K3 w - - 0 1";
        let r = why(fen, "d2", "d3", None);
        assert_eq!(r.code(), "must_answer_double_check");
        assert_eq!(
            r,
            IllegalReason::MustAnswerCheck {
                checkers: vec![at("a1", B, Role::Rook), at("f3", B, Role::Knight)]
            }
        );
        assert!(r.message(Lang::En).contains("double check"));
    }

    #[test]
    fn the_king_cannot_step_into_check() {
        let fen = "4k3/8/8/8/8/8/r7/4K3 w - - 0 1";
        assert_eq!(
            why(fen, "e1", "e2", None),
            IllegalReason::KingIntoCheck {
                from: sq("e1"),
                to: sq("e2"),
                attacker: at("a2", B, Role::Rook)
            }
        );
        assert_eq!(ok(fen, "e1", "d1", None), Move::normal(sq("e1"), sq("d1")));
    }

    #[test]
    fn the_king_cannot_retreat_along_the_line_of_a_check() {
        let r = why("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "e1", "f1", None);
        assert_eq!(
            r,
            IllegalReason::KingIntoCheck {
                from: sq("e1"),
                to: sq("f1"),
                attacker: at("a1", B, Role::Rook)
            }
        );
    }

    #[test]
    fn castling_is_given_as_the_kings_two_square_move_or_onto_the_rook() {
        let short = Move::new(sq("e1"), sq("h1"), MoveKind::Castle);
        let long = Move::new(sq("e1"), sq("a1"), MoveKind::Castle);
        assert_eq!(ok(CASTLE, "e1", "g1", None), short);
        assert_eq!(ok(CASTLE, "e1", "h1", None), short);
        assert_eq!(ok(CASTLE, "e1", "c1", None), long);
        assert_eq!(ok(CASTLE, "e1", "a1", None), long);
        let black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
        assert_eq!(
            ok(black, "e8", "c8", None),
            Move::new(sq("e8"), sq("a8"), MoveKind::Castle)
        );
    }

    #[test]
    fn castling_is_refused_when_the_king_has_moved() {
        let r = why("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", "e1", "g1", None);
        assert_eq!(
            r,
            IllegalReason::CastlingKingMoved {
                side: CastlingSide::KingSide,
                king: sq("e1")
            }
        );
    }

    #[test]
    fn castling_is_refused_when_that_rook_has_moved() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1";
        let expected = IllegalReason::CastlingRookMoved {
            side: CastlingSide::KingSide,
            rook: sq("h1"),
        };
        assert_eq!(why(fen, "e1", "g1", None), expected);
        assert_eq!(why(fen, "e1", "h1", None), expected);
        assert_eq!(
            why(fen, "e1", "g1", None).message(Lang::ZhCn),
            "你不能短易位：原来在h1上的车已经走动过或被吃掉了，这一侧已经不能再易位。"
        );
    }

    #[test]
    fn castling_is_refused_when_a_piece_stands_between() {
        let r = why("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "e1", "c1", None);
        assert_eq!(
            r,
            IllegalReason::CastlingBlocked {
                side: CastlingSide::QueenSide,
                square: sq("b1"),
                piece: Piece::new(W, Role::Knight)
            }
        );
        // The square nearest the king is named first.
        let r = why("r3k2r/8/8/8/8/8/8/RN1QK2R w KQkq - 0 1", "e1", "c1", None);
        match r {
            IllegalReason::CastlingBlocked { square, .. } => assert_eq!(square, sq("d1")),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn castling_is_refused_when_the_king_is_in_check() {
        let r = why("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "e1", "g1", None);
        assert_eq!(
            r,
            IllegalReason::CastlingInCheck {
                side: CastlingSide::KingSide,
                checker: at("e2", B, Role::Rook)
            }
        );
    }

    #[test]
    fn castling_is_refused_when_the_king_passes_through_an_attacked_square() {
        let r = why("r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1", "e1", "g1", None);
        assert_eq!(
            r,
            IllegalReason::CastlingThroughCheck {
                side: CastlingSide::KingSide,
                square: sq("f1"),
                attacker: at("a6", B, Role::Bishop)
            }
        );
        assert_eq!(r.code(), "castling_through_check");
        assert_eq!(
            r.message(Lang::En),
            "You cannot castle kingside: your king would pass over f1, which the bishop on a6 \
             attacks. When castling, the king may not cross an attacked square."
        );
    }

    #[test]
    fn castling_is_refused_when_the_king_would_land_in_check() {
        let r = why("r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1", "e1", "g1", None);
        assert_eq!(
            r,
            IllegalReason::CastlingIntoCheck {
                side: CastlingSide::KingSide,
                square: sq("g1"),
                attacker: at("g8", B, Role::Rook)
            }
        );
    }

    #[test]
    fn queenside_castling_does_not_mind_an_attack_on_b1() {
        let m = ok("1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", "e1", "c1", None);
        assert_eq!(m, Move::new(sq("e1"), sq("a1"), MoveKind::Castle));
    }

    /// One of each reason, for checking codes and messages; the `match` makes
    /// this fail to compile when a variant is added and not listed.
    fn one_of_each() -> Vec<IllegalReason> {
        let (a, b) = (sq("a1"), sq("b2"));
        let p = Piece::new(W, Role::Rook);
        let att = at("c3", B, Role::Bishop);
        let side = CastlingSide::QueenSide;
        let all = vec![
            IllegalReason::GameOver {
                reason: EndReason::Resignation,
                winner: Some(W),
            },
            IllegalReason::EmptySquare { square: a },
            IllegalReason::NotYourPiece {
                square: a,
                piece: p,
            },
            IllegalReason::SameSquare {
                square: a,
                piece: p,
            },
            IllegalReason::PromotionNotAllowed {
                piece: p,
                from: a,
                to: b,
                promotion: Role::Queen,
            },
            IllegalReason::BadPromotionRole {
                from: a,
                to: b,
                promotion: Role::King,
            },
            IllegalReason::OwnPieceOnTarget {
                piece: p,
                from: a,
                to: b,
                target: p,
            },
            IllegalReason::KingCannotBeCaptured {
                piece: p,
                from: a,
                to: b,
            },
            IllegalReason::BadPieceMove {
                piece: p,
                from: a,
                to: b,
            },
            IllegalReason::PawnBackwards { from: a, to: b },
            IllegalReason::PawnSideways { from: a, to: b },
            IllegalReason::PawnCapturesStraight {
                from: a,
                to: b,
                target: p,
            },
            IllegalReason::PawnDiagonalToEmpty { from: a, to: b },
            IllegalReason::PawnDoubleStepNotFromStart { from: a, to: b },
            IllegalReason::KingTwoSquares { from: a, to: b },
            IllegalReason::EnPassantNotPossible {
                from: a,
                to: b,
                pawn: b,
            },
            IllegalReason::Blocked {
                piece: p,
                from: a,
                to: b,
                blocker: p,
                square: b,
            },
            IllegalReason::CastlingKingMoved { side, king: a },
            IllegalReason::CastlingRookMoved { side, rook: a },
            IllegalReason::CastlingInCheck { side, checker: att },
            IllegalReason::CastlingBlocked {
                side,
                square: a,
                piece: p,
            },
            IllegalReason::CastlingThroughCheck {
                side,
                square: a,
                attacker: att,
            },
            IllegalReason::CastlingIntoCheck {
                side,
                square: a,
                attacker: att,
            },
            IllegalReason::MustAnswerCheck {
                checkers: vec![att],
            },
            IllegalReason::MustAnswerCheck {
                checkers: vec![att, at("d4", B, Role::Knight)],
            },
            IllegalReason::Pinned {
                piece: p,
                from: a,
                to: b,
                attacker: att,
            },
            IllegalReason::EnPassantExposesKing {
                from: a,
                to: b,
                captured: b,
                attacker: att,
            },
            IllegalReason::KingIntoCheck {
                from: a,
                to: b,
                attacker: att,
            },
            IllegalReason::MustPromote { from: a, to: b },
        ];
        for r in &all {
            match r {
                IllegalReason::GameOver { .. }
                | IllegalReason::EmptySquare { .. }
                | IllegalReason::NotYourPiece { .. }
                | IllegalReason::SameSquare { .. }
                | IllegalReason::PromotionNotAllowed { .. }
                | IllegalReason::BadPromotionRole { .. }
                | IllegalReason::OwnPieceOnTarget { .. }
                | IllegalReason::KingCannotBeCaptured { .. }
                | IllegalReason::BadPieceMove { .. }
                | IllegalReason::PawnBackwards { .. }
                | IllegalReason::PawnSideways { .. }
                | IllegalReason::PawnCapturesStraight { .. }
                | IllegalReason::PawnDiagonalToEmpty { .. }
                | IllegalReason::PawnDoubleStepNotFromStart { .. }
                | IllegalReason::KingTwoSquares { .. }
                | IllegalReason::EnPassantNotPossible { .. }
                | IllegalReason::Blocked { .. }
                | IllegalReason::CastlingKingMoved { .. }
                | IllegalReason::CastlingRookMoved { .. }
                | IllegalReason::CastlingInCheck { .. }
                | IllegalReason::CastlingBlocked { .. }
                | IllegalReason::CastlingThroughCheck { .. }
                | IllegalReason::CastlingIntoCheck { .. }
                | IllegalReason::MustAnswerCheck { .. }
                | IllegalReason::Pinned { .. }
                | IllegalReason::EnPassantExposesKing { .. }
                | IllegalReason::KingIntoCheck { .. }
                | IllegalReason::MustPromote { .. } => {}
            }
        }
        all
    }

    /// The message in every language, checked to be complete.
    fn check_messages(r: &IllegalReason) {
        for lang in Lang::ALL {
            let text = r.message(lang);
            assert!(
                !text.contains('{') && !text.contains('}') && !text.starts_with("illegal."),
                "{lang:?} message for {r:?} is incomplete: {text}"
            );
        }
    }

    #[test]
    fn every_reason_has_a_distinct_code_and_a_complete_message() {
        let all = one_of_each();
        let codes: Vec<&str> = all.iter().map(IllegalReason::code).collect();
        assert_eq!(codes, IllegalReason::CODES.to_vec());
        let mut unique = codes.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), codes.len());
        for r in &all {
            check_messages(r);
            assert!(r
                .code()
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'_'));
        }
        for e in EndReason::ALL {
            for lang in Lang::ALL {
                let winner = e.is_decisive().then_some(B);
                let text = e.message(lang, winner);
                assert!(!text.contains('{'), "{e:?} {lang:?}: {text}");
            }
        }
    }

    /// A small deterministic generator (xorshift64*).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// Checks what each reason claims against the board.
    fn check_claims(p: &Position, from: Square, to: Square, r: &IllegalReason) {
        let board = p.board();
        let us = p.turn();
        let occ = board.occupied();
        let holds = |a: &Attacker| board.piece_at(a.square) == Some(a.piece) && a.piece.color != us;
        match r {
            IllegalReason::GameOver { .. } => assert!(!p.has_legal_moves()),
            IllegalReason::EmptySquare { square } => {
                assert!(*square == from && board.piece_at(from).is_none())
            }
            IllegalReason::NotYourPiece { piece, .. } => assert_ne!(piece.color, us),
            IllegalReason::SameSquare { .. } => assert_eq!(from, to),
            IllegalReason::OwnPieceOnTarget { target, .. } => {
                assert_eq!(board.piece_at(to), Some(*target));
                assert_eq!(target.color, us);
            }
            IllegalReason::KingCannotBeCaptured { .. } => {
                assert_eq!(board.piece_at(to), Some(Piece::new(!us, Role::King)))
            }
            IllegalReason::Blocked {
                square, blocker, ..
            } => {
                assert_eq!(board.piece_at(*square), Some(*blocker));
                assert!(between(from, to).contains(*square));
            }
            IllegalReason::PawnCapturesStraight { target, .. } => {
                assert_eq!(board.piece_at(to), Some(*target))
            }
            IllegalReason::PawnDiagonalToEmpty { .. }
            | IllegalReason::EnPassantNotPossible { .. } => assert!(!occ.contains(to)),
            IllegalReason::CastlingInCheck { checker, .. } => {
                assert!(holds(checker) && p.checkers().contains(checker.square))
            }
            IllegalReason::CastlingBlocked { square, piece, .. } => {
                assert_eq!(board.piece_at(*square), Some(*piece))
            }
            IllegalReason::CastlingThroughCheck {
                square, attacker, ..
            }
            | IllegalReason::CastlingIntoCheck {
                square, attacker, ..
            } => {
                assert!(holds(attacker));
                let attackers = board.attackers_of(*square, !us, occ.without(from));
                assert!(attackers.contains(attacker.square));
            }
            IllegalReason::MustAnswerCheck { checkers } => {
                assert_eq!(checkers.len() as u32, p.checkers().count());
                assert!(checkers
                    .iter()
                    .all(|c| holds(c) && p.checkers().contains(c.square)));
            }
            IllegalReason::Pinned {
                attacker, piece, ..
            } => {
                assert!(holds(attacker));
                assert_eq!(board.piece_at(from), Some(*piece));
                let king = p.our_king();
                assert_eq!(
                    between(king, attacker.square) & occ,
                    Bitboard::from_square(from)
                );
            }
            IllegalReason::EnPassantExposesKing { attacker, .. } => assert!(holds(attacker)),
            IllegalReason::KingIntoCheck { attacker, .. } => {
                assert!(holds(attacker));
                let attackers = board.attackers_of(to, !us, occ.without(from));
                assert!(attackers.contains(attacker.square));
            }
            _ => {}
        }
    }

    /// `explain` for one request, checked against the move generator: it must
    /// accept exactly the legal move meant, and its reasons must hold.
    fn agree(
        p: &Position,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, IllegalReason> {
        let expected = p.legal_moves().iter().copied().find(|m| {
            m.from() == from
                && m.promotion() == promotion
                && (m.to() == to || (m.is_castle() && m.king_to() == to))
        });
        match (p.explain(from, to, promotion), expected) {
            (Ok(m), Some(e)) => {
                assert_eq!(m, e, "{p:?} {from}{to} {promotion:?}");
                Ok(m)
            }
            (Err(r), None) => {
                check_claims(p, from, to, &r);
                check_messages(&r);
                Err(r)
            }
            (got, expected) => panic!(
                "{p:?} {from}{to} {promotion:?}: explain says {got:?}, \
                 the move generator {expected:?}"
            ),
        }
    }

    #[test]
    fn explain_agrees_with_the_move_generator_on_every_request_in_tricky_positions() {
        let tricky = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "r3k2r/8/b7/8/8/8/4n3/R3K2R w KQkq - 0 1",
            "r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1",
            "1r2k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1",
            "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
            "4r1k1/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
            "4k3/8/8/8/8/5n2/3P4/r3K3 w - - 0 1",
            "1n2k3/P7/8/8/8/8/7p/4K1N1 w - - 0 1",
        ];
        let promotions = [
            None,
            Some(Role::Queen),
            Some(Role::Knight),
            Some(Role::King),
        ];
        for fen in tricky {
            let p = pos(fen);
            let mut accepted = 0;
            for from in Square::all() {
                for to in Square::all() {
                    for promotion in promotions {
                        accepted += usize::from(agree(&p, from, to, promotion).is_ok());
                    }
                }
            }
            // Each legal move asked for once; castling twice (to the g- or
            // c-file, and onto the rook).
            let legal = p.legal_moves();
            let asked = legal
                .iter()
                .filter(|m| promotions.contains(&m.promotion()))
                .count();
            let castles = legal.iter().filter(|m| m.is_castle()).count();
            assert_eq!(accepted, asked + castles, "{fen}");
        }
    }

    #[test]
    fn explain_agrees_with_the_move_generator_on_random_positions() {
        let seeds = [
            START,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/3P1N2/PPP1NPPP/R4RK1 w - - 0 10",
            CASTLE,
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
            "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
        ];
        let promotions = [Some(Role::Queen), Some(Role::Knight), Some(Role::King)];
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut codes: BTreeMap<&'static str, usize> = BTreeMap::new();
        let (mut positions, mut pairs, mut accepted) = (0usize, 0usize, 0usize);
        for seed in seeds {
            for _game in 0..4 {
                let mut p = pos(seed);
                for _ply in 0..120 {
                    positions += 1;
                    let legal = p.legal_moves();
                    let ours: Vec<Square> = p.board().by_color(p.turn()).collect();
                    for i in 0..80 {
                        // Mostly our own pieces; sometimes any square.
                        let from = if i % 5 == 0 {
                            Square::from_index_masked(rng.below(64) as u32)
                        } else {
                            ours[rng.below(ours.len())]
                        };
                        // Half the time a square the piece can plausibly reach.
                        let to = if i % 2 == 0 && !legal.is_empty() {
                            let m = legal[rng.below(legal.len())];
                            if rng.below(3) == 0 {
                                m.king_to()
                            } else {
                                m.to()
                            }
                        } else {
                            Square::from_index_masked(rng.below(64) as u32)
                        };
                        // A promotion piece mostly where a pawn reaches the last
                        // rank, and now and then anywhere.
                        let pawn_to_last_rank = p.board().piece_at(from)
                            == Some(Piece::new(p.turn(), Role::Pawn))
                            && to.relative_rank(p.turn()) == Rank::EIGHTH;
                        let promotion = if rng.below(if pawn_to_last_rank { 4 } else { 20 }) > 0 {
                            None
                        } else {
                            promotions[rng.below(promotions.len())]
                        };
                        pairs += 1;
                        match agree(&p, from, to, promotion) {
                            Ok(_) => accepted += 1,
                            Err(r) => *codes.entry(r.code()).or_default() += 1,
                        }
                    }
                    // Every legal move is accepted as itself.
                    for &m in &legal {
                        assert_eq!(p.explain(m.from(), m.to(), m.promotion()), Ok(m));
                        assert_eq!(p.explain(m.from(), m.king_to(), m.promotion()), Ok(m));
                    }
                    if legal.is_empty() {
                        break;
                    }
                    p = p.after(legal[rng.below(legal.len())]);
                }
            }
        }
        eprintln!("{positions} positions, {pairs} pairs, {accepted} accepted; reasons: {codes:?}");
        assert!(pairs > 10_000 && accepted > 1_000);
        // The rarest reasons (castling through or into check, en passant
        // exposing the king, double check) have their own tests above.
        for code in [
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
            "castling_blocked",
            "must_answer_check",
            "pinned",
            "king_into_check",
            "must_promote",
        ] {
            assert!(codes.contains_key(code), "no {code} in {codes:?}");
        }
    }
}
