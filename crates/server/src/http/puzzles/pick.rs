//! Which puzzle to serve: the next one near a rating (a window around it that
//! widens by [`STEP`] until it holds a puzzle having every chosen theme and not
//! excluded, then a random one of those), and the daily one (the same all UTC day: a
//! hash of the date over the puzzles shipped rated [`DAILY_MIN`]–[`DAILY_MAX`], or
//! over all if none is).

use guoxiang_puzzles::{Puzzle, PuzzleSet, Theme};
use std::collections::HashSet;

/// How much the window around the asked rating widens each time (each side).
pub const STEP: f64 = 100.0;
/// The daily puzzle is chosen among the puzzles shipped rated in this range.
pub const DAILY_MIN: f64 = 1400.0;
pub const DAILY_MAX: f64 = 2000.0;

/// What a `next` request asks for.
#[derive(Debug, Clone, Default)]
pub struct Wanted {
    pub rating: f64,
    pub themes: Vec<Theme>,
    pub exclude: Vec<String>,
}

/// A puzzle near `w.rating` by `rating_of` (its current rating), having all of
/// `w.themes`, not excluded: uniformly among those in the narrowest window of
/// ±100, ±200, … that holds any. `unit` is a number in [0, 1).
pub fn next<'a>(
    set: &'a PuzzleSet,
    w: &Wanted,
    rating_of: impl Fn(&Puzzle) -> f64,
    unit: f64,
) -> Option<&'a Puzzle> {
    let exclude: HashSet<&str> = w.exclude.iter().map(String::as_str).collect();
    let fits: Vec<(&Puzzle, f64)> = (set.puzzles.iter())
        .filter(|p| w.themes.iter().all(|t| p.themes.contains(t)))
        .filter(|p| !exclude.contains(p.id.0.as_str()))
        .map(|p| (p, (rating_of(p) - w.rating).abs()))
        .collect();
    let nearest = fits.iter().map(|(_, d)| *d).fold(f64::INFINITY, f64::min);
    if !nearest.is_finite() {
        return None;
    }
    // The first window ±k·STEP (k ≥ 1) that holds the nearest.
    let window = (nearest / STEP).ceil().max(1.0) * STEP;
    let close: Vec<&Puzzle> = fits
        .iter()
        .filter(|(_, d)| *d <= window)
        .map(|(p, _)| *p)
        .collect();
    let i = ((unit.clamp(0.0, 1.0) * close.len() as f64) as usize).min(close.len() - 1);
    close.get(i).copied()
}

/// The daily puzzle of the day `day` (days since 1970-01-01, UTC).
pub fn daily(set: &PuzzleSet, day: i64) -> Option<&Puzzle> {
    let rated: Vec<&Puzzle> = set.filter(&[], Some(DAILY_MIN), Some(DAILY_MAX));
    let pool: Vec<&Puzzle> = if rated.is_empty() {
        set.puzzles.iter().collect()
    } else {
        rated
    };
    if pool.is_empty() {
        return None;
    }
    let i = (mix(day as u64) % pool.len() as u64) as usize;
    pool.get(i).copied()
}

/// The day of a wall-clock time in milliseconds since the epoch (UTC).
///
/// ```
/// use guoxiang_server::http::puzzles::pick::day_of;
/// assert_eq!(day_of(0), 0);
/// assert_eq!(day_of(86_399_999), 0);
/// assert_eq!(day_of(86_400_000), 1);
/// assert_eq!(day_of(-1), -1);
/// ```
pub fn day_of(wall_ms: i64) -> i64 {
    wall_ms.div_euclid(86_400_000)
}

