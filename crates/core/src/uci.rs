//! UCI move notation (`e2e4`, `e7e8q`, castling as `e1g1`), both ways.

use crate::{Move, Position, Role, Square};
use core::fmt;

/// A move in UCI notation, before it is matched against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UciMove {
    Normal {
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
    /// `0000`.
    Null,
}

/// What was wrong with a UCI move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UciError {
    #[error("{text:?} is not a UCI move: expected from-square, to-square and an optional promotion letter, such as e2e4 or e7e8q")]
    Syntax { text: String },
    #[error("{uci} is not a legal move here")]
    Illegal { uci: String },
}

impl UciMove {
    /// Reads `e2e4`, `e7e8q` or `0000`.
    ///
    /// ```
    /// use guoxiang_core::uci::UciMove;
    /// assert_eq!(UciMove::from_ascii(b"e7e8q").unwrap().to_string(), "e7e8q");
    /// assert!(UciMove::from_ascii(b"e9e8").is_err());
    /// ```
    pub fn from_ascii(s: &[u8]) -> Result<UciMove, UciError> {
        let err = || UciError::Syntax {
            text: String::from_utf8_lossy(&s[..s.len().min(16)]).into_owned(),
        };
        if s == b"0000" {
            return Ok(UciMove::Null);
        }
        if (s.len() != 4 && s.len() != 5) || !s.is_ascii() {
            return Err(err());
        }
        let text = core::str::from_utf8(s).map_err(|_| err())?;
        let from: Square = text[0..2].parse().map_err(|_| err())?;
        let to: Square = text[2..4].parse().map_err(|_| err())?;
        let promotion = match s.get(4) {
            None => None,
            Some(b'q') => Some(Role::Queen),
            Some(b'r') => Some(Role::Rook),
            Some(b'b') => Some(Role::Bishop),
            Some(b'n') => Some(Role::Knight),
            Some(_) => return Err(err()),
        };
        Ok(UciMove::Normal {
            from,
            to,
            promotion,
        })
    }

    /// The UCI form of a legal move (castling as the king's two-square step).
    pub fn from_move(m: Move) -> UciMove {
        if m.is_null() {
            return UciMove::Null;
        }
        UciMove::Normal {
            from: m.from(),
            to: m.king_to(),
            promotion: m.promotion(),
        }
    }

    /// The legal move this means in `pos`. Castling may be given as the king's
    /// two-square step (`e1g1`) or as the king onto its rook (`e1h1`).
    pub fn to_move(&self, pos: &Position) -> Result<Move, UciError> {
        let UciMove::Normal {
            from,
            to,
            promotion,
        } = *self
        else {
            return Err(UciError::Illegal {
                uci: self.to_string(),
            });
        };
        crate::FromTo {
            from,
            to,
            promotion,
        }
        .to_move(pos)
        .ok_or_else(|| UciError::Illegal {
            uci: self.to_string(),
        })
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            UciMove::Null => f.write_str("0000"),
            UciMove::Normal {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                if let Some(p) = promotion {
                    write!(f, "{}", p.lower_char())?;
                }
                Ok(())
            }
        }
    }
}

impl Move {
    /// The UCI string of this move (`e2e4`, `e7e8q`, castling `e1g1`).
    ///
    /// ```
    /// use guoxiang_core::Position;
    /// let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    /// let castle = pos.parse_san("O-O-O").unwrap();
    /// assert_eq!(castle.to_uci(), "e1c1");
    /// ```
    pub fn to_uci(self) -> String {
        UciMove::from_move(self).to_string()
    }
}

impl Position {
    /// The legal move meant by a UCI string.
    pub fn parse_uci(&self, s: &str) -> Result<Move, UciError> {
        UciMove::from_ascii(s.trim().as_bytes())?.to_move(self)
    }
}
