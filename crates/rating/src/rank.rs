//! The ranks of the online ladder, lowest first: 10级 … 1级 (kyu, codes "10k" …
//! "1k"), then 1段 … 7段 (dan, codes "1d" … "7d"). A [`Rank`] is ordered from
//! weak to strong, steps with [`Rank::next`] / [`Rank::previous`], and has the
//! rating at which a player is promoted into it ([`Rank::threshold`]).
//! Names for people come from the catalogue at the edge (zh-CN 10级 / 1段,
//! zh-TW 10級 / 1段, en "10 kyu" / "1 dan"); here a rank is only its code.

use std::fmt;
use std::str::FromStr;

/// How many ranks the ladder has: ten kyu and seven dan.
pub const RANK_COUNT: usize = 17;

/// The rating needed to be promoted into each rank, from 10级 (index 0) up to
/// 7段 (index 16). 10级 is where everyone starts: it has no threshold (0).
/// docs/LADDER.md gives the reasoning.
const THRESHOLDS: [u16; RANK_COUNT] = [
    0,    // 10k — the entry rank
    900,  // 9k
    1000, // 8k
    1100, // 7k
    1200, // 6k
    1300, // 5k
    1400, // 4k
    1500, // 3k — the starting rating, once it is established
    1600, // 2k
    1700, // 1k
    1800, // 1d
    1900, // 2d
    2000, // 3d
    2100, // 4d
    2200, // 5d
    2350, // 6d
    2500, // 7d
];

/// The codes, lowest rank first.
const CODES: [&str; RANK_COUNT] = [
    "10k", "9k", "8k", "7k", "6k", "5k", "4k", "3k", "2k", "1k", "1d", "2d", "3d", "4d", "5d",
    "6d", "7d",
];

/// A rank on the ladder. Ordered: `Rank::KYU_10 < Rank::KYU_1 < Rank::DAN_1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

/// A rank code that is not one of "10k" … "1k", "1d" … "7d".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a ladder rank (10k … 1k, 1d … 7d)")]
pub struct UnknownRank(pub String);

impl Rank {
    /// 10级, the lowest rank and everyone's first.
    pub const KYU_10: Rank = Rank(0);
    /// 1级, the highest kyu.
    pub const KYU_1: Rank = Rank(9);
    /// 1段, the first dan.
    pub const DAN_1: Rank = Rank(10);
    /// 7段, the top of the ladder.
    pub const DAN_7: Rank = Rank(16);

    /// Every rank, lowest first.
    pub fn all() -> impl DoubleEndedIterator<Item = Rank> {
        (0..RANK_COUNT as u8).map(Rank)
    }

    /// A kyu rank, 1…10 (10 is the lowest).
    pub fn kyu(n: u8) -> Option<Rank> {
        (1..=10).contains(&n).then(|| Rank(10 - n))
    }

    /// A dan rank, 1…7 (7 is the highest).
    pub fn dan(n: u8) -> Option<Rank> {
        (1..=7).contains(&n).then(|| Rank(9 + n))
    }

    /// Whether this is a dan (段) rank.
    pub fn is_dan(self) -> bool {
        self >= Rank::DAN_1
    }

    /// The number in the rank's name: 10…1 for kyu, 1…7 for dan.
    pub fn number(self) -> u8 {
        if self.is_dan() {
            self.0 - 9
        } else {
            10 - self.0
        }
    }

