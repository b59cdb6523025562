//! The completion criterion (C.04.3 C4) and the next bracket's pairs (C7): whether a
//! set of players can still all be paired, the bye aside, by perfect-matching tests.

use super::bracket::{combinations, Ctx};
use super::matching::maximum_matching;

impl Ctx<'_> {
    /// Whether `set` can be fully paired, one bye-eligible player aside if odd (C4).
    pub(crate) fn completable(&self, set: &[usize]) -> bool {
        let odd = set.len() % 2 == 1;
        let n = set.len() + usize::from(odd);
        let mut adj = vec![Vec::new(); n];
        for (i, &a) in set.iter().enumerate() {
            for (j, &b) in set.iter().enumerate().skip(i + 1) {
                if self.compat[a][b] {
                    adj[i].push(j);
                    adj[j].push(i);
                }
            }
            if odd && self.states[a].bye_allowed && self.states[a].score <= self.bye_score {
                adj[i].push(n - 1);
                adj[n - 1].push(i);
            }
        }
        maximum_matching(&adj) * 2 == n
    }

    /// C7 with completion: the fewest players of the next bracket (downfloaters
    /// included) left unpaired there in a pairing that completes the round. Tries the
    /// sets of players sent further down by size, up to four; beyond that it falls
    /// back to the count without completion.
    pub(crate) fn next_unpaired_completing(
        &self,
        floaters: &[usize],
        next: &[usize],
        lower: &[usize],
    ) -> usize {
        let nprime: Vec<usize> = floaters.iter().chain(next).copied().collect();
        let below: Vec<usize> = lower
            .iter()
            .copied()
            .filter(|i| !next.contains(i))
            .collect();
        let mut k = nprime.len() % 2;
        while k <= nprime.len() && k <= 4 {
            for sent in combinations(&nprime, k) {
                let inside: Vec<usize> = nprime
                    .iter()
                    .copied()
                    .filter(|i| !sent.contains(i))
                    .collect();
                if self.matching_size(&inside) * 2 != inside.len() {
                    continue;
                }
                let tail: Vec<usize> = sent.iter().chain(&below).copied().collect();
                if self.completable(&tail) {
                    return k;
                }
            }
            k += 2;
        }
        nprime.len() - 2 * self.matching_size(&nprime)
    }

    /// Size of a maximum matching among `set`.
    pub(crate) fn matching_size(&self, set: &[usize]) -> usize {
        let mut adj = vec![Vec::new(); set.len()];
        for (i, &a) in set.iter().enumerate() {
            for (j, &b) in set.iter().enumerate().skip(i + 1) {
                if self.compat[a][b] {
                    adj[i].push(j);
                    adj[j].push(i);
                }
            }
        }
        maximum_matching(&adj)
    }
}
