//! One bracket paired by maximum-weight matching (C.04.3 C1–C17 as edge weights).
//!
//! The graph holds the bracket (its MDPs, then its residents) and every player below
//! it, plus a dummy vertex for the pairing-allocated bye when the count is odd. Each
//! allowed game is an edge whose weight is a row of bit fields, the most important
//! highest: an edge at all (so the heaviest matching pairs everyone: the completion,
//! C4), a pair inside the bracket (C5), the bracket's players paired per score, highest
//! score first (C6: the lowest downfloaters), a pair in the next bracket (C7), the bye
//! to the player with the fewest unplayed games (C9, last bracket), no topscorer colour
//! clash (C10, C11), colour preferences met (C12, C13), no repeated floats (C14–C17).
//! The heaviest matching gives the best quality any pairing of the bracket can have;
//! among the pairings of that quality the Dutch order (C.04.3 D: S1/S2, MDPs first,
//! transpositions, then exchanges) picks one: each choice in that order is kept if a
//! matching of the same quality still exists with it (a matching per test).

use super::blossom::max_weight_matching;
use super::bracket::{binomial, combinations, splits, BracketResult, Ctx};
use super::state::Float;
use super::wide::{Wide, WideN};

/// Bits of the lowest field, which only steers the first matching towards the ranking
/// order so that fewer tests are needed; it never decides.
const ORDER_BITS: u32 = 16;
/// Matchings computed per bracket before settling for the best one found.
const CHECK_CAP: usize = 3000;
/// Score differences (half points) told apart by C8; wider ones count as this one.
const DIFF_LEVELS: u32 = 8;
/// Score differences (half points) of repeated floats told apart (C18–C21).
const SD_MAX: u64 = 64;
/// Highest bit the weights may use (the matching doubles them and sums duals).
const TOP_BIT: u32 = 376;

/// Where a bracket player may be paired in a test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Free,
    One,
    Two,
    /// Not paired inside the bracket (floats).
    Out,
}

/// The bracket's graph: vertex `v` is player `who[v]` (the dummy, if any, is last).
struct Graph {
    who: Vec<usize>,
    /// Vertices `0..nb` form the bracket, `0..nm` its MDPs.
    nb: usize,
    nm: usize,
    edges: Vec<(usize, usize, Wide)>,
    /// Bits the weights use.
    bits: u32,
}

impl Graph {
    /// A pair inside the bracket: both in it, not two MDPs (they pair as floaters).
    fn in_bracket(&self, a: usize, b: usize) -> bool {
        a < self.nb && b < self.nb && !(a < self.nm && b < self.nm)
    }
}

/// Constraints of one test: fixed partners and sides.
#[derive(Clone)]
struct Rules {
    fixed: Vec<Option<usize>>,
    side: Vec<Side>,
}

impl Rules {
    fn allows(&self, g: &Graph, a: usize, b: usize) -> bool {
        if let Some(x) = self.fixed.get(a).copied().flatten() {
            return x == b;
        }
        if let Some(x) = self.fixed.get(b).copied().flatten() {
            return x == a;
        }
        if g.in_bracket(a, b) {
            let (sa, sb) = (self.side[a], self.side[b]);
            if sa == Side::Out || sb == Side::Out || (sa != Side::Free && sa == sb) {
                return false;
            }
        }
        true
    }

    /// Whether the matching `mate` keeps these rules.
    fn fits(&self, g: &Graph, mate: &[Option<usize>]) -> bool {
        (0..mate.len()).all(|a| match mate[a] {
            Some(b) => self.allows(g, a, b),
            None => self.fixed.get(a).copied().flatten().is_none(),
        })
    }
}

/// Number of bits that hold values up to `max` with one to spare.
fn width(max: usize) -> u32 {
    usize::BITS - max.leading_zeros() + 1
}

