//! Which puzzle themes drill each lesson of the course: the lesson page links to
//! `/puzzles?themes=…` with these themes, and the server lists them under
//! `/api/puzzles/themes`. Lessons are named by their id (`chou-jiang`, the file
//! name without its number); a lesson that teaches no tactic or mate (the board,
//! the clock, notation) has no drill.

use crate::Theme;

/// Each lesson with a drill, in course order, and the themes it drills. A puzzle
/// drills the lesson when it has any one of them; since the set's filter asks for
/// all the chosen themes, a lesson with two themes links one drill per theme.
pub const ALL: &[(&str, &[Theme])] = &[
    ("promotion", &[Theme::Promotion]),
    ("piece-values", &[Theme::HangingPiece]),
    ("out-of-check", &[Theme::AnswerMateThreat]),
    ("checkmate", &[Theme::MateIn1]),
    ("stalemate", &[Theme::StalemateTrick]),
    ("two-rooks-mate", &[Theme::MateTwoRooks]),
    ("queen-mate", &[Theme::MateIn1]),
    ("mate-queen-rook", &[Theme::MateQueenRook]),
    ("mate-queen-bishop", &[Theme::MateQueenBishop]),
    ("mate-queen-knight", &[Theme::MateQueenKnight]),
    ("mate-in-two", &[Theme::MateIn2]),
    ("opening-principles", &[Theme::Opening]),
    ("queens-pawn", &[Theme::Opening]),
    ("discovered-check", &[Theme::DiscoveredCheck]),
    ("double-check", &[Theme::DoubleCheck]),
    ("chou-jiang", &[Theme::DiscoveredCheckWin]),
    ("perpetual-check", &[Theme::PerpetualCheck]),
    ("pins", &[Theme::Pin, Theme::RelativePin]),
    ("counter-pin", &[Theme::CounterPin]),
    ("forks", &[Theme::Fork]),
    ("protect-a-piece", &[Theme::DefendPiece]),
    ("promotion-race", &[Theme::Promotion]),
    ("draws", &[Theme::PerpetualCheck, Theme::StalemateTrick]),
    ("italian-game", &[Theme::Opening]),
    ("ruy-lopez", &[Theme::Opening]),
    ("scotch-game", &[Theme::Opening]),
    ("petrov-defence", &[Theme::Opening]),
    ("scandinavian-defence", &[Theme::Opening]),
    ("sicilian-defence", &[Theme::Opening]),
    ("french-defence", &[Theme::Opening]),
    ("hungarian-defence", &[Theme::Opening]),
    ("dutch-defence", &[Theme::Opening]),
    ("english-opening", &[Theme::Opening]),
];

/// The themes that drill the lesson `lesson_id`; empty for a lesson without a drill
/// or an unknown id.
///
/// ```
/// use guoxiang_puzzles::{drills, Theme};
/// assert_eq!(drills::lesson_drill("chou-jiang"), &[Theme::DiscoveredCheckWin]);
/// assert!(drills::lesson_drill("clock").is_empty());
/// ```
pub fn lesson_drill(lesson_id: &str) -> &'static [Theme] {
    ALL.iter()
        .find(|(id, _)| *id == lesson_id)
        .map(|(_, themes)| *themes)
        .unwrap_or(&[])
}

#[cfg(test)]
mod tests {
    use super::*;
    use guoxiang_lessons::Course;

    #[test]
    fn every_drill_names_a_lesson_of_the_course() {
        let course = Course::builtin();
        for (id, _) in ALL {
            assert!(
                course.lessons.iter().any(|l| l.id == *id),
                "no lesson {id} in the course"
            );
        }
    }

    #[test]
    fn drills_follow_the_course_order_and_name_each_lesson_once() {
        let course = Course::builtin();
        let order: Vec<u32> = ALL
            .iter()
            .filter_map(|(id, _)| course.lessons.iter().find(|l| l.id == *id))
            .map(|l| l.order)
            .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    }

    #[test]
    fn every_tactics_and_mates_lesson_has_a_drill() {
        for id in [
            "checkmate",
            "two-rooks-mate",
            "mate-queen-rook",
            "mate-queen-bishop",
            "mate-queen-knight",
            "mate-in-two",
            "discovered-check",
            "double-check",
            "chou-jiang",
            "perpetual-check",
            "pins",
            "counter-pin",
            "forks",
            "protect-a-piece",
        ] {
            assert!(!lesson_drill(id).is_empty(), "{id} has no drill");
        }
    }

    #[test]
    fn lessons_on_the_board_clock_and_notation_have_none() {
        for id in [
            "board",
            "clock",
            "touch-move",
            "notation-reading",
            "notation-writing",
        ] {
            assert!(lesson_drill(id).is_empty(), "{id}");
        }
    }

    #[test]
    fn the_pins_lesson_drills_both_kinds_of_pin() {
        assert_eq!(lesson_drill("pins"), &[Theme::Pin, Theme::RelativePin]);
    }
}
