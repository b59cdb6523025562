//! `go`: the parameters parsed into [`Go`], the clock turned into time limits, the
//! options and level turned into a [`Think`], the search started through
//! [`Engine::spawn`](crate::Engine::spawn), and its lines and `bestmove` written.

use super::{say, Output, Uci};
use crate::engine::{Decision, Think};
use crate::search::time::{allocate, Clock};
use crate::search::{Bound, Info, Limits, Score};
use guoxiang_core::{Color, Move, Position};
use std::time::Duration;

/// A `go` command as the GUI sent it.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Go {
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    pub mate: Option<i32>,
    pub searchmoves: Vec<Move>,
    pub wtime: Option<Duration>,
    pub btime: Option<Duration>,
    pub winc: Duration,
    pub binc: Duration,
    pub movestogo: Option<u32>,
    pub movetime: Option<Duration>,
    pub infinite: bool,
    pub ponder: bool,
}

impl Go {
    /// Parses the words after `go` in `position` (for `searchmoves`): what was
    /// understood, and a note for each word that was not.
    pub fn parse(rest: &[&str], position: &Position) -> (Go, Vec<String>) {
        let mut go = Go::default();
        let mut notes = Vec::new();
        let num = |i: usize| -> Option<i64> { rest.get(i + 1).and_then(|v| v.parse::<i64>().ok()) };
        let ms = |v: i64| Duration::from_millis(v.max(0) as u64);
        let mut i = 0;
        while i < rest.len() {
            let key = rest[i];
            let mut takes_value = true;
            match key {
                "wtime" => go.wtime = num(i).map(ms),
                "btime" => go.btime = num(i).map(ms),
                "winc" => go.winc = num(i).map(ms).unwrap_or_default(),
                "binc" => go.binc = num(i).map(ms).unwrap_or_default(),
                "movestogo" => go.movestogo = num(i).map(|v| v.clamp(1, 1000) as u32),
                "depth" => go.depth = num(i).map(|v| v.clamp(1, 120) as i32),
                "nodes" => go.nodes = num(i).map(|v| v.max(1) as u64),
                "mate" => go.mate = num(i).map(|v| v.clamp(1, 60) as i32),
                "movetime" => go.movetime = num(i).map(ms),
                "infinite" => {
                    go.infinite = true;
                    takes_value = false;
                }
                "ponder" => {
                    go.ponder = true;
                    takes_value = false;
                }
                "searchmoves" => {
                    let mut j = i + 1;
                    while let Some(m) = rest.get(j).and_then(|t| position.parse_uci(t).ok()) {
                        go.searchmoves.push(m);
                        j += 1;
                    }
                    i = j;
                    continue;
                }
                other => {
                    notes.push(format!(
                        "ignored unknown 'go' parameter '{}'",
                        other.chars().take(20).collect::<String>()
                    ));
                    takes_value = false;
                }
            }
            if takes_value && num(i).is_none() {
                notes.push(format!("'go {key}' needs a number"));
            }
            i += if takes_value { 2 } else { 1 };
        }
        (go, notes)
    }

    /// The soft and hard time limits for the side to move (`turn`): `movetime`
    /// less the overhead, or a share of the clock, or none.
    pub fn time_limits(&self, turn: Color, overhead: Duration) -> Option<(Duration, Duration)> {
        if let Some(mt) = self.movetime {
            let t = mt.saturating_sub(overhead).max(Duration::from_millis(1));
            return Some((t, t));
        }
        if self.infinite {
            return None;
        }
        allocate(self.clock(turn), overhead)
    }

    fn clock(&self, turn: Color) -> Clock {
        let white = turn == Color::White;
        Clock {
            time: if white { self.wtime } else { self.btime },
            inc: if white { self.winc } else { self.binc },
            movestogo: self.movestogo,
        }
    }

    /// Whether nothing bounds the search (no clock for the side to move, no
    /// `movetime`, `depth`, `nodes` or `infinite`): a human level then takes a
    /// human-like time.
    pub fn untimed(&self, turn: Color) -> bool {
        self.clock(turn).time.is_none()
            && self.movetime.is_none()
            && !self.infinite
            && self.depth.is_none()
            && self.nodes.is_none()
    }
}

