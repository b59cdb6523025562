//! Which phase of its method an exercise's position is in, by simple rules a
//! learner can check on the board (the page names each phase and words its
//! idea: `ui.eg.phase.<key>.<phase>`):
//!
//! - KQK, KRK: `edge` while the defending king is off the edge, then `mate`.
//! - KRRK: `ladder` while it is off the edge (the rooks step it there), then `mate`.
//! - KBBK: `edge`, then `corner` while it is on the edge but more than two
//!   squares from every corner, then `mate` near a corner.
//! - KBNK: as KBBK, but near a corner of the other colour than the bishop's
//!   the phase is `w` (the knight's W-manoeuvre drives the king along the edge
//!   to the bishop's corner), near a corner of the bishop's colour `mate`.
//! - KPK: `key_squares` until the king stands on a key square of the pawn
//!   (or the pawn reached the seventh rank, or promoted), then `promote`.
//! - KQKR: `win_rook` while the rook lives, then `mate`.
//! - KQKP: `approach` while the pawn lives (the queen stops it, the king comes
//!   closer), then `mate`.
//! - The hold exercises have one phase each: `opposition` (KPK),
//!   `stalemate_trick` (KQKP).

use super::exercise::Exercise;
use guoxiang_core::{Color, Position, Role, Square};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A phase of an exercise's method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Edge,
    Ladder,
    Corner,
    W,
    Mate,
    KeySquares,
    Promote,
    Opposition,
    WinRook,
    Approach,
    StalemateTrick,
}

impl Phase {
    /// The code on the wire (`key_squares`).
    pub fn code(self) -> &'static str {
        match self {
            Phase::Edge => "edge",
            Phase::Ladder => "ladder",
            Phase::Corner => "corner",
            Phase::W => "w",
            Phase::Mate => "mate",
            Phase::KeySquares => "key_squares",
            Phase::Promote => "promote",
            Phase::Opposition => "opposition",
            Phase::WinRook => "win_rook",
            Phase::Approach => "approach",
            Phase::StalemateTrick => "stalemate_trick",
        }
    }
}

/// The phase of `exercise` in `pos` (by the rules at the top of this module).
///
/// ```
/// use guoxiang_core::Position;
/// use guoxiang_server::endgame::{phase_of, Exercise, Phase};
/// let centre = Position::from_fen("8/8/8/3k4/8/8/7Q/4K3 w - - 0 1").unwrap();
/// assert_eq!(phase_of(Exercise::Kqk, &centre), Phase::Edge);
/// let edge = Position::from_fen("3k4/8/8/8/8/8/7Q/4K3 w - - 0 1").unwrap();
/// assert_eq!(phase_of(Exercise::Kqk, &edge), Phase::Mate);
/// ```
pub fn phase_of(exercise: Exercise, pos: &Position) -> Phase {
    let defender = pos.king_of(Color::Black);
    let on_edge = is_edge(defender);
    let near_corner = corner_near(defender);
    let black_has =
        |role: Role| (pos.board().by_color(Color::Black) & pos.board().by_role(role)).any();
    match exercise {
        Exercise::Kqk | Exercise::Krk => {
            if on_edge {
                Phase::Mate
            } else {
                Phase::Edge
            }
        }
        Exercise::Krrk => {
            if on_edge {
                Phase::Mate
            } else {
                Phase::Ladder
            }
        }
        Exercise::Kbbk => match (on_edge, near_corner) {
            (false, _) => Phase::Edge,
            (true, None) => Phase::Corner,
            (true, Some(_)) => Phase::Mate,
        },
        Exercise::Kbnk => match (on_edge, near_corner) {
            (false, _) => Phase::Edge,
            (true, None) => Phase::Corner,
            (true, Some(corner)) => match bishop_is_light(pos) {
                Some(light) if corner.is_light() != light => Phase::W,
                _ => Phase::Mate,
            },
        },
        Exercise::Kpk => kpk_phase(pos),
        Exercise::KpkHold => Phase::Opposition,
        Exercise::Kqkr => {
            if black_has(Role::Rook) {
                Phase::WinRook
            } else {
                Phase::Mate
            }
        }
        Exercise::Kqkp => {
            if black_has(Role::Pawn) {
                Phase::Approach
            } else {
                Phase::Mate
            }
        }
        Exercise::KqkpHold => Phase::StalemateTrick,
    }
}

