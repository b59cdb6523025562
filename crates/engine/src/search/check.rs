//! Whether a move gives check, decided on the position before it, so that the
//! search can prune a move without first making it.

use guoxiang_core::attacks::{attacks, bishop_attacks, rook_attacks};
use guoxiang_core::{CastlingSide, CastlingSquares, Move, MoveKind, Position, Role, Square};

/// Whether the legal move `m` leaves the opponent in check: the moved (or
/// promoted) piece attacks their king, or leaving its square (or capturing en
/// passant) opens a line of one of ours to it, or castling puts the rook on a line
/// to it. Equal to `pos.after(m).is_check()`.
pub(crate) fn gives_check(pos: &Position, m: Move) -> bool {
    let b = pos.board();
    let us = pos.turn();
    let Some(king) = b.king_of(!us) else {
        return false;
    };
    let (from, to) = (m.from(), m.to());
    let ours = b.by_color(us);
    if m.kind() == MoveKind::Castle {
        // `to` is the rook's square; the king cannot check, only the rook can.
        let side = if to.file() > from.file() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        let king_to = CastlingSquares::king_to(us, side);
        let rook_to = CastlingSquares::rook_to(us, side);
        let occupied = b
            .occupied()
            .without(from)
            .without(to)
            .with(king_to)
            .with(rook_to);
        return rook_attacks(rook_to, occupied).contains(king);
    }
    // A legal move starts on a square of the side to move.
    let role = b.role_at(from).unwrap_or(Role::Pawn);
    let landed = m.promotion().unwrap_or(role);
    let mut occupied = b.occupied().without(from).with(to);
    if m.kind() == MoveKind::EnPassant {
        occupied = occupied.without(Square::from_coords(to.file(), from.rank()));
    }
    if attacks(us, landed, to, occupied).contains(king) {
        return true;
    }
    // Discovered: a slider of ours, other than the moved piece, now sees the king.
    let sliders = ours.without(from);
    let lines = (rook_attacks(king, occupied) & b.rooks_and_queens())
        | (bishop_attacks(king, occupied) & b.bishops_and_queens());
    (lines & sliders).any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::POSITIONS;

    /// Walks the game tree to `depth` and checks every move on the way.
    fn agrees_below(pos: &Position, depth: u32, checked: &mut u64, checks: &mut u64) {
        for &m in pos.legal_moves().iter() {
            let child = pos.after(m);
            *checks += u64::from(child.is_check());
            assert_eq!(
                gives_check(pos, m),
                child.is_check(),
                "{} in {}",
                m.to_uci(),
                pos.fen()
            );
            *checked += 1;
            if depth > 1 {
                agrees_below(&child, depth - 1, checked, checks);
            }
        }
    }

    #[test]
    fn gives_check_agrees_with_making_the_move() {
        let (mut checked, mut checks) = (0, 0);
        let special = [
            // Castling into check by the rook, both sides.
            "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
            "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
            // En passant that uncovers a rook and a bishop.
            "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
            "7k/8/8/3pP3/8/8/8/B6K w - d6 0 1",
            // Promotions that check, and a discovered check by a king move.
            "3k4/1P6/8/8/8/8/8/4K3 w - - 0 1",
            "k7/8/8/8/8/8/K7/R7 w - - 0 1",
        ];
        for fen in POSITIONS.iter().chain(special.iter()) {
            let pos = Position::from_fen(fen).expect("test FEN is valid");
            agrees_below(&pos, 2, &mut checked, &mut checks);
        }
        // Every move of two plies from 56 positions, a few thousand of them checks.
        assert!(checked > 40_000 && checks > 1_000, "{checked} {checks}");
    }
}
