//! The chess clock, as pure arithmetic on milliseconds: no timers and no reading of
//! the system time. The caller passes `now` (any monotonic millisecond count), so
//! tests compute exact times without sleeping. Supports untimed games, Fischer
//! increment, simple (US) delay, Bronstein delay and multi-period controls (a
//! number of moves in a period, then the next period's time is added). A player's
//! first move does not run the clock: each side's clock starts only once both
//! sides have made their first move (and no bonus is given for those moves).

use guoxiang_core::Color;
use serde::{Deserialize, Serialize};

/// How the per-move bonus of a period is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
pub enum Bonus {
    /// The bonus is added after each move (Fischer increment).
    #[default]
    Increment,
    /// The clock starts counting down only after the bonus has elapsed (simple delay).
    Delay,
    /// After the move, the time used is given back, at most the bonus (Bronstein).
    Bronstein,
}

/// One period of a time control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct Period {
    /// Moves by each player in this period; `None`: the rest of the game.
    #[serde(default)]
    pub moves: Option<u32>,
    /// Time added to the clock at the start of the period, in milliseconds.
    pub time_ms: u64,
    /// The per-move increment or delay in this period, in milliseconds.
    #[serde(default)]
    pub bonus_ms: u64,
}

/// A time control: no periods means untimed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default, ts_rs::TS)]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    #[serde(default)]
    pub periods: Vec<Period>,
    #[serde(default)]
    pub bonus: Bonus,
}

/// Why a time control is not acceptable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    #[error("only the last period may be open-ended (moves = null)")]
    OpenPeriodNotLast,
    #[error("a period with a number of moves needs at least one move")]
    ZeroMoves,
    #[error("the first period needs some time")]
    NoTime,
    #[error("times are limited to 24 hours a period and 1 hour of bonus")]
    TooLong,
    #[error("at most 5 periods")]
    TooManyPeriods,
    #[error("unknown preset {0:?}")]
    UnknownPreset(String),
}

impl TimeControl {
    /// No clock.
    pub fn untimed() -> TimeControl {
        TimeControl::default()
    }

    /// `minutes` + `increment_s` Fischer.
    pub fn fischer(base_ms: u64, increment_ms: u64) -> TimeControl {
        TimeControl {
            periods: vec![Period {
                moves: None,
                time_ms: base_ms,
                bonus_ms: increment_ms,
            }],
            bonus: Bonus::Increment,
        }
    }

    /// A preset "M+S" (minutes + seconds of increment) such as "3+2".
    pub fn preset(name: &str) -> Result<TimeControl, TimeControlError> {
        let presets = ["1+0", "3+2", "5+0", "10+5", "15+10", "30+20"];
        if !presets.contains(&name) {
            return Err(TimeControlError::UnknownPreset(name.to_string()));
        }
        let (m, s) = name
            .split_once('+')
            .ok_or_else(|| TimeControlError::UnknownPreset(name.to_string()))?;
        let m: u64 = m
            .parse()
            .map_err(|_| TimeControlError::UnknownPreset(name.to_string()))?;
        let s: u64 = s
            .parse()
            .map_err(|_| TimeControlError::UnknownPreset(name.to_string()))?;
        Ok(TimeControl::fischer(m * 60_000, s * 1000))
    }

    pub fn is_untimed(&self) -> bool {
        self.periods.is_empty()
    }

    /// Checks the shape and bounds of the control.
    pub fn validate(&self) -> Result<(), TimeControlError> {
        if self.periods.len() > 5 {
            return Err(TimeControlError::TooManyPeriods);
        }
        for (i, p) in self.periods.iter().enumerate() {
            if p.moves.is_none() && i + 1 != self.periods.len() {
                return Err(TimeControlError::OpenPeriodNotLast);
            }
            if p.moves == Some(0) {
                return Err(TimeControlError::ZeroMoves);
            }
            if p.time_ms > 86_400_000 || p.bonus_ms > 3_600_000 {
                return Err(TimeControlError::TooLong);
            }
        }
        if let Some(first) = self.periods.first() {
            if first.time_ms == 0 {
                return Err(TimeControlError::NoTime);
            }
        }
        Ok(())
    }

