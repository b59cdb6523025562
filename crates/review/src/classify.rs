//! A move's class from the evaluations before and after it, both from its mover's side
//! ([`Pov`]). In order: a book move is `book`; the only legal move is `forced`; the
//! engine's own choice is `best`; otherwise the loss in expected score
//! L = W(before) − W(after) decides (`best` ≤ 0, `excellent` ≤ 0.02, `good` ≤ 0.05,
//! `inaccuracy` ≤ 0.10, `mistake` ≤ 0.20, `blunder` above — chess.com's published
//! bands), and two mate rules (lichess's) set a floor the loss alone would miss:
//! letting a forced mate go, or walking into one, is at least an inaccuracy, and worse
//! the less is left (see [`MATE_LOST_FLOORS`], [`MATE_ALLOWED_FLOORS`]). While one
//! side mates in both positions the loss is nil; a mate made longer (or, for the
//! side being mated, shorter) is `excellent` rather than `best`. docs/REVIEW.md
//! compares these with lichess's and chess.com's.

use crate::score::Pov;
use crate::MoveClass;

/// The largest loss in expected score of each class, best first; above the last,
/// `blunder`.
pub const LOSS_BANDS: [(f64, MoveClass); 5] = [
    (0.0, MoveClass::Best),
    (0.02, MoveClass::Excellent),
    (0.05, MoveClass::Good),
    (0.10, MoveClass::Inaccuracy),
    (0.20, MoveClass::Mistake),
];

/// A forced mate let go: the least class by the centipawns left to the mover after
/// it (at least this many: this class; fewer than the last: `blunder`).
pub const MATE_LOST_FLOORS: [(i32, MoveClass); 2] =
    [(1000, MoveClass::Inaccuracy), (701, MoveClass::Mistake)];

/// A forced mate walked into: the least class by the centipawns the mover had
/// before (at most this many: this class; more than the last: `blunder`).
pub const MATE_ALLOWED_FLOORS: [(i32, MoveClass); 2] =
    [(-1000, MoveClass::Inaccuracy), (-701, MoveClass::Mistake)];

/// What the class of one move is decided from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Case {
    /// The move is on a book line (see the `book` module).
    pub book: bool,
    /// Legal moves in the position before it.
    pub legal_moves: usize,
    /// It is the move the engine chose there.
    pub engine_choice: bool,
    /// The evaluation before the move and after it, both from the mover's side.
    pub before: Pov,
    pub after: Pov,
}

/// The class of a move by the loss in expected score alone (`loss` may be negative).
///
/// ```
/// use guoxiang_review::{classify::by_loss, MoveClass};
/// assert_eq!(by_loss(-0.01), MoveClass::Best);
/// assert_eq!(by_loss(0.05), MoveClass::Good);
/// assert_eq!(by_loss(0.0501), MoveClass::Inaccuracy);
/// assert_eq!(by_loss(0.35), MoveClass::Blunder);
/// ```
pub fn by_loss(loss: f64) -> MoveClass {
    LOSS_BANDS
        .iter()
        .find(|(max, _)| loss <= *max)
        .map_or(MoveClass::Blunder, |(_, class)| *class)
}

