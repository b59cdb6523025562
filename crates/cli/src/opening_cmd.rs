//! `guoxiang opening MOVES [--json] [--lang L]`: names the opening a line of moves
//! reaches. MOVES is one argument in SAN, with or without move numbers; the answer is
//! the longest named line of guoxiang-openings' table that the moves pass through (by
//! position, so transpositions count). Exit 0 when named, 1 when no position on the way
//! has a name, 2 when a move cannot be read or played (the error names it).

use crate::cli::OpeningArgs;
use guoxiang_i18n::{message, Lang};
use guoxiang_openings::{classify, read_line};
use serde_json::json;
use std::process::ExitCode;

pub fn run(args: &OpeningArgs) -> ExitCode {
    let line = match read_line(&args.moves) {
        Ok(line) => line,
        Err(e) => {
            eprintln!("bad SAN: {e}");
            return ExitCode::from(2);
        }
    };
    let moves: Vec<_> = line.iter().map(|m| m.mv).collect();
    let Some(opening) = classify(&moves) else {
        eprintln!("no named opening");
        return ExitCode::from(1);
    };
    let key = opening.catalogue_key();
    if args.json {
        println!(
            "{}",
            json!({
                "eco": opening.eco,
                "name": {
                    "en": opening.name,
                    "zh-CN": message(Lang::ZhCn, &key, &[]),
                    "zh-TW": message(Lang::ZhTw, &key, &[]),
                },
                "plies": opening.plies(),
            })
        );
    } else if args.lang == Lang::En {
        println!("{} {}", opening.eco, opening.name);
    } else {
        println!(
            "{} {} ({})",
            opening.eco,
            opening.name,
            message(args.lang, &key, &[])
        );
    }
    ExitCode::SUCCESS
}
