//! Rate limits per client address for the puzzle requests that cost something (a
//! judged move may search; an attempt writes to the database): a token bucket per
//! address that holds `per_minute` tokens and refills at that rate. A refused
//! request learns how many seconds until the next token (`Retry-After`).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

/// More addresses than this and the full buckets are forgotten.
const FORGET_AFTER: usize = 10_000;

/// Token buckets by address: (tokens, when last counted in ms).
#[derive(Debug, Default)]
pub struct Limiter {
    buckets: Mutex<HashMap<IpAddr, (f64, u64)>>,
}

impl Limiter {
    /// Takes one token of `ip`'s bucket at `now_ms`: `Ok`, or `Err(seconds)` until
    /// one is there again (at least 1).
    ///
    /// ```
    /// use guoxiang_server::http::puzzles::limit::Limiter;
    /// let l = Limiter::default();
    /// let ip = std::net::IpAddr::from([127, 0, 0, 1]);
    /// assert!(l.take(ip, 0, 2).is_ok());
    /// assert!(l.take(ip, 0, 2).is_ok());
    /// assert_eq!(l.take(ip, 0, 2), Err(30));
    /// assert!(l.take(ip, 30_000, 2).is_ok());
    /// ```
    pub fn take(&self, ip: IpAddr, now_ms: u64, per_minute: u32) -> Result<(), u64> {
        let burst = f64::from(per_minute.max(1));
        let rate = burst / 60_000.0;
        let Ok(mut m) = self.buckets.lock() else {
            return Err(60);
        };
        if m.len() > FORGET_AFTER {
            m.retain(|_, (tokens, last)| {
                *tokens + now_ms.saturating_sub(*last) as f64 * rate < burst
            });
        }
        let (tokens, last) = m.entry(ip).or_insert((burst, now_ms));
        *tokens = (*tokens + now_ms.saturating_sub(*last) as f64 * rate).min(burst);
        *last = now_ms.max(*last);
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            let ms = (1.0 - *tokens) / rate;
            Err(((ms / 1000.0).ceil() as u64).max(1))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_address_has_its_own_bucket_and_it_refills_with_time() {
        let l = Limiter::default();
        let a = IpAddr::from([10, 0, 0, 1]);
        let b = IpAddr::from([10, 0, 0, 2]);
        for _ in 0..30 {
            assert!(l.take(a, 1_000, 30).is_ok());
        }
        assert_eq!(l.take(a, 1_000, 30), Err(2));
        assert!(
            l.take(b, 1_000, 30).is_ok(),
            "another address is not held back"
        );
        assert_eq!(l.take(a, 2_000, 30), Err(1));
        assert!(l.take(a, 3_000, 30).is_ok());
        assert!(l.take(a, 3_000, 30).is_err());
    }
}