/// On the a- or h-file, or the first or eighth rank.
pub fn is_edge(sq: Square) -> bool {
    matches!(sq.file().index(), 0 | 7) || matches!(sq.rank().index(), 0 | 7)
}

/// The corner within two king steps of `sq`, if any (at most one on a board of eight).
pub fn corner_near(sq: Square) -> Option<Square> {
    [Square::A1, Square::H1, Square::A8, Square::H8]
        .into_iter()
        .find(|&c| king_distance(sq, c) <= 2)
}

/// King steps between two squares.
pub fn king_distance(a: Square, b: Square) -> u8 {
    let df = a.file().index().abs_diff(b.file().index());
    let dr = a.rank().index().abs_diff(b.rank().index());
    df.max(dr)
}

/// Whether white's bishop stands on a light square (`None` without one).
fn bishop_is_light(pos: &Position) -> Option<bool> {
    let b = pos.board();
    (b.by_color(Color::White) & b.bishops())
        .first()
        .map(Square::is_light)
}

/// KPK: has white's king reached a key square of the pawn?
fn kpk_phase(pos: &Position) -> Phase {
    let b = pos.board();
    let Some(pawn) = (b.by_color(Color::White) & b.pawns()).first() else {
        // Promoted (or lost, when the game is over anyway).
        return Phase::Promote;
    };
    let king = pos.king_of(Color::White);
    if pawn.rank().index() >= 6 || key_squares(pawn).contains(&king) {
        Phase::Promote
    } else {
        Phase::KeySquares
    }
}

