//! What follows a finished game and what the players hear of refusals, pure.
//! A rematch keeps the game's settings (mode, level, clock, start position)
//! and swaps the colours; its seats take the old seats' secret hashes, so each
//! player's secret opens the new game too. Against the computer and on one
//! device the new game starts at once; between friends one offers and the other
//! accepts (or declines). The last refusal (a declined draw, takeback or
//! rematch) is kept as a [`Notice`] until the next move or offer. Both are
//! stored ([`After`]) so that a restart restores them.

use super::{Change, GameState, Record, Refusal, Seat, Seats, Standing};
use crate::protocol::{Mode, NoticeKind, Status};
use crate::time::Now;
use guoxiang_core::Color;

/// A rematch as it stands: a friend's standing offer, and the new game once it exists.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rematch {
    pub offer: Option<Color>,
    pub next: Option<String>,
}

/// The last refusal the players should hear of, and who refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Notice {
    pub kind: NoticeKind,
    pub by: Color,
}

/// What is stored besides the moves and the offers: the rematch and the notice.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct After {
    pub rematch: Rematch,
    pub notice: Option<Notice>,
}

/// What a `rematch` did.
#[derive(Debug, Clone, PartialEq)]
pub enum Rematched {
    /// A friend's offer now stands.
    Offered,
    /// The new game to create (its id is the `next` of this game now).
    Start(Box<Record>),
}

impl GameState {
    /// The side `seat` answers for after the game, or why it may not.
    fn rematch_side(&self, seat: Seat) -> Result<Color, Refusal> {
        let side = match seat {
            Seat::Spectator => return Err(Refusal::Spectator),
            Seat::Player(c) => c,
            Seat::Both => Color::White,
        };
        if !self.is_over() {
            return Err(Refusal::GameNotOver);
        }
        if self.after.rematch.next.is_some() {
            return Err(Refusal::AlreadyRematched);
        }
        Ok(side)
    }

    /// `seat` asks for a rematch; `new_id` names the new game if it starts now.
    /// Computer and hot-seat games start it at once; a friend offers it, or
    /// accepts the opponent's standing offer.
    pub fn rematch(&mut self, seat: Seat, new_id: &str, now: Now) -> Result<Rematched, Refusal> {
        let side = self.rematch_side(seat)?;
        if self.mode == Mode::Friend {
            if !self.seats.all_taken() {
                return Err(Refusal::NotStarted);
            }
            match self.after.rematch.offer {
                Some(c) if c == side => return Err(Refusal::RematchAlreadyOffered),
                Some(_) => {}
                None => {
                    self.after.rematch.offer = Some(side);
                    self.after.notice = None;
                    return Ok(Rematched::Offered);
                }
            }
        }
        self.after.rematch = Rematch {
            offer: None,
            next: Some(new_id.to_string()),
        };
        self.after.notice = None;
        Ok(Rematched::Start(Box::new(self.rematch_record(new_id, now))))
    }

    /// `seat` declines the opponent's standing rematch offer.
    pub fn decline_rematch(&mut self, seat: Seat) -> Result<(), Refusal> {
        let side = self.rematch_side(seat)?;
        if self.after.rematch.offer != Some(!side) || self.mode != Mode::Friend {
            return Err(Refusal::NoRematchOffer);
        }
        self.after.rematch.offer = None;
        self.after.notice = Some(Notice {
            kind: NoticeKind::RematchDeclined,
            by: side,
        });
        Ok(())
    }

    /// The new game: the same settings, colours swapped, the old secrets' hashes.
    fn rematch_record(&self, id: &str, now: Now) -> Record {
        let control = self.clock.control.clone();
        let first = control.periods.first().map_or(0, |p| p.time_ms);
        let [white, black] = self.seats.0;
        Record {
            id: id.to_string(),
            created_at: now.wall,
            mode: self.mode,
            level: self.level,
            computer: self.computer.map(|c| !c),
            control,
            seats: Seats([black, white]),
            join_key: None,
            start: self.record().start,
            status: Status::Active,
            ending: None,
            clocks: [first, first],
            finished_at: None,
            standing: Standing::default(),
            turn_since: None,
            after: After::default(),
            berserk: Default::default(),
        }
    }

    /// What `seat` may do about a rematch now: `(rematch, decline_rematch)`.
    pub fn may_rematch(&self, seat: Seat) -> (bool, bool) {
        let Ok(side) = self.rematch_side(seat) else {
            return (false, false);
        };
        match self.mode {
            Mode::Friend => (
                self.seats.all_taken() && self.after.rematch.offer != Some(side),
                self.after.rematch.offer == Some(!side),
            ),
            Mode::Computer | Mode::Hotseat => (true, false),
        }
    }

    /// The rematch and the last notice, as stored.
    pub fn after(&self) -> &After {
        &self.after
    }

    /// `by` declined something: the players hear of it.
    pub(super) fn notice(&mut self, kind: NoticeKind, by: Color) {
        self.after.notice = Some(Notice { kind, by });
    }