    /// The period in which a player's `n`-th move (0-based) falls, if timed. After a
    /// last period with a move count, that period repeats.
    fn period_for_move(&self, n: u32) -> Option<&Period> {
        let mut start = 0u32;
        for p in &self.periods {
            match p.moves {
                None => return Some(p),
                Some(k) => {
                    if n < start + k {
                        return Some(p);
                    }
                    start += k;
                }
            }
        }
        self.periods.last()
    }

    /// Time added when a player has completed `done` moves (the start of a new
    /// period), zero otherwise.
    fn time_added_after(&self, done: u32) -> u64 {
        let mut end = 0u32;
        for (i, p) in self.periods.iter().enumerate() {
            let Some(k) = p.moves else { return 0 };
            end += k;
            if done == end {
                // The next period starts now (or this one repeats if it is the last).
                return self.periods.get(i + 1).unwrap_or(p).time_ms;
            }
            if done < end {
                return 0;
            }
        }
        // Past the end of a control whose last period has a move count: it repeats.
        match self.periods.last() {
            Some(Period {
                moves: Some(k),
                time_ms,
                ..
            }) if (done - end) % k == 0 => *time_ms,
            _ => 0,
        }
    }
}

/// What the clock said when a move was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Press {
    /// The move was in time; the mover's remaining time afterwards.
    InTime { remaining_ms: u64 },
    /// The mover's flag had fallen before the move.
    Flagged,
}

/// The state of a two-sided clock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    pub control: TimeControl,
    /// Remaining base time of White and Black (not counting a running delay).
    remaining: [u64; 2],
    /// Moves completed by White and Black.
    moves: [u32; 2],
    /// The side whose clock runs, and since when.
    running: Option<(Color, u64)>,
    /// Time the running side had already used before `since` (a clock restored
    /// after a crash carries what was used up to the server's last sign of life).
    carried: u64,
    /// The sides that berserked: no bonus (increment, delay, Bronstein) for them.
    berserk: [bool; 2],
}

impl Clock {
    pub fn new(control: TimeControl) -> Clock {
        let first = control.periods.first().map_or(0, |p| p.time_ms);
        Clock {
            control,
            remaining: [first, first],
            moves: [0, 0],
            running: None,
            carried: 0,
            berserk: [false, false],
        }
    }

    /// A clock restored from stored remaining times and move counts (stopped).
    pub fn restore(control: TimeControl, remaining: [u64; 2], moves: [u32; 2]) -> Clock {
        Clock {
            control,
            remaining,
            moves,
            running: None,
            carried: 0,
            berserk: [false, false],
        }
    }

    pub fn is_untimed(&self) -> bool {
        self.control.is_untimed()
    }

