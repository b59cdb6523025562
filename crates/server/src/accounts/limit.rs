//! The accounts' rate limits: token buckets by key (an address, a lower-case
//! name) that hold `burst` tokens and refill `burst` per `window`. Sign-ups take
//! a token of their address; failed log-ins take one of their address and one
//! of the name tried (whether it exists or not, so the limit says nothing about
//! which names exist); a log-in is refused while either bucket is empty.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;

/// More keys than this and the full buckets are forgotten.
const FORGET_AFTER: usize = 10_000;

/// How many requests, refilled over how long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    pub burst: u32,
    pub window_ms: u64,
}

impl Rate {
    fn per_ms(self) -> f64 {
        f64::from(self.burst.max(1)) / self.window_ms.max(1) as f64
    }
}

/// Token buckets by key: (tokens, when last counted in ms).
#[derive(Debug)]
pub struct Buckets<K> {
    buckets: Mutex<HashMap<K, (f64, u64)>>,
}

impl<K> Default for Buckets<K> {
    fn default() -> Self {
        Buckets {
            buckets: Mutex::new(HashMap::new()),
        }
    }
}

impl<K: Hash + Eq + Clone> Buckets<K> {
    /// `Ok` when `key` has a token at `now_ms`, else `Err(seconds)` until it has
    /// (at least 1). Takes it when `take`.
    ///
    /// ```
    /// use guoxiang_server::accounts::limit::{Buckets, Rate};
    /// let b = Buckets::default();
    /// let r = Rate { burst: 2, window_ms: 60_000 };
    /// assert!(b.check(&"ip", 0, r, true).is_ok());
    /// assert!(b.check(&"ip", 0, r, false).is_ok(), "only looked");
    /// assert!(b.check(&"ip", 0, r, true).is_ok());
    /// assert_eq!(b.check(&"ip", 0, r, false), Err(30));
    /// assert!(b.check(&"ip", 30_000, r, false).is_ok());
    /// ```
    pub fn check(&self, key: &K, now_ms: u64, rate: Rate, take: bool) -> Result<(), u64> {
        let burst = f64::from(rate.burst.max(1));
        let per_ms = rate.per_ms();
        let Ok(mut m) = self.buckets.lock() else {
            return Err(60);
        };
        if m.len() > FORGET_AFTER {
            m.retain(|_, (tokens, last)| {
                *tokens + now_ms.saturating_sub(*last) as f64 * per_ms < burst
            });
        }
        let (tokens, last) = m.entry(key.clone()).or_insert((burst, now_ms));
        *tokens = (*tokens + now_ms.saturating_sub(*last) as f64 * per_ms).min(burst);
        *last = now_ms.max(*last);
        if *tokens >= 1.0 {
            if take {
                *tokens -= 1.0;
            }
            Ok(())
        } else {
            let ms = (1.0 - *tokens) / per_ms;
            Err(((ms / 1000.0).ceil() as u64).max(1))
        }
    }
}
