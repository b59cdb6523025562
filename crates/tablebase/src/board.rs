//! Moves and un-moves on a placement of at most four pieces, in a class's layout: the
//! generator's own tiny board. Attacks come from the core's tables.

use crate::layout::Layout;
use guoxiang_core::attacks::{attacks, between, pawn_attacks};
use guoxiang_core::{Bitboard, Color, Role, Square};

#[inline]
fn bb(s: u8) -> u64 {
    1u64 << s
}

/// `sq` with piece `i` on `s`, built in registers (a byte store into the array followed by
/// a whole-array load stalls store forwarding in the hot loops).
#[inline]
fn with(sq: &[u8; 4], i: usize, s: u8) -> [u8; 4] {
    let shift = 8 * i as u32;
    ((u32::from_le_bytes(*sq) & !(0xff << shift)) | ((s as u32) << shift)).to_le_bytes()
}

#[inline]
fn sqr(s: u8) -> Square {
    Square::from_index_masked(s as u32)
}

/// A placement with its side to move and en-passant flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    pub sq: [u8; 4],
    pub stm: Color,
    pub ep: bool,
}

/// A child after a capture or promotion: the pieces left, in any order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Exit {
    pub pieces: [(Color, Role, u8); 4],
    pub n: usize,
}

/// One legal move's result.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Child {
    /// A move inside the class (the child has the other side to move).
    Inside([u8; 4], bool),
    /// A capture or promotion: the child is in another class.
    Exit(Exit),
}

/// Whether a piece of `role` and `color` on `from` attacks `target`, pieces on `occ`.
#[inline]
fn attacks_square(role: Role, color: Color, from: u8, target: u8, occ: u64) -> bool {
    let (ff, fr) = ((from & 7) as i8, (from >> 3) as i8);
    let (tf, tr) = ((target & 7) as i8, (target >> 3) as i8);
    let (df, dr) = (tf - ff, tr - fr);
    let clear = || between(sqr(from), sqr(target)).0 & occ == 0;
    match role {
        Role::King => df.abs() <= 1 && dr.abs() <= 1 && from != target,
        Role::Knight => (df.abs() == 1 && dr.abs() == 2) || (df.abs() == 2 && dr.abs() == 1),
        Role::Pawn => {
            df.abs() == 1
                && dr
                    == match color {
                        Color::White => 1,
                        Color::Black => -1,
                    }
        }
        Role::Rook => (df == 0) != (dr == 0) && clear(),
        Role::Bishop => df.abs() == dr.abs() && df != 0 && clear(),
        Role::Queen => ((df == 0) != (dr == 0) || (df.abs() == dr.abs() && df != 0)) && clear(),
    }
}

#[inline]
fn pawn_dir(c: Color) -> i8 {
    match c {
        Color::White => 8,
        Color::Black => -8,
    }
}

#[inline]
fn rel_rank(c: Color, s: u8) -> u8 {
    match c {
        Color::White => s >> 3,
        Color::Black => 7 - (s >> 3),
    }
}

impl Layout {
    #[inline]
    pub fn occupied(&self, sq: &[u8; 4]) -> u64 {
        let mut o = 0;
        for &s in &sq[..self.n] {
            o |= bb(s);
        }
        o
    }

    /// Whether a piece of `by` (other than piece `skip`) attacks `target` with `occ`.
    #[inline]
    pub fn attacked(&self, sq: &[u8; 4], by: Color, target: u8, occ: u64, skip: usize) -> bool {
        for i in 0..self.n {
            if i != skip
                && self.color[i] == by
                && attacks_square(self.role[i], by, sq[i], target, occ)
            {
                return true;
            }
        }
        false
    }

    #[inline]
    pub fn king(&self, c: Color) -> usize {
        match c {
            Color::White => 0,
            Color::Black => 1,
        }
    }

