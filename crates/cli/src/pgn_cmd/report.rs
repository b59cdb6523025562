//! What `pgn check` says about each game and each file problem, and how it is
//! written: one JSON object per line (keys in alphabetical order, as serde_json
//! writes a `json!` map) or text for people. Lines are written into a chunk's
//! buffer with a *slot* where the game number goes, because games are numbered
//! across the whole run while chunks are checked in parallel.

use guoxiang_core::pgn::Location;
use guoxiang_core::{ClaimableDraw, Outcome};
use std::io::{self, Write};

/// The verdict on one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameReport {
    /// Every mainline move is legal.
    Ok {
        plies: usize,
        fen: String,
        result: &'static str,
        outcome: Option<Outcome>,
        claimable: Vec<ClaimableDraw>,
        check: bool,
    },
    /// A move could not be played, or the game has a syntax problem.
    Bad {
        error: String,
        ply: usize,
        mv: Option<String>,
    },
}

/// A problem with a file rather than a game (the game number is not counted).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileProblem {
    /// The file could not be opened, or reading it failed (`error` says which).
    Io { error: String },
    /// Text between games that cannot be read, or a game over the size limits.
    Syntax { error: String, at: Option<Location> },
}

/// Lines written into a buffer, and where in it each game's number goes.
#[derive(Debug, Default)]
pub struct Lines {
    pub text: Vec<u8>,
    /// Byte positions in `text`, in order, one per game.
    pub slots: Vec<usize>,
    /// Whether any line reports a problem (exit status 1).
    pub failed: bool,
}

impl Lines {
    /// Appends the line of one game; its number goes into a slot.
    pub fn game(&mut self, report: &GameReport, json: bool) {
        let out = &mut self.text;
        match report {
            GameReport::Ok {
                plies,
                fen,
                result,
                outcome,
                claimable,
                check,
            } => {
                if json {
                    out.extend_from_slice(if *check {
                        b"{\"check\":true,\"claimable\":["
                    } else {
                        b"{\"check\":false,\"claimable\":["
                    });
                    for (i, c) in claimable.iter().enumerate() {
                        if i > 0 {
                            out.push(b',');
                        }
                        push_json_str(out, c.code());
                    }
                    out.extend_from_slice(b"],\"fen\":");
                    push_json_str(out, fen);
                    out.extend_from_slice(b",\"game\":");
                    self.slots.push(out.len());
                    out.extend_from_slice(b",\"outcome\":{\"reason\":");
                    match outcome {
                        Some(o) => push_json_str(out, o.reason_code()),
                        None => out.extend_from_slice(b"null"),
                    }
                    out.extend_from_slice(b",\"winner\":");
                    match outcome.and_then(|o| o.winner()) {
                        Some(c) => push_json_str(out, c.name()),
                        None => out.extend_from_slice(b"null"),
                    }
                    out.extend_from_slice(b"},\"plies\":");
                    push_number(out, *plies as u64);
                    out.extend_from_slice(b",\"result\":");
                    push_json_str(out, result);
                    out.extend_from_slice(b"}\n");
                } else {
                    out.extend_from_slice(b"game ");
                    self.slots.push(out.len());
                    out.extend_from_slice(b": ");
                    push_number(out, *plies as u64);
                    out.extend_from_slice(b" plies, result ");
                    out.extend_from_slice(result.as_bytes());
                    out.extend_from_slice(b", ");
                    match outcome {
                        Some(o) => {
                            out.extend_from_slice(o.reason_code().as_bytes());
                            match o.winner() {
                                Some(c) => {
                                    out.extend_from_slice(b", ");
                                    out.extend_from_slice(c.name().as_bytes());
                                    out.extend_from_slice(b" wins");
                                }
                                None => out.extend_from_slice(b", draw"),
                            }
                        }
                        None => out.extend_from_slice(b"not decided by the rules"),
                    }
                    for (i, c) in claimable.iter().enumerate() {
                        out.extend_from_slice(if i == 0 { b"; claimable: " } else { b", " });
                        out.extend_from_slice(c.code().as_bytes());
                    }
                    out.extend_from_slice(b"\n  ");
                    out.extend_from_slice(fen.as_bytes());
                    out.push(b'\n');
                }
            }
            GameReport::Bad { error, ply, mv } => {
                self.failed = true;
                if json {
                    out.extend_from_slice(b"{\"error\":");
                    push_json_str(out, error);
                    out.extend_from_slice(b",\"game\":");
                    self.slots.push(out.len());
                    out.extend_from_slice(b",\"move\":");
                    match mv {
                        Some(m) => push_json_str(out, m),
                        None => out.extend_from_slice(b"null"),
                    }
                    out.extend_from_slice(b",\"ply\":");
                    push_number(out, *ply as u64);
                    out.extend_from_slice(b"}\n");
                } else {
                    out.extend_from_slice(b"game ");
                    self.slots.push(out.len());
                    out.extend_from_slice(b": ");
                    out.extend_from_slice(error.as_bytes());
                    out.extend_from_slice(b" (ply ");
                    push_number(out, *ply as u64);
                    out.extend_from_slice(b")\n");
                }
            }
        }
    }

