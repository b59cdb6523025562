//! The only-move rule on positions whose answer is known: a lone winning move is a
//! puzzle, two winning moves are not, a mate in two comes with its line, and a lost
//! side saved by a perpetual check is a draw puzzle.

use guoxiang_core::Position;
use guoxiang_puzzles::gen::analysis::Analyst;
use guoxiang_puzzles::gen::rule::{solve, Solution};
use guoxiang_puzzles::Goal;

const N1: u64 = 60_000;

fn solved(fen: &str) -> Option<Solution> {
    let pos = Position::from_fen(fen).expect("a valid FEN");
    solve(&Analyst::new(16, None), N1, &pos, &[])
}

fn uci(s: &Solution) -> Vec<String> {
    s.line.iter().map(|m| m.to_uci()).collect()
}

fn end_of(fen: &str, s: &Solution) -> Position {
    let mut pos = Position::from_fen(fen).expect("a valid FEN");
    for m in &s.line {
        pos.play(*m).expect("the line is legal");
    }
    pos
}

#[test]
fn taking_the_only_hanging_queen_is_a_win_puzzle() {
    // The rook takes the queen; anything else leaves White a queen down.
    let s = solved("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1").expect("a puzzle");
    assert_eq!(s.goal, Goal::Win);
    assert_eq!(uci(&s), ["d2d5"]);
    assert!(s.margin >= 0.30, "margin {}", s.margin);
}

#[test]
fn two_ways_to_take_the_queen_make_no_puzzle() {
    // Rook or bishop takes the queen: both win, so neither is the only move.
    assert_eq!(solved("4k3/8/8/3q4/8/1B6/8/3RK3 w - - 0 1"), None);
}

#[test]
fn a_quiet_position_is_no_puzzle() {
    assert_eq!(
        solved("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
        None
    );
}

#[test]
fn a_mate_in_two_comes_with_its_line_and_ends_in_mate() {
    // Bxe3 (the only mate in two), h3, Rg1#.
    let fen = "8/pp6/n1p3k1/2P3p1/3b4/4R3/P4rrP/4K3 b - - 3 35";
    let s = solved(fen).expect("a puzzle");
    assert_eq!(s.goal, Goal::Mate(2));
    assert_eq!(s.line.len(), 3, "solver, defence, solver: {:?}", uci(&s));
    assert_eq!(uci(&s)[0], "d4e3");
    assert!(end_of(fen, &s).is_checkmate());
}

#[test]
fn a_mate_in_one_accepts_the_mate_it_finds() {
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let s = solved(fen).expect("a puzzle");
    assert_eq!(s.goal, Goal::Mate(1));
    assert_eq!(uci(&s), ["a1a8"]);
    assert!(end_of(fen, &s).is_checkmate());
}

#[test]
fn a_lost_side_saved_by_perpetual_check_is_a_draw_puzzle() {
    // White is a queen and two rooks against a queen down and mated on the back rank
    // unless it checks for ever: Qf6+ Kg8 Qg5+ Kh8 and the position repeats.
    let fen = "1r3r1k/5p1p/8/6Q1/8/8/q4PPP/6K1 w - - 0 1";
    let s = solved(fen).expect("a puzzle");
    assert_eq!(s.goal, Goal::Draw);
    assert_eq!(uci(&s)[..3], ["g5f6", "h8g8", "f6g5"]);
    assert_eq!(s.line.len() % 2, 1, "the line ends with the solver's move");
    for (i, m) in s.line.iter().enumerate().step_by(2) {
        let mut pos = Position::from_fen(fen).expect("a valid FEN");
        for earlier in &s.line[..i] {
            pos.play_unchecked(*earlier);
        }
        assert!(pos.after(*m).is_check(), "solver move {i} gives check");
    }
}
