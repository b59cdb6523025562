//! Zobrist hashing with Polyglot's key definition, so a position's key is the one
//! Polyglot opening books use (the start position's is `0x463b96181691fc9c`).

use crate::polyglot_keys::RANDOM64;
use crate::{CastlingRights, Color, File, Role, Square};

/// The key of a piece of `color` and `role` on `sq`.
#[inline]
pub fn piece_key(color: Color, role: Role, sq: Square) -> u64 {
    // Polyglot's piece kinds: black pawn 0, white pawn 1, black knight 2, …
    let kind = role.index() * 2 + (color == Color::White) as usize;
    RANDOM64[64 * kind + sq.index()]
}

/// The key of a set of castling rights (the XOR of one key per right).
#[inline]
pub fn castling_key(rights: CastlingRights) -> u64 {
    let bits = rights.bits();
    let mut k = 0;
    let mut i = 0;
    while i < 4 {
        if bits & (1 << i) != 0 {
            k ^= RANDOM64[768 + i];
        }
        i += 1;
    }
    k
}

/// The key of an en-passant file (hashed only when a capture there is possible).
#[inline]
pub fn en_passant_key(file: File) -> u64 {
    RANDOM64[772 + file.index() as usize]
}

/// The key hashed in when White is to move.
#[inline]
pub fn white_to_move_key() -> u64 {
    RANDOM64[780]
}
