//! What the bots measured, and how it is summed up: each acknowledged move's send
//! time (unix ms) and round trip, kept per process and written to a file by a
//! child process (`--dump`), read back and merged by the parent; percentiles over
//! the whole run and over a window (the seconds after a process was killed).

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// One round trip: when the move was sent (unix ms) and how long its answer took (µs).
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    pub at_ms: u64,
    pub us: u32,
}

#[derive(Default)]
pub struct Stats {
    /// Send → the server's `ok` (after the commit).
    pub ack: Mutex<Vec<Sample>>,
    /// Send → the opponent's socket shows the move.
    pub seen: Mutex<Vec<Sample>>,
    /// Send → the move found stored after a reconnect (its `ok` lost with a process).
    pub recovered: Mutex<Vec<Sample>>,
    /// Game id → the moves the server acknowledged, as `PLY:UCI` (ply from 1): a
    /// move whose `ok` was lost is missing, the later ones keep their plies.
    pub acked: Mutex<HashMap<String, Vec<String>>>,
    pub errors: AtomicU64,
    pub games: AtomicU64,
    pub reconnects: AtomicU64,
}

pub fn unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

pub fn push(v: &Mutex<Vec<Sample>>, at_ms: u64, since: std::time::Instant) {
    if let Ok(mut v) = v.lock() {
        let us = since.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
        v.push(Sample { at_ms, us });
    }
}

/// The `p` quantile of the round trips (ms), NaN if none.
pub fn pct(samples: &[Sample], p: f64) -> f64 {
    let mut us: Vec<u32> = samples.iter().map(|s| s.us).collect();
    if us.is_empty() {
        return f64::NAN;
    }
    us.sort_unstable();
    let i = ((us.len() as f64 - 1.0) * p).round() as usize;
    f64::from(us[i]) / 1000.0
}

/// One line: how many, p50, p99, max.
pub fn line(name: &str, samples: &[Sample]) -> String {
    format!(
        "{name}: {} moves  p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms",
        samples.len(),
        pct(samples, 0.5),
        pct(samples, 0.99),
        pct(samples, 1.0)
    )
}

/// The samples sent in `[from, to)` (unix ms).
pub fn window(samples: &[Sample], from: u64, to: u64) -> Vec<Sample> {
    samples
        .iter()
        .filter(|s| s.at_ms >= from && s.at_ms < to)
        .copied()
        .collect()
}

/// Writes everything measured to `path` (a child process's answer to its parent).
pub fn dump(stats: &Stats, path: &str) -> Result<(), String> {
    let f = std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?;
    let mut w = std::io::BufWriter::new(f);
    let mut out = |kind: &str, v: &Mutex<Vec<Sample>>| -> Result<(), String> {
        for s in v.lock().map_err(|_| "lock")?.iter() {
            writeln!(w, "{kind} {} {}", s.at_ms, s.us).map_err(|e| e.to_string())?;
        }
        Ok(())
    };
    out("a", &stats.ack)?;
    out("s", &stats.seen)?;
    out("r", &stats.recovered)?;
    for (g, moves) in stats.acked.lock().map_err(|_| "lock")?.iter() {
        writeln!(w, "m {g} {}", moves.join(" ")).map_err(|e| e.to_string())?;
    }
    writeln!(
        w,
        "c {} {} {}",
        stats.errors.load(Ordering::Relaxed),
        stats.games.load(Ordering::Relaxed),
        stats.reconnects.load(Ordering::Relaxed)
    )
    .map_err(|e| e.to_string())?;
    w.flush().map_err(|e| e.to_string())
}

/// Adds a child's file to `stats`.
pub fn merge(stats: &Stats, path: &str) -> Result<(), String> {
    let f = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    for line in std::io::BufReader::new(f).lines() {
        let line = line.map_err(|e| e.to_string())?;
        let mut it = line.split(' ');
        let kind = it.next().unwrap_or("");
        let mut num = || -> Result<u64, String> {
            it.next()
                .and_then(|x| x.parse().ok())
                .ok_or_else(|| format!("{path}: bad line {line:?}"))
        };
        match kind {
            "a" | "s" | "r" => {
                let s = Sample {
                    at_ms: num()?,
                    us: num()? as u32,
                };
                let v = match kind {
                    "a" => &stats.ack,
                    "s" => &stats.seen,
                    _ => &stats.recovered,
                };
                v.lock().map_err(|_| "lock")?.push(s);
            }
            "c" => {
                stats.errors.fetch_add(num()?, Ordering::Relaxed);
                stats.games.fetch_add(num()?, Ordering::Relaxed);
                stats.reconnects.fetch_add(num()?, Ordering::Relaxed);
            }
            "m" => {
                let mut parts = line[2..].split(' ');
                let g = parts.next().unwrap_or("").to_string();
                let moves = parts.filter(|m| !m.is_empty()).map(str::to_string);
                stats
                    .acked
                    .lock()
                    .map_err(|_| "lock")?
                    .entry(g)
                    .or_default()
                    .extend(moves);
            }
            _ => return Err(format!("{path}: bad line {line:?}")),
        }
    }
    Ok(())
}
