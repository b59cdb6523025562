//! Strict FEN reading: each kind of mistake is named, with where it is.

use guoxiang_core::{
    Bitboard, FenError, FenMode, ImpossibleCheck, Position, PositionError, Square, SquareList,
};

fn err(fen: &str) -> FenError {
    Position::from_fen(fen).expect_err(fen)
}

#[test]
fn a_fen_needs_six_fields_unless_read_leniently() {
    let short = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    assert_eq!(err(short), FenError::FieldCount { found: 4 });
    assert!(Position::from_fen_with(short, FenMode::Lenient).is_ok());
    assert_eq!(err(""), FenError::Empty);
}

#[test]
fn the_placement_needs_eight_ranks_of_eight_files() {
    assert_eq!(
        err("8/8/8/8/8/8/K6k w - - 0 1"),
        FenError::RankCount { found: 7 }
    );
    assert!(matches!(
        err("8/8/8/8/8/8/8/K7k w - - 0 1"),
        FenError::RankTooLong { rank: 1, .. }
    ));
    assert_eq!(
        err("8/8/8/8/8/8/8/K6 w - - 0 1"),
        FenError::RankTooShort {
            rank: 1,
            files: 7,
            column: 17
        }
    );
    assert!(matches!(
        err("8/8/8/8/8/8/8/K35k w - - 0 1"),
        FenError::ConsecutiveDigits { .. }
    ));
}

#[test]
fn a_bad_piece_letter_is_named_with_its_column() {
    assert_eq!(
        err("8/8/8/8/8/8/8/K5xk w - - 0 1"),
        FenError::BadPiece {
            ch: 'x',
            column: 17
        }
    );
}

#[test]
fn each_side_has_exactly_one_king() {
    assert!(matches!(
        err("8/8/8/8/8/8/8/K7 w - - 0 1"),
        FenError::Position(PositionError::MissingKing { .. })
    ));
    assert!(matches!(
        err("8/8/8/8/8/8/8/KK5k w - - 0 1"),
        FenError::Position(PositionError::TooManyKings { count: 2, .. })
    ));
}

#[test]
fn pawns_cannot_stand_on_the_first_or_last_rank() {
    assert_eq!(
        err("P6k/8/8/8/8/8/8/K7 w - - 0 1"),
        FenError::Position(PositionError::PawnOnBackRank { square: Square::A8 })
    );
}

#[test]
fn the_side_not_to_move_cannot_be_in_check() {
    assert!(matches!(
        err("k7/8/8/8/8/8/8/R6K w - - 0 1"),
        FenError::Position(PositionError::OppositeCheck { .. })
    ));
}

/// The reason a FEN's check is impossible, if it is refused for that.
fn impossible(fen: &str) -> Option<ImpossibleCheck> {
    match Position::from_fen(fen) {
        Err(FenError::Position(PositionError::ImpossibleCheck { reason, .. })) => Some(reason),
        _ => None,
    }
}

#[test]
fn two_checkers_on_one_line_with_the_king_are_impossible() {
    // Rooks on e8 and e1 check the king on e4 from both sides.
    let fen = "4r2k/8/8/8/4K3/8/8/4r3 w - - 0 1";
    assert_eq!(
        err(fen),
        FenError::Position(PositionError::ImpossibleCheck {
            king: Square::E4,
            checkers: SquareList(
                Bitboard::from_square(Square::E1) | Bitboard::from_square(Square::E8)
            ),
            reason: ImpossibleCheck::Aligned,
        })
    );
    assert_eq!(
        err(fen).to_string(),
        "the FEN reads, but is not a legal position: the check on the king on e4 from e1, e8 \
         cannot have arisen: two checkers on one line with the king"
    );
    // A rook and a bishop on different lines: a discovered double check.
    assert!(Position::from_fen("4r2k/8/8/8/4K3/8/8/1b6 w - - 0 1").is_ok());
    // A rook and a knight: the knight moved and uncovered the rook.
    assert!(Position::from_fen("4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1").is_ok());
}

