//! What the classifier says about real move sequences: names by position (so
//! transpositions are found), the deepest name wins, and a game off the table is named
//! by the last named position it passed or not at all.

use guoxiang_core::{Game, Move, Position};
use guoxiang_openings::{by_key, classify, classify_positions, named_at, Tracker};

fn moves(sans: &str) -> Vec<Move> {
    let mut pos = Position::new();
    sans.split_whitespace()
        .map(|san| {
            let m = pos.parse_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
            pos.play_unchecked(m);
            m
        })
        .collect()
}

fn named(sans: &str) -> Option<&'static str> {
    classify(&moves(sans)).map(|o| o.key)
}

#[test]
fn the_najdorf_is_named_after_a6() {
    let before = "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3";
    assert_eq!(named(before), Some("sicilian_open"));
    assert_eq!(named(&format!("{before} a6")), Some("sicilian_najdorf"));
    let najdorf = by_key("sicilian_najdorf").unwrap();
    assert_eq!(
        (najdorf.eco, najdorf.name),
        ("B90", "Sicilian Defence: Najdorf Variation")
    );
}

#[test]
fn the_scheveningen_is_found_from_the_taimanov_move_order() {
    assert_eq!(
        named("e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nf6 Nc3 d6"),
        Some("sicilian_scheveningen")
    );
}

#[test]
fn the_classical_sicilian_is_found_from_two_knights_c6_first() {
    assert_eq!(
        named("e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6 Nc3 d6"),
        Some("sicilian_classical")
    );
}

#[test]
fn the_semi_slav_is_reached_from_the_queens_gambit_declined() {
    assert_eq!(
        named("d4 d5 c4 e6 Nc3 Nf6 Nf3 c6"),
        Some("semi_slav_defence")
    );
}

#[test]
fn the_classical_caro_kann_is_reached_with_nd2_too() {
    assert_eq!(
        named("e4 c6 d4 d5 Nd2 dxe4 Nxe4 Bf5"),
        Some("caro_kann_classical")
    );
}

#[test]
fn the_nimzo_indian_is_found_after_the_english_first_move() {
    assert_eq!(named("c4 Nf6 Nc3 e6 d4 Bb4"), Some("nimzo_indian_defence"));
}

#[test]
fn the_classical_kings_indian_is_found_after_the_reti_first_move() {
    assert_eq!(
        named("Nf3 Nf6 c4 g6 Nc3 Bg7 d4 d6 e4 O-O Be2 e5"),
        Some("kings_indian_classical")
    );
}

#[test]
fn the_italian_and_the_two_knights_meet_in_the_four_knights() {
    // 3.Bc4 Nf6 4.Nc3 and 3.Nc3 Nf6 4.Bc4 are one position; it is not a line of the
    // table, so both are named by the deepest line passed on the way.
    assert_eq!(
        named("e4 e5 Nf3 Nc6 Bc4 Nf6 Nc3"),
        Some("two_knights_defence")
    );
    assert_eq!(
        named("e4 e5 Nf3 Nc6 Nc3 Nf6 Bc4"),
        Some("four_knights_game")
    );
}

#[test]
fn a_game_off_the_table_from_move_one_has_no_name() {
    assert_eq!(named("a3 a6"), None);
    assert_eq!(named(""), None);
}

#[test]
fn a_game_that_leaves_the_table_keeps_the_last_name_it_reached() {
    assert_eq!(named("e4 e5 Nf3 Nc6 Bc4 Bc5 a3 a6"), Some("giuoco_piano"));
    assert_eq!(named("e4 a6"), Some("kings_pawn_game"));
}

#[test]
fn knights_going_home_keep_the_deeper_name() {
    // After 3.Ng1 Nb8 the position is that of 1.e4 e5 again (the Open Game), but the
    // game already reached the King's Knight Opening, one ply deeper.
    assert_eq!(
        named_at(&game("e4 e5 Nf3 Nc6 Ng1 Nb8").position().clone()).map(|o| o.key),
        Some("open_game")
    );
    assert_eq!(named("e4 e5 Nf3 Nc6 Ng1 Nb8"), Some("kings_knight_opening"));
}

#[test]
fn the_ten_openings_of_the_course_are_in_the_table() {
    let ten = [
        ("italian_game", "1. e4 e5 2. Nf3 Nc6 3. Bc4"),
        ("ruy_lopez", "1. e4 e5 2. Nf3 Nc6 3. Bb5"),
        ("scotch_game", "1. e4 e5 2. Nf3 Nc6 3. d4"),
        ("petrov_defence", "1. e4 e5 2. Nf3 Nf6"),
        ("scandinavian_defence", "1. e4 d5"),
        ("sicilian_defence", "1. e4 c5"),
        ("french_defence", "1. e4 e6"),
        ("hungarian_defence", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Be7"),
        ("dutch_defence", "1. d4 f5"),
        ("english_opening", "1. c4"),
    ];
    for (key, line) in ten {
        assert_eq!(by_key(key).map(|o| o.moves), Some(line), "{key}");
    }
}

#[test]
fn replay_stops_at_an_illegal_move() {
    let mut ms = moves("e4 c5");
    let illegal = ms[0]; // e2-e4 again: no white pawn on e2 any more
    ms.push(illegal);
    ms.extend(moves("e4 c5"));
    assert_eq!(classify(&ms).map(|o| o.key), Some("sicilian_defence"));
}

fn game(sans: &str) -> Game {
    let mut g = Game::new();
    for san in sans.split_whitespace() {
        g.play_san(san).unwrap();
    }
    g
}

#[test]
fn the_tracker_and_classify_positions_agree_with_classify() {
    let lines = [
        "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O",
        "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5 O-O Nc6 d5 Ne7 Ne1",
        "e4 e5 Nf3 Nc6 Ng1 Nb8 Nf3",
        "c4 e5 g3 Nf6 Bg2 d5",
    ];
    for line in lines {
        let g = game(line);
        let mut tracker = Tracker::new();
        for pos in g.positions() {
            tracker.observe(pos);
        }
        let expected = classify(g.moves());
        assert!(expected.is_some(), "{line}");
        assert_eq!(tracker.opening(), expected, "{line}");
        assert_eq!(classify_positions(g.positions()), expected, "{line}");
    }
}
