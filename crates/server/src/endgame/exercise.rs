//! The trainer's exercises as data: each one's key, material class, goal, the
//! side the learner plays and the phases of its method (docs/API.md, "Endgame
//! trainer"). The material a position may have during an exercise is the
//! start's material and whatever captures and promotions make of it
//! ([`Exercise::allows`]).

use super::phase::Phase;
use guoxiang_core::{Color, Position, Role};
use std::collections::BTreeSet;

/// One of the trainer's exercises, in the order the page lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Exercise {
    Kqk,
    Krk,
    Krrk,
    Kbbk,
    Kbnk,
    Kpk,
    KpkHold,
    Kqkr,
    Kqkp,
    KqkpHold,
}

/// What the learner is after.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Mate the defending side.
    Win,
    /// Keep the draw against a side that could win.
    Draw,
}

impl Goal {
    pub fn code(self) -> &'static str {
        match self {
            Goal::Win => "win",
            Goal::Draw => "draw",
        }
    }
}

impl Exercise {
    /// Every exercise, in the page's order.
    pub const ALL: [Exercise; 10] = [
        Exercise::Kqk,
        Exercise::Krk,
        Exercise::Krrk,
        Exercise::Kbbk,
        Exercise::Kbnk,
        Exercise::Kpk,
        Exercise::KpkHold,
        Exercise::Kqkr,
        Exercise::Kqkp,
        Exercise::KqkpHold,
    ];

    /// The key in URLs (`kbnk`, `kpk-hold`).
    pub fn key(self) -> &'static str {
        match self {
            Exercise::Kqk => "kqk",
            Exercise::Krk => "krk",
            Exercise::Krrk => "krrk",
            Exercise::Kbbk => "kbbk",
            Exercise::Kbnk => "kbnk",
            Exercise::Kpk => "kpk",
            Exercise::KpkHold => "kpk-hold",
            Exercise::Kqkr => "kqkr",
            Exercise::Kqkp => "kqkp",
            Exercise::KqkpHold => "kqkp-hold",
        }
    }

    /// The exercise with this key (exactly as [`Exercise::key`] spells it).
    ///
    /// ```
    /// use guoxiang_server::endgame::Exercise;
    /// assert_eq!(Exercise::from_key("kpk-hold"), Some(Exercise::KpkHold));
    /// assert_eq!(Exercise::from_key("KQK"), None);
    /// ```
    pub fn from_key(key: &str) -> Option<Exercise> {
        Exercise::ALL.into_iter().find(|e| e.key() == key)
    }

    /// The material class, white's pieces first (`"KQKP"`).
    pub fn class_name(self) -> &'static str {
        match self {
            Exercise::Kqk => "KQK",
            Exercise::Krk => "KRK",
            Exercise::Krrk => "KRRK",
            Exercise::Kbbk => "KBBK",
            Exercise::Kbnk => "KBNK",
            Exercise::Kpk | Exercise::KpkHold => "KPK",
            Exercise::Kqkr => "KQKR",
            Exercise::Kqkp | Exercise::KqkpHold => "KQKP",
        }
    }

    pub fn goal(self) -> Goal {
        match self {
            Exercise::KpkHold | Exercise::KqkpHold => Goal::Draw,
            _ => Goal::Win,
        }
    }

    /// The side the learner plays: white (the stronger side) in the win
    /// exercises, black (the defence) in the hold ones.
    pub fn learner(self) -> Color {
        match self.goal() {
            Goal::Win => Color::White,
            Goal::Draw => Color::Black,
        }
    }

    /// The phases of the method, in order.
    pub fn phases(self) -> &'static [Phase] {
        use Phase::*;
        match self {
            Exercise::Kqk | Exercise::Krk => &[Edge, Mate],
            Exercise::Krrk => &[Ladder, Mate],
            Exercise::Kbbk => &[Edge, Corner, Mate],
            Exercise::Kbnk => &[Edge, Corner, W, Mate],
            Exercise::Kpk => &[KeySquares, Promote],
            Exercise::KpkHold => &[Opposition],
            Exercise::Kqkr => &[WinRook, Mate],
            Exercise::Kqkp => &[Approach, Mate],
            Exercise::KqkpHold => &[StalemateTrick],
        }
    }

    /// White's and black's material at the start, kings included (`("KQ", "KP")`).
    pub fn start_material(self) -> (Material, Material) {
        let name = self.class_name();
        // Invariant: every class name is "K…K…" (two kings).
        let split = name[1..].find('K').map_or(name.len(), |i| i + 1);
        (
            Material::parse(&name[..split]),
            Material::parse(&name[split..]),
        )
    }

    /// Whether `pos` can occur in this exercise with the learner to move: the
    /// learner's turn, and each side's material the start's or what captures
    /// and promotions make of it (so KQK is part of KQKR once the rook falls).
    pub fn allows(self, pos: &Position) -> Result<(), NotThisExercise> {
        if pos.turn() != self.learner() {
            return Err(NotThisExercise::Turn {
                learner: self.learner(),
            });
        }
        let found = (
            Material::of(pos, Color::White),
            Material::of(pos, Color::Black),
        );
        if self.reachable().contains(&found) {
            Ok(())
        } else {
            Err(NotThisExercise::Material {
                class: self.class_name(),
                white: found.0.to_string(),
                black: found.1.to_string(),
            })
        }
    }

    /// Every (white, black) material reachable from the start.
    fn reachable(self) -> BTreeSet<(Material, Material)> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![self.start_material()];
        while let Some(m) = todo.pop() {
            if !seen.insert(m) {
                continue;
            }
            let (w, b) = m;
            for w2 in w.successors() {
                todo.push((w2, b));
            }
            for b2 in b.successors() {
                todo.push((w, b2));
            }
        }
        seen
    }
}