    /// The pawn of `moved` that has just made a double step and can be taken en passant by a
    /// pawn of `!moved`, if the board allows it.
    pub fn ep_pawn(&self, sq: &[u8; 4], moved: Color) -> Option<usize> {
        let occ = self.occupied(sq);
        (2..self.n).find(|&i| {
            if self.role[i] != Role::Pawn || self.color[i] != moved || rel_rank(moved, sq[i]) != 3 {
                return false;
            }
            let p = sq[i] as i8;
            let d = pawn_dir(moved);
            let behind = bb((p - d) as u8) | bb((p - 2 * d) as u8);
            occ & behind == 0
                && (2..self.n).any(|j| {
                    self.role[j] == Role::Pawn
                        && self.color[j] != moved
                        && sq[j] >> 3 == sq[i] >> 3
                        && (sq[j] as i8 - p).abs() == 1
                })
        })
    }

    /// Whether a node stands for a legal position of the class (not yet whether it is the
    /// canonical form).
    pub fn legal(&self, node: &Node) -> bool {
        let sq = &node.sq;
        // Most en-passant entries stand for nothing: reject them first.
        if node.ep && self.ep_pawn(sq, !node.stm).is_none() {
            return false;
        }
        let occ = self.occupied(sq);
        if occ.count_ones() as usize != self.n {
            return false;
        }
        for i in 2..self.n {
            if self.role[i] == Role::Pawn && (sq[i] < 8 || sq[i] >= 56) {
                return false;
            }
        }
        let them = !node.stm;
        !self.attacked(sq, node.stm, sq[self.king(them)], occ, usize::MAX)
    }

    fn exit(&self, sq: &[u8; 4], mover: usize, to: u8, captured: usize, promo: Role) -> Exit {
        let mut e = Exit {
            pieces: [(Color::White, Role::King, 0); 4],
            n: 0,
        };
        for i in 0..self.n {
            if i == captured {
                continue;
            }
            e.pieces[e.n] = if i == mover {
                (self.color[i], promo, to)
            } else {
                (self.color[i], self.role[i], sq[i])
            };
            e.n += 1;
        }
        e
    }