#[test]
fn two_checkers_neither_a_slider_are_impossible() {
    // A pawn (d3) and a knight (f4) both check the king on e2.
    assert_eq!(
        impossible("4k3/8/8/8/5n2/3p4/4K3/8 w - - 0 1"),
        Some(ImpossibleCheck::TwoSteppers)
    );
    // Two knights (c3, f4).
    assert_eq!(
        impossible("4k3/8/8/8/5n2/2n5/4K3/8 w - - 0 1"),
        Some(ImpossibleCheck::TwoSteppers)
    );
}

#[test]
fn a_check_must_fit_the_double_step_the_en_passant_square_names() {
    // d7-d5 cannot have given the rook's check along the first rank.
    assert_eq!(
        impossible("4k3/8/8/3pP3/8/8/8/r3K3 w - d6 0 1"),
        Some(ImpossibleCheck::EnPassant { from: Square::D7 })
    );
    // Without the en-passant square the same check is fine.
    assert!(Position::from_fen("4k3/8/8/3pP3/8/8/8/r3K3 w - - 0 1").is_ok());
    // d7-d5 gave check itself, or uncovered the bishop on c8: both fine.
    assert!(Position::from_fen("4k3/8/8/3p4/4K3/8/8/8 w - d6 0 1").is_ok());
    assert!(Position::from_fen("2b1k3/8/8/3pP3/6K1/8/8/8 w - d6 0 1").is_ok());
    // A double check right after a double step: impossible.
    assert_eq!(
        impossible("4k3/8/8/3p4/4K3/8/8/4r3 w - d6 0 1"),
        Some(ImpossibleCheck::EnPassant { from: Square::D7 })
    );
}

#[test]
fn castling_rights_need_king_and_rook_at_home() {
    assert!(matches!(
        err("r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1"),
        FenError::Position(PositionError::InvalidCastlingRights { .. })
    ));
    assert!(matches!(
        err("r3k2r/8/8/8/8/8/8/R3K2R w KKq - 0 1"),
        FenError::BadCastling { .. }
    ));
    assert!(matches!(
        err("r3k2r/8/8/8/8/8/8/R3K2R w X - 0 1"),
        FenError::BadCastling { .. }
    ));
}

#[test]
fn an_impossible_en_passant_square_is_refused() {
    // Wrong rank for the side to move.
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1"),
        FenError::Position(PositionError::InvalidEnPassant { .. })
    ));
    // No pawn that could have just double-stepped.
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1"),
        FenError::Position(PositionError::InvalidEnPassant { .. })
    ));
    assert!(matches!(
        err("8/8/8/8/8/8/8/K6k w - e9 0 1"),
        FenError::BadEnPassant { .. }
    ));
}

#[test]
fn clocks_must_be_whole_numbers_and_the_move_number_at_least_one() {
    assert!(matches!(
        err("8/8/8/8/8/8/8/K6k w - - x 1"),
        FenError::BadHalfmoveClock { .. }
    ));
    assert!(matches!(
        err("8/8/8/8/8/8/8/K6k w - - -1 1"),
        FenError::BadHalfmoveClock { .. }
    ));
    assert!(matches!(
        err("8/8/8/8/8/8/8/K6k w - - 0 0"),
        FenError::BadFullmoveNumber { .. }
    ));
    assert!(matches!(
        err("8/8/8/8/8/8/8/K6k w - - 0 99999999999"),
        FenError::BadFullmoveNumber { .. }
    ));
}

#[test]
fn the_side_to_move_is_w_or_b() {
    assert!(matches!(
        err("8/8/8/8/8/8/8/K6k x - - 0 1"),
        FenError::BadTurn { .. }
    ));
}

#[test]
fn canonical_fen_names_en_passant_only_when_the_capture_is_legal() {
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    assert_eq!(
        Position::from_fen(after_e4).map(|p| p.fen()),
        Ok("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".to_owned())
    );
    let capturable = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
    assert_eq!(
        Position::from_fen(capturable).map(|p| p.fen()),
        Ok(capturable.to_owned())
    );
}
