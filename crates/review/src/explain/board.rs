//! Reading the board for the detectors: piece values, a static exchange evaluator,
//! an engine line replayed as far as it stays legal, evaluations from the mover's
//! side, and the lines of a slider (for pins and skewers).

use guoxiang_core::attacks::{self, between, bishop_attacks, rook_attacks};
use guoxiang_core::{Bitboard, Color, Move, Position, Role, Square};

use super::kind::{PieceAt, SanMove, Standing};
use crate::Eval;

/// Piece values in centipawns (the king counts as more than everything else).
pub(super) fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight | Role::Bishop => 300,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 20_000,
    }
}

/// The piece on `sq` with its square.
pub(super) fn piece_at(pos: &Position, sq: Square) -> Option<PieceAt> {
    pos.board()
        .piece_at(sq)
        .map(|piece| PieceAt { piece, square: sq })
}

/// The role `m` captures in `pos` (en passant takes a pawn; castling nothing).
pub(super) fn captured(pos: &Position, m: Move) -> Option<Role> {
    if m.is_en_passant() {
        return Some(Role::Pawn);
    }
    if m.is_castle() {
        return None;
    }
    match pos.board().piece_at(m.to()) {
        Some(p) if p.color != pos.turn() => Some(p.role),
        _ => None,
    }
}

/// Where the piece that makes `m` stands afterwards (the king, for castling).
pub(super) fn landing(m: Move) -> Square {
    if m.is_castle() {
        m.king_to()
    } else {
        m.to()
    }
}

/// The squares the piece on `sq` attacks in `pos`.
pub(super) fn attacks_from(pos: &Position, sq: Square) -> Bitboard {
    match pos.board().piece_at(sq) {
        Some(p) => attacks::attacks(p.color, p.role, sq, pos.board().occupied()),
        None => Bitboard::EMPTY,
    }
}

/// The material the side to move gains by the capture `m` once every recapture that
/// pays has been played (the swap algorithm; pins are not looked at).
pub(super) fn see(pos: &Position, m: Move) -> i32 {
    let Some(victim) = captured(pos, m) else {
        return 0;
    };
    let board = pos.board();
    let Some(mut attacker) = board.role_at(m.from()) else {
        return 0;
    };
    let to = m.to();
    let mut occ = board.occupied().without(m.from());
    if m.is_en_passant() {
        if let Some(sq) = to.offset(0, if pos.turn() == Color::White { -1 } else { 1 }) {
            occ = occ.without(sq);
        }
    }
    let mut gain = [0i32; 34];
    gain[0] = value(victim);
    let mut side = !pos.turn();
    let mut d = 0;
    loop {
        d += 1;
        gain[d] = value(attacker) - gain[d - 1];
        if (-gain[d - 1]).max(gain[d]) < 0 || d + 1 >= gain.len() {
            break;
        }
        let attackers = board.attackers_to(to, occ) & occ & board.by_color(side);
        let next = attackers
            .into_iter()
            .filter_map(|sq| board.role_at(sq).map(|r| (value(r), sq, r)))
            .min_by_key(|&(v, _, _)| v);
        let Some((_, sq, role)) = next else {
            break;
        };
        occ = occ.without(sq);
        attacker = role;
        side = !side;
    }
    while d > 1 {
        d -= 1;
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
    }
    gain[0]
}

/// An engine line replayed from its start as far as its moves stay legal:
/// `pos[i]` is the position before `moves[i]`, and the last entry of `pos` the
/// position after the last move.
pub(super) struct Line {
    pub pos: Vec<Position>,
    pub moves: Vec<Move>,
}

impl Line {
    /// At most `max` moves of `moves` from `start`.
    pub fn new(start: &Position, moves: &[Move], max: usize) -> Line {
        let mut pos = vec![start.clone()];
        let mut played = Vec::new();
        for &m in moves.iter().take(max) {
            let last = &pos[pos.len() - 1];
            if !last.is_legal(m) {
                break;
            }
            let next = last.after(m);
            pos.push(next);
            played.push(m);
        }
        Line { pos, moves: played }
    }

    /// The position at the end.
    pub fn last(&self) -> &Position {
        &self.pos[self.pos.len() - 1]
    }

    /// The first `n` moves as SAN.
    pub fn san(&self, n: usize) -> Vec<SanMove> {
        self.moves
            .iter()
            .take(n)
            .enumerate()
            .map(|(i, &m)| SanMove::new(&self.pos[i], m))
            .collect()
    }

