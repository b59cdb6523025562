//! Writing SAN: [`San::from_move`] with the least disambiguation, check marks, and
//! the styles for display (Chinese piece names, figurines).

use super::San;
use crate::{Bitboard, CastlingSide, Move, Position, Role};
use core::fmt;

impl San {
    /// The SAN of a legal move in `pos`, without check marks.
    pub fn from_move(pos: &Position, m: Move) -> San {
        if m.is_null() {
            return San::Null;
        }
        if m.is_castle() {
            let side = if m.to().file() > m.from().file() {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            return San::Castle(side);
        }
        let from = m.from();
        let to = m.to();
        let role = pos.board().role_at(from).unwrap_or(Role::Pawn);
        let capture = m.is_en_passant() || pos.board().occupied().contains(to);
        if role == Role::Pawn {
            return San::Normal {
                role,
                file: capture.then_some(from.file()),
                rank: None,
                capture,
                to,
                promotion: m.promotion(),
            };
        }
        let (mut file, mut rank) = (None, None);
        if role != Role::King {
            let others = pos.legal_moves_of(role, Bitboard::from_square(to));
            let rivals = others.iter().filter(|o| o.from() != from);
            let (mut any, mut same_file, mut same_rank) = (false, false, false);
            for o in rivals {
                any = true;
                same_file |= o.from().file() == from.file();
                same_rank |= o.from().rank() == from.rank();
            }
            if any {
                if !same_file {
                    file = Some(from.file());
                } else if !same_rank {
                    rank = Some(from.rank());
                } else {
                    file = Some(from.file());
                    rank = Some(from.rank());
                }
            }
        }
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion: None,
        }
    }

    /// Writes the SAN with piece names from `style`.
    pub fn write_styled(
        &self,
        f: &mut impl fmt::Write,
        style: SanStyle,
        color: crate::Color,
    ) -> fmt::Result {
        match *self {
            San::Null => f.write_str("--"),
            San::Castle(side) => f.write_str(side.san()),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    style.write_piece(f, role, color)?;
                }
                if let Some(file) = file {
                    f.write_char(file.char())?;
                }
                if let Some(rank) = rank {
                    f.write_char(rank.char())?;
                }
                if capture {
                    f.write_char('x')?;
                }
                write!(f, "{to}")?;
                if let Some(p) = promotion {
                    f.write_char('=')?;
                    style.write_piece(f, p, color)?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_styled(f, SanStyle::English, crate::Color::White)
    }
}

/// How piece names are written in SAN meant for people.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SanStyle {
    /// K Q R B N (the standard, used in PGN).
    English,
    /// 王 后 车 象 马 (Simplified Chinese).
    ZhCn,
    /// 王 后 車 象 馬 (Traditional Chinese).
    ZhTw,
    /// ♔ ♕ ♖ ♗ ♘ in the mover's colour.
    Figurine,
}

impl SanStyle {
    fn write_piece(self, f: &mut impl fmt::Write, role: Role, color: crate::Color) -> fmt::Result {
        let c = match self {
            SanStyle::English => role.upper_char(),
            SanStyle::ZhCn => match role {
                Role::King => '王',
                Role::Queen => '后',
                Role::Rook => '车',
                Role::Bishop => '象',
                Role::Knight => '马',
                Role::Pawn => '兵',
            },
            SanStyle::ZhTw => match role {
                Role::King => '王',
                Role::Queen => '后',
                Role::Rook => '車',
                Role::Bishop => '象',
                Role::Knight => '馬',
                Role::Pawn => '兵',
            },
            SanStyle::Figurine => crate::Piece::new(color, role).figurine(),
        };
        f.write_char(c)
    }
}

/// The check mark a SAN move carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Suffix {
    Check,
    Checkmate,
}

impl Position {
    /// The SAN of a legal move, with `+` or `#`.
    pub fn san(&self, m: Move) -> String {
        self.san_styled(m, SanStyle::English)
    }

    /// The SAN of a legal move in a display style, with `+` or `#`.
    ///
    /// ```
    /// use guoxiang_core::{Position, san::SanStyle};
    /// let pos = Position::new();
    /// let m = pos.parse_san("Nc3").unwrap();
    /// assert_eq!(pos.san_styled(m, SanStyle::ZhCn), "马c3");
    /// assert_eq!(pos.san_styled(m, SanStyle::ZhTw), "馬c3");
    /// assert_eq!(pos.san_styled(m, SanStyle::Figurine), "♘c3");
    /// ```
    pub fn san_styled(&self, m: Move, style: SanStyle) -> String {
        if m.is_null() {
            return "--".to_owned();
        }
        let mut s = String::with_capacity(8);
        // Writing to a String cannot fail.
        let _ = San::from_move(self, m).write_styled(&mut s, style, self.turn());
        match self.suffix(m) {
            Some(Suffix::Checkmate) => s.push('#'),
            Some(Suffix::Check) => s.push('+'),
            None => {}
        }
        s
    }

    /// Whether a legal move gives check or mate.
    pub fn suffix(&self, m: Move) -> Option<Suffix> {
        let after = self.after(m);
        if !after.is_check() {
            None
        } else if after.has_legal_moves() {
            Some(Suffix::Check)
        } else {
            Some(Suffix::Checkmate)
        }
    }
}
