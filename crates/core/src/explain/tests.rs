//! Every reason of the explainer, checked against the move generator.

use super::*;
use std::collections::BTreeMap;

fn pos(fen: &str) -> Position {
    match Position::from_fen(fen) {
        Ok(p) => p,
        Err(e) => panic!("bad test FEN {fen}: {e}"),
    }
}

fn sq(name: &str) -> Square {
    match name.parse() {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    }
}

fn why(fen: &str, from: &str, to: &str, promotion: Option<Role>) -> IllegalReason {
    match pos(fen).explain(sq(from), sq(to), promotion) {
        Ok(m) => panic!("{from}{to} was accepted as {m:?} in {fen}"),
        Err(r) => r,
    }
}

fn ok(fen: &str, from: &str, to: &str, promotion: Option<Role>) -> Move {
    match pos(fen).explain(sq(from), sq(to), promotion) {
        Ok(m) => m,
        Err(r) => panic!("{from}{to} refused in {fen}: {r:?} ({r})"),
    }
}

const W: Color = Color::White;
const B: Color = Color::Black;
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const CASTLE: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

fn at(square: &str, color: Color, role: Role) -> Attacker {
    Attacker {
        square: sq(square),
        piece: Piece::new(color, role),
    }
}

#[test]
fn the_game_is_over_after_checkmate() {
    let fools_mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let r = why(fools_mate, "e2", "e4", None);
    assert_eq!(
        r,
        IllegalReason::GameOver {
            outcome: Outcome::Decisive {
                winner: B,
                reason: WinReason::Checkmate
            }
        }
    );
}

#[test]
fn the_game_is_over_after_stalemate() {
    let r = why("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "h8", "g8", None);
    assert_eq!(
        r,
        IllegalReason::GameOver {
            outcome: Outcome::Draw {
                reason: DrawReason::Stalemate
            }
        }
    );
}

#[test]
fn an_empty_square_has_nothing_to_move() {
    let r = why(START, "e4", "e5", None);
    assert_eq!(r, IllegalReason::EmptySquare { square: sq("e4") });
    assert_eq!(r.code(), "empty_square");
}

#[test]
fn you_cannot_move_your_opponents_pieces() {
    let r = why(START, "e7", "e5", None);
    assert_eq!(
        r,
        IllegalReason::NotYourPiece {
            square: sq("e7"),
            piece: Piece::new(B, Role::Pawn)
        }
    );
}

#[test]
fn a_piece_must_leave_its_square() {
    let r = why(START, "e2", "e2", None);
    assert_eq!(r.code(), "same_square");
}

#[test]
fn a_knight_moves_in_an_l() {
    let r = why(START, "g1", "g3", None);
    assert_eq!(
        r,
        IllegalReason::BadPieceMove {
            piece: Piece::new(W, Role::Knight),
            from: sq("g1"),
            to: sq("g3")
        }
    );
}

#[test]
fn a_bishop_cannot_move_along_a_file() {
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(why(fen, "f1", "f3", None).code(), "bad_piece_move");
    assert_eq!(ok(fen, "f1", "b5", None), Move::normal(sq("f1"), sq("b5")));
}

#[test]
fn pawns_never_move_backwards() {
    let r = why("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4", "e3", None);
    assert_eq!(
        r,
        IllegalReason::PawnBackwards {
            from: sq("e4"),
            to: sq("e3")
        }
    );
    // Backwards for Black is towards the eighth rank.
    let r = why("4k3/8/8/4p3/8/8/8/4K3 b - - 0 1", "e5", "d6", None);
    assert_eq!(r.code(), "pawn_backwards");
}

#[test]
fn pawns_never_move_sideways() {
    let r = why("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4", "d4", None);
    assert_eq!(r.code(), "pawn_sideways");
}

#[test]
fn a_pawn_cannot_capture_straight_ahead() {
    let r = why("4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1", "e4", "e5", None);
    assert_eq!(
        r,
        IllegalReason::PawnCapturesStraight {
            from: sq("e4"),
            to: sq("e5"),
            target: Piece::new(B, Role::Pawn)
        }
    );
}

#[test]
fn a_pawn_moves_diagonally_only_to_capture() {
    let r = why(START, "e2", "d3", None);
    assert_eq!(
        r,
        IllegalReason::PawnDiagonalToEmpty {
            from: sq("e2"),
            to: sq("d3")
        }
    );
}

#[test]
fn a_pawn_steps_twice_only_from_its_starting_rank() {
    let r = why("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1", "e3", "e5", None);
    assert_eq!(r.code(), "pawn_double_step");
}

#[test]
fn a_pawn_cannot_step_three_squares() {
    let r = why(START, "e2", "e5", None);
    assert_eq!(r.code(), "bad_piece_move");
}

#[test]
fn a_double_step_is_blocked_by_a_piece_in_front() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 1";
    let r = why(fen, "c2", "c4", None);
    assert_eq!(
        r,
        IllegalReason::Blocked {
            piece: Piece::new(W, Role::Pawn),
            from: sq("c2"),
            to: sq("c4"),
            blocker: Piece::new(W, Role::Knight),
            square: sq("c3")
        }
    );
}