/// The key squares of a white pawn: a king of the pawn's side standing on one
/// wins whoever is to move. A rook's pawn: the two squares of the next file on
/// the seventh and eighth ranks. Others on ranks 2-4: the three squares two
/// ranks ahead; on ranks 5-6: the three squares one and the three two ranks ahead.
pub fn key_squares(pawn: Square) -> Vec<Square> {
    let (f, r) = (pawn.file().index() as i8, pawn.rank().index() as i8);
    let at = |df: i8, rank: i8| pawn.offset(df, rank - r);
    if f == 0 || f == 7 {
        let df = if f == 0 { 1 } else { -1 };
        return [at(df, 6), at(df, 7)].into_iter().flatten().collect();
    }
    let ahead: &[i8] = if r <= 3 { &[2] } else { &[1, 2] };
    let mut out = Vec::new();
    for &dr in ahead {
        for df in [-1, 0, 1] {
            if let Some(sq) = at(df, (r + dr).min(7)) {
                if !out.contains(&sq) {
                    out.push(sq);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn phase(e: Exercise, fen: &str) -> Phase {
        phase_of(e, &Position::from_fen(fen).expect("a legal test position"))
    }

    #[test]
    fn kbnk_drives_to_the_edge_then_a_corner_then_the_bishops_corner() {
        // Light-squared bishop (f1... here on d3, a light square? d3 is light).
        assert!(Square::D3.is_light());
        assert_eq!(
            phase(Exercise::Kbnk, "8/8/8/4k3/8/3B4/3N4/4K3 w - - 0 1"),
            Phase::Edge
        );
        assert_eq!(
            phase(Exercise::Kbnk, "4k3/8/8/8/8/3B4/3N4/4K3 w - - 0 1"),
            Phase::Corner
        );
        // Near a8 (light, the bishop's colour): the mate.
        assert_eq!(
            phase(Exercise::Kbnk, "1k6/8/2K5/8/8/3B4/3N4/8 w - - 0 1"),
            Phase::Mate
        );
        // Near h8 (dark, the wrong corner): the W-manoeuvre.
        assert_eq!(
            phase(Exercise::Kbnk, "6k1/8/5K2/8/8/3B4/3N4/8 w - - 0 1"),
            Phase::W
        );
        // A dark-squared bishop makes h8 the right corner.
        assert_eq!(
            phase(Exercise::Kbnk, "6k1/8/5K2/8/8/2B5/3N4/8 w - - 0 1"),
            Phase::Mate
        );
    }

    #[test]
    fn kbbk_has_no_wrong_corner() {
        assert_eq!(
            phase(Exercise::Kbbk, "6k1/8/5K2/8/8/2BB4/8/8 w - - 0 1"),
            Phase::Mate
        );
        assert_eq!(
            phase(Exercise::Kbbk, "3k4/8/3K4/8/8/2BB4/8/8 w - - 0 1"),
            Phase::Corner
        );
        assert_eq!(
            phase(Exercise::Kbbk, "8/8/3k4/8/8/2BB4/8/3K4 w - - 0 1"),
            Phase::Edge
        );
    }

    #[test]
    fn the_lone_king_on_the_edge_is_the_mating_phase() {
        assert_eq!(
            phase(Exercise::Krk, "8/8/8/3k4/8/8/8/R3K3 w - - 0 1"),
            Phase::Edge
        );
        assert_eq!(
            phase(Exercise::Krk, "7k/8/8/8/8/8/8/R3K3 w - - 0 1"),
            Phase::Mate
        );
        assert_eq!(
            phase(Exercise::Krrk, "8/8/8/3k4/8/8/8/RR2K3 w - - 0 1"),
            Phase::Ladder
        );
        assert_eq!(
            phase(Exercise::Krrk, "3k4/8/8/8/8/8/8/RR2K3 w - - 0 1"),
            Phase::Mate
        );
    }

    #[test]
    fn kpk_promotes_once_the_king_stands_on_a_key_square() {
        // Pawn e4: key squares d6 e6 f6.
        assert_eq!(
            key_squares(Square::E4),
            vec![Square::D6, Square::E6, Square::F6]
        );
        assert_eq!(
            phase(Exercise::Kpk, "8/8/3K4/8/4P3/8/8/k7 w - - 0 1"),
            Phase::Promote
        );
        assert_eq!(
            phase(Exercise::Kpk, "8/8/8/3K4/4P3/8/8/k7 w - - 0 1"),
            Phase::KeySquares
        );
        // A rook's pawn: b7 and b8 only.
        assert_eq!(key_squares(Square::A4), vec![Square::B7, Square::B8]);
        // Pawn on the fifth rank: six key squares.
        assert_eq!(key_squares(Square::E5).len(), 6);
        // On the seventh rank the pawn is about to queen.
        assert_eq!(
            phase(Exercise::Kpk, "8/4P3/8/8/8/8/8/K5k1 w - - 0 1"),
            Phase::Promote
        );
    }

    #[test]
    fn kqkr_wins_the_rook_first_and_kqkp_approaches_while_the_pawn_lives() {
        assert_eq!(
            phase(Exercise::Kqkr, "8/8/8/3kr3/8/8/7Q/3K4 w - - 0 1"),
            Phase::WinRook
        );
        assert_eq!(
            phase(Exercise::Kqkr, "8/8/8/3k4/8/8/7Q/4K3 w - - 0 1"),
            Phase::Mate
        );
        assert_eq!(
            phase(Exercise::Kqkp, "8/8/8/8/8/1K6/p4k2/3Q4 w - - 0 1"),
            Phase::Approach
        );
        assert_eq!(
            phase(Exercise::KqkpHold, "8/8/8/8/8/1K6/p4k2/3Q4 b - - 0 1"),
            Phase::StalemateTrick
        );
    }

    #[test]
    fn every_exercise_names_only_its_own_phases() {
        let fens = [
            "8/8/8/3k4/8/8/7Q/4K3 w - - 0 1",
            "k7/8/8/8/8/8/7Q/4K3 w - - 0 1",
            "6k1/8/5K2/8/8/3B4/3N4/8 w - - 0 1",
        ];
        for e in Exercise::ALL {
            for fen in fens {
                let p = phase(e, fen);
                assert!(e.phases().contains(&p), "{e:?} {fen}: {p:?}");
            }
        }
    }
}
