//! The engine's one entry point: [`Engine::think`] takes a position, the keys of
//! the positions before it, the limits and a human level's [`Style`], and returns a
//! [`Decision`]: the move to play (the level's choice among the searched lines),
//! its score, the principal variation, and a human-like thinking time. The UCI
//! protocol and the server both call it, so a level plays the same way in both,
//! with one random number policy (a per-engine generator, [`Engine::with_seed`]).
//!
//! A search on another thread is controlled through a [`StopHandle`] (`stop`,
//! `ponderhit`, and the waits for them, on a condition variable).

use crate::levels::{self, Style};
use crate::search::{self, Info, Limits, Score, Shared};
use crate::tables::{RootChoice, Tables};
use guoxiang_core::{Move, Position};
use guoxiang_tablebase::Tablebase;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::thread::JoinHandle;
use std::time::Duration;

/// The seed of an engine made by [`Engine::new`] (so UCI matches are reproducible).
const DEFAULT_SEED: u64 = 0x1234_5678_9abc_def1;

/// What to think about: the position, the game before it and how to play.
#[derive(Debug, Clone)]
pub struct Think {
    pub position: Position,
    /// Zobrist keys of the positions before `position`, oldest first (repetitions).
    pub history: Vec<u64>,
    /// When to stop; a [`Style`]'s depth, nodes and candidates are applied on top.
    pub limits: Limits,
    /// A human level's way of playing; `None` plays at full strength.
    pub style: Option<Style>,
    /// Search threads (Lazy SMP); 1 or more.
    pub threads: usize,
    /// Start pondering: time limits apply only from [`StopHandle::ponderhit`].
    pub ponder: bool,
}

impl Think {
    /// Full strength on one thread, with the default (no) limits.
    pub fn new(position: Position) -> Think {
        Think {
            position,
            history: Vec::new(),
            limits: Limits {
                multipv: 1,
                ..Limits::default()
            },
            style: None,
            threads: 1,
            ponder: false,
        }
    }

    /// The limits actually searched with: the caller's, narrowed by the style (the
    /// smaller depth and node limit; at least the style's number of candidates).
    ///
    /// ```
    /// use guoxiang_core::Position;
    /// use guoxiang_engine::{levels, Think};
    /// let mut think = Think::new(Position::new());
    /// think.limits.depth = Some(12);
    /// think.style = Some(levels::style_for_level(1)); // depth 1, 6 candidates
    /// let limits = think.effective_limits();
    /// assert_eq!((limits.depth, limits.multipv), (Some(1), 6));
    /// ```
    pub fn effective_limits(&self) -> Limits {
        let mut limits = self.limits.clone();
        if let Some(s) = &self.style {
            if let Some(cap) = s.depth {
                limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
            }
            if let Some(n) = s.nodes {
                limits.nodes = Some(limits.nodes.map_or(n, |l| l.min(n)));
            }
            limits.multipv = limits.multipv.max(s.candidates);
        }
        limits.multipv = limits.multipv.max(1);
        limits
    }
}

/// The engine's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// The move to play: the level's choice, or the search's best; `None` when the
    /// side to move has no legal move.
    pub best: Option<Move>,
    /// The reply expected to `best` (none when the level chose another move than
    /// the search's best).
    pub ponder: Option<Move>,
    /// The score of `best` from the mover's side, in the search's units (centipawns,
    /// or near ±[`search::MATE`] for mates; see [`Score::from_internal`]).
    pub score: i32,
    /// The principal variation of the search's best line.
    pub pv: Vec<Move>,
    /// The root lines of the last finished iteration (move, score), best first.
    pub lines: Vec<(Move, i32)>,
    /// The last finished depth.
    pub depth: i32,
    /// Nodes searched by the main thread.
    pub nodes: u64,
    /// A human-like thinking time, for levels that imitate one; the caller waits it
    /// out (from the start of the search) in games without a clock.
    pub think_time: Option<Duration>,
}

impl Decision {
    /// [`Decision::score`] as UCI shows it.
    pub fn uci_score(&self) -> Score {
        Score::from_internal(self.score)
    }
}