    /// Calls `f` with the result of every legal move of the side to move. Returns whether the
    /// side to move is in check.
    pub fn moves(&self, node: &Node, mut f: impl FnMut(Child)) -> bool {
        let sq = &node.sq;
        let us = node.stm;
        let them = !us;
        let occ = self.occupied(sq);
        let mut own = 0;
        let mut theirs = 0;
        for i in 0..self.n {
            if self.color[i] == us {
                own |= bb(sq[i]);
            } else {
                theirs |= bb(sq[i]);
            }
        }
        let ksq = sq[self.king(us)];
        let in_check = self.attacked(sq, them, ksq, occ, usize::MAX);
        let victim = |t: u8| (0..self.n).find(|&j| sq[j] == t).unwrap_or(usize::MAX);
        // Our pieces that may be pinned: between our king and an enemy slider.
        let mut pinnable = 0u64;
        for j in 0..self.n {
            if self.color[j] == them
                && matches!(self.role[j], Role::Bishop | Role::Rook | Role::Queen)
            {
                pinnable |= between(sqr(ksq), sqr(sq[j])).0 & own;
            }
        }
        let mut emit = |i: usize, to: u8, captured: usize, promo: Option<Role>, ep: bool| {
            let after = with(sq, i, to);
            let is_king = i == self.king(us);
            // Without check, a piece that is not pinned may go anywhere; an en-passant
            // capture (two pieces leave a rank) is always checked.
            let ep_capture = captured != usize::MAX && sq[captured] != to;
            if in_check || is_king || ep_capture || pinnable & bb(sq[i]) != 0 {
                let mut o = (occ & !bb(sq[i])) | bb(to);
                if captured != usize::MAX {
                    o &= !bb(sq[captured]);
                    o |= bb(to);
                }
                let k = if is_king { to } else { ksq };
                if self.attacked(&after, them, k, o, captured) {
                    return;
                }
            }
            if captured != usize::MAX || promo.is_some() {
                f(Child::Exit(self.exit(
                    sq,
                    i,
                    to,
                    captured,
                    promo.unwrap_or(self.role[i]),
                )));
            } else {
                f(Child::Inside(after, ep));
            }
        };
        for i in 0..self.n {
            if self.color[i] != us {
                continue;
            }
            let from = sq[i];
            if self.role[i] != Role::Pawn {
                let targets = attacks(us, self.role[i], sqr(from), Bitboard(occ)).0 & !own;
                for t in Bitboard(targets) {
                    let t = t.index() as u8;
                    let cap = if theirs & bb(t) != 0 {
                        victim(t)
                    } else {
                        usize::MAX
                    };
                    emit(i, t, cap, None, false);
                }
                continue;
            }
            let d = pawn_dir(us);
            let one = (from as i8 + d) as u8;
            let last = rel_rank(us, one) == 7;
            let promos: &[Option<Role>] = if last {
                &[
                    Some(Role::Queen),
                    Some(Role::Rook),
                    Some(Role::Bishop),
                    Some(Role::Knight),
                ]
            } else {
                &[None]
            };
            if occ & bb(one) == 0 {
                for &p in promos {
                    emit(i, one, usize::MAX, p, false);
                }
                let two = (one as i8 + d) as u8;
                if rel_rank(us, from) == 1 && occ & bb(two) == 0 {
                    let after = with(sq, i, two);
                    let ep = self.ep && self.ep_pawn(&after, us) == Some(i);
                    emit(i, two, usize::MAX, None, ep);
                }
            }
            for t in Bitboard(pawn_attacks(us, sqr(from)).0 & theirs) {
                let t = t.index() as u8;
                for &p in promos {
                    emit(i, t, victim(t), p, false);
                }
            }
            if node.ep {
                if let Some(j) = self.ep_pawn(sq, them) {
                    if sq[j] >> 3 == from >> 3 && (sq[j] as i8 - from as i8).abs() == 1 {
                        let to = (sq[j] as i8 + d) as u8;
                        emit(i, to, j, None, false);
                    }
                }
            }
        }
        in_check
    }

    /// Calls `f` with every predecessor (placement, en-passant flag) from which the side that
    /// just moved reached `node` by a move inside the class.
    pub fn unmoves(&self, node: &Node, mut f: impl FnMut([u8; 4], bool)) {
        let sq = &node.sq;
        let us = node.stm;
        let moved = !us;
        let occ = self.occupied(sq);
        let ep_pawn = if self.ep {
            self.ep_pawn(sq, moved)
        } else {
            None
        };
        // A predecessor where our king stands attacked is not checked here: its table entry
        // is marked invalid, which the caller skips.
        let mut emit = |before: [u8; 4]| {
            f(before, false);
            if self.ep && self.ep_pawn(&before, us).is_some() {
                f(before, true);
            }
        };
        for i in 0..self.n {
            if self.color[i] != moved {
                continue;
            }
            let at = sq[i];
            if node.ep && Some(i) != ep_pawn {
                continue;
            }
            if self.role[i] != Role::Pawn {
                if node.ep {
                    continue;
                }
                let sources = attacks(moved, self.role[i], sqr(at), Bitboard(occ)).0 & !occ;
                for s in Bitboard(sources) {
                    let before = with(sq, i, s.index() as u8);
                    emit(before);
                }
                continue;
            }
            let d = pawn_dir(moved);
            let rr = rel_rank(moved, at);
            if rr < 2 {
                continue;
            }
            let back = (at as i8 - d) as u8;
            if occ & bb(back) != 0 {
                continue;
            }
            if !node.ep {
                let before = with(sq, i, back);
                emit(before);
            }
            if rr == 3 {
                let back2 = (back as i8 - d) as u8;
                // A double step to a square beside an enemy pawn leads to the en-passant
                // variant, not to the plain node.
                if occ & bb(back2) == 0 && (node.ep || ep_pawn != Some(i)) {
                    let before = with(sq, i, back2);
                    emit(before);
                }
            }
        }
    }
}
