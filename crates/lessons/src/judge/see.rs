//! Static exchange evaluation: what the side to move wins by capturing on a
//! square and letting both sides recapture, lowest-valued piece first. The judge
//! uses it to say a piece "hangs" (can be won).

use guoxiang_core::{Bitboard, Color, Move, MoveKind, Position, Role, Square};

/// The teaching values of the pieces, in centipawns (1, 3, 3, 5, 9; the king
/// counts as more than everything).
pub(crate) const fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight | Role::Bishop => 300,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 100_000,
    }
}

/// The material the side to move wins at best by playing the legal capture `m`
/// and then exchanging on its square (each side may stop when recapturing does
/// not pay). Pins are respected for the first capture only.
pub(crate) fn capture_gain(pos: &Position, m: Move) -> i32 {
    let board = pos.board();
    let sq = m.to();
    let Some(victim) = board.role_at(sq) else {
        return 0;
    };
    let Some(first) = board.role_at(m.from()) else {
        return 0;
    };
    let mut gains = [0i32; 33];
    gains[0] = value(victim);
    let mut occupied = board.occupied() ^ Bitboard::from_square(m.from());
    let mut on_square = value(first);
    let mut side: Color = !pos.turn();
    let mut depth = 0;
    loop {
        let attackers = board.attackers_to(sq, occupied) & occupied & board.by_color(side);
        let Some((from, role)) = least_valuable(pos, attackers) else {
            break;
        };
        if role == Role::King {
            let others = board.attackers_to(sq, occupied ^ Bitboard::from_square(from))
                & (occupied ^ Bitboard::from_square(from))
                & board.by_color(!side);
            if others.any() {
                break;
            }
        }
        depth += 1;
        gains[depth] = on_square - gains[depth - 1];
        on_square = value(role);
        occupied ^= Bitboard::from_square(from);
        side = !side;
        if depth == 32 {
            break;
        }
    }
    while depth > 0 {
        gains[depth - 1] = -((-gains[depth - 1]).max(gains[depth]));
        depth -= 1;
    }
    gains[0]
}

fn least_valuable(pos: &Position, attackers: Bitboard) -> Option<(Square, Role)> {
    attackers
        .into_iter()
        .filter_map(|s| pos.board().role_at(s).map(|r| (s, r)))
        .min_by_key(|&(_, r)| value(r))
}

/// The best the side to move in `pos` wins by a capture on `sq` (0 when no
/// capture there pays).
pub(crate) fn best_gain_on(pos: &Position, sq: Square) -> i32 {
    pos.legal_moves_to(Bitboard::from_square(sq))
        .iter()
        .filter(|m| !matches!(m.kind(), MoveKind::Castle))
        .map(|&m| capture_gain(pos, m))
        .max()
        .unwrap_or(0)
        .max(0)
}

/// The pieces (not the king) of the side that just moved that the side to move
/// in `pos` can win, each with its square, the most valuable first.
pub(crate) fn hanging(pos: &Position) -> Vec<Square> {
    let board = pos.board();
    let theirs = board.by_color(!pos.turn()) & !board.kings();
    let mut out: Vec<(Square, i32)> = theirs
        .into_iter()
        .filter(|&s| best_gain_on(pos, s) > 0)
        .map(|s| (s, board.role_at(s).map_or(0, value)))
        .collect();
    out.sort_by_key(|&(s, v)| (-v, s.index()));
    out.into_iter().map(|(s, _)| s).collect()
}
