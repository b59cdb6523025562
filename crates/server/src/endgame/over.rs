//! When a trainer game ends, from its position alone: checkmate, stalemate,
//! too little material to mate, or the 50-move rule (100 plies without a
//! capture or pawn move, counted by the FEN's halfmove clock; a mate on the
//! hundredth ply still counts as a mate). Repetitions are not tracked: the
//! trainer knows only the position it is sent.

use super::exercise::{Exercise, Goal};
use guoxiang_core::Position;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Plies without a capture or pawn move that end the game.
pub const FIFTY_MOVE_PLIES: u32 = 100;

/// How a trainer game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    Mate,
    Stalemate,
    Fifty,
    Insufficient,
}

/// The learner's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum LearnerResult {
    Won,
    Drew,
    Lost,
}

/// Whether the game is over in `pos`, and how.
///
/// ```
/// use guoxiang_core::Position;
/// use guoxiang_server::endgame::{ending, Ending};
/// let mate = Position::from_fen("3k3Q/8/3K4/8/8/8/8/8 b - - 0 1").unwrap();
/// assert_eq!(ending(&mate), Some(Ending::Mate));
/// let fifty = Position::from_fen("8/8/3k4/8/8/3K4/8/7Q b - - 100 80").unwrap();
/// assert_eq!(ending(&fifty), Some(Ending::Fifty));
/// ```
pub fn ending(pos: &Position) -> Option<Ending> {
    if !pos.has_legal_moves() {
        return Some(if pos.is_check() {
            Ending::Mate
        } else {
            Ending::Stalemate
        });
    }
    if pos.is_insufficient_material() {
        return Some(Ending::Insufficient);
    }
    (pos.halfmove_clock() >= FIFTY_MOVE_PLIES).then_some(Ending::Fifty)
}

/// The learner's result when `end` happened in `pos`: a mate is won or lost
/// by whoever gave it, every other ending is a draw (the success of a hold
/// exercise, the failure of a win exercise).
pub fn learner_result(exercise: Exercise, pos: &Position, end: Ending) -> LearnerResult {
    match end {
        Ending::Mate if pos.turn() == exercise.learner() => LearnerResult::Lost,
        Ending::Mate => LearnerResult::Won,
        _ => LearnerResult::Drew,
    }
}

/// Whether the learner reached the exercise's goal.
pub fn succeeded(exercise: Exercise, result: LearnerResult) -> bool {
    match exercise.goal() {
        Goal::Win => result == LearnerResult::Won,
        Goal::Draw => result != LearnerResult::Lost,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("a legal test position")
    }

    #[test]
    fn a_mate_on_the_hundredth_ply_is_a_mate_not_a_fifty_move_draw() {
        let mate = pos("3k3Q/8/3K4/8/8/8/8/8 b - - 100 90");
        assert_eq!(ending(&mate), Some(Ending::Mate));
        assert_eq!(
            learner_result(Exercise::Kqk, &mate, Ending::Mate),
            LearnerResult::Won
        );
    }

    #[test]
    fn ninety_nine_plies_play_on_and_a_hundred_end_the_game() {
        assert_eq!(ending(&pos("8/8/3k4/8/8/3K4/8/7Q b - - 99 80")), None);
        let fifty = pos("8/8/3k4/8/8/3K4/8/7Q b - - 100 80");
        assert_eq!(ending(&fifty), Some(Ending::Fifty));
        assert!(!succeeded(
            Exercise::Kqk,
            learner_result(Exercise::Kqk, &fifty, Ending::Fifty)
        ));
    }

    #[test]
    fn stalemate_and_bare_kings_are_draws_that_hold_exercises_count_as_success() {
        let stalemate = pos("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
        assert_eq!(ending(&stalemate), Some(Ending::Stalemate));
        let bare = pos("8/8/3k4/8/8/3K4/8/8 w - - 0 1");
        assert_eq!(ending(&bare), Some(Ending::Insufficient));
        let r = learner_result(Exercise::KpkHold, &bare, Ending::Insufficient);
        assert_eq!(r, LearnerResult::Drew);
        assert!(succeeded(Exercise::KpkHold, r));
        assert!(!succeeded(Exercise::Kpk, r));
    }
}
