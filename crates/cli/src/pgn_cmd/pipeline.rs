//! Checking a file on every core in constant memory: a reader thread cuts the
//! file into chunks of about [`CHUNK`] bytes at places that look like game
//! starts, worker threads check the chunks, and the calling thread writes their
//! lines in file order. At most [`IN_FLIGHT_PER_WORKER`] chunks per worker are
//! held at any time, so memory does not grow with the file.

use super::chunk::{Checked, Chunk};
use super::report::{FileProblem, Lines};
use guoxiang_core::pgn::Location;
use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex};

/// The size a chunk is cut at (a little more: it ends at a game start).
pub const CHUNK: usize = 1 << 20;

/// Chunks read but not yet written, per worker.
const IN_FLIGHT_PER_WORKER: usize = 4;

/// What the reader thread sends: a chunk in file order, or why reading stopped.
enum Piece {
    Chunk(Chunk),
    Failed(io::Error),
}

/// How a file went: the next game number, and whether anything was reported.
pub struct Done {
    pub next_game: u64,
    pub failed: bool,
}

/// A counter of chunks in flight that the reader waits on.
struct Budget {
    left: Mutex<usize>,
    freed: Condvar,
}

impl Budget {
    fn take(&self) {
        let mut left = self.left.lock().unwrap_or_else(|e| e.into_inner());
        while *left == 0 {
            left = self.freed.wait(left).unwrap_or_else(|e| e.into_inner());
        }
        *left -= 1;
    }

    fn give(&self, n: usize) {
        *self.left.lock().unwrap_or_else(|e| e.into_inner()) += n;
        self.freed.notify_all();
    }
}

/// How to check a file.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    pub json: bool,
    /// Worker threads.
    pub threads: usize,
    /// The size chunks are cut at ([`CHUNK`]; tests use tiny ones).
    pub chunk: usize,
}

/// Checks everything `input` holds, writing lines to `out` and numbering games
/// from `first_game`; `progress` is told how many bytes are done.
pub fn check_stream(
    input: impl Read + Send,
    file: &str,
    options: Options,
    first_game: u64,
    out: &mut impl Write,
    progress: &dyn Fn(u64),
) -> io::Result<Done> {
    let (json, threads) = (options.json, options.threads.max(1));
    let budget = Arc::new(Budget {
        left: Mutex::new(threads * IN_FLIGHT_PER_WORKER),
        freed: Condvar::new(),
    });
    let (job_tx, job_rx) = mpsc::sync_channel::<(u64, Chunk)>(threads);
    let job_rx = Mutex::new(job_rx);
    let (done_tx, done_rx) = mpsc::channel::<(u64, Chunk, Checked)>();
    let (piece_tx, piece_rx) = mpsc::sync_channel::<Piece>(1);
    // Set when writing failed: everyone winds down without more work.
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn({
            let (budget, stop) = (Arc::clone(&budget), &stop);
            move || cut(input, options.chunk.max(1), &piece_tx, &budget, stop)
        });
        for _ in 0..threads {
            let done_tx = done_tx.clone();
            let (job_rx, stop) = (&job_rx, &stop);
            scope.spawn(move || loop {
                let job = job_rx.lock().unwrap_or_else(|e| e.into_inner()).recv();
                let Ok((seq, chunk)) = job else { break };
                if stop.load(Ordering::Relaxed) {
                    continue;
                }
                let checked = chunk.check(file, json);
                // The writer is gone only after a write error (then `stop`).
                let _ = done_tx.send((seq, chunk, checked));
            });
        }
        drop(done_tx);
        // Hand chunks to the workers from here, so that a chunk is sent only
        // when the writer below has room for its result.
        let sender = scope.spawn(move || {
            let mut seq = 0;
            let mut failure = None;
            for piece in piece_rx {
                match piece {
                    Piece::Chunk(c) => {
                        if job_tx.send((seq, c)).is_err() {
                            break;
                        }
                        seq += 1;
                    }
                    Piece::Failed(e) => failure = Some(e),
                }
            }
            (seq, failure)
        });
        let written = write_in_order(&done_rx, file, json, first_game, out, &budget, progress);
        if written.is_err() {
            // Let the reader through the budget to see `stop`.
            stop.store(true, Ordering::Relaxed);
            budget.give(usize::MAX / 2);
        }
        drop(done_rx);
        let (_, failure) = sender.join().unwrap_or((0, None));
        let mut done = written?;
        if let Some(e) = failure {
            let mut lines = Lines::default();
            let error = format!("read error: {e}");
            lines.file(file, &FileProblem::Io { error }, json);
            lines.write_to(out, done.next_game)?;
            done.failed = true;
        }
        Ok(done)
    })
}

