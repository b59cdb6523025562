//! Why a move is illegal, said the way a chess teacher would say it.
//!
//! [`Position::explain`] takes what a learner tried (a from-square, a to-square
//! and perhaps a promotion piece) and returns either the legal [`Move`] they meant
//! or an [`IllegalReason`]: a closed set of reasons, each carrying the squares and
//! pieces involved, checked in teaching order (the most fundamental problem
//! first). [`IllegalReason::code`] gives a stable machine code; the sentence for a
//! learner, in English, Simplified or Traditional Chinese, is the `guoxiang-i18n`
//! crate's.

mod reason;
#[cfg(test)]
mod tests;

pub use reason::{Attacker, IllegalReason};

use crate::attacks::{between, bishop_attacks, king_attacks, knight_attacks, rook_attacks};
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::{
    Bitboard, Board, CastlingSide, CastlingSquares, Color, Move, MoveKind, Piece, Position, Rank,
    Role, Square,
};

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
                    outcome: Outcome::Decisive {
                        winner: !us,
                        reason: WinReason::Checkmate,
                    },
                }
            } else {
                IllegalReason::GameOver {
                    outcome: Outcome::Draw {
                        reason: DrawReason::Stalemate,
                    },
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
