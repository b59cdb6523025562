//! Lag compensation, bounded per player. A connection measures its round trip
//! and claims half of it for each move; what a player is actually credited
//! comes out of a quota that grows by [`QUOTA_GAIN_MS`] a move up to
//! [`QUOTA_MAX_MS`] (the idea of lichess's lag quota). A client that holds back
//! its acknowledgements to look slow gains at most the quota's growth.

use guoxiang_core::Color;

/// The quota each player starts with.
pub const QUOTA_START_MS: u64 = 300;
/// What each move adds to the quota.
pub const QUOTA_GAIN_MS: u64 = 100;
/// The most the quota holds.
pub const QUOTA_MAX_MS: u64 = 500;

/// Both players' quotas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LagQuota([u64; 2]);

impl Default for LagQuota {
    fn default() -> LagQuota {
        LagQuota([QUOTA_START_MS; 2])
    }
}

impl LagQuota {
    /// The credit `color` gets for a move for which it claims `claimed_ms`
    /// of lag; the quota pays it and then grows.
    pub fn credit(&mut self, color: Color, claimed_ms: u64) -> u64 {
        let q = &mut self.0[color.index()];
        let credit = claimed_ms.min(*q);
        *q = (*q - credit + QUOTA_GAIN_MS).min(QUOTA_MAX_MS);
        credit
    }

    /// What a move of `color` that it gave back (refused) returns to the quota.
    pub fn refund(&mut self, color: Color, credit_ms: u64) {
        let q = &mut self.0[color.index()];
        *q = q
            .saturating_sub(QUOTA_GAIN_MS)
            .saturating_add(credit_ms)
            .min(QUOTA_MAX_MS);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    #[test]
    fn an_honest_lag_is_credited_in_full() {
        let mut q = LagQuota::default();
        for _ in 0..100 {
            assert_eq!(q.credit(White, 80), 80);
        }
    }

    #[test]
    fn a_claimed_lag_beyond_the_quota_is_not_credited() {
        let mut q = LagQuota::default();
        // Holding back acknowledgements to claim 300 ms every move.
        let credited: u64 = (0..40).map(|_| q.credit(White, 300)).sum();
        assert!(
            credited <= QUOTA_START_MS + 40 * QUOTA_GAIN_MS,
            "{credited}"
        );
        assert_eq!(q.credit(White, 300), QUOTA_GAIN_MS);
        // Each player has a quota of their own.
        assert_eq!(q.credit(Black, 300), 300);
    }

    #[test]
    fn a_refused_move_gives_its_credit_back() {
        let mut q = LagQuota::default();
        let c = q.credit(White, 250);
        q.refund(White, c);
        assert_eq!(q, LagQuota::default());
    }
}
