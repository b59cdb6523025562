//! Computer moves: searches run on a bounded pool of blocking threads (a
//! semaphore with one permit per worker), never on the async runtime. Each move is
//! decided by the engine's facade, [`Engine::think`], with the game's level; in
//! untimed games the human levels answer after the human-like thinking time it
//! returns (a timer, not a busy thread).

use crate::game::EngineJob;
use crate::obs::METRICS;
use guoxiang_core::Move;
use guoxiang_engine::levels::style_for_level;
use guoxiang_engine::{Decision, Engine, Think};
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
}

impl EnginePool {
    pub fn new(threads: usize, human_time: bool) -> EnginePool {
        EnginePool {
            permits: Arc::new(Semaphore::new(threads.max(1))),
            human_time,
        }
    }

    /// Searches `job` on the pool, waiting for a free worker first.
    pub async fn think(&self, job: EngineJob) -> Option<EngineReply> {
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
        let decision = match tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let _running = METRICS.engine_running.hold();
            decide(job)
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

/// What the engine plays in `job`: the level's choice within the job's budget.
fn decide(job: EngineJob) -> Decision {
    let budget = Duration::from_millis(job.budget_ms);
    let mut think = Think::new(job.position);
    think.history = job.history;
    think.style = Some(style_for_level(job.level));
    think.limits.soft = Some(budget / 2);
    think.limits.hard = Some(budget);
    Engine::new(HASH_MB)
        .with_seed(random_seed())
        .think(&think, &mut |_| {})
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
