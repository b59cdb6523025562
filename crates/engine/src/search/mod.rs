//! The search: iterative deepening with aspiration windows over a principal
//! variation search, quiescence search with SEE pruning, and the usual pruning and
//! reductions (`worker`), moves tried in stages (`picker`), every tunable named
//! in `params`. Several workers share the transposition table (Lazy SMP, `run`);
//! the main worker reports and decides when to stop. Each pruning, reduction,
//! extension and ordering heuristic can be switched off through
//! [`Limits::features`] (see [`crate::features`]) so that its worth can be measured
//! in a match.
//!
//! Outside the crate the search is reached through [`crate::Engine`]; this module
//! exports only the types a caller reads or fills in.

mod check;
mod deepening;
mod negamax;
pub(crate) mod params;
mod picker;
mod qsearch;
pub(crate) mod see;
pub mod time;
pub(crate) mod tt;
pub(crate) mod worker;

use crate::clock::Instant;
use crate::features::Features;
use crate::tables::Tables;
use guoxiang_core::{Move, Position};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;
pub use tt::Bound;
pub(crate) use worker::Worker;

pub const INF: i32 = 32_000;
pub const MATE: i32 = 31_000;
pub const MAX_PLY: usize = 128;
pub(crate) const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// A score as UCI shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    /// The score as UCI shows it, from the search's internal score.
    ///
    /// ```
    /// use guoxiang_engine::search::{Score, MATE};
    /// assert_eq!(Score::from_internal(35), Score::Cp(35));
    /// assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
    /// ```
    pub fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-(MATE + s + 1) / 2)
        } else {
            Score::Cp(s)
        }
    }
}

/// When to stop.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    pub mate: Option<i32>,
    /// Stop after an iteration once this much time has passed.
    pub soft: Option<Duration>,
    /// Stop at once when this much time has passed.
    pub hard: Option<Duration>,
    /// Only these root moves (UCI `searchmoves`).
    pub searchmoves: Vec<Move>,
    pub multipv: usize,
    /// Which search features are used (all by default; UCI option `Disable`).
    pub features: Features,
}

/// One line of search output.
#[derive(Debug, Clone)]
pub struct Info {
    pub depth: i32,
    pub seldepth: i32,
    pub multipv: usize,
    pub score: Score,
    pub bound: Option<Bound>,
    pub nodes: u64,
    pub time: Duration,
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

/// The result of a search.
#[derive(Debug, Clone)]
pub(crate) struct SearchResult {
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    /// The principal variation of the best line (empty if no iteration finished).
    pub pv: Vec<Move>,
    /// All root lines of the last completed iteration (MultiPV), best first.
    pub lines: Vec<(Move, i32)>,
}

/// Shared between the search threads and the thread that controls them.
pub(crate) struct Shared {
    pub tt: tt::Tt,
    pub stop: AtomicBool,
    /// Set only by the GUI's `stop` (and `quit`, `ucinewgame`), not by time limits.
    pub gui_stop: AtomicBool,
    /// True from `go` until just before `bestmove` is written.
    pub searching: AtomicBool,
    /// While set, time limits are not applied (UCI `go ponder` before `ponderhit`).
    pub pondering: AtomicBool,
    pub nodes: AtomicU64,
    /// Reset at `ponderhit`, so time counts from then.
    pub start: Mutex<Instant>,
    /// Taken while `gui_stop` or `pondering` change, so that a waiter on `changed`
    /// never misses the change.
    signal: Mutex<()>,
    changed: Condvar,
}

impl Shared {
    pub fn new(hash_mb: usize) -> Shared {
        Shared {
            tt: tt::Tt::new(hash_mb),
            stop: AtomicBool::new(false),
            gui_stop: AtomicBool::new(false),
            searching: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            start: Mutex::new(Instant::now()),
            signal: Mutex::new(()),
            changed: Condvar::new(),
        }
    }

    /// Time since the search started (or since `ponderhit`).
    pub fn elapsed(&self) -> Duration {
        self.start.lock().map(|s| s.elapsed()).unwrap_or_default()
    }

    fn signal(&self) -> MutexGuard<'_, ()> {
        // A poisoned lock guards no data (it is `()`): carry on with it.
        self.signal.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Readies the flags for a new move: no stop, the given ponder mode, thinking.
    pub fn begin(&self, ponder: bool) {
        let _g = self.signal();
        self.stop.store(false, Ordering::SeqCst);
        self.gui_stop.store(false, Ordering::SeqCst);
        self.pondering.store(ponder, Ordering::SeqCst);
        self.searching.store(true, Ordering::SeqCst);
        self.nodes.store(0, Ordering::SeqCst);
        if let Ok(mut s) = self.start.lock() {
            *s = Instant::now();
        }
    }

    /// The GUI's `stop`: the search ends at once and every wait returns.
    pub fn request_stop(&self) {
        let _g = self.signal();
        self.gui_stop.store(true, Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
        self.pondering.store(false, Ordering::SeqCst);
        self.changed.notify_all();
    }

    /// The GUI's `ponderhit`: time counts from now. False if not pondering.
    pub fn ponderhit(&self) -> bool {
        let _g = self.signal();
        if !self.searching.load(Ordering::SeqCst) || !self.pondering.load(Ordering::SeqCst) {
            return false;
        }
        if let Ok(mut s) = self.start.lock() {
            *s = Instant::now();
        }
        self.pondering.store(false, Ordering::SeqCst);
        self.changed.notify_all();
        true
    }

    /// Waits until `stop` or until `timeout` has passed; true if stopped.
    pub fn wait_for_stop(&self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        let mut g = self.signal();
        loop {
            if self.gui_stop.load(Ordering::SeqCst) {
                return true;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            g = match self.changed.wait_timeout(g, left) {
                Ok((g, _)) => g,
                Err(e) => e.into_inner().0,
            };
        }
    }

    /// Waits for `stop`, or (unless `infinite`) for the end of pondering.
    pub fn wait_for_release(&self, infinite: bool) {
        let mut g = self.signal();
        while !self.gui_stop.load(Ordering::SeqCst)
            && (infinite || self.pondering.load(Ordering::SeqCst))
        {
            g = self.changed.wait(g).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// Lazy SMP: `threads` workers search the same position and share the table; the
/// main worker (id 0) reports through `report`, decides when to stop, and its
/// result is the answer. Helpers stop when it does. With `tables`, every node of
/// four pieces or fewer below the root takes its exact score from them.
pub(crate) fn run(
    shared: &Shared,
    threads: usize,
    position: &Position,
    history: &[u64],
    limits: &Limits,
    tables: Option<&Tables>,
    report: &mut dyn FnMut(&Info),
) -> SearchResult {
    std::thread::scope(|scope| {
        for id in 1..threads.max(1) {
            let limits = limits.clone();
            let history = history.to_vec();
            let tables = tables.cloned();
            scope.spawn(move || {
                Worker::new(shared, id, history, limits)
                    .with_tables(tables)
                    .search(position, &mut |_| {});
            });
        }
        let r = Worker::new(shared, 0, history.to_vec(), limits.clone())
            .with_tables(tables.cloned())
            .search(position, report);
        shared.stop.store(true, Ordering::SeqCst);
        r
    })
}
