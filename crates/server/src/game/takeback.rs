//! Takebacks: how many plies go back to undo a player's last move, and the
//! request that waits for the opponent's answer in friend games (against the
//! computer and on one device a takeback is granted at once).

use super::refusal::Refusal;
use crate::protocol::Mode;
use guoxiang_core::Color;

/// How many plies go back to undo `color`'s last move, with `plies` played and
/// `turn` to move: one if `color` just moved, two if the opponent has answered,
/// none if `color` has no move yet; on one device, always the last ply.
pub fn plies_to_take_back(mode: Mode, plies: usize, turn: Color, color: Color) -> usize {
    if mode == Mode::Hotseat {
        return plies.min(1);
    }
    let k = if turn == color { 2 } else { 1 };
    if k > plies {
        0
    } else {
        k
    }
}

/// A friend's takeback request: at most one waits for an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Request(pub Option<Color>);

impl Request {
    /// `color` asks; `plies` is what it would take back.
    pub fn ask(&mut self, color: Color, plies: usize) -> Result<(), Refusal> {
        if self.0.is_some() {
            return Err(Refusal::TakebackPending);
        }
        if plies == 0 {
            return Err(Refusal::NothingToUndo);
        }
        self.0 = Some(color);
        Ok(())
    }

    /// The opponent of the requester answers; returns the requester.
    pub fn answer(&mut self, color: Color) -> Result<Color, Refusal> {
        match self.0 {
            Some(r) if r != color => {
                self.0 = None;
                Ok(r)
            }
            _ => Err(Refusal::NoTakeback),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    #[test]
    fn a_takeback_undoes_the_players_last_move_and_the_answer_to_it() {
        assert_eq!(plies_to_take_back(Mode::Friend, 2, White, White), 2);
        assert_eq!(plies_to_take_back(Mode::Friend, 1, Black, White), 1);
        assert_eq!(plies_to_take_back(Mode::Friend, 1, Black, Black), 0);
        assert_eq!(plies_to_take_back(Mode::Hotseat, 5, White, White), 1);
        assert_eq!(plies_to_take_back(Mode::Hotseat, 0, White, White), 0);
    }

    #[test]
    fn one_request_at_a_time_answered_only_by_the_opponent() {
        let mut r = Request::default();
        assert_eq!(r.ask(White, 0), Err(Refusal::NothingToUndo));
        r.ask(White, 1).unwrap();
        assert_eq!(r.ask(Black, 1), Err(Refusal::TakebackPending));
        assert_eq!(r.answer(White), Err(Refusal::NoTakeback));
        assert_eq!(r.answer(Black), Ok(White));
        assert_eq!(r, Request(None));
    }
}
