//! Legal move generation. Check and pin masks are applied inside the generator, so
//! every move it yields is legal and none is generated only to be thrown away.
//!
//! The generator reports moves in bulk (a piece and its target set, or a whole set
//! of pawn moves sharing one direction) to a [`Sink`]: the move list expands them,
//! and the counter behind perft's bulk counting only adds up population counts.

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use crate::position::role_bit;
use crate::{
    Bitboard, CastlingSide, CastlingSquares, Color, Move, MoveKind, MoveList, Position, Rank, Role,
    Square,
};

/// Where generated moves go.
pub(crate) trait Sink {
    /// Normal moves of one piece from `from` to each of `targets`.
    fn piece(&mut self, from: Square, targets: Bitboard);
    /// Pawn moves to each of `targets`, each from `to - offset`, of `kind`
    /// (normal, double push, or promotion: expanded into all four pieces).
    fn pawns(&mut self, targets: Bitboard, offset: i8, kind: PawnKind);
    /// A single special move (en passant, castling).
    fn one(&mut self, m: Move);
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum PawnKind {
    Normal,
    Double,
    Promotion,
}

impl Sink for MoveList {
    #[inline]
    fn piece(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::normal(from, to));
        }
    }

    #[inline]
    fn pawns(&mut self, targets: Bitboard, offset: i8, kind: PawnKind) {
        for to in targets {
            let from = Square::from_index_masked((to.index() as i32 - offset as i32) as u32);
            match kind {
                PawnKind::Normal => self.push(Move::normal(from, to)),
                PawnKind::Double => self.push(Move::new(from, to, MoveKind::DoublePush)),
                PawnKind::Promotion => {
                    for r in Role::PROMOTIONS {
                        self.push(Move::new(from, to, MoveKind::Promotion(r)));
                    }
                }
            }
        }
    }

    #[inline]
    fn one(&mut self, m: Move) {
        self.push(m);
    }
}

/// Counts moves without listing them (perft's bulk counting).
pub(crate) struct Counter(pub usize);

impl Sink for Counter {
    #[inline]
    fn piece(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count() as usize;
    }
    #[inline]
    fn pawns(&mut self, targets: Bitboard, _offset: i8, kind: PawnKind) {
        let n = targets.count() as usize;
        self.0 += if kind == PawnKind::Promotion {
            4 * n
        } else {
            n
        };
    }
    #[inline]
    fn one(&mut self, _m: Move) {
        self.0 += 1;
    }
}

/// All roles, as a role mask.
pub(crate) const ALL_ROLES: u8 = 0b11_1111;

