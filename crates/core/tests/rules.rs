//! One test per rule of the laws of chess that `guoxiang-core` implements, named
//! after the rule. docs/RULES.md maps each rule to its code and to these tests.

use guoxiang_core::{
    dead, ClaimableDraw, Color, DrawReason, Game, GameError, Outcome, Position, Role, SanError,
    Square, WinReason,
};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("test FEN {fen}: {e}"))
}

/// The legal moves in UCI, sorted.
fn uci_moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| m.to_uci()).collect();
    v.sort();
    v
}

fn has(fen: &str, uci: &str) -> bool {
    uci_moves(&pos(fen)).iter().any(|m| m == uci)
}

fn moves_from(fen: &str, from: Square) -> Vec<String> {
    let p = pos(fen);
    let mut v: Vec<String> = p
        .legal_moves_from(from)
        .iter()
        .map(|m| m.to_uci())
        .collect();
    v.sort();
    v
}

fn game(moves: &str) -> Game {
    let mut g = Game::new();
    for san in moves.split_whitespace() {
        g.play_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
    g
}

// ---- Piece moves -------------------------------------------------------------

#[test]
fn the_king_moves_one_square_in_any_direction() {
    let v = moves_from("8/8/8/3K4/8/8/8/k7 w - - 0 1", Square::D5);
    assert_eq!(
        v,
        ["d5c4", "d5c5", "d5c6", "d5d4", "d5d6", "d5e4", "d5e5", "d5e6"]
    );
}

#[test]
fn the_rook_moves_along_ranks_and_files() {
    let v = moves_from("k7/8/8/8/3R4/8/8/7K w - - 0 1", Square::D4);
    assert_eq!(v.len(), 14);
    assert!(v.iter().all(|m| m[2..3] == *"d" || m[3..4] == *"4"));
}

#[test]
fn the_bishop_moves_along_diagonals() {
    let v = moves_from("k7/8/8/8/3B4/8/8/7K w - - 0 1", Square::D4);
    assert_eq!(v.len(), 13);
    assert!(v.contains(&"d4a7".to_string()) && v.contains(&"d4g1".to_string()));
    assert!(!v.contains(&"d4d5".to_string()));
}

#[test]
fn the_queen_moves_like_rook_and_bishop() {
    let v = moves_from("k7/8/8/8/3Q4/8/8/7K w - - 0 1", Square::D4);
    assert_eq!(v.len(), 27);
}

#[test]
fn the_knight_jumps_in_an_l_over_other_pieces() {
    let v = moves_from(guoxiang_core::fen::STARTING_FEN, Square::G1);
    assert_eq!(v, ["g1f3", "g1h3"]);
}

#[test]
fn a_sliding_piece_cannot_pass_through_other_pieces() {
    let p = Position::new();
    assert!(p.legal_moves_from(Square::A1).is_empty());
    assert!(p.legal_moves_from(Square::C1).is_empty());
}

#[test]
fn a_piece_cannot_capture_a_piece_of_its_own_colour() {
    assert!(!has("7k/8/8/8/8/8/8/R3N1K1 w - - 0 1", "a1e1"));
    assert!(has("7k/8/8/8/8/8/8/R3n1K1 w - - 0 1", "a1e1"));
}

// ---- Pawns ---------------------------------------------------------------------

#[test]
fn a_pawn_moves_one_square_forward_or_two_from_its_starting_rank() {
    assert_eq!(
        moves_from(guoxiang_core::fen::STARTING_FEN, Square::E2),
        ["e2e3", "e2e4"]
    );
    assert_eq!(
        moves_from("k7/8/8/8/8/4P3/8/7K w - - 0 1", Square::E3),
        ["e3e4"]
    );
}

#[test]
fn a_pawn_double_step_needs_both_squares_empty() {
    assert_eq!(
        moves_from("k7/8/8/8/4n3/8/4P3/7K w - - 0 1", Square::E2),
        ["e2e3"]
    );
    assert!(moves_from("k7/8/8/8/8/4n3/4P3/7K w - - 0 1", Square::E2).is_empty());
}

#[test]
fn a_pawn_captures_diagonally_forward_never_straight_ahead() {
    let v = moves_from("k7/8/8/3ppp2/4P3/8/8/7K w - - 0 1", Square::E4);
    assert_eq!(v, ["e4d5", "e4f5"]);
}

#[test]
fn en_passant_is_allowed_on_the_move_right_after_the_double_step() {
    let g = game("e4 a6 e5 d5");
    let ep = g.position().parse_san("exd6").unwrap();
    assert!(ep.is_en_passant());
    let after = g.position().after(ep);
    assert!(
        after.board().piece_at(Square::D5).is_none(),
        "the captured pawn leaves d5"
    );
}

#[test]
fn en_passant_is_lost_if_not_taken_at_once() {
    let g = game("e4 a6 e5 d5 Nf3 a5");
    assert!(g.position().parse_san("exd6").is_err());
}

#[test]
fn en_passant_is_illegal_when_both_pawns_leaving_the_rank_exposes_the_king() {
    // King a5, pawn b5, black pawn c5 just came from c7, rook h5.
    let p = pos("7k/8/8/KPp4r/8/8/8/8 w - c6 0 2");
    assert!(!has("7k/8/8/KPp4r/8/8/8/8 w - c6 0 2", "b5c6"));
    assert_eq!(p.legal_en_passant(), None);
    assert_eq!(
        p.fen(),
        "7k/8/8/KPp4r/8/8/8/8 w - - 0 2",
        "canonical FEN drops an unusable ep square"
    );
}

#[test]
fn en_passant_is_illegal_when_the_capturing_pawn_is_pinned_on_a_diagonal() {
    let free = "k6b/8/8/3pP3/8/8/K7/8 w - d6 0 2";
    let pinned = "k6b/8/8/3pP3/8/8/1K6/8 w - d6 0 2";
    assert!(has(free, "e5d6"));
    assert!(
        !has(pinned, "e5d6"),
        "the pawn is pinned by the bishop on h8 to the king on b2"
    );
}

#[test]
fn en_passant_may_answer_a_check_given_by_the_double_stepped_pawn() {
    // Black pawn d7-d5 gives check to the king on e4; exd6 removes the checker.
    let fen = "7k/8/8/3pP3/4K3/8/8/8 w - d6 0 2";
    assert!(pos(fen).is_check());
    assert!(has(fen, "e5d6"));
}

#[test]
fn promotion_offers_queen_rook_bishop_and_knight_and_is_mandatory() {
    let v = moves_from("k7/4P3/8/8/8/8/8/7K w - - 0 1", Square::E7);
    assert_eq!(v, ["e7e8b", "e7e8n", "e7e8q", "e7e8r"]);
    let p = pos("k7/4P3/8/8/8/8/8/7K w - - 0 1");
    assert!(matches!(
        p.parse_san("e8"),
        Err(SanError::MissingPromotion { .. })
    ));
    assert!(p.parse_uci("e7e8").is_err());
}

#[test]
fn promotion_is_part_of_the_same_move_and_the_new_piece_acts_at_once() {
    let p = pos("k7/4P3/8/8/8/8/8/7K w - - 0 1");
    let m = p.parse_san("e8=Q+").unwrap();
    let after = p.after(m);
    assert_eq!(
        after.board().piece_at(Square::E8).map(|x| x.role),
        Some(Role::Queen)
    );
    assert!(after.is_check());
    assert_eq!(p.san(m), "e8=Q+");
}

// ---- Castling ------------------------------------------------------------------

const CASTLE_FEN: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";

#[test]
fn castling_is_allowed_when_every_condition_holds() {
    assert!(has(CASTLE_FEN, "e1g1") && has(CASTLE_FEN, "e1c1"));
    let after = pos(CASTLE_FEN).after(pos(CASTLE_FEN).parse_san("O-O").unwrap());
    assert_eq!(
        after.board().piece_at(Square::G1).map(|p| p.role),
        Some(Role::King)
    );
    assert_eq!(
        after.board().piece_at(Square::F1).map(|p| p.role),
        Some(Role::Rook)
    );
}

#[test]
fn castling_is_illegal_once_the_king_has_moved_even_if_it_came_back() {
    let mut g = Game::from_fen(CASTLE_FEN).unwrap();
    for m in ["Kf1", "Kf8", "Ke1", "Ke8"] {
        g.play_san(m).unwrap();
    }
    assert!(g.position().parse_san("O-O").is_err());
    assert!(g.position().parse_san("O-O-O").is_err());
}

#[test]
fn castling_is_illegal_with_a_rook_that_has_moved_even_if_it_came_back() {
    let mut g = Game::from_fen(CASTLE_FEN).unwrap();
    for m in ["Rg1", "Rg8", "Rh1", "Rh8"] {
        g.play_san(m).unwrap();
    }
    assert!(g.position().parse_san("O-O").is_err());
    assert!(
        g.position().parse_san("O-O-O").is_ok(),
        "the other rook keeps its right"
    );
}

#[test]
fn castling_right_is_lost_when_the_rook_is_captured_on_its_square() {
    let mut g = Game::from_fen("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1").unwrap();
    g.play_san("Bxh1").unwrap();
    assert!(!g
        .position()
        .castling_rights()
        .has(Color::White, guoxiang_core::CastlingSide::KingSide));
}

#[test]
fn a_rook_that_arrives_on_the_corner_later_never_castles() {
    // The h1 rook is captured; another rook (as a promoted rook would) comes to h1.
    let mut g = Game::from_fen("4k3/8/8/7R/8/8/6b1/4K2R b K - 0 1").unwrap();
    for m in ["Bxh1", "Rxh1", "Kd7"] {
        g.play_san(m).unwrap();
    }
    assert!(g.position().castling_rights().is_empty());
    assert!(g.position().parse_san("O-O").is_err());
}

#[test]
fn castling_rights_need_king_and_rook_on_their_home_squares() {
    let err = Position::from_fen("4k3/8/8/8/8/8/8/4K1R1 w K - 0 1").unwrap_err();
    assert_eq!(err.code(), "position.invalid_castling_rights");
}

#[test]
fn castling_is_illegal_with_a_piece_between_king_and_rook() {
    assert!(!has("r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1", "e1g1"));
    assert!(!has("r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1", "e1c1"));
    assert!(!has("r3k2r/8/8/8/8/8/8/R2QK2R w KQkq - 0 1", "e1c1"));
}

#[test]
fn castling_is_illegal_out_of_check() {
    assert!(!has("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "e1g1"));
    assert!(!has("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1", "e1c1"));
}

#[test]
fn castling_is_illegal_through_an_attacked_square() {
    assert!(!has("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1", "e1g1"));
    assert!(!has("r3k2r/8/8/8/8/8/3r4/R3K2R w KQkq - 0 1", "e1c1"));
}

#[test]
fn castling_is_illegal_into_check() {
    assert!(!has("r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1", "e1g1"));
    assert!(!has("r3k2r/8/8/8/8/8/2r5/R3K2R w KQkq - 0 1", "e1c1"));
}

#[test]
fn castling_is_allowed_when_the_king_was_checked_earlier() {
    let mut g = Game::from_fen("4r1k1/8/8/8/8/3B4/8/R3K2R w KQ - 0 1").unwrap();
    assert!(g.position().is_check());
    g.play_san("Be2").unwrap();
    g.play_san("Kg7").unwrap();
    assert!(g.play_san("O-O").is_ok());
}

#[test]
fn castling_is_allowed_when_the_rook_is_attacked() {
    assert!(has("r3k2r/8/8/8/8/8/7r/R3K2R w KQkq - 0 1", "e1g1"));
    assert!(has("r3k2r/8/8/8/8/8/r7/R3K2R w KQkq - 0 1", "e1c1"));
}

#[test]
fn long_castling_is_allowed_when_only_the_b_square_is_attacked() {
    assert!(has("r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1", "e1c1"));
}

#[test]
fn castling_is_written_o_o_and_o_o_o_and_read_with_zeros_too() {
    let p = pos(CASTLE_FEN);
    let short = p.parse_san("0-0").unwrap();
    let long = p.parse_san("O-O-O").unwrap();
    assert_eq!(
        (p.san(short).as_str(), p.san(long).as_str()),
        ("O-O", "O-O-O")
    );
    assert_eq!(
        (short.to_uci().as_str(), long.to_uci().as_str()),
        ("e1g1", "e1c1")
    );
}

// ---- Check, checkmate, stalemate ---------------------------------------------

#[test]
fn a_move_may_not_leave_the_own_king_in_check() {
    // The knight on d2 is pinned by the bishop on b4 to the king on e1.
    let p = pos("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1");
    assert!(p.legal_moves_from(Square::D2).is_empty());
}

#[test]
fn the_king_may_not_move_onto_an_attacked_square() {
    let v = moves_from("4k3/8/8/8/8/8/r7/4K3 w - - 0 1", Square::E1);
    assert_eq!(v, ["e1d1", "e1f1"]);
}

#[test]
fn in_double_check_only_the_king_may_move() {
    let p = pos("4k3/8/8/8/8/5n2/8/R3K1r1 w - - 0 1");
    assert_eq!(p.checkers().count(), 2);
    assert!(p.legal_moves().iter().all(|m| m.from() == Square::E1));
}

#[test]
fn checkmate_ends_the_game_and_the_mating_side_wins() {
    let g = game("f3 e5 g4 Qh4#");
    assert!(g.position().is_checkmate());
    assert_eq!(
        g.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::Checkmate
        })
    );
    assert!(matches!(
        game("f3 e5 g4 Qh4").play_san("e4"),
        Err(GameError::GameOver(_))
    ));
}

#[test]
fn stalemate_ends_the_game_in_a_draw() {
    let g = Game::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert!(g.position().is_stalemate());
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Stalemate
        })
    );
}

