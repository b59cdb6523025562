//! Computer moves: searches run on a bounded pool of blocking threads (a
//! semaphore with one permit per worker), never on the async runtime. Each move is
//! decided by the engine's facade, [`Engine::think`], with the game's level; in
//! untimed games the human levels answer after the human-like thinking time it
//! returns (a timer, not a busy thread). With `serve --workers` the pool searches
//! nothing: each move is a job for the worker processes ([`Remote`]).

use crate::game::EngineJob;
use crate::obs::METRICS;
use crate::worker::remote::Remote;
use guoxiang_core::Move;
use guoxiang_engine::levels::{style_for_level, Style};
use guoxiang_engine::{Decision, Engine, Tablebase, Think};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// The transposition table of one computer move, in MB.
const HASH_MB: usize = 2;

/// The engine's answer: a move (none if it has none) and its score from its side.
pub struct EngineReply {
    pub ply: usize,
    /// The Zobrist key of the position searched.
    pub key: u64,
    pub mv: Option<Move>,
    pub score: i32,
}

#[derive(Clone)]
pub struct EnginePool {
    permits: Arc<Semaphore>,
    /// Whether levels that imitate human thinking time do so in untimed games.
    human_time: bool,
    /// The endgame tables handed to every search (the engine probes them only at
    /// full strength; human levels ignore them).
    tables: Option<Tablebase>,
    /// `serve --workers`: every move is a job for the worker processes.
    remote: Option<Arc<Remote>>,
}

impl EnginePool {
    pub fn new(threads: usize, human_time: bool, tables: Option<Tablebase>) -> EnginePool {
        EnginePool {
            permits: Arc::new(Semaphore::new(threads.max(1))),
            human_time,
            tables,
            remote: None,
        }
    }

    /// A pool that searches nothing itself: each move is a job for the worker
    /// processes ([`Remote`]).
    pub fn remote(human_time: bool, remote: Arc<Remote>) -> EnginePool {
        EnginePool {
            permits: Arc::new(Semaphore::new(1)),
            human_time,
            tables: None,
            remote: Some(remote),
        }
    }

    /// Searches `job` on the pool, waiting for a free worker first (or, with
    /// workers, waits for a worker's answer).
    pub async fn think(&self, job: EngineJob) -> Option<EngineReply> {
        if let Some(remote) = &self.remote {
            return remote.think(job, self.human_time).await;
        }
        let waiting = METRICS.engine_waiting.hold();
        let Ok(permit) = self.permits.clone().acquire_owned().await else {
            METRICS.engine_failures.add(1);
            tracing::error!("engine pool closed: no computer move");
            return None;
        };
        drop(waiting);
        let started = std::time::Instant::now();
        let human = self.human_time && job.untimed;
        let (ply, key) = (job.ply, job.position.zobrist());
        let tables = self.tables.clone();
        let decision = match tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let _running = METRICS.engine_running.hold();
            decide(job, tables)
        })
        .await
        {
            Ok(d) => d,
            Err(e) => {
                METRICS.engine_failures.add(1);
                tracing::error!(error = %e, "engine search failed: no computer move");
                return None;
            }
        };
        if let Some(think) = decision.think_time.filter(|_| human) {
            // The search is done and its thread freed; the answer waits on a timer.
            tokio::time::sleep(think.saturating_sub(started.elapsed())).await;
        }
        Some(EngineReply {
            ply,
            key,
            mv: decision.best,
            score: decision.score,
        })
    }
}

/// What the engine plays in `job`: the level's choice within the job's budget
/// (here, or in a worker process).
pub(crate) fn decide(job: EngineJob, tables: Option<Tablebase>) -> Decision {
    let budget = Duration::from_millis(job.budget_ms);
    let mut think = Think::new(job.position);
    think.history = job.history;
    think.style = style_of(job.level);
    think.limits.soft = Some(budget / 2);
    think.limits.hard = Some(budget);
    Engine::new(HASH_MB)
        .with_seed(random_seed())
        .with_tablebase(tables)
        .think(&think, &mut |_| {})
}

/// The engine's style for a game's level, `None` at full strength (level 8):
/// the same unrestricted search as the full-strength style, but marked so the
/// engine may answer endings of four pieces or fewer from the tablebases (it
/// uses tables only for style-less searches; human levels never do).
fn style_of(level: u8) -> Option<Style> {
    let s = style_for_level(level);
    let full = s.depth.is_none()
        && s.nodes.is_none()
        && s.candidates <= 1
        && s.temperature <= 0.0
        && !s.human_time;
    (!full).then_some(s)
}

/// A seed from the operating system's generator, so games differ.
fn random_seed() -> u64 {
    let mut b = [0u8; 8];
    if getrandom::fill(&mut b).is_err() {
        return 0x9e37_79b9_7f4a_7c15;
    }
    u64::from_le_bytes(b)
}

/// A uniform number in [0, 1) from the operating system's generator.
pub fn random_unit() -> f64 {
    (random_seed() >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_full_strength_level_searches_without_a_style() {
        assert!(style_of(8).is_none());
        for level in 1..=7 {
            assert!(style_of(level).is_some(), "level {level}");
        }
    }
}
