//! A move given by its squares, as a learner clicks or types it: `e2e4`, `e2-e4`,
//! `e2xe4`, `e7e8q`, `e7e8=Q`. [`FromTo::parse`] reads it (the one from-to reader for
//! the command line and the server), [`FromTo::to_move`] finds the legal move it means,
//! and [`Position::explain`] says why there is none.

use crate::{
    Bitboard, CastlingSide, CastlingSquares, File, Move, MoveKind, Position, Role, Square,
};
use core::fmt;
use core::str::FromStr;

/// A move as its from-square, its to-square and perhaps a promotion piece, before it
/// is matched against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FromTo {
    pub from: Square,
    pub to: Square,
    /// Any role is read, the king and the pawn too, so that
    /// [`Position::explain`] can say why a pawn cannot become one.
    pub promotion: Option<Role>,
}

/// Text that is not a move given by its squares.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a move given by its squares: expected a from-square and a to-square, perhaps a promotion piece, such as e2e4, e2-e4 or e7e8q")]
pub struct FromToError {
    /// The text (its first 16 characters).
    pub text: String,
}

impl FromTo {
    /// Reads a from-square and a to-square, optionally separated by `-`, `x` or `:`,
    /// then optionally a promotion piece (`q`, `=Q`; any case, any role). Spaces
    /// around are ignored.
    ///
    /// ```
    /// use guoxiang_core::{FromTo, Role, Square};
    /// let m = FromTo::parse("e7xd8=Q").unwrap();
    /// assert_eq!((m.from, m.to, m.promotion), (Square::E7, Square::D8, Some(Role::Queen)));
    /// assert_eq!(FromTo::parse("e2-e4").unwrap(), FromTo::parse("e2e4").unwrap());
    /// assert_eq!(FromTo::parse("e7e8k").unwrap().promotion, Some(Role::King));
    /// assert!(FromTo::parse("Nf3").is_err());
    /// assert!(FromTo::parse("e2e4e").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<FromTo, FromToError> {
        let err = || FromToError {
            text: text.chars().take(16).collect(),
        };
        let s = text.trim().as_bytes();
        let square = |b: &[u8]| -> Option<Square> {
            match *b {
                [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(Square::from_coords(
                    File::new(f - b'a')?,
                    crate::Rank::new(r - b'1')?,
                )),
                _ => None,
            }
        };
        let from = s.get(0..2).and_then(square).ok_or_else(err)?;
        let rest = match s.get(2..).ok_or_else(err)? {
            [b'-' | b'x' | b':', rest @ ..] => rest,
            rest => rest,
        };
        let to = rest.get(0..2).and_then(square).ok_or_else(err)?;
        let promotion = match rest.get(2..).ok_or_else(err)? {
            [] => None,
            [p] | [b'=', p] => Some(Role::from_char(*p as char).ok_or_else(err)?),
            _ => return Err(err()),
        };
        Ok(FromTo {
            from,
            to,
            promotion,
        })
    }

    /// The legal move this means in `pos`, if there is one. Castling may be given as
    /// the king's two-square step (`e1g1`) or as the king onto its own rook (`e1h1`).
    ///
    /// ```
    /// use guoxiang_core::{FromTo, Position};
    /// let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// let castle = pos.parse_san("O-O").unwrap();
    /// assert_eq!(FromTo::parse("e1g1").unwrap().to_move(&pos), Some(castle));
    /// assert_eq!(FromTo::parse("e1h1").unwrap().to_move(&pos), Some(castle));
    /// assert_eq!(FromTo::parse("e1e3").unwrap().to_move(&pos), None);
    /// ```
    pub fn to_move(self, pos: &Position) -> Option<Move> {
        let FromTo {
            from,
            to,
            promotion,
        } = self;
        let us = pos.turn();
        let role = match pos.board().piece_at(from) {
            Some(p) if p.color == us => p.role,
            _ => return None,
        };
        if role == Role::King && promotion.is_none() && from == pos.our_king() {
            for side in CastlingSide::ALL {
                let rook = pos.castling_squares().rook(us, side);
                let king_to = CastlingSquares::king_to(us, side);
                if (to == king_to && from.file() == File::E) || to == rook {
                    let m = Move::new(from, rook, MoveKind::Castle);
                    if pos.castling_rights().has(us, side)
                        && pos
                            .legal_moves_of(Role::King, Bitboard::from_square(rook))
                            .contains(m)
                    {
                        return Some(m);
                    }
                }
            }
        }
        pos.legal_moves_of(role, Bitboard::from_square(to))
            .iter()
            .copied()
            .find(|m| !m.is_castle() && m.from() == from && m.promotion() == promotion)
    }
}

impl FromStr for FromTo {
    type Err = FromToError;

    fn from_str(s: &str) -> Result<FromTo, FromToError> {
        FromTo::parse(s)
    }
}

impl fmt::Display for FromTo {
    /// The UCI-like form: `e2e4`, `e7e8q`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(p) = self.promotion {
            write!(f, "{}", p.lower_char())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_may_be_separated_by_a_dash_a_cross_or_a_colon() {
        for text in ["e2e4", "e2-e4", "e2xe4", "e2:e4", " e2e4 "] {
            let m = FromTo::parse(text).unwrap();
            assert_eq!(
                (m.from, m.to, m.promotion),
                (Square::E2, Square::E4, None),
                "{text}"
            );
        }
    }

    #[test]
    fn a_promotion_piece_may_follow_with_or_without_an_equals_sign() {
        for (text, role) in [
            ("e7e8q", Role::Queen),
            ("e7e8=Q", Role::Queen),
            ("e7-e8N", Role::Knight),
            ("e7e8r", Role::Rook),
            ("e7e8b", Role::Bishop),
            ("e7e8k", Role::King),
            ("e7e8p", Role::Pawn),
        ] {
            assert_eq!(FromTo::parse(text).unwrap().promotion, Some(role), "{text}");
        }
    }

    #[test]
    fn anything_else_is_refused() {
        for text in [
            "", "e2", "e2e", "e2e9", "i2e4", "e2--e4", "e2e4qq", "e2e4=", "e2e4x", "Nf3", "O-O",
            "e2 e4", "é2e4", "e7e8=",
        ] {
            assert!(FromTo::parse(text).is_err(), "{text}");
        }
    }

    #[test]
    fn it_is_written_back_as_uci() {
        assert_eq!(FromTo::parse("e7-e8=Q").unwrap().to_string(), "e7e8q");
    }

    #[test]
    fn a_promotion_must_be_named_and_must_be_a_piece_a_pawn_may_become() {
        let pos = Position::from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert!(FromTo::parse("a7a8").unwrap().to_move(&pos).is_none());
        assert!(FromTo::parse("a7a8k").unwrap().to_move(&pos).is_none());
        assert!(FromTo::parse("a7a8q").unwrap().to_move(&pos).is_some());
    }
}
