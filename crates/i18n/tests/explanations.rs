//! The sentences a learner reads when a move is refused, in each language, for the
//! positions of the rules crate's own explainer tests.

use guoxiang_core::{Position, Role, Square};
use guoxiang_i18n::{Lang, Localize};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The sentence for the move `from`-`to` (which must be illegal) in `fen`.
fn said(fen: &str, from: &str, to: &str, promotion: Option<Role>, lang: Lang) -> String {
    let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("bad test FEN {fen}: {e}"));
    let sq = |s: &str| -> Square { s.parse().unwrap_or_else(|e| panic!("{s}: {e}")) };
    match pos.explain(sq(from), sq(to), promotion) {
        Ok(m) => panic!("{from}{to} was accepted as {m:?} in {fen}"),
        Err(r) => r.message(lang),
    }
}

#[test]
fn a_move_after_checkmate_is_told_the_game_is_over_and_who_won() {
    let fools_mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    assert_eq!(
        said(fools_mate, "e2", "e4", None, Lang::En),
        "The game is already over. Checkmate: Black wins."
    );
    assert_eq!(
        said(fools_mate, "e2", "e4", None, Lang::ZhTw),
        "對局已經結束。將死，黑方獲勝。"
    );
}

#[test]
fn moving_the_opponents_piece_names_both_sides() {
    assert_eq!(
        said(START, "e7", "e5", None, Lang::En),
        "It is White to move, and the pawn on e7 belongs to Black. Move one of your own pieces."
    );
}

#[test]
fn a_bad_piece_move_states_how_that_piece_moves() {
    assert!(said(START, "g1", "g3", None, Lang::En).contains("L shape"));
    assert!(said(START, "g1", "g3", None, Lang::ZhTw).starts_with("g1上的馬不能一步走到g3。"));
    assert!(said(START, "e2", "e5", None, Lang::ZhCn).contains("兵向前直走一格"));
}

#[test]
fn a_blocked_rook_names_the_piece_in_the_way() {
    assert_eq!(
        said(START, "a1", "a3", None, Lang::En),
        "The rook on a1 cannot jump over other pieces: the pawn on a2 is in the way to a3."
    );
}

#[test]
fn a_pin_names_the_pinning_piece_in_every_language() {
    let fen = "r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4";
    assert_eq!(
        said(fen, "c6", "e7", None, Lang::En),
        "Your king would be in check: the bishop on b5 pins your knight on c6 to the king."
    );
    assert_eq!(
        said(fen, "c6", "e7", None, Lang::ZhCn),
        "你在c6上的马被b5上的象牵制住了：它一离开这条线，王就会被将军。"
    );
    assert_eq!(
        said(fen, "c6", "e7", None, Lang::ZhTw),
        "你在c6上的馬被b5上的象牽制住了：它一離開這條線，王就會被將軍。"
    );
}

#[test]
fn a_double_check_is_called_a_double_check() {
    let fen = "4k3/8/8/8/8/5n2/3P4/r3K3 w - - 0 1";
    assert!(said(fen, "d2", "d3", None, Lang::En).contains("double check"));
}

#[test]
fn castling_after_the_rook_moved_says_which_rook() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1";
    assert_eq!(
        said(fen, "e1", "g1", None, Lang::ZhCn),
        "你不能短易位：原来在h1上的车已经走动过或被吃掉了，这一侧不能再易位。"
    );
    assert_eq!(
        said(fen, "e1", "g1", None, Lang::ZhTw),
        "你不能短入堡：原來在h1上的車已經走動過或被吃掉了，這一側不能再入堡。"
    );
}

#[test]
fn castling_through_an_attacked_square_names_square_and_attacker() {
    assert_eq!(
        said(
            "r3k2r/8/b7/8/8/8/8/R3K2R w KQkq - 0 1",
            "e1",
            "g1",
            None,
            Lang::En
        ),
        "You cannot castle kingside: your king would pass over f1, which the bishop on a6 \
         attacks. When castling, the king may not cross an attacked square."
    );
}

#[test]
fn a_move_after_resignation_says_who_resigned() {
    let mut game = guoxiang_core::Game::new();
    for san in ["e4", "e5"] {
        game.play_san(san).unwrap();
    }
    game.resign(guoxiang_core::Color::White).unwrap();
    let err = game
        .explain(Square::G1, Square::F3, None)
        .unwrap_err()
        .message(Lang::En);
    assert!(err.to_lowercase().contains("resign"), "{err}");
}

#[test]
fn outcomes_are_told_in_three_languages() {
    use guoxiang_core::{Color, Outcome, WinReason};
    let o = Outcome::Decisive {
        winner: Color::Black,
        reason: WinReason::Checkmate,
    };
    for lang in Lang::ALL {
        assert!(!o.message(lang).is_empty());
    }
    assert!(o.message(Lang::ZhCn).contains("将死"));
}