    /// The side that plays the even moves (the one to move at the start).
    pub fn solver(&self) -> Color {
        self.pos[0].turn()
    }

    /// Whether the line ends with the solver mating.
    pub fn mates(&self) -> bool {
        !self.moves.is_empty() && self.last().is_checkmate() && self.last().turn() != self.solver()
    }

    /// The solver's moves in the line (mate in this many).
    pub fn solver_moves(&self) -> u32 {
        self.moves.len().div_ceil(2) as u32
    }
}

/// `eval` (White's point of view) from `color`'s side.
pub(super) fn for_side(eval: Eval, color: Color) -> Eval {
    match (eval, color) {
        (e, Color::White) => e,
        (Eval::Cp(cp), Color::Black) => Eval::Cp(-cp),
        (Eval::Mate(n), Color::Black) => Eval::Mate(-n),
    }
}

/// How the side whose point of view `eval` is stands.
pub(super) fn standing(eval: Eval) -> Standing {
    match eval {
        Eval::Mate(n) if n > 0 => Standing::Winning,
        Eval::Mate(_) => Standing::Worse,
        Eval::Cp(cp) if cp >= 300 => Standing::Winning,
        Eval::Cp(cp) if cp >= 100 => Standing::Better,
        Eval::Cp(cp) if cp > -100 => Standing::Level,
        Eval::Cp(_) => Standing::Worse,
    }
}

/// Two pieces of the other side on one line from a slider: the slider attacks
/// `front`, and `back` is the first piece behind it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Ray {
    pub slider: Square,
    pub front: Square,
    pub back: Square,
}

/// Every (front, back) pair of enemy pieces on the lines of the slider on `sq`.
pub(super) fn rays_from(pos: &Position, sq: Square) -> Vec<Ray> {
    let board = pos.board();
    let Some(piece) = board.piece_at(sq) else {
        return Vec::new();
    };
    let reach = match piece.role {
        Role::Rook => rook_attacks(sq, Bitboard::EMPTY),
        Role::Bishop => bishop_attacks(sq, Bitboard::EMPTY),
        Role::Queen => rook_attacks(sq, Bitboard::EMPTY) | bishop_attacks(sq, Bitboard::EMPTY),
        _ => return Vec::new(),
    };
    let occ = board.occupied();
    let enemy = board.by_color(!piece.color);
    let mut rays = Vec::new();
    for back in reach & enemy {
        if let Some(front) = (between(sq, back) & occ).single() {
            if enemy.contains(front) {
                rays.push(Ray {
                    slider: sq,
                    front,
                    back,
                });
            }
        }
    }
    rays
}

/// The sliders (rooks, bishops, queens) of `color`.
pub(super) fn sliders(pos: &Position, color: Color) -> Bitboard {
    let board = pos.board();
    board.by_color(color) & (board.rooks_and_queens() | board.bishops_and_queens())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(fen: &str, uci: &str) -> i32 {
        let pos = Position::from_fen(fen).expect("test FEN");
        let m = pos.parse_uci(uci).expect("test move");
        see(&pos, m)
    }

    #[test]
    fn an_undefended_piece_is_won_whole() {
        assert_eq!(see_of("4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1", "e3d5"), 900);
    }

    #[test]
    fn a_quiet_move_wins_nothing() {
        assert_eq!(see_of("4k3/8/8/3q4/8/4N3/8/4K3 w - - 0 1", "e3g4"), 0);
    }

    #[test]
    fn a_defended_pawn_taken_by_the_queen_loses_the_queen() {
        // The pawn on d5 is guarded by the pawn on e6.
        assert_eq!(
            see_of("4k3/8/4p3/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5"),
            100 - 900
        );
    }

    #[test]
    fn a_guarded_pawn_taken_by_a_knight_costs_the_knight() {
        // Nxd5 takes a pawn guarded by the pawn on e6, and exd5 takes the knight.
        assert_eq!(
            see_of("4k3/8/4p3/3p4/8/2N5/8/4K3 w - - 0 1", "c3d5"),
            100 - 300
        );
    }

    #[test]
    fn an_x_ray_recapture_counts() {
        // Two white rooks on the d-file against the knight on d5 and one black rook behind it.
        assert_eq!(
            see_of("3rk3/8/8/3n4/8/8/3R4/3RK3 w - - 0 1", "d2d5"),
            300 - 500 + 500
        );
    }
}
