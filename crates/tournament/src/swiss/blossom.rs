//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm with dual
//! variables, in the O(n³) form of Gabow and Galil (one stage per augmentation, each
//! stage O(n²) with the best-edge bookkeeping per blossom). The Dutch pairing gives
//! every allowed game an edge whose weight encodes the quality criteria in their order
//! of priority; the heaviest matching is then the best pairing by those criteria.
//!
//! Weights are integers (any [`Weight`]); the algorithm works on doubled weights so
//! that every dual variable stays an integer. Vertices are `0..n`; an edge of weight
//! zero or less is never needed for a maximum weight and may be left out.

use super::wide::WideN;
use std::ops::{Add, Sub};

/// An integer type the matching can weigh edges with.
pub(crate) trait Weight: Copy + Ord + Add<Output = Self> + Sub<Output = Self> {
    /// Zero.
    const ZERO: Self;
    /// Half of an even value.
    fn half(self) -> Self;
}

impl Weight for i64 {
    const ZERO: i64 = 0;
    fn half(self) -> i64 {
        self >> 1
    }
}

impl Weight for i128 {
    const ZERO: i128 = 0;
    fn half(self) -> i128 {
        self >> 1
    }
}

impl<const LIMBS: usize> Weight for WideN<LIMBS> {
    const ZERO: Self = WideN::<LIMBS>::ZERO;
    fn half(self) -> Self {
        WideN::half(self)
    }
}

const NONE: usize = usize::MAX;

/// The partner of each vertex in a matching of maximum total weight (`None`: unmatched).
pub(crate) fn max_weight_matching<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
) -> Vec<Option<usize>> {
    let edges: Vec<(usize, usize, W)> = edges
        .iter()
        .filter(|e| e.0 != e.1 && e.0 < n && e.1 < n && e.2 > W::ZERO)
        .map(|&(i, j, w)| (i, j, w + w))
        .collect();
    if edges.is_empty() {
        return vec![None; n];
    }
    let mut m = Matcher::new(n, edges);
    m.solve();
    (0..n)
        .map(|v| (m.mate[v] != NONE).then(|| m.endpoint[m.mate[v]]))
        .collect()
}

/// Index into a blossom's cyclic lists with a possibly negative position.
fn at(list: &[usize], j: isize) -> usize {
    list[j.rem_euclid(list.len() as isize) as usize]
}

