//! The UCI protocol: reads commands, keeps the position and options, runs searches
//! on their own threads (so `isready` and `stop` are answered during a search), and
//! never lets bad input crash it: a malformed or out-of-order command is ignored
//! with an `info string` saying why.

use crate::features::Features;
use crate::levels::{self, Style};
use crate::search::{Info, Limits, Score, Shared, Worker};
use crate::time::{allocate, Clock};
use crate::{bench, eval};
use guoxiang_core::{perft, Color, Position};
use std::io::{BufRead, Write};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

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

#[derive(Debug, Clone)]
struct Options {
    hash_mb: usize,
    threads: usize,
    multipv: usize,
    move_overhead: Duration,
    ponder: bool,
    show_wdl: bool,
    limit_strength: bool,
    elo: u32,
    level: u8,
    /// Search features in use (developer option `Disable`).
    features: Features,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: 16,
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(30),
            ponder: false,
            show_wdl: false,
            limit_strength: false,
            elo: 1450,
            level: 8,
            features: Features::ALL,
        }
    }
}

impl Options {
    /// The human style in force, if any (Level < 8 or UCI_LimitStrength).
    fn style(&self) -> Option<Style> {
        if self.limit_strength {
            Some(levels::style_for_elo(self.elo))
        } else if self.level < 8 {
            Some(levels::style_for_level(self.level))
        } else {
            None
        }
    }
}

/// The engine behind the protocol.
pub struct Uci {
    out: Output,
    options: Options,
    shared: Arc<Shared>,
    position: Position,
    /// Keys of the positions before the current one (for repetition detection).
    history: Vec<u64>,
    search: Option<JoinHandle<()>>,
    seed: u64,
}

impl Uci {
    pub fn new(out: Output) -> Uci {
        let options = Options::default();
        Uci {
            out,
            shared: Arc::new(Shared::new(options.hash_mb)),
            options,
            position: Position::new(),
            history: Vec::new(),
            search: None,
            seed: 0x1234_5678_9abc_def1,
        }
    }

    fn info(&self, msg: &str) {
        say(&self.out, &format!("info string {msg}"));
    }

    fn searching(&self) -> bool {
        self.shared.searching.load(Ordering::SeqCst)
    }