    /// Appends the line of a file problem (no game number).
    pub fn file(&mut self, file: &str, problem: &FileProblem, json: bool) {
        self.failed = true;
        let out = &mut self.text;
        let error = match problem {
            FileProblem::Io { error } | FileProblem::Syntax { error, .. } => error,
        };
        if !json {
            out.extend_from_slice(error.as_bytes());
            out.push(b'\n');
            return;
        }
        if let FileProblem::Syntax { at, .. } = problem {
            out.extend_from_slice(b"{\"at\":");
            match at {
                Some(l) => {
                    out.extend_from_slice(b"{\"column\":");
                    push_number(out, l.column);
                    out.extend_from_slice(b",\"line\":");
                    push_number(out, l.line);
                    out.push(b'}');
                }
                None => out.extend_from_slice(b"null"),
            }
            out.extend_from_slice(b",\"error\":");
        } else {
            out.extend_from_slice(b"{\"error\":");
        }
        push_json_str(out, error);
        out.extend_from_slice(b",\"file\":");
        push_json_str(out, file);
        if matches!(problem, FileProblem::Syntax { .. }) {
            out.extend_from_slice(b",\"game\":null");
        }
        out.extend_from_slice(b"}\n");
    }

    /// Writes the lines, numbering the games from `first`; returns the next number.
    pub fn write_to(&self, out: &mut impl Write, first: u64) -> io::Result<u64> {
        let mut n = first;
        let mut at = 0;
        let mut digits = Vec::with_capacity(20);
        for &slot in &self.slots {
            out.write_all(&self.text[at..slot])?;
            digits.clear();
            push_number(&mut digits, n);
            out.write_all(&digits)?;
            n += 1;
            at = slot;
        }
        out.write_all(&self.text[at..])?;
        Ok(n)
    }
}

/// A JSON string, escaped as serde_json escapes it.
fn push_json_str(out: &mut Vec<u8>, s: &str) {
    if s.bytes()
        .all(|b| b >= 0x20 && b != b'"' && b != b'\\' && b != 0x7f)
    {
        out.push(b'"');
        out.extend_from_slice(s.as_bytes());
        out.push(b'"');
    } else {
        // Invariant: writing a &str into a Vec cannot fail.
        serde_json::to_writer(&mut *out, s).unwrap_or_else(|_| unreachable!());
    }
}

/// A whole number in decimal.
fn push_number(out: &mut Vec<u8>, mut n: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&buf[i..]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use guoxiang_core::{Color, DrawReason, WinReason};
    use serde_json::{json, Value};

    fn lines_of(report: &GameReport, json: bool, n: u64) -> String {
        let mut lines = Lines::default();
        lines.game(report, json);
        let mut out = Vec::new();
        lines.write_to(&mut out, n).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_game_line_is_what_serde_json_writes_for_the_same_object() {
        let ok = GameReport::Ok {
            plies: 4,
            fen: "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".into(),
            result: "0-1",
            outcome: Some(Outcome::Decisive {
                winner: Color::Black,
                reason: WinReason::Checkmate,
            }),
            claimable: vec![],
            check: true,
        };
        let expected = json!({"game": 7, "plies": 4,
            "fen": "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            "result": "0-1", "outcome": {"winner": "black", "reason": "checkmate"},
            "claimable": Vec::<&str>::new(), "check": true});
        assert_eq!(lines_of(&ok, true, 7), format!("{expected}\n"));
        let drawn = GameReport::Ok {
            plies: 8,
            fen: "x".into(),
            result: "*",
            outcome: None,
            claimable: vec![
                ClaimableDraw::ThreefoldRepetition,
                ClaimableDraw::FiftyMoves,
            ],
            check: false,
        };
        let expected = json!({"game": 12345, "plies": 8, "fen": "x", "result": "*",
            "outcome": {"winner": Value::Null, "reason": Value::Null},
            "claimable": ["threefold_repetition", "fifty_moves"], "check": false});
        assert_eq!(lines_of(&drawn, true, 12345), format!("{expected}\n"));
        let bad = GameReport::Bad {
            error: "move 3 (\"K\\e3\")".into(),
            ply: 3,
            mv: Some("Ke3\u{1}".into()),
        };
        let expected =
            json!({"game": 1, "error": "move 3 (\"K\\e3\")", "ply": 3, "move": "Ke3\u{1}"});
        assert_eq!(lines_of(&bad, true, 1), format!("{expected}\n"));
    }

    #[test]
    fn a_game_in_text_names_the_outcome_and_the_claims() {
        let ok = GameReport::Ok {
            plies: 1,
            fen: "F".into(),
            result: "1/2-1/2",
            outcome: Some(Outcome::Draw {
                reason: DrawReason::InsufficientMaterial,
            }),
            claimable: vec![],
            check: false,
        };
        assert_eq!(
            lines_of(&ok, false, 4),
            "game 4: 1 plies, result 1/2-1/2, insufficient_material, draw\n  F\n"
        );
        let open = GameReport::Ok {
            plies: 2,
            fen: "F".into(),
            result: "*",
            outcome: None,
            claimable: vec![ClaimableDraw::FiftyMoves],
            check: false,
        };
        assert_eq!(
            lines_of(&open, false, 5),
            "game 5: 2 plies, result *, not decided by the rules; claimable: fifty_moves\n  F\n"
        );
    }

    #[test]
    fn a_file_problem_carries_the_file_and_the_place() {
        let mut lines = Lines::default();
        let at = Location {
            line: 3,
            column: 1,
            offset: 40,
        };
        lines.file(
            "a.pgn",
            &FileProblem::Syntax {
                error: "bad".into(),
                at: Some(at),
            },
            true,
        );
        lines.file(
            "a.pgn",
            &FileProblem::Io {
                error: "gone".into(),
            },
            true,
        );
        assert!(lines.failed && lines.slots.is_empty());
        let expected = format!(
            "{}\n{}\n",
            json!({"file": "a.pgn", "game": Value::Null, "error": "bad", "at": {"line": 3, "column": 1}}),
            json!({"file": "a.pgn", "error": "gone"})
        );
        assert_eq!(String::from_utf8(lines.text).unwrap(), expected);
    }
}
