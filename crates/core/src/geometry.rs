//! Board geometry as `const fn`, on plain `u64` sets and square indices (a1 = 0,
//! h8 = 63): the leaper tables, sliding rays, and the between/line tables. The crate
//! evaluates them at compile time (`attacks.rs`), and `build.rs` includes this same
//! file to search the magic numbers, so the geometry is written once.

/// The four rook directions as (file, rank) steps.
pub(crate) const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The four bishop directions as (file, rank) steps.
pub(crate) const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The square `steps` steps of (`df`, `dr`) from `sq`, if it is on the board.
const fn step(sq: usize, df: i8, dr: i8, steps: i8) -> Option<usize> {
    let f = (sq % 8) as i8 + df * steps;
    let r = (sq / 8) as i8 + dr * steps;
    if f >= 0 && f < 8 && r >= 0 && r < 8 {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

/// For each square, the squares one step of each of `deltas` away (knight, king, pawn).
pub(crate) const fn leaper_table(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < deltas.len() {
            if let Some(to) = step(sq, deltas[i].0, deltas[i].1, 1) {
                table[sq] |= 1 << to;
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

/// The squares a slider on `sq` moving along `dirs` attacks when `occupied` is
/// filled (each ray stops at, and includes, the first occupied square).
pub(crate) const fn sliding_attacks(sq: usize, occupied: u64, dirs: &[(i8, i8)]) -> u64 {
    let mut out = 0u64;
    let mut d = 0;
    while d < dirs.len() {
        let mut n = 1;
        while let Some(to) = step(sq, dirs[d].0, dirs[d].1, n) {
            out |= 1 << to;
            if occupied & (1 << to) != 0 {
                break;
            }
            n += 1;
        }
        d += 1;
    }
    out
}

/// The occupancy that matters to a slider on `sq` along `dirs`: its rays without
/// their last square (a piece at the edge blocks nothing further).
#[cfg_attr(not(test), allow(dead_code))] // build.rs and the tests use it
pub(crate) const fn relevant_mask(sq: usize, dirs: &[(i8, i8)]) -> u64 {
    let mut out = 0u64;
    let mut d = 0;
    while d < dirs.len() {
        let (df, dr) = dirs[d];
        let mut n = 1;
        while let Some(to) = step(sq, df, dr, n) {
            if step(sq, df, dr, n + 1).is_none() {
                break;
            }
            out |= 1 << to;
            n += 1;
        }
        d += 1;
    }
    out
}

/// `between[a][b]`: the squares strictly between `a` and `b` when they share a rank,
/// file or diagonal (empty otherwise). With `line` true, the whole line through them
/// instead, both ends and beyond included.
pub(crate) const fn between_or_line_table(line: bool) -> [[u64; 64]; 64] {
    let dirs = [
        ROOK_DIRS[0],
        ROOK_DIRS[1],
        ROOK_DIRS[2],
        ROOK_DIRS[3],
        BISHOP_DIRS[0],
        BISHOP_DIRS[1],
        BISHOP_DIRS[2],
        BISHOP_DIRS[3],
    ];
    let mut table = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut d = 0;
        while d < dirs.len() {
            let (df, dr) = dirs[d];
            let whole = sliding_attacks(a, 0, &[(df, dr), (-df, -dr)]) | (1 << a);
            let mut acc = 0u64;
            let mut n = 1;
            while let Some(b) = step(a, df, dr, n) {
                table[a][b] = if line { whole } else { acc };
                acc |= 1 << b;
                n += 1;
            }
            d += 1;
        }
        a += 1;
    }
    table
}