// ---- Dead positions ------------------------------------------------------------

#[test]
fn king_against_king_is_a_dead_position() {
    assert!(pos("8/8/4k3/8/8/4K3/8/8 w - - 0 1").is_insufficient_material());
}

#[test]
fn king_and_bishop_or_knight_against_king_is_a_dead_position() {
    assert!(pos("8/8/4k3/8/8/4KB2/8/8 w - - 0 1").is_insufficient_material());
    assert!(pos("8/8/4k3/8/8/4KN2/8/8 w - - 0 1").is_insufficient_material());
    let g = Game::from_fen("8/8/4k3/8/8/4KN2/8/8 w - - 0 1").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::InsufficientMaterial
        })
    );
}

#[test]
fn bishops_all_on_squares_of_one_colour_is_a_dead_position() {
    // d5, c4 and g2 are all light squares.
    let p = pos("8/8/4k3/3b4/2b5/4K3/6B1/8 w - - 0 1");
    assert!(p.board().bishops().all(|sq| sq.is_light()));
    assert!(p.is_insufficient_material());
}

#[test]
fn bishops_on_both_colours_or_knight_against_knight_can_still_mate() {
    assert!(!pos("8/8/4k3/8/8/4KB2/5B2/8 w - - 0 1").is_insufficient_material());
    assert!(!pos("8/8/3nk3/8/8/4KN2/8/8 w - - 0 1").is_insufficient_material());
    assert!(!pos("8/8/4k3/8/8/4K3/4P3/8 w - - 0 1").is_insufficient_material());
}

