//! One test per reason a move can be refused, named like the rule it checks.

use super::*;

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
