//! Every key the rules' wording asks for is in every language, and every message it
//! makes is complete (no placeholder left, no bare key).

use guoxiang_core::{
    Attacker, Bitboard, CastlingSide, Color, DrawReason, FenError, IllegalReason, ImpossibleCheck,
    Outcome, Piece, PositionError, Role, SanError, Square, SquareList, WinReason,
};
use guoxiang_i18n::{catalogue, placeholders, Lang, Localize};
use std::collections::BTreeSet;

fn every_fen_error() -> Vec<FenError> {
    let s = String::from("x");
    let positions = vec![
        PositionError::MissingKing {
            color: Color::White,
        },
        PositionError::TooManyKings {
            color: Color::Black,
            count: 2,
        },
        PositionError::PawnOnBackRank { square: Square::A1 },
        PositionError::TooManyPieces {
            color: Color::White,
            count: 17,
        },
        PositionError::TooManyPawns {
            color: Color::White,
            count: 9,
        },
        PositionError::OppositeCheck {
            color: Color::Black,
            square: Square::E2,
        },
        PositionError::TooManyCheckers { count: 3 },
        PositionError::ImpossibleCheck {
            king: Square::E1,
            checkers: SquareList(
                Bitboard::from_square(Square::E8) | Bitboard::from_square(Square::H4),
            ),
            reason: ImpossibleCheck::Aligned,
        },
        PositionError::ImpossibleCheck {
            king: Square::E1,
            checkers: SquareList(
                Bitboard::from_square(Square::D2) | Bitboard::from_square(Square::F3),
            ),
            reason: ImpossibleCheck::TwoSteppers,
        },
        PositionError::ImpossibleCheck {
            king: Square::E1,
            checkers: SquareList(Bitboard::from_square(Square::A5)),
            reason: ImpossibleCheck::EnPassant { from: Square::D7 },
        },
        PositionError::InvalidCastlingRights {
            color: Color::White,
            side: CastlingSide::KingSide,
            king: Square::E1,
            rook: Square::H1,
        },
        PositionError::InvalidEnPassant {
            square: Square::E3,
            reason: "test",
        },
        PositionError::ZeroFullmoveNumber,
    ];
    let mut all = vec![
        FenError::Empty,
        FenError::TooLong { len: 300, max: 256 },
        FenError::FieldCount { found: 3 },
        FenError::RankCount { found: 7 },
        FenError::RankTooLong { rank: 8, column: 9 },
        FenError::RankTooShort {
            rank: 1,
            files: 7,
            column: 17,
        },
        FenError::BadPiece { ch: 'x', column: 3 },
        FenError::ConsecutiveDigits { column: 4 },
        FenError::BadTurn {
            found: s.clone(),
            column: 40,
        },
        FenError::BadCastling {
            found: s.clone(),
            column: 42,
        },
        FenError::BadEnPassant {
            found: s.clone(),
            column: 47,
        },
        FenError::BadHalfmoveClock {
            found: s.clone(),
            column: 49,
        },
        FenError::BadFullmoveNumber {
            found: s,
            column: 51,
        },
    ];
    all.extend(positions.into_iter().map(FenError::Position));
    for e in &all {
        match e {
            FenError::Empty
            | FenError::TooLong { .. }
            | FenError::FieldCount { .. }
            | FenError::RankCount { .. }
            | FenError::RankTooLong { .. }
            | FenError::RankTooShort { .. }
            | FenError::BadPiece { .. }
            | FenError::ConsecutiveDigits { .. }
            | FenError::BadTurn { .. }
            | FenError::BadCastling { .. }
            | FenError::BadEnPassant { .. }
            | FenError::BadHalfmoveClock { .. }
            | FenError::BadFullmoveNumber { .. } => {}
            FenError::Position(p) => match p {
                PositionError::MissingKing { .. }
                | PositionError::TooManyKings { .. }
                | PositionError::PawnOnBackRank { .. }
                | PositionError::TooManyPieces { .. }
                | PositionError::TooManyPawns { .. }
                | PositionError::OppositeCheck { .. }
                | PositionError::TooManyCheckers { .. }
                | PositionError::ImpossibleCheck { .. }
                | PositionError::InvalidCastlingRights { .. }
                | PositionError::InvalidEnPassant { .. }
                | PositionError::ZeroFullmoveNumber => {}
            },
        }
    }
    all
}

