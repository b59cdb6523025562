//! The opening a game reached, named by guoxiang-openings: the deepest named
//! position on the way from the standard start (a game from a custom position
//! has none). A live game keeps a tracker, one lookup per move; a takeback names
//! it again from the remaining positions; a listed game is named from its first
//! moves ([`opening_of`]).

use super::GameState;
use guoxiang_core::{Game, Position};
use guoxiang_openings::{Opening, Tracker};

/// Enough plies to name any opening of the table (its deepest line is 22 plies).
pub const OPENING_PLIES: usize = 40;

/// The opening named by the first moves (UCI) of a game from `start` (`None`:
/// the standard start); moves that do not replay end the line.
pub fn opening_of(start: Option<&Position>, ucis: &[String]) -> Option<&'static Opening> {
    if start.is_some_and(|p| p != &Position::new()) {
        return None;
    }
    let mut game = Game::new();
    let mut t = Tracker::new();
    for uci in ucis.iter().take(OPENING_PLIES) {
        if game.play_uci(uci).is_err() {
            break;
        }
        t.observe(game.position());
    }
    t.opening()
}

impl GameState {
    /// The deepest named opening the moves reached (standard start only).
    pub fn opening(&self) -> Option<&'static Opening> {
        self.opening.and_then(|t| t.opening())
    }

    /// Names the opening again from every position (a new or restored game, a takeback).
    pub(super) fn rename_opening(&mut self) {
        self.opening = (self.game.start() == &Position::new()).then(|| {
            let mut t = Tracker::new();
            for p in self.game.positions() {
                t.observe(p);
            }
            t
        });
    }

    /// A move was played: one lookup for the new position.
    pub(super) fn observe_opening(&mut self) {
        if let Some(t) = &mut self.opening {
            t.observe(self.game.position());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ucis(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn a_game_is_named_by_the_deepest_opening_it_reached() {
        let italian = ucis("e2e4 e7e5 g1f3 b8c6 f1c4 a7a6 a2a3");
        assert_eq!(
            opening_of(None, &italian).map(|o| o.key),
            Some("italian_game")
        );
        assert_eq!(
            opening_of(None, &ucis("e2e4")).map(|o| o.key),
            Some("kings_pawn_game")
        );
        assert_eq!(opening_of(None, &[]), None);
    }

    #[test]
    fn a_game_from_a_custom_position_has_no_opening() {
        let after_e4 =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
                .expect("FEN");
        assert_eq!(opening_of(Some(&after_e4), &ucis("e7e5")), None);
        assert!(opening_of(Some(&Position::new()), &ucis("e2e4")).is_some());
    }

    #[test]
    fn the_table_is_no_deeper_than_the_plies_a_list_reads() {
        assert!(guoxiang_openings::all()
            .iter()
            .all(|o| o.plies() <= OPENING_PLIES));
    }
}
