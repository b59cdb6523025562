//! Checking one chunk of a PGN file: a run of whole games cut from the file at
//! a place that looks like the start of a game. Whether it truly is one (and not,
//! say, a line inside a comment) is known only to the reader of the chunk
//! *before*: the chunk carries one byte of the next chunk (its `[`), and its
//! reader must begin a game exactly there. If it does not, the two chunks are
//! joined and checked again ([`Chunk::join`]), so the result is always what
//! reading the file from the start gives.

use super::fast::{nth_mainline_san, FastCheck, Verdict};
use super::reference::{self, Finding};
use super::report::{FileProblem, GameReport, Lines};
use guoxiang_core::pgn::{Location, PgnError, Reader};

/// A stretch of a file, starting at the start of a line.
#[derive(Debug)]
pub struct Chunk {
    /// The chunk's bytes, then (unless `last`) the first byte of the next chunk.
    pub data: Vec<u8>,
    /// How many bytes of `data` belong to the chunk.
    pub len: usize,
    /// Where the chunk starts in the file (line, column 1, byte).
    pub start: Location,
    /// Whether the chunk runs to the end of the file.
    pub last: bool,
}

/// What checking a chunk gave.
#[derive(Debug, Default)]
pub struct Checked {
    pub lines: Lines,
    /// Whether a game starts where the next chunk starts (always for the last).
    pub boundary_ok: bool,
}

impl Chunk {
    /// The chunk followed by `next` as one chunk.
    pub fn join(mut self, next: Chunk) -> Chunk {
        self.data.truncate(self.len);
        self.len += next.len;
        self.data.extend_from_slice(&next.data);
        self.last = next.last;
        self
    }

    /// Checks every game that starts in the chunk.
    pub fn check(&self, file: &str, json: bool) -> Checked {
        let mut out = Checked::default();
        // About a sixth of the PGN's size comes out as JSON lines.
        out.lines.text.reserve(self.len / 4);
        let mut reader = Reader::new(&self.data[..]);
        let mut fast = FastCheck::default();
        let in_file = |at: Location| Location {
            line: at.line + self.start.line - 1,
            column: at.column,
            offset: at.offset + self.start.offset,
        };
        loop {
            match reader.read_game(&mut fast) {
                Ok(None) => {
                    out.boundary_ok = self.last;
                    break;
                }
                Ok(Some(verdict)) => {
                    let start = reader.game_start();
                    if start.offset as usize >= self.len {
                        out.boundary_ok = start.offset as usize == self.len;
                        break;
                    }
                    if let Verdict::Clean(report) = &verdict {
                        out.lines.game(report, json);
                        continue;
                    }
                    let end = (reader.location().offset as usize).min(self.data.len());
                    let bytes = &self.data[start.offset as usize..end];
                    let mv = match &verdict {
                        Verdict::BadMove { index, .. } => nth_mainline_san(bytes, *index),
                        _ => None,
                    };
                    match (verdict, mv) {
                        (Verdict::BadMove { error, index }, Some(mv)) => {
                            let report = GameReport::Bad {
                                error,
                                ply: index + 1,
                                mv: Some(mv),
                            };
                            out.lines.game(&report, json);
                        }
                        _ => {
                            for finding in reference::check_one_game(bytes, in_file(start)) {
                                match finding {
                                    Finding::Game(report) => out.lines.game(&report, json),
                                    Finding::File(problem) => out.lines.file(file, &problem, json),
                                }
                            }
                        }
                    }
                }
                Err(PgnError::Syntax(e)) => {
                    if e.at.offset as usize >= self.len {
                        break;
                    }
                    let base = Location {
                        line: self.start.line,
                        column: 1,
                        offset: self.start.offset,
                    };
                    out.lines
                        .file(file, &reference::syntax_problem(e, base), json);
                }
                Err(PgnError::Io(e)) => {
                    // Reading from memory does not fail; say so if it ever does.
                    let problem = FileProblem::Io {
                        error: format!("read error: {e}"),
                    };
                    out.lines.file(file, &problem, json);
                    out.boundary_ok = true;
                    break;
                }
            }
        }
        out
    }
}