    /// The code: "10k" … "1k", "1d" … "7d".
    ///
    /// ```
    /// use guoxiang_rating::rank::Rank;
    /// assert_eq!(Rank::KYU_10.code(), "10k");
    /// assert_eq!(Rank::DAN_1.code(), "1d");
    /// assert_eq!("3k".parse::<Rank>().unwrap(), Rank::kyu(3).unwrap());
    /// ```
    pub fn code(self) -> &'static str {
        CODES[usize::from(self.0)]
    }

    /// The next rank up, `None` at 7段.
    pub fn next(self) -> Option<Rank> {
        (self < Rank::DAN_7).then(|| Rank(self.0 + 1))
    }

    /// The next rank down, `None` at 10级.
    pub fn previous(self) -> Option<Rank> {
        self.0.checked_sub(1).map(Rank)
    }

    /// The rating at which a player is promoted into this rank (its floor);
    /// 0 for 10级, which everyone holds from the start.
    pub fn threshold(self) -> u16 {
        THRESHOLDS[usize::from(self.0)]
    }

    /// The highest rank whose threshold this rating reaches.
    ///
    /// ```
    /// use guoxiang_rating::rank::Rank;
    /// assert_eq!(Rank::for_rating(1500.0).code(), "3k");
    /// assert_eq!(Rank::for_rating(1799.6).code(), "1k");
    /// assert_eq!(Rank::for_rating(3000.0), Rank::DAN_7);
    /// ```
    pub fn for_rating(rating: f64) -> Rank {
        Rank::all()
            .rev()
            .find(|r| rating >= f64::from(r.threshold()))
            .unwrap_or(Rank::KYU_10)
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Rank {
    type Err = UnknownRank;

    fn from_str(s: &str) -> Result<Rank, UnknownRank> {
        let unknown = || UnknownRank(s.to_string());
        let (digits, dan) = match (s.strip_suffix('k'), s.strip_suffix('d')) {
            (Some(d), _) => (d, false),
            (_, Some(d)) => (d, true),
            _ => return Err(unknown()),
        };
        if digits.is_empty()
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(unknown());
        }
        let n: u8 = digits.parse().map_err(|_| unknown())?;
        if dan { Rank::dan(n) } else { Rank::kyu(n) }.ok_or_else(unknown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_runs_from_10_kyu_to_1_kyu_then_1_dan_to_7_dan() {
        let codes: Vec<&str> = Rank::all().map(Rank::code).collect();
        assert_eq!(
            codes,
            [
                "10k", "9k", "8k", "7k", "6k", "5k", "4k", "3k", "2k", "1k", "1d", "2d", "3d",
                "4d", "5d", "6d", "7d"
            ]
        );
    }

    #[test]
    fn a_lower_kyu_number_is_stronger_and_a_higher_dan_number_is_stronger() {
        assert!(Rank::kyu(10) < Rank::kyu(9));
        assert!(Rank::kyu(1) < Rank::dan(1));
        assert!(Rank::dan(1) < Rank::dan(7));
        assert_eq!(Rank::kyu(0), None);
        assert_eq!(Rank::kyu(11), None);
        assert_eq!(Rank::dan(8), None);
    }

    #[test]
    fn next_and_previous_step_one_rank_and_stop_at_the_ends() {
        assert_eq!(Rank::KYU_1.next(), Some(Rank::DAN_1));
        assert_eq!(Rank::DAN_1.previous(), Some(Rank::KYU_1));
        assert_eq!(Rank::DAN_7.next(), None);
        assert_eq!(Rank::KYU_10.previous(), None);
    }

    #[test]
    fn the_code_says_the_number_and_kind() {
        for r in Rank::all() {
            let kind = if r.is_dan() { 'd' } else { 'k' };
            assert_eq!(r.code(), format!("{}{kind}", r.number()));
        }
    }

    #[test]
    fn thresholds_rise_with_the_rank() {
        let t: Vec<u16> = Rank::all().map(Rank::threshold).collect();
        assert!(t.windows(2).all(|w| w[0] < w[1]), "{t:?}");
    }

    #[test]
    fn codes_parse_back_and_nonsense_is_refused() {
        for r in Rank::all() {
            assert_eq!(r.code().parse::<Rank>(), Ok(r));
        }
        for bad in ["", "k", "0k", "11k", "8d", "01k", "+1d", "1x", "1段", "10K"] {
            assert!(bad.parse::<Rank>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_rating_maps_to_the_highest_threshold_it_reaches() {
        assert_eq!(Rank::for_rating(400.0), Rank::KYU_10);
        assert_eq!(Rank::for_rating(899.9), Rank::KYU_10);
        assert_eq!(Rank::for_rating(900.0), Rank::kyu(9).unwrap());
        assert_eq!(Rank::for_rating(1800.0), Rank::DAN_1);
        assert_eq!(Rank::for_rating(2499.0), Rank::dan(6).unwrap());
        assert_eq!(Rank::for_rating(f64::NAN), Rank::KYU_10);
    }
}
