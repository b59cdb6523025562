//! `guoxiang pgn check FILE…`: replays every game of PGN files with full legality
//! checks and reports, one object per game, the final position, the result, the
//! outcome the rules decide, and the draws that could be claimed. Files of any size
//! are streamed; a bad game is reported and the next one is read.

use crate::args::{Args, UsageError};
use guoxiang_core::pgn::{GameRecord, PgnError, Reader};
use guoxiang_core::{Game, GameError};
use serde_json::{json, Value};
use std::process::ExitCode;

pub fn run(raw: &[String]) -> Result<ExitCode, UsageError> {
    let Some((sub, rest)) = raw.split_first() else {
        return Err(UsageError("pgn needs a subcommand: check".into()));
    };
    if sub != "check" {
        return Err(UsageError(format!(
            "unknown pgn subcommand {sub:?}; use check"
        )));
    }
    let args = Args::parse(rest, &[], &["--json"])?;
    if args.positional.is_empty() {
        return Err(UsageError("pgn check needs at least one FILE".into()));
    }
    let json = args.flag("--json");
    let mut failed = false;
    let mut index = 0u64;
    for path in &args.positional {
        let file = match std::fs::File::open(path) {
            Ok(f) => f,
            Err(e) => {
                emit(
                    &json!({"file": path, "error": format!("cannot open {path}: {e}")}),
                    json,
                );
                failed = true;
                continue;
            }
        };
        let mut reader = Reader::new(std::io::BufReader::with_capacity(1 << 16, file));
        for item in reader.games() {
            match item {
                Ok(record) => {
                    index += 1;
                    let report = check(index, &record);
                    failed |= report.get("error").is_some();
                    emit(&report, json);
                }
                Err(PgnError::Io(e)) => {
                    emit(
                        &json!({"file": path, "error": format!("read error: {e}")}),
                        json,
                    );
                    failed = true;
                    break;
                }
                Err(e) => {
                    // Unreadable text between games, or a game over the size limits.
                    let at = e
                        .location()
                        .map(|l| json!({"line": l.line, "column": l.column}));
                    emit(
                        &json!({"file": path, "game": Value::Null, "error": e.to_string(), "at": at}),
                        json,
                    );
                    failed = true;
                }
            }
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn emit(v: &Value, json: bool) {
    if json {
        println!("{v}");
    } else if let Some(e) = v.get("error") {
        let game = v
            .get("game")
            .and_then(Value::as_u64)
            .map_or(String::new(), |g| format!("game {g}: "));
        let ply = v
            .get("ply")
            .and_then(Value::as_u64)
            .map_or(String::new(), |p| format!(" (ply {p})"));
        println!("{game}{}{ply}", e.as_str().unwrap_or_default());
    } else {
        let outcome = match (
            v["outcome"]["reason"].as_str(),
            v["outcome"]["winner"].as_str(),
        ) {
            (Some(reason), Some(winner)) => format!("{reason}, {winner} wins"),
            (Some(reason), None) => format!("{reason}, draw"),
            _ => "not decided by the rules".to_owned(),
        };
        let claims: Vec<&str> = v["claimable"]
            .as_array()
            .map_or(Vec::new(), |a| a.iter().filter_map(Value::as_str).collect());
        let claims = if claims.is_empty() {
            String::new()
        } else {
            format!("; claimable: {}", claims.join(", "))
        };
        println!(
            "game {}: {} plies, result {}, {outcome}{claims}\n  {}",
            v["game"],
            v["plies"],
            v["result"].as_str().unwrap_or("*"),
            v["fen"].as_str().unwrap_or_default()
        );
    }
}

fn check(index: u64, record: &GameRecord) -> Value {
    let start = match record.start_position() {
        Ok(p) => p,
        Err(e) => {
            return json!({"game": index, "error": e.to_string(), "ply": 0, "move": Value::Null})
        }
    };
    let mut game = Game::from_position(start);
    for (i, node) in record.moves.iter().enumerate() {
        if let Err(e) = game.play_san(&node.san) {
            let message = match e {
                GameError::GameOver(o) => format!(
                    "the game was already over ({}) before this move",
                    o.reason_code()
                ),
                other => other.to_string(),
            };
            return json!({"game": index, "error": message, "ply": i + 1, "move": node.san});
        }
    }
    if let Some(e) = record.errors.first() {
        return json!({"game": index, "error": e.to_string(), "ply": record.moves.len(), "move": Value::Null});
    }
    let outcome = game.outcome();
    let claimable: Vec<&str> = game.claimable_draws().iter().map(|c| c.code()).collect();
    json!({
        "game": index,
        "plies": game.moves().len(),
        "fen": game.position().fen(),
        "result": record.result.as_str(),
        "outcome": {
            "winner": outcome.and_then(|o| o.winner()).map(|c| c.name()),
            "reason": outcome.map(|o| o.reason_code()),
        },
        "claimable": claimable,
        "check": game.position().is_check(),
    })
}
