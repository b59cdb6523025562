//! A 384-bit signed integer, just wide enough for the Dutch pairing's edge weights:
//! every quality criterion is a field of bits, the most important highest, so that
//! comparing two sums compares the criteria in their order of priority.
//! Two's complement over six 64-bit limbs, least significant first; only what the
//! weighted matching needs (add, subtract, halve, compare, shift left).

use std::cmp::Ordering;
use std::ops::{Add, Sub};

/// A signed 384-bit integer: the weights as they are built.
pub(crate) type Wide = WideN<6>;

/// A signed integer of `LIMBS` 64-bit limbs; the matching runs on the narrowest that
/// holds the bracket's weights.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct WideN<const LIMBS: usize>([u64; LIMBS]);

impl<const LIMBS: usize> WideN<LIMBS> {
    /// Zero.
    pub const ZERO: Self = WideN([0; LIMBS]);

    /// The low `M` limbs: the same value when it fits in `64·M − 1` bits.
    pub fn narrow<const M: usize>(self) -> WideN<M> {
        let mut out = [0u64; M];
        out.copy_from_slice(&self.0[..M]);
        WideN(out)
    }

    /// A small non-negative value.
    pub fn from_u64(v: u64) -> Self {
        let mut limbs = [0; LIMBS];
        limbs[0] = v;
        WideN(limbs)
    }

    /// `self · 2^bits` (bits < 384); bits shifted past the top are lost.
    pub fn shl(self, bits: u32) -> Self {
        let (limbs, rest) = ((bits / 64) as usize, bits % 64);
        let mut out = [0u64; LIMBS];
        for i in (limbs..LIMBS).rev() {
            let src = i - limbs;
            out[i] = self.0[src] << rest;
            if rest > 0 && src > 0 {
                out[i] |= self.0[src - 1] >> (64 - rest);
            }
        }
        WideN(out)
    }

    /// Half, rounded towards minus infinity (arithmetic shift right by one).
    pub fn half(self) -> Self {
        let mut out = [0u64; LIMBS];
        for (i, limb) in out.iter_mut().enumerate() {
            let high = if i == LIMBS - 1 {
                self.0[LIMBS - 1] & (1 << 63)
            } else {
                self.0[i + 1] << 63
            };
            *limb = (self.0[i] >> 1) | high;
        }
        WideN(out)
    }

    /// The value as an `i128` when it fits in 126 bits (sign included), else `None`.
    pub fn to_i128(self) -> Option<i128> {
        let fits = self.0[2..].iter().all(|&l| l == 0) && self.0[1] >> 62 == 0;
        fits.then(|| (i128::from(self.0[1]) << 64) | i128::from(self.0[0]))
    }

    /// `self` with its lowest `bits` (≤ 64) bits cleared.
    pub fn clear_low(self, bits: u32) -> Self {
        let mut out = self.0;
        out[0] &= if bits >= 64 { 0 } else { !((1u64 << bits) - 1) };
        WideN(out)
    }

    fn negative(self) -> bool {
        self.0[LIMBS - 1] >> 63 == 1
    }
}

impl<const LIMBS: usize> Add for WideN<LIMBS> {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        let mut out = [0u64; LIMBS];
        let mut carry = false;
        for (i, limb) in out.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(other.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *limb = s2;
            carry = c1 || c2;
        }
        WideN(out)
    }
}

impl<const LIMBS: usize> Sub for WideN<LIMBS> {
    type Output = Self;
    fn sub(self, other: Self) -> Self {
        let mut out = [0u64; LIMBS];
        let mut borrow = false;
        for (i, limb) in out.iter_mut().enumerate() {
            let (d1, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
            *limb = d2;
            borrow = b1 || b2;
        }
        WideN(out)
    }
}

impl<const LIMBS: usize> Ord for WideN<LIMBS> {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.negative(), other.negative()) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => self.0.iter().rev().cmp(other.0.iter().rev()),
        }
    }
}

impl<const LIMBS: usize> PartialOrd for WideN<LIMBS> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_carries_across_limbs_and_keeps_the_sign() {
        let big = Wide::from_u64(u64::MAX).shl(100);
        let one = Wide::from_u64(1);
        assert_eq!((big + one) - big, one);
        let minus = Wide::ZERO - one;
        assert!(minus < Wide::ZERO);
        assert_eq!(minus + one, Wide::ZERO);
        assert_eq!(minus.half(), minus);
        assert_eq!(
            Wide::from_u64(6).shl(130).half(),
            Wide::from_u64(3).shl(130)
        );
        assert!(Wide::from_u64(1).shl(370) > Wide::from_u64(u64::MAX).shl(300));
        assert_eq!(
            (Wide::ZERO - Wide::from_u64(4)).half(),
            Wide::ZERO - Wide::from_u64(2)
        );
    }
}
