//! `guoxiang move --fen FEN MOVE [--lang L]`: plays one move given in SAN, UCI or
//! from-to form, or explains in the learner's language why it is not legal.
//!
//! The move is read by the core's parsers (UCI with [`UciMove`], SAN with
//! [`San`]) and matched by the core ([`San::to_move`], [`Position::explain`]);
//! this module only picks which piece an illegal SAN move is about, so that the
//! explanation names what is wrong with that piece's move.

use crate::cli::MoveArgs;
use guoxiang_core::san::San;
use guoxiang_core::uci::UciMove;
use guoxiang_core::{
    Bitboard, CastlingSquares, Color, IllegalReason, Move, Piece, Position, Role, SanError, Square,
};
use guoxiang_i18n::Localize;
use serde_json::json;
use std::process::ExitCode;

pub fn run(args: &MoveArgs) -> ExitCode {
    let (json, lang, text) = (args.json, args.lang, &args.text);
    let pos = match &args.fen {
        None => Position::new(),
        Some(fen) => match Position::from_fen(fen) {
            Ok(p) => p,
            Err(e) => {
                print_error(e.code(), &e.message(lang), json);
                return ExitCode::from(1);
            }
        },
    };
    match resolve(&pos, text) {
        Ok(m) => {
            let san = pos.san(m);
            let after = pos.after(m);
            if json {
                println!(
                    "{}",
                    json!({"san": san, "uci": m.to_uci(), "fen": after.fen()})
                );
            } else {
                println!("{san} ({})\n{}", m.to_uci(), after.fen());
            }
            ExitCode::SUCCESS
        }
        Err(Failure::Illegal(reason)) => {
            print_error(reason.code(), &reason.message(lang), json);
            ExitCode::from(1)
        }
        Err(Failure::San(e)) => {
            print_error(e.code(), &e.message(lang), json);
            ExitCode::from(1)
        }
    }
}

fn print_error(code: &str, message: &str, json: bool) {
    if json {
        println!("{}", json!({"error": code, "message": message}));
    } else {
        eprintln!("{message}");
    }
}

enum Failure {
    Illegal(IllegalReason),
    San(SanError),
}

/// Reads `e2e4`, `e7e8q`, `e2-e4` or `e2xe4` as from, to and promotion: the
/// core's UCI reader, after the learner's `-` or `x` between the squares.
fn coordinates(text: &str) -> Option<(Square, Square, Option<Role>)> {
    let t: Vec<u8> = text.bytes().filter(|c| *c != b'-' && *c != b'x').collect();
    match UciMove::from_ascii(&t).ok()? {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => Some((from, to, promotion)),
        UciMove::Null => None,
    }
}

fn resolve(pos: &Position, text: &str) -> Result<Move, Failure> {
    if let Some((from, to, promotion)) = coordinates(text) {
        return pos.explain(from, to, promotion).map_err(Failure::Illegal);
    }
    let san = San::from_ascii(text.trim().as_bytes()).map_err(Failure::San)?;
    match san.to_move(pos) {
        Ok(m) => Ok(m),
        Err(e) => {
            // Say *why* when the SAN names one piece: ask the explainer about it.
            if let Some((from, to, promotion)) = the_piece_meant(pos, &san) {
                if let Err(reason) = pos.explain(from, to, promotion) {
                    return Err(Failure::Illegal(reason));
                }
            }
            Err(Failure::San(e))
        }
    }
}

/// The one piece a SAN move can be about, if there is exactly one.
fn the_piece_meant(pos: &Position, san: &San) -> Option<(Square, Square, Option<Role>)> {
    let us = pos.turn();
    match *san {
        San::Castle(side) => {
            let king = pos.king_of(us);
            Some((king, CastlingSquares::king_to(us, side), None))
        }
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let mut candidates = pos.board().by_piece(Piece::new(us, role));
            if let Some(f) = file {
                candidates &= Bitboard::file(f);
            } else if role == Role::Pawn && !capture {
                candidates &= Bitboard::file(to.file());
            }
            if let Some(r) = rank {
                candidates &= Bitboard::rank(r);
            }
            if role == Role::Pawn && file.is_none() && !capture {
                // The pawn nearest behind the target on its file.
                let behind: Vec<Square> = candidates
                    .filter(|s| match us {
                        Color::White => s.rank() < to.rank(),
                        Color::Black => s.rank() > to.rank(),
                    })
                    .collect();
                let nearest = match us {
                    Color::White => behind.iter().max_by_key(|s| s.rank()),
                    Color::Black => behind.iter().min_by_key(|s| s.rank()),
                };
                return nearest.map(|&from| (from, to, promotion));
            }
            candidates.single().map(|from| (from, to, promotion))
        }
        San::Null => None,
    }
}
