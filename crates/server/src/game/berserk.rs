//! Berserk, as lichess has it in arena tournaments: before their first move of
//! the game, a player may halve their own clock — half of the first period's time
//! is taken off — and give up the increment (any bonus) for the rest of the game;
//! the opponent's clock is untouched. A win after berserking is worth one more
//! arena point (`tournaments::model`). A game may be berserked only if it was
//! created so ([`Berserk::allowed`]: an arena game of a tournament that allows
//! it); everything else is refused with a [`Refusal`] and changes nothing.

use super::{Change, GameState, Refusal, Seat};
use crate::protocol::Status;
use guoxiang_core::Color;

/// Whether a game may be berserked, and who did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Berserk {
    /// The game is an arena game of a tournament that allows berserk.
    pub allowed: bool,
    /// White and Black berserked.
    pub sides: [bool; 2],
}

impl Berserk {
    /// A game that may be berserked, by nobody yet.
    pub fn allowed() -> Berserk {
        Berserk {
            allowed: true,
            sides: [false, false],
        }
    }
}

/// The number of moves `color` has made in a game of `plies` half-moves that
/// started with `first` to move.
pub fn own_moves(plies: usize, first: Color, color: Color) -> usize {
    if first == color {
        plies.div_ceil(2)
    } else {
        plies / 2
    }
}

impl GameState {
    /// Whether the game may be berserked and who did.
    pub fn berserk(&self) -> Berserk {
        Berserk {
            allowed: self.berserk_allowed,
            sides: self.clock.berserked(),
        }
    }

    /// Why `color` may not berserk now, if it may not.
    fn berserk_refusal(&self, color: Color) -> Option<Refusal> {
        if !self.berserk_allowed {
            return Some(Refusal::BerserkNotAllowed);
        }
        if self.clock.is_untimed() {
            return Some(Refusal::BerserkUntimed);
        }
        if let Some(e) = &self.ending {
            return Some(Refusal::GameOver(format!(
                "{} {}",
                e.result().as_str(),
                e.reason_code()
            )));
        }
        if self.status != Status::Active {
            return Some(Refusal::NotStarted);
        }
        if self.clock.berserked()[color.index()] {
            return Some(Refusal::AlreadyBerserk);
        }
        let plies = self.game.moves().len();
        if own_moves(plies, self.game.start().turn(), color) > 0 {
            return Some(Refusal::BerserkTooLate);
        }
        None
    }

    /// Whether `seat` may berserk now (for the button).
    pub fn may_berserk(&self, seat: Seat) -> bool {
        match seat {
            Seat::Player(c) => self.computer != Some(c) && self.berserk_refusal(c).is_none(),
            Seat::Both | Seat::Spectator => false,
        }
    }
}

/// `color` berserks: the change to store (both clocks and who berserked).
pub(super) fn berserk(g: &mut GameState, color: Color) -> Result<Vec<Change>, Refusal> {
    if let Some(r) = g.berserk_refusal(color) {
        return Err(r);
    }
    g.clock.berserk(color);
    Ok(vec![Change::Berserk {
        color,
        sides: g.clock.berserked(),
        clocks: g.clock.stored(),
    }])
}

/// After a takeback to clocks stored before a berserk: a berserked side that has
/// not moved gets its halved time back (its clock had not run since).
pub(super) fn after_takeback(g: &GameState, mut clocks: [u64; 2]) -> [u64; 2] {
    let first = g.clock.control.periods.first().map_or(0, |p| p.time_ms);
    let plies = g.game.moves().len();
    for c in [Color::White, Color::Black] {
        if g.clock.berserked()[c.index()] && own_moves(plies, g.game.start().turn(), c) == 0 {
            clocks[c.index()] = first.saturating_sub(g.clock.berserk_penalty());
        }
    }
    clocks
}

#[cfg(test)]
mod tests;