    pub fn moves_made(&self, color: Color) -> u32 {
        self.moves[color.index()]
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// Starts `color`'s clock at `now` if the game is timed and both sides have
    /// already made their first move; otherwise the clock stays stopped.
    pub fn start(&mut self, color: Color, now: u64) {
        self.carried = 0;
        if self.is_untimed() || self.moves[0] == 0 || self.moves[1] == 0 {
            self.running = None;
        } else {
            self.running = Some((color, now));
        }
    }

    /// Like [`Clock::start`], with `used_ms` already used on this move (before
    /// `now`): a game restored after a crash charges the time its side to move
    /// thought while the server was still alive.
    pub fn start_used(&mut self, color: Color, now: u64, used_ms: u64) {
        self.start(color, now);
        if self.running.is_some() {
            self.carried = used_ms;
        }
    }

    /// Thinking time of the running side at `now`.
    fn elapsed(&self, since: u64, now: u64) -> u64 {
        now.saturating_sub(since).saturating_add(self.carried)
    }

    /// Stops the clock without charging anything (used on restart and game end).
    pub fn stop(&mut self, now: u64) {
        if let Some((c, since)) = self.running {
            // Charge the time used so far, without bonus, so a stop is not a gift.
            let charged = self.charge(self.elapsed(since, now));
            let r = &mut self.remaining[c.index()];
            *r = r.saturating_sub(charged);
        }
        self.running = None;
        self.carried = 0;
    }

    fn current_bonus(&self, color: Color) -> u64 {
        if self.berserk[color.index()] {
            return 0;
        }
        self.control
            .period_for_move(self.moves[color.index()])
            .map_or(0, |p| p.bonus_ms)
    }

    /// Time that counts against the base for `used` ms of thinking (after a delay).
    fn charge(&self, used: u64) -> u64 {
        match self.running {
            Some((c, _)) if self.control.bonus == Bonus::Delay => {
                used.saturating_sub(self.current_bonus(c))
            }
            _ => used,
        }
    }

    /// `color`'s remaining time at `now`, as a display shows it (the base time; a
    /// simple delay does not show as time).
    pub fn remaining(&self, color: Color, now: u64) -> u64 {
        let base = self.remaining[color.index()];
        match self.running {
            Some((c, since)) if c == color => {
                base.saturating_sub(self.charge(self.elapsed(since, now)))
            }
            _ => base,
        }
    }

    /// When (in the caller's time) the running side's flag falls, if a clock runs.
    pub fn flag_time(&self) -> Option<(Color, u64)> {
        let (c, since) = self.running?;
        let mut allowed = self.remaining[c.index()];
        if self.control.bonus == Bonus::Delay {
            allowed += self.current_bonus(c);
        }
        Some((c, (since + allowed).saturating_sub(self.carried)))
    }

    /// Whether the running side has run out of time at `now`.
    pub fn flagged(&self, now: u64) -> Option<Color> {
        match self.flag_time() {
            Some((c, t)) if now >= t => Some(c),
            _ => None,
        }
    }

    /// `color` completes a move at `now`; `credit_ms` is lag compensation taken off
    /// the time used. Applies the bonus and the next period's time, and leaves the
    /// clock stopped (call [`Clock::start`] for the opponent).
    pub fn press(&mut self, color: Color, now: u64, credit_ms: u64) -> Press {
        let i = color.index();
        let mut bonus = 0;
        match self.running {
            Some((c, since)) if c == color => {
                let used = self.elapsed(since, now).saturating_sub(credit_ms);
                let b = self.current_bonus(color);
                let base = self.remaining[i];
                match self.control.bonus {
                    Bonus::Increment => {
                        if used >= base {
                            return Press::Flagged;
                        }
                        self.remaining[i] = base - used;
                        bonus = b;
                    }
                    Bonus::Delay => {
                        let charged = used.saturating_sub(b);
                        if charged >= base && charged > 0 {
                            return Press::Flagged;
                        }
                        self.remaining[i] = base - charged.min(base);
                    }
                    Bonus::Bronstein => {
                        if used >= base {
                            return Press::Flagged;
                        }
                        self.remaining[i] = base - used;
                        bonus = used.min(b);
                    }
                }
            }
            _ => {}
        }
        self.running = None;
        self.carried = 0;
        self.moves[i] += 1;
        self.remaining[i] += bonus + self.control.time_added_after(self.moves[i]);
        Press::InTime {
            remaining_ms: self.remaining[i],
        }
    }

    /// Sets the remaining times and move counts (after a takeback).
    pub fn set(&mut self, remaining: [u64; 2], moves: [u32; 2]) {
        self.remaining = remaining;
        self.moves = moves;
        self.running = None;
        self.carried = 0;
    }

    /// What a berserk takes off a clock: half the first period's time.
    pub fn berserk_penalty(&self) -> u64 {
        self.control.periods.first().map_or(0, |p| p.time_ms / 2)
    }

    /// `color` berserks: half the first period's time is taken off its clock and
    /// it gets no bonus for the rest of the game (the rules decide whether it may).
    pub fn berserk(&mut self, color: Color) {
        let i = color.index();
        self.remaining[i] = self.remaining[i].saturating_sub(self.berserk_penalty());
        self.berserk[i] = true;
    }

    /// Which sides berserked (White, Black).
    pub fn berserked(&self) -> [bool; 2] {
        self.berserk
    }

    /// Marks the sides that berserked (a restored game: its stored times are
    /// already the halved ones).
    pub fn set_berserked(&mut self, sides: [bool; 2]) {
        self.berserk = sides;
    }

    /// The stored remaining times (base) of both sides.
    pub fn stored(&self) -> [u64; 2] {
        self.remaining
    }
}

#[cfg(test)]
mod tests;
