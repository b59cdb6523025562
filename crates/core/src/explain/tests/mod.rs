//! Tests of the explainer: one per reason (`reasons.rs`), and its agreement with the
//! move generator on every request in tricky and random positions (`agreement.rs`).

mod agreement;
mod reasons;

use super::*;

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
