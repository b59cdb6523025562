//! Pairing one score bracket (C.04.3 B–D): candidates in the Dutch order —
//! transpositions of S2, then exchanges between S1 and S2; in a heterogeneous bracket
//! the moved-down players (MDPs) first, then the remainder — each judged by the
//! quality criteria; the best candidate that lets the round be completed (C4) wins,
//! the earliest among equals.

use super::state::{Float, State, Strength};
use super::Colour;

/// Candidates looked at per bracket and number of pairs before settling for the best.
const CANDIDATE_CAP: usize = 20_000;
/// Search steps (partial pairings tried) per bracket and number of pairs.
const NODE_CAP: usize = 1_000_000;
/// Remainder candidates looked at per MDP-pairing of a heterogeneous bracket.
const REMAINDER_CAP: usize = 2_000;

/// A pair of players, as indices into `Ctx::states`.
type Pair = (usize, usize);
/// What the search made of a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Best so far and meets every criterion: look no further.
    Stop,
    /// Best so far.
    Better,
    /// Not better than an earlier one, or does not complete the round.
    Worse,
}
/// Called with each complete candidate.
type Visit<'a> = dyn FnMut(&[Pair]) -> Step + 'a;
/// Called when S1 is fully assigned, with the pairs so far and the used S2 members.
type Done<'a> = dyn FnMut(&mut Vec<Pair>, &[bool]) -> bool + 'a;

/// The round's players with the pairs they may form.
pub(crate) struct Ctx<'a> {
    pub states: &'a [State],
    pub compat: Vec<Vec<bool>>,
    /// The highest score the bye's receiver may have: the lowest score at which an
    /// eligible player can take it and the rest still be paired (C.04.3 C5/C9 order:
    /// the bye goes as low as it can).
    pub bye_score: u32,
    /// While the best candidate so far has the best possible downfloaters: its colour
    /// counts, and whether its float counts are all zero (then a tie on colours cannot
    /// win either), so that partial pairings already worse are cut (branch and bound).
    pub bound: std::cell::Cell<Option<([u32; 4], bool)>>,
    /// Search steps taken for the current bracket and number of pairs.
    pub nodes: std::cell::Cell<usize>,
}

/// A bracket's pairs and its downfloaters (indices into `Ctx::states`).
pub(crate) struct BracketResult {
    pub pairs: Vec<(usize, usize)>,
    pub floaters: Vec<usize>,
}

/// How well a candidate meets the quality criteria; smaller is better, compared in
/// the criteria's order.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Quality {
    /// C6/C7: the downfloaters' scores, highest first (lower is better).
    floater_scores: Vec<u32>,
    /// C7: players of the next bracket (downfloaters included) left unpaired there.
    next_unpaired: usize,
    /// C9: unplayed games of the bye's receiver (fewer is better).
    bye_unplayed: usize,
    /// C10: pairs of two players with a colour difference beyond ±1 wanting one colour
    /// (topscorers: one of them ends beyond ±2).
    topscorer_difference: u32,
    /// C11: pairs of two absolute preferences for one colour where the one who yields
    /// gets the same colour a third time.
    topscorer_three: u32,
    /// C12: pairs whose colour preferences clash (one preference not met).
    unmet: u32,
    /// C13: pairs where a strong preference is not met (two absolute ones aside).
    unmet_strong: u32,
    /// C12: downfloaters who also downfloated last round.
    down_again: u32,
    /// C13: upfloaters who also upfloated last round.
    up_again: u32,
    /// C14: downfloaters who downfloated two rounds ago.
    down_two_ago: u32,
    /// C15: upfloaters who upfloated two rounds ago.
    up_two_ago: u32,
}

