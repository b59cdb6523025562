//! Moves in 16 bits, and a fixed-capacity move list (no heap in move generation).

use crate::{Role, Square};
use core::fmt;

/// What kind of move a [`Move`] is, beyond its from and to squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Any move that is not one of the others (captures included).
    Normal,
    /// A pawn's two-square first step.
    DoublePush,
    /// Castling; the move's `to` is the castling rook's square (Chess960-ready).
    Castle,
    /// An en-passant capture; `to` is the square the pawn lands on.
    EnPassant,
    /// A pawn move to the last rank, becoming this piece.
    Promotion(Role),
}

/// A move: from-square, to-square and kind, packed into 16 bits.
///
/// Castling is stored as the king moving onto its own rook's square, as in
/// Chess960; [`Move::king_to`] gives the king's real destination.
///
/// ```
/// use guoxiang_core::{Move, MoveKind, Role, Square};
/// let m = Move::new(Square::E7, Square::E8, MoveKind::Promotion(Role::Knight));
/// assert_eq!(m.from(), Square::E7);
/// assert_eq!(m.promotion(), Some(Role::Knight));
/// assert_eq!(std::mem::size_of::<Move>(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

const KIND_NORMAL: u16 = 0;
const KIND_DOUBLE: u16 = 1;
const KIND_CASTLE: u16 = 2;
const KIND_EP: u16 = 3;
// Promotions: 4 + role index - 1 (knight 4, bishop 5, rook 6, queen 7).

impl Move {
    /// A move with `kind` from `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square, kind: MoveKind) -> Move {
        let k = match kind {
            MoveKind::Normal => KIND_NORMAL,
            MoveKind::DoublePush => KIND_DOUBLE,
            MoveKind::Castle => KIND_CASTLE,
            MoveKind::EnPassant => KIND_EP,
            MoveKind::Promotion(role) => 3 + role as u16,
        };
        Move(from.index() as u16 | (to.index() as u16) << 6 | k << 12)
    }

    /// The null move: the side to move passes. It is never legal
    /// ([`Position::play`](crate::Position::play) and `Game::play` refuse it); it
    /// stands only for a null move (`--`, `Z0`) in a game read from PGN, which the
    /// reader plays with [`Position::null_move`](crate::Position::null_move), as
    /// python-chess does.
    ///
    /// ```
    /// use guoxiang_core::{Move, Position};
    /// assert!(Move::NULL.is_null());
    /// assert_eq!(Move::NULL.to_uci(), "0000");
    /// assert!(Position::new().play(Move::NULL).is_err());
    /// ```
    pub const NULL: Move = Move(0);

    /// Whether this is [`Move::NULL`].
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    /// A normal move (the commonest case).
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6)
    }

    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index_masked(self.0 as u32 & 63)
    }

    /// The to-square as stored: for castling, the rook's square.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_masked((self.0 as u32 >> 6) & 63)
    }

    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            KIND_NORMAL => MoveKind::Normal,
            KIND_DOUBLE => MoveKind::DoublePush,
            KIND_CASTLE => MoveKind::Castle,
            KIND_EP => MoveKind::EnPassant,
            k => MoveKind::Promotion(Role::from_index((k - 3) as usize)),
        }
    }

    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        let k = self.0 >> 12;
        if k >= 4 {
            Some(Role::from_index((k - 3) as usize))
        } else {
            None
        }
    }

    #[inline]
    pub const fn is_castle(self) -> bool {
        self.0 >> 12 == KIND_CASTLE
    }

    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.0 >> 12 == KIND_EP
    }

    /// Where the king ends up: for castling g- or c-file of its rank; otherwise `to`.
    #[inline]
    pub const fn king_to(self) -> Square {
        if self.is_castle() {
            let (from, to) = (self.from(), self.to());
            let file = if to.index() > from.index() { 6 } else { 2 };
            Square::from_index_masked((from.index() & 56) as u32 | file)
        } else {
            self.to()
        }
    }

    /// The raw 16-bit encoding (for hash tables and storage).
    #[inline]
    pub const fn to_bits(self) -> u16 {
        self.0
    }

    /// The move for a raw encoding made by [`Move::to_bits`]. Any bits decode to
    /// some move; whether it is legal is for the position to say.
    #[inline]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str("(null)");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        match self.kind() {
            MoveKind::Promotion(r) => write!(f, "{}", r.lower_char()),
            MoveKind::Castle => f.write_str("(castle)"),
            MoveKind::EnPassant => f.write_str("(ep)"),
            _ => Ok(()),
        }
    }
}

/// The most legal moves any chess position has is 218; 256 leaves headroom.
pub const MAX_MOVES: usize = 256;

/// A list of moves stored inline, with no heap allocation.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move(0); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. Move generation never exceeds the capacity (no legal
    /// position has more than 218 moves), so this cannot overflow for its lists.
    #[inline]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    #[inline]
    pub fn iter(&self) -> core::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    #[inline]
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `f` is true.
    pub fn retain(&mut self, mut f: impl FnMut(Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if f(m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