/// Writes the workers' results in chunk order, joining a chunk with the next
/// when its end was not a game start.
fn write_in_order(
    done_rx: &mpsc::Receiver<(u64, Chunk, Checked)>,
    file: &str,
    json: bool,
    first_game: u64,
    out: &mut impl Write,
    budget: &Budget,
    progress: &dyn Fn(u64),
) -> io::Result<Done> {
    let mut waiting: BTreeMap<u64, (Chunk, Checked)> = BTreeMap::new();
    let mut next_seq = 0u64;
    let mut game = first_game;
    let mut failed = false;
    let next = |waiting: &mut BTreeMap<u64, (Chunk, Checked)>, seq: u64| loop {
        if let Some(found) = waiting.remove(&seq) {
            return Some(found);
        }
        let (s, chunk, checked) = done_rx.recv().ok()?;
        waiting.insert(s, (chunk, checked));
    };
    while let Some((mut chunk, mut checked)) = next(&mut waiting, next_seq) {
        next_seq += 1;
        let mut held = 1;
        while !checked.boundary_ok {
            // Rare: the cut was not between games; read the two as one.
            let Some((following, _)) = next(&mut waiting, next_seq) else {
                break;
            };
            next_seq += 1;
            held += 1;
            chunk = chunk.join(following);
            checked = chunk.check(file, json);
        }
        game = checked.lines.write_to(out, game)?;
        failed |= checked.lines.failed;
        progress(chunk.start.offset + chunk.len as u64);
        budget.give(held);
    }
    Ok(Done {
        next_game: game,
        failed,
    })
}

/// The reader thread: cuts `input` into chunks and sends them in order.
fn cut(
    mut input: impl Read,
    size: usize,
    tx: &mpsc::SyncSender<Piece>,
    budget: &Budget,
    stop: &AtomicBool,
) {
    let mut start = Location {
        line: 1,
        column: 1,
        offset: 0,
    };
    let mut buf: Vec<u8> = Vec::with_capacity(size + (size >> 2));
    let mut eof = false;
    loop {
        // Fill to at least `size` bytes, more while no cut is found.
        let mut want = size;
        let cut_at = loop {
            while buf.len() < want && !eof {
                let old = buf.len();
                buf.resize(want, 0);
                match input.read(&mut buf[old..]) {
                    Ok(0) => {
                        buf.truncate(old);
                        eof = true;
                    }
                    Ok(n) => buf.truncate(old + n),
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => buf.truncate(old),
                    Err(e) => {
                        buf.truncate(old);
                        let _ = tx.send(Piece::Failed(e));
                        eof = true;
                    }
                }
            }
            if eof {
                break None;
            }
            if let Some(at) = game_start_before(&buf, buf.len()) {
                break Some(at);
            }
            want = buf.len() + size;
        };
        budget.take();
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let (data, len, last) = match cut_at {
            None => {
                let data = std::mem::take(&mut buf);
                let len = data.len();
                (data, len, true)
            }
            Some(at) => {
                let rest = buf[at..].to_vec();
                let mut data = std::mem::replace(&mut buf, rest);
                data.truncate(at + 1);
                (data, at, false)
            }
        };
        let next_start = Location {
            line: start.line + newlines(&data[..len]),
            column: 1,
            offset: start.offset + len as u64,
        };
        let chunk = Chunk {
            data,
            len,
            start,
            last,
        };
        if tx.send(Piece::Chunk(chunk)).is_err() || last {
            return;
        }
        start = next_start;
    }
}

/// The last place before `end` (not at the very start) that looks like the start
/// of a game: a `[` at the start of a line whose line before is not a tag pair.
fn game_start_before(buf: &[u8], end: usize) -> Option<usize> {
    let mut i = end.min(buf.len());
    while i > 1 {
        i -= 1;
        if buf[i] != b'[' || buf[i - 1] != b'\n' {
            continue;
        }
        let line_end = i - 1;
        let line_start = buf[..line_end]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        let line = buf[line_start..line_end].trim_ascii();
        if line.first() != Some(&b'[') {
            return Some(i);
        }
    }
    None
}

/// The number of `\n` in `s`, eight bytes at a time: a byte of `x ^ NL` is zero
/// exactly where `x` has a newline, and the high bit of each zero byte is set by
/// the usual carry-free test.
fn newlines(s: &[u8]) -> u64 {
    const NL: u64 = u64::from_ne_bytes([b'\n'; 8]);
    const LOW7: u64 = u64::from_ne_bytes([0x7f; 8]);
    let mut words = s.chunks_exact(8);
    let mut n = 0u64;
    for w in &mut words {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(w);
        let v = u64::from_ne_bytes(bytes) ^ NL;
        let zero_high = !(((v & LOW7) + LOW7) | v | LOW7);
        n += u64::from(zero_high.count_ones());
    }
    n + words.remainder().iter().filter(|&&b| b == b'\n').count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newlines_are_counted_eight_bytes_at_a_time_exactly() {
        let text: Vec<u8> = (0..1000u32)
            .map(|i| match i % 7 {
                0 | 3 => b'\n',
                1 => 0x8a,
                2 => 0x0b,
                _ => b'a' + (i % 26) as u8,
            })
            .collect();
        for start in 0..9 {
            let s = &text[start..];
            let naive = s.iter().filter(|&&b| b == b'\n').count() as u64;
            assert_eq!(newlines(s), naive, "from {start}");
        }
    }

    #[test]
    fn a_cut_falls_on_a_tag_line_after_movetext_or_a_blank_line() {
        let pgn = b"[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n[Event \"c\"]\n\n1. d4 *\n";
        let at = game_start_before(pgn, pgn.len()).unwrap();
        assert!(pgn[at..].starts_with(b"[Event \"c\"]"));
        // Never between two tag pairs of one game.
        assert_eq!(game_start_before(pgn, at), None);
    }
}