/// Why a position is not one of an exercise's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotThisExercise {
    #[error("the learner plays {} here, but the FEN has the other side to move", learner.name())]
    Turn { learner: Color },
    #[error("the exercise is {class}, but the FEN has white {white} against black {black}")]
    Material {
        class: &'static str,
        white: String,
        black: String,
    },
}

/// One side's men besides the king: queens, rooks, bishops, knights, pawns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Material([u8; 5]);

const ROLES: [Role; 5] = [
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

impl Material {
    /// `color`'s material in `pos`.
    pub fn of(pos: &Position, color: Color) -> Material {
        let b = pos.board();
        let mut m = [0u8; 5];
        for (i, role) in ROLES.into_iter().enumerate() {
            m[i] = (b.by_color(color) & b.by_role(role)).count().min(255) as u8;
        }
        Material(m)
    }

    /// From `"KQ"`, `"KBN"` (the king's letter is optional; other letters are ignored).
    fn parse(text: &str) -> Material {
        let mut m = [0u8; 5];
        for c in text.chars() {
            if let Some(i) = "QRBNP".find(c) {
                m[i] += 1;
            }
        }
        Material(m)
    }

    /// What one capture of a man, or one promotion of a pawn, leaves.
    fn successors(self) -> Vec<Material> {
        let mut out = Vec::new();
        for i in 0..5 {
            if self.0[i] > 0 {
                let mut m = self.0;
                m[i] -= 1;
                out.push(Material(m));
            }
        }
        if self.0[4] > 0 {
            for i in 0..4 {
                let mut m = self.0;
                m[4] -= 1;
                m[i] += 1;
                out.push(Material(m));
            }
        }
        out
    }

    /// How many men of `role` (not the king).
    pub fn count(self, role: Role) -> u8 {
        ROLES
            .iter()
            .position(|&r| r == role)
            .map_or(0, |i| self.0[i])
    }
}

impl std::fmt::Display for Material {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("K")?;
        for (i, c) in "QRBNP".chars().enumerate() {
            for _ in 0..self.0[i] {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("a legal test position")
    }

    #[test]
    fn every_key_reads_back_to_its_exercise() {
        for e in Exercise::ALL {
            assert_eq!(Exercise::from_key(e.key()), Some(e));
        }
        assert_eq!(Exercise::from_key("kqk "), None);
        assert_eq!(Exercise::from_key(""), None);
    }

    #[test]
    fn start_material_splits_the_class_at_the_second_king() {
        let (w, b) = Exercise::Kqkp.start_material();
        assert_eq!((w.to_string(), b.to_string()), ("KQ".into(), "KP".into()));
        let (w, b) = Exercise::Kbnk.start_material();
        assert_eq!((w.to_string(), b.to_string()), ("KBN".into(), "K".into()));
    }

    #[test]
    fn a_capture_keeps_a_position_in_its_exercise() {
        // KQKR after the queen won the rook: KQK, still the kqkr exercise.
        assert!(Exercise::Kqkr
            .allows(&pos("8/8/8/3k4/8/8/7Q/4K3 w - - 0 1"))
            .is_ok());
        // KPK after promotion: KQK.
        assert!(Exercise::Kpk
            .allows(&pos("7Q/8/8/3k4/8/8/8/4K3 w - - 0 1"))
            .is_ok());
    }

    #[test]
    fn the_wrong_side_or_material_is_not_this_exercise() {
        let black_to_move = pos("8/8/8/3k4/8/8/7Q/4K3 b - - 0 1");
        assert!(matches!(
            Exercise::Kqk.allows(&black_to_move),
            Err(NotThisExercise::Turn { .. })
        ));
        // The queen on black's side.
        let swapped = pos("8/8/8/3k4/8/8/7q/4K3 w - - 0 1");
        assert!(matches!(
            Exercise::Kqk.allows(&swapped),
            Err(NotThisExercise::Material { .. })
        ));
        // A rook is not a queen.
        let rook = pos("8/8/8/3k4/8/8/8/4K2R w - - 0 1");
        assert!(Exercise::Kqk.allows(&rook).is_err());
        // The hold exercise: black (the pawn's side) to move.
        let hold = pos("8/8/8/8/8/1K6/p4k2/3Q4 b - - 0 1");
        assert!(Exercise::KqkpHold.allows(&hold).is_ok());
    }
}
