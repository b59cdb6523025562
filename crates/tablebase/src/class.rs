//! Material classes ("KQK", "KBNK", "KQKR"): their names, the order of their pieces in an
//! index, their dependencies (classes one capture or promotion away), and how a position is
//! normalised into one (colours flipped so the stronger side is white).

use guoxiang_core::{Color, Position, Role};
use std::fmt;
use std::str::FromStr;

/// Every class of 3 or 4 pieces, in generation (dependency) order.
const NAMES: [&str; 35] = [
    "KQK", "KRK", "KBK", "KNK", "KPK", //
    "KQQK", "KQRK", "KQBK", "KQNK", "KRRK", "KRBK", "KRNK", "KBBK", "KBNK", "KNNK", //
    "KQKQ", "KQKR", "KQKB", "KQKN", "KRKR", "KRKB", "KRKN", "KBKB", "KBKN", "KNKN", //
    "KQPK", "KRPK", "KBPK", "KNPK", "KPPK", //
    "KQKP", "KRKP", "KBKP", "KNKP", "KPKP",
];

/// A material class, e.g. "KQK", "KBNK", "KQKR": the stronger (white-normalised) side first,
/// pieces in order Q R B N P.
///
/// ```
/// use guoxiang_tablebase::Class;
/// let c: Class = "kbnk".parse().unwrap();
/// assert_eq!(c.to_string(), "KBNK");
/// assert_eq!(c.pieces(), 4);
/// assert_eq!(Class::all().len(), 35);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Class(u8);

/// Why a class name was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown material class {0:?}: expected e.g. KQK, KBNK or KQKR (3 or 4 pieces)")]
pub struct ParseClassError(pub String);

/// The strength order of the pieces in a class name: Q R B N P.
pub(crate) fn role_key(role: Role) -> u8 {
    match role {
        Role::Queen => 0,
        Role::Rook => 1,
        Role::Bishop => 2,
        Role::Knight => 3,
        Role::Pawn => 4,
        Role::King => 5,
    }
}

/// Whether material `a` (non-king roles, sorted by [`role_key`]) is strictly stronger than `b`.
fn stronger(a: &[Role], b: &[Role]) -> bool {
    if a.len() != b.len() {
        return a.len() > b.len();
    }
    let ka: Vec<u8> = a.iter().map(|&r| role_key(r)).collect();
    let kb: Vec<u8> = b.iter().map(|&r| role_key(r)).collect();
    ka < kb
}

fn name_of(white: &[Role], black: &[Role]) -> String {
    let mut s = String::from("K");
    s.extend(white.iter().map(|r| r.upper_char()));
    s.push('K');
    s.extend(black.iter().map(|r| r.upper_char()));
    s
}

impl Class {
    /// Every class with 3 or 4 pieces (35), in generation (dependency) order.
    pub fn all() -> Vec<Class> {
        (0..NAMES.len() as u8).map(Class).collect()
    }

    /// The class of a position, colours normalised; `None` if it has more than four pieces
    /// or only the two kings.
    pub fn of(pos: &Position) -> Option<Class> {
        let board = pos.board();
        let n = board.occupied().count();
        if !(3..=4).contains(&n) {
            return None;
        }
        let mut white = Vec::new();
        let mut black = Vec::new();
        for (_, piece) in board.pieces() {
            if piece.role != Role::King {
                match piece.color {
                    Color::White => white.push(piece.role),
                    Color::Black => black.push(piece.role),
                }
            }
        }
        Some(Class::from_material(&mut white, &mut black).0)
    }

    /// The class of the material, and whether colours must be flipped to reach it.
    pub(crate) fn from_material(white: &mut [Role], black: &mut [Role]) -> (Class, bool) {
        white.sort_by_key(|&r| role_key(r));
        black.sort_by_key(|&r| role_key(r));
        let flip = stronger(black, white);
        let name = if flip {
            name_of(black, white)
        } else {
            name_of(white, black)
        };
        let id = NAMES.iter().position(|&n| n == name);
        // Every split of 1 or 2 non-king pieces over two sides is listed in NAMES.
        let id = id.unwrap_or_else(|| unreachable!("class {name} missing from NAMES"));
        (Class(id as u8), flip)
    }

