//! Squares, files and ranks of the board, with their algebraic names.

use core::fmt;
use core::str::FromStr;

/// A file (column), `a` to `h`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

/// A rank (row), `1` to `8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl File {
    pub const A: File = File(0);
    pub const B: File = File(1);
    pub const C: File = File(2);
    pub const D: File = File(3);
    pub const E: File = File(4);
    pub const F: File = File(5);
    pub const G: File = File(6);
    pub const H: File = File(7);

    /// The file with index `i` (0 = a); `None` when `i > 7`.
    #[inline]
    pub const fn new(i: u8) -> Option<File> {
        if i < 8 {
            Some(File(i))
        } else {
            None
        }
    }

    /// The file named by `c` (`'a'..='h'`).
    pub const fn from_char(c: char) -> Option<File> {
        if c >= 'a' && c <= 'h' {
            Some(File(c as u8 - b'a'))
        } else {
            None
        }
    }

    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }
}

impl Rank {
    pub const FIRST: Rank = Rank(0);
    pub const SECOND: Rank = Rank(1);
    pub const THIRD: Rank = Rank(2);
    pub const FOURTH: Rank = Rank(3);
    pub const FIFTH: Rank = Rank(4);
    pub const SIXTH: Rank = Rank(5);
    pub const SEVENTH: Rank = Rank(6);
    pub const EIGHTH: Rank = Rank(7);

    /// The rank with index `i` (0 = first rank); `None` when `i > 7`.
    #[inline]
    pub const fn new(i: u8) -> Option<Rank> {
        if i < 8 {
            Some(Rank(i))
        } else {
            None
        }
    }

    /// The rank named by `c` (`'1'..='8'`).
    pub const fn from_char(c: char) -> Option<Rank> {
        if c >= '1' && c <= '8' {
            Some(Rank(c as u8 - b'1'))
        } else {
            None
        }
    }

    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn char(self) -> char {
        (b'1' + self.0) as char
    }

    /// The same rank seen from Black's side (first ↔ eighth).
    #[inline]
    pub const fn flip(self) -> Rank {
        Rank(7 - self.0)
    }
}

/// One of the 64 squares, numbered a1 = 0, b1 = 1, …, h8 = 63.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

macro_rules! squares {
    ($($name:ident = $i:expr),* $(,)?) => {
        impl Square { $(pub const $name: Square = Square($i);)* }
    };
}
squares! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
    A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
    A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
    A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
    A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
    A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
    A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
    A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
}

impl Square {
    /// The square with index `i` (a1 = 0 … h8 = 63); `None` when `i > 63`.
    #[inline]
    pub const fn new(i: u8) -> Option<Square> {
        if i < 64 {
            Some(Square(i))
        } else {
            None
        }
    }

    /// The square with index `i & 63`: for indices known to be in range.
    #[inline]
    pub const fn from_index_masked(i: u32) -> Square {
        Square((i & 63) as u8)
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 8 + file.0)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub const fn file(self) -> File {
        File(self.0 & 7)
    }

    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 >> 3)
    }

    /// The square mirrored top to bottom (a1 ↔ a8).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = (self.0 & 7) as i8 + df;
        let r = (self.0 >> 3) as i8 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }

    /// Whether the square is a light square (h1 is light, a1 is dark).
    #[inline]
    pub const fn is_light(self) -> bool {
        ((self.0 & 7) + (self.0 >> 3)) % 2 == 1
    }

    /// All 64 squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// The rank relative to `color` (White's first rank is Black's eighth).
    #[inline]
    pub const fn relative_rank(self, color: crate::Color) -> Rank {
        match color {
            crate::Color::White => self.rank(),
            crate::Color::Black => self.rank().flip(),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The text was not a square name such as `e4`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a square: {0:?} (expected a file a-h and a rank 1-8, such as e4)")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => match (File::from_char(f), Rank::from_char(r)) {
                (Some(f), Some(r)) => Ok(Square::from_coords(f, r)),
                _ => Err(ParseSquareError(s.to_owned())),
            },
            _ => Err(ParseSquareError(s.to_owned())),
        }
    }
}