impl Uci {
    pub(super) fn go(&mut self, rest: &[&str]) {
        if self.searching() {
            self.info("ignored 'go': a search is running; send 'stop' first");
            return;
        }
        if let Some(h) = self.search.take() {
            let _ = h.join();
        }
        let (go, notes) = Go::parse(rest, &self.position);
        for note in notes {
            self.info(&note);
        }
        let turn = self.position.turn();
        let (soft, hard) = go.time_limits(turn, self.options.move_overhead).unzip();
        let think = Think {
            position: self.position.clone(),
            history: self.history.clone(),
            limits: Limits {
                depth: go.depth,
                nodes: go.nodes,
                mate: go.mate,
                soft,
                hard,
                searchmoves: go.searchmoves.clone(),
                multipv: self.options.multipv,
                features: self.options.features,
            },
            style: self.options.style(),
            threads: self.options.threads,
            ponder: go.ponder,
        };
        // A level searches more lines than it shows: show only those asked for.
        let shown = if think.style.is_some() {
            self.options.multipv
        } else {
            usize::MAX
        };
        let show_wdl = self.options.show_wdl;
        let human_time = go.untimed(turn);
        let wait_for_release = go.infinite || go.ponder;
        let infinite = go.infinite;
        let (lines_out, out) = (Output::clone(&self.out), Output::clone(&self.out));
        let report = move |info: &Info| {
            if info.multipv <= shown {
                say(&lines_out, &format_info(info, show_wdl));
            }
        };
        let done = move |decision: Decision, handle: &crate::StopHandle| {
            if let Some(t) = decision.think_time.filter(|_| human_time) {
                handle.wait_for_stop(t.saturating_sub(handle.elapsed()));
            }
            if wait_for_release {
                // UCI: after 'go infinite' or 'go ponder', bestmove only after 'stop',
                // or after 'ponderhit' once the search is done.
                handle.wait_for_release(infinite);
            }
            handle.finish();
            say(&out, &bestmove_line(&decision));
        };
        self.search = Some(self.engine.spawn(think, report, done));
    }
}

/// `bestmove <move> [ponder <move>]`, or `bestmove 0000` without a legal move.
fn bestmove_line(d: &Decision) -> String {
    match (d.best, d.ponder) {
        (Some(m), Some(p)) => format!("bestmove {} ponder {}", m.to_uci(), p.to_uci()),
        (Some(m), None) => format!("bestmove {}", m.to_uci()),
        (None, _) => "bestmove 0000".to_owned(),
    }
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

/// An `info depth ... pv ...` line.
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
        Some(Bound::Lower) => s += " lowerbound",
        Some(Bound::Upper) => s += " upperbound",
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> (Go, Vec<String>) {
        let words: Vec<&str> = line.split_whitespace().collect();
        Go::parse(&words, &Position::new())
    }

    #[test]
    fn go_reads_the_clock_and_the_limits_and_notes_what_it_ignores() {
        let (go, notes) = parse("wtime 1000 btime 2000 winc 10 movestogo 5 depth 7 frobnicate");
        assert_eq!(go.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(go.btime, Some(Duration::from_millis(2000)));
        assert_eq!(go.winc, Duration::from_millis(10));
        assert_eq!((go.movestogo, go.depth), (Some(5), Some(7)));
        assert_eq!(notes, ["ignored unknown 'go' parameter 'frobnicate'"]);
    }

    #[test]
    fn a_parameter_without_its_number_is_noted() {
        let (go, notes) = parse("depth x");
        assert_eq!(go.depth, None);
        assert_eq!(notes, ["'go depth' needs a number"]);
    }

    #[test]
    fn searchmoves_takes_the_legal_moves_that_follow() {
        let (go, _) = parse("searchmoves e2e4 d2d4 depth 3");
        let ucis: Vec<String> = go.searchmoves.iter().map(|m| m.to_uci()).collect();
        assert_eq!(
            (ucis, go.depth),
            (vec!["e2e4".into(), "d2d4".into()], Some(3))
        );
    }

    #[test]
    fn movetime_less_the_overhead_is_both_limits_and_infinite_has_none() {
        let (go, _) = parse("movetime 500");
        let t = Duration::from_millis(470);
        assert_eq!(
            go.time_limits(Color::White, Duration::from_millis(30)),
            Some((t, t))
        );
        let (go, _) = parse("infinite wtime 1000");
        assert_eq!(go.time_limits(Color::White, Duration::ZERO), None);
    }

    #[test]
    fn only_a_go_without_clock_or_bounds_is_untimed() {
        assert!(parse("").0.untimed(Color::White));
        assert!(parse("btime 1000").0.untimed(Color::White));
        assert!(!parse("wtime 1000").0.untimed(Color::White));
        assert!(!parse("depth 3").0.untimed(Color::White));
        assert!(!parse("infinite").0.untimed(Color::White));
    }

    #[test]
    fn wdl_sums_to_a_thousand() {
        for cp in [-500, -50, 0, 50, 500] {
            let (w, d, l) = wdl(Score::Cp(cp));
            assert_eq!(w + d + l, 1000);
        }
    }
}
