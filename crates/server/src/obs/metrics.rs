//! The server's Prometheus metrics: plain atomics in statics, so that a hook on
//! the move path is one relaxed `fetch_add` (no lock, no allocation), and a
//! renderer that writes the text exposition format 0.0.4 on each scrape. The
//! values are per process; live games are counted from the registry when
//! scraped. No label carries a game id or a secret: the only label is the HTTP
//! status class. Names and meanings are listed in docs/OPERATIONS.md.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering::Relaxed};
use std::sync::OnceLock;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Upper bounds of the commit latency buckets, in seconds (0.5 ms to 1 s;
/// `+Inf` follows).
pub const COMMIT_BUCKETS_S: [f64; 12] = [
    0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 1.0,
];
const COMMIT_BUCKETS_NS: [u64; 12] = {
    let mut ns = [0u64; 12];
    let mut i = 0;
    while i < 12 {
        ns[i] = (COMMIT_BUCKETS_S[i] * 1e9) as u64;
        i += 1;
    }
    ns
};

/// A latency histogram: a count per bucket (not cumulative; summed when
/// rendered), the sum in nanoseconds and the count.
pub struct Histogram {
    buckets: [AtomicU64; 13],
    sum_ns: AtomicU64,
    count: AtomicU64,
}

impl Histogram {
    const fn new() -> Histogram {
        Histogram {
            buckets: [const { AtomicU64::new(0) }; 13],
            sum_ns: AtomicU64::new(0),
            count: AtomicU64::new(0),
        }
    }

    /// Records `n` observations of `d` each.
    pub fn observe_n(&self, d: Duration, n: u64) {
        let ns = u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
        let i = COMMIT_BUCKETS_NS
            .iter()
            .position(|&b| ns <= b)
            .unwrap_or(COMMIT_BUCKETS_NS.len());
        self.buckets[i].fetch_add(n, Relaxed);
        self.sum_ns.fetch_add(ns.saturating_mul(n), Relaxed);
        self.count.fetch_add(n, Relaxed);
    }
}

/// A gauge raised while a guard lives: `Gauge::hold` returns it.
pub struct Gauge(AtomicI64);

impl Gauge {
    const fn new() -> Gauge {
        Gauge(AtomicI64::new(0))
    }

    /// Raises the gauge until the guard is dropped (so a cancelled task lowers it too).
    pub fn hold(&'static self) -> GaugeGuard {
        self.0.fetch_add(1, Relaxed);
        GaugeGuard(self)
    }

    pub fn get(&self) -> i64 {
        self.0.load(Relaxed)
    }
}

/// Lowers its [`Gauge`] when dropped.
pub struct GaugeGuard(&'static Gauge);

impl Drop for GaugeGuard {
    fn drop(&mut self) {
        self.0 .0.fetch_sub(1, Relaxed);
    }
}

/// A monotonic counter.
pub struct Counter(AtomicU64);

impl Counter {
    const fn new() -> Counter {
        Counter(AtomicU64::new(0))
    }

    pub fn add(&self, n: u64) {
        self.0.fetch_add(n, Relaxed);
    }

    pub fn get(&self) -> u64 {
        self.0.load(Relaxed)
    }
}

/// Every metric of the process.
pub struct Metrics {
    pub moves_committed: Counter,
    pub commit_seconds: Histogram,
    pub games_created: Counter,
    pub games_ended: Counter,
    pub store_errors: Counter,
    pub engine_failures: Counter,
    pub websockets: Gauge,
    pub engine_waiting: Gauge,
    pub engine_running: Gauge,
    /// By status class: 1xx … 5xx.
    pub http_requests: [Counter; 5],
}

/// The process's metrics.
pub static METRICS: Metrics = Metrics {
    moves_committed: Counter::new(),
    commit_seconds: Histogram::new(),
    games_created: Counter::new(),
    games_ended: Counter::new(),
    store_errors: Counter::new(),
    engine_failures: Counter::new(),
    websockets: Gauge::new(),
    engine_waiting: Gauge::new(),
    engine_running: Gauge::new(),
    http_requests: [const { Counter::new() }; 5],
};

static STARTED: OnceLock<f64> = OnceLock::new();

/// Records the process start time (the first call wins); `start` calls it.
pub fn mark_start() -> f64 {
    *STARTED.get_or_init(|| {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64())
    })
}

/// Counts a request answered with `status`.
pub fn http_request(status: u16) {
    if let Some(c) = METRICS
        .http_requests
        .get(usize::from(status / 100).wrapping_sub(1))
    {
        c.add(1);
    }
}

/// The exposition (text format 0.0.4) of every metric, with `live_games` read
/// from the registry by the caller.
///
/// ```
/// let text = guoxiang_server::obs::metrics::render(3);
/// assert!(text.contains("# TYPE guoxiang_live_games gauge\nguoxiang_live_games 3\n"));
/// ```
pub fn render(live_games: usize) -> String {
    let m = &METRICS;
    let mut out = String::with_capacity(4096);
    fn family(out: &mut String, name: &str, kind: &str, help: &str) {
        let _ = write!(out, "# HELP {name} {help}\n# TYPE {name} {kind}\n");
    }
    family(
        &mut out,
        "guoxiang_live_games",
        "gauge",
        "Games with a live task (unfinished and served).",
    );
    let _ = writeln!(out, "guoxiang_live_games {live_games}");
    let counters: [(&str, &str, u64); 5] = [
        (
            "guoxiang_moves_committed_total",
            "Moves committed to the store (rate() is moves per second).",
            m.moves_committed.get(),
        ),
        (
            "guoxiang_games_created_total",
            "Games created.",
            m.games_created.get(),
        ),
        (
            "guoxiang_games_ended_total",
            "Games that ended (any reason, aborted included).",
            m.games_ended.get(),
        ),
        (
            "guoxiang_store_errors_total",
            "Writes the store refused; the game task stops.",
            m.store_errors.get(),
        ),
        (
            "guoxiang_engine_failures_total",
            "Computer searches that gave no answer (pool closed or search panicked).",
            m.engine_failures.get(),
        ),
    ];
    for (name, help, v) in counters {
        family(&mut out, name, "counter", help);
        let _ = writeln!(out, "{name} {v}");
    }
    let gauges: [(&str, &str, i64); 3] = [
        (
            "guoxiang_websocket_connections",
            "Open game WebSocket connections.",
            m.websockets.get(),
        ),
        (
            "guoxiang_engine_queue",
            "Computer searches waiting for a free engine worker.",
            m.engine_waiting.get(),
        ),
        (
            "guoxiang_engine_searches_running",
            "Computer searches running on an engine worker.",
            m.engine_running.get(),
        ),
    ];
    for (name, help, v) in gauges {
        family(&mut out, name, "gauge", help);
        let _ = writeln!(out, "{name} {v}");
    }
    family(
        &mut out,
        "guoxiang_move_commit_seconds",
        "histogram",
        "Time to commit a move to the store, from the write's start to its acknowledgement.",
    );
    let h = &m.commit_seconds;
    let mut cumulative = 0u64;
    for (i, b) in h.buckets.iter().enumerate() {
        cumulative += b.load(Relaxed);
        match COMMIT_BUCKETS_S.get(i) {
            Some(le) => {
                let _ = writeln!(
                    out,
                    "guoxiang_move_commit_seconds_bucket{{le=\"{le}\"}} {cumulative}"
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "guoxiang_move_commit_seconds_bucket{{le=\"+Inf\"}} {cumulative}"
                );
            }
        }
    }
    let sum = h.sum_ns.load(Relaxed) as f64 / 1e9;
    let _ = writeln!(out, "guoxiang_move_commit_seconds_sum {sum}");
    // Read last: a move observed during the render may leave `_count` below `+Inf`
    // by a few, never above the buckets read before.
    let _ = writeln!(
        out,
        "guoxiang_move_commit_seconds_count {}",
        cumulative.min(h.count.load(Relaxed))
    );
    family(
        &mut out,
        "guoxiang_http_requests_total",
        "counter",
        "HTTP requests answered, by status class.",
    );
    for (i, c) in m.http_requests.iter().enumerate() {
        let _ = writeln!(
            out,
            "guoxiang_http_requests_total{{class=\"{}xx\"}} {}",
            i + 1,
            c.get()
        );
    }
    family(
        &mut out,
        "process_start_time_seconds",
        "gauge",
        "Start time of the process since the Unix epoch, in seconds.",
    );
    let _ = writeln!(out, "process_start_time_seconds {}", mark_start());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_observation_lands_in_the_first_bucket_whose_bound_it_does_not_exceed() {
        let h = Histogram::new();
        h.observe_n(Duration::from_micros(500), 1);
        h.observe_n(Duration::from_micros(501), 2);
        h.observe_n(Duration::from_secs(5), 1);
        let counts: Vec<u64> = h.buckets.iter().map(|b| b.load(Relaxed)).collect();
        assert_eq!(counts[0], 1);
        assert_eq!(counts[1], 2);
        assert_eq!(counts[12], 1);
        assert_eq!(h.count.load(Relaxed), 4);
        assert_eq!(
            h.sum_ns.load(Relaxed),
            500_000 + 2 * 501_000 + 5_000_000_000
        );
    }

    #[test]
    fn a_gauge_falls_back_when_its_guard_is_dropped() {
        static G: Gauge = Gauge::new();
        let a = G.hold();
        let b = G.hold();
        assert_eq!(G.get(), 2);
        drop(a);
        drop(b);
        assert_eq!(G.get(), 0);
    }

    #[test]
    fn a_status_outside_1xx_to_5xx_is_not_counted() {
        // Other tests of this binary may count real requests meanwhile; these
        // codes must simply not panic or land anywhere odd.
        http_request(999);
        http_request(42);
        http_request(0);
    }
}
