//! One analysis session: an engine, the position being analysed, and one search
//! at a time to a given depth. The browser's worker calls [`Session::search`]
//! once per depth (1, 2, 3, …) and returns to its event loop in between, so a
//! `stop` or a new position is seen between iterations; the transposition table
//! carries over, so the shallow iterations a deeper call repeats cost little.
//!
//! Output is text, one line per event, in UCI's words (see [`crate::line`]):
//! every line of the requested depth as it finishes, then one `bestmove` line.
//!
//! ```
//! use guoxiang_wasm::session::{Request, Session};
//! let mut s = Session::new(1);
//! s.set_position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
//! let mut out = Vec::new();
//! let done = s.search(&Request { depth: 3, ..Request::default() }, &mut |l| out.push(l.to_string()));
//! assert_eq!(done.depth, 3);
//! assert!(out.last().unwrap().starts_with("bestmove a1a8 "));
//! ```

use crate::line;
use guoxiang_core::{FenError, Move, Position};
use guoxiang_engine::{Engine, Think};
use std::time::Duration;

/// What one call searches.
#[derive(Debug, Clone)]
pub struct Request {
    /// The depth to finish (1..=64).
    pub depth: i32,
    /// Lines to find (1..=5; fewer when there are fewer legal moves).
    pub multipv: usize,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop at once after this much time.
    pub movetime: Option<Duration>,
}

impl Default for Request {
    fn default() -> Request {
        Request {
            depth: 1,
            multipv: 1,
            nodes: None,
            movetime: None,
        }
    }
}

/// What one call did.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// The deepest iteration finished (less than asked when a limit stopped it).
    pub depth: i32,
    /// Nodes searched by this call.
    pub nodes: u64,
    /// The best move, `None` when the side to move has no legal move.
    pub best: Option<Move>,
}

/// The deepest depth a request may ask for.
pub const MAX_DEPTH: i32 = 64;
/// The most lines a request may ask for.
pub const MAX_MULTIPV: usize = 5;

/// An engine and the position it analyses.
pub struct Session {
    engine: Engine,
    position: Position,
}

impl Session {
    /// A session with a `hash_mb` transposition table, at the start position.
    pub fn new(hash_mb: usize) -> Session {
        Session {
            engine: Engine::new(hash_mb.max(1)),
            position: Position::new(),
        }
    }

    /// Analyse this position from now on (the hash table is kept).
    pub fn set_position(&mut self, fen: &str) -> Result<(), FenError> {
        self.position = Position::from_fen(fen.trim())?;
        Ok(())
    }

    /// Empties the hash table (a new, unrelated game).
    pub fn clear(&self) {
        self.engine.clear_hash();
    }

    /// Searches the position to `req.depth` (or until a limit), giving `emit`
    /// each line of that depth as it finishes and then the `bestmove` line.
    pub fn search(&mut self, req: &Request, emit: &mut dyn FnMut(&str)) -> Outcome {
        let depth = req.depth.clamp(1, MAX_DEPTH);
        let mut think = Think::new(self.position.clone());
        think.limits.depth = Some(depth);
        think.limits.multipv = req.multipv.clamp(1, MAX_MULTIPV);
        think.limits.nodes = req.nodes;
        think.limits.hard = req.movetime;
        let decision = self.engine.think(&think, &mut |info| {
            // Shallower iterations were reported by the calls before this one.
            if info.depth == depth && info.bound.is_none() {
                emit(&line::info(info));
            }
        });
        let outcome = Outcome {
            depth: decision.depth,
            nodes: decision.nodes,
            best: decision.best,
        };
        emit(&line::bestmove(&outcome));
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(s: &mut Session, req: Request) -> (Outcome, Vec<String>) {
        let mut out = Vec::new();
        let o = s.search(&req, &mut |l| out.push(l.to_string()));
        (o, out)
    }

    #[test]
    fn a_mate_in_one_is_found_and_scored_as_mate_in_one_for_the_side_to_move() {
        let mut s = Session::new(1);
        s.set_position("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let (o, out) = run(
            &mut s,
            Request {
                depth: 4,
                ..Request::default()
            },
        );
        assert_eq!(o.best.map(|m| m.to_uci()).as_deref(), Some("a1a8"));
        assert!(out[0].contains(" score mate 1 "), "{out:?}");
        assert!(out[0].ends_with(" pv a1a8"), "{out:?}");
    }

    #[test]
    fn only_the_requested_depth_is_reported_with_one_line_per_multipv() {
        let mut s = Session::new(1);
        let (o, out) = run(
            &mut s,
            Request {
                depth: 3,
                multipv: 3,
                ..Request::default()
            },
        );
        assert_eq!(o.depth, 3);
        assert_eq!(out.len(), 4, "{out:?}");
        for (i, l) in out[..3].iter().enumerate() {
            assert!(l.starts_with("info depth 3 "), "{l}");
            assert!(l.contains(&format!(" multipv {} ", i + 1)), "{l}");
        }
    }

    #[test]
    fn a_node_limit_stops_the_search_before_the_depth() {
        let mut s = Session::new(1);
        let req = Request {
            depth: 30,
            nodes: Some(2_000),
            ..Request::default()
        };
        let (o, _) = run(&mut s, req);
        assert!(o.depth < 30 && o.best.is_some(), "{o:?}");
    }

    #[test]
    fn a_mated_side_has_no_best_move() {
        let mut s = Session::new(1);
        s.set_position("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        let (o, out) = run(&mut s, Request::default());
        assert_eq!(o.best, None);
        assert_eq!(out, vec!["bestmove (none) depth 0 nodes 0".to_string()]);
    }

    #[test]
    fn a_bad_fen_is_refused_and_the_old_position_kept() {
        let mut s = Session::new(1);
        assert!(s.set_position("not a fen").is_err());
        let (o, _) = run(&mut s, Request::default());
        assert!(o.best.is_some());
    }
}
