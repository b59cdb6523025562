//! The computer's side of a game: the search to start when it is to move, and
//! what to do with the engine's answer (play it, or resign when the level
//! resigns). The engine itself runs elsewhere (`crate::engine`).

use super::{rules, Change, Ending, GameState, DEFAULT_LEVEL};
use crate::time::Now;
use guoxiang_core::Position;

/// A search the game task should start for the computer's move.
pub struct EngineJob {
    pub ply: usize,
    pub position: Position,
    pub history: Vec<u64>,
    pub level: u8,
    /// Milliseconds the engine may use at most.
    pub budget_ms: u64,
    /// The game has no clock.
    pub untimed: bool,
}

impl GameState {
    /// The engine search to start now, if the computer is to move.
    pub fn engine_job(&self) -> Option<EngineJob> {
        let cpu = self.computer?;
        if self.is_over() || self.game.turn() != cpu {
            return None;
        }
        let positions = self.game.positions();
        let budget_ms = if self.clock.is_untimed() {
            1_000
        } else {
            (self.clock.stored()[cpu.index()] / 40).clamp(50, 2_000)
        };
        Some(EngineJob {
            ply: self.game.moves().len(),
            position: self.game.position().clone(),
            history: positions[..positions.len() - 1]
                .iter()
                .map(Position::zobrist)
                .collect(),
            level: self.level.unwrap_or(DEFAULT_LEVEL),
            budget_ms,
            untimed: self.clock.is_untimed(),
        })
    }

    /// The engine's answer for the position after `ply` moves: a move, or a
    /// resignation.
    pub fn engine_move(
        &mut self,
        ply: usize,
        mv: Option<guoxiang_core::Move>,
        score: i32,
        now: Now,
    ) -> Vec<Change> {
        let Some(cpu) = self.computer else {
            return Vec::new();
        };
        if ply != self.game.moves().len() || self.is_over() || self.game.turn() != cpu {
            return Vec::new(); // stale (a takeback happened meanwhile)
        }
        self.engine_scores.push(score);
        let level = self.level.unwrap_or(DEFAULT_LEVEL);
        if guoxiang_engine::levels::resigns(level, &self.engine_scores) {
            if let Ok(o) = self.game.resign(cpu) {
                return self.finish(Ending::Outcome(o), now);
            }
        }
        let before = self.standing();
        let after = self.after().clone();
        let mut changes = match mv {
            Some(m) if self.game.position().is_legal(m) => {
                // The move clears the last notice.
                self.after.notice = None;
                rules::play(self, cpu, m, now, 0).unwrap_or_else(|_| self.flag(cpu, now))
            }
            _ => Vec::new(),
        };
        if !self.is_over() && self.standing() != before {
            changes.push(Change::Standing(self.standing()));
        }
        changes.extend(self.after_change(&after));
        changes
    }
}

/// Whether the computer at `level` accepts a draw offer, given its last
/// evaluation from its own side and the move number.
pub(super) fn computer_accepts(level: u8, last_score: i32, fullmove: u32) -> bool {
    guoxiang_engine::levels::accepts_draw(level, last_score, fullmove)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_computer_does_not_take_a_draw_when_it_is_winning() {
        assert!(!super::computer_accepts(3, 900, 40));
        assert!(super::computer_accepts(3, -400, 40));
    }
}
