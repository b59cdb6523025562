//! An independent check of the three-piece classes: a deliberately naive solver written
//! here (forward iteration over core positions with the core's move generator, no symmetry,
//! no code shared with the generator) computes every position's distance to mate, and the
//! tables must agree on every legal position.

mod common;
use common::tables;
use guoxiang_core::{Board, CastlingRights, Color, Piece, Role, Setup, Square};
use guoxiang_tablebase::{Position, Probe, Tablebase};
use std::collections::HashMap;

const UNKNOWN: u8 = 255;

/// Naive values of one class: white king, black king, one white piece of `role`.
struct Naive {
    role: Role,
    vals: Vec<u8>,
}

fn key(stm: Color, wk: usize, bk: usize, p: usize) -> usize {
    ((stm.index() * 64 + wk) * 64 + bk) * 64 + p
}

fn position(role: Role, stm: Color, wk: usize, bk: usize, p: usize) -> Option<Position> {
    if wk == bk || wk == p || bk == p {
        return None;
    }
    let mut board = Board::empty();
    board.set(Square::new(wk as u8)?, Piece::new(Color::White, Role::King));
    board.set(Square::new(bk as u8)?, Piece::new(Color::Black, Role::King));
    board.set(Square::new(p as u8)?, Piece::new(Color::White, role));
    let setup = Setup {
        board,
        turn: stm,
        castling: CastlingRights::NONE,
        en_passant: None,
        halfmove_clock: 0,
        fullmove_number: 1,
    };
    Position::from_setup(&setup).ok()
}

/// The naive value of a position with three pieces or fewer from finished classes.
fn lookup(done: &HashMap<Role, Naive>, pos: &Position) -> u8 {
    let b = pos.board();
    if b.occupied().count() == 2 {
        return 254;
    }
    let (sq, piece) = b
        .pieces()
        .find(|(_, p)| p.role != Role::King)
        .expect("a third piece");
    assert_eq!(piece.color, Color::White);
    let wk = b.king_of(Color::White).unwrap().index();
    let bk = b.king_of(Color::Black).unwrap().index();
    done[&piece.role].vals[key(pos.turn(), wk, bk, sq.index())]
}

fn solve(role: Role, done: &HashMap<Role, Naive>) -> Naive {
    let mut vals = vec![UNKNOWN; 2 * 64 * 64 * 64];
    // Children: in-class keys, or fixed values of other classes.
    let mut kids: Vec<(usize, Vec<usize>, Vec<u8>)> = Vec::new();
    for stm in [Color::White, Color::Black] {
        for wk in 0..64 {
            for bk in 0..64 {
                for p in 0..64 {
                    let Some(pos) = position(role, stm, wk, bk, p) else {
                        continue;
                    };
                    let k = key(stm, wk, bk, p);
                    let mut inside = Vec::new();
                    let mut outside = Vec::new();
                    for &m in pos.legal_moves().iter() {
                        let after = pos.after(m);
                        let b = after.board();
                        let third = b.pieces().find(|(_, x)| x.role != Role::King);
                        match third {
                            Some((s, x)) if x.role == role => inside.push(key(
                                after.turn(),
                                b.king_of(Color::White).unwrap().index(),
                                b.king_of(Color::Black).unwrap().index(),
                                s.index(),
                            )),
                            _ => outside.push(lookup(done, &after)),
                        }
                    }
                    if inside.is_empty() && outside.is_empty() {
                        vals[k] = if pos.is_check() { 0 } else { 254 };
                    }
                    kids.push((k, inside, outside));
                }
            }
        }
    }
    let mut open: Vec<&(usize, Vec<usize>, Vec<u8>)> = kids
        .iter()
        .filter(|(k, _, _)| vals[*k] == UNKNOWN)
        .collect();
    for n in 1..250u8 {
        let mut changed = Vec::new();
        for &(k, inside, outside) in &open {
            let k = *k;
            let values = inside
                .iter()
                .map(|&c| vals[c])
                .chain(outside.iter().copied());
            let all: Vec<u8> = values.collect();
            if n % 2 == 1 {
                if all.iter().any(|&v| v == n - 1) {
                    changed.push(k);
                }
            } else if all
                .iter()
                .all(|&v| v != UNKNOWN && v != 254 && v % 2 == 1 && v < n)
            {
                changed.push(k);
            }
        }
        for k in changed {
            vals[k] = n;
        }
        open.retain(|(k, _, _)| vals[*k] == UNKNOWN);
    }
    for (k, _, _) in &kids {
        let k = *k;
        if vals[k] == UNKNOWN {
            vals[k] = 254;
        }
    }
    Naive { role, vals }
}

fn probe_of(v: u8) -> Probe {
    if v == 254 {
        Probe::DRAW
    } else {
        Probe::from_dtm(v as u32)
    }
}

fn compare(tb: &Tablebase, naive: &Naive) {
    let mut checked = 0;
    for stm in [Color::White, Color::Black] {
        for wk in 0..64 {
            for bk in 0..64 {
                for p in 0..64 {
                    if let Some(pos) = position(naive.role, stm, wk, bk, p) {
                        let want = probe_of(naive.vals[key(stm, wk, bk, p)]);
                        assert_eq!(tb.probe(&pos).unwrap(), want, "{}", pos.fen());
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 100_000, "only {checked} positions");
}

#[test]
fn every_three_piece_position_matches_a_naive_solver() {
    let tb = tables(&["KQK", "KRK", "KBK", "KNK", "KPK"]);
    let mut done = HashMap::new();
    for role in [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ] {
        let naive = solve(role, &done);
        compare(&tb, &naive);
        done.insert(role, naive);
    }
}
