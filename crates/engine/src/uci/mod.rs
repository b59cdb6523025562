//! The UCI protocol: reads commands, keeps the position and options, runs searches
//! on their own threads (so `isready` and `stop` are answered during a search), and
//! never lets bad input crash it: a malformed or out-of-order command is ignored
//! with an `info string` saying why.

mod go;
mod options;

use crate::bench;
use crate::engine::Engine;
use crate::eval;
use crate::features::Features;
use guoxiang_core::{perft, Color, Position};
pub use options::DEFAULT_TABLEBASE_DIR;
use options::{Options, DEFAULT_HASH_MB, UCI_LINES};
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

pub use go::wdl;

/// Where the engine writes; each line is written and flushed whole.
pub type Output = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Output, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// The longest command line we read; longer ones are refused (bounded memory).
pub const MAX_LINE: usize = 1 << 20;
/// The most moves a `position` command may list.
pub const MAX_POSITION_MOVES: usize = 10_000;

/// The engine behind the protocol.
pub struct Uci {
    out: Output,
    options: Options,
    engine: Arc<Engine>,
    position: Position,
    /// Keys of the positions before the current one (for repetition detection).
    history: Vec<u64>,
    /// The thread of the running (or finished, not yet joined) search.
    search: Option<JoinHandle<()>>,
}

impl Uci {
    pub fn new(out: Output) -> Uci {
        Uci {
            out,
            engine: Arc::new(
                Engine::new(DEFAULT_HASH_MB).with_tablebase(Some(options::tablebase_for(""))),
            ),
            options: Options::default(),
            position: Position::new(),
            history: Vec::new(),
            search: None,
        }
    }

    fn info(&self, msg: &str) {
        say(&self.out, &format!("info string {msg}"));
    }

    fn searching(&self) -> bool {
        self.engine.handle().is_thinking()
    }

    fn stop_search(&mut self) {
        self.engine.handle().stop();
        if let Some(h) = self.search.take() {
            let _ = h.join();
        }
    }