/// SplitMix64's finaliser: neighbouring days land far apart.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use guoxiang_core::Position;
    use guoxiang_puzzles::glicko::Rating;
    use guoxiang_puzzles::{Goal, PuzzleId, Source};

    fn puzzle(id: &str, rating: f64, themes: &[Theme]) -> Puzzle {
        let start = Position::new();
        let m = start.parse_uci("e2e4").expect("legal");
        Puzzle {
            id: PuzzleId(id.into()),
            before: start.clone(),
            mistake: m,
            start: start.after(m),
            line: Vec::new(),
            goal: Goal::Win,
            themes: themes.to_vec(),
            rating: Rating {
                rating,
                rd: 100.0,
                vol: 0.06,
            },
            source: Source::Server {
                game: "g".into(),
                ply: 1,
            },
            proof: Default::default(),
        }
    }

    fn set() -> PuzzleSet {
        PuzzleSet {
            puzzles: vec![
                puzzle("a", 1000.0, &[Theme::Fork]),
                puzzle("b", 1450.0, &[Theme::Fork, Theme::Pin]),
                puzzle("c", 1520.0, &[Theme::Pin]),
                puzzle("d", 1580.0, &[Theme::Fork]),
                puzzle("e", 2400.0, &[Theme::MateIn1]),
            ],
        }
    }

    fn ids(s: &PuzzleSet, w: &Wanted) -> Vec<String> {
        let mut out: Vec<String> = (0..20)
            .filter_map(|i| next(s, w, |p| p.rating.rating, i as f64 / 20.0))
            .map(|p| p.id.0.clone())
            .collect();
        out.sort();
        out.dedup();
        out
    }

    #[test]
    fn the_narrowest_window_that_holds_a_puzzle_is_drawn_from() {
        let s = set();
        let w = |rating| Wanted {
            rating,
            ..Wanted::default()
        };
        // ±100 of 1500 holds b, c and d.
        assert_eq!(ids(&s, &w(1500.0)), ["b", "c", "d"]);
        assert_eq!(ids(&s, &w(1560.0)), ["c", "d"]);
        // Nothing within ±100 of 1210, nor ±200: the ±300 window holds a and b.
        assert_eq!(ids(&s, &w(1210.0)), ["a", "b"]);
        assert_eq!(ids(&s, &w(1200.0)), ["a"]);
        assert_eq!(ids(&s, &w(3000.0)), ["e"]);
    }

    #[test]
    fn every_chosen_theme_is_required_and_excluded_ids_are_skipped() {
        let s = set();
        let w = Wanted {
            rating: 1500.0,
            themes: vec![Theme::Fork, Theme::Pin],
            exclude: Vec::new(),
        };
        assert_eq!(ids(&s, &w), ["b"]);
        let w = Wanted {
            exclude: vec!["b".into()],
            ..w
        };
        assert!(ids(&s, &w).is_empty());
        let w = Wanted {
            rating: 1500.0,
            themes: vec![Theme::Fork],
            exclude: vec!["b".into(), "d".into()],
        };
        assert_eq!(ids(&s, &w), ["a"]);
    }

    #[test]
    fn the_current_rating_decides_not_the_shipped_one() {
        let s = set();
        let w = Wanted {
            rating: 1000.0,
            ..Wanted::default()
        };
        let moved = |p: &Puzzle| {
            if p.id.0 == "e" {
                1010.0
            } else {
                p.rating.rating
            }
        };
        let got: Vec<_> = (0..10)
            .filter_map(|i| next(&s, &w, moved, i as f64 / 10.0))
            .map(|p| p.id.0.as_str())
            .collect();
        assert!(got.contains(&"e") && got.contains(&"a"), "{got:?}");
    }

    #[test]
    fn the_daily_puzzle_is_one_all_day_and_rated_within_its_range() {
        let s = set();
        let day = day_of(1_700_000_000_000);
        assert_eq!(
            day,
            day_of(1_700_000_000_000 - 1_700_000_000_000 % 86_400_000)
        );
        let mut seen = std::collections::BTreeSet::new();
        for d in day..day + 60 {
            let p = daily(&s, d).expect("a puzzle");
            assert!(["b", "c", "d"].contains(&p.id.0.as_str()), "{}", p.id.0);
            seen.insert(p.id.0.clone());
        }
        assert_eq!(seen.len(), 3, "over two months every candidate comes up");
        let only_easy = PuzzleSet {
            puzzles: vec![puzzle("a", 1000.0, &[])],
        };
        assert_eq!(daily(&only_easy, day).map(|p| p.id.0.as_str()), Some("a"));
        assert!(daily(&PuzzleSet::default(), day).is_none());
    }
}
