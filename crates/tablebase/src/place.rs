//! Places a set of pieces into its class: normalises colours (the stronger side becomes
//! white, ranks mirrored), orders the squares as the class's layout wants them, and gives the
//! side to move in that orientation.

use crate::board::Exit;
use crate::class::Class;
use crate::layout::Layout;
use guoxiang_core::{Color, Position, Role};

/// Pieces of a position, normalised into a class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Placed {
    pub class: Class,
    pub sq: [u8; 4],
    pub stm: Color,
    /// Colours were flipped to reach the class.
    pub flipped: bool,
}

/// Places `pieces` with `stm` to move; `None` for the bare kings.
pub(crate) fn place(pieces: &[(Color, Role, u8)], stm: Color) -> Option<Placed> {
    if pieces.len() <= 2 {
        return None;
    }
    let mut white = Vec::with_capacity(2);
    let mut black = Vec::with_capacity(2);
    for &(c, r, _) in pieces {
        if r != Role::King {
            match c {
                Color::White => white.push(r),
                Color::Black => black.push(r),
            }
        }
    }
    let (class, flipped) = Class::from_material(&mut white, &mut black);
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
