//! Piece kinds (roles) and coloured pieces, with their letters.

use crate::Color;

/// The kind of a piece, without its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Pawn = 0,
    Knight = 1,
    Bishop = 2,
    Rook = 3,
    Queen = 4,
    King = 5,
}

impl Role {
    /// All six roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case English letter (`P N B R Q K`).
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The lower-case English letter (`p n b r q k`).
    pub const fn lower_char(self) -> char {
        self.upper_char().to_ascii_lowercase()
    }

    /// The role for an English piece letter of either case.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// A stable lower-case English name (`"knight"`), used as a message key.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    #[inline]
    pub(crate) const fn from_index(i: usize) -> Role {
        match i {
            0 => Role::Pawn,
            1 => Role::Knight,
            2 => Role::Bishop,
            3 => Role::Rook,
            4 => Role::Queen,
            _ => Role::King,
        }
    }
}

/// A piece: a role and a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.lower_char(),
        }
    }

    /// The piece for a FEN letter (`K` white king, `q` black queen).
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
    }

    /// The Unicode chess figurine (♔ … ♟).
    pub const fn figurine(self) -> char {
        match (self.color, self.role) {
            (Color::White, Role::King) => '♔',
            (Color::White, Role::Queen) => '♕',
            (Color::White, Role::Rook) => '♖',
            (Color::White, Role::Bishop) => '♗',
            (Color::White, Role::Knight) => '♘',
            (Color::White, Role::Pawn) => '♙',
            (Color::Black, Role::King) => '♚',
            (Color::Black, Role::Queen) => '♛',
            (Color::Black, Role::Rook) => '♜',
            (Color::Black, Role::Bishop) => '♝',
            (Color::Black, Role::Knight) => '♞',
            (Color::Black, Role::Pawn) => '♟',
        }
    }
}
