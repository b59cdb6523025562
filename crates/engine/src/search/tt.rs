//! The transposition table: shared by all search threads without locks. Each entry
//! stores its key XORed with its data, so a torn write is detected as a miss.
//! Buckets of four entries fill one cache line; replacement prefers old and shallow.

use guoxiang_core::Move;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score says about the true score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Exact = 1,
    Lower = 2,
    Upper = 3,
}

/// One probe result.
#[derive(Debug, Clone, Copy)]
pub struct Hit {
    pub mv: Option<Move>,
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
}

#[derive(Default)]
struct Entry {
    key: AtomicU64,
    data: AtomicU64,
}

#[repr(align(64))]
#[derive(Default)]
struct Bucket([Entry; 4]);

/// The shared hash table.
pub struct Tt {
    buckets: Vec<Bucket>,
    age: AtomicU8,
}

fn pack(mv: Option<Move>, score: i32, eval: i32, depth: i32, bound: Bound, age: u8) -> u64 {
    let m = mv.map_or(0, |m| m.to_bits()) as u64;
    let s = (score.clamp(-32_767, 32_767) as i16 as u16) as u64;
    let e = (eval.clamp(-32_767, 32_767) as i16 as u16) as u64;
    let d = (depth.clamp(0, 255) as u8) as u64;
    m | s << 16 | e << 32 | d << 48 | (bound as u64) << 56 | ((age & 63) as u64) << 58
}

impl Tt {
    /// A table of about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Tt {
        let n = (mb.max(1) * 1024 * 1024 / std::mem::size_of::<Bucket>()).max(1);
        let mut buckets = Vec::with_capacity(n);
        buckets.resize_with(n, Bucket::default);
        Tt {
            buckets,
            age: AtomicU8::new(0),
        }
    }

    /// Empties the table.
    pub fn clear(&self) {
        for b in &self.buckets {
            for e in &b.0 {
                e.key.store(0, Ordering::Relaxed);
                e.data.store(0, Ordering::Relaxed);
            }
        }
    }

    /// Starts a new search (entries of older searches become cheaper to replace).
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// Looks `key` up.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        for e in &self.bucket(key).0 {
            let data = e.data.load(Ordering::Relaxed);
            if e.key.load(Ordering::Relaxed) ^ data == key && data != 0 {
                let bits = (data & 0xffff) as u16;
                let bound = match (data >> 56) & 3 {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    3 => Bound::Upper,
                    _ => return None,
                };
                return Some(Hit {
                    mv: (bits != 0).then(|| Move::from_bits(bits)),
                    score: (data >> 16) as u16 as i16 as i32,
                    eval: (data >> 32) as u16 as i16 as i32,
                    depth: ((data >> 48) & 0xff) as i32,
                    bound,
                });
            }
        }
        None
    }

    /// Stores a search result for `key`.
    #[inline]
    pub fn store(
        &self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
    ) {
        let age = self.age.load(Ordering::Relaxed) & 63;
        let bucket = self.bucket(key);
        let mut victim = &bucket.0[0];
        let mut worst = i32::MAX;
        for e in &bucket.0 {
            let data = e.data.load(Ordering::Relaxed);
            let k = e.key.load(Ordering::Relaxed) ^ data;
            if k == key || data == 0 {
                // Keep an old best move when the new result has none.
                let mv = mv.or_else(|| {
                    let bits = (data & 0xffff) as u16;
                    (k == key && bits != 0).then(|| Move::from_bits(bits))
                });
                let new = pack(mv, score, eval, depth, bound, age);
                e.key.store(key ^ new, Ordering::Relaxed);
                e.data.store(new, Ordering::Relaxed);
                return;
            }
            let e_age = ((data >> 58) & 63) as u8;
            let age_diff = (age.wrapping_sub(e_age) & 63) as i32;
            let value = ((data >> 48) & 0xff) as i32 - 8 * age_diff;
            if value < worst {
                worst = value;
                victim = e;
            }
        }
        let new = pack(mv, score, eval, depth, bound, age);
        victim.key.store(key ^ new, Ordering::Relaxed);
        victim.data.store(new, Ordering::Relaxed);
    }

    /// Permille of a sample of entries used by the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed) & 63;
        let sample = self.buckets.len().min(250);
        let mut used = 0;
        for b in &self.buckets[..sample] {
            for e in &b.0 {
                let data = e.data.load(Ordering::Relaxed);
                if data != 0 && ((data >> 58) & 63) as u8 == age {
                    used += 1;
                }
            }
        }
        (used * 1000 / (sample * 4).max(1)) as u32
    }
}