impl Ctx<'_> {
    /// Pairs the bracket made of `mdps` and `residents` (each in ranking order) by
    /// weighted matching, keeping `lower` pairable.
    pub(crate) fn pair_bracket_weighted(
        &self,
        mdps: &[usize],
        residents: &[usize],
        lower: &[usize],
    ) -> BracketResult {
        let g = self.graph(mdps, residents, lower);
        let all: Vec<usize> = g.who[..g.nb].to_vec();
        let n = g.who.len() + usize::from(g.who.len() % 2 == 1);
        let mut rules = Rules {
            fixed: vec![None; n],
            side: vec![Side::Free; g.nb],
        };
        let mut checks = 0usize;
        let (best, mut mate) = solve(&g, &rules, n);
        // Keeps `trial` if a matching of the best quality keeps it too.
        let mut test = |trial: &Rules, mate: &mut Vec<Option<usize>>| -> bool {
            if trial.fits(&g, mate) {
                return true;
            }
            checks += 1;
            if checks > CHECK_CAP {
                return false;
            }
            let (key, m) = solve(&g, trial, n);
            if key == best {
                *mate = m;
                true
            } else {
                false
            }
        };
        let paired = |mate: &[Option<usize>], v: usize| mate[v].is_some_and(|u| g.in_bracket(v, u));
        let p = (0..g.nb).filter(|&v| paired(&mate, v)).count() / 2;
        let m_star = (0..g.nm).filter(|&v| paired(&mate, v)).count();
        // MDP-pairing: the first set of MDPs (in ranking order) that can be paired, …
        let chosen: Vec<usize> = if m_star > 0 {
            let mut pick: Vec<usize> = (0..g.nm).filter(|&v| paired(&mate, v)).collect();
            let sets = if binomial(g.nm, m_star) <= 500 {
                combinations(&(0..g.nm).collect::<Vec<_>>(), m_star)
            } else {
                Vec::new()
            };
            for s1 in sets {
                let mut trial = rules.clone();
                for v in 0..g.nm {
                    trial.side[v] = if s1.contains(&v) {
                        Side::One
                    } else {
                        Side::Out
                    };
                }
                if test(&trial, &mut mate) {
                    pick = s1;
                    break;
                }
            }
            pick
        } else {
            Vec::new()
        };
        for v in 0..g.nm {
            rules.side[v] = if chosen.contains(&v) {
                Side::One
            } else {
                Side::Out
            };
        }
        // … each against the first resident it can meet.
        for &m in &chosen {
            for r in g.nm..g.nb {
                if rules.fixed[r].is_some() {
                    continue;
                }
                let mut trial = rules.clone();
                trial.fixed[m] = Some(r);
                trial.fixed[r] = Some(m);
                if test(&trial, &mut mate) {
                    rules = trial;
                    break;
                }
            }
        }
        // The remainder as a homogeneous bracket: S1/S2, transpositions, exchanges.
        let remainder: Vec<usize> = (g.nm..g.nb).filter(|&r| rules.fixed[r].is_none()).collect();
        let q = p.saturating_sub(chosen.len());
        if q > 0 && q * 2 <= remainder.len() {
            'found: for k in 0..=2 {
                for (s1, s2) in splits(remainder.len(), q, k) {
                    let mut trial = rules.clone();
                    for &i in &s1 {
                        trial.side[remainder[i]] = Side::One;
                    }
                    for &i in &s2 {
                        trial.side[remainder[i]] = Side::Two;
                    }
                    if !test(&trial, &mut mate) {
                        continue;
                    }
                    for &i in &s1 {
                        let a = remainder[i];
                        for &j in &s2 {
                            let b = remainder[j];
                            if trial.fixed[b].is_some() {
                                continue;
                            }
                            let mut next = trial.clone();
                            next.fixed[a] = Some(b);
                            next.fixed[b] = Some(a);
                            if test(&next, &mut mate) {
                                trial = next;
                                break;
                            }
                        }
                    }
                    break 'found;
                }
            }
        }
        let pairs = (0..g.nb)
            .filter_map(|v| mate[v].map(|u| (v, u)))
            .filter(|&(v, u)| v < u && g.in_bracket(v, u))
            .map(|(v, u)| (g.who[v], g.who[u]))
            .collect();
        let floaters = all
            .iter()
            .enumerate()
            .filter(|&(v, _)| !paired(&mate, v))
            .map(|(_, &i)| i)
            .collect();
        BracketResult { pairs, floaters }
    }

    /// The bracket's graph with its weights.
    fn graph(&self, mdps: &[usize], residents: &[usize], lower: &[usize]) -> Graph {
        let s = self.states;
        let who: Vec<usize> = mdps.iter().chain(residents).chain(lower).copied().collect();
        let (nm, nb) = (mdps.len(), mdps.len() + residents.len());
        let next_score = lower.first().map(|&f| s[f].score);
        let in_next = |v: usize| v < nb || Some(s[who[v]].score) == next_score;
        let float_diff = |i: usize| -> u32 {
            (s[i].score + 2)
                .saturating_sub(next_score.unwrap_or(0))
                .min(DIFF_LEVELS)
        };
        let last = lower.is_empty();
        // Score levels of the bracket, highest first (C6).
        let mut levels: Vec<u32> = who[..nb].iter().map(|&i| s[i].score).collect();
        levels.sort_unstable_by(|a, b| b.cmp(a));
        levels.dedup();
        let (wb, wv) = (width(2 * nb + 2), width(who.len() + 2));
        let wd = width(nb * SD_MAX as usize);
        let fixed_bits = 4 * wd + 2 * wv + DIFF_LEVELS * (wv + 1) + wb + 8 * wb + 8 + ORDER_BITS;
        let max_levels = (TOP_BIT.saturating_sub(fixed_bits) / wb).max(1) as usize;
        let level_of = |score: u32| -> usize {
            levels
                .iter()
                .position(|&l| l == score)
                .unwrap_or(0)
                .min(max_levels - 1)
        };
        let nlevels = levels.len().min(max_levels);
        // The fields' widths, most important first; each edge gets a value per field.
        let mut widths = vec![wv, wb];
        widths.extend(std::iter::repeat_n(wb, nlevels));
        widths.push(wv);
        let first_droppable = widths.len();
        widths.extend(std::iter::repeat_n(wv + 1, DIFF_LEVELS as usize));
        widths.push(8);
        widths.extend(std::iter::repeat_n(wb, 8));
        widths.extend(std::iter::repeat_n(wd, 4));
        widths.push(ORDER_BITS);
        let dummy = who.len() % 2 == 1;
        // (a, b, class, values): class 0 inside, 1 next bracket, 2 other, 3 bye.
        let mut rows: Vec<(usize, usize, usize, Vec<u64>)> = Vec::new();
        for a in 0..who.len() {
            for b in a + 1..who.len() {
                let (i, j) = (who[a], who[b]);
                if !self.compat[i][j] {
                    continue;
                }
                let inside = a < nb && b < nb && !(a < nm && b < nm);
                let k = u64::from(inside);
                let mut v = Vec::with_capacity(widths.len());
                v.push(1);
                v.push(k);
                for l in 0..nlevels {
                    let count =
                        u64::from(level_of(s[i].score) == l) + u64::from(level_of(s[j].score) == l);
                    v.push(k * count);
                }
                let in_next_bracket = !inside && in_next(a) && in_next(b);
                v.push(u64::from(in_next_bracket));
                // C8: the next bracket's score differences, its pairs' and its
                // downfloaters' (score less the next score, plus one point), the
                // widest first. Per level: minus the pairs at that difference, plus
                // the players no longer left to float at it (constants aside).
                let diff = s[i].score.abs_diff(s[j].score).min(DIFF_LEVELS);
                for level in (1..=DIFF_LEVELS).rev() {
                    v.push(if in_next_bracket {
                        1 + u64::from(float_diff(i) == level) + u64::from(float_diff(j) == level)
                            - u64::from(diff == level)
                    } else {
                        0
                    });
                }
                v.push(0);
                let c = if inside {
                    self.colour_counts(&[(i, j)])
                } else {
                    [1; 4]
                };
                for x in c {
                    v.push(k * u64::from(1 - x.min(1)));
                }
                let (hi, lo) = if s[i].score >= s[j].score {
                    (i, j)
                } else {
                    (j, i)
                };
                let up = s[hi].score != s[lo].score;
                let down = |f: fn(&super::state::State) -> Float| {
                    u64::from(f(&s[i]) == Float::Down) + u64::from(f(&s[j]) == Float::Down)
                };
                v.push(k * down(|x| x.float1));
                v.push(k * u64::from(!(up && s[lo].float1 == Float::Up)));
                v.push(k * down(|x| x.float2));
                v.push(k * u64::from(!(up && s[lo].float2 == Float::Up)));
                // C18–C21: the score differences of those repeated floats, smaller better.
                let sd = u64::from(s[hi].score - s[lo].score).min(SD_MAX - 1);
                for repeated in [
                    s[hi].float1 == Float::Down,
                    s[lo].float1 == Float::Up,
                    s[hi].float2 == Float::Down,
                    s[lo].float2 == Float::Up,
                ] {
                    v.push(k * if up && repeated { SD_MAX - sd } else { SD_MAX });
                }
                let dist = ((b - a) as i64 - (nb / 2) as i64).unsigned_abs().min(255);
                v.push(k * (256 - dist));
                let class = if inside {
                    0
                } else if in_next_bracket {
                    1
                } else {
                    2
                };
                rows.push((a, b, class, v));
            }
            if dummy {
                let st = &s[who[a]];
                if st.bye_allowed && st.score <= self.bye_score {
                    let unplayed = (st.by_round.len() - st.played.len()).min(63) as u64;
                    let mut v = vec![0; widths.len()];
                    v[0] = 1;
                    if last {
                        v[first_droppable + DIFF_LEVELS as usize] = 64 - unplayed;
                    }
                    rows.push((a, who.len(), 3, v));
                }
            }
        }
        // A field below C7 whose value is the same for every edge of a class cannot
        // tell two matchings apart (each class's count is fixed by the fields above):
        // leave it out, so that the weights stay narrow.
        let mut base: [Option<&Vec<u64>>; 4] = [None; 4];
        for row in &rows {
            base[row.2].get_or_insert(&row.3);
        }
        let keep: Vec<bool> = (0..widths.len())
            .map(|f| {
                f < first_droppable
                    || f + 1 == widths.len()
                    || rows
                        .iter()
                        .any(|r| base[r.2].is_some_and(|b| b[f] != r.3[f]))
            })
            .collect();
        let total_bits: u32 = (0..widths.len())
            .filter(|&f| keep[f])
            .map(|f| widths[f])
            .sum();
        let edges = rows
            .iter()
            .map(|(a, b, _, v)| {
                let mut w = Wide::ZERO;
                for f in (0..widths.len()).filter(|&f| keep[f]) {
                    w = w.shl(widths[f]) + Wide::from_u64(v[f]);
                }
                (*a, *b, w)
            })
            .collect();
        Graph {
            who,
            nb,
            nm,
            edges,
            bits: total_bits,
        }
    }
}