    fn stop_search(&mut self) {
        self.shared.gui_stop.store(true, Ordering::SeqCst);
        self.shared.stop.store(true, Ordering::SeqCst);
        self.shared.pondering.store(false, Ordering::SeqCst);
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
                self.shared.tt.clear();
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
                if self.searching() && self.shared.pondering.load(Ordering::SeqCst) {
                    if let Ok(mut s) = self.shared.start.lock() {
                        *s = Instant::now();
                    }
                    self.shared.pondering.store(false, Ordering::SeqCst);
                } else {
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
        for line in [
            concat!("id name guoxiang ", env!("CARGO_PKG_VERSION")),
            "id author the guoxiang developers",
            "option name Hash type spin default 16 min 1 max 65536",
            "option name Threads type spin default 1 min 1 max 256",
            "option name MultiPV type spin default 1 min 1 max 256",
            "option name Move Overhead type spin default 30 min 0 max 5000",
            "option name Ponder type check default false",
            "option name UCI_ShowWDL type check default false",
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1450 min 600 max 2800",
            "option name Level type spin default 8 min 1 max 8",
            "option name Clear Hash type button",
            "option name Disable type string default <empty>",
            "uciok",
        ] {
            say(&self.out, line);
        }
    }

    fn set_option(&mut self, rest: &[&str]) {
        // setoption name <id...> [value <x...>]
        if rest.first() != Some(&"name") {
            self.info("setoption needs 'name'");
            return;
        }
        let value_at = rest.iter().position(|w| *w == "value");
        let name = rest[1..value_at.unwrap_or(rest.len())].join(" ");
        let value = value_at
            .map(|i| rest[i + 1..].join(" "))
            .unwrap_or_default();
        let spin = |lo: i64, hi: i64| -> Result<i64, String> {
            value
                .parse::<i64>()
                .ok()
                .filter(|v| (lo..=hi).contains(v))
                .ok_or_else(|| {
                    format!("option '{name}' needs a whole number from {lo} to {hi}, not '{value}'")
                })
        };
        let check = || -> Result<bool, String> {
            match value.to_ascii_lowercase().as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(format!(
                    "option '{name}' needs true or false, not '{value}'"
                )),
            }
        };
        let busy = self.searching();
        let result: Result<(), String> = match name.to_ascii_lowercase().as_str() {
            "hash" if busy => Err("cannot resize the hash during a search".into()),
            "hash" => spin(1, 65536).and_then(|v| {
                // Refuse a table that would not fit: allocating it would kill the process.
                if let Some(avail) = available_memory_mb() {
                    if v as u64 > avail / 2 {
                        return Err(format!("Hash {v} MB is more than half of the {avail} MB of memory available; keeping {} MB", self.options.hash_mb));
                    }
                }
                self.options.hash_mb = v as usize;
                self.shared = Arc::new(Shared::new(self.options.hash_mb));
                Ok(())
            }),
            "threads" => spin(1, 256).map(|v| self.options.threads = v as usize),
            "multipv" => spin(1, 256).map(|v| self.options.multipv = v as usize),
            "move overhead" => {
                spin(0, 5000).map(|v| self.options.move_overhead = Duration::from_millis(v as u64))
            }
            "ponder" => check().map(|v| self.options.ponder = v),
            "uci_showwdl" => check().map(|v| self.options.show_wdl = v),
            "uci_limitstrength" => check().map(|v| self.options.limit_strength = v),
            "uci_elo" => spin(levels::MIN_ELO as i64, levels::MAX_ELO as i64)
                .map(|v| self.options.elo = v as u32),
            "level" => spin(1, 8).map(|v| self.options.level = v as u8),
            "disable" => match Features::disabling(&value) {
                Ok(f) => {
                    self.options.features = f;
                    Ok(())
                }
                Err(e) => {
                    let kept = match self.options.features.to_string() {
                        off if off.is_empty() => "none".to_owned(),
                        off => off,
                    };
                    Err(format!(
                        "option 'Disable' not changed (still disabled: {kept}): {e}"
                    ))
                }
            },
            "clear hash" if busy => Err("cannot clear the hash during a search".into()),
            "clear hash" => {
                self.shared.tt.clear();
                Ok(())
            }
            _ => Err(format!(
                "unknown option '{}'",
                name.chars().take(40).collect::<String>()
            )),
        };
        if let Err(e) = result {
            self.info(&e);
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

    fn go(&mut self, rest: &[&str]) {
        if self.searching() {
            self.info("ignored 'go': a search is running; send 'stop' first");
            return;
        }
        if let Some(h) = self.search.take() {
            let _ = h.join();
        }
        let mut limits = Limits {
            multipv: self.options.multipv,
            features: self.options.features,
            ..Limits::default()
        };
        let mut clock = Clock::default();
        let mut infinite = false;
        let mut ponder = false;
        let (mut wtime, mut btime, mut winc, mut binc) =
            (None, None, Duration::ZERO, Duration::ZERO);
        let mut movetime = None;
        let mut i = 0;
        let num = |i: usize| -> Option<i64> { rest.get(i + 1).and_then(|v| v.parse::<i64>().ok()) };
        while i < rest.len() {
            let key = rest[i];
            let ms = |v: i64| Duration::from_millis(v.max(0) as u64);
            let mut takes_value = true;
            match key {
                "wtime" => wtime = num(i).map(ms),
                "btime" => btime = num(i).map(ms),
                "winc" => winc = num(i).map(ms).unwrap_or_default(),
                "binc" => binc = num(i).map(ms).unwrap_or_default(),
                "movestogo" => clock.movestogo = num(i).map(|v| v.clamp(1, 1000) as u32),
                "depth" => limits.depth = num(i).map(|v| v.clamp(1, 120) as i32),
                "nodes" => limits.nodes = num(i).map(|v| v.max(1) as u64),
                "mate" => limits.mate = num(i).map(|v| v.clamp(1, 60) as i32),
                "movetime" => movetime = num(i).map(ms),
                "infinite" => {
                    infinite = true;
                    takes_value = false;
                }
                "ponder" => {
                    ponder = true;
                    takes_value = false;
                }
                "searchmoves" => {
                    let mut j = i + 1;
                    while let Some(text) = rest.get(j) {
                        match self.position.parse_uci(text) {
                            Ok(m) => limits.searchmoves.push(m),
                            Err(_) => break,
                        }
                        j += 1;
                    }
                    i = j;
                    continue;
                }
                other => {
                    self.info(&format!(
                        "ignored unknown 'go' parameter '{}'",
                        other.chars().take(20).collect::<String>()
                    ));
                    takes_value = false;
                }
            }
            if takes_value && num(i).is_none() {
                self.info(&format!("'go {key}' needs a number"));
            }
            i += if takes_value { 2 } else { 1 };
        }
        let white = self.position.turn() == Color::White;
        clock.time = if white { wtime } else { btime };
        clock.inc = if white { winc } else { binc };
        if let Some(mt) = movetime {
            let t = mt
                .saturating_sub(self.options.move_overhead)
                .max(Duration::from_millis(1));
            limits.soft = Some(t);
            limits.hard = Some(t);
        } else if !infinite {
            if let Some((soft, hard)) = allocate(clock, self.options.move_overhead) {
                limits.soft = Some(soft);
                limits.hard = Some(hard);
            }
        }
        let style = self.options.style();
        let untimed = clock.time.is_none()
            && movetime.is_none()
            && !infinite
            && limits.depth.is_none()
            && limits.nodes.is_none();
        if let Some(s) = &style {
            limits.depth = Some(
                limits
                    .depth
                    .map_or(s.depth.unwrap_or(120), |d| d.min(s.depth.unwrap_or(120))),
            );
            if let Some(n) = s.nodes {
                limits.nodes = Some(limits.nodes.map_or(n, |l| l.min(n)));
            }
            limits.multipv = limits.multipv.max(s.candidates);
        }
        self.shared.stop.store(false, Ordering::SeqCst);
        self.shared.searching.store(true, Ordering::SeqCst);
        self.shared.gui_stop.store(false, Ordering::SeqCst);
        self.shared.pondering.store(ponder, Ordering::SeqCst);
        self.shared.nodes.store(0, Ordering::SeqCst);
        if let Ok(mut s) = self.shared.start.lock() {
            *s = Instant::now();
        }
        self.shared.tt.new_search();
        self.seed = self
            .seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let job = SearchJob {
            shared: Arc::clone(&self.shared),
            out: Arc::clone(&self.out),
            position: self.position.clone(),
            history: self.history.clone(),
            limits,
            threads: self.options.threads,
            show_wdl: self.options.show_wdl,
            wait_for_stop: infinite || ponder,
            infinite,
            style,
            human_time: untimed,
            seed: self.seed,
            user_multipv: self.options.multipv,
        };
        self.search = Some(std::thread::spawn(move || job.run()));
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

/// Memory available to new allocations, in MB (Linux `MemAvailable`), if known.
fn available_memory_mb() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

struct SearchJob {
    shared: Arc<Shared>,
    out: Output,
    position: Position,
    history: Vec<u64>,
    limits: Limits,
    threads: usize,
    show_wdl: bool,
    wait_for_stop: bool,
    infinite: bool,
    style: Option<Style>,
    human_time: bool,
    seed: u64,
    user_multipv: usize,
}

/// A simple win/draw/loss model (per mille) from a centipawn score.
pub fn wdl(score: Score) -> (u32, u32, u32) {
    match score {
        Score::Mate(n) if n > 0 => (1000, 0, 0),
        Score::Mate(_) => (0, 0, 1000),
        Score::Cp(cp) => {
            let f = |x: f64| 1.0 / (1.0 + (-x).exp());
            let w = (1000.0 * f((cp as f64 - 120.0) / 70.0)).round() as u32;
            let l = (1000.0 * f((-cp as f64 - 120.0) / 70.0)).round() as u32;
            (w, 1000 - w - l, l)
        }
    }
}

fn format_info(info: &Info, show_wdl: bool) -> String {
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score ",
        info.depth, info.seldepth, info.multipv
    );
    match info.score {
        Score::Cp(cp) => s += &format!("cp {cp}"),
        Score::Mate(n) => s += &format!("mate {n}"),
    }
    match info.bound {
        Some(crate::tt::Bound::Lower) => s += " lowerbound",
        Some(crate::tt::Bound::Upper) => s += " upperbound",
        _ => {}
    }
    if show_wdl {
        let (w, d, l) = wdl(info.score);
        s += &format!(" wdl {w} {d} {l}");
    }
    let ms = info.time.as_millis().max(1) as u64;
    s += &format!(
        " nodes {} nps {} hashfull {} time {} pv",
        info.nodes,
        info.nodes * 1000 / ms,
        info.hashfull,
        info.time.as_millis()
    );
    for m in &info.pv {
        s.push(' ');
        s += &m.to_uci();
    }
    s
}

impl SearchJob {
    fn run(self) {
        let shared = &*self.shared;
        let out = &self.out;
        let show_wdl = self.show_wdl;
        let user_multipv = self.user_multipv;
        let quiet = self.style.is_some();
        let result = std::thread::scope(|scope| {
            for id in 1..self.threads {
                let limits = self.limits.clone();
                let history = self.history.clone();
                let pos = self.position.clone();
                scope.spawn(move || {
                    let mut w = Worker::new(shared, id, history, limits);
                    w.search(&pos, &mut |_| {});
                });
            }
            let mut w = Worker::new(shared, 0, self.history.clone(), self.limits.clone());
            let r = w.search(&self.position, &mut |info| {
                if !quiet || info.multipv <= user_multipv {
                    say(out, &format_info(info, show_wdl));
                }
            });
            shared.stop.store(true, Ordering::SeqCst);
            r
        });
        let mut best = result.best;
        let mut ponder = result.ponder;
        if let Some(style) = &self.style {
            let rand = (self.seed >> 11) as f64 / (1u64 << 53) as f64;
            if let Some(m) = levels::choose(&result.lines, style, rand) {
                if Some(m) != best {
                    ponder = None;
                }
                best = Some(m);
            }
            if self.human_time && style.human_time {
                let think = Duration::from_millis(levels::human_think_ms(&result.lines, rand));
                while shared.elapsed() < think && !shared.gui_stop.load(Ordering::SeqCst) {
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
        }
        if self.wait_for_stop {
            // UCI: after 'go infinite' or 'go ponder', bestmove only after 'stop', or
            // after 'ponderhit' once the search is done.
            loop {
                if shared.gui_stop.load(Ordering::SeqCst) {
                    break;
                }
                if !self.infinite && !shared.pondering.load(Ordering::SeqCst) {
                    break;
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        let legal = best.filter(|m| self.position.is_legal(*m));
        let line = match legal {
            Some(m) => {
                let mut s = format!("bestmove {}", m.to_uci());
                if let Some(p) = ponder.filter(|p| self.position.after(m).is_legal(*p)) {
                    s += &format!(" ponder {}", p.to_uci());
                }
                s
            }
            None => "bestmove 0000".to_owned(),
        };
        shared.searching.store(false, Ordering::SeqCst);
        say(out, &line);
    }
}
