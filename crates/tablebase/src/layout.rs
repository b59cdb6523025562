//! The index of a class: which piece sits where in a table, the symmetry reduction
//! (the 462 king pairs under the 8 board symmetries without pawns, the file mirror with
//! pawns), the canonical index of a placement and its inverse.
//!
//! Squares are `u8` 0..64 (a1 = 0, h8 = 63). Pieces are in class order: white king, black
//! king, white pieces (Q R B N P), black pieces. Without pawns the index is
//! `kk * 64^(n-2) + s2 * 64^(n-3) + ...` where `kk` numbers the 462 canonical king pairs;
//! with pawns it is `lead * 64^(n-1) + ...` where `lead` (0..24) is the first pawn on files
//! a-d, ranks 2-7, and the other pieces follow with 64 squares each. When both colours have
//! pawns, a second block of `base` entries holds the same positions with an en-passant right.

use crate::class::{role_key, Class};
use guoxiang_core::{Color, Role};
use std::sync::OnceLock;

/// Applies board symmetry `t` (bit 4: transpose, bit 1: mirror files, bit 2: mirror ranks).
const fn transform(t: u8, s: u8) -> u8 {
    let (mut f, mut r) = (s & 7, s >> 3);
    if t & 4 != 0 {
        let x = f;
        f = r;
        r = x;
    }
    if t & 1 != 0 {
        f = 7 - f;
    }
    if t & 2 != 0 {
        r = 7 - r;
    }
    r * 8 + f
}

const fn build_trans() -> [[u8; 64]; 8] {
    let mut out = [[0u8; 64]; 8];
    let mut t = 0;
    while t < 8 {
        let mut s = 0;
        while s < 64 {
            out[t][s] = transform(t as u8, s as u8);
            s += 1;
        }
        t += 1;
    }
    out
}

/// `TRANS[t][s]`: square `s` under symmetry `t`.
pub(crate) static TRANS: [[u8; 64]; 8] = build_trans();

const NONE: u16 = u16::MAX;

const fn adjacent_or_same(a: u8, b: u8) -> bool {
    let df = (a & 7) as i8 - (b & 7) as i8;
    let dr = (a >> 3) as i8 - (b >> 3) as i8;
    df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}

/// The canonical king pairs: white king in the a1-d1-d4 triangle, black king on or below the
/// diagonal when the white king is on it, kings not touching.
struct KingPairs {
    index: Vec<u16>,
    squares: Vec<(u8, u8)>,
    /// For each raw (wk, bk): the symmetries that make it canonical.
    trans: Vec<Vec<u8>>,
}

fn king_pairs() -> &'static KingPairs {
    static KP: OnceLock<KingPairs> = OnceLock::new();
    KP.get_or_init(|| {
        let mut index = vec![NONE; 4096];
        let mut squares = Vec::new();
        for wk in 0u8..64 {
            let (f, r) = (wk & 7, wk >> 3);
            if f > 3 || r > f {
                continue;
            }
            for bk in 0u8..64 {
                if adjacent_or_same(wk, bk) || (f == r && (bk >> 3) > (bk & 7)) {
                    continue;
                }
                index[wk as usize * 64 + bk as usize] = squares.len() as u16;
                squares.push((wk, bk));
            }
        }
        let trans = (0..4096usize)
            .map(|p| {
                (0u8..8)
                    .filter(|&t| {
                        let w = TRANS[t as usize][p / 64] as usize;
                        let b = TRANS[t as usize][p % 64] as usize;
                        index[w * 64 + b] != NONE
                    })
                    .collect()
            })
            .collect();
        KingPairs {
            index,
            squares,
            trans,
        }
    })
}

/// The number of canonical king pairs without pawns (462).
pub fn king_pair_count() -> usize {
    king_pairs().squares.len()
}

/// How a class's pieces are laid out in its table.
#[derive(Debug)]
pub(crate) struct Layout {
    pub n: usize,
    pub color: [Color; 4],
    pub role: [Role; 4],
    pub pawns: bool,
    /// The piece index of the lead pawn (pawn classes).
    pub lead: usize,
    /// Two identical pieces, interchangeable in the index.
    pub pair: Option<(usize, usize)>,
    /// Both colours have pawns: the table has en-passant variants.
    pub ep: bool,
    /// Entries without en-passant variants.
    pub base: usize,
    /// Entries per side to move.
    pub size: usize,
}

impl Layout {
    fn new(class: Class) -> Layout {
        let (white, black) = class.material();
        let mut color = [Color::White; 4];
        let mut role = [Role::King; 4];
        color[1] = Color::Black;
        let mut n = 2;
        for (c, list) in [(Color::White, &white), (Color::Black, &black)] {
            let mut list = list.clone();
            list.sort_by_key(|&r| role_key(r));
            for r in list {
                color[n] = c;
                role[n] = r;
                n += 1;
            }
        }
        let pawns = role[..n].contains(&Role::Pawn);
        let lead = (2..n).find(|&i| role[i] == Role::Pawn).unwrap_or(0);
        let pair = (n == 4 && color[2] == color[3] && role[2] == role[3]).then_some((2, 3));
        let ep = (0..n).any(|i| role[i] == Role::Pawn && color[i] == Color::White)
            && (0..n).any(|i| role[i] == Role::Pawn && color[i] == Color::Black);
        let base = if pawns {
            24 * 64usize.pow(n as u32 - 1)
        } else {
            king_pair_count() * 64usize.pow(n as u32 - 2)
        };
        Layout {
            n,
            color,
            role,
            pawns,
            lead,
            pair,
            ep,
            base,
            size: if ep { 2 * base } else { base },
        }
    }

