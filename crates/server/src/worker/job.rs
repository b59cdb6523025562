//! What a computer move's job carries (`jobs.payload`, JSON): the position, the
//! keys of the positions before it (for repetitions), the level, the budget and
//! whether the game is untimed; and what its result carries: the move (UCI), the
//! score and the human thinking time of the level, which the web process waits
//! out as the local pool does.

use crate::game::EngineJob;
use guoxiang_core::Position;
use serde::{Deserialize, Serialize};

/// Why a job's payload could not be read.
#[derive(Debug, thiserror::Error)]
pub enum PayloadError {
    #[error("a move job's payload is not valid JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("a move job's position: {0}")]
    Fen(#[from] guoxiang_core::fen::FenError),
}

/// A computer move to search.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveJob {
    pub fen: String,
    pub history: Vec<u64>,
    pub level: u8,
    pub budget_ms: u64,
    pub untimed: bool,
    pub ply: usize,
}

impl MoveJob {
    pub fn of(job: &EngineJob) -> MoveJob {
        MoveJob {
            fen: job.position.fen(),
            history: job.history.clone(),
            level: job.level,
            budget_ms: job.budget_ms,
            untimed: job.untimed,
            ply: job.ply,
        }
    }

    /// The search this job asks for.
    pub fn engine_job(&self) -> Result<EngineJob, PayloadError> {
        Ok(EngineJob {
            ply: self.ply,
            position: Position::from_fen(&self.fen)?,
            history: self.history.clone(),
            level: self.level,
            budget_ms: self.budget_ms,
            untimed: self.untimed,
        })
    }

    pub fn parse(payload: &str) -> Result<MoveJob, PayloadError> {
        Ok(serde_json::from_str(payload)?)
    }
}

/// A computer move found (or why none was).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveResult {
    /// `None`: the position has no move (or the job failed: `error`).
    pub uci: Option<String>,
    pub score: i32,
    /// The level's human-like thinking time, from when the search started.
    pub think_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_job_survives_its_payload() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 3 40").expect("fen");
        let job = EngineJob {
            ply: 7,
            position: pos.clone(),
            history: vec![1, u64::MAX],
            level: 3,
            budget_ms: 250,
            untimed: true,
        };
        let json = serde_json::to_string(&MoveJob::of(&job)).expect("json");
        let back = MoveJob::parse(&json)
            .expect("parsed")
            .engine_job()
            .expect("a position");
        assert_eq!(back.position.zobrist(), pos.zobrist());
        assert_eq!(
            (
                back.ply,
                back.history,
                back.level,
                back.budget_ms,
                back.untimed
            ),
            (7, vec![1, u64::MAX], 3, 250, true)
        );
        assert!(MoveJob::parse("{").is_err());
    }
}
