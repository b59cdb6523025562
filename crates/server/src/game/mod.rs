//! One game's authoritative state and its rules of play, pure: no I/O, no JSON,
//! no database rows, no clock reads (the time is passed in as a
//! [`Now`]). The core's `Game` keeps the moves, the endings and the draw-offer
//! rules; around it: the clock, who holds which side ([`seats`]), takebacks
//! ([`takeback`]), premoves ([`premove`]), who is connected ([`presence`]),
//! draws ([`draws`]), lag compensation ([`lag`]), the computer's side
//! (`computer`), berserk in arena games ([`berserk`]) and how the game ended
//! ([`ending`]). Every action is
//! checked completely before anything changes; a successful action returns the
//! [`Change`]s that make it durable (the game task commits them before it
//! answers). A game is built from a [`Record`] — new, or as stored — and its moves.

pub mod berserk;
mod computer;
pub mod draws;
pub mod ending;
pub mod lag;
mod opening;
pub mod premove;
pub mod presence;
pub mod refusal;
pub mod rematch;
mod rules;
pub mod seats;
pub mod takeback;

pub use berserk::Berserk;
pub use computer::EngineJob;
pub use draws::Standing;
pub use ending::Ending;
pub use opening::{opening_of, OPENING_PLIES};
pub use refusal::Refusal;
pub use rematch::{After, Notice, Rematch, Rematched};
pub use seats::{Seat, Seats, SecretHash};

use crate::clock::{Clock, TimeControl};
use crate::protocol::{Mode, Status};
use crate::time::Now;
use guoxiang_core::{Color, Game, Position};

/// The computer's level when a game does not name one (docs/API.md).
pub const DEFAULT_LEVEL: u8 = 3;
/// The levels a game against the computer may have.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=8;

/// Times the server applies to every game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// How long a player must be gone before the opponent may claim.
    pub grace_ms: u64,
    /// How long a friend game waits for its second player before it is aborted.
    pub join_timeout_ms: u64,
}

/// A game as stored: the facts fixed at its creation and where it stands.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    pub id: String,
    /// Wall-clock milliseconds since the Unix epoch.
    pub created_at: i64,
    pub mode: Mode,
    pub level: Option<u8>,
    pub computer: Option<Color>,
    pub control: TimeControl,
    pub seats: Seats,
    /// What the join link carries (friend games): only its holder may join.
    pub join_key: Option<SecretHash>,
    /// The starting position when it is not the standard one.
    pub start: Option<Position>,
    pub status: Status,
    pub ending: Option<Ending>,
    /// Both clocks' stored (base) times.
    pub clocks: [u64; 2],
    pub finished_at: Option<i64>,
    /// Draw offers and a takeback request standing between two moves.
    pub standing: Standing,
    /// Wall-clock time since which the side to move has been thinking.
    pub turn_since: Option<i64>,
    /// The rematch and the last refusal the players should hear of.
    pub after: After,
    /// Whether the game may be berserked (an arena game) and who did.
    pub berserk: Berserk,
}

/// A stored move with both clocks after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRecord {
    /// 1 for the first move.
    pub ply: u64,
    pub uci: String,
    pub san: String,
    pub clocks: [u64; 2],
    /// Wall-clock time of the move.
    pub at: i64,
}

/// What must be stored after an action, in order.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// The second player of a friend game joined.
    Joined {
        color: Color,
        secret: SecretHash,
    },
    Moved(MoveRecord),
    /// Only the first `keep` moves remain (a takeback).
    TakenBack {
        keep: u64,
        clocks: [u64; 2],
        at: i64,
    },
    /// The offers and the takeback request now.
    Standing(Standing),
    /// A restored game's clock runs again, as if its side to move had been
    /// thinking since `since` (wall clock).
    Resumed {
        since: i64,
    },
    Finished {
        ending: Ending,
        clocks: [u64; 2],
        at: i64,
    },
    /// The rematch and the last notice now.
    After(After),
    /// `color` berserked: who has now, and both clocks after it.
    Berserk {
        color: Color,
        sides: [bool; 2],
        clocks: [u64; 2],
    },
}