// ---- Repetition and move counts ----------------------------------------------

const SHUFFLE: &str = "Nf3 Nf6 Ng1 Ng8";

#[test]
fn threefold_repetition_is_a_claim_and_does_not_end_the_game() {
    let mut g = game(&format!("{SHUFFLE} {SHUFFLE}"));
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), None);
    assert_eq!(
        g.claimable_draws(),
        vec![ClaimableDraw::ThreefoldRepetition]
    );
    assert_eq!(
        g.claim_draw(ClaimableDraw::ThreefoldRepetition),
        Ok(Outcome::Draw {
            reason: DrawReason::ThreefoldRepetition
        })
    );
}

#[test]
fn threefold_repetition_may_be_claimed_with_the_move_that_makes_it() {
    let mut g = game(&format!("{SHUFFLE} Nf3 Nf6 Ng1"));
    let m = g.position().parse_san("Ng8").unwrap();
    assert_eq!(
        g.claim_draw_with_move(m),
        Ok(Some(Outcome::Draw {
            reason: DrawReason::ThreefoldRepetition
        }))
    );
}

#[test]
fn a_claim_that_does_not_hold_is_refused_and_changes_nothing() {
    let mut g = game(SHUFFLE);
    assert!(g.claim_draw(ClaimableDraw::ThreefoldRepetition).is_err());
    assert!(g.claim_draw(ClaimableDraw::FiftyMoves).is_err());
    assert_eq!(g.outcome(), None);
}

