//! Drawing random positions of a class with a wanted value (for exercises): random table
//! entries, checked for legality, shown under a random board symmetry.

use crate::class::Class;
use crate::layout::{Layout, TRANS};
use crate::probe::position_of;
use crate::retro::side;
use crate::{board::Node, Probe, Wdl};
use guoxiang_core::{Color, Position};
use std::ops::RangeInclusive;

/// How many entries are tried before giving up.
const TRIES: usize = 2_000_000;

/// SplitMix64: a small deterministic generator.
pub(crate) struct SplitMix(pub u64);

impl SplitMix {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

pub(crate) fn sample(
    class: Class,
    vals: &[u8],
    turn: Color,
    wdl: Wdl,
    dtm: RangeInclusive<u32>,
    seed: u64,
    accept: &dyn Fn(&Position) -> bool,
) -> Option<Position> {
    let layout = Layout::of(class);
    let mut rng = SplitMix(seed);
    for _ in 0..TRIES {
        let idx = (rng.next() % layout.base as u64) as usize;
        let probe = Probe::from_byte(vals[side(turn) * layout.size + idx]);
        if probe.wdl != wdl || (wdl != Wdl::Draw && !probe.dtm.is_some_and(|d| dtm.contains(&d))) {
            continue;
        }
        let (sq, ep) = layout.decode(idx);
        let node = Node { sq, stm: turn, ep };
        if !layout.legal(&node) || layout.index(&sq, ep) != Some(idx) {
            continue;
        }
        let syms = if layout.pawns { 2 } else { 8 };
        let t = (rng.next() % syms) as usize;
        let shown: [u8; 4] = std::array::from_fn(|k| TRANS[t][sq[k] as usize]);
        let Some(pos) = position_of(layout, &shown, turn) else {
            continue;
        };
        if accept(&pos) {
            return Some(pos);
        }
    }
    None
}

/// The longest distance to mate among the legal positions of `class` with `turn` to move.
pub(crate) fn longest(class: Class, vals: &[u8], turn: Color) -> u32 {
    let layout = Layout::of(class);
    let part = &vals[side(turn) * layout.size..][..layout.size];
    let mut best = 0u32;
    for (idx, &v) in part.iter().enumerate() {
        let p = Probe::from_byte(v);
        let Some(d) = p.dtm else { continue };
        if d <= best {
            continue;
        }
        let (sq, ep) = layout.decode(idx);
        if layout.legal(&Node { sq, stm: turn, ep }) && layout.index(&sq, ep) == Some(idx) {
            best = d;
        }
    }
    best
}
