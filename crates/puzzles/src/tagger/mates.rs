//! Mates: `mate` and `mateInN` for a line that ends in checkmate (N = the solver's
//! moves; 5 stands for five or more), the classic mating patterns read from the
//! final position, and mates by a piece pair of the course (Q+R, Q+B, Q+N, two
//! rooks): the solver's pieces other than the king that give the check or guard the
//! king's flight squares (or the checker) are exactly that pair.

use guoxiang_core::attacks::{king_attacks, knight_attacks, pawn_attacks};
use guoxiang_core::{Bitboard, Color, Position, Rank, Role, Square};

use super::{any_square, attacks_with, role_at, Replay};
use crate::Theme;

pub(super) fn tag(r: &Replay, out: &mut Vec<Theme>) {
    let last = r.last();
    if r.moves.is_empty() || last.turn() != r.opp() || !last.is_checkmate() {
        return;
    }
    out.push(Theme::Mate);
    out.push(match r.solver_move_count() {
        1 => Theme::MateIn1,
        2 => Theme::MateIn2,
        3 => Theme::MateIn3,
        4 => Theme::MateIn4,
        _ => Theme::MateIn5,
    });
    patterns(last, r.solver, out);
    if let Some(t) = pair(last, r.solver) {
        out.push(t);
    }
}

/// The mated king's neighbours that its own pieces do not block.
fn flight_squares(pos: &Position, king: Square) -> Bitboard {
    king_attacks(king) & !pos.board().by_color(pos.turn())
}

fn df(a: Square, b: Square) -> i8 {
    b.file().index() as i8 - a.file().index() as i8
}

fn dr(a: Square, b: Square) -> i8 {
    b.rank().index() as i8 - a.rank().index() as i8
}

fn patterns(pos: &Position, solver: Color, out: &mut Vec<Theme>) {
    let board = pos.board();
    let them = pos.turn();
    let king = pos.our_king();
    let own = board.by_color(them);
    let ours = board.by_color(solver);
    let Some(checker) = pos.checkers().single() else {
        return; // the patterns below are all single-check mates
    };
    let Some(role) = role_at(pos, checker) else {
        return;
    };
    let neighbours = king_attacks(king);
    let orth_adjacent =
        neighbours.contains(checker) && (df(king, checker) == 0 || dr(king, checker) == 0);
    let defenders_of =
        |sq: Square, r: Role| board.attackers_of(sq, solver, board.occupied()) & board.by_role(r);

    // Back rank: a rook or queen along the king's own first rank, the king walled in
    // by at least two of its own pieces on the rank in front.
    if king.relative_rank(them) == Rank::FIRST
        && matches!(role, Role::Rook | Role::Queen)
        && checker.rank() == king.rank()
    {
        let forward = if them == Color::White { 1 } else { -1 };
        let walled = (-1..=1)
            .filter_map(|f| king.offset(f, forward))
            .filter(|&sq| own.contains(sq))
            .count();
        if walled >= 2 {
            out.push(Theme::BackRankMate);
        }
    }
    // Smothered: a knight, and every square around the king holds its own piece.
    if role == Role::Knight && (neighbours & !own).is_empty() {
        out.push(Theme::SmotheredMate);
    }
    // Anastasia: the king on the edge file, a rook or queen checking along it from
    // a distance, its own piece beside it on the next file in, and a knight guarding
    // that file's other squares.
    if (king.file().index() == 0 || king.file().index() == 7)
        && matches!(role, Role::Rook | Role::Queen)
        && checker.file() == king.file()
        && !neighbours.contains(checker)
    {
        let inward: i8 = if king.file().index() == 0 { 1 } else { -1 };
        let next_file: Bitboard = (-1..=1)
            .filter_map(|d| king.offset(inward, d))
            .map(Bitboard::from_square)
            .fold(Bitboard::EMPTY, |a, b| a | b);
        let knights = board.knights() & ours;
        if (next_file & own).any() && any_square(knights, |n| (knight_attacks(n) & next_file).any())
        {
            out.push(Theme::AnastasiaMate);
        }
    }
    // Arabian: a rook next to the cornered king, guarded by a knight.
    let corner = matches!(king.file().index(), 0 | 7) && matches!(king.rank().index(), 0 | 7);
    if role == Role::Rook && orth_adjacent {
        let knights = defenders_of(checker, Role::Knight) & ours;
        if corner && knights.any() {
            out.push(Theme::ArabianMate);
        }
        // Hook: the rook guarded by a knight, the knight guarded by a pawn.
        if any_square(knights, |n| {
            (pawn_attacks(them, n) & board.pawns() & ours).any()
        }) {
            out.push(Theme::HookMate);
        }
    }
    // Dovetail: the queen diagonally next to the king; the two squares beside the
    // king away from the queen hold its own pieces.
    if role == Role::Queen
        && neighbours.contains(checker)
        && df(checker, king) != 0
        && dr(checker, king) != 0
    {
        let (x, y) = (df(checker, king), dr(checker, king));
        let tails = [king.offset(x, 0), king.offset(0, y)];
        if tails.iter().all(|t| t.is_none_or(|sq| own.contains(sq)))
            && tails.iter().any(|t| t.is_some())
        {
            out.push(Theme::DovetailMate);
        }
    }
    // Two bishops: the checking bishop and another guarding a flight square;
    // crossing diagonals = Boden (the king boxed in by its own pieces), parallel
    // ones = the double-bishop mate.
    if role == Role::Bishop {
        let occ = board.occupied().without(king);
        let direction = |from: Square, to: Square| (df(from, to) > 0) == (dr(from, to) > 0);
        let check_dir = direction(checker, king);
        let flights = flight_squares(pos, king);
        for b in (board.bishops() & ours).without(checker) {
            let guarded = attacks_with(pos, b, occ) & flights;
            if guarded.is_empty() {
                continue;
            }
            let crossing = any_square(guarded, |f| direction(b, f) != check_dir);
            if crossing && (neighbours & own).any() {
                out.push(Theme::BodenMate);
            } else if !crossing {
                out.push(Theme::DoubleBishopMate);
            }
        }
    }
}

/// The piece-pair mate, if the solver's non-king pieces that check the king or
/// guard its flight squares are exactly one of the course's pairs.
fn pair(pos: &Position, solver: Color) -> Option<Theme> {
    let board = pos.board();
    let king = pos.our_king();
    let occ = board.occupied().without(king);
    let watched = flight_squares(pos, king).with(king);
    let roles: Vec<Role> = (board.by_color(solver) & !board.kings())
        .into_iter()
        .filter(|&sq| (attacks_with(pos, sq, occ) & watched).any())
        .filter_map(|sq| role_at(pos, sq))
        .collect();
    let has = |r: Role| roles.contains(&r);
    match roles.as_slice() {
        [Role::Rook, Role::Rook] => Some(Theme::MateTwoRooks),
        [_, _] if has(Role::Queen) && has(Role::Rook) => Some(Theme::MateQueenRook),
        [_, _] if has(Role::Queen) && has(Role::Bishop) => Some(Theme::MateQueenBishop),
        [_, _] if has(Role::Queen) && has(Role::Knight) => Some(Theme::MateQueenKnight),
        _ => None,
    }
}