/// What a player may ask of a game (the wire's `Action`, read).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    Move(String),
    Premove(Option<String>),
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    ClaimDraw(crate::protocol::ClaimReason),
    ClaimVictory,
    Resign,
    Abort,
    TakebackRequest,
    TakebackAccept,
    TakebackDecline,
    Rematch,
    DeclineRematch,
    Berserk,
}

impl TryFrom<crate::protocol::Action> for Action {
    type Error = Refusal;

    fn try_from(a: crate::protocol::Action) -> Result<Action, Refusal> {
        use crate::protocol::Action as A;
        Ok(match a {
            A::Move { uci } => Action::Move(uci),
            A::Premove { uci } => Action::Premove(uci),
            A::OfferDraw => Action::OfferDraw,
            A::AcceptDraw => Action::AcceptDraw,
            A::DeclineDraw => Action::DeclineDraw,
            A::ClaimDraw { reason } => Action::ClaimDraw(draws::claim_reason(&reason)?),
            A::ClaimVictory => Action::ClaimVictory,
            A::Resign => Action::Resign,
            A::Abort => Action::Abort,
            A::TakebackRequest => Action::TakebackRequest,
            A::TakebackAccept => Action::TakebackAccept,
            A::TakebackDecline => Action::TakebackDecline,
            A::Rematch => Action::Rematch,
            A::DeclineRematch => Action::DeclineRematch,
            A::Berserk => Action::Berserk,
        })
    }
}

/// A game in play or finished.
pub struct GameState {
    pub id: String,
    pub mode: Mode,
    pub level: Option<u8>,
    pub computer: Option<Color>,
    pub created_at: i64,
    pub seats: Seats,
    pub join_key: Option<SecretHash>,
    pub status: Status,
    pub game: Game,
    pub clock: Clock,
    pub ending: Option<Ending>,
    sans: Vec<String>,
    /// Both clocks (base times) after each ply.
    clocks_after: Vec<[u64; 2]>,
    takeback: takeback::Request,
    premove: premove::Premove,
    presence: presence::Presence,
    /// What lag compensation each player may still be credited.
    lag: lag::LagQuota,
    limits: Limits,
    /// The engine's recent evaluations, from its own side.
    pub engine_scores: Vec<i32>,
    /// Set when a restored clock runs again: to be stored once.
    resumed: Option<i64>,
    /// The rematch and the last notice ([`rematch`]).
    after: After,
    /// Connected viewers that are not players (set by the game's task).
    pub spectators: u64,
    /// The opening named so far (`None` for a game from a custom position),
    /// updated as moves are played and recomputed after a takeback.
    opening: Option<guoxiang_openings::Tracker>,
    /// An arena game: its players may berserk ([`berserk`]).
    berserk_allowed: bool,
}