/// The class of a move (the module's rules).
///
/// ```
/// use guoxiang_review::classify::{classify, Case};
/// use guoxiang_review::{score::Pov, MoveClass};
/// let case = |before, after| Case { book: false, legal_moves: 30, engine_choice: false, before, after };
/// // Hanging a piece at equality: W(0) − W(−300) ≈ 0.25.
/// assert_eq!(classify(&case(Pov::Cp(0), Pov::Cp(-300))), MoveClass::Blunder);
/// // A mate in one missed, still a rook up: the mate rule makes it a mistake.
/// assert_eq!(classify(&case(Pov::Mates(1), Pov::Cp(800))), MoveClass::Mistake);
/// ```
pub fn classify(c: &Case) -> MoveClass {
    if c.book {
        return MoveClass::Book;
    }
    if c.legal_moves == 1 {
        return MoveClass::Forced;
    }
    if c.engine_choice {
        return MoveClass::Best;
    }
    let loss = c.before.expected() - c.after.expected();
    let class = by_loss(loss);
    match (c.before, c.after) {
        (Pov::Mates(b), Pov::Mates(a)) => {
            if a < b {
                MoveClass::Best
            } else {
                MoveClass::Excellent
            }
        }
        (Pov::Mated(b), Pov::Mated(a)) => {
            if a >= b {
                MoveClass::Best
            } else {
                MoveClass::Excellent
            }
        }
        (Pov::Mates(_), Pov::Cp(cp)) => {
            let floor = MATE_LOST_FLOORS
                .iter()
                .find(|(least, _)| cp >= *least)
                .map_or(MoveClass::Blunder, |(_, c)| *c);
            class.max(floor)
        }
        (Pov::Cp(cp), Pov::Mated(_)) => {
            let floor = MATE_ALLOWED_FLOORS
                .iter()
                .find(|(most, _)| cp <= *most)
                .map_or(MoveClass::Blunder, |(_, c)| *c);
            class.max(floor)
        }
        _ => class,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(before: Pov, after: Pov) -> Case {
        Case {
            book: false,
            legal_moves: 20,
            engine_choice: false,
            before,
            after,
        }
    }

    #[test]
    fn the_bands_follow_the_loss_in_expected_score() {
        // W(0) = 0.5; W(−x) for the drops below.
        let at = |cp| classify(&case(Pov::Cp(0), Pov::Cp(cp)));
        assert_eq!(at(10), MoveClass::Best);
        assert_eq!(at(-15), MoveClass::Excellent); // 0.014
        assert_eq!(at(-40), MoveClass::Good); // 0.037
        assert_eq!(at(-90), MoveClass::Inaccuracy); // 0.082
        assert_eq!(at(-150), MoveClass::Mistake); // 0.134
        assert_eq!(at(-250), MoveClass::Blunder); // 0.215
    }

    #[test]
    fn the_same_drop_in_centipawns_matters_less_when_the_game_is_decided() {
        let up = classify(&case(Pov::Cp(900), Pov::Cp(600)));
        let level = classify(&case(Pov::Cp(150), Pov::Cp(-150)));
        assert!(up < level, "{up:?} vs {level:?}");
        assert_eq!(level, MoveClass::Blunder);
    }

    #[test]
    fn book_then_forced_then_the_engine_choice_come_first() {
        let mut c = case(Pov::Cp(0), Pov::Cp(-900));
        c.engine_choice = true;
        assert_eq!(classify(&c), MoveClass::Best);
        c.legal_moves = 1;
        assert_eq!(classify(&c), MoveClass::Forced);
        c.book = true;
        assert_eq!(classify(&c), MoveClass::Book);
    }

    #[test]
    fn letting_a_mate_go_is_worse_the_less_is_left() {
        let lost = |cp| classify(&case(Pov::Mates(1), Pov::Cp(cp)));
        assert_eq!(lost(1500), MoveClass::Inaccuracy);
        assert_eq!(lost(800), MoveClass::Mistake);
        assert_eq!(lost(200), MoveClass::Blunder);
        assert_eq!(
            classify(&case(Pov::Mates(2), Pov::Mated(3))),
            MoveClass::Blunder
        );
    }

    #[test]
    fn walking_into_a_mate_is_a_blunder_unless_the_game_was_lost_anyway() {
        let allowed = |cp| classify(&case(Pov::Cp(cp), Pov::Mated(2)));
        assert_eq!(allowed(50), MoveClass::Blunder);
        assert_eq!(allowed(-800), MoveClass::Mistake);
        assert_eq!(allowed(-1200), MoveClass::Inaccuracy);
    }

    #[test]
    fn a_longer_mate_is_excellent_and_a_shorter_one_best() {
        assert_eq!(
            classify(&case(Pov::Mates(3), Pov::Mates(2))),
            MoveClass::Best
        );
        assert_eq!(
            classify(&case(Pov::Mates(3), Pov::Mates(5))),
            MoveClass::Excellent
        );
        assert_eq!(
            classify(&case(Pov::Mated(3), Pov::Mated(3))),
            MoveClass::Best
        );
        assert_eq!(
            classify(&case(Pov::Mated(3), Pov::Mated(1))),
            MoveClass::Excellent
        );
    }
}