    /// Reads commands until `quit` or the end of input.
    pub fn run(&mut self, input: impl BufRead) {
        let mut input = input;
        let mut buf = Vec::new();
        loop {
            buf.clear();
            // Read one line, but never keep more than MAX_LINE bytes of it.
            let mut too_long = false;
            loop {
                let available = match input.fill_buf() {
                    Ok(b) => b,
                    Err(_) => {
                        self.stop_search();
                        return;
                    }
                };
                if available.is_empty() {
                    if buf.is_empty() && !too_long {
                        self.stop_search();
                        return;
                    }
                    break;
                }
                let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
                    Some(i) => (&available[..=i], true),
                    None => (available, false),
                };
                let n = chunk.len();
                if buf.len() + n <= MAX_LINE {
                    buf.extend_from_slice(chunk);
                } else {
                    too_long = true;
                }
                input.consume(n);
                if done {
                    break;
                }
            }
            if too_long {
                self.info(&format!("ignored a command longer than {MAX_LINE} bytes"));
                continue;
            }
            let line = String::from_utf8_lossy(&buf);
            if !self.command(line.trim()) {
                return;
            }
        }
    }

    /// Handles one command; returns false on `quit`.
    pub fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else { return true };
        let rest: Vec<&str> = words.collect();
        match cmd {
            "uci" => self.uci(),
            "isready" => say(&self.out, "readyok"),
            "ucinewgame" => {
                self.stop_search();
                self.engine.clear_hash();
                self.position = Position::new();
                self.history.clear();
            }
            "position" => {
                if self.searching() {
                    self.info("ignored 'position' during a search; send 'stop' first");
                } else {
                    self.set_position(&rest);
                }
            }
            "go" => self.go(&rest),
            "stop" => self.stop_search(),
            "ponderhit" => {
                if !self.engine.handle().ponderhit() {
                    self.info("ignored 'ponderhit': not pondering");
                }
            }
            "setoption" => self.set_option(&rest),
            "quit" => {
                self.stop_search();
                return false;
            }
            "bench" => self.bench(&rest),
            "d" => {
                say(&self.out, &format!("{:?}", self.position.board()));
                say(&self.out, &format!("Fen: {}", self.position.fen()));
                say(&self.out, &format!("Key: {:016X}", self.position.zobrist()));
            }
            "eval" => self.eval(),
            "perft" => self.perft(&rest),
            "debug" | "register" => {}
            other => {
                let shown: String = other.chars().take(40).collect();
                self.info(&format!("unknown command '{shown}'"));
            }
        }
        true
    }

    fn uci(&self) {
        for line in UCI_LINES {
            say(&self.out, line);
        }
    }

    fn set_position(&mut self, rest: &[&str]) {
        let (mut pos, moves_at) = match rest.first() {
            Some(&"startpos") => (Position::new(), 1),
            Some(&"fen") => {
                let end = rest
                    .iter()
                    .position(|w| *w == "moves")
                    .unwrap_or(rest.len());
                let fen = rest[1..end].join(" ");
                match Position::from_fen_with(&fen, guoxiang_core::FenMode::Lenient) {
                    Ok(p) => (p, end),
                    Err(e) => {
                        self.info(&format!("ignored 'position': bad FEN: {e}"));
                        return;
                    }
                }
            }
            _ => {
                self.info("ignored 'position': expected 'startpos' or 'fen'");
                return;
            }
        };
        let mut history = Vec::new();
        if let Some(&w) = rest.get(moves_at) {
            if w != "moves" {
                self.info(&format!(
                    "ignored 'position': expected 'moves', found '{}'",
                    w.chars().take(20).collect::<String>()
                ));
                return;
            }
            let moves = &rest[moves_at + 1..];
            if moves.len() > MAX_POSITION_MOVES {
                self.info(&format!(
                    "ignored 'position': more than {MAX_POSITION_MOVES} moves"
                ));
                return;
            }
            for (i, text) in moves.iter().enumerate() {
                match pos.parse_uci(text) {
                    Ok(m) => {
                        history.push(pos.zobrist());
                        pos.play_unchecked(m);
                    }
                    Err(e) => {
                        self.info(&format!(
                            "ignored 'position': move {} ('{}'): {e}",
                            i + 1,
                            text.chars().take(10).collect::<String>()
                        ));
                        return;
                    }
                }
            }
        }
        self.position = pos;
        self.history = history;
    }

    fn bench(&mut self, rest: &[&str]) {
        if self.searching() {
            self.info("ignored 'bench' during a search");
            return;
        }
        let depth = rest
            .first()
            .and_then(|d| d.parse().ok())
            .unwrap_or(bench::DEFAULT_DEPTH)
            .clamp(1, 30);
        let features = self.options.features;
        let r = bench::run_with(depth, 16, features);
        let disabled = if features == Features::ALL {
            String::new()
        } else {
            format!(" disabled {features}")
        };
        say(
            &self.out,
            &format!(
                "info string bench depth {depth} positions {}{disabled}",
                r.positions
            ),
        );
        say(&self.out, &format!("Nodes searched  : {}", r.nodes));
        say(&self.out, &format!("Nodes/second    : {}", r.nps()));
        say(
            &self.out,
            &format!("Time (ms)       : {}", r.elapsed.as_millis()),
        );
    }

    fn eval(&self) {
        let w = eval::default_weights();
        let ph = eval::phase(&self.position);
        say(
            &self.out,
            &format!("phase {ph}/24 (24 = middlegame); terms from White's side: mg eg -> blended"),
        );
        for (name, s) in eval::breakdown(&self.position, w) {
            say(
                &self.out,
                &format!(
                    "{name:<10} {:>6} {:>6} -> {:>6}",
                    s.0,
                    s.1,
                    eval::taper(s, ph)
                ),
            );
        }
        let stm = eval::evaluate(&self.position);
        let white = if self.position.turn() == Color::White {
            stm
        } else {
            -stm
        };
        say(
            &self.out,
            &format!("final evaluation {white} (White's side, after drawish-material scaling)"),
        );
    }

    fn perft(&self, rest: &[&str]) {
        let Some(depth) = rest
            .first()
            .and_then(|d| d.parse::<u32>().ok())
            .filter(|d| *d <= 10)
        else {
            self.info("perft needs a depth from 0 to 10");
            return;
        };
        let start = Instant::now();
        let mut total = 0;
        if depth == 0 {
            total = 1;
        } else {
            for &m in self.position.legal_moves().iter() {
                let n = perft(&self.position.after(m), depth - 1);
                total += n;
                say(&self.out, &format!("{}: {n}", m.to_uci()));
            }
        }
        say(&self.out, &format!("\nNodes searched: {total}"));
        say(
            &self.out,
            &format!("info string perft time {} ms", start.elapsed().as_millis()),
        );
    }
}