impl GameState {
    /// A game from its record and moves (a new game has none). An unfinished
    /// timed game's clock runs again at `now`, charged with the time its side to
    /// move had used up to `alive_at`, the server's last sign of life: the
    /// downtime is charged to nobody, the thinking before it is.
    pub fn from_record(
        r: &Record,
        moves: &[MoveRecord],
        limits: Limits,
        now: Now,
        alive_at: Option<i64>,
    ) -> Result<GameState, String> {
        let mut g = GameState {
            id: r.id.clone(),
            mode: r.mode,
            level: r.level,
            computer: r.computer,
            created_at: r.created_at,
            seats: r.seats,
            join_key: r.join_key,
            status: r.status,
            game: r.start.clone().map_or_else(Game::new, Game::from_position),
            clock: Clock::new(r.control.clone()),
            ending: r.ending,
            sans: Vec::with_capacity(moves.len()),
            clocks_after: Vec::with_capacity(moves.len()),
            takeback: takeback::Request::default(),
            premove: premove::Premove::default(),
            presence: presence::Presence::new(limits.grace_ms),
            lag: lag::LagQuota::default(),
            limits,
            engine_scores: Vec::new(),
            resumed: None,
            after: r.after.clone(),
            spectators: 0,
            opening: None,
            berserk_allowed: r.berserk.allowed,
        };
        for (i, m) in moves.iter().enumerate() {
            if m.ply != i as u64 + 1 {
                return Err("moves out of sequence".into());
            }
            g.game
                .play_uci(&m.uci)
                .map_err(|e| format!("move {}: {e}", m.ply))?;
            g.sans.push(m.san.clone());
            g.clocks_after.push(m.clocks);
        }
        g.rename_opening();
        g.clock = Clock::restore(r.control.clone(), r.clocks, g.move_counts());
        g.clock.set_berserked(r.berserk.sides);
        match (r.status, r.ending) {
            (Status::Finished, None) => return Err("finished without an ending".into()),
            (Status::Finished, Some(_)) => {}
            (_, Some(_)) => return Err("an ending but not finished".into()),
            (Status::Active, None) => {
                g.game.restore_draw_offers(r.standing.draws);
                g.takeback = takeback::Request(r.standing.takeback);
                let used = match (alive_at, r.turn_since) {
                    (Some(alive), Some(since)) => alive.saturating_sub(since).max(0) as u64,
                    _ => 0,
                };
                g.clock.start_used(g.game.turn(), now.mono, used);
                if !moves.is_empty() && g.clock.running().is_some() {
                    g.resumed = Some(now.wall.saturating_sub(used as i64));
                }
            }
            (Status::Waiting, None) => {}
        }
        Ok(g)
    }

    /// The record of this game as it stands (what a new game stores).
    pub fn record(&self) -> Record {
        Record {
            id: self.id.clone(),
            created_at: self.created_at,
            mode: self.mode,
            level: self.level,
            computer: self.computer,
            control: self.clock.control.clone(),
            seats: self.seats,
            join_key: self.join_key,
            start: (self.game.start() != &Position::new()).then(|| self.game.start().clone()),
            status: self.status,
            ending: self.ending,
            clocks: self.clock.stored(),
            finished_at: None,
            standing: self.standing(),
            turn_since: None,
            after: self.after.clone(),
            berserk: self.berserk(),
        }
    }

    /// The change to store once because a restored clock runs again.
    pub fn take_resumed(&mut self) -> Option<Change> {
        self.resumed.take().map(|since| Change::Resumed { since })
    }

    fn move_counts(&self) -> [u32; 2] {
        let n = self.game.moves().len() as u32;
        if self.game.start().turn() == Color::White {
            [n.div_ceil(2), n / 2]
        } else {
            [n / 2, n.div_ceil(2)]
        }
    }

    /// The seat a secret gives.
    pub fn seat(&self, secret: Option<&str>) -> Seat {
        self.seats.seat(secret)
    }

    pub fn is_over(&self) -> bool {
        self.ending.is_some()
    }

    /// What stands between two moves.
    pub fn standing(&self) -> Standing {
        Standing {
            draws: self.game.draw_offers(),
            takeback: self.takeback.0,
        }
    }

    pub fn sans(&self) -> &[String] {
        &self.sans
    }

    pub fn takeback_request(&self) -> Option<Color> {
        self.takeback.0
    }