struct Matcher<W: Weight> {
    n: usize,
    edges: Vec<(usize, usize, W)>,
    /// `endpoint[2k]`, `endpoint[2k+1]`: the two ends of edge `k`.
    endpoint: Vec<usize>,
    /// Per vertex: the remote endpoints (indices into `endpoint`) of its edges.
    neighbend: Vec<Vec<usize>>,
    /// Per vertex: the remote endpoint of its matched edge, or NONE.
    mate: Vec<usize>,
    /// Per vertex or blossom: 0 free, 1 S, 2 T (5 while scanning).
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

impl<W: Weight> Matcher<W> {
    fn new(n: usize, edges: Vec<(usize, usize, W)>) -> Self {
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbend = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            neighbend[i].push(2 * k + 1);
            neighbend[j].push(2 * k);
        }
        let maxweight = edges.iter().map(|e| e.2).max().unwrap_or(W::ZERO);
        let mut dualvar = vec![maxweight; n];
        dualvar.extend(std::iter::repeat_n(W::ZERO, n));
        let m = edges.len();
        Matcher {
            n,
            edges,
            endpoint,
            neighbend,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).collect(),
            dualvar,
            allowedge: vec![false; m],
            queue: Vec::new(),
        }
    }

    fn slack(&self, k: usize) -> W {
        let (i, j, w) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - w - w
    }

    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(t) = stack.pop() {
            if t < self.n {
                out.push(t);
            } else {
                stack.extend(self.blossomchilds[t].iter().rev());
            }
        }
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let leaves = self.leaves(b);
            self.queue.extend(leaves);
        } else {
            let base = self.blossombase[b];
            let mb = self.mate[base];
            self.assign_label(self.endpoint[mb], 1, mb ^ 1);
        }
    }

    /// Traces back from `v` and `w` to a common base (a new blossom) or to two free
    /// roots (an augmenting path: NONE).
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                let bt = self.inblossom[v];
                v = self.endpoint[self.labelend[bt]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let Some(b) = self.unusedblossoms.pop() else {
            return;
        };
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::ZERO;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for leaf in self.leaves(b) {
            if self.label[self.inblossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.inblossom[leaf] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &child in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[child].take() {
                Some(list) => vec![list],
                None => self
                    .leaves(child)
                    .into_iter()
                    .map(|leaf| self.neighbend[leaf].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j, _) = self.edges[k];
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[child] = NONE;
        }
        let list: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        let mut best = NONE;
        for &k in &list {
            if best == NONE || self.slack(k) < self.slack(best) {
                best = k;
            }
        }
        self.blossombestedges[b] = Some(list);
        self.bestedge[b] = best;
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == W::ZERO {
                self.expand_blossom(s, endstage);
            } else {
                for leaf in self.leaves(s) {
                    self.inblossom[leaf] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let endps = self.blossomendps[b].clone();
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
                j -= childs.len() as isize;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = self.labelend[b];
            while j != 0 {
                let q = self.endpoint[p ^ 1];
                self.label[q] = 0;
                let e = at(&endps, j - endptrick as isize) ^ endptrick ^ 1;
                let r = self.endpoint[e];
                self.label[r] = 0;
                self.assign_label(q, 2, p);
                self.allowedge[at(&endps, j - endptrick as isize) / 2] = true;
                j += jstep;
                p = at(&endps, j - endptrick as isize) ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = at(&childs, j);
            let q = self.endpoint[p ^ 1];
            self.label[q] = 2;
            self.label[bv] = 2;
            self.labelend[q] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while at(&childs, j) != entrychild {
                let bv = at(&childs, j);
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                if let Some(v) = self.leaves(bv).into_iter().find(|&v| self.label[v] != 0) {
                    self.label[v] = 0;
                    let mb = self.mate[self.blossombase[bv]];
                    self.label[self.endpoint[mb]] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    /// Swaps matched and unmatched edges inside blossom `b` so that `v` becomes its base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let childs = self.blossomchilds[b].clone();
        let endps = self.blossomendps[b].clone();
        let i = childs.iter().position(|&c| c == t).unwrap_or(0);
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if i & 1 == 1 {
            j -= childs.len() as isize;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = at(&childs, j);
            let p = at(&endps, j - endptrick as isize) ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = at(&childs, j);
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    fn solve(&mut self) {
        let n = self.n;
        for _ in 0..n {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    if augmented {
                        break;
                    }
                    for idx in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][idx];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = W::ZERO;
                        if !self.allowedge[k] {
                            kslack = self.slack(k);
                            if kslack <= W::ZERO {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            if self.label[self.inblossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                                self.bestedge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                        {
                            self.bestedge[w] = k;
                        }
                    }
                }
                if augmented {
                    break;
                }
                // The dual update: the smallest of the four kinds of delta.
                let mut deltatype = 1;
                let mut delta = self.dualvar[..n].iter().copied().min().unwrap_or(W::ZERO);
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v]);
                        if d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE
                        && self.label[b] == 1
                        && self.bestedge[b] != NONE
                    {
                        let d = self.slack(self.bestedge[b]).half();
                        if d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && self.dualvar[b] < delta
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] = self.dualvar[v] - delta,
                        2 => self.dualvar[v] = self.dualvar[v] + delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] = self.dualvar[b] + delta,
                            2 => self.dualvar[b] = self.dualvar[b] - delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, j, _) = self.edges[deltaedge];
                        if self.label[self.inblossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let (i, _, _) = self.edges[deltaedge];
                        self.queue.push(i);
                    }
                    4 => self.expand_blossom(deltablossom, false),
                    _ => break,
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b] == W::ZERO
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