impl Position {
    /// All legal moves.
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_for(&mut list, ALL_ROLES, Bitboard::FULL);
        list
    }

    /// The legal moves of pieces of `role` that go to a square in `to`.
    pub fn legal_moves_of(&self, role: Role, to: Bitboard) -> MoveList {
        let mut list = MoveList::new();
        self.generate_for(&mut list, role_bit(role), to);
        list
    }

    /// The legal moves landing on a square of `to` (castling counts by the king's
    /// destination or the rook's square). With `to` = the opponent's pieces this is
    /// the captures (plus en passant if its square is included).
    pub fn legal_moves_to(&self, to: Bitboard) -> MoveList {
        let mut list = MoveList::new();
        self.generate_for(&mut list, ALL_ROLES, to);
        list
    }

    /// The legal moves starting on `from`.
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = self.legal_moves();
        list.retain(|m| m.from() == from);
        list
    }

    /// The number of legal moves, counted without listing them.
    #[inline]
    pub fn count_legal_moves(&self) -> usize {
        let mut c = Counter(0);
        self.generate_for(&mut c, ALL_ROLES, Bitboard::FULL);
        c.0
    }

    /// Generates the legal moves of the roles in `roles` (a bit per role) landing on
    /// `to_mask` (castling is matched by the king's destination or the rook's square).
    #[inline]
    pub(crate) fn generate_for<S: Sink>(&self, sink: &mut S, roles: u8, to_mask: Bitboard) {
        let us = self.turn();
        let board = self.board();
        let our = board.by_color(us);
        let their = board.by_color(!us);
        let occ = our | their;
        let king = self.our_king();
        let checkers = self.checkers();

        if roles & role_bit(Role::King) != 0 {
            let targets = king_attacks(king) & !our & to_mask;
            // With three or more squares to try (open boards, endings), one map of
            // the opponent's attacks is cheaper than asking square by square.
            let t = targets.0 & targets.0.wrapping_sub(1);
            if t & t.wrapping_sub(1) != 0 {
                sink.piece(king, targets - self.attacked_without_king(king));
            } else {
                let mut safe = Bitboard::EMPTY;
                let without_king = occ.without(king);
                for to in targets {
                    if !self.is_attacked(to, !us, without_king) {
                        safe |= Bitboard::from_square(to);
                    }
                }
                sink.piece(king, safe);
            }
        }
        if checkers.more_than_one() {
            return;
        }
        let target = to_mask
            & match checkers.first() {
                Some(checker) => between(king, checker) | checkers,
                None => !our,
            };
        // In check, a pinned piece can neither capture the checker nor block.
        let movable = if checkers.any() {
            !self.pinned()
        } else {
            Bitboard::FULL
        };
        let pinned = self.pinned();

        if roles & role_bit(Role::Knight) != 0 {
            for from in self.our(Role::Knight) & !pinned {
                sink.piece(from, knight_attacks(from) & target);
            }
        }
        if roles & role_bit(Role::Bishop) != 0 {
            for from in self.our(Role::Bishop) & movable {
                let mut t = bishop_attacks(from, occ) & target;
                if pinned.contains(from) {
                    t &= line(king, from);
                }
                sink.piece(from, t);
            }
        }
        if roles & role_bit(Role::Rook) != 0 {
            for from in self.our(Role::Rook) & movable {
                let mut t = rook_attacks(from, occ) & target;
                if pinned.contains(from) {
                    t &= line(king, from);
                }
                sink.piece(from, t);
            }
        }
        if roles & role_bit(Role::Queen) != 0 {
            for from in self.our(Role::Queen) & movable {
                let mut t = (rook_attacks(from, occ) | bishop_attacks(from, occ)) & target;
                if pinned.contains(from) {
                    t &= line(king, from);
                }
                sink.piece(from, t);
            }
        }
        if roles & role_bit(Role::Pawn) != 0 {
            self.generate_pawns(sink, target, to_mask, movable, king);
        }
        if roles & role_bit(Role::King) != 0 && checkers.is_empty() {
            self.generate_castling(sink, king, to_mask);
        }
    }

    /// Every square the opponent attacks, with our king taken off the board (so
    /// that a slider checking it also covers the squares behind it).
    #[inline]
    fn attacked_without_king(&self, king: Square) -> Bitboard {
        let them = !self.turn();
        let board = self.board();
        let occ = board.occupied().without(king);
        let pawns = self.their(Role::Pawn);
        let not_a = !Bitboard::file(crate::File::A);
        let not_h = !Bitboard::file(crate::File::H);
        let forward = match them {
            Color::White => pawns.shift_up(),
            Color::Black => pawns.shift_down(),
        };
        let mut attacked = Bitboard((forward & not_a).0 >> 1) | Bitboard((forward & not_h).0 << 1);
        attacked |= king_attacks(self.king_of(them));
        for sq in self.their(Role::Knight) {
            attacked |= knight_attacks(sq);
        }
        let their = board.by_color(them);
        for sq in board.rooks_and_queens() & their {
            attacked |= rook_attacks(sq, occ);
        }
        for sq in board.bishops_and_queens() & their {
            attacked |= bishop_attacks(sq, occ);
        }
        attacked
    }

    #[inline]
    fn generate_pawns<S: Sink>(
        &self,
        sink: &mut S,
        target: Bitboard,
        to_mask: Bitboard,
        movable: Bitboard,
        king: Square,
    ) {
        let us = self.turn();
        let board = self.board();
        let occ = board.occupied();
        let empty = !occ;
        let their = board.by_color(!us);
        let pinned = self.pinned();
        let pawns = self.our(Role::Pawn) & movable;
        let free = pawns & !pinned;
        let (last, double_rank) = match us {
            Color::White => (Bitboard::rank(Rank::EIGHTH), Bitboard::rank(Rank::THIRD)),
            Color::Black => (Bitboard::rank(Rank::FIRST), Bitboard::rank(Rank::SIXTH)),
        };
        let up = |b: Bitboard| match us {
            Color::White => b.shift_up(),
            Color::Black => b.shift_down(),
        };
        let push: i8 = if us == Color::White { 8 } else { -8 };
        let not_a = !Bitboard::file(crate::File::A);
        let not_h = !Bitboard::file(crate::File::H);

        // Unpinned pawns, in bulk.
        let single = up(free) & empty;
        let double = up(single & double_rank) & empty & target;
        let single = single & target;
        // Captures towards the a-file and towards the h-file.
        let west = up(free & not_a).0;
        let east = up(free & not_h).0;
        let (west, east) = (Bitboard(west >> 1), Bitboard(east << 1));
        let west = west & their & target;
        let east = east & their & target;
        if ((single | west | east) & last).any() {
            sink.pawns(single - last, push, PawnKind::Normal);
            sink.pawns(single & last, push, PawnKind::Promotion);
            sink.pawns(double, 2 * push, PawnKind::Double);
            sink.pawns(west - last, push - 1, PawnKind::Normal);
            sink.pawns(west & last, push - 1, PawnKind::Promotion);
            sink.pawns(east - last, push + 1, PawnKind::Normal);
            sink.pawns(east & last, push + 1, PawnKind::Promotion);
        } else {
            // Usually no pawn can promote: four sets instead of seven (same order).
            sink.pawns(single, push, PawnKind::Normal);
            sink.pawns(double, 2 * push, PawnKind::Double);
            sink.pawns(west, push - 1, PawnKind::Normal);
            sink.pawns(east, push + 1, PawnKind::Normal);
        }

        // Pinned pawns move only along the pin (never when in check: `movable`).
        for from in pawns & pinned {
            let along = line(king, from);
            let fb = Bitboard::from_square(from);
            let s = up(fb) & empty & along;
            let d = up(s & double_rank) & empty & target;
            let c = pawn_attacks(us, from) & their & along & target;
            let s = s & target;
            let normal = (s | c) - last;
            let promo = (s | c) & last;
            for to in normal {
                sink.one(Move::normal(from, to));
            }
            for to in promo {
                for r in Role::PROMOTIONS {
                    sink.one(Move::new(from, to, MoveKind::Promotion(r)));
                }
            }
            for to in d {
                sink.one(Move::new(from, to, MoveKind::DoublePush));
            }
        }

        // En passant: rare, so checked exactly by playing it out on the occupancy
        // (this covers pins, the rank pin where both pawns leave the rank, and
        // whether the capture answers a check).
        if let Some(ep) = self.pseudo_en_passant() {
            if to_mask.contains(ep) {
                for from in pawn_attacks(!us, ep) & self.our(Role::Pawn) {
                    if self.en_passant_is_legal(from, ep) {
                        sink.one(Move::new(from, ep, MoveKind::EnPassant));
                    }
                }
            }
        }
    }

    #[inline]
    fn generate_castling<S: Sink>(&self, sink: &mut S, king: Square, to_mask: Bitboard) {
        let us = self.turn();
        let rights = self.castling_rights();
        if !(rights.has(us, CastlingSide::KingSide) || rights.has(us, CastlingSide::QueenSide)) {
            return;
        }
        let occ = self.board().occupied();
        let squares = self.castling_squares();
        for side in CastlingSide::ALL {
            if !rights.has(us, side) {
                continue;
            }
            let rook = squares.rook(us, side);
            let king_to = CastlingSquares::king_to(us, side);
            let rook_to = CastlingSquares::rook_to(us, side);
            if !(to_mask.contains(king_to) || to_mask.contains(rook)) {
                continue;
            }
            let pieces = Bitboard::from_square(king) | Bitboard::from_square(rook);
            let must_be_empty = (between(king, king_to)
                | Bitboard::from_square(king_to)
                | between(rook, rook_to)
                | Bitboard::from_square(rook_to))
                - pieces;
            if (must_be_empty & occ).any() {
                continue;
            }
            let king_path = between(king, king_to) | Bitboard::from_square(king_to);
            let without_king = occ.without(king);
            if Iterator::any(&mut king_path.into_iter(), |sq| {
                self.is_attacked(sq, !us, without_king)
            }) {
                continue;
            }
            sink.one(Move::new(king, rook, MoveKind::Castle));
        }
    }
}

/// Counts the leaf nodes of the legal move tree to `depth` (with bulk counting at
/// the last ply). The standard check of a move generator.
///
/// ```
/// use guoxiang_core::{perft, Position};
/// assert_eq!(perft(&Position::new(), 3), 8_902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut total = 0;
            for &m in &pos.legal_moves() {
                total += perft(&pos.after(m), depth - 1);
            }
            total
        }
    }
}
