//! Differential test of the "impossible check" rule against shakmaty (whose
//! `IMPOSSIBLE_CHECK` follows python-chess's `STATUS_IMPOSSIBLE_CHECK` and adds that two
//! stepping pieces cannot both give check). Random sparse positions, many of them with
//! the side to move in check, some with an en-passant square, are read by both; where
//! shakmaty finds nothing else wrong, we must refuse exactly the positions it refuses
//! for an impossible check, and accept the others.

use guoxiang_core::{FenError, Position, PositionError};
use shakmaty::{CastlingMode, Chess, PositionErrorKinds};

mod common;
use common::Rng;

/// A random FEN: both kings, two to five other pieces (pawns off the back ranks), a
/// random side to move, and an en-passant square when a double step could have led
/// here.
fn random_fen(rng: &mut Rng) -> String {
    let mut board = [None::<char>; 64];
    let place = |rng: &mut Rng, piece: char, board: &mut [Option<char>; 64]| loop {
        let sq = rng.below(64);
        let rank = sq / 8;
        if board[sq].is_none() && !(piece.eq_ignore_ascii_case(&'p') && (rank == 0 || rank == 7)) {
            board[sq] = Some(piece);
            return;
        }
    };
    place(rng, 'K', &mut board);
    place(rng, 'k', &mut board);
    for _ in 0..2 + rng.below(4) {
        let piece = b"PNBRQpnbrq"[rng.below(10)] as char;
        place(rng, piece, &mut board);
    }
    let white_to_move = rng.below(2) == 0;
    // En passant: the opponent's pawn on its fourth rank with the two squares behind empty.
    let mut ep = String::from("-");
    if rng.below(2) == 0 {
        let file = rng.below(8);
        let (pawn, on, over, from) = if white_to_move {
            ('p', 4, 5, 6)
        } else {
            ('P', 3, 2, 1)
        };
        let idx = |rank: usize| rank * 8 + file;
        if board[idx(on)].is_none() && board[idx(over)].is_none() && board[idx(from)].is_none() {
            board[idx(on)] = Some(pawn);
            ep = format!("{}{}", (b'a' + file as u8) as char, over + 1);
        }
    }
    let mut placement = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        placement.push_str(&empty.to_string());
                        empty = 0;
                    }
                    placement.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            placement.push_str(&empty.to_string());
        }
        if rank > 0 {
            placement.push('/');
        }
    }
    let turn = if white_to_move { "w" } else { "b" };
    format!("{placement} {turn} - {ep} 0 1")
}

#[test]
fn impossible_checks_are_refused_exactly_as_shakmaty_refuses_them() {
    let mut rng = Rng(0x1dea_5eed);
    let (mut compared, mut in_check, mut impossible) = (0u32, 0u32, 0u32);
    while compared < 20_000 {
        let fen = random_fen(&mut rng);
        let theirs: Result<Chess, _> = shakmaty::fen::Fen::from_ascii(fen.as_bytes())
            .unwrap_or_else(|e| panic!("shakmaty cannot read {fen}: {e}"))
            .into_position(CastlingMode::Standard);
        let kinds = match &theirs {
            Ok(_) => PositionErrorKinds::empty(),
            Err(e) => e.kinds(),
        };
        if !(kinds - PositionErrorKinds::IMPOSSIBLE_CHECK).is_empty() {
            continue; // wrong for another reason (opposite check, say)
        }
        compared += 1;
        let ours = Position::from_fen(&fen);
        let refused_for_check = matches!(
            ours,
            Err(FenError::Position(
                PositionError::ImpossibleCheck { .. } | PositionError::TooManyCheckers { .. }
            ))
        );
        if kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK) {
            impossible += 1;
            assert!(
                refused_for_check,
                "{fen}: shakmaty refuses it, we say {ours:?}"
            );
        } else {
            let pos = ours.unwrap_or_else(|e| panic!("{fen}: shakmaty accepts it, we say {e}"));
            in_check += u32::from(pos.is_check());
        }
    }
    eprintln!("{compared} positions: {impossible} impossible checks, {in_check} possible ones");
    // The sample must hold both kinds of check, or the test would prove nothing.
    assert!(
        impossible > 200 && in_check > 1_000,
        "{impossible} {in_check}"
    );
}
