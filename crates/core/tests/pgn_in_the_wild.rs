//! PGN as it is found: null moves, moves written in long algebraic or UCI notation, and
//! games of other variants. The expected positions are python-chess 1.11.2's reading of
//! the same text (`chess.pgn.read_game(...).end().board().fen()`), the reference for
//! real-world PGN.

use guoxiang_core::pgn::{Reader, Replay, ReplayError, Replayed};
use guoxiang_core::{Game, Move, Position};

/// The first game of `pgn`, replayed.
fn replayed(pgn: &str) -> Replayed {
    let mut replay = Replay::new().keep_moves();
    match Reader::new(pgn.as_bytes()).read_game(&mut replay) {
        Ok(Some(game)) => game,
        other => panic!("no game in {pgn:?}: {other:?}"),
    }
}

/// The first game of `pgn` read as a record and replayed, with the position reached.
fn record_end(pgn: &str) -> Result<Position, ReplayError> {
    let record = match Reader::new(pgn.as_bytes()).games().next() {
        Some(Ok(r)) => r,
        other => panic!("no record in {pgn:?}: {other:?}"),
    };
    let moves = record.replay(false)?;
    let mut pos = record.start_position()?;
    for m in moves {
        pos = if m.is_null() {
            pos.null_move().expect("the reader played this null move")
        } else {
            pos.after(m)
        };
    }
    Ok(pos)
}

#[test]
fn a_null_move_passes_the_turn_when_reading() {
    let pgn = "1. e4 -- 2. d4 Z0 3. c4 *";
    let game = replayed(pgn);
    assert_eq!(game.error, None);
    assert_eq!(game.plies, 5);
    let fen = "rnbqkbnr/pppppppp/8/8/2PPP3/8/PP3PPP/RNBQKBNR b KQkq - 0 3";
    assert_eq!(game.end.fen(), fen);
    assert_eq!(game.moves[1], Move::NULL);
    assert_eq!(game.moves[3], Move::NULL);
    assert_eq!(record_end(pgn).map(|p| p.fen()), Ok(fen.to_owned()));
}

#[test]
fn a_null_move_cannot_answer_a_check() {
    // python-chess passes here and leaves the side not to move in check, a position
    // that cannot exist; we stop at the null move instead.
    let game = replayed("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. Rh8+ -- *");
    assert_eq!(game.plies, 1);
    let error = game.error.map(|e| e.to_string()).unwrap_or_default();
    assert!(
        error.contains("a null move cannot answer a check"),
        "{error}"
    );
}

#[test]
fn a_null_move_is_never_played_in_a_game() {
    let mut game = Game::new();
    assert!(game.play_san("--").is_err());
    assert!(game.play_san("Z0").is_err());
    assert!(game.play(Move::NULL).is_err());
    assert!(Position::new().play(Move::NULL).is_err());
    assert!(game.moves().is_empty());
}

#[test]
fn moves_in_long_algebraic_and_uci_notation_are_read() {
    let pgn = "1. e2e4 e7-e5 2. g1f3 Nb8-c6 3. f1b5 a7a6 4. e1g1 a6xb5 *";
    let game = replayed(pgn);
    assert_eq!(game.error, None);
    assert_eq!(game.plies, 8);
    let fen = "r1bqkbnr/1ppp1ppp/2n5/1p2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 0 5";
    assert_eq!(game.end.fen(), fen);
    assert_eq!(record_end(pgn).map(|p| p.fen()), Ok(fen.to_owned()));
}

#[test]
fn a_promotion_in_uci_notation_is_read() {
    let game = replayed("[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a7a8q *");
    assert_eq!(game.error, None);
    assert_eq!(game.end.fen(), "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn a_uci_move_that_is_not_legal_says_so() {
    for (pgn, reason) in [
        ("1. e2e5 *", "that piece cannot legally move there"),
        ("1. e3e4 *", "the side to move has no piece on that square"),
        ("1. e7e5 *", "the side to move has no piece on that square"),
    ] {
        let error = replayed(pgn)
            .error
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(error.contains(reason), "{pgn}: {error}");
    }
    let error = replayed("[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. a7a8 *").error;
    assert!(
        matches!(
            error,
            Some(ReplayError::IllegalMove {
                error: guoxiang_core::SanError::MissingPromotion { .. },
                ..
            })
        ),
        "{error:?}"
    );
}

#[test]
fn a_game_of_another_variant_is_refused_by_name() {
    for (variant, fen) in [
        ("Antichess", None),
        ("Crazyhouse", None),
        (
            "fischerandom",
            Some("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1"),
        ),
        (
            "Chess960",
            Some("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1"),
        ),
    ] {
        let fen_tag = fen.map_or(String::new(), |f| format!("[FEN \"{f}\"]\n[SetUp \"1\"]\n"));
        // The variant tag may come before or after the FEN tag.
        for pgn in [
            format!("[Variant \"{variant}\"]\n{fen_tag}\n1. e4 e5 *"),
            format!("{fen_tag}[Variant \"{variant}\"]\n\n1. e4 e5 *"),
        ] {
            let game = replayed(&pgn);
            assert_eq!(game.plies, 0, "{pgn}");
            assert_eq!(
                game.error.map(|e| e.to_string()),
                Some(format!(
                    "variant {variant} is not supported (only standard chess is)"
                )),
                "{pgn}"
            );
            assert_eq!(
                record_end(&pgn),
                Err(ReplayError::UnsupportedVariant {
                    variant: variant.to_owned()
                })
            );
        }
    }
}

#[test]
fn standard_chess_by_any_of_its_names_is_read() {
    for variant in [
        "Standard",
        "chess",
        "Chess",
        " standard ",
        "Normal",
        "From Position",
    ] {
        let pgn = format!("[Variant \"{variant}\"]\n\n1. e4 e5 *");
        let game = replayed(&pgn);
        assert_eq!(game.error, None, "{variant}");
        assert_eq!(game.plies, 2, "{variant}");
        assert!(record_end(&pgn).is_ok(), "{variant}");
    }
}