impl Ctx<'_> {
    fn quality(&self, pairs: &[Pair], floaters: &[usize], next: &[usize], last: bool) -> Quality {
        let s = self.states;
        let mut q = Quality {
            floater_scores: floaters.iter().map(|&f| s[f].score).collect(),
            next_unpaired: 0,
            bye_unplayed: 0,
            topscorer_difference: 0,
            topscorer_three: 0,
            unmet: 0,
            unmet_strong: 0,
            down_again: 0,
            up_again: 0,
            down_two_ago: 0,
            up_two_ago: 0,
        };
        q.floater_scores.sort_unstable_by(|a, b| b.cmp(a));
        if !next.is_empty() {
            let set: Vec<usize> = floaters.iter().chain(next).copied().collect();
            q.next_unpaired = set.len() - 2 * self.matching_size(&set);
        }
        if let ([bye], true) = (floaters, last) {
            q.bye_unplayed = s[*bye].by_round.len() - s[*bye].played.len();
        }
        for &f in floaters {
            q.down_again += u32::from(s[f].float1 == Float::Down);
            q.down_two_ago += u32::from(s[f].float2 == Float::Down);
        }
        for &(a, b) in pairs {
            let (pa, pb) = (&s[a], &s[b]);
            let [d, t, u, us] = self.colour_counts(&[(a, b)]);
            q.topscorer_difference += d;
            q.topscorer_three += t;
            q.unmet += u;
            q.unmet_strong += us;
            if pa.score != pb.score {
                let up = if pa.score < pb.score { pa } else { pb };
                q.up_again += u32::from(up.float1 == Float::Up);
                q.up_two_ago += u32::from(up.float2 == Float::Up);
            }
        }
        q
    }

    /// Whether the remainder's own pairs `pairs` (of `remainder`, `p` pairs) could not
    /// be bettered: its lowest players float, the next bracket (`next`) and the bye
    /// (`last` bracket) are served as well as they can be, and no colour or float
    /// criterion is hurt. `others` are the bracket's MDPs left unpaired.
    fn clean(
        &self,
        pairs: &[Pair],
        remainder: &[usize],
        p: usize,
        others: &[usize],
        next: &[usize],
        last: bool,
    ) -> bool {
        let floaters: Vec<usize> = remainder
            .iter()
            .copied()
            .filter(|i| !pairs.iter().any(|&(a, b)| a == *i || b == *i))
            .collect();
        let all_floaters: Vec<usize> = others.iter().chain(&floaters).copied().collect();
        let whole = self.quality(&[], &all_floaters, next, last);
        if whole.bye_unplayed != 0 || whole.next_unpaired != (all_floaters.len() + next.len()) % 2 {
            return false;
        }
        let q = self.quality(pairs, &floaters, &[], false);
        let mut floor: Vec<u32> = remainder.iter().map(|&i| self.states[i].score).collect();
        floor.sort_unstable();
        floor.truncate(remainder.len() - 2 * p);
        floor.sort_unstable_by(|a, b| b.cmp(a));
        q.floater_scores == floor
            && q.topscorer_difference + q.topscorer_three + q.unmet + q.unmet_strong == 0
            && q.down_again + q.up_again + q.down_two_ago + q.up_two_ago == 0
    }

    /// The colour criteria (C10–C13) summed over `pairs`.
    fn colour_counts(&self, pairs: &[Pair]) -> [u32; 4] {
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

    /// The best downfloater criteria (C6, C7, C9) any choice of downfloaters can give
    /// with `p` pairs in the bracket `all`, when the choices are few enough to try:
    /// the downfloaters must leave the bracket pairable among itself and the round
    /// completable. Knowing it lets the search cut on the colour criteria early.
    fn best_floaters(
        &self,
        all: &[usize],
        p: usize,
        next: &[usize],
        last: bool,
        lower: &[usize],
    ) -> Option<(Vec<u32>, usize, usize)> {
        let f = all.len() - 2 * p;
        let mut count: u128 = 1;
        for k in 0..f as u128 {
            count = count * (all.len() as u128 - k) / (k + 1);
            if count > 3_000 {
                return None;
            }
        }
        let mut best: Option<(Vec<u32>, usize, usize)> = None;
        for floaters in combinations(all, f) {
            let rest: Vec<usize> = all
                .iter()
                .copied()
                .filter(|i| !floaters.contains(i))
                .collect();
            if self.matching_size(&rest) * 2 != rest.len() {
                continue;
            }
            let mut q = self.quality(&[], &floaters, next, last);
            if !next.is_empty() {
                q.next_unpaired = self.next_unpaired_completing(&floaters, next, lower);
            }
            let key = (q.floater_scores, q.next_unpaired, q.bye_unplayed);
            if best.as_ref().is_some_and(|b| *b <= key) {
                continue;
            }
            let tail: Vec<usize> = floaters.iter().chain(lower).copied().collect();
            if self.completable(&tail) {
                best = Some(key);
            }
        }
        best
    }

    /// Pairs the bracket made of `mdps` and `residents` (each in ranking order),
    /// keeping `lower` (the players of the lower brackets) pairable.
    pub fn pair_bracket(
        &self,
        mdps: &[usize],
        residents: &[usize],
        lower: &[usize],
    ) -> BracketResult {
        let all: Vec<usize> = mdps.iter().chain(residents).copied().collect();
        let next: Vec<usize> = match lower.first() {
            Some(&f) => lower
                .iter()
                .copied()
                .take_while(|&i| self.states[i].score == self.states[f].score)
                .collect(),
            None => Vec::new(),
        };
        let last = lower.is_empty();
        for p in (0..=all.len() / 2).rev() {
            let mut floor: Vec<u32> = all.iter().map(|&i| self.states[i].score).collect();
            floor.sort_unstable();
            floor.truncate(all.len() - 2 * p);
            floor.sort_unstable_by(|a, b| b.cmp(a));
            let target = self.best_floaters(&all, p, &next, last, lower);
            let mut best: Option<(Quality, Vec<(usize, usize)>)> = None;
            self.bound.set(None);
            self.nodes.set(0);
            let mut seen = 0usize;
            let mut cache: std::collections::HashMap<Vec<usize>, usize> = Default::default();
            let mut visit = |pairs: &[(usize, usize)]| -> Step {
                seen += 1;
                let mut step = Step::Worse;
                let floaters: Vec<usize> = all
                    .iter()
                    .copied()
                    .filter(|i| !pairs.iter().any(|&(a, b)| a == *i || b == *i))
                    .collect();
                let mut q = self.quality(pairs, &floaters, &next, last);
                if !next.is_empty() {
                    let mut key = floaters.clone();
                    key.sort_unstable();
                    q.next_unpaired = *cache
                        .entry(key)
                        .or_insert_with(|| self.next_unpaired_completing(&floaters, &next, lower));
                }
                if best.as_ref().is_none_or(|(bq, _)| q < *bq) {
                    let rest: Vec<usize> = floaters.iter().chain(lower).copied().collect();
                    if self.completable(&rest) {
                        let optimal_floaters = match &target {
                            Some(t) => {
                                (&q.floater_scores, q.next_unpaired, q.bye_unplayed)
                                    == (&t.0, t.1, t.2)
                            }
                            None => {
                                q.floater_scores == floor
                                    && q.next_unpaired == (floaters.len() + next.len()) % 2
                                    && q.bye_unplayed == 0
                            }
                        };
                        let perfect = optimal_floaters
                            && q.topscorer_difference + q.topscorer_three == 0
                            && q.unmet + q.unmet_strong == 0
                            && q.down_again + q.up_again + q.down_two_ago + q.up_two_ago == 0;
                        let floats_clean =
                            q.down_again + q.up_again + q.down_two_ago + q.up_two_ago == 0;
                        self.bound.set(optimal_floaters.then_some((
                            [
                                q.topscorer_difference,
                                q.topscorer_three,
                                q.unmet,
                                q.unmet_strong,
                            ],
                            floats_clean,
                        )));
                        best = Some((q, pairs.to_vec()));
                        if perfect {
                            return Step::Stop;
                        }
                        step = Step::Better;
                    }
                }
                if seen >= CANDIDATE_CAP {
                    Step::Stop
                } else {
                    step
                }
            };
            let mut acc = Vec::new();
            if mdps.is_empty() {
                self.homogeneous(residents, p, &mut acc, &mut visit);
            } else {
                self.heterogeneous(mdps, residents, p, (&next, last), &mut acc, &mut visit);
            }
            self.bound.set(None);
            if let Some((_, pairs)) = best {
                let floaters = all
                    .iter()
                    .copied()
                    .filter(|i| !pairs.iter().any(|&(a, b)| a == *i || b == *i))
                    .collect();
                return BracketResult { pairs, floaters };
            }
        }
        BracketResult {
            pairs: Vec::new(),
            floaters: all,
        }
    }

    /// MDP-pairing (the highest MDPs against residents by transpositions), then the
    /// remainder as a homogeneous bracket. Returns true to stop.
    fn heterogeneous(
        &self,
        mdps: &[usize],
        residents: &[usize],
        p: usize,
        (next, last): (&[usize], bool),
        acc: &mut Vec<(usize, usize)>,
        visit: &mut Visit<'_>,
    ) -> bool {
        let most = mdps.len().min(residents.len()).min(p);
        for m1 in (0..=most).rev() {
            let rest_pairs = p - m1;
            if rest_pairs * 2 > residents.len() - m1 {
                continue;
            }
            for s1 in combinations(mdps, m1) {
                let mut used = vec![false; residents.len()];
                let stop = self.assign(&s1, 0, residents, &mut used, acc, &mut |acc, used| {
                    let remainder: Vec<usize> = residents
                        .iter()
                        .zip(used.iter())
                        .filter(|(_, u)| !**u)
                        .map(|(r, _)| *r)
                        .collect();
                    let mut inner_seen = 0;
                    let mut stop_all = false;
                    let base = acc.len();
                    let others: Vec<usize> =
                        mdps.iter().copied().filter(|m| !s1.contains(m)).collect();
                    self.homogeneous(&remainder, rest_pairs, acc, &mut |pairs: &[Pair]| {
                        inner_seen += 1;
                        let step = visit(pairs);
                        if step == Step::Stop {
                            stop_all = true;
                            return Step::Stop;
                        }
                        let done = inner_seen >= REMAINDER_CAP
                            || (step == Step::Better
                                && self.clean(
                                    &pairs[base..],
                                    &remainder,
                                    rest_pairs,
                                    &others,
                                    next,
                                    last,
                                ));
                        if done {
                            Step::Stop
                        } else {
                            step
                        }
                    });
                    stop_all
                });
                if stop {
                    return true;
                }
            }
        }
        false
    }

    /// S1/S2 by the ranking, transpositions of S2, then exchanges of one and two
    /// players between S1 and S2 in the Dutch order. Returns true to stop.
    fn homogeneous(
        &self,
        players: &[usize],
        p: usize,
        acc: &mut Vec<(usize, usize)>,
        visit: &mut Visit<'_>,
    ) -> bool {
        if p == 0 {
            return visit(acc) == Step::Stop;
        }
        let n = players.len();
        let mut splits: Vec<(Vec<usize>, Vec<usize>)> = vec![((0..p).collect(), (p..n).collect())];
        for k in 1..=p.min(n - p).min(2) {
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
            for (a, b) in swaps {
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
                splits.push((s1, s2));
            }
        }
        for (s1, s2) in splits {
            let s1: Vec<usize> = s1.iter().map(|&i| players[i]).collect();
            let s2: Vec<usize> = s2.iter().map(|&i| players[i]).collect();
            let mut used = vec![false; s2.len()];
            if self.assign(&s1, 0, &s2, &mut used, acc, &mut |acc, _| {
                visit(acc) == Step::Stop
            }) {
                return true;
            }
        }
        false
    }

    /// Pairs `s1[i..]` with unused members of `s2` in lexicographic order (the
    /// transpositions), calling `done` for each complete assignment.
    #[allow(clippy::too_many_arguments)]
    fn assign(
        &self,
        s1: &[usize],
        i: usize,
        s2: &[usize],
        used: &mut Vec<bool>,
        acc: &mut Vec<(usize, usize)>,
        done: &mut Done<'_>,
    ) -> bool {
        if i == s1.len() {
            return done(acc, used);
        }
        self.nodes.set(self.nodes.get() + 1);
        if self.nodes.get() > NODE_CAP {
            return true;
        }
        for j in 0..s2.len() {
            if used[j] || !self.compat[s1[i]][s2[j]] {
                continue;
            }
            used[j] = true;
            acc.push((s1[i], s2[j]));
            let cut = self.bound.get().is_some_and(|(b, tie_loses)| {
                let c = self.colour_counts(acc);
                c > b || (tie_loses && c == b)
            });
            if cut {
                acc.pop();
                used[j] = false;
                continue;
            }
            let stop = self.assign(s1, i + 1, s2, used, acc, done);
            acc.pop();
            used[j] = false;
            if stop {
                return true;
            }
        }
        false
    }
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
