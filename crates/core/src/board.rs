//! Piece placement: which piece stands on which square, as bitboards.

use crate::{Bitboard, Color, Piece, Role, Square};

/// Where the pieces stand, with no other game state.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
}

impl Board {
    /// An empty board.
    pub const fn empty() -> Board {
        Board {
            by_role: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
        }
    }

    /// The starting placement.
    pub const fn standard() -> Board {
        Board {
            by_role: [
                Bitboard(0x00ff_0000_0000_ff00),
                Bitboard(0x4200_0000_0000_0042),
                Bitboard(0x2400_0000_0000_0024),
                Bitboard(0x8100_0000_0000_0081),
                Bitboard(0x0800_0000_0000_0008),
                Bitboard(0x1000_0000_0000_0010),
            ],
            by_color: [Bitboard(0xffff), Bitboard(0xffff_0000_0000_0000)],
        }
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub fn by_color(&self, c: Color) -> Bitboard {
        self.by_color[c.index()]
    }

    #[inline]
    pub fn by_role(&self, r: Role) -> Bitboard {
        self.by_role[r.index()]
    }

    #[inline]
    pub fn by_piece(&self, p: Piece) -> Bitboard {
        self.by_role[p.role.index()] & self.by_color[p.color.index()]
    }

    #[inline]
    pub fn pawns(&self) -> Bitboard {
        self.by_role[0]
    }
    #[inline]
    pub fn knights(&self) -> Bitboard {
        self.by_role[1]
    }
    #[inline]
    pub fn bishops(&self) -> Bitboard {
        self.by_role[2]
    }
    #[inline]
    pub fn rooks(&self) -> Bitboard {
        self.by_role[3]
    }
    #[inline]
    pub fn queens(&self) -> Bitboard {
        self.by_role[4]
    }
    #[inline]
    pub fn kings(&self) -> Bitboard {
        self.by_role[5]
    }

    /// Rooks and queens (pieces that slide along ranks and files).
    #[inline]
    pub fn rooks_and_queens(&self) -> Bitboard {
        self.by_role[3] | self.by_role[4]
    }

    /// Bishops and queens (pieces that slide along diagonals).
    #[inline]
    pub fn bishops_and_queens(&self) -> Bitboard {
        self.by_role[2] | self.by_role[4]
    }

    /// The square of `color`'s king, if there is exactly one... or the first one.
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        (self.by_role[5] & self.by_color[color.index()]).first()
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        for (i, bb) in self.by_role.iter().enumerate() {
            if bb.contains(sq) {
                return Some(Role::from_index(i));
            }
        }
        None
    }

    /// The colour of the piece on `sq`, if any.
    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = self.color_at(sq)?;
        let role = self.role_at(sq)?;
        Some(Piece { color, role })
    }

    /// Puts `piece` on `sq`, replacing what stood there.
    pub fn set(&mut self, sq: Square, piece: Piece) {
        self.clear(sq);
        self.by_role[piece.role.index()] |= Bitboard::from_square(sq);
        self.by_color[piece.color.index()] |= Bitboard::from_square(sq);
    }

    /// Empties `sq`.
    pub fn clear(&mut self, sq: Square) {
        let mask = !Bitboard::from_square(sq);
        for bb in &mut self.by_role {
            *bb &= mask;
        }
        for bb in &mut self.by_color {
            *bb &= mask;
        }
    }

    /// Toggles a piece on `sq` on or off (the square must be empty or hold exactly it).
    #[inline]
    pub(crate) fn toggle(&mut self, sq: Square, color: Color, role: Role) {
        let b = Bitboard::from_square(sq);
        self.by_role[role.index()] ^= b;
        self.by_color[color.index()] ^= b;
    }

    /// All pieces of either colour that attack `sq` with `occupied` filled.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        use crate::attacks::*;
        (rook_attacks(sq, occupied) & self.rooks_and_queens())
            | (bishop_attacks(sq, occupied) & self.bishops_and_queens())
            | (knight_attacks(sq) & self.knights())
            | (king_attacks(sq) & self.kings())
            | (pawn_attacks(Color::White, sq) & self.pawns() & self.by_color[1])
            | (pawn_attacks(Color::Black, sq) & self.pawns() & self.by_color[0])
    }

    /// Pieces of `attacker` that attack `sq` with `occupied` filled.
    #[inline]
    pub fn attackers_of(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        self.attackers_to(sq, occupied) & self.by_color[attacker.index()]
    }

    /// The pieces of each kind and colour, with their squares.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::standard()
    }
}

impl core::fmt::Debug for Board {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for r in (0..8u8).rev() {
            for file in 0..8u8 {
                let sq = Square::new(r * 8 + file).unwrap_or(Square::A1);
                let c = self.piece_at(sq).map_or('.', Piece::char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
