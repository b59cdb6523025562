//! The retrograde solver of one class: marks mates and stalemates, values every capture and
//! promotion from the already solved smaller classes, then walks backwards depth by depth
//! (un-moves from positions lost in `d` plies give wins in `d+1`; a position all of whose
//! moves lead to wins for the opponent is lost one ply after the longest of them).

use crate::board::{Child, Node};
use crate::class::Class;
use crate::layout::Layout;
use crate::place::place_exit;
use guoxiang_core::Color;
use std::sync::Arc;

/// A draw (in a table and during generation).
pub(crate) const DRAW: u8 = 254;
/// An index that stands for no legal position (only during generation; files fill these).
pub(crate) const INVALID: u8 = 255;
/// Not yet known (only during generation).
const UNKNOWN: u8 = 253;
/// The longest distance a table may hold.
pub(crate) const MAX_DTM: u8 = 250;

/// Solved tables by class id, each `2 * size` values (white to move first).
pub(crate) type Solved = Vec<Option<Arc<Vec<u8>>>>;

/// The value for the side to move at the child of a capture or promotion.
fn exit_value(solved: &Solved, exit: &crate::board::Exit, stm: Color) -> u8 {
    let Some(p) = place_exit(exit, stm) else {
        return DRAW;
    };
    let layout = Layout::of(p.class);
    let vals = solved[p.class.id()]
        .as_ref()
        .unwrap_or_else(|| panic!("dependency {} of a class is not solved", p.class));
    // A legal child always has an index.
    let idx = layout
        .index(&p.sq, false)
        .unwrap_or_else(|| unreachable!("exit child without index"));
    vals[side(p.stm) * layout.size + idx]
}

#[inline]
pub(crate) fn side(c: Color) -> usize {
    c.index()
}

fn color_of(side: usize) -> Color {
    if side == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// The outcome of solving a class.
pub(crate) struct Table {
    pub vals: Vec<u8>,
    pub positions: u64,
    pub max_dtm: u32,
}

/// Initialises entries `start..start+val.len()` of the flat (side, index) array.
fn init_range(
    layout: &Layout,
    solved: &Solved,
    start: usize,
    val: &mut [u8],
    cnt: &mut [u8],
    pend: &mut [u8],
) {
    let mut kids: Vec<usize> = Vec::with_capacity(128);
    for k in 0..val.len() {
        let flat = start + k;
        let (s, idx) = (flat / layout.size, flat % layout.size);
        let (sq, ep) = layout.decode(idx);
        let node = Node {
            sq,
            stm: color_of(s),
            ep,
        };
        if !layout.legal(&node) || layout.index(&sq, ep) != Some(idx) {
            val[k] = INVALID;
            continue;
        }
        kids.clear();
        let (mut best_win, mut worst_loss, mut fixed, mut moves) = (u8::MAX, 0u8, 0usize, 0usize);
        let in_check = layout.moves(&node, |c| {
            moves += 1;
            match c {
                Child::Inside(sq2, ep2) => {
                    // A legal child has a canonical index.
                    kids.push(layout.index(&sq2, ep2).unwrap_or(usize::MAX));
                }
                Child::Exit(e) => {
                    let v = exit_value(solved, &e, !node.stm);
                    if v == DRAW {
                        fixed += 1;
                    } else if v % 2 == 0 {
                        fixed += 1;
                        best_win = best_win.min(v + 1);
                    } else {
                        worst_loss = worst_loss.max(v + 1);
                    }
                }
            }
        });
        if moves == 0 {
            val[k] = if in_check { 0 } else { DRAW };
            continue;
        }
        kids.sort_unstable();
        kids.dedup();
        let c = kids.len() + fixed;
        assert!(c < 250, "too many moves");
        cnt[k] = c as u8;
        pend[k] = if best_win != u8::MAX { best_win } else { worst_loss };
        val[k] = UNKNOWN;
    }
}

/// Solves `class`, whose dependencies are in `solved`, with up to `threads` threads.
pub(crate) fn solve(class: Class, solved: &Solved, threads: usize) -> Table {
    let layout = Layout::of(class);
    let total = 2 * layout.size;
    let mut val = vec![0u8; total];
    let mut cnt = vec![0u8; total];
    let mut pend = vec![0u8; total];
    let threads = threads.max(1);
    let chunk = total.div_ceil(threads * 8).max(1);
    {
        let jobs: Vec<(usize, &mut [u8], &mut [u8], &mut [u8])> = val
            .chunks_mut(chunk)
            .zip(cnt.chunks_mut(chunk))
            .zip(pend.chunks_mut(chunk))
            .enumerate()
            .map(|(i, ((v, c), p))| (i * chunk, v, c, p))
            .collect();
        let jobs = std::sync::Mutex::new(jobs);
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| loop {
                    // A poisoned lock means another worker panicked: stop too.
                    let job = jobs.lock().map(|mut j| j.pop()).ok().flatten();
                    let Some((start, v, c, p)) = job else { break };
                    init_range(layout, solved, start, v, c, p);
                });
            }
        });
    }
    let max_pend = (0..total)
        .filter(|&i| val[i] == UNKNOWN)
        .map(|i| pend[i])
        .max()
        .unwrap_or(0);
    let size = layout.size;
    let mut preds: Vec<usize> = Vec::with_capacity(256);
    let mut d: u8 = 0;
    loop {
        let mut found = false;
        for i in 0..total {
            let mut v = val[i];
            if v == UNKNOWN && pend[i] == d && (d % 2 == 1 || cnt[i] == 0) {
                val[i] = d;
                v = d;
            }
            if v != d {
                continue;
            }
            found = true;
            let (s, idx) = (i / size, i % size);
            let (sq, ep) = layout.decode(idx);
            let node = Node {
                sq,
                stm: color_of(s),
                ep,
            };
            let other = (1 - s) * size;
            preds.clear();
            layout.unmoves(&node, |sq2, ep2| {
                if let Some(j) = layout.index(&sq2, ep2) {
                    preds.push(other + j);
                }
            });
            preds.sort_unstable();
            preds.dedup();
            for &j in &preds {
                if val[j] != UNKNOWN {
                    continue;
                }
                if d % 2 == 0 {
                    val[j] = d + 1;
                } else {
                    cnt[j] -= 1;
                    if cnt[j] == 0 {
                        let l = (d + 1).max(pend[j]);
                        if l == d + 1 {
                            val[j] = d + 1;
                        } else {
                            pend[j] = l;
                        }
                    }
                }
            }
        }
        if !found && d >= max_pend {
            break;
        }
        d += 1;
        assert!(d < MAX_DTM, "{class}: a distance to mate beyond {MAX_DTM} plies");
    }
    let mut positions = 0u64;
    let mut max_dtm = 0u32;
    for v in val.iter_mut() {
        if *v == UNKNOWN {
            *v = DRAW;
        }
        if *v != INVALID {
            positions += 1;
            if *v != DRAW {
                max_dtm = max_dtm.max(*v as u32);
            }
        }
    }
    Table {
        vals: val,
        positions,
        max_dtm,
    }
}
