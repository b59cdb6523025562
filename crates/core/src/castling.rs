//! Castling rights, and the squares castling uses for each side.

use crate::{Bitboard, Color, File, Rank, Square};

/// Which way a king castles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file (O-O).
    KingSide = 0,
    /// Towards the a-file (O-O-O).
    QueenSide = 1,
}

impl CastlingSide {
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file the king lands on (g or c).
    #[inline]
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The file the rook lands on (f or d).
    #[inline]
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }

    /// The file of the castling rook in standard chess (h or a).
    #[inline]
    pub const fn standard_rook_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::H,
            CastlingSide::QueenSide => File::A,
        }
    }

    /// `"O-O"` or `"O-O-O"`.
    pub const fn san(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        }
    }
}

/// The four castling rights (White/Black × king side/queen side), as 4 bits.
///
/// A right says that the king and that rook have never moved; whether castling
/// is possible *now* depends on the position as well.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    pub const NONE: CastlingRights = CastlingRights(0);
    pub const ALL: CastlingRights = CastlingRights(0b1111);

    #[inline]
    const fn bit(color: Color, side: CastlingSide) -> u8 {
        1 << (color as u8 * 2 + side as u8)
    }

    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & Self::bit(color, side) != 0
    }

    #[inline]
    pub const fn with(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 | Self::bit(color, side))
    }

    #[inline]
    pub const fn without(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 & !Self::bit(color, side))
    }

    /// Both rights of `color` removed.
    #[inline]
    pub const fn without_color(self, color: Color) -> CastlingRights {
        CastlingRights(self.0 & !(0b11 << (color as u8 * 2)))
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The bits: white king side 1, white queen side 2, black king side 4, black queen side 8.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The FEN field: `KQkq`, a subset, or `-`.
    pub fn to_fen(self) -> String {
        let mut s = String::new();
        for (c, side, ch) in [
            (Color::White, CastlingSide::KingSide, 'K'),
            (Color::White, CastlingSide::QueenSide, 'Q'),
            (Color::Black, CastlingSide::KingSide, 'k'),
            (Color::Black, CastlingSide::QueenSide, 'q'),
        ] {
            if self.has(c, side) {
                s.push(ch);
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}

/// Where castling's pieces stand: the rook square for each colour and side.
/// Standard chess uses a1, h1, a8 and h8; Chess960 would set others.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CastlingSquares {
    rooks: [[Square; 2]; 2],
}

impl CastlingSquares {
    pub const STANDARD: CastlingSquares = CastlingSquares {
        rooks: [[Square::H1, Square::A1], [Square::H8, Square::A8]],
    };

    /// The square of the rook that castles on `side` for `color`.
    #[inline]
    pub const fn rook(&self, color: Color, side: CastlingSide) -> Square {
        self.rooks[color as usize][side as usize]
    }

    /// The king's home square for `color` (e1/e8 in standard chess).
    #[inline]
    pub const fn king(&self, color: Color) -> Square {
        match color {
            Color::White => Square::E1,
            Color::Black => Square::E8,
        }
    }

    /// The squares the king lands on for `side`.
    #[inline]
    pub const fn king_to(color: Color, side: CastlingSide) -> Square {
        Square::from_coords(side.king_to_file(), back_rank(color))
    }

    /// The square the rook lands on for `side`.
    #[inline]
    pub const fn rook_to(color: Color, side: CastlingSide) -> Square {
        Square::from_coords(side.rook_to_file(), back_rank(color))
    }

    /// All squares whose being moved from or captured on can remove a right.
    #[inline]
    pub const fn touched(&self) -> Bitboard {
        let mut b = 0u64;
        let mut c = 0;
        while c < 2 {
            b |= 1 << self.rooks[c][0].index();
            b |= 1 << self.rooks[c][1].index();
            c += 1;
        }
        Bitboard(b | 1 << Square::E1.index() | 1 << Square::E8.index())
    }

    /// The rights left after a move touches `from` and `to`.
    #[inline]
    pub fn update(&self, rights: CastlingRights, from: Square, to: Square) -> CastlingRights {
        let mut r = rights;
        for color in Color::ALL {
            let king = self.king(color);
            if from == king || to == king {
                r = r.without_color(color);
            }
            for side in CastlingSide::ALL {
                let rook = self.rook(color, side);
                if from == rook || to == rook {
                    r = r.without(color, side);
                }
            }
        }
        r
    }
}

/// The first rank of `color` (rank 1 for White, 8 for Black).
#[inline]
pub const fn back_rank(color: Color) -> Rank {
    match color {
        Color::White => Rank::FIRST,
        Color::Black => Rank::EIGHTH,
    }
}
