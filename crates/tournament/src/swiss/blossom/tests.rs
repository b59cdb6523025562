//! The weighted matching against an exhaustive search on many small random graphs,
//! and on the textbook cases that need blossoms to be made, expanded and augmented
//! through.

use super::super::wide::Wide;
use super::*;

/// The heaviest total weight over all matchings, by trying them all.
fn brute_force(n: usize, edges: &[(usize, usize, i64)]) -> i64 {
    fn go(v: usize, used: &mut Vec<bool>, n: usize, w: &[Vec<Option<i64>>]) -> i64 {
        if v == n {
            return 0;
        }
        if used[v] {
            return go(v + 1, used, n, w);
        }
        used[v] = true;
        let mut best = go(v + 1, used, n, w);
        for u in v + 1..n {
            if let (false, Some(x)) = (used[u], w[v][u]) {
                used[u] = true;
                best = best.max(x + go(v + 1, used, n, w));
                used[u] = false;
            }
        }
        used[v] = false;
        best
    }
    let mut w = vec![vec![None; n]; n];
    for &(a, b, x) in edges {
        w[a][b] = Some(x.max(w[a][b].unwrap_or(i64::MIN)));
        w[b][a] = w[a][b];
    }
    go(0, &mut vec![false; n], n, &w)
}

/// Checks that `mate` is a matching of `edges` and returns its weight.
fn weight_of(mate: &[Option<usize>], edges: &[(usize, usize, i64)]) -> i64 {
    let mut total = 0;
    for (v, m) in mate.iter().enumerate() {
        if let Some(u) = *m {
            assert_eq!(mate[u], Some(v), "mates agree");
            if v < u {
                total += edges
                    .iter()
                    .filter(|e| (e.0, e.1) == (v, u) || (e.0, e.1) == (u, v))
                    .map(|e| e.2)
                    .max()
                    .expect("matched along an edge");
            }
        }
    }
    total
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn random_small_graphs_get_the_heaviest_matching() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for round in 0..3000 {
        let n = 2 + (rng.next() % 9) as usize;
        let density = 20 + rng.next() % 80;
        let max_w = [3, 10, 1000][round % 3];
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.next() % 100 < density {
                    edges.push((a, b, 1 + (rng.next() % max_w) as i64));
                }
            }
        }
        let mate = max_weight_matching(n, &edges);
        assert_eq!(
            weight_of(&mate, &edges),
            brute_force(n, &edges),
            "graph {n} {edges:?}"
        );
    }
}

#[test]
fn a_heavy_edge_beats_two_light_ones() {
    let mate = max_weight_matching(4, &[(0, 1, 2i64), (1, 2, 5), (2, 3, 2)]);
    assert_eq!(mate, vec![None, Some(2), Some(1), None]);
}

#[test]
fn an_odd_cycle_is_shrunk_and_augmented_through() {
    // Triangle 0-1-2 with tails 2-3 and 0-4 … the best uses both tails.
    let edges = [(0, 1, 8i64), (1, 2, 9), (0, 2, 10), (2, 3, 10), (0, 4, 10)];
    let mate = max_weight_matching(5, &edges);
    assert_eq!(weight_of(&mate, &edges), brute_force(5, &edges));
    assert_eq!(mate[3], Some(2));
    assert_eq!(mate[4], Some(0));
}

#[test]
fn nested_blossoms_are_expanded_correctly() {
    // The classic cases of nested S-blossoms relabelled as T and expanded.
    let edges = [
        (1, 2, 19i64),
        (1, 3, 20),
        (1, 8, 8),
        (2, 3, 25),
        (2, 4, 18),
        (3, 5, 18),
        (4, 5, 13),
        (4, 7, 7),
        (5, 6, 7),
    ];
    let mate = max_weight_matching(9, &edges);
    assert_eq!(weight_of(&mate, &edges), brute_force(9, &edges));
    let edges = [
        (1, 2, 45i64),
        (1, 5, 45),
        (2, 3, 50),
        (3, 4, 45),
        (4, 5, 50),
        (1, 6, 30),
        (3, 9, 35),
        (4, 8, 26),
        (5, 7, 40),
        (9, 10, 5),
    ];
    let mate = max_weight_matching(11, &edges);
    assert_eq!(weight_of(&mate, &edges), brute_force(11, &edges));
}

#[test]
fn wide_weights_order_the_fields_lexicographically() {
    // A high field bit outweighs any number of low ones.
    let high = Wide::from_u64(1).shl(200);
    let low = Wide::from_u64(u64::MAX).shl(60);
    let edges = [(0, 1, high), (1, 2, low + low), (2, 3, high), (0, 3, low)];
    let mate = max_weight_matching(4, &edges);
    assert_eq!(mate, vec![Some(1), Some(0), Some(3), Some(2)]);
}