#[test]
fn repetition_counts_en_passant_only_when_the_capture_is_legal() {
    // After ...c5 the c6 square could be named, but bxc6 e.p. would expose the king
    // on a5 to the rook on h5, so the position repeats later without it.
    let mut g = Game::from_fen("7k/2p5/8/KP5r/8/8/8/8 b - - 0 1").unwrap();
    for m in "c5 Ka4 Kg8 Ka5 Kh8 Ka4 Kg8 Ka5 Kh8".split(' ') {
        g.play_san(m).unwrap();
    }
    assert_eq!(g.repetitions(), 3);
}

#[test]
fn a_legal_en_passant_chance_makes_the_position_different() {
    let mut g = Game::from_fen("7k/3p4/8/4P3/8/8/8/K7 b - - 0 1").unwrap();
    for m in "d5 Kb1 Kg8 Ka1 Kh8 Kb1 Kg8 Ka1 Kh8".split(' ') {
        g.play_san(m).unwrap();
    }
    assert_eq!(g.repetitions(), 2, "the first time, exd6 e.p. was possible");
}

#[test]
fn repetition_needs_the_same_castling_rights() {
    let mut g = Game::from_fen(CASTLE_FEN).unwrap();
    for m in "Rf1 Rf8 Rh1 Rh8 Rf1 Rf8 Rh1 Rh8 Rf1 Rf8 Rh1 Rh8".split(' ') {
        g.play_san(m).unwrap();
    }
    // The start (with both short rights) stood once; the later ones without them: 3.
    assert_eq!(g.repetitions(), 3);
    assert_ne!(
        g.positions()[0].repetition_key(),
        g.position().repetition_key()
    );
}

