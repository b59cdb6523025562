//! Premoves: a move queued while the opponent thinks, played the moment the
//! opponent has moved if it is legal then. Only its syntax and that it moves
//! one of the player's own pieces can be checked when it is queued.

use super::refusal::Refusal;
use guoxiang_core::uci::UciMove;
use guoxiang_core::{Color, Move, Position};

/// The queued premove, if any, and whose it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Premove(Option<(Color, UciMove)>);

impl Premove {
    /// `color` queues `uci` in `pos` (the opponent to move), or cancels with `None`.
    pub fn set(&mut self, pos: &Position, color: Color, uci: Option<&str>) -> Result<(), Refusal> {
        let Some(text) = uci else {
            self.0 = None;
            return Ok(());
        };
        if pos.turn() == color {
            return Err(Refusal::PremoveOnTurn);
        }
        let parsed = UciMove::from_ascii(text.trim().as_bytes())
            .map_err(|e| Refusal::BadMove(e.to_string()))?;
        let own = match parsed {
            UciMove::Normal { from, .. } => pos.board().color_at(from) == Some(color),
            UciMove::Null => false,
        };
        if !own {
            return Err(Refusal::PremoveNotOwn);
        }
        self.0 = Some((color, parsed));
        Ok(())
    }

    pub fn clear(&mut self) {
        self.0 = None;
    }

    /// Takes the premove of the side to move in `pos`, if it is legal there.
    pub fn take_for(&mut self, pos: &Position) -> Option<Move> {
        match self.0.take() {
            Some((c, m)) if c == pos.turn() => m.to_move(pos).ok(),
            other => {
                self.0 = other;
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    #[test]
    fn a_premove_is_queued_only_off_turn_with_an_own_piece_and_fires_if_legal() {
        let start = Position::new();
        let mut p = Premove::default();
        assert_eq!(
            p.set(&start, White, Some("e2e4")),
            Err(Refusal::PremoveOnTurn)
        );
        assert_eq!(
            p.set(&start, Black, Some("e2e4")),
            Err(Refusal::PremoveNotOwn)
        );
        assert!(matches!(
            p.set(&start, Black, Some("zz")),
            Err(Refusal::BadMove(_))
        ));
        p.set(&start, Black, Some("e7e5")).unwrap();
        // Not Black's turn yet: nothing fires, the premove stays.
        assert_eq!(p.take_for(&start), None);
        let after = start.after(start.parse_uci("e2e4").unwrap());
        assert_eq!(p.take_for(&after).map(|m| m.to_uci()), Some("e7e5".into()));
        assert_eq!(p, Premove::default());
    }

    #[test]
    fn an_illegal_premove_is_dropped_and_null_cancels() {
        let start = Position::new();
        let mut p = Premove::default();
        p.set(&start, Black, Some("e7e4")).unwrap();
        let after = start.after(start.parse_uci("e2e4").unwrap());
        assert_eq!(p.take_for(&after), None);
        p.set(&start, Black, Some("e7e5")).unwrap();
        p.set(&start, Black, None).unwrap();
        assert_eq!(p.take_for(&after), None);
    }
}
