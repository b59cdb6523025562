//! Time management: a soft limit (stop after an iteration) and a hard limit (stop
//! at once) from the clock, the increment, `movestogo` and `Move Overhead`.

use std::time::Duration;

/// The clock as UCI `go` gives it, for the side to move.
#[derive(Debug, Clone, Copy, Default)]
pub struct Clock {
    pub time: Option<Duration>,
    pub inc: Duration,
    pub movestogo: Option<u32>,
}

/// Soft and hard limits for one move.
pub fn allocate(clock: Clock, overhead: Duration) -> Option<(Duration, Duration)> {
    let time = clock.time?;
    let left = time.saturating_sub(overhead).max(Duration::from_millis(5));
    let mtg = clock.movestogo.map_or(28, |m| m.clamp(1, 50)) as f64;
    let left_s = left.as_secs_f64();
    let inc_s = clock.inc.as_secs_f64();
    let mut soft = left_s / mtg + inc_s * 0.75;
    // Never plan to use more than a share of what is left.
    let cap = if clock.movestogo == Some(1) { 0.8 } else { 0.4 };
    soft = soft.min(left_s * cap);
    let hard = (soft * 4.0).min(left_s * if clock.movestogo == Some(1) { 0.9 } else { 0.6 });
    Some((
        Duration::from_secs_f64(soft),
        Duration::from_secs_f64(hard.max(soft)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bullet_clock_leaves_time_for_the_rest_of_the_game() {
        let c = Clock {
            time: Some(Duration::from_millis(1000)),
            inc: Duration::from_millis(10),
            movestogo: None,
        };
        let (soft, hard) = allocate(c, Duration::from_millis(30)).unwrap();
        assert!(soft < Duration::from_millis(60) && hard < Duration::from_millis(400));
    }

    #[test]
    fn the_last_move_before_the_control_may_use_most_of_the_time() {
        let c = Clock {
            time: Some(Duration::from_secs(10)),
            inc: Duration::ZERO,
            movestogo: Some(1),
        };
        let (soft, hard) = allocate(c, Duration::from_millis(30)).unwrap();
        assert!(soft > Duration::from_secs(5) && hard <= Duration::from_secs(9));
    }
}
