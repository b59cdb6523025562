//! The tables against published facts: the longest mates of the classic endings (stronger
//! side to move), and well-known positions.

mod common;
use common::{from_children, tables};
use guoxiang_tablebase::{Class, Color, Position, Probe, Wdl};

fn longest(class: &str) -> u32 {
    let c: Class = class.parse().unwrap();
    tables(&[class]).max_dtm(c, Color::White).unwrap()
}

#[test]
fn king_and_queen_mate_in_at_most_10_moves() {
    assert_eq!(longest("KQK"), 19);
}

#[test]
fn king_and_rook_mate_in_at_most_16_moves() {
    assert_eq!(longest("KRK"), 31);
}

#[test]
fn king_and_pawn_win_in_at_most_28_moves() {
    assert_eq!(longest("KPK"), 55);
}

#[test]
fn two_bishops_mate_in_at_most_19_moves() {
    assert_eq!(longest("KBBK"), 37);
}

#[test]
fn bishop_and_knight_mate_in_at_most_33_moves() {
    assert_eq!(longest("KBNK"), 65);
}

#[test]
fn a_longest_bishop_and_knight_mate_is_found_and_consistent() {
    let tb = tables(&["KBNK"]);
    let c: Class = "KBNK".parse().unwrap();
    let pos = tb
        .sample(c, Color::White, Wdl::Win, 65..=65, 1, &|_| true)
        .unwrap()
        .expect("a mate in 33");
    let p = tb.probe(&pos).unwrap();
    assert_eq!(p, Probe::from_dtm(65));
    assert_eq!(from_children(&tb, &pos), p);
}

#[test]
fn a_rook_beside_its_cornered_king_loses_to_the_queen() {
    let tb = tables(&["KQKR"]);
    let pos = Position::from_fen("k7/1r6/K7/8/8/8/8/3Q4 b - - 0 1").unwrap();
    let p = tb.probe(&pos).unwrap();
    assert_eq!(p.wdl, Wdl::Loss);
    assert_eq!(from_children(&tb, &pos), p);
}

#[test]
fn rook_pawn_with_the_defending_king_in_the_corner_is_a_draw() {
    let tb = tables(&["KPK"]);
    for fen in [
        "k7/8/1K6/P7/8/8/8/8 w - - 0 1",
        "k7/8/8/P7/2K5/8/8/8 b - - 0 1",
        "7k/8/8/7P/8/8/8/6K1 w - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(tb.probe(&pos).unwrap(), Probe::DRAW, "{fen}");
    }
}

#[test]
fn a_checkmate_has_dtm_zero_and_a_stalemate_is_a_draw() {
    let tb = tables(&["KQK"]);
    let mate = Position::from_fen("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(tb.probe(&mate).unwrap(), Probe::from_dtm(0));
    let stale = Position::from_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(tb.probe(&stale).unwrap(), Probe::DRAW);
    let mate_in_one = Position::from_fen("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1").unwrap();
    assert_eq!(tb.probe(&mate_in_one).unwrap(), Probe::from_dtm(1));
}

#[test]
fn the_colours_are_flipped_when_black_holds_the_material() {
    let tb = tables(&["KQK"]);
    let white = Position::from_fen("8/8/8/4k3/8/8/8/KQ6 w - - 0 1").unwrap();
    let black = Position::from_fen("kq6/8/8/8/4K3/8/8/8 b - - 0 1").unwrap();
    assert_eq!(tb.probe(&white).unwrap(), tb.probe(&black).unwrap());
}

#[test]
fn an_en_passant_right_is_valued_with_the_capture() {
    let tb = tables(&["KPKP"]);
    // Black has just played d7-d5: exd6 is possible only now.
    for fen in [
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "8/8/8/8/2Pp4/8/8/k1K5 b - c3 0 1",
        "8/8/8/8/1pP5/8/8/K6k b - c3 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert!(pos.legal_en_passant().is_some(), "{fen}");
        assert_eq!(tb.probe(&pos).unwrap(), from_children(&tb, &pos), "{fen}");
    }
}

#[test]
fn best_move_mates_fastest() {
    let tb = tables(&["KQK"]);
    let pos = Position::from_fen("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1").unwrap();
    let best = tb.best_move(&pos).unwrap().unwrap();
    assert_eq!(best.after, Probe::from_dtm(0));
}
