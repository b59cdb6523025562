//! A validated chess position: placement, side to move, castling rights, en passant,
//! clocks and Zobrist key, with copy-make move application and check/pin tracking.

use crate::attacks::{
    aligned, between, bishop_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use crate::setup::{ImpossibleCheck, PositionError, Setup};
use crate::zobrist;
use crate::{
    Bitboard, Board, CastlingRights, CastlingSide, CastlingSquares, Color, Move, MoveKind, Piece,
    Rank, Role, Square,
};

/// A legal chess position. Only legal positions can be built: from the start,
/// from a validated [`Setup`] (or FEN), or by playing legal moves.
///
/// ```
/// use guoxiang_core::Position;
/// let pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 20);
/// assert_eq!(pos.zobrist(), 0x463b96181691fc9c); // Polyglot's key
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    turn: Color,
    castling: CastlingRights,
    /// Set only when a pawn of the side to move stands ready to capture there
    /// (Polyglot's condition); whether the capture is *legal* is checked separately.
    en_passant: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
    hash: u64,
    checkers: Bitboard,
    pinned: Bitboard,
    castling_squares: CastlingSquares,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The starting position.
    pub fn new() -> Position {
        // The standard setup is legal; the error branch cannot be taken.
        Position::from_setup(&Setup::standard()).unwrap_or_else(|_| unreachable!())
    }

    /// Validates a setup. Every reason it may be refused is a [`PositionError`].
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let board = setup.board;
        for color in Color::ALL {
            let kings = board.by_piece(Piece::new(color, Role::King)).count();
            if kings == 0 {
                return Err(PositionError::MissingKing { color });
            }
            if kings > 1 {
                return Err(PositionError::TooManyKings {
                    color,
                    count: kings,
                });
            }
            let pieces = board.by_color(color).count();
            if pieces > 16 {
                return Err(PositionError::TooManyPieces {
                    color,
                    count: pieces,
                });
            }
            let pawns = (board.pawns() & board.by_color(color)).count();
            if pawns > 8 {
                return Err(PositionError::TooManyPawns {
                    color,
                    count: pawns,
                });
            }
        }
        if let Some(square) = (board.pawns() & Bitboard::BACKRANKS).first() {
            return Err(PositionError::PawnOnBackRank { square });
        }
        if setup.fullmove_number == 0 {
            return Err(PositionError::ZeroFullmoveNumber);
        }
        let squares = CastlingSquares::STANDARD;
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if setup.castling.has(color, side) {
                    let king = squares.king(color);
                    let rook = squares.rook(color, side);
                    if board.piece_at(king) != Some(Piece::new(color, Role::King))
                        || board.piece_at(rook) != Some(Piece::new(color, Role::Rook))
                    {
                        return Err(PositionError::InvalidCastlingRights {
                            color,
                            side,
                            king,
                            rook,
                        });
                    }
                }
            }
        }
        let turn = setup.turn;
        let mut en_passant = None;
        if let Some(ep) = setup.en_passant {
            validate_en_passant(&board, turn, ep)?;
            if (pawn_attacks(!turn, ep) & board.pawns() & board.by_color(turn)).any() {
                en_passant = Some(ep);
            }
        }
        // Both kings exist (checked above).
        let their_king = board.king_of(!turn).unwrap_or(Square::A1);
        if let Some(square) = board
            .attackers_of(their_king, turn, board.occupied())
            .first()
        {
            return Err(PositionError::OppositeCheck {
                color: !turn,
                square,
            });
        }
        let mut pos = Position {
            board,
            turn,
            castling: setup.castling,
            en_passant,
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number,
            hash: 0,
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            castling_squares: squares,
        };
        pos.hash = pos.compute_hash();
        pos.update_checkers_and_pins();
        if pos.checkers.count() > 2 {
            return Err(PositionError::TooManyCheckers {
                count: pos.checkers.count(),
            });
        }
        if let Some(reason) = pos.impossible_check(setup.en_passant) {
            return Err(PositionError::ImpossibleCheck {
                king: pos.our_king(),
                checkers: crate::SquareList(pos.checkers),
                reason,
            });
        }
        Ok(pos)
    }

    /// Why the check on the side to move cannot have arisen, if it cannot (at most
    /// two checkers, checked before): as python-chess's `STATUS_IMPOSSIBLE_CHECK` and
    /// shakmaty's `IMPOSSIBLE_CHECK`. `en_passant` is the setup's (valid) en-passant
    /// square, which says what the last move was.
    fn impossible_check(&self, en_passant: Option<Square>) -> Option<ImpossibleCheck> {
        let checkers = self.checkers;
        let (first, last) = (checkers.first()?, checkers.last()?);
        let king = self.our_king();
        if let Some(ep) = en_passant {
            // The last move was a double step from `from` to `to`: either that pawn
            // gives check, alone, or it uncovered one check by a slider.
            let (from, to) = match self.turn {
                Color::White => (ep.offset(0, 1), ep.offset(0, -1)),
                Color::Black => (ep.offset(0, -1), ep.offset(0, 1)),
            };
            let (Some(from), Some(to)) = (from, to) else {
                return None; // not reached: the square was validated
            };
            let before = self.board.occupied().without(to).with(from);
            if first != last
                || (first != to && self.board.attackers_of(king, !self.turn, before).any())
            {
                return Some(ImpossibleCheck::EnPassant { from });
            }
        } else if first != last && aligned(first, king, last) {
            return Some(ImpossibleCheck::Aligned);
        }
        let steppers = self.board.pawns() | self.board.knights() | self.board.kings();
        (checkers & steppers)
            .more_than_one()
            .then_some(ImpossibleCheck::TwoSteppers)
    }

    /// The setup this position would be written as (en passant only when a legal
    /// en-passant capture exists, as canonical FEN has it).
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            castling: self.castling,
            en_passant: self.legal_en_passant(),
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    #[inline]
    pub fn castling_squares(&self) -> &CastlingSquares {
        &self.castling_squares
    }

    /// The en-passant square when a pawn of the side to move could capture there
    /// (ignoring pins); see [`Position::legal_en_passant`] for the strict form.
    #[inline]
    pub fn pseudo_en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// The en-passant square, only when an en-passant capture is legal right now.
    pub fn legal_en_passant(&self) -> Option<Square> {
        let ep = self.en_passant?;
        let capturers = pawn_attacks(!self.turn, ep) & self.our(Role::Pawn);
        let mut capturers = capturers.into_iter();
        Iterator::any(&mut capturers, |from| self.en_passant_is_legal(from, ep)).then_some(ep)
    }

    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The Polyglot Zobrist key of this position.
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// A key for repetition: like [`Position::zobrist`], but the en-passant file
    /// counts only when an en-passant capture is actually legal (FIDE 9.2.3).
    pub fn repetition_key(&self) -> u64 {
        match self.en_passant {
            Some(ep) if self.legal_en_passant().is_none() => {
                self.hash ^ zobrist::en_passant_key(ep.file())
            }
            _ => self.hash,
        }
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Pieces of the side to move pinned to their own king.
    #[inline]
    pub fn pinned(&self) -> Bitboard {
        self.pinned
    }

    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    /// The king of the side to move.
    #[inline]
    pub fn our_king(&self) -> Square {
        // Invariant: a validated position has exactly one king per side.
        (self.board.kings() & self.board.by_color(self.turn))
            .first()
            .unwrap_or(Square::A1)
    }

    /// The king of `color`.
    #[inline]
    pub fn king_of(&self, color: Color) -> Square {
        // Invariant: a validated position has exactly one king per side.
        self.board.king_of(color).unwrap_or(Square::A1)
    }

    #[inline]
    pub(crate) fn our(&self, role: Role) -> Bitboard {
        self.board.by_role(role) & self.board.by_color(self.turn)
    }

    #[inline]
    pub(crate) fn their(&self, role: Role) -> Bitboard {
        self.board.by_role(role) & self.board.by_color(!self.turn)
    }

    /// Whether `sq` is attacked by `attacker` with `occupied` filled.
    #[inline]
    pub fn is_attacked(&self, sq: Square, attacker: Color, occupied: Bitboard) -> bool {
        self.board.attackers_of(sq, attacker, occupied).any()
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (sq, p) in self.board.pieces() {
            h ^= zobrist::piece_key(p.color, p.role, sq);
        }
        h ^= zobrist::castling_key(self.castling);
        if let Some(ep) = self.en_passant {
            h ^= zobrist::en_passant_key(ep.file());
        }
        if self.turn == Color::White {
            h ^= zobrist::white_to_move_key();
        }
        h
    }

    #[inline]
    fn update_checkers_and_pins(&mut self) {
        let us = self.turn;
        let king = self.our_king();
        let our = self.board.by_color(us);
        let their = self.board.by_color(!us);
        let occ = our | their;
        let mut checkers = (knight_attacks(king) & self.their(Role::Knight))
            | (pawn_attacks(us, king) & self.their(Role::Pawn));
        let snipers = (rook_attacks(king, their) & self.board.rooks_and_queens() & their)
            | (bishop_attacks(king, their) & self.board.bishops_and_queens() & their);
        let mut pinned = Bitboard::EMPTY;
        for s in snipers {
            let blockers = between(king, s) & occ;
            if blockers.is_empty() {
                checkers |= Bitboard::from_square(s);
            } else if !blockers.more_than_one() {
                pinned |= blockers & our;
            }
        }
        self.checkers = checkers;
        self.pinned = pinned;
    }

    /// Whether capturing en passant from `from` onto `ep` leaves the own king safe.
    pub(crate) fn en_passant_is_legal(&self, from: Square, ep: Square) -> bool {
        let us = self.turn;
        let king = self.our_king();
        let captured = Square::from_coords(ep.file(), from.rank());
        let captured_bb = Bitboard::from_square(captured);
        let occ = (self.board.occupied() ^ Bitboard::from_square(from) ^ captured_bb)
            | Bitboard::from_square(ep);
        let their = self.board.by_color(!us);
        let attackers = (rook_attacks(king, occ) & self.board.rooks_and_queens() & their)
            | (bishop_attacks(king, occ) & self.board.bishops_and_queens() & their)
            | (knight_attacks(king) & self.their(Role::Knight))
            | (pawn_attacks(us, king) & self.their(Role::Pawn) & !captured_bb);
        attackers.is_empty()
    }

    /// Plays a legal move and returns the new position (copy-make).
    ///
    /// The move must be legal here (from [`Position::legal_moves`] or checked with
    /// [`Position::is_legal`]); anything else gives an unspecified (but memory-safe)
    /// position. Use [`Position::play`] for moves from outside.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let them = !us;
        let from = m.from();
        let to = m.to();
        // Invariant (caller): a legal move starts on a square of the side to move.
        let role = self.board.role_at(from).unwrap_or(Role::Pawn);
        let castling_before = self.castling;
        let mut hash = self.hash;
        if let Some(ep) = self.en_passant.take() {
            hash ^= zobrist::en_passant_key(ep.file());
        }
        self.halfmove_clock += 1;
        match m.kind() {
            MoveKind::Castle => {
                let side = if to.file() > from.file() {
                    CastlingSide::KingSide
                } else {
                    CastlingSide::QueenSide
                };
                let king_to = CastlingSquares::king_to(us, side);
                let rook_to = CastlingSquares::rook_to(us, side);
                self.board.toggle(from, us, Role::King);
                self.board.toggle(to, us, Role::Rook);
                self.board.toggle(king_to, us, Role::King);
                self.board.toggle(rook_to, us, Role::Rook);
                hash ^= zobrist::piece_key(us, Role::King, from)
                    ^ zobrist::piece_key(us, Role::Rook, to)
                    ^ zobrist::piece_key(us, Role::King, king_to)
                    ^ zobrist::piece_key(us, Role::Rook, rook_to);
                self.castling = self.castling.without_color(us);
            }
            MoveKind::EnPassant => {
                let captured = Square::from_coords(to.file(), from.rank());
                self.board.toggle(captured, them, Role::Pawn);
                self.board.toggle(from, us, Role::Pawn);
                self.board.toggle(to, us, Role::Pawn);
                hash ^= zobrist::piece_key(them, Role::Pawn, captured)
                    ^ zobrist::piece_key(us, Role::Pawn, from)
                    ^ zobrist::piece_key(us, Role::Pawn, to);
                self.halfmove_clock = 0;
            }
            kind => {
                if let Some(victim) = self.board.role_at(to) {
                    self.board.toggle(to, them, victim);
                    hash ^= zobrist::piece_key(them, victim, to);
                    self.halfmove_clock = 0;
                }
                let new_role = match kind {
                    MoveKind::Promotion(r) => r,
                    _ => role,
                };
                self.board.toggle(from, us, role);
                self.board.toggle(to, us, new_role);
                hash ^= zobrist::piece_key(us, role, from) ^ zobrist::piece_key(us, new_role, to);
                if role == Role::Pawn {
                    self.halfmove_clock = 0;
                    if kind == MoveKind::DoublePush {
                        let ep = Square::from_index_masked((from.index() + to.index()) as u32 / 2);
                        if (pawn_attacks(us, ep) & self.board.pawns() & self.board.by_color(them))
                            .any()
                        {
                            self.en_passant = Some(ep);
                            hash ^= zobrist::en_passant_key(ep.file());
                        }
                    }
                }
            }
        }
        let touched = Bitboard::from_square(from) | Bitboard::from_square(to);
        if !self.castling.is_empty() && (touched & self.castling_squares.touched()).any() {
            self.castling = self.castling_squares.update(self.castling, from, to);
        }
        if self.castling != castling_before {
            // Most moves leave the rights alone; then their key needs no update.
            hash ^= zobrist::castling_key(castling_before) ^ zobrist::castling_key(self.castling);
        }
        hash ^= zobrist::white_to_move_key();
        if us == Color::Black {
            self.fullmove_number += 1;
        }
        self.turn = them;
        self.hash = hash;
        self.update_checkers_and_pins();
    }

    /// The position after a legal move (copy-make).
    #[inline]
    pub fn after(&self, m: Move) -> Position {
        let mut next = self.clone();
        next.play_unchecked(m);
        next
    }

    /// Plays `m` if it is legal here; otherwise returns the error and changes nothing.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMoveError { mv: m })
        }
    }

    /// Whether `m` is a legal move here.
    pub fn is_legal(&self, m: Move) -> bool {
        let role = match self.board.piece_at(m.from()) {
            Some(p) if p.color == self.turn => p.role,
            _ => return false,
        };
        let mut moves = crate::MoveList::new();
        self.generate_for(&mut moves, role_bit(role), Bitboard::from_square(m.to()));
        moves.contains(m)
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_moves(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// Replaces the half-move clock and move number (for setting up a game from parts).
    pub fn set_clocks(&mut self, halfmove_clock: u32, fullmove_number: u32) {
        self.halfmove_clock = halfmove_clock;
        self.fullmove_number = fullmove_number.max(1);
    }

    /// The position with the side to move passing (for null-move search). Returns
    /// `None` in check, where passing would leave the king attacked.
    pub fn null_move(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut next = self.clone();
        if let Some(ep) = next.en_passant.take() {
            next.hash ^= zobrist::en_passant_key(ep.file());
        }
        next.turn = !self.turn;
        next.hash ^= zobrist::white_to_move_key();
        next.halfmove_clock += 1;
        if self.turn == Color::Black {
            next.fullmove_number += 1;
        }
        next.update_checkers_and_pins();
        Some(next)
    }
}

/// A move that is not legal in the position it was played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv:?}")]
pub struct IllegalMoveError {
    pub mv: Move,
}

#[inline]
pub(crate) const fn role_bit(role: Role) -> u8 {
    1 << role as u8
}

fn validate_en_passant(board: &Board, turn: Color, ep: Square) -> Result<(), PositionError> {
    let expected_rank = match turn {
        Color::White => Rank::SIXTH,
        Color::Black => Rank::THIRD,
    };
    let bad = |reason| Err(PositionError::InvalidEnPassant { square: ep, reason });
    if ep.rank() != expected_rank {
        return bad(if turn == Color::White {
            "with White to move it must be on the 6th rank"
        } else {
            "with Black to move it must be on the 3rd rank"
        });
    }
    let (pawn_sq, origin) = match turn {
        Color::White => (ep.offset(0, -1), ep.offset(0, 1)),
        Color::Black => (ep.offset(0, 1), ep.offset(0, -1)),
    };
    if board.occupied().contains(ep) {
        return bad("the square is occupied");
    }
    if let Some(o) = origin {
        if board.occupied().contains(o) {
            return bad("the square the pawn came from is occupied");
        }
    }
    match pawn_sq {
        Some(p) if board.piece_at(p) == Some(Piece::new(!turn, Role::Pawn)) => Ok(()),
        _ => bad("no pawn of the side that just moved stands in front of it"),
    }
}

impl core::fmt::Debug for Position {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Position({})", crate::fen::to_fen(self))
    }
}
