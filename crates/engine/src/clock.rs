//! The search's clock. On every target with an operating system clock this is
//! [`std::time::Instant`]; on `wasm32-unknown-unknown`, where `Instant::now()`
//! panics, it is a monotonic millisecond count read from the host through one
//! imported function, `env.gx_now_ms() -> f64` (a browser gives it
//! `performance.now()`). Only what the search needs is offered: `now`,
//! `elapsed`, adding a [`Duration`] and `saturating_duration_since`.
//!
//! ```
//! use guoxiang_engine::clock::Instant;
//! use std::time::Duration;
//! let start = Instant::now();
//! let later = start + Duration::from_millis(5);
//! assert!(later.saturating_duration_since(start) >= Duration::from_millis(5));
//! assert!(start.saturating_duration_since(later).is_zero());
//! ```

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use self::host::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod host {
    use std::ops::Add;
    use std::time::Duration;

    #[link(wasm_import_module = "env")]
    extern "C" {
        /// Milliseconds since an arbitrary origin, never decreasing.
        fn gx_now_ms() -> f64;
    }

    /// A point in time: milliseconds since the host's origin.
    #[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
    pub struct Instant(f64);

    impl Instant {
        /// Now, by the host's monotonic clock.
        pub fn now() -> Instant {
            // SAFETY: the import takes no arguments and returns a plain number.
            Instant(unsafe { gx_now_ms() })
        }

        /// The time from `earlier` to this instant, zero if `earlier` is later.
        pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
            let ms = self.0 - earlier.0;
            if ms.is_finite() && ms > 0.0 {
                Duration::from_secs_f64(ms / 1000.0)
            } else {
                Duration::ZERO
            }
        }

        /// The time since this instant.
        pub fn elapsed(&self) -> Duration {
            Instant::now().saturating_duration_since(*self)
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0 + d.as_secs_f64() * 1000.0)
        }
    }
}