#[test]
fn a_king_moves_two_squares_only_when_castling() {
    let fen = "4k3/8/8/8/3K4/8/8/8 w - - 0 1";
    assert_eq!(why(fen, "d4", "f4", None).code(), "king_two_squares");
    assert_eq!(why(fen, "d4", "d6", None).code(), "bad_piece_move");
}

#[test]
fn a_rook_cannot_jump_over_pieces() {
    let r = why(START, "a1", "a3", None);
    assert_eq!(
        r,
        IllegalReason::Blocked {
            piece: Piece::new(W, Role::Rook),
            from: sq("a1"),
            to: sq("a3"),
            blocker: Piece::new(W, Role::Pawn),
            square: sq("a2")
        }
    );
}

#[test]
fn the_first_blocker_is_the_one_nearest_the_moving_piece() {
    // The queen on d1 looking at d8: d2 and d7 are both in the way.
    let r = why(START, "d1", "d6", None);
    match r {
        IllegalReason::Blocked { square, .. } => assert_eq!(square, sq("d2")),
        other => panic!("{other:?}"),
    }
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
    match why(fen, "d8", "d3", None) {
        IllegalReason::Blocked { square, .. } => assert_eq!(square, sq("d7")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn you_cannot_capture_your_own_piece() {
    let r = why(START, "d1", "d2", None);
    assert_eq!(
        r,
        IllegalReason::OwnPieceOnTarget {
            piece: Piece::new(W, Role::Queen),
            from: sq("d1"),
            to: sq("d2"),
            target: Piece::new(W, Role::Pawn)
        }
    );
}

#[test]
fn the_king_is_never_captured() {
    let r = why("4k3/4p3/8/8/8/8/8/4RK2 w - - 0 1", "e1", "e8", None);
    assert_eq!(r.code(), "capture_king");
}

#[test]
fn en_passant_is_possible_right_after_the_double_step() {
    let m = ok("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5", "d6", None);
    assert_eq!(m, Move::new(sq("e5"), sq("d6"), MoveKind::EnPassant));
}

#[test]
fn en_passant_is_no_longer_possible_a_move_later() {
    let r = why("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 3", "e5", "d6", None);
    assert_eq!(
        r,
        IllegalReason::EnPassantNotPossible {
            from: sq("e5"),
            to: sq("d6"),
            pawn: sq("d5")
        }
    );
    assert_eq!(r.code(), "en_passant_unavailable");
}

#[test]
fn capturing_en_passant_can_expose_the_king_along_the_rank() {
    let r = why("8/8/8/KPp4r/8/8/8/7k w - c6 0 2", "b5", "c6", None);
    assert_eq!(
        r,
        IllegalReason::EnPassantExposesKing {
            from: sq("b5"),
            to: sq("c6"),
            captured: sq("c5"),
            attacker: at("h5", B, Role::Rook)
        }
    );
}

#[test]
fn capturing_en_passant_with_a_pinned_pawn_is_a_pin() {
    // The e5 pawn is pinned on the e-file; it may not capture on d6.
    let r = why("4r1k1/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5", "d6", None);
    assert_eq!(
        r,
        IllegalReason::Pinned {
            piece: Piece::new(W, Role::Pawn),
            from: sq("e5"),
            to: sq("d6"),
            attacker: at("e8", B, Role::Rook)
        }
    );
}

#[test]
fn a_pawn_reaching_the_last_rank_must_promote() {
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        why(fen, "a7", "a8", None),
        IllegalReason::MustPromote {
            from: sq("a7"),
            to: sq("a8")
        }
    );
    assert_eq!(
        ok(fen, "a7", "a8", Some(Role::Knight)),
        Move::new(sq("a7"), sq("a8"), MoveKind::Promotion(Role::Knight))
    );
}

#[test]
fn only_a_pawn_reaching_the_last_rank_may_promote() {
    assert_eq!(
        why(START, "e2", "e4", Some(Role::Queen)).code(),
        "promotion_not_allowed"
    );
    assert_eq!(
        why(START, "g1", "f3", Some(Role::Queen)),
        IllegalReason::PromotionNotAllowed {
            piece: Piece::new(W, Role::Knight),
            from: sq("g1"),
            to: sq("f3"),
            promotion: Role::Queen
        }
    );
}

#[test]
fn a_pawn_cannot_promote_to_a_king_or_a_pawn() {
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        why(fen, "a7", "a8", Some(Role::King)).code(),
        "bad_promotion_role"
    );
    assert_eq!(
        why(fen, "a7", "a8", Some(Role::Pawn)).code(),
        "bad_promotion_role"
    );
}

#[test]
fn a_promotion_that_exposes_the_king_names_the_pin_first() {
    // The b7 pawn is pinned to the king on e7 by the rook on a7.
    let fen = "6k1/rP2K3/8/8/8/8/8/8 w - - 0 1";
    assert_eq!(why(fen, "b7", "b8", None).code(), "pinned");
}

#[test]
fn a_pinned_piece_cannot_expose_its_king() {
    let fen = "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4";
    let r = why(fen, "c6", "e7", None);
    assert_eq!(
        r,
        IllegalReason::Pinned {
            piece: Piece::new(B, Role::Knight),
            from: sq("c6"),
            to: sq("e7"),
            attacker: at("b5", W, Role::Bishop)
        }
    );
}

#[test]
fn you_must_answer_a_check() {
    let r = why("4k3/8/8/8/8/8/3P4/r3K3 w - - 0 1", "d2", "d3", None);
    assert_eq!(
        r,
        IllegalReason::MustAnswerCheck {
            checkers: vec![at("a1", B, Role::Rook)]
        }
    );
    assert_eq!(r.code(), "must_answer_check");
}

#[test]
fn a_pinned_piece_that_answers_a_check_is_still_pinned() {
    // The knight on d2 would capture the checking knight on f3, but the
    // bishop on a5 pins it to the king on e1.
    let fen = "4k3/8/8/b7/8/5n2/3N4/4K3 w - - 0 1";
    let r = why(fen, "d2", "f3", None);
    assert_eq!(
        r,
        IllegalReason::Pinned {
            piece: Piece::new(W, Role::Knight),
            from: sq("d2"),
            to: sq("f3"),
            attacker: at("a5", B, Role::Bishop)
        }
    );
}

#[test]
fn against_a_double_check_only_the_king_may_move() {
    let fen = "4k3/8/8/8/8/5n2/3P4/r3K3 w - - 0 1";
    let r = why(fen, "d2", "d3", None);
    assert_eq!(r.code(), "must_answer_double_check");
    assert_eq!(
        r,
        IllegalReason::MustAnswerCheck {
            checkers: vec![at("a1", B, Role::Rook), at("f3", B, Role::Knight)]
        }
    );
}

#[test]
fn the_king_cannot_step_into_check() {
    let fen = "4k3/8/8/8/8/8/r7/4K3 w - - 0 1";
    assert_eq!(
        why(fen, "e1", "e2", None),
        IllegalReason::KingIntoCheck {
            from: sq("e1"),
            to: sq("e2"),
            attacker: at("a2", B, Role::Rook)
        }
    );
    assert_eq!(ok(fen, "e1", "d1", None), Move::normal(sq("e1"), sq("d1")));
}

#[test]
fn the_king_cannot_retreat_along_the_line_of_a_check() {
    let r = why("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "e1", "f1", None);
    assert_eq!(
        r,
        IllegalReason::KingIntoCheck {
            from: sq("e1"),
            to: sq("f1"),
            attacker: at("a1", B, Role::Rook)
        }
    );
}

#[test]
fn castling_is_given_as_the_kings_two_square_move_or_onto_the_rook() {
    let short = Move::new(sq("e1"), sq("h1"), MoveKind::Castle);
    let long = Move::new(sq("e1"), sq("a1"), MoveKind::Castle);
    assert_eq!(ok(CASTLE, "e1", "g1", None), short);
    assert_eq!(ok(CASTLE, "e1", "h1", None), short);
    assert_eq!(ok(CASTLE, "e1", "c1", None), long);
    assert_eq!(ok(CASTLE, "e1", "a1", None), long);
    let black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    assert_eq!(
        ok(black, "e8", "c8", None),
        Move::new(sq("e8"), sq("a8"), MoveKind::Castle)
    );
}

#[test]
fn castling_is_refused_when_the_king_has_moved() {
    let r = why("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", "e1", "g1", None);
    assert_eq!(
        r,
        IllegalReason::CastlingKingMoved {
            side: CastlingSide::KingSide,
            king: sq("e1")
        }
    );
}

#[test]
fn castling_is_refused_when_that_rook_has_moved() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1";
    let expected = IllegalReason::CastlingRookMoved {
        side: CastlingSide::KingSide,
        rook: sq("h1"),
    };
    assert_eq!(why(fen, "e1", "g1", None), expected);
    assert_eq!(why(fen, "e1", "h1", None), expected);
}

#[test]
fn castling_is_refused_when_a_piece_stands_between() {
    let r = why("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "e1", "c1", None);
    assert_eq!(
        r,
        IllegalReason::CastlingBlocked {
            side: CastlingSide::QueenSide,
            square: sq("b1"),
            piece: Piece::new(W, Role::Knight)
        }
    );
    // The square nearest the king is named first.
    let r = why("r3k2r/8/8/8/8/8/8/RN1QK2R w KQkq - 0 1", "e1", "c1", None);
    match r {
        IllegalReason::CastlingBlocked { square, .. } => assert_eq!(square, sq("d1")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn castling_is_refused_when_the_king_is_in_check() {
    let r = why("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "e1", "g1", None);
    assert_eq!(
        r,
        IllegalReason::CastlingInCheck {
            side: CastlingSide::KingSide,
            checker: at("e2", B, Role::Rook)
        }
    );
}

#[test]
fn castling_is_refused_when_the_king_passes_through_an_attacked_square() {
    let r = why("r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1", "e1", "g1", None);
    assert_eq!(
        r,
        IllegalReason::CastlingThroughCheck {
            side: CastlingSide::KingSide,
            square: sq("f1"),
            attacker: at("a6", B, Role::Bishop)
        }
    );
    assert_eq!(r.code(), "castling_through_check");
}

#[test]
fn castling_is_refused_when_the_king_would_land_in_check() {
    let r = why("r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1", "e1", "g1", None);
    assert_eq!(
        r,
        IllegalReason::CastlingIntoCheck {
            side: CastlingSide::KingSide,
            square: sq("g1"),
            attacker: at("g8", B, Role::Rook)
        }
    );
}

#[test]
fn queenside_castling_does_not_mind_an_attack_on_b1() {
    let m = ok("1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", "e1", "c1", None);
    assert_eq!(m, Move::new(sq("e1"), sq("a1"), MoveKind::Castle));
}

#[test]
fn every_code_is_distinct_and_snake_case() {
    let mut codes = IllegalReason::CODES.to_vec();
    for code in &codes {
        assert!(
            code.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
            "{code}"
        );
    }
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), IllegalReason::CODES.len());
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Checks what each reason claims against the board.
fn check_claims(p: &Position, from: Square, to: Square, r: &IllegalReason) {
    let board = p.board();
    let us = p.turn();
    let occ = board.occupied();
    let holds = |a: &Attacker| board.piece_at(a.square) == Some(a.piece) && a.piece.color != us;
    match r {
        IllegalReason::GameOver { .. } => assert!(!p.has_legal_moves()),
        IllegalReason::EmptySquare { square } => {
            assert!(*square == from && board.piece_at(from).is_none())
        }
        IllegalReason::NotYourPiece { piece, .. } => assert_ne!(piece.color, us),
        IllegalReason::SameSquare { .. } => assert_eq!(from, to),
        IllegalReason::OwnPieceOnTarget { target, .. } => {
            assert_eq!(board.piece_at(to), Some(*target));
            assert_eq!(target.color, us);
        }
        IllegalReason::KingCannotBeCaptured { .. } => {
            assert_eq!(board.piece_at(to), Some(Piece::new(!us, Role::King)))
        }
        IllegalReason::Blocked {
            square, blocker, ..
        } => {
            assert_eq!(board.piece_at(*square), Some(*blocker));
            assert!(between(from, to).contains(*square));
        }
        IllegalReason::PawnCapturesStraight { target, .. } => {
            assert_eq!(board.piece_at(to), Some(*target))
        }
        IllegalReason::PawnDiagonalToEmpty { .. } | IllegalReason::EnPassantNotPossible { .. } => {
            assert!(!occ.contains(to))
        }
        IllegalReason::CastlingInCheck { checker, .. } => {
            assert!(holds(checker) && p.checkers().contains(checker.square))
        }
        IllegalReason::CastlingBlocked { square, piece, .. } => {
            assert_eq!(board.piece_at(*square), Some(*piece))
        }
        IllegalReason::CastlingThroughCheck {
            square, attacker, ..
        }
        | IllegalReason::CastlingIntoCheck {
            square, attacker, ..
        } => {
            assert!(holds(attacker));
            let attackers = board.attackers_of(*square, !us, occ.without(from));
            assert!(attackers.contains(attacker.square));
        }
        IllegalReason::MustAnswerCheck { checkers } => {
            assert_eq!(checkers.len() as u32, p.checkers().count());
            assert!(checkers
                .iter()
                .all(|c| holds(c) && p.checkers().contains(c.square)));
        }
        IllegalReason::Pinned {
            attacker, piece, ..
        } => {
            assert!(holds(attacker));
            assert_eq!(board.piece_at(from), Some(*piece));
            let king = p.our_king();
            assert_eq!(
                between(king, attacker.square) & occ,
                Bitboard::from_square(from)
            );
        }
        IllegalReason::EnPassantExposesKing { attacker, .. } => assert!(holds(attacker)),
        IllegalReason::KingIntoCheck { attacker, .. } => {
            assert!(holds(attacker));
            let attackers = board.attackers_of(to, !us, occ.without(from));
            assert!(attackers.contains(attacker.square));
        }
        _ => {}
    }
}

/// `explain` for one request, checked against the move generator: it must
/// accept exactly the legal move meant, and its reasons must hold.
fn agree(
    p: &Position,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Result<Move, IllegalReason> {
    let expected = p.legal_moves().iter().copied().find(|m| {
        m.from() == from
            && m.promotion() == promotion
            && (m.to() == to || (m.is_castle() && m.king_to() == to))
    });
    match (p.explain(from, to, promotion), expected) {
        (Ok(m), Some(e)) => {
            assert_eq!(m, e, "{p:?} {from}{to} {promotion:?}");
            Ok(m)
        }
        (Err(r), None) => {
            check_claims(p, from, to, &r);
            assert!(IllegalReason::CODES.contains(&r.code()), "{r:?}");
            Err(r)
        }
        (got, expected) => panic!(
            "{p:?} {from}{to} {promotion:?}: explain says {got:?}, \
             the move generator {expected:?}"
        ),
    }
}

#[test]
fn explain_agrees_with_the_move_generator_on_every_request_in_tricky_positions() {
    let tricky = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "r3k2r/8/b7/8/8/8/4n3/R3K2R w KQkq - 0 1",
        "r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1",
        "1r2k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1",
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
        "4r1k1/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
        "4k3/8/8/8/8/5n2/3P4/r3K3 w - - 0 1",
        "1n2k3/P7/8/8/8/8/7p/4K1N1 w - - 0 1",
    ];
    let promotions = [
        None,
        Some(Role::Queen),
        Some(Role::Knight),
        Some(Role::King),
    ];
    for fen in tricky {
        let p = pos(fen);
        let mut accepted = 0;
        for from in Square::all() {
            for to in Square::all() {
                for promotion in promotions {
                    accepted += usize::from(agree(&p, from, to, promotion).is_ok());
                }
            }
        }
        // Each legal move asked for once; castling twice (to the g- or
        // c-file, and onto the rook).
        let legal = p.legal_moves();
        let asked = legal
            .iter()
            .filter(|m| promotions.contains(&m.promotion()))
            .count();
        let castles = legal.iter().filter(|m| m.is_castle()).count();
        assert_eq!(accepted, asked + castles, "{fen}");
    }
}

#[test]
fn explain_agrees_with_the_move_generator_on_random_positions() {
    let seeds = [
        START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/3P1N2/PPP1NPPP/R4RK1 w - - 0 10",
        CASTLE,
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 2",
        "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
    ];
    let promotions = [Some(Role::Queen), Some(Role::Knight), Some(Role::King)];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut codes: BTreeMap<&'static str, usize> = BTreeMap::new();
    let (mut positions, mut pairs, mut accepted) = (0usize, 0usize, 0usize);
    for seed in seeds {
        for _game in 0..4 {
            let mut p = pos(seed);
            for _ply in 0..120 {
                positions += 1;
                let legal = p.legal_moves();
                let ours: Vec<Square> = p.board().by_color(p.turn()).collect();
                for i in 0..80 {
                    // Mostly our own pieces; sometimes any square.
                    let from = if i % 5 == 0 {
                        Square::from_index_masked(rng.below(64) as u32)
                    } else {
                        ours[rng.below(ours.len())]
                    };
                    // Half the time a square the piece can plausibly reach.
                    let to = if i % 2 == 0 && !legal.is_empty() {
                        let m = legal[rng.below(legal.len())];
                        if rng.below(3) == 0 {
                            m.king_to()
                        } else {
                            m.to()
                        }
                    } else {
                        Square::from_index_masked(rng.below(64) as u32)
                    };
                    // A promotion piece mostly where a pawn reaches the last
                    // rank, and now and then anywhere.
                    let pawn_to_last_rank = p.board().piece_at(from)
                        == Some(Piece::new(p.turn(), Role::Pawn))
                        && to.relative_rank(p.turn()) == Rank::EIGHTH;
                    let promotion = if rng.below(if pawn_to_last_rank { 4 } else { 20 }) > 0 {
                        None
                    } else {
                        promotions[rng.below(promotions.len())]
                    };
                    pairs += 1;
                    match agree(&p, from, to, promotion) {
                        Ok(_) => accepted += 1,
                        Err(r) => *codes.entry(r.code()).or_default() += 1,
                    }
                }
                // Every legal move is accepted as itself.
                for &m in &legal {
                    assert_eq!(p.explain(m.from(), m.to(), m.promotion()), Ok(m));
                    assert_eq!(p.explain(m.from(), m.king_to(), m.promotion()), Ok(m));
                }
                if legal.is_empty() {
                    break;
                }
                p = p.after(legal[rng.below(legal.len())]);
            }
        }
    }
    eprintln!("{positions} positions, {pairs} pairs, {accepted} accepted; reasons: {codes:?}");
    assert!(pairs > 10_000 && accepted > 1_000);
    // The rarest reasons (castling through or into check, en passant
    // exposing the king, double check) have their own tests above.
    for code in [
        "game_over",
        "empty_square",
        "not_your_piece",
        "same_square",
        "promotion_not_allowed",
        "bad_promotion_role",
        "own_piece",
        "capture_king",
        "bad_piece_move",
        "pawn_backwards",
        "pawn_sideways",
        "pawn_capture_straight",
        "pawn_diagonal_empty",
        "pawn_double_step",
        "king_two_squares",
        "en_passant_unavailable",
        "blocked",
        "castling_king_moved",
        "castling_blocked",
        "must_answer_check",
        "pinned",
        "king_into_check",
        "must_promote",
    ] {
        assert!(codes.contains_key(code), "no {code} in {codes:?}");
    }
}
