//! The generator's searches: a position's best lines at a node budget, through the
//! engine facade at full strength ([`Engine::think`] with `limits.nodes` and
//! `limits.multipv`), or exactly from the endgame tables when the position has four
//! pieces or fewer and tables were given. Besides the lines, it records the depth
//! from which the search kept its final best move (how deep one must look to find it).

use guoxiang_core::{Move, Position};
use guoxiang_engine::search::{Info, MATE};
use guoxiang_engine::{Engine, Tablebase, Think};
use guoxiang_tablebase::Wdl;

/// A searched position's root lines.
#[derive(Debug, Clone, Default)]
pub struct Lines {
    /// (move, score from the mover's side in the engine's units), best first.
    pub lines: Vec<(Move, i32)>,
    /// The last finished depth (99 for a table answer).
    pub depth: i32,
    /// The smallest depth from which every finished iteration had the final best move
    /// first (0 for a table answer).
    pub settled: i32,
    /// Legal moves in the position.
    pub legal: usize,
    /// The principal variation of the best line (empty for a table answer).
    pub pv: Vec<Move>,
}

impl Lines {
    /// The best move and its score.
    pub fn best(&self) -> Option<(Move, i32)> {
        self.lines.first().copied()
    }

    /// The second-best move and its score.
    pub fn second(&self) -> Option<(Move, i32)> {
        self.lines.get(1).copied()
    }
}

/// One worker's searcher: an engine (its own hash table) and optional tables.
pub struct Analyst {
    engine: Engine,
    tb: Option<Tablebase>,
}

impl Analyst {
    /// A searcher with a `hash_mb` table and, optionally, endgame tables.
    pub fn new(hash_mb: usize, tb: Option<Tablebase>) -> Analyst {
        Analyst {
            engine: Engine::new(hash_mb),
            tb,
        }
    }

    /// Starts a new game: an empty hash table and the levels' generator seeded, so that
    /// a game's work depends on its seed alone.
    pub fn reset(&mut self, seed: u64) {
        let old = std::mem::replace(&mut self.engine, Engine::new(1));
        self.engine = old.with_seed(seed);
        self.engine.clear_hash();
    }

    /// The engine (for the levels' own moves in self-play).
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The best `multipv` lines of `pos` (with `history`, the zobrist keys of the
    /// positions before it, for repetitions) at `nodes` nodes.
    pub fn analyse(&self, pos: &Position, history: &[u64], nodes: u64, multipv: usize) -> Lines {
        let legal = pos.legal_moves().len();
        if legal == 0 {
            return Lines::default();
        }
        if let Some(lines) = self.table_lines(pos, legal) {
            return lines;
        }
        let mut think = Think::new(pos.clone());
        think.history = history.to_vec();
        think.limits.nodes = Some(nodes);
        think.limits.multipv = multipv.max(1);
        let mut firsts: Vec<(i32, Move)> = Vec::new();
        let d = self.engine.think(&think, &mut |info: &Info| {
            if info.multipv == 1 && info.bound.is_none() {
                if let Some(m) = info.pv.first() {
                    firsts.push((info.depth, *m));
                }
            }
        });
        let best = d.lines.first().map(|l| l.0);
        let settled = firsts
            .iter()
            .rev()
            .take_while(|(_, m)| Some(*m) == best)
            .last()
            .map_or(d.depth, |(depth, _)| *depth);
        Lines {
            lines: d.lines,
            depth: d.depth,
            settled,
            legal,
            pv: d.pv,
        }
    }

    /// Exact lines from the tables, if they hold the position.
    fn table_lines(&self, pos: &Position, legal: usize) -> Option<Lines> {
        let tb = self.tb.as_ref()?;
        if pos.board().occupied().count() > 4 {
            return None;
        }
        let probes = tb.probe_moves(pos).ok()?;
        let mut lines: Vec<(Move, i32)> = probes
            .iter()
            .map(|p| {
                // The value after the move is the opponent's: turn it round, one ply more.
                let score = match (p.after.wdl, p.after.dtm) {
                    (Wdl::Loss, Some(d)) => MATE - (d as i32 + 1),
                    (Wdl::Win, Some(d)) => -(MATE - (d as i32 + 1)),
                    _ => 0,
                };
                (p.mv, score)
            })
            .collect();
        lines.sort_by_key(|l| std::cmp::Reverse(l.1));
        Some(Lines {
            lines,
            depth: 99,
            settled: 0,
            legal,
            pv: Vec::new(),
        })
    }
}
