//! The retrograde solver of one class: marks mates and stalemates, values every capture and
//! promotion from the already solved smaller classes, then walks backwards depth by depth
//! (un-moves from positions lost in `d` plies give wins in `d+1`; a position all of whose
//! moves lead to wins for the opponent is lost one ply after the longest of them).

use crate::board::{Child, Node};
use crate::class::Class;
use crate::layout::Layout;
use crate::place::place_exit;
use guoxiang_core::Color;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicUsize};
use std::sync::atomic::{AtomicU16, AtomicU8};
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
fn init_range(layout: &Layout, solved: &Solved, start: usize, vc: &[AtomicU16], pend: &[AtomicU8]) {
    let mut kids: Vec<usize> = Vec::with_capacity(128);
    for k in 0..vc.len() {
        let flat = start + k;
        let (s, idx) = (flat / layout.size, flat % layout.size);
        let (sq, ep) = layout.decode(idx);
        let node = Node {
            sq,
            stm: color_of(s),
            ep,
        };
        if !layout.legal(&node) || layout.index(&sq, ep) != Some(idx) {
            vc[k].store(INVALID as u16, Relaxed);
            continue;
        }
        kids.clear();
        let (mut best_win, mut worst_loss, mut fixed, mut moves) = (u8::MAX, 0u8, 0usize, 0usize);
        let mut inside = 0usize;
        // Where no two moves can lead to the same canonical child (see `may_repeat`), the
        // moves are counted without indexing them.
        let dedup = layout.may_repeat(&sq);
        let in_check = layout.moves(&node, |c| {
            moves += 1;
            match c {
                Child::Inside(sq2, ep2) => {
                    inside += 1;
                    if dedup {
                        // A legal child has a canonical index.
                        kids.push(layout.index(&sq2, ep2).unwrap_or(usize::MAX));
                    }
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
            vc[k].store(if in_check { 0 } else { DRAW as u16 }, Relaxed);
            continue;
        }
        if dedup {
            kids.sort_unstable();
            kids.dedup();
            inside = kids.len();
        }
        let c = inside + fixed;
        assert!(c < 250, "too many moves");
        pend[k].store(
            if best_win != u8::MAX {
                best_win
            } else {
                worst_loss
            },
            Relaxed,
        );
        vc[k].store(UNKNOWN as u16 | (c as u16) << 8, Relaxed);
    }
}

/// Runs `f(start, end)` over `0..total` in chunks on up to `threads` threads.
fn parallel(total: usize, threads: usize, f: impl Fn(usize, usize) + Sync) {
    let chunk = total.div_ceil(threads * 16).max(4096);
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let start = next.fetch_add(chunk, Relaxed);
                if start >= total {
                    break;
                }
                f(start, (start + chunk).min(total));
            });
        }
    });
}

/// Processes the positions of `range` (one side) at depth `d`: resolves those due now, and
/// passes each one's value to its predecessors. Returns whether any position was at `d`.
#[allow(clippy::too_many_arguments)]
fn pass_range(
    layout: &Layout,
    s: usize,
    range: (usize, usize),
    d: u8,
    vc: &[AtomicU16],
    pend: &[AtomicU8],
) -> bool {
    let size = layout.size;
    let other = (1 - s) * size;
    let mut found = false;
    let mut preds: Vec<usize> = Vec::with_capacity(256);
    for i in range.0..range.1 {
        let x = vc[i].load(Relaxed);
        let mut v = x as u8;
        if v == UNKNOWN && pend[i].load(Relaxed) == d && (d % 2 == 1 || x >> 8 == 0) {
            // Only the pass over the other side writes this side's entries.
            vc[i].store((x & 0xff00) | d as u16, Relaxed);
            v = d;
        }
        if v != d {
            continue;
        }
        found = true;
        let (sq, ep) = layout.decode(i - s * size);
        let node = Node {
            sq,
            stm: color_of(s),
            ep,
        };
        preds.clear();
        layout.unmoves(&node, |sq2, ep2| {
            if let Some(j) = layout.index(&sq2, ep2) {
                preds.push(other + j);
            }
        });
        if layout.may_repeat(&sq) {
            preds.sort_unstable();
            preds.dedup();
        }
        // Value and counter share one word: one memory access per predecessor. Within a
        // pass all updates are of one kind (wins when `d` is even, counts when odd).
        for &j in &preds {
            let y = vc[j].load(Relaxed);
            if y as u8 != UNKNOWN {
                continue;
            }
            if d % 2 == 0 {
                // Another thread may have set the same win: then this one fails, harmlessly.
                let _ = vc[j].compare_exchange(y, (y & 0xff00) | (d + 1) as u16, Relaxed, Relaxed);
            } else if vc[j].fetch_sub(0x100, Relaxed) >> 8 == 1 {
                // This thread took the last move away: it alone decides the loss.
                let l = (d + 1).max(pend[j].load(Relaxed));
                if l == d + 1 {
                    vc[j].store((d + 1) as u16, Relaxed);
                } else {
                    pend[j].store(l, Relaxed);
                }
            }
        }
    }
    found
}

/// Solves `class`, whose dependencies are in `solved`, with up to `threads` threads.
pub(crate) fn solve(class: Class, solved: &Solved, threads: usize) -> Table {
    let layout = Layout::of(class);
    let total = 2 * layout.size;
    let t0 = std::time::Instant::now();
    let vc: Vec<AtomicU16> = (0..total).map(|_| AtomicU16::new(0)).collect();
    let pend: Vec<AtomicU8> = (0..total).map(|_| AtomicU8::new(0)).collect();
    parallel(total, threads, |a, b| {
        init_range(layout, solved, a, &vc[a..b], &pend[a..b])
    });
    let t_init = t0.elapsed();
    let max_pend = (0..total)
        .filter(|&i| vc[i].load(Relaxed) as u8 == UNKNOWN)
        .map(|i| pend[i].load(Relaxed))
        .max()
        .unwrap_or(0);
    let size = layout.size;
    let mut d: u8 = 0;
    loop {
        let found = AtomicBool::new(false);
        for s in 0..2 {
            parallel(size, threads, |a, b| {
                if pass_range(layout, s, (s * size + a, s * size + b), d, &vc, &pend) {
                    found.store(true, Relaxed);
                }
            });
        }
        if !found.load(Relaxed) && d >= max_pend {
            break;
        }
        d += 1;
        assert!(
            d < MAX_DTM,
            "{class}: a distance to mate beyond {MAX_DTM} plies"
        );
    }
    if std::env::var_os("GXTB_TRACE").is_some() {
        eprintln!(
            "{class}: init {t_init:?}, retrograde {:?}, {d} passes",
            t0.elapsed() - t_init
        );
    }
    let mut positions = 0u64;
    let mut max_dtm = 0u32;
    let vals: Vec<u8> = vc
        .into_iter()
        .map(|a| {
            let mut v = a.into_inner() as u8;
            if v == UNKNOWN {
                v = DRAW;
            }
            if v != INVALID {
                positions += 1;
                if v != DRAW {
                    max_dtm = max_dtm.max(v as u32);
                }
            }
            v
        })
        .collect();
    Table {
        vals,
        positions,
        max_dtm,
    }
}
