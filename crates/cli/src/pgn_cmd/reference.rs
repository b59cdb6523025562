//! The reference check of one game: a [`GameRecord`] played move by move in a
//! [`Game`], exactly as `pgn check` has always done it. The fast path
//! ([`super::fast`]) hands every game that is not plainly clean to this one, so
//! both give the same report; a test compares them on awkward inputs.

use super::report::{FileProblem, GameReport};
use guoxiang_core::pgn::{GameRecord, Location, PgnError, Reader, SyntaxError};
use guoxiang_core::san::San;
use guoxiang_core::{Game, GameError, SanError};

/// The report on one game record.
pub fn check(record: &GameRecord) -> GameReport {
    let start = match record.start_position() {
        Ok(p) => p,
        Err(e) => {
            return GameReport::Bad {
                error: e.to_string(),
                ply: 0,
                mv: None,
            }
        }
    };
    let mut game = Game::from_position(start);
    // Plies played before the last null move (a `Game` never holds one).
    let mut passed = 0;
    for (i, node) in record.moves.iter().enumerate() {
        let played = if matches!(San::from_ascii(node.san.as_bytes()), Ok(San::Null)) {
            pass_the_turn(&mut game, &node.san).map(|()| passed = i + 1)
        } else {
            game.play_san(&node.san).map(drop)
        };
        if let Err(e) = played {
            let error = match e {
                GameError::GameOver(o) => format!(
                    "the game was already over ({}) before this move",
                    o.reason_code()
                ),
                other => other.to_string(),
            };
            return GameReport::Bad {
                error,
                ply: i + 1,
                mv: Some(node.san.clone()),
            };
        }
    }
    if let Some(e) = record.errors.first() {
        return GameReport::Bad {
            error: e.to_string(),
            ply: record.moves.len(),
            mv: None,
        };
    }
    let outcome = game.outcome();
    GameReport::Ok {
        plies: passed + game.moves().len(),
        fen: game.position().fen(),
        result: record.result.as_str(),
        outcome,
        claimable: game.claimable_draws(),
        check: game.position().is_check(),
    }
}

/// A null move (`--`, `Z0`), read as the PGN reader and python-chess read it: the
/// turn passes, and the game goes on from there. Play never allows one, so the
/// game starts again from the position after it (no repetition reaches back
/// across a null move).
fn pass_the_turn(game: &mut Game, san: &str) -> Result<(), GameError> {
    if let Some(o) = game.outcome() {
        return Err(GameError::GameOver(o));
    }
    let next = game
        .position()
        .null_move()
        .ok_or_else(|| SanError::Illegal {
            san: san.to_owned(),
            reason: "a null move cannot answer a check",
        })?;
    *game = Game::from_position(next);
    Ok(())
}

/// What the reference check says about one stretch of a file.
#[derive(Debug, PartialEq, Eq)]
pub enum Finding {
    Game(GameReport),
    File(FileProblem),
}

/// Reads and checks `bytes`, the text of exactly one game that starts at `base`
/// in its file; places in messages are given in the file's terms.
pub fn check_one_game(bytes: &[u8], base: Location) -> Vec<Finding> {
    let mut reader = Reader::new(bytes);
    let mut found = Vec::with_capacity(1);
    for item in reader.games() {
        match item {
            Ok(mut record) => {
                for e in &mut record.errors {
                    e.at = shift(e.at, base);
                }
                found.push(Finding::Game(check(&record)));
            }
            Err(PgnError::Io(e)) => {
                found.push(Finding::File(FileProblem::Io {
                    error: format!("read error: {e}"),
                }));
                break;
            }
            Err(PgnError::Syntax(e)) => found.push(Finding::File(syntax_problem(e, base))),
        }
    }
    found
}

/// A syntax error found by a reader that started at `base` of the file.
pub fn syntax_problem(e: SyntaxError, base: Location) -> FileProblem {
    let e = SyntaxError {
        at: shift(e.at, base),
        ..e
    };
    FileProblem::Syntax {
        error: e.to_string(),
        at: Some(e.at),
    }
}

/// A place counted from `base` (line 1, column 1, byte 0 of a part), in the
/// whole file's terms. Columns shift only on the part's first line.
pub fn shift(at: Location, base: Location) -> Location {
    if at.line == 0 {
        return at;
    }
    Location {
        line: at.line + base.line - 1,
        column: if at.line == 1 {
            at.column + base.column - 1
        } else {
            at.column
        },
        offset: at.offset + base.offset,
    }
}