/// The engine: a transposition table, the search's controls and a random number
/// generator for the levels' choices.
///
/// ```
/// use guoxiang_core::Position;
/// use guoxiang_engine::{Engine, Think};
/// let engine = Engine::new(1);
/// let mut think = Think::new(Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap());
/// think.limits.depth = Some(4);
/// let decision = engine.think(&think, &mut |_| {});
/// assert_eq!(decision.best.map(|m| m.to_uci()), Some("a1a8".to_string()));
/// ```
pub struct Engine {
    shared: Arc<Shared>,
    /// The state of the generator (a 64-bit linear congruential generator).
    rng: AtomicU64,
    /// Endgame tables for full-strength searches ([`Engine::set_tablebase`]).
    tablebase: RwLock<Option<Tablebase>>,
}

impl Engine {
    /// An engine with a `hash_mb` table and the default seed.
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            shared: Arc::new(Shared::new(hash_mb.max(1))),
            rng: AtomicU64::new(DEFAULT_SEED),
            tablebase: RwLock::new(None),
        }
    }

    /// The same engine with its generator seeded (the server seeds from the
    /// operating system, so that games differ).
    pub fn with_seed(self, seed: u64) -> Engine {
        self.rng.store(seed, Ordering::Relaxed);
        self
    }

    /// An engine with a new `hash_mb` table that goes on with this one's generator
    /// and tables.
    pub fn resized(&self, hash_mb: usize) -> Engine {
        let engine = Engine::new(hash_mb).with_seed(self.rng.load(Ordering::Relaxed));
        engine.set_tablebase(self.tablebase());
        engine
    }

    /// Gives the engine endgame tables (or takes them away with `None`). Only
    /// full-strength searches ([`Think::style`] `None`) use them: at a root of four
    /// pieces or fewer the move comes from the tables (the fastest mate, the longest
    /// resistance, or a move that keeps the draw) with its exact score, and in the
    /// search every such position scores exactly. Classes whose files are missing
    /// are not probed: an empty folder searches as if there were no tables. A human
    /// level never probes them.
    ///
    /// ```
    /// use guoxiang_engine::{Engine, Tablebase};
    /// let engine = Engine::new(1);
    /// engine.set_tablebase(Some(Tablebase::open("no/tables/here")));
    /// assert!(engine.tablebase().is_some());
    /// engine.set_tablebase(None);
    /// assert!(engine.tablebase().is_none());
    /// ```
    pub fn set_tablebase(&self, tb: Option<Tablebase>) {
        // The lock guards a plain value that no panic can leave half-written.
        *self.tablebase.write().unwrap_or_else(|e| e.into_inner()) = tb;
    }

    /// [`Engine::set_tablebase`] as a builder, beside [`Engine::with_seed`].
    pub fn with_tablebase(self, tb: Option<Tablebase>) -> Engine {
        self.set_tablebase(tb);
        self
    }

    /// The engine's tables, if it has any.
    pub fn tablebase(&self) -> Option<Tablebase> {
        self.tablebase
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Empties the transposition table (not during a search).
    pub fn clear_hash(&self) {
        self.shared.tt.clear();
    }

    /// The handle to stop this engine's search from another thread.
    pub fn handle(&self) -> StopHandle {
        StopHandle(Arc::clone(&self.shared))
    }

    /// Searches and decides, on this thread (and `think.threads - 1` helpers).
    /// `report` gets each finished line of the main thread.
    pub fn think(&self, think: &Think, report: &mut dyn FnMut(&Info)) -> Decision {
        self.shared.begin(think.ponder);
        let decision = self.decide(think, report);
        self.shared.searching.store(false, Ordering::SeqCst);
        decision
    }

    /// Starts [`Engine::think`] on a new thread and returns at once; the search
    /// counts as running (see [`StopHandle::is_thinking`]) from before this returns
    /// until `done` calls [`StopHandle::finish`] (or returns), so a `stop` sent at
    /// once is never lost. `done` gets the decision and may wait on the handle.
    pub fn spawn(
        self: &Arc<Self>,
        think: Think,
        mut report: impl FnMut(&Info) + Send + 'static,
        done: impl FnOnce(Decision, &StopHandle) + Send + 'static,
    ) -> JoinHandle<()> {
        self.shared.begin(think.ponder);
        let engine = Arc::clone(self);
        std::thread::spawn(move || {
            // Finishes even if `done` panics, so the engine never stays "thinking".
            let finish = FinishOnDrop(engine.handle());
            let decision = engine.decide(&think, &mut report);
            done(decision, &finish.0);
        })
    }

    fn decide(&self, think: &Think, report: &mut dyn FnMut(&Info)) -> Decision {
        self.shared.tt.new_search();
        let mut limits = think.effective_limits();
        let pos = &think.position;
        // Tables only at full strength: a human level keeps playing like itself.
        let tables = match think.style {
            None => self.tablebase().as_ref().and_then(Tables::ready),
            Some(_) => None,
        };
        // At a table root, search only the tables' best moves (those the caller
        // allows); if the caller allows none of them, search its moves as usual.
        let root = tables
            .as_ref()
            .and_then(|t| t.root_choice(pos))
            .and_then(|c| {
                let wanted = &think.limits.searchmoves;
                let best: Vec<Move> = (c.best.iter().copied())
                    .filter(|m| wanted.is_empty() || wanted.contains(m))
                    .collect();
                (!best.is_empty()).then_some(RootChoice { best, ..c })
            });
        if let Some(choice) = &root {
            limits.searchmoves.clone_from(&choice.best);
        }
        let r = search::run(
            &self.shared,
            think.threads,
            pos,
            &think.history,
            &limits,
            tables.as_ref(),
            report,
        );
        if let (Some(choice), Some(tables)) = (&root, &tables) {
            return self.table_decision(pos, r, choice, tables);
        }
        // One policy for every caller: two draws a move, the choice then the time.
        let (choice_rand, time_rand) = (self.next_unit(), self.next_unit());
        let mut best = r.best;
        let mut ponder = r.ponder;
        let mut think_time = None;
        if let Some(style) = &think.style {
            if let Some(m) = levels::choose(&r.lines, style, choice_rand) {
                if Some(m) != best {
                    ponder = None;
                }
                best = Some(m);
            }
            if style.human_time {
                let ms = levels::human_think_ms(&r.lines, time_rand);
                think_time = Some(Duration::from_millis(ms));
            }
        }
        let best = best.filter(|m| pos.is_legal(*m));
        let ponder = best.and_then(|m| ponder.filter(|p| pos.after(m).is_legal(*p)));
        let score = r
            .lines
            .iter()
            .find(|(m, _)| Some(*m) == best)
            .map_or(r.score, |l| l.1);
        Decision {
            best,
            ponder,
            score,
            pv: r.pv,
            lines: r.lines,
            depth: r.depth,
            nodes: r.nodes,
            think_time,
        }
    }

    /// The decision at a table root: the search's move if it is one of the tables'
    /// best (a search stopped before its first iteration may have none), else the
    /// first of them; the exact score; the tables' best reply as the move to ponder.
    fn table_decision(
        &self,
        pos: &Position,
        r: search::SearchResult,
        choice: &RootChoice,
        tables: &Tables,
    ) -> Decision {
        // Consume the level's two draws as every decision does, so the generator's
        // sequence does not depend on where the move came from.
        let _ = (self.next_unit(), self.next_unit());
        let best = r
            .best
            .filter(|m| choice.best.contains(m))
            // A RootChoice's `best` is never empty (see `Tables::root_choice`).
            .unwrap_or(choice.best[0]);
        let ponder = tables.best_reply(&pos.after(best));
        Decision {
            best: Some(best),
            ponder,
            score: choice.score,
            pv: std::iter::once(best).chain(ponder).collect(),
            lines: r.lines,
            depth: r.depth,
            nodes: r.nodes,
            think_time: None,
        }
    }

    /// A uniform number in [0, 1) from the engine's generator.
    fn next_unit(&self) -> f64 {
        let step = |s: u64| {
            s.wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407)
        };
        // fetch_update with a closure that always returns Some never fails.
        let prev = self
            .rng
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |s| Some(step(s)))
            .unwrap_or_default();
        (step(prev) >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Controls a running search from another thread (UCI `stop`, `ponderhit`).
#[derive(Clone)]
pub struct StopHandle(Arc<Shared>);

impl StopHandle {
    /// Stops the search at once; every wait on the handle returns.
    pub fn stop(&self) {
        self.0.request_stop();
    }

    /// The opponent played the expected move: time limits apply from now. False
    /// (and nothing changes) when the engine is not pondering.
    pub fn ponderhit(&self) -> bool {
        self.0.ponderhit()
    }

    /// Whether a search (with its waits) is running.
    pub fn is_thinking(&self) -> bool {
        self.0.searching.load(Ordering::SeqCst)
    }

    /// Whether the search is pondering (time limits off).
    pub fn is_pondering(&self) -> bool {
        self.0.pondering.load(Ordering::SeqCst)
    }

    /// Time since the search started (or since `ponderhit`).
    pub fn elapsed(&self) -> Duration {
        self.0.elapsed()
    }

    /// Waits until [`StopHandle::stop`] or `timeout`; true if stopped.
    pub fn wait_for_stop(&self, timeout: Duration) -> bool {
        self.0.wait_for_stop(timeout)
    }

    /// Waits for [`StopHandle::stop`], or, unless `infinite`, for the end of
    /// pondering (UCI: `bestmove` after `go infinite` or `go ponder` only then).
    pub fn wait_for_release(&self, infinite: bool) {
        self.0.wait_for_release(infinite);
    }

    /// Marks the search (and its waits) over: [`StopHandle::is_thinking`] is false.
    pub fn finish(&self) {
        self.0.searching.store(false, Ordering::SeqCst);
    }
}

/// Calls [`StopHandle::finish`] when dropped.
struct FinishOnDrop(StopHandle);

impl Drop for FinishOnDrop {
    fn drop(&mut self) {
        self.0.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_imitates_thinking_time_and_full_strength_does_not() {
        let engine = Engine::new(1);
        let mut think = Think::new(Position::new());
        think.style = Some(levels::style_for_level(1));
        let weak = engine.think(&think, &mut |_| {});
        let t = weak.think_time.expect("level 1 imitates a human");
        assert!((300..=3000).contains(&(t.as_millis() as u64)));
        assert!(weak.lines.len() > 1, "a weak level weighs several moves");
        think.style = None;
        think.limits.depth = Some(2);
        assert_eq!(engine.think(&think, &mut |_| {}).think_time, None);
    }

    #[test]
    fn a_style_narrows_the_limits_but_never_widens_them() {
        let mut think = Think::new(Position::new());
        think.limits.depth = Some(1);
        think.style = Some(levels::style_for_level(3));
        let l = think.effective_limits();
        assert_eq!(l.depth, Some(1));
        assert_eq!(l.nodes, levels::style_for_level(3).nodes);
        assert_eq!(l.multipv, levels::style_for_level(3).candidates);
    }

    #[test]
    fn engines_with_the_same_seed_decide_alike() {
        let mut think = Think::new(Position::new());
        think.style = Some(levels::style_for_level(1));
        let a = Engine::new(1).with_seed(7);
        let b = Engine::new(1).with_seed(7);
        for _ in 0..3 {
            assert_eq!(a.think(&think, &mut |_| {}), b.think(&think, &mut |_| {}));
        }
    }

    #[test]
    fn a_stopped_pondering_search_releases_its_waiter() {
        let engine = Arc::new(Engine::new(1));
        let mut think = Think::new(Position::new());
        think.ponder = true;
        let (tx, rx) = std::sync::mpsc::channel();
        let h = engine.spawn(
            think,
            |_| {},
            move |d, handle| {
                handle.wait_for_release(false);
                let _ = tx.send(d.best);
            },
        );
        assert!(engine.handle().is_thinking());
        assert!(engine.handle().ponderhit());
        engine.handle().stop();
        h.join().expect("the search thread ends");
        assert!(rx.recv().expect("a decision").is_some());
        assert!(!engine.handle().is_thinking());
    }

    #[test]
    fn no_legal_move_means_no_decision() {
        let engine = Engine::new(1);
        // Black is checkmated.
        let mated = Position::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").expect("valid FEN");
        let d = engine.think(&Think::new(mated), &mut |_| {});
        assert_eq!((d.best, d.ponder), (None, None));
    }
}
