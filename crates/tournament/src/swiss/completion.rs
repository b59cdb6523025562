//! The completion criterion (C.04.3 C4) for the bye: whether a set of players can all
//! be paired with one bye-eligible player aside, by a perfect-matching test.

use super::bracket::Ctx;
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
}