#[test]
fn fivefold_repetition_ends_the_game_automatically() {
    let g = game(&[SHUFFLE; 4].join(" "));
    assert_eq!(g.repetitions(), 5);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::FivefoldRepetition
        })
    );
}

#[test]
fn the_fifty_move_rule_is_a_claim() {
    let g = Game::from_fen("8/8/4k3/8/8/4K3/8/R7 w - - 100 80").unwrap();
    assert_eq!(g.outcome(), None);
    assert_eq!(g.claimable_draws(), vec![ClaimableDraw::FiftyMoves]);
    let g = Game::from_fen("8/8/4k3/8/8/4K3/8/R7 w - - 99 80").unwrap();
    assert!(g.claimable_draws().is_empty());
}

#[test]
fn the_seventy_five_move_rule_ends_the_game_automatically() {
    let mut g = Game::from_fen("8/8/4k3/8/8/4K3/8/R7 w - - 149 80").unwrap();
    g.play_san("Ra2").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::SeventyFiveMoves
        })
    );
}

#[test]
fn checkmate_on_the_seventy_fifth_move_still_wins() {
    let mut g = Game::from_fen("6k1/8/6K1/8/8/8/8/R7 w - - 149 80").unwrap();
    g.play_san("Ra8#").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn a_capture_or_pawn_move_resets_the_move_count() {
    let g = game("e4 e5 Nf3 Nc6");
    assert_eq!(g.position().halfmove_clock(), 2);
    let g = game("e4 d5 exd5");
    assert_eq!(g.position().halfmove_clock(), 0);
}

// ---- Resignation, agreement, time ---------------------------------------------

#[test]
fn resignation_loses_the_game() {
    let mut g = game("e4");
    assert_eq!(
        g.resign(Color::Black),
        Ok(Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Resignation
        })
    );
    assert!(g.play_san("e5").is_err());
}

#[test]
fn loss_on_time_when_the_opponent_can_still_mate() {
    let mut g = game("e4 e5");
    assert_eq!(
        g.flag(Color::White),
        Ok(Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::Timeout
        })
    );
}

#[test]
fn a_flag_fall_is_a_draw_when_the_opponent_cannot_mate() {
    let mut g = Game::from_fen("8/8/4k3/8/8/4K3/4Q3/8 w - - 0 1").unwrap();
    assert_eq!(
        g.flag(Color::White),
        Ok(Outcome::Draw {
            reason: DrawReason::TimeoutVsInsufficientMaterial
        })
    );
}

#[test]
fn a_flag_fall_is_a_draw_when_no_series_of_legal_moves_could_mate() {
    let locked = "8/4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/4K3/8 w - - 0 1";
    assert!(dead::cannot_mate(&pos(locked), Color::Black));
    let mut g = Game::from_fen(locked).unwrap();
    assert_eq!(
        g.flag(Color::White),
        Ok(Outcome::Draw {
            reason: DrawReason::TimeoutVsInsufficientMaterial
        })
    );
}

// ---- Draw offers ----------------------------------------------------------------

