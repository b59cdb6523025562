//! Places a set of pieces into its class: normalises colours (the stronger side becomes
//! white, ranks mirrored), orders the squares as the class's layout wants them, and gives the
//! side to move in that orientation.

use crate::board::Exit;
use crate::class::{role_key, Class};
use crate::layout::Layout;
use guoxiang_core::{Color, Position, Role};
use std::sync::OnceLock;

/// Pieces of a position, normalised into a class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Placed {
    pub class: Class,
    pub sq: [u8; 4],
    pub stm: Color,
    /// Colours were flipped to reach the class.
    pub flipped: bool,
}

/// Powers of 3: a material's key has one base-3 digit (a count, at most 2) per colour and
/// role.
const DIGIT: [usize; 10] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683];

/// The class and colour flip of every material key of a known class.
fn classes() -> &'static [Option<(Class, bool)>] {
    static T: OnceLock<Vec<Option<(Class, bool)>>> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = vec![None; 59049];
        let key = |w: &[Role], b: &[Role]| -> usize {
            w.iter()
                .map(|&r| DIGIT[role_key(r) as usize])
                .sum::<usize>()
                + b.iter()
                    .map(|&r| DIGIT[5 + role_key(r) as usize])
                    .sum::<usize>()
        };
        for c in Class::all() {
            let (w, b) = c.material();
            let (mut w2, mut b2) = (w.clone(), b.clone());
            t[key(&w, &b)] = Some(Class::from_material(&mut w2, &mut b2));
            let (mut w3, mut b3) = (b.clone(), w.clone());
            t[key(&b, &w)] = Some(Class::from_material(&mut w3, &mut b3));
        }
        t
    })
}

/// Places `pieces` with `stm` to move; `None` for the bare kings.
pub(crate) fn place(pieces: &[(Color, Role, u8)], stm: Color) -> Option<Placed> {
    if pieces.len() <= 2 {
        return None;
    }
    let mut key = 0usize;
    for &(c, r, _) in pieces {
        if r != Role::King {
            key += DIGIT[c.index() * 5 + role_key(r) as usize];
        }
    }
    let (class, flipped) = classes()[key]?;
    let layout = Layout::of(class);
    let mut used = [false; 4];
    let mut sq = [0u8; 4];
    for k in 0..layout.n {
        for (j, &(c, r, s)) in pieces.iter().enumerate() {
            let c = if flipped { !c } else { c };
            if !used[j] && c == layout.color[k] && r == layout.role[k] {
                used[j] = true;
                sq[k] = if flipped { s ^ 56 } else { s };
                break;
            }
        }
    }
    Some(Placed {
        class,
        sq,
        stm: if flipped { !stm } else { stm },
        flipped,
    })
}

/// Places the pieces left after a capture or promotion.
pub(crate) fn place_exit(exit: &Exit, stm: Color) -> Option<Placed> {
    place(&exit.pieces[..exit.n], stm)
}

/// Places a core position (at most four pieces).
pub(crate) fn place_position(pos: &Position) -> Option<Placed> {
    let pieces: Vec<(Color, Role, u8)> = pos
        .board()
        .pieces()
        .map(|(s, p)| (p.color, p.role, s.index() as u8))
        .collect();
    if pieces.len() > 4 {
        return None;
    }
    place(&pieces, pos.turn())
}
