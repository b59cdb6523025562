//! A shadow of a replayed game: which squares were occupied and where the pawns
//! stood after each move, followed from the start position with a few bit
//! operations per move instead of playing the moves again. It tells exactly
//! which moves were irreversible (a capture or a pawn move), hence the
//! half-move clock before each move, and which positions *could* be equal (equal
//! positions have equal occupancy). [`Shadow::needs_full_check`] uses it to rule
//! out, for most games, every ending by the rules before the last move and any
//! threefold repetition, so the fast check does not have to replay the game.

use guoxiang_core::{CastlingSide, CastlingSquares, Move, MoveKind, Position};

/// Occupancy and half-move clock of every position of a game (the start first).
#[derive(Debug, Default)]
pub struct Shadow {
    occupied: Vec<u64>,
    clock: Vec<u32>,
    /// Whether an occupancy was seen before (same side to move, since the last
    /// irreversible move): a 256-bit filter per side, by a hash of the occupancy.
    /// Positions whose bit was clear stand for the first time.
    maybe_seen: Vec<bool>,
}

/// A bit of a 256-bit filter for an occupancy.
fn filter_bit(occ: u64) -> (usize, u64) {
    let h = occ.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56;
    ((h >> 6) as usize, 1u64 << (h & 63))
}

fn bit(sq: guoxiang_core::Square) -> u64 {
    1u64 << sq.index()
}

impl Shadow {
    /// Follows `moves` (legal, as the replay played them) from `start`; `false`
    /// when the result does not match `end`, the position the replay reached.
    fn follow(&mut self, start: &Position, moves: &[Move], end: &Position) -> bool {
        self.occupied.clear();
        self.clock.clear();
        self.maybe_seen.clear();
        let board = start.board();
        let (mut occ, mut pawns) = (board.occupied().0, board.pawns().0);
        let mut clock = start.halfmove_clock();
        let mut us = start.turn();
        // Filters for the side to move now ([0]) and the other side ([1]).
        let mut filters = [[0u64; 4]; 2];
        let (word, mask) = filter_bit(occ);
        filters[0][word] |= mask;
        self.occupied.push(occ);
        self.clock.push(clock);
        // The start may repeat a position from before it (the clock says so).
        self.maybe_seen.push(true);
        for &m in moves {
            let (from, to) = (bit(m.from()), bit(m.to()));
            let irreversible = match m.kind() {
                MoveKind::Castle => {
                    let side = if m.to().file() > m.from().file() {
                        CastlingSide::KingSide
                    } else {
                        CastlingSide::QueenSide
                    };
                    occ &= !(from | to);
                    occ |= bit(CastlingSquares::king_to(us, side))
                        | bit(CastlingSquares::rook_to(us, side));
                    false
                }
                MoveKind::EnPassant => {
                    let taken = bit(guoxiang_core::Square::from_coords(
                        m.to().file(),
                        m.from().rank(),
                    ));
                    occ = (occ & !(from | taken)) | to;
                    pawns = (pawns & !(from | taken)) | to;
                    true
                }
                MoveKind::Promotion(_) => {
                    occ = (occ & !from) | to;
                    pawns &= !(from | to);
                    true
                }
                MoveKind::Normal | MoveKind::DoublePush => {
                    let capture = occ & to != 0;
                    let pawn = pawns & from != 0;
                    occ = (occ & !from) | to;
                    pawns &= !to;
                    if pawn {
                        pawns = (pawns & !from) | to;
                    }
                    capture || pawn
                }
            };
            clock = if irreversible { 0 } else { clock + 1 };
            us = !us;
            if irreversible {
                filters = [[0; 4]; 2];
            }
            filters.swap(0, 1);
            let (word, mask) = filter_bit(occ);
            self.maybe_seen.push(filters[0][word] & mask != 0);
            filters[0][word] |= mask;
            self.occupied.push(occ);
            self.clock.push(clock);
        }
        let board = end.board();
        occ == board.occupied().0 && pawns == board.pawns().0 && clock == end.halfmove_clock()
    }

    /// Whether a position of the game could stand `n` times by the time of
    /// position `at` (same side to move, no irreversible move in between).
    fn could_repeat(&self, at: usize, n: usize) -> bool {
        if !self.maybe_seen[at] {
            return false;
        }
        let window = (self.clock[at] as usize).min(at);
        if window < 2 * (n - 1) {
            return false;
        }
        let occ = self.occupied[at];
        let mut count = 1;
        let mut i = 2;
        while i <= window {
            if self.occupied[at - i] == occ {
                count += 1;
                if count >= n {
                    return true;
                }
            }
            i += 2;
        }
        false
    }

    /// Whether the game needs to be played again in full to be judged like
    /// `Game` judges it: a dead position, the 75-move rule or a fivefold
    /// repetition before some move, or a threefold repetition at `end`.
    /// `false` guarantees none of these.
    pub fn needs_full_check(&mut self, start: &Position, moves: &[Move], end: &Position) -> bool {
        // Dead positions stay dead (no pawns, so no promotions; captures only
        // take minor pieces away): one before a move means `end` is dead.
        if end.is_insufficient_material() || !self.follow(start, moves, end) {
            return true;
        }
        let before_moves =
            (0..moves.len()).any(|at| self.clock[at] >= 150 || self.could_repeat(at, 5));
        before_moves || self.could_repeat(moves.len(), 3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(start: &Position, sans: &[&str]) -> (Vec<Move>, Position) {
        let mut pos = start.clone();
        let mut out = Vec::new();
        for san in sans {
            let m = pos.parse_san(san).unwrap();
            out.push(m);
            pos.play_unchecked(m);
        }
        (out, pos)
    }

    #[test]
    fn the_shadow_follows_castling_en_passant_promotion_and_captures() {
        let start = Position::from_fen("r3k2r/1P4p1/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap();
        let (ms, end) = moves(
            &start,
            &["exd6", "O-O", "O-O-O", "g5", "b8=Q", "Rfxb8", "Rd2"],
        );
        let mut shadow = Shadow::default();
        assert!(shadow.follow(&start, &ms, &end));
        assert_eq!(shadow.clock, [0, 0, 1, 2, 0, 0, 0, 1]);
    }

    #[test]
    fn knights_going_back_and_forth_could_repeat_and_a_game_without_doubt_does_not() {
        let start = Position::new();
        let there_and_back = ["Nf3", "Nf6", "Ng1", "Ng8"];
        let (ms, end) = moves(&start, &there_and_back);
        let mut shadow = Shadow::default();
        assert!(
            !shadow.needs_full_check(&start, &ms, &end),
            "twice is not thrice"
        );
        let (ms, end) = moves(&start, &[there_and_back, there_and_back].concat());
        assert!(shadow.needs_full_check(&start, &ms, &end));
        let (ms, end) = moves(&start, &["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        assert!(!shadow.needs_full_check(&start, &ms, &end));
    }
}
