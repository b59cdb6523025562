//! Standard Algebraic Notation: writing it with correct disambiguation and check
//! marks, reading it strictly but forgiving the common real-world forms, and
//! localised forms for display (Chinese piece names, figurines).

use crate::{Bitboard, CastlingSide, File, Move, MoveKind, Position, Rank, Role, Square};
use core::fmt;

/// The longest SAN token we look at (real ones are at most 7 characters plus marks).
pub const MAX_SAN_LEN: usize = 32;

/// A move as SAN describes it, before it is matched against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn move: `Nbd7`, `exd5`, `e8=Q`, `R1a3`.
    Normal {
        role: Role,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    },
    /// `O-O` or `O-O-O`.
    Castle(CastlingSide),
    /// `--`, a null move in some PGN files; it never matches a legal move.
    Null,
}

/// What was wrong with a SAN move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    #[error("empty move")]
    Empty,
    #[error("{text:?} is too long to be a move in SAN")]
    TooLong { text: String },
    #[error("{text:?} is not SAN: {reason}")]
    Syntax { text: String, reason: &'static str },
    #[error("{san} is not a legal move here: {reason}")]
    Illegal { san: String, reason: &'static str },
    #[error("{san} is ambiguous: the pieces on {candidates} could all make it (add the file or rank of the piece that moves)")]
    Ambiguous { san: String, candidates: String },
    #[error("{san}: a pawn reaching the last rank must promote; add =Q, =R, =B or =N")]
    MissingPromotion { san: String },
}

impl SanError {
    /// Every code [`SanError::code`] can return (each is a key of `guoxiang-i18n`'s
    /// message catalogue).
    pub const CODES: [&'static str; 6] = [
        "san.empty",
        "san.too_long",
        "san.syntax",
        "san.illegal",
        "san.ambiguous",
        "san.missing_promotion",
    ];

    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            SanError::Empty => "san.empty",
            SanError::TooLong { .. } => "san.too_long",
            SanError::Syntax { .. } => "san.syntax",
            SanError::Illegal { .. } => "san.illegal",
            SanError::Ambiguous { .. } => "san.ambiguous",
            SanError::MissingPromotion { .. } => "san.missing_promotion",
        }
    }
}

fn syntax(bytes: &[u8], reason: &'static str) -> SanError {
    SanError::Syntax {
        text: String::from_utf8_lossy(&bytes[..bytes.len().min(MAX_SAN_LEN)]).into_owned(),
        reason,
    }
}

fn piece_role(b: u8) -> Option<Role> {
    match b {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        b'P' => Some(Role::Pawn),
        _ => None,
    }
}

fn promotion_role(b: u8) -> Option<Role> {
    match b.to_ascii_uppercase() {
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        _ => None,
    }
}

fn file_of(b: u8) -> Option<File> {
    if (b'a'..=b'h').contains(&b) {
        File::new(b - b'a')
    } else {
        None
    }
}

fn rank_of(b: u8) -> Option<Rank> {
    if (b'1'..=b'8').contains(&b) {
        Rank::new(b - b'1')
    } else {
        None
    }
}

/// Strips check/mate marks, annotation glyphs and `e.p.` from the end.
fn strip_suffixes(mut s: &[u8]) -> &[u8] {
    loop {
        let before = s.len();
        while let [rest @ .., b'+' | b'#' | b'!' | b'?' | b' '] = s {
            s = rest;
        }
        for tail in [&b"e.p."[..], b"ep", b"(ep)"] {
            if s.len() > tail.len() + 1 && s.ends_with(tail) {
                s = &s[..s.len() - tail.len()];
            }
        }
        if s.len() == before {
            return s;
        }
    }
}

