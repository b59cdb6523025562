//! FIDE's performance rating: Rp = Ra + dp. Ra is the average rating of the
//! opponents, rounded to the nearest whole number (.5 up); p is the fraction of
//! the points scored, as a whole percentage (0.5 % rounded up); dp is read from
//! FIDE's table of p into rating differences (Title Regulations 1.4.9, the same
//! table as 8.1.1 of the Rating Regulations), which gives ±800 for 100 % / 0 %.

/// dp for p = 0 %, 1 %, …, 100 %: the table of the FIDE Title Regulations 1.4.9.
#[rustfmt::skip]
const DP: [i16; 101] = [
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, // p = 0.00…0.09
    -366, -351, -336, -322, -309, -296, -284, -273, -262, -251, // p = 0.10…
    -240, -230, -220, -211, -202, -193, -184, -175, -166, -158, // p = 0.20…
    -149, -141, -133, -125, -117, -110, -102,  -95,  -87,  -80, // p = 0.30…
     -72,  -65,  -57,  -50,  -43,  -36,  -29,  -21,  -14,   -7, // p = 0.40…
       0,    7,   14,   21,   29,   36,   43,   50,   57,   65, // p = 0.50…
      72,   80,   87,   95,  102,  110,  117,  125,  133,  141, // p = 0.60…
     149,  158,  166,  175,  184,  193,  202,  211,  220,  230, // p = 0.70…
     240,  251,  262,  273,  284,  296,  309,  322,  336,  351, // p = 0.80…
     366,  383,  401,  422,  444,  470,  501,  538,  589,  677, // p = 0.90…0.99
     800,                                                        // p = 1.00
];

/// dp for a whole percentage 0…=100 (values above 100 read as 100).
///
/// ```
/// use guoxiang_rating::norm::dp::dp;
/// assert_eq!(dp(50), 0);
/// assert_eq!(dp(78), 220);
/// assert_eq!(dp(22), -220);
/// ```
pub fn dp(percent: u8) -> i16 {
    DP[usize::from(percent.min(100))]
}

/// The score as a whole percentage of the games, 0.5 % rounded up:
/// `half_points` out of `games` games (a win is 2 half points). `None` without games.
///
/// ```
/// use guoxiang_rating::norm::dp::percent;
/// assert_eq!(percent(13, 9), Some(72)); // 6½/9 = 72.2 %
/// assert_eq!(percent(21, 20), Some(53)); // 10½/20 = 52.5 % → 53 %
/// ```
pub fn percent(half_points: u32, games: u32) -> Option<u8> {
    if games == 0 {
        return None;
    }
    let half_points = u64::from(half_points.min(games.saturating_mul(2)));
    let games = u64::from(games);
    // 100·hp/(2n) rounded half up = ⌊(100·hp + n) / 2n⌋.
    let p = (100 * half_points + games) / (2 * games);
    u8::try_from(p.min(100)).ok()
}

/// The average of the ratings, rounded to the nearest whole number (.5 up).
/// `None` for no ratings.
pub fn average(ratings: &[u16]) -> Option<u16> {
    if ratings.is_empty() {
        return None;
    }
    let n = ratings.len() as u64;
    let sum: u64 = ratings.iter().map(|&r| u64::from(r)).sum();
    u16::try_from((2 * sum + n) / (2 * n)).ok()
}

/// A performance: the rounded average of the opponents (Ra), the percentage (p),
/// dp and Rp = Ra + dp.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Performance {
    pub average: u16,
    pub percent: u8,
    pub dp: i16,
    pub rating: i32,
}

/// The performance rating of `half_points` scored against opponents rated
/// `ratings` (one entry a game), by FIDE's table. `None` without games.
///
/// ```
/// use guoxiang_rating::norm::dp::performance;
/// // 7/9 against an average of 2400: p = 78 %, dp = 220, Rp = 2620.
/// let p = performance(&[2400; 9], 14).unwrap();
/// assert_eq!((p.average, p.percent, p.dp, p.rating), (2400, 78, 220, 2620));
/// ```
pub fn performance(ratings: &[u16], half_points: u32) -> Option<Performance> {
    let games = u32::try_from(ratings.len()).ok()?;
    let average = average(ratings)?;
    let percent = percent(half_points, games)?;
    let dp = dp(percent);
    Some(Performance {
        average,
        percent,
        dp,
        rating: i32::from(average) + i32::from(dp),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_reads_as_printed_by_fide() {
        // A few entries read straight off table 1.4.9.
        for (p, d) in [
            (100, 800),
            (99, 677),
            (95, 470),
            (90, 366),
            (83, 273),
            (75, 193),
            (66, 117),
            (60, 72),
            (51, 7),
            (50, 0),
            (49, -7),
            (35, -110),
            (32, -133),
            (15, -296),
            (1, -677),
            (0, -800),
        ] {
            assert_eq!(dp(p), d, "p = {p} %");
        }
    }

    #[test]
    fn the_table_is_symmetric_and_rises_with_the_score() {
        for p in 0..=100u8 {
            assert_eq!(dp(p), -dp(100 - p), "p = {p} %");
        }
        assert!(DP.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn percentages_round_half_up() {
        assert_eq!(percent(9, 9), Some(50)); // 4½/9 = 50 %
        assert_eq!(percent(11, 9), Some(61)); // 5½/9 = 61.1 %
        assert_eq!(percent(12, 9), Some(67)); // 6/9 = 66.7 %
        assert_eq!(percent(3, 20), Some(8)); // 1½/20 = 7.5 % → 8 %
        assert_eq!(percent(0, 9), Some(0));
        assert_eq!(percent(18, 9), Some(100));
        assert_eq!(percent(99, 9), Some(100)); // more points than games: capped
        assert_eq!(percent(1, 0), None);
    }

    #[test]
    fn averages_round_half_up() {
        assert_eq!(average(&[2400, 2401]), Some(2401)); // 2400.5 → 2401
        assert_eq!(average(&[2400, 2400, 2401]), Some(2400)); // 2400.33
        assert_eq!(average(&[2400, 2401, 2401]), Some(2401)); // 2400.67
        assert_eq!(average(&[]), None);
    }

    #[test]
    fn a_hand_computed_performance() {
        // 6½/9 against 2450, 2440, 2430, 2420, 2410, 2400, 2390, 2380, 2370:
        // Ra = 21690 / 9 = 2410; p = 72.2 % → 72 %; dp = 166; Rp = 2576.
        let r = [2450, 2440, 2430, 2420, 2410, 2400, 2390, 2380, 2370];
        let p = performance(&r, 13).unwrap();
        assert_eq!(
            (p.average, p.percent, p.dp, p.rating),
            (2410, 72, 166, 2576)
        );
        // 0/9 reads dp = −800.
        assert_eq!(performance(&r, 0).unwrap().rating, 2410 - 800);
    }
}
