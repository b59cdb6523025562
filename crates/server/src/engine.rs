//! Computer moves: searches run on a bounded pool of blocking threads (a
//! semaphore with one permit per worker), never on the async runtime. In untimed
//! games the human levels answer after a human-like thinking time (a timer, not a
//! busy thread).

use crate::game::EngineJob;
use crate::obs::METRICS;
use guoxiang_core::Move;
use guoxiang_engine::levels::{choose, human_think_ms, style_for_level};
use guoxiang_engine::search::{Limits, Shared, Worker};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

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
        let human = self.human_time && job.untimed && style_for_level(job.level).human_time;
        let (reply, think_ms) = match tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let _running = METRICS.engine_running.hold();
            search(job)
        })
        .await
        {
            Ok(r) => r,
            Err(e) => {
                METRICS.engine_failures.add(1);
                tracing::error!(error = %e, "engine search failed: no computer move");
                return None;
            }
        };
        if human {
            // The search is done and its thread freed; the answer waits on a timer.
            let wait = Duration::from_millis(think_ms).saturating_sub(started.elapsed());
            tokio::time::sleep(wait).await;
        }
        Some(reply)
    }
}

/// The reply and a human-like thinking time for it, in milliseconds.
fn search(job: EngineJob) -> (EngineReply, u64) {
    let style = style_for_level(job.level);
    let shared = Shared::new(2);
    let budget = Duration::from_millis(job.budget_ms);
    let limits = Limits {
        depth: style.depth,
        nodes: style.nodes,
        soft: Some(budget / 2),
        hard: Some(budget),
        multipv: style.candidates.max(1),
        ..Limits::default()
    };
    let result = Worker::new(&shared, 0, job.history, limits).search(&job.position, &mut |_| {});
    let rand = random_unit();
    let mv = choose(&result.lines, &style, rand).or(result.best);
    let score = result
        .lines
        .iter()
        .find(|(m, _)| Some(*m) == mv)
        .map_or(result.score, |l| l.1);
    let think_ms = human_think_ms(&result.lines, random_unit());
    (
        EngineReply {
            ply: job.ply,
            key: job.position.zobrist(),
            mv,
            score,
        },
        think_ms,
    )
}

/// A uniform number in [0, 1) from the operating system's generator.
pub fn random_unit() -> f64 {
    let mut b = [0u8; 8];
    if getrandom::fill(&mut b).is_err() {
        return 0.5;
    }
    (u64::from_le_bytes(b) >> 11) as f64 / (1u64 << 53) as f64
}