/// Every key the code may ask the catalogue for.
fn keys_used_by_the_code() -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    keys.extend(IllegalReason::CODES.iter().map(|c| format!("illegal.{c}")));
    keys.extend(
        WinReason::ALL
            .iter()
            .map(|r| format!("outcome.{}", r.code())),
    );
    keys.extend(
        DrawReason::ALL
            .iter()
            .map(|r| format!("outcome.{}", r.code())),
    );
    keys.extend(every_fen_error().iter().map(|e| e.code().to_owned()));
    for role in Role::ALL {
        keys.push(format!("piece.{}", role.name()));
        keys.push(format!("rule.{}", role.name()));
    }
    for color in Color::ALL {
        keys.push(format!("color.{}", color.name()));
    }
    keys.push("castling_side.king_side".to_owned());
    keys.push("castling_side.queen_side".to_owned());
    keys.extend(SanError::CODES.iter().map(|c| (*c).to_owned()));
    keys
}

#[test]
fn every_key_the_code_uses_has_a_message() {
    let keys = keys_used_by_the_code();
    for lang in Lang::ALL {
        let map = catalogue(lang);
        let missing: Vec<&String> = keys.iter().filter(|k| !map.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{} lacks {missing:?}", lang.tag());
    }
    // And the catalogue holds no key the code never asks for. Keys under `ui.` are the
    // browser front end's (web/src), checked by crates/server/tests/web_catalogue.rs;
    // keys under `opening.` name guoxiang-openings' table, checked by its tests;
    // keys under `lesson.` are guoxiang-lessons' why codes, checked by its tests;
    // keys under `puzzle.` name guoxiang-puzzles' themes, checked by its tests;
    // keys under `review.` word guoxiang-review's explanations, checked by its tests.
    let used: BTreeSet<&str> = keys.iter().map(String::as_str).collect();
    let unused: Vec<&String> = catalogue(Lang::En)
        .keys()
        .filter(|k| {
            !used.contains(k.as_str())
                && !k.starts_with("ui.")
                && !k.starts_with("opening.")
                && !k.starts_with("lesson.")
                && !k.starts_with("puzzle.")
                && !k.starts_with("review.")
        })
        .collect();
    assert!(unused.is_empty(), "keys no code uses: {unused:?}");
}

#[test]
fn every_fen_error_has_a_complete_message() {
    for e in every_fen_error() {
        for lang in Lang::ALL {
            let text = e.message(lang);
            assert!(
                !text.contains('{') && text != e.code(),
                "{lang:?} {}: {text}",
                e.code()
            );
        }
    }
}

#[test]
fn outcome_messages_name_the_winner_only_when_there_is_one() {
    let en = catalogue(Lang::En);
    let names = |code: &str| -> Vec<&str> {
        en.get(&format!("outcome.{code}"))
            .map(|t| placeholders(t))
            .unwrap_or_default()
    };
    for r in WinReason::ALL {
        assert!(names(r.code()).contains(&"winner"), "{r:?}");
    }
    for r in DrawReason::ALL {
        assert!(names(r.code()).is_empty(), "{r:?}");
    }
    for lang in Lang::ALL {
        for winner in Color::ALL {
            for reason in WinReason::ALL {
                let text = Outcome::Decisive { winner, reason }.message(lang);
                assert!(
                    !text.contains('{') && !text.starts_with("outcome."),
                    "{text}"
                );
            }
        }
        for reason in DrawReason::ALL {
            let text = Outcome::Draw { reason }.message(lang);
            assert!(
                !text.contains('{') && !text.starts_with("outcome."),
                "{text}"
            );
        }
    }
}

const W: Color = Color::White;
const B: Color = Color::Black;

fn sq(name: &str) -> Square {
    match name.parse() {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    }
}

fn at(square: &str, color: Color, role: Role) -> Attacker {
    Attacker {
        square: sq(square),
        piece: Piece::new(color, role),
    }
}

/// One of each reason, for checking codes and messages; the `match` makes
/// this fail to compile when a variant is added and not listed.
fn one_of_each() -> Vec<IllegalReason> {
    let (a, b) = (sq("a1"), sq("b2"));
    let p = Piece::new(W, Role::Rook);
    let att = at("c3", B, Role::Bishop);
    let side = CastlingSide::QueenSide;
    let all = vec![
        IllegalReason::GameOver {
            outcome: Outcome::Decisive {
                winner: W,
                reason: WinReason::Resignation,
            },
        },
        IllegalReason::EmptySquare { square: a },
        IllegalReason::NotYourPiece {
            square: a,
            piece: p,
        },
        IllegalReason::SameSquare {
            square: a,
            piece: p,
        },
        IllegalReason::PromotionNotAllowed {
            piece: p,
            from: a,
            to: b,
            promotion: Role::Queen,
        },
        IllegalReason::BadPromotionRole {
            from: a,
            to: b,
            promotion: Role::King,
        },
        IllegalReason::OwnPieceOnTarget {
            piece: p,
            from: a,
            to: b,
            target: p,
        },
        IllegalReason::KingCannotBeCaptured {
            piece: p,
            from: a,
            to: b,
        },
        IllegalReason::BadPieceMove {
            piece: p,
            from: a,
            to: b,
        },
        IllegalReason::PawnBackwards { from: a, to: b },
        IllegalReason::PawnSideways { from: a, to: b },
        IllegalReason::PawnCapturesStraight {
            from: a,
            to: b,
            target: p,
        },
        IllegalReason::PawnDiagonalToEmpty { from: a, to: b },
        IllegalReason::PawnDoubleStepNotFromStart { from: a, to: b },
        IllegalReason::KingTwoSquares { from: a, to: b },
        IllegalReason::EnPassantNotPossible {
            from: a,
            to: b,
            pawn: b,
        },
        IllegalReason::Blocked {
            piece: p,
            from: a,
            to: b,
            blocker: p,
            square: b,
        },
        IllegalReason::CastlingKingMoved { side, king: a },
        IllegalReason::CastlingRookMoved { side, rook: a },
        IllegalReason::CastlingInCheck { side, checker: att },
        IllegalReason::CastlingBlocked {
            side,
            square: a,
            piece: p,
        },
        IllegalReason::CastlingThroughCheck {
            side,
            square: a,
            attacker: att,
        },
        IllegalReason::CastlingIntoCheck {
            side,
            square: a,
            attacker: att,
        },
        IllegalReason::MustAnswerCheck {
            checkers: vec![att],
        },
        IllegalReason::MustAnswerCheck {
            checkers: vec![att, at("d4", B, Role::Knight)],
        },
        IllegalReason::Pinned {
            piece: p,
            from: a,
            to: b,
            attacker: att,
        },
        IllegalReason::EnPassantExposesKing {
            from: a,
            to: b,
            captured: b,
            attacker: att,
        },
        IllegalReason::KingIntoCheck {
            from: a,
            to: b,
            attacker: att,
        },
        IllegalReason::MustPromote { from: a, to: b },
    ];
    for r in &all {
        match r {
            IllegalReason::GameOver { .. }
            | IllegalReason::EmptySquare { .. }
            | IllegalReason::NotYourPiece { .. }
            | IllegalReason::SameSquare { .. }
            | IllegalReason::PromotionNotAllowed { .. }
            | IllegalReason::BadPromotionRole { .. }
            | IllegalReason::OwnPieceOnTarget { .. }
            | IllegalReason::KingCannotBeCaptured { .. }
            | IllegalReason::BadPieceMove { .. }
            | IllegalReason::PawnBackwards { .. }
            | IllegalReason::PawnSideways { .. }
            | IllegalReason::PawnCapturesStraight { .. }
            | IllegalReason::PawnDiagonalToEmpty { .. }
            | IllegalReason::PawnDoubleStepNotFromStart { .. }
            | IllegalReason::KingTwoSquares { .. }
            | IllegalReason::EnPassantNotPossible { .. }
            | IllegalReason::Blocked { .. }
            | IllegalReason::CastlingKingMoved { .. }
            | IllegalReason::CastlingRookMoved { .. }
            | IllegalReason::CastlingInCheck { .. }
            | IllegalReason::CastlingBlocked { .. }
            | IllegalReason::CastlingThroughCheck { .. }
            | IllegalReason::CastlingIntoCheck { .. }
            | IllegalReason::MustAnswerCheck { .. }
            | IllegalReason::Pinned { .. }
            | IllegalReason::EnPassantExposesKing { .. }
            | IllegalReason::KingIntoCheck { .. }
            | IllegalReason::MustPromote { .. } => {}
        }
    }
    all
}

/// The message in every language, checked to be complete.
fn check_messages(r: &IllegalReason) {
    for lang in Lang::ALL {
        let text = r.message(lang);
        assert!(
            !text.contains('{') && !text.contains('}') && !text.starts_with("illegal."),
            "{lang:?} message for {r:?} is incomplete: {text}"
        );
    }
}

#[test]
fn every_reason_has_a_distinct_code_and_a_complete_message() {
    let all = one_of_each();
    let codes: Vec<&str> = all.iter().map(IllegalReason::code).collect();
    assert_eq!(codes, IllegalReason::CODES.to_vec());
    let mut unique = codes.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), codes.len());
    for r in &all {
        check_messages(r);
        assert!(r
            .code()
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b == b'_'));
    }
}