    pub fn presence(&self) -> &presence::Presence {
        &self.presence
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The second player joins a friend game with a new `secret` and the join
    /// link's `key`; returns their colour.
    pub fn join(&mut self, secret: &str, key: &str) -> Result<(Color, Vec<Change>), Refusal> {
        if self.mode != Mode::Friend {
            return Err(Refusal::NotJoinable);
        }
        if !self.join_key.is_some_and(|k| k.matches(key)) {
            return Err(Refusal::WrongJoinKey);
        }
        if let Some(e) = &self.ending {
            // A finished game may still be served (watched): it cannot be joined.
            return Err(Refusal::GameOver(e.reason_code().to_string()));
        }
        if self.status != Status::Waiting {
            return Err(Refusal::AlreadyJoined);
        }
        let color = self.seats.free().ok_or(Refusal::AlreadyJoined)?;
        let hash = SecretHash::of(secret);
        self.seats.0[color.index()] = Some(hash);
        self.status = Status::Active;
        Ok((
            color,
            vec![Change::Joined {
                color,
                secret: hash,
            }],
        ))
    }

    /// Performs `action` for `seat` at `now`; `credit_ms` is the lag
    /// compensation the connection claims (bounded by the player's quota).
    /// Returns what to store and the answer: a refused action changes nothing,
    /// except that a flag found fallen ends the game (and the action is refused
    /// with [`Refusal::FlagFell`]).
    pub fn act(
        &mut self,
        seat: Seat,
        action: Action,
        now: Now,
        credit_ms: u64,
    ) -> (Vec<Change>, Result<(), Refusal>) {
        if self.status == Status::Active && !self.is_over() {
            if let Some(c) = self.clock.flagged(now.mono) {
                return (self.flag(c, now), Err(Refusal::FlagFell));
            }
        }
        let before = self.standing();
        let after = self.after.clone();
        // The next move or offer clears the last notice.
        if matches!(
            action,
            Action::Move(_) | Action::OfferDraw | Action::TakebackRequest
        ) {
            self.after.notice = None;
        }
        let mut result = rules::act(self, seat, action, now, credit_ms);
        match &mut result {
            Ok(changes) => {
                if !self.is_over() && self.standing() != before {
                    changes.push(Change::Standing(self.standing()));
                }
                changes.extend(self.after_change(&after));
            }
            Err(_) => self.after = after,
        }
        match result {
            Ok(changes) => (changes, Ok(())),
            Err(Refusal::FlagFell) => {
                let c = self.game.turn();
                (self.flag(c, now), Err(Refusal::FlagFell))
            }
            Err(e) => (Vec::new(), Err(e)),
        }
    }

    /// `color`'s flag fell at `now`.
    pub fn flag(&mut self, color: Color, now: Now) -> Vec<Change> {
        let Ok(o) = self.game.flag(color) else {
            return Vec::new();
        };
        // The flagged side shows zero.
        self.clock.stop(now.mono);
        let mut r = self.clock.stored();
        r[color.index()] = 0;
        self.clock.set(r, self.move_counts());
        self.finish(Ending::Outcome(o), now)
    }

    fn finish(&mut self, ending: Ending, now: Now) -> Vec<Change> {
        self.clock.stop(now.mono);
        self.status = Status::Finished;
        self.takeback = takeback::Request::default();
        self.premove.clear();
        self.ending = Some(ending);
        vec![Change::Finished {
            ending,
            clocks: self.clock.stored(),
            at: now.wall,
        }]
    }

    /// Time passed: a flag may have fallen, or a friend game waited too long
    /// for its second player.
    pub fn tick(&mut self, now: Now) -> Vec<Change> {
        match self.status {
            Status::Waiting if now.wall >= self.join_deadline() => {
                self.finish(Ending::Aborted, now)
            }
            Status::Active if !self.is_over() => match self.clock.flagged(now.mono) {
                Some(c) => self.flag(c, now),
                None => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    /// Wall-clock time at which an unjoined friend game is aborted.
    pub fn join_deadline(&self) -> i64 {
        self.created_at
            .saturating_add(self.limits.join_timeout_ms.min(i64::MAX as u64) as i64)
    }

    /// A connection of `color` opened (`true`) or closed.
    pub fn set_presence(&mut self, color: Color, connected: bool, now: Now) {
        if connected {
            self.presence.connected(color);
        } else {
            let counts = self.mode == Mode::Friend && !self.is_over();
            self.presence.disconnected(color, now.mono, counts);
        }
    }

    /// The next moment (monotonic) something happens by itself: a flag falls, a
    /// disconnect claim opens, an unjoined game is aborted.
    pub fn next_deadline(&self, now: Now) -> Option<u64> {
        match self.status {
            _ if self.is_over() => None,
            Status::Waiting => Some(now.mono_at(self.join_deadline())),
            Status::Finished => None,
            Status::Active => {
                let flag = self.clock.flag_time().map(|(_, t)| t);
                let gone = self.presence.next_deadline(now.mono);
                match (flag, gone) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