    /// The layout of `class` (built once).
    pub fn of(class: Class) -> &'static Layout {
        static ALL: OnceLock<Vec<Layout>> = OnceLock::new();
        &ALL.get_or_init(|| Class::all().into_iter().map(Layout::new).collect())[class.id()]
    }

    /// The index of an already transformed placement, if it is in canonical form.
    #[inline]
    fn raw(&self, sq: &[u8; 4]) -> Option<usize> {
        if self.pawns {
            let lp = sq[self.lead];
            let (f, r) = (lp & 7, lp >> 3);
            if f > 3 || r == 0 || r == 7 {
                return None;
            }
            let mut idx = ((r - 1) * 4 + f) as usize;
            for (i, &s) in sq.iter().enumerate().take(self.n) {
                if i != self.lead {
                    idx = idx * 64 + s as usize;
                }
            }
            Some(idx)
        } else {
            let kk = king_pairs().index[sq[0] as usize * 64 + sq[1] as usize];
            if kk == NONE {
                return None;
            }
            let mut idx = kk as usize;
            for &s in &sq[2..self.n] {
                idx = idx * 64 + s as usize;
            }
            Some(idx)
        }
    }

    #[inline]
    fn best_of(&self, t: u8, sq: &[u8; 4], best: &mut usize) {
        let mut s = [0u8; 4];
        for i in 0..self.n {
            s[i] = TRANS[t as usize][sq[i] as usize];
        }
        if let Some(i) = self.raw(&s) {
            *best = (*best).min(i);
        }
        if let Some((a, b)) = self.pair {
            s.swap(a, b);
            if let Some(i) = self.raw(&s) {
                *best = (*best).min(i);
            }
        }
    }

    /// The canonical index of a placement (pieces in class order), `None` if no symmetry
    /// brings it into the index (kings touching, pawn on a back rank).
    #[inline]
    pub fn index(&self, sq: &[u8; 4], ep: bool) -> Option<usize> {
        let mut best = usize::MAX;
        if self.pawns {
            if self.pair.is_some() {
                self.best_of(0, sq, &mut best);
                self.best_of(1, sq, &mut best);
            } else {
                // Only the mirror that puts the lead pawn on files a-d can work.
                self.best_of(((sq[self.lead] & 7) > 3) as u8, sq, &mut best);
            }
        } else {
            for &t in &king_pairs().trans[sq[0] as usize * 64 + sq[1] as usize] {
                self.best_of(t, sq, &mut best);
            }
        }
        (best != usize::MAX).then_some(best + if ep { self.base } else { 0 })
    }

    /// Whether two different moves from (or un-moves to) this placement may reach the same
    /// canonical index. Two children differ from the parent in one piece each, so a symmetry
    /// mapping one child onto the other fixes all other pieces: at least `n - 2` of them on
    /// one diagonal (the only symmetries with fixed squares), or two identical pieces
    /// swapped. The file mirror of pawn classes fixes no square.
    #[inline]
    pub fn may_repeat(&self, sq: &[u8; 4]) -> bool {
        if self.pawns {
            return false;
        }
        if self.pair.is_some() {
            return true;
        }
        let (mut main, mut anti) = (0, 0);
        for &s in &sq[..self.n] {
            let (f, r) = (s & 7, s >> 3);
            main += (f == r) as usize;
            anti += (f + r == 7) as usize;
        }
        main >= self.n - 2 || anti >= self.n - 2
    }

    /// The placement an index stands for, and whether it is an en-passant variant.
    pub fn decode(&self, idx: usize) -> ([u8; 4], bool) {
        let ep = idx >= self.base;
        let mut rest = if ep { idx - self.base } else { idx };
        let mut sq = [0u8; 4];
        if self.pawns {
            for i in (0..self.n).rev() {
                if i != self.lead {
                    sq[i] = (rest % 64) as u8;
                    rest /= 64;
                }
            }
            sq[self.lead] = ((rest / 4 + 1) * 8 + rest % 4) as u8;
        } else {
            for i in (2..self.n).rev() {
                sq[i] = (rest % 64) as u8;
                rest /= 64;
            }
            let (wk, bk) = king_pairs().squares[rest];
            sq[0] = wk;
            sq[1] = bk;
        }
        (sq, ep)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_462_canonical_king_pairs() {
        assert_eq!(king_pair_count(), 462);
    }

    #[test]
    fn every_symmetric_image_has_the_same_index() {
        let l = Layout::of("KBNK".parse().unwrap());
        let sq = [9u8, 50, 33, 22];
        let i = l.index(&sq, false).unwrap();
        for t in 0..8 {
            let s: [u8; 4] = std::array::from_fn(|k| TRANS[t][sq[k] as usize]);
            assert_eq!(l.index(&s, false), Some(i));
        }
        let (d, _) = l.decode(i);
        assert_eq!(l.index(&d, false), Some(i));
    }

    #[test]
    fn a_pawn_class_mirrors_files_only() {
        let l = Layout::of("KPPK".parse().unwrap());
        let sq = [4u8, 60, 14, 13];
        let i = l.index(&sq, false).unwrap();
        let m: [u8; 4] = std::array::from_fn(|k| sq[k] ^ 7);
        assert_eq!(l.index(&m, false), Some(i));
        let swapped = [4u8, 60, 13, 14];
        assert_eq!(l.index(&swapped, false), Some(i));
        let (d, ep) = l.decode(i);
        assert!(!ep);
        assert_eq!(l.index(&d, false), Some(i));
    }
}
