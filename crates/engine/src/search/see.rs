//! Static exchange evaluation: does a capture sequence on one square win at least
//! a threshold, with both sides recapturing with their least valuable piece?

use guoxiang_core::attacks::{bishop_attacks, rook_attacks};
use guoxiang_core::{Bitboard, Move, MoveKind, Position, Role};

/// Piece values used by SEE and by MVV-LVA ordering.
pub const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 950, 20_000];

/// The value of what `m` captures (0 for a quiet move; a pawn for en passant).
#[inline]
pub fn captured_value(pos: &Position, m: Move) -> i32 {
    if m.is_en_passant() {
        return SEE_VALUE[0];
    }
    if m.is_castle() {
        return 0;
    }
    pos.board()
        .role_at(m.to())
        .map_or(0, |r| SEE_VALUE[r.index()])
}

/// Whether the exchange started by `m` gains at least `threshold` centipawns.
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    if m.is_castle() {
        return threshold <= 0;
    }
    let b = pos.board();
    let from = m.from();
    let to = m.to();
    let mut swap = captured_value(pos, m) - threshold;
    if let MoveKind::Promotion(r) = m.kind() {
        swap += SEE_VALUE[r.index()] - SEE_VALUE[0];
    }
    if swap < 0 {
        return false;
    }
    let moving = match m.kind() {
        MoveKind::Promotion(r) => r,
        _ => b.role_at(from).unwrap_or(Role::Pawn),
    };
    swap = SEE_VALUE[moving.index()] - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = b.occupied() ^ Bitboard::from_square(from);
    if m.is_en_passant() {
        let captured = guoxiang_core::Square::from_coords(to.file(), from.rank());
        occ ^= Bitboard::from_square(captured);
    }
    let diag = b.bishops_and_queens();
    let straight = b.rooks_and_queens();
    let mut attackers = b.attackers_to(to, occ) & occ;
    let mut stm = pos.turn();
    let mut res = true;
    loop {
        stm = !stm;
        attackers &= occ;
        let ours = attackers & b.by_color(stm);
        if ours.is_empty() {
            break;
        }
        res = !res;
        // The least valuable attacker.
        let mut found = None;
        for role in Role::ALL {
            let set = ours & b.by_role(role);
            if let Some(sq) = set.first() {
                found = Some((role, sq));
                break;
            }
        }
        let Some((role, sq)) = found else { break };
        if role == Role::King {
            // The king may capture only if the square is no longer defended.
            if (attackers & b.by_color(!stm)).any() {
                res = !res;
            }
            break;
        }
        swap = SEE_VALUE[role.index()] - swap;
        if swap < i32::from(res) {
            break;
        }
        occ ^= Bitboard::from_square(sq);
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attackers |= bishop_attacks(to, occ) & diag;
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attackers |= rook_attacks(to, occ) & straight;
        }
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see(fen: &str, uci: &str, t: i32) -> bool {
        let pos = Position::from_fen(fen).unwrap();
        let m = pos.parse_uci(uci).unwrap();
        see_ge(&pos, m, t)
    }

    #[test]
    fn a_free_pawn_is_won() {
        assert!(see("4k3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5", 100));
    }

    #[test]
    fn taking_a_defended_pawn_with_a_rook_loses() {
        assert!(!see("4k3/8/4p3/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5", 0));
    }

    #[test]
    fn x_rays_count() {
        // R takes a pawn defended by a rook, with our queen behind: we win a pawn.
        assert!(see("3rk3/8/8/3p4/8/8/3R4/3QK3 w - - 0 1", "d2d5", 100));
    }
}
