//! `guoxiang fen FEN`: checks a FEN and prints the canonical form and the status.

use crate::cli::FenArgs;
use guoxiang_core::{FenError, Position};
use guoxiang_i18n::Localize;
use serde_json::json;
use std::process::ExitCode;

pub fn run(args: &FenArgs) -> ExitCode {
    let json = args.json;
    // A FEN has spaces; accept it as one argument or as several.
    let fen = args.fen.join(" ");
    match Position::from_fen(&fen) {
        Ok(pos) => {
            let moves = pos.count_legal_moves();
            let status = if pos.is_checkmate() {
                "checkmate"
            } else if pos.is_stalemate() {
                "stalemate"
            } else if pos.is_check() {
                "check"
            } else {
                "normal"
            };
            if json {
                println!(
                    "{}",
                    json!({
                        "fen": pos.fen(),
                        "turn": pos.turn().name(),
                        "check": pos.is_check(),
                        "checkmate": pos.is_checkmate(),
                        "stalemate": pos.is_stalemate(),
                        "insufficient_material": pos.is_insufficient_material(),
                        "legal_moves": moves,
                        "zobrist": format!("{:016x}", pos.zobrist()),
                    })
                );
            } else {
                println!("{}", pos.fen());
                println!("{} to move, {status}, {moves} legal moves", pos.turn());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            print_fen_error(&e, json);
            ExitCode::from(1)
        }
    }
}

pub fn print_fen_error(e: &FenError, json: bool) {
    if json {
        println!("{}", json!({"error": e.code(), "message": e.to_string()}));
    } else {
        eprintln!("invalid FEN: {}", e.message(guoxiang_i18n::Lang::En));
    }
}
