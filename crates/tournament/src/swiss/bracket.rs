//! What a bracket's pairing works with: the round's players and who may meet whom
//! ([`Ctx`]), a bracket's result, the colour criteria of a pair (C.04.3 C10–C13), and
//! the Dutch order's S1/S2 splits (C.04.3 D: the ranking's split, then exchanges).
//! The pairing itself is in `weighted.rs`.

use super::state::{State, Strength};
use super::Colour;

/// The round's players with the pairs they may form.
pub(crate) struct Ctx<'a> {
    pub states: &'a [State],
    pub compat: Vec<Vec<bool>>,
    /// The highest score the bye's receiver may have: the lowest score at which an
    /// eligible player can take it and the rest still be paired (C.04.3 C5/C9 order:
    /// the bye goes as low as it can).
    pub bye_score: u32,
}

/// A bracket's pairs and its downfloaters (indices into `Ctx::states`).
pub(crate) struct BracketResult {
    pub pairs: Vec<(usize, usize)>,
    pub floaters: Vec<usize>,
}

impl Ctx<'_> {
    /// The colour criteria (C10–C13) summed over `pairs`.
    pub(crate) fn colour_counts(&self, pairs: &[(usize, usize)]) -> [u32; 4] {
        let mut c = [0u32; 4];
        for &(a, b) in pairs {
            let (pa, pb) = (&self.states[a], &self.states[b]);
            if pa.pref.is_none() || pa.pref != pb.pref {
                continue;
            }
            c[2] += 1;
            let both_absolute =
                pa.strength == Strength::Absolute && pb.strength == Strength::Absolute;
            if pa.strength >= Strength::Strong && pb.strength >= Strength::Strong && !both_absolute
            {
                c[3] += 1;
            }
            if pa.diff.abs() > 1 && pb.diff.abs() > 1 {
                c[0] += 1;
            }
            if both_absolute {
                let (la, lb) = (pa.played.last(), pb.played.last());
                let three = if pa.diff.abs() == pb.diff.abs() {
                    la.is_some() && la == lb
                } else {
                    let loser = if pa.diff.abs() > pb.diff.abs() {
                        pb
                    } else {
                        pa
                    };
                    loser.played.last().copied() == loser.pref.map(Colour::opposite)
                };
                c[1] += u32::from(three);
            }
        }
        c
    }
}

/// Most splits of one exchange size generated (beyond, that size is skipped).
const SPLIT_CAP: u128 = 50_000;

/// The ways to split `n` players (positions `0..n`, in ranking order) into S1 of `p`
/// and S2 with exactly `k` players exchanged between them, in the Dutch order:
/// `k = 0` is the ranking's own split; exchanges go by the difference of the exchanged
/// pairing numbers. Empty when there would be more than `SPLIT_CAP` of them.
pub(crate) fn splits(n: usize, p: usize, k: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
    if k == 0 {
        return vec![((0..p).collect(), (p..n).collect())];
    }
    if k > p.min(n - p) || binomial(p, k).saturating_mul(binomial(n - p, k)) > SPLIT_CAP {
        return Vec::new();
    }
    let mut swaps: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    for a in combinations(&(0..p).collect::<Vec<_>>(), k) {
        for b in combinations(&(p..n).collect::<Vec<_>>(), k) {
            swaps.push((a.clone(), b));
        }
    }
    swaps.sort_by_key(|(a, b)| {
        let diff = b.iter().sum::<usize>() as i64 - a.iter().sum::<usize>() as i64;
        let mut a_desc = a.clone();
        a_desc.sort_unstable_by(|x, y| y.cmp(x));
        (diff, std::cmp::Reverse(a_desc), b.clone())
    });
    swaps
        .into_iter()
        .map(|(a, b)| {
            let mut s1: Vec<usize> = (0..p)
                .filter(|i| !a.contains(i))
                .chain(b.iter().copied())
                .collect();
            let mut s2: Vec<usize> = (p..n)
                .filter(|i| !b.contains(i))
                .chain(a.iter().copied())
                .collect();
            s1.sort_unstable();
            s2.sort_unstable();
            (s1, s2)
        })
        .collect()
}

/// `n` choose `k`, saturating.
pub(crate) fn binomial(n: usize, k: usize) -> u128 {
    let mut count: u128 = 1;
    for i in 0..k.min(n) as u128 {
        count = count.saturating_mul(n as u128 - i) / (i + 1);
    }
    count
}

/// The `k`-subsets of `items` in lexicographic order of positions.
pub(crate) fn combinations(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut pick = Vec::with_capacity(k);
    fn go(
        items: &[usize],
        k: usize,
        start: usize,
        pick: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if pick.len() == k {
            out.push(pick.clone());
            return;
        }
        for i in start..items.len() {
            pick.push(items[i]);
            go(items, k, i + 1, pick, out);
            pick.pop();
        }
    }
    go(items, k, 0, &mut pick, &mut out);
    out
}
