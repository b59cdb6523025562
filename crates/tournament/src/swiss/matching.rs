//! Whether a set of players can all be paired: a perfect matching in the graph of
//! allowed games (Edmonds' blossom algorithm, unweighted). The Dutch rules call this
//! the completion criterion (C.04.3 C4): a bracket may only be paired in a way that
//! still lets the rest of the round be paired.

/// Size of a maximum matching of the undirected graph given by `adj` (adjacency
/// lists over vertices `0..adj.len()`).
pub(crate) fn maximum_matching(adj: &[Vec<usize>]) -> usize {
    let n = adj.len();
    let mut mate = vec![usize::MAX; n];
    let mut size = 0;
    // Greedy start, then augmenting paths from each free vertex.
    for v in 0..n {
        if mate[v] == usize::MAX {
            if let Some(&u) = adj[v].iter().find(|&&u| mate[u] == usize::MAX) {
                mate[v] = u;
                mate[u] = v;
                size += 1;
            }
        }
    }
    for root in 0..n {
        if mate[root] == usize::MAX && augment(adj, &mut mate, root) {
            size += 1;
        }
    }
    size
}

/// Searches an augmenting path from the free vertex `root` and applies it.
fn augment(adj: &[Vec<usize>], mate: &mut [usize], root: usize) -> bool {
    const NONE: usize = usize::MAX;
    let n = adj.len();
    let mut parent = vec![NONE; n];
    let mut base: Vec<usize> = (0..n).collect();
    let mut used = vec![false; n];
    let mut queue = std::collections::VecDeque::new();
    used[root] = true;
    queue.push_back(root);
    while let Some(v) = queue.pop_front() {
        for &to in &adj[v] {
            if base[v] == base[to] || mate[v] == to {
                continue;
            }
            if to == root || (mate[to] != NONE && parent[mate[to]] != NONE) {
                let cur = lowest_common_ancestor(mate, &base, &parent, v, to);
                let mut blossom = vec![false; n];
                mark_path(mate, &base, &mut parent, &mut blossom, v, cur, to);
                mark_path(mate, &base, &mut parent, &mut blossom, to, cur, v);
                for i in 0..n {
                    if blossom[base[i]] {
                        base[i] = cur;
                        if !used[i] {
                            used[i] = true;
                            queue.push_back(i);
                        }
                    }
                }
            } else if parent[to] == NONE {
                parent[to] = v;
                if mate[to] == NONE {
                    // Flip the path root … v → to.
                    let mut u = to;
                    while u != NONE {
                        let pv = parent[u];
                        let ppv = mate[pv];
                        mate[u] = pv;
                        mate[pv] = u;
                        u = ppv;
                    }
                    return true;
                }
                used[mate[to]] = true;
                queue.push_back(mate[to]);
            }
        }
    }
    false
}

fn lowest_common_ancestor(
    mate: &[usize],
    base: &[usize],
    parent: &[usize],
    a: usize,
    b: usize,
) -> usize {
    let mut seen = vec![false; mate.len()];
    let mut a = a;
    loop {
        a = base[a];
        seen[a] = true;
        if mate[a] == usize::MAX {
            break;
        }
        a = parent[mate[a]];
    }
    let mut b = b;
    loop {
        b = base[b];
        if seen[b] {
            return b;
        }
        b = parent[mate[b]];
    }
}

fn mark_path(
    mate: &[usize],
    base: &[usize],
    parent: &mut [usize],
    blossom: &mut [bool],
    mut v: usize,
    b: usize,
    mut child: usize,
) {
    while base[v] != b {
        blossom[base[v]] = true;
        blossom[base[mate[v]]] = true;
        parent[v] = child;
        child = mate[v];
        v = parent[mate[v]];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
        let mut adj = vec![Vec::new(); n];
        for &(a, b) in edges {
            adj[a].push(b);
            adj[b].push(a);
        }
        adj
    }

    #[test]
    fn a_path_of_four_has_a_perfect_matching() {
        assert_eq!(maximum_matching(&graph(4, &[(0, 1), (1, 2), (2, 3)])), 2);
    }

    #[test]
    fn a_star_pairs_only_once() {
        assert_eq!(maximum_matching(&graph(4, &[(0, 1), (0, 2), (0, 3)])), 1);
    }

    #[test]
    fn an_odd_cycle_with_a_tail_needs_the_blossom() {
        // Triangle 0-1-2, tails 2-3 and 0-4 plus 4-5: perfect matching 4-5? no: 0-1, 2-3, 4-5.
        let adj = graph(6, &[(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (4, 5)]);
        assert_eq!(maximum_matching(&adj), 3);
    }
}