#[test]
fn a_draw_may_be_offered_only_right_after_making_a_move() {
    let mut g = Game::new();
    assert_eq!(
        g.offer_draw(Color::White),
        Err(GameError::OfferNotAfterOwnMove)
    );
    g.play_san("e4").unwrap();
    assert_eq!(
        g.offer_draw(Color::Black),
        Err(GameError::OfferNotAfterOwnMove)
    );
    assert_eq!(g.offer_draw(Color::White), Ok(()));
}

#[test]
fn a_draw_offer_stands_until_accepted_declined_or_answered_by_a_move() {
    let mut g = game("e4");
    g.offer_draw(Color::White).unwrap();
    assert_eq!(g.draw_offer(), Some(Color::White));
    g.play_san("e5").unwrap();
    assert_eq!(g.draw_offer(), None, "a move answers the offer");
    assert_eq!(g.accept_draw(Color::Black), Err(GameError::NoOfferToAnswer));

    let mut g = game("e4");
    g.offer_draw(Color::White).unwrap();
    assert_eq!(
        g.accept_draw(Color::Black),
        Ok(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
}

#[test]
fn after_a_declined_offer_the_player_may_not_offer_again_until_the_opponent_has_offered() {
    let mut g = game("e4");
    g.offer_draw(Color::White).unwrap();
    g.decline_draw(Color::Black).unwrap();
    g.play_san("e5").unwrap();
    g.play_san("Nf3").unwrap();
    assert_eq!(
        g.offer_draw(Color::White),
        Err(GameError::OfferBlocked(Color::White))
    );
    g.play_san("Nc6").unwrap();
    g.offer_draw(Color::Black).unwrap();
    g.decline_draw(Color::White).unwrap();
    g.play_san("Bc4").unwrap();
    assert_eq!(
        g.offer_draw(Color::White),
        Ok(()),
        "the opponent offered once since"
    );
}

// ---- Scoring and undo ----------------------------------------------------------

#[test]
fn a_win_scores_one_a_draw_half_and_a_loss_nothing() {
    let win = Outcome::Decisive {
        winner: Color::White,
        reason: WinReason::Checkmate,
    };
    assert_eq!(
        (win.score(Color::White), win.score(Color::Black)),
        (1.0, 0.0)
    );
    let draw = Outcome::Draw {
        reason: DrawReason::Stalemate,
    };
    assert_eq!(
        (draw.score(Color::White), draw.score(Color::Black)),
        (0.5, 0.5)
    );
    assert_eq!((win.result(), draw.result()), ("1-0", "1/2-1/2"));
}

#[test]
fn undo_takes_back_moves_but_not_a_declared_ending() {
    let mut g = game("e4 e5");
    assert!(g.undo().is_ok());
    assert_eq!(g.moves().len(), 1);
    g.resign(Color::Black).unwrap();
    assert!(g.undo().is_err());
    assert!(Game::new().undo().is_err());
}

// ---- Polyglot keys ---------------------------------------------------------------

#[test]
fn zobrist_keys_are_polyglot_keys() {
    // The published test sequence of the Polyglot book format.
    let expected = [
        ("", 0x463b96181691fc9c_u64),
        ("e4", 0x823c9b50fd114196),
        ("e4 d5", 0x0756b94461c50fb0),
        ("e4 d5 e5", 0x662fafb965db29d4),
        ("e4 d5 e5 f5", 0x22a48b5a8e47ff78),
        ("e4 d5 e5 f5 Ke2", 0x652a607ca3f242c1),
        ("e4 d5 e5 f5 Ke2 Kf7", 0x00fdd303c946bdd9),
        ("a4 b5 h4 b4 c4", 0x3c8123ea7b067637),
        ("a4 b5 h4 b4 c4 bxc3 Ra3", 0x5c3f9b829b279560),
    ];
    for (moves, key) in expected {
        assert_eq!(game(moves).position().zobrist(), key, "after {moves:?}");
    }
}

// ---- Explanations in the game ------------------------------------------------------

#[test]
fn no_move_is_legal_after_the_game_has_ended_for_any_reason() {
    let mut g = game("e4 e5");
    g.resign(Color::White).unwrap();
    let err = g.explain(Square::G1, Square::F3, None).unwrap_err();
    assert_eq!(err.code(), "game_over");
    assert_eq!(
        err,
        guoxiang_core::IllegalReason::GameOver {
            outcome: Outcome::Decisive {
                winner: Color::Black,
                reason: WinReason::Resignation
            }
        }
    );
}