impl San {
    /// Reads SAN, accepting the common real-world forms: `0-0`, missing or extra
    /// `+`/`#`, glyphs like `!?`, `e8Q`/`e8(Q)`/`e8/Q`, `e.p.`, `:` for captures,
    /// an explicit `P` for pawns, and long algebraic (`Ng1-f3`, `e2e4`).
    ///
    /// ```
    /// use guoxiang_core::san::San;
    /// use guoxiang_core::{Role, Square};
    /// let san = San::from_ascii(b"exd8=Q+!?").unwrap();
    /// assert!(matches!(san, San::Normal { role: Role::Pawn, capture: true, to: Square::D8, promotion: Some(Role::Queen), .. }));
    /// assert!(San::from_ascii(b"Zz9").is_err());
    /// ```
    pub fn from_ascii(bytes: &[u8]) -> Result<San, SanError> {
        if bytes.is_empty() {
            return Err(SanError::Empty);
        }
        if bytes.len() > MAX_SAN_LEN {
            return Err(SanError::TooLong {
                text: String::from_utf8_lossy(&bytes[..MAX_SAN_LEN]).into_owned() + "…",
            });
        }
        let s = strip_suffixes(bytes);
        match s {
            b"O-O" | b"0-0" | b"o-o" => return Ok(San::Castle(CastlingSide::KingSide)),
            b"O-O-O" | b"0-0-0" | b"o-o-o" => return Ok(San::Castle(CastlingSide::QueenSide)),
            b"--" | b"Z0" | b"0000" => return Ok(San::Null),
            _ => {}
        }
        if s.is_empty() {
            return Err(syntax(bytes, "nothing but marks"));
        }
        let (role, mut rest) = match piece_role(s[0]) {
            Some(r) => (r, &s[1..]),
            None => (Role::Pawn, s),
        };
        // Promotion at the end: `=Q`, `Q`, `(Q)`, `/Q`.
        let mut promotion = None;
        if let [head @ .., b'(', p, b')'] = rest {
            promotion =
                Some(promotion_role(*p).ok_or_else(|| syntax(bytes, "unknown promotion piece"))?);
            rest = head;
        } else if let [head @ .., b'=' | b'/', p] = rest {
            promotion =
                Some(promotion_role(*p).ok_or_else(|| syntax(bytes, "unknown promotion piece"))?);
            rest = head;
        } else if let [head @ .., r, p] = rest {
            if matches!(r, b'1' | b'8')
                && matches!(p, b'Q' | b'R' | b'B' | b'N' | b'q' | b'r' | b'n' | b'b')
                && role == Role::Pawn
            {
                promotion = promotion_role(*p);
                rest = &rest[..head.len() + 1];
            }
        }
        // The destination square is the last two characters.
        let (body, to) = match rest {
            [body @ .., f, r] => match (file_of(*f), rank_of(*r)) {
                (Some(f), Some(r)) => (body, Square::from_coords(f, r)),
                _ => return Err(syntax(bytes, "it does not end with a square such as e4")),
            },
            _ => return Err(syntax(bytes, "it does not end with a square such as e4")),
        };
        let mut capture = false;
        let mut body = body;
        if let [head @ .., b'x' | b':' | b'-'] = body {
            capture = body.last() != Some(&b'-');
            body = head;
        }
        let (file, rank) = match body {
            [] => (None, None),
            [c] => match (file_of(*c), rank_of(*c)) {
                (Some(f), _) => (Some(f), None),
                (_, Some(r)) => (None, Some(r)),
                _ => return Err(syntax(bytes, "unexpected character before the square")),
            },
            [f, r] => match (file_of(*f), rank_of(*r)) {
                (Some(f), Some(r)) => (Some(f), Some(r)),
                _ => return Err(syntax(bytes, "unexpected characters before the square")),
            },
            _ => return Err(syntax(bytes, "too many characters before the square")),
        };
        if promotion.is_some() && role != Role::Pawn {
            return Err(syntax(bytes, "only pawns promote"));
        }
        Ok(San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }

    /// Finds the legal move this SAN means in `pos`.
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
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

    /// The SAN of a legal move in `pos`, without check marks.
    pub fn from_move(pos: &Position, m: Move) -> San {
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
    /// The legal move meant by a SAN string (real-world forms accepted).
    ///
    /// ```
    /// use guoxiang_core::Position;
    /// let pos = Position::new();
    /// let m = pos.parse_san("Nf3").unwrap();
    /// assert_eq!(pos.san(m), "Nf3");
    /// assert!(pos.parse_san("Nf4").is_err());
    /// ```
    pub fn parse_san(&self, s: &str) -> Result<Move, SanError> {
        San::from_ascii(s.trim().as_bytes())?.to_move(self)
    }

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