    /// A number 0..35 (the generation order).
    pub(crate) fn id(self) -> usize {
        self.0 as usize
    }

    /// The class's name, e.g. "KBNK".
    pub fn name(self) -> &'static str {
        NAMES[self.0 as usize]
    }

    /// The number of pieces, kings included: 3 or 4.
    pub fn pieces(&self) -> usize {
        self.name().len()
    }

    /// The non-king roles of the white (stronger) and black sides.
    pub(crate) fn material(self) -> (Vec<Role>, Vec<Role>) {
        let name = self.name();
        let second_king = name[1..].find('K').map_or(0, |i| i + 1);
        let parse = |s: &str| -> Vec<Role> { s.chars().filter_map(Role::from_char).collect() };
        (
            parse(&name[1..second_king]),
            parse(&name[second_king + 1..]),
        )
    }

    /// The classes reachable by one capture or promotion (or both at once), excluding the
    /// bare kings; sorted.
    pub fn dependencies(&self) -> Vec<Class> {
        let (white, black) = self.material();
        let mut out = Vec::new();
        let mut push = |w: Vec<Role>, b: Vec<Role>| {
            let (mut w, mut b) = (w, b);
            if !w.is_empty() || !b.is_empty() {
                out.push(Class::from_material(&mut w, &mut b).0);
            }
        };
        let sides = [(white.clone(), black.clone()), (black, white)];
        for (own, other) in &sides {
            // A capture of one of `other`'s pieces by `own`, maybe promoting a pawn at once.
            for (i, &captured) in other.iter().enumerate() {
                let mut rest = other.clone();
                rest.remove(i);
                push(own.clone(), rest.clone());
                for (j, &r) in own.iter().enumerate() {
                    // A pawn promotes by taking a piece on the last rank, never a pawn.
                    if r == Role::Pawn && captured != Role::Pawn {
                        for promo in Role::PROMOTIONS {
                            let mut o = own.clone();
                            o[j] = promo;
                            push(o, rest.clone());
                        }
                    }
                }
            }
            // A plain promotion.
            for (j, &r) in own.iter().enumerate() {
                if r == Role::Pawn {
                    for promo in Role::PROMOTIONS {
                        let mut o = own.clone();
                        o[j] = promo;
                        push(o, other.clone());
                    }
                }
            }
        }
        let _ = &sides;
        out.sort();
        out.dedup();
        out.retain(|&c| c != *self);
        out
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Class {
    type Err = ParseClassError;
    fn from_str(s: &str) -> Result<Class, ParseClassError> {
        let up = s.trim().to_ascii_uppercase();
        NAMES
            .iter()
            .position(|&n| n == up)
            .map(|i| Class(i as u8))
            .ok_or_else(|| ParseClassError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_dependency_comes_before_its_class() {
        for c in Class::all() {
            for d in c.dependencies() {
                assert!(d < c, "{d} must be generated before {c}");
            }
        }
    }

    #[test]
    fn names_round_trip_and_material_matches() {
        for c in Class::all() {
            assert_eq!(c.name().parse::<Class>().unwrap(), c);
            let (mut w, mut b) = c.material();
            assert_eq!(Class::from_material(&mut w, &mut b), (c, false));
        }
        assert!("KQKQQ".parse::<Class>().is_err());
    }

    #[test]
    fn kpkp_depends_on_the_pawn_and_promotion_classes() {
        let deps: Vec<String> = "KPKP"
            .parse::<Class>()
            .unwrap()
            .dependencies()
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(deps, ["KPK", "KQKP", "KRKP", "KBKP", "KNKP"]);
    }
}