/// The heaviest matching under `rules`: its weight without the order field, and the
/// partner of each vertex.
fn solve(g: &Graph, rules: &Rules, n: usize) -> (Wide, Vec<Option<usize>>) {
    let edges: Vec<(usize, usize, Wide)> = g
        .edges
        .iter()
        .filter(|&&(a, b, _)| rules.allows(g, a, b))
        .copied()
        .collect();
    // The narrowest integer that holds the doubled weights and the duals' sums.
    fn run<const M: usize>(n: usize, edges: &[(usize, usize, Wide)]) -> Vec<Option<usize>> {
        let narrow: Vec<(usize, usize, WideN<M>)> = edges
            .iter()
            .map(|&(a, b, w)| (a, b, w.narrow::<M>()))
            .collect();
        max_weight_matching(n, &narrow)
    }
    let mate = match g.bits + 4 {
        0..=125 => {
            let narrow: Vec<(usize, usize, i128)> = edges
                .iter()
                .map(|&(a, b, w)| (a, b, w.to_i128().unwrap_or(0)))
                .collect();
            max_weight_matching(n, &narrow)
        }
        126..=190 => run::<3>(n, &edges),
        191..=254 => run::<4>(n, &edges),
        255..=318 => run::<5>(n, &edges),
        _ => max_weight_matching(n, &edges),
    };
    let mut total = Wide::ZERO;
    for &(a, b, w) in &edges {
        if mate[a] == Some(b) {
            total = total + w;
        }
    }
    (total.clear_low(ORDER_BITS), mate)
}
