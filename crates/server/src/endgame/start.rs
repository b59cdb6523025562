//! Start positions, drawn from the tables: for a win exercise a won position
//! with the learner (white) to move whose distance to mate lies in the chosen
//! difficulty's third of the class's range (`max_dtm` from the table); for a
//! hold exercise a drawn position with the learner (black) to move in which
//! at least one move loses, and for `kqkp-hold` the pawn on its second rank
//! on the a-, c-, f- or h-file (the rook's and bishop's pawns that draw).
//! Sampling is deterministic for a seed and bounded: the tables try a bounded
//! number of positions per seed, and a few seeds are tried here (the last
//! ones with the band widened down to half its start, for classes whose
//! longest mates are too rare to be drawn).

use super::exercise::{Exercise, Goal};
use guoxiang_core::{Color, Position, Role};
use guoxiang_tablebase::{Class, ProbeError, Tablebase, Wdl};
use std::ops::RangeInclusive;

/// How hard a start position is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
}

impl Difficulty {
    /// `easy`, `medium` or `hard`.
    pub fn from_code(s: &str) -> Option<Difficulty> {
        match s {
            "easy" => Some(Difficulty::Easy),
            "medium" => Some(Difficulty::Medium),
            "hard" => Some(Difficulty::Hard),
            _ => None,
        }
    }

    /// The band of plies to mate for a class whose longest mate is
    /// `max_dtm` plies: its lowest, middle or top third (easy starts at three
    /// plies, so there is a move to think about before the mate).
    ///
    /// ```
    /// use guoxiang_server::endgame::Difficulty;
    /// assert_eq!(Difficulty::Easy.band(19), 3..=6);
    /// assert_eq!(Difficulty::Medium.band(19), 7..=12);
    /// assert_eq!(Difficulty::Hard.band(19), 13..=19);
    /// ```
    pub fn band(self, max_dtm: u32) -> RangeInclusive<u32> {
        let max = max_dtm.max(1);
        let (a, b) = (max / 3, 2 * max / 3);
        match self {
            Difficulty::Easy => 3.min(a.max(1))..=a.max(1),
            Difficulty::Medium => (a + 1).min(max)..=b.max(a + 1).min(max),
            Difficulty::Hard => (b + 1).min(max)..=max,
        }
    }
}

/// Seeds tried one after the other before giving up.
pub const SEED_TRIES: u64 = 4;

/// Why no start position came.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Probe(#[from] ProbeError),
    #[error("no {class} start position found in {tries} seeds; try another seed")]
    NoPosition { class: &'static str, tries: u64 },
    #[error("the class {0} is not known to the tables")]
    UnknownClass(&'static str),
}

/// A start position of `exercise` at `difficulty` (ignored by hold exercises) for `seed`.
pub fn start_position(
    tb: &Tablebase,
    exercise: Exercise,
    difficulty: Difficulty,
    seed: u64,
) -> Result<Position, StartError> {
    let class: Class = exercise
        .class_name()
        .parse()
        .map_err(|_| StartError::UnknownClass(exercise.class_name()))?;
    let (wdl, band) = match exercise.goal() {
        Goal::Win => (Wdl::Win, difficulty.band(tb.info(class)?.max_dtm)),
        Goal::Draw => (Wdl::Draw, 0..=0),
    };
    let probe_tb = tb.clone();
    let accept = move |pos: &Position| acceptable(&probe_tb, exercise, pos);
    // The longest mates are rare (a few positions of millions): when the band
    // holds none that sampling finds, it widens downwards to half its start.
    let wider = (band.start() / 2).max(1)..=*band.end();
    for (i, band) in (0..SEED_TRIES).zip([band.clone(), band, wider.clone(), wider]) {
        let s = seed.wrapping_add(i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        if let Some(pos) = tb.sample(class, exercise.learner(), wdl, band, s, &accept)? {
            return Ok(pos);
        }
    }
    Err(StartError::NoPosition {
        class: exercise.class_name(),
        tries: SEED_TRIES,
    })
}

/// Whether a sampled position suits `exercise` (its material on the right
/// sides, and for the hold exercises the conditions above).
fn acceptable(tb: &Tablebase, exercise: Exercise, pos: &Position) -> bool {
    if exercise.allows(pos).is_err() || exercise.start_material() != material(pos) {
        return false;
    }
    match exercise {
        Exercise::KpkHold => a_move_loses(tb, pos),
        Exercise::KqkpHold => pawn_on_drawing_file(pos) && a_move_loses(tb, pos),
        _ => true,
    }
}

fn material(pos: &Position) -> (super::exercise::Material, super::exercise::Material) {
    use super::exercise::Material;
    (
        Material::of(pos, Color::White),
        Material::of(pos, Color::Black),
    )
}

/// Whether some legal move of the side to move loses (the tables say so).
fn a_move_loses(tb: &Tablebase, pos: &Position) -> bool {
    tb.probe_moves(pos)
        .map(|moves| moves.iter().any(|m| m.after.wdl == Wdl::Win))
        .unwrap_or(false)
}

/// Black's pawn on its second rank (rank 2) on the a-, c-, f- or h-file.
pub fn pawn_on_drawing_file(pos: &Position) -> bool {
    let b = pos.board();
    (b.by_color(Color::Black) & b.by_role(Role::Pawn))
        .first()
        .is_some_and(|p| p.rank().index() == 1 && matches!(p.file().index(), 0 | 2 | 5 | 7))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_bands_split_the_range_without_gaps() {
        for max in [1, 3, 19, 31, 55, 65, 127] {
            let (e, m, h) = (
                Difficulty::Easy.band(max),
                Difficulty::Medium.band(max),
                Difficulty::Hard.band(max),
            );
            assert!(e.start() <= e.end() && m.start() <= m.end() && h.start() <= h.end());
            assert_eq!(*h.end(), max.max(1), "{max}");
            if max >= 9 {
                assert_eq!(m.start() - 1, *e.end(), "{max}");
                assert_eq!(h.start() - 1, *m.end(), "{max}");
            }
        }
    }

    #[test]
    fn only_rook_and_bishop_pawns_on_the_second_rank_make_the_kqkp_hold() {
        let at = |fen: &str| pawn_on_drawing_file(&Position::from_fen(fen).expect("legal"));
        assert!(at("8/8/8/8/8/1K6/p4k2/3Q4 b - - 0 1"));
        assert!(at("8/8/8/8/8/1K6/5pk1/3Q4 b - - 0 1"));
        assert!(!at("8/8/8/8/8/1K6/3pk3/7Q b - - 0 1"));
        assert!(!at("8/8/8/8/p7/2K5/5k2/3Q4 b - - 0 1"));
    }
}
