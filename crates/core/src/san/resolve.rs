//! Resolving SAN: the one legal move a [`San`] means in a position, or why there is
//! none. The common case (exactly one legal candidate) is matched while the legal moves
//! are generated, with nothing listed; everything else (castling, errors, ambiguity)
//! goes to the general resolver, so results and errors are always its. A move written
//! with its whole from-square and no piece letter (`g1f3`, `e2-e4`, `e7e8q`: long
//! algebraic or UCI) means the piece standing there, whatever it is, as python-chess
//! reads it.

use super::{San, SanError};
use crate::from_to::FromTo;
use crate::movegen::{PawnKind, Sink};
use crate::position::role_bit;
use crate::{Bitboard, File, Move, MoveKind, Position, Rank, Role, Square};

impl San {
    /// The legal move this SAN means in `pos`.
    ///
    /// ```
    /// use guoxiang_core::{san::San, Position};
    /// let pos = Position::new();
    /// let nf3 = San::from_ascii(b"Nf3").unwrap().to_move(&pos).unwrap();
    /// assert_eq!(San::from_ascii(b"g1f3").unwrap().to_move(&pos), Ok(nf3));
    /// assert_eq!(San::from_ascii(b"Ng1-f3").unwrap().to_move(&pos), Ok(nf3));
    /// assert!(San::from_ascii(b"Nf4").unwrap().to_move(&pos).is_err());
    /// ```
    #[inline]
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        if let San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } = *self
        {
            if let (Role::Pawn, Some(f), Some(r)) = (role, file, rank) {
                return self.resolve_by_from_square(pos, Square::from_coords(f, r), to, promotion);
            }
            let mut matcher = Matcher {
                file,
                rank,
                pawn_file: (role == Role::Pawn && file.is_none() && !capture).then(|| to.file()),
                promotion,
                count: 0,
                found: None,
            };
            pos.generate_for(&mut matcher, role_bit(role), Bitboard::from_square(to));
            if let (1, Some(m)) = (matcher.count, matcher.found) {
                return Ok(m);
            }
        }
        self.resolve(pos)
    }

    /// A move written with its from-square and no piece letter: whatever piece
    /// stands on `from`, castling included (`e1g1`, `e1h1`).
    fn resolve_by_from_square(
        &self,
        pos: &Position,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, SanError> {
        let asked = FromTo {
            from,
            to,
            promotion,
        };
        if let Some(m) = asked.to_move(pos) {
            return Ok(m);
        }
        let promotes = FromTo {
            promotion: Some(Role::Queen),
            ..asked
        };
        if promotion.is_none() && promotes.to_move(pos).is_some() {
            return Err(SanError::MissingPromotion {
                san: self.to_string(),
            });
        }
        let reason = match pos.board().piece_at(from) {
            Some(p) if p.color == pos.turn() => "that piece cannot legally move there",
            _ => "the side to move has no piece on that square",
        };
        Err(SanError::Illegal {
            san: self.to_string(),
            reason,
        })
    }

    /// The general resolver: every case, with the errors (null move, castling,
    /// no candidate, a missing promotion piece, ambiguity).
    fn resolve(&self, pos: &Position) -> Result<Move, SanError> {
        match *self {
            San::Null => Err(SanError::Illegal {
                san: self.to_string(),
                reason: "a null move is not a chess move",
            }),
            San::Castle(side) => {
                let us = pos.turn();
                let rook = pos.castling_squares().rook(us, side);
                let king = pos.our_king();
                let m = Move::new(king, rook, MoveKind::Castle);
                if pos.castling_rights().has(us, side)
                    && pos
                        .legal_moves_of(Role::King, Bitboard::from_square(rook))
                        .contains(m)
                {
                    Ok(m)
                } else {
                    Err(SanError::Illegal {
                        san: self.to_string(),
                        reason: "castling is not possible now",
                    })
                }
            }
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                let candidates = pos.legal_moves_of(role, Bitboard::from_square(to));
                let mut found: Option<Move> = None;
                let mut count = 0;
                // The squares of the matching pieces; named only if ambiguous.
                let mut froms = Bitboard::EMPTY;
                let mut needs_promotion = false;
                for &m in candidates.iter() {
                    if m.is_castle()
                        || file.is_some_and(|f| m.from().file() != f)
                        || rank.is_some_and(|r| m.from().rank() != r)
                    {
                        continue;
                    }
                    // A pawn written without a file stays on its file: `e4` is never `dxe4`.
                    if role == Role::Pawn
                        && file.is_none()
                        && !capture
                        && m.from().file() != to.file()
                    {
                        continue;
                    }
                    if m.promotion() != promotion {
                        needs_promotion |= promotion.is_none() && m.promotion().is_some();
                        continue;
                    }
                    count += 1;
                    froms |= Bitboard::from_square(m.from());
                    found = Some(m);
                }
                match (count, found) {
                    (1, Some(m)) => Ok(m),
                    (0, _) if needs_promotion => Err(SanError::MissingPromotion {
                        san: self.to_string(),
                    }),
                    (0, _) => Err(SanError::Illegal {
                        san: self.to_string(),
                        reason: "no piece of that kind can legally move there",
                    }),
                    _ => Err(SanError::Ambiguous {
                        san: self.to_string(),
                        candidates: froms
                            .map(|sq| sq.to_string())
                            .collect::<Vec<_>>()
                            .join(", "),
                    }),
                }
            }
        }
    }
}

/// Counts the legal moves that fit a SAN move's constraints, as they are generated.
struct Matcher {
    file: Option<File>,
    rank: Option<Rank>,
    /// A pawn written without a file and without capture stays on this file.
    pawn_file: Option<File>,
    promotion: Option<Role>,
    count: u32,
    found: Option<Move>,
}

impl Matcher {
    #[inline]
    fn origin_fits(&self, from: Square) -> bool {
        self.file.is_none_or(|f| from.file() == f)
            && self.rank.is_none_or(|r| from.rank() == r)
            && self.pawn_file.is_none_or(|f| from.file() == f)
    }

    #[inline]
    fn hit(&mut self, m: Move) {
        self.count += 1;
        self.found = Some(m);
    }
}

impl Sink for Matcher {
    #[inline]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        if self.promotion.is_none() && self.origin_fits(from) {
            for to in targets {
                self.hit(Move::normal(from, to));
            }
        }
    }

    #[inline]
    fn pawns(&mut self, targets: Bitboard, offset: i8, kind: PawnKind) {
        for to in targets {
            let from = Square::from_index_masked((to.index() as i32 - offset as i32) as u32);
            if !self.origin_fits(from) {
                continue;
            }
            match (kind, self.promotion) {
                (PawnKind::Normal, None) => self.hit(Move::normal(from, to)),
                (PawnKind::Double, None) => self.hit(Move::new(from, to, MoveKind::DoublePush)),
                (PawnKind::Promotion, Some(r)) => {
                    self.hit(Move::new(from, to, MoveKind::Promotion(r)))
                }
                _ => {}
            }
        }
    }

    #[inline]
    fn one(&mut self, m: Move) {
        if !m.is_castle() && m.promotion() == self.promotion && self.origin_fits(m.from()) {
            self.hit(m);
        }
    }
}
