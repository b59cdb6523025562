//! Who is connected. A player of a friend game whose last connection closes is
//! "gone"; after the grace period the opponent may claim the win or a draw.
//! Times are the caller's monotonic milliseconds.

use super::refusal::Refusal;
use guoxiang_core::Color;

/// Connections per side and since when each side is gone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presence {
    connections: [u32; 2],
    gone_since: [Option<u64>; 2],
    grace_ms: u64,
}

impl Presence {
    /// Nobody connected yet (nobody counts as gone before a first connection).
    pub fn new(grace_ms: u64) -> Presence {
        Presence {
            connections: [0, 0],
            gone_since: [None, None],
            grace_ms,
        }
    }

    /// A connection of `color` opened.
    pub fn connected(&mut self, color: Color) {
        let i = color.index();
        self.connections[i] += 1;
        self.gone_since[i] = None;
    }

    /// A connection of `color` closed at `now`; `counts` says whether leaving
    /// counts against the player (a friend game in play).
    pub fn disconnected(&mut self, color: Color, now: u64, counts: bool) {
        let i = color.index();
        self.connections[i] = self.connections[i].saturating_sub(1);
        if self.connections[i] == 0 && counts {
            self.gone_since[i] = Some(now);
        }
    }

    /// Since when `color` is gone, if it is.
    pub fn gone_since(&self, color: Color) -> Option<u64> {
        self.gone_since[color.index()]
    }

    /// Whether the grace period after `color` left has passed at `now`.
    pub fn claimable_against(&self, color: Color, now: u64) -> bool {
        self.gone_since(color)
            .is_some_and(|t| now >= t.saturating_add(self.grace_ms))
    }

    /// `claimant` may claim because the opponent is gone long enough.
    pub fn ensure_opponent_gone(&self, claimant: Color, now: u64) -> Result<(), Refusal> {
        match self.gone_since(!claimant) {
            Some(_) if self.claimable_against(!claimant, now) => Ok(()),
            Some(_) => Err(Refusal::TooEarly),
            None => Err(Refusal::OpponentPresent),
        }
    }

    /// The next moment after `now` at which a claim opens.
    pub fn next_deadline(&self, now: u64) -> Option<u64> {
        self.gone_since
            .iter()
            .flatten()
            .map(|t| t.saturating_add(self.grace_ms))
            .filter(|t| *t > now)
            .min()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    #[test]
    fn a_claim_opens_only_after_the_grace_period_since_the_last_connection_closed() {
        let mut p = Presence::new(60_000);
        p.connected(Black);
        p.connected(Black);
        p.disconnected(Black, 1_000, true);
        assert_eq!(
            p.ensure_opponent_gone(White, 100_000),
            Err(Refusal::OpponentPresent)
        );
        p.disconnected(Black, 2_000, true);
        assert_eq!(p.next_deadline(2_000), Some(62_000));
        assert_eq!(
            p.ensure_opponent_gone(White, 61_999),
            Err(Refusal::TooEarly)
        );
        assert_eq!(p.ensure_opponent_gone(White, 62_000), Ok(()));
        assert_eq!(p.next_deadline(62_000), None);
    }

    #[test]
    fn coming_back_cancels_the_claim_and_leaving_a_finished_game_does_not_count() {
        let mut p = Presence::new(10);
        p.connected(White);
        p.disconnected(White, 0, true);
        p.connected(White);
        assert_eq!(
            p.ensure_opponent_gone(Black, 1_000),
            Err(Refusal::OpponentPresent)
        );
        p.disconnected(White, 0, false);
        assert_eq!(p.gone_since(White), None);
    }
}