    /// The change that stores the rematch and the notice if they moved from `before`.
    pub(super) fn after_change(&self, before: &After) -> Option<Change> {
        (self.after != *before).then(|| Change::After(self.after.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::TimeControl;
    use crate::game::{Action, Limits, SecretHash, DEFAULT_LEVEL};
    use crate::protocol::Mode;
    use Color::{Black, White};

    const W: Seat = Seat::Player(White);
    const B: Seat = Seat::Player(Black);

    fn at(ms: u64) -> Now {
        Now {
            mono: ms,
            wall: 5_000 + ms as i64,
        }
    }

    fn game(mode: Mode) -> GameState {
        let (w, b) = match mode {
            Mode::Hotseat => ("s", "s"),
            _ => ("w", "b"),
        };
        let r = Record {
            id: "old".into(),
            created_at: 0,
            mode,
            level: (mode == Mode::Computer).then_some(DEFAULT_LEVEL),
            computer: (mode == Mode::Computer).then_some(Black),
            control: TimeControl::fischer(180_000, 2_000),
            seats: Seats([
                Some(SecretHash::of(w)),
                (mode != Mode::Computer).then(|| SecretHash::of(b)),
            ]),
            join_key: None,
            start: None,
            status: Status::Active,
            ending: None,
            clocks: [180_000, 180_000],
            finished_at: None,
            standing: Standing::default(),
            turn_since: None,
            after: After::default(),
            berserk: Default::default(),
        };
        let limits = Limits {
            grace_ms: 1,
            join_timeout_ms: 1,
        };
        GameState::from_record(&r, &[], limits, at(0), None).expect("a new game")
    }

    fn finished(mode: Mode) -> GameState {
        let mut g = game(mode);
        let seat = if mode == Mode::Hotseat { Seat::Both } else { W };
        let (_, r) = g.act(seat, Action::Resign, at(1), 0);
        r.expect("resigns");
        g
    }

    fn started(r: Result<Rematched, Refusal>) -> Record {
        match r {
            Ok(Rematched::Start(rec)) => *rec,
            other => panic!("no new game: {other:?}"),
        }
    }

    #[test]
    fn a_rematch_waits_for_the_end_of_the_game() {
        let mut g = game(Mode::Friend);
        assert_eq!(g.rematch(W, "new", at(1)), Err(Refusal::GameNotOver));
        assert_eq!(g.may_rematch(W), (false, false));
    }

    #[test]
    fn spectators_cannot_ask_for_a_rematch() {
        let mut g = finished(Mode::Friend);
        assert_eq!(
            g.rematch(Seat::Spectator, "new", at(2)),
            Err(Refusal::Spectator)
        );
        assert_eq!(g.decline_rematch(Seat::Spectator), Err(Refusal::Spectator));
        assert_eq!(g.may_rematch(Seat::Spectator), (false, false));
    }

    #[test]
    fn a_computer_rematch_starts_at_once_with_the_colours_swapped() {
        let mut g = finished(Mode::Computer);
        assert_eq!(g.may_rematch(W), (true, false));
        let r = started(g.rematch(W, "new", at(2)));
        assert_eq!(r.id, "new");
        assert_eq!(r.computer, Some(White));
        assert_eq!(r.level, Some(DEFAULT_LEVEL));
        assert_eq!(r.control, TimeControl::fischer(180_000, 2_000));
        assert_eq!(r.status, Status::Active);
        // The player's secret now opens Black.
        assert_eq!(r.seats.seat(Some("w")), Seat::Player(Black));
        assert_eq!(g.after().rematch.next.as_deref(), Some("new"));
    }

    #[test]
    fn a_hotseat_rematch_keeps_the_one_secret_for_both_sides() {
        let mut g = finished(Mode::Hotseat);
        let r = started(g.rematch(Seat::Both, "new", at(2)));
        assert_eq!(r.seats.seat(Some("s")), Seat::Both);
        assert_eq!(r.computer, None);
    }

    #[test]
    fn a_friend_rematch_needs_both_players() {
        let mut g = finished(Mode::Friend);
        assert_eq!(g.rematch(W, "new", at(2)), Ok(Rematched::Offered));
        assert_eq!(g.after().rematch.offer, Some(White));
        assert_eq!(g.after().rematch.next, None);
        assert_eq!(g.may_rematch(W), (false, false));
        assert_eq!(g.may_rematch(B), (true, true));
        let r = started(g.rematch(B, "new", at(3)));
        // Joined at once, colours swapped.
        assert!(r.seats.all_taken());
        assert_eq!(r.seats.seat(Some("w")), Seat::Player(Black));
        assert_eq!(r.seats.seat(Some("b")), Seat::Player(White));
        assert_eq!(g.after().rematch.offer, None);
    }

    #[test]
    fn a_rematch_is_offered_once_and_started_once() {
        let mut g = finished(Mode::Friend);
        g.rematch(W, "new", at(2)).expect("offers");
        assert_eq!(
            g.rematch(W, "new", at(3)),
            Err(Refusal::RematchAlreadyOffered)
        );
        started(g.rematch(B, "new", at(4)));
        assert_eq!(g.rematch(W, "other", at(5)), Err(Refusal::AlreadyRematched));
        assert_eq!(g.may_rematch(W), (false, false));
    }

    #[test]
    fn a_declined_rematch_is_heard_and_may_be_offered_again() {
        let mut g = finished(Mode::Friend);
        assert_eq!(g.decline_rematch(B), Err(Refusal::NoRematchOffer));
        g.rematch(W, "new", at(2)).expect("offers");
        assert_eq!(g.decline_rematch(W), Err(Refusal::NoRematchOffer));
        g.decline_rematch(B).expect("declines");
        let heard = Some(Notice {
            kind: NoticeKind::RematchDeclined,
            by: Black,
        });
        assert_eq!(g.after().notice, heard);
        assert_eq!(g.after().rematch, Rematch::default());
        // A new offer clears the notice.
        g.rematch(W, "new", at(3)).expect("offers again");
        assert_eq!(g.after().notice, None);
    }

    #[test]
    fn an_unjoined_friend_game_has_no_one_to_rematch() {
        let mut g = game(Mode::Friend);
        g.seats.0[1] = None;
        g.status = Status::Waiting;
        let (_, r) = g.act(W, Action::Abort, at(1), 0);
        r.expect("aborts");
        assert_eq!(g.rematch(W, "new", at(2)), Err(Refusal::NotStarted));
        assert_eq!(g.may_rematch(W), (false, false));
    }
}
