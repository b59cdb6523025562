//! Quick pairing: who plays whom among the players waiting in the pool. Pure: the
//! entries and the time in, the pairs out. Two entries may meet when they wait
//! for the same clock, both rated or both casual, belong to two different users,
//! and their ratings differ by no more than what *both* accept: each entry accepts
//! [`BASE_GAP`] points at first, [`GAP_PER_SECOND`] more for each second it has
//! waited, up to [`MAX_GAP`] (after [`OPEN_AFTER_MS`] of waiting, anyone). The
//! longest waiting entry is served first, with the nearest rating it may meet;
//! so nobody waits behind a newcomer, and a long wait buys a wider search.

use super::model::LobbyClock;

/// The rating gap every entry accepts at once.
pub const BASE_GAP: f64 = 100.0;
/// How much wider the accepted gap grows each second of waiting.
pub const GAP_PER_SECOND: f64 = 25.0;
/// The widest gap, reached after about 36 s.
pub const MAX_GAP: f64 = 1000.0;
/// After this long any opponent is accepted (a quiet server still pairs).
pub const OPEN_AFTER_MS: i64 = 60_000;

/// One player waiting.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub id: String,
    pub user: String,
    pub clock: LobbyClock,
    pub rated: bool,
    pub rating: f64,
    pub since: i64,
}

/// The rating gap an entry accepts at `now`.
pub fn gap(entry: &Entry, now: i64) -> f64 {
    let waited = (now - entry.since).max(0);
    if waited >= OPEN_AFTER_MS {
        return f64::INFINITY;
    }
    (BASE_GAP + GAP_PER_SECOND * waited as f64 / 1000.0).min(MAX_GAP)
}

/// Whether `a` and `b` may be paired at `now`.
pub fn compatible(a: &Entry, b: &Entry, now: i64) -> bool {
    a.user != b.user
        && a.clock == b.clock
        && a.rated == b.rated
        && (a.rating - b.rating).abs() <= gap(a, now).min(gap(b, now))
}

/// The pairs to make now (indices into `entries`, the earlier waiter first).
pub fn pairs(entries: &[Entry], now: i64) -> Vec<(usize, usize)> {
    // Longest waiting first; ties by id so that every process computes the same.
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_by(|&a, &b| {
        (entries[a].since, &entries[a].id).cmp(&(entries[b].since, &entries[b].id))
    });
    // By pool, then rating: candidates are searched outwards from one's rating.
    let mut by_rating: Vec<usize> = (0..entries.len()).collect();
    by_rating.sort_by(|&a, &b| {
        let (x, y) = (&entries[a], &entries[b]);
        (x.clock, x.rated)
            .cmp(&(y.clock, y.rated))
            .then(x.rating.total_cmp(&y.rating))
            .then(x.id.cmp(&y.id))
    });
    let mut place = vec![0usize; entries.len()];
    for (p, &i) in by_rating.iter().enumerate() {
        place[i] = p;
    }
    let mut taken = vec![false; entries.len()];
    let mut out = Vec::new();
    for &i in &order {
        if taken[i] {
            continue;
        }
        let me = &entries[i];
        let reach = gap(me, now);
        let mut best: Option<(f64, usize)> = None;
        let p = place[i];
        // Down, then up, until the rating or the pool is out of reach.
        let n = by_rating.len();
        let sides: [Box<dyn Iterator<Item = usize>>; 2] =
            [Box::new((0..p).rev()), Box::new(p + 1..n)];
        for side in sides {
            for q in side {
                let j = by_rating[q];
                let other = &entries[j];
                if other.clock != me.clock || other.rated != me.rated {
                    break;
                }
                let d = (other.rating - me.rating).abs();
                if d > reach {
                    break;
                }
                if !taken[j]
                    && compatible(me, other, now)
                    && best.is_none_or(|(bd, bj)| {
                        d < bd || (d == bd && entries[j].since < entries[bj].since)
                    })
                {
                    best = Some((d, j));
                }
            }
        }
        if let Some((_, j)) = best {
            taken[i] = true;
            taken[j] = true;
            out.push((i, j));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str, user: &str, clock: &str, rating: f64, since: i64) -> Entry {
        Entry {
            id: id.into(),
            user: user.into(),
            clock: LobbyClock::parse(clock).expect("clock"),
            rated: true,
            rating,
            since,
        }
    }

    fn named(entries: &[Entry], now: i64) -> Vec<(String, String)> {
        pairs(entries, now)
            .into_iter()
            .map(|(a, b)| (entries[a].id.clone(), entries[b].id.clone()))
            .collect()
    }

    #[test]
    fn nobody_is_paired_with_oneself() {
        let e = [
            entry("a", "u1", "3+2", 1500.0, 0),
            entry("b", "u1", "3+2", 1500.0, 0),
        ];
        assert!(pairs(&e, 0).is_empty());
        assert!(pairs(&e, 10 * OPEN_AFTER_MS).is_empty());
    }

    #[test]
    fn only_the_same_clock_and_rated_flag_meet() {
        let mut casual = entry("c", "u3", "3+2", 1500.0, 0);
        casual.rated = false;
        let e = [
            entry("a", "u1", "3+2", 1500.0, 0),
            entry("b", "u2", "5+0", 1500.0, 0),
            casual,
        ];
        assert!(pairs(&e, 10 * OPEN_AFTER_MS).is_empty());
    }

    #[test]
    fn the_nearest_rating_is_chosen() {
        let e = [
            entry("a", "u1", "3+2", 1500.0, 0),
            entry("far", "u2", "3+2", 1590.0, 0),
            entry("near", "u3", "3+2", 1520.0, 0),
        ];
        assert_eq!(named(&e, 0), vec![("a".into(), "near".into())]);
    }

    #[test]
    fn the_accepted_gap_widens_with_waiting() {
        let e = [
            entry("a", "u1", "10+5", 1500.0, 0),
            entry("b", "u2", "10+5", 1800.0, 0),
        ];
        // 300 points: both must have waited (300 - 100) / 25 = 8 s.
        assert!(pairs(&e, 7_000).is_empty());
        assert_eq!(named(&e, 8_000).len(), 1);
    }

    #[test]
    fn both_sides_must_accept_the_gap() {
        // The old waiter accepts anyone, the newcomer only 100 points.
        let e = [
            entry("old", "u1", "5+0", 1000.0, 0),
            entry("new", "u2", "5+0", 1900.0, 100_000),
        ];
        assert!(pairs(&e, 100_000).is_empty());
        assert!(gap(&e[0], 100_000).is_infinite());
        assert_eq!(named(&e, 100_000 + 40_000).len(), 1);
    }

    #[test]
    fn the_longest_waiting_is_served_first() {
        let e = [
            entry("new", "u1", "1+0", 1500.0, 5_000),
            entry("old", "u2", "1+0", 1510.0, 0),
            entry("mid", "u3", "1+0", 1500.0, 2_000),
        ];
        // "old" picks the nearer of the two (both 10 points away: the earlier waiter).
        assert_eq!(named(&e, 5_000), vec![("old".into(), "mid".into())]);
    }

    #[test]
    fn a_thousand_waiting_are_all_paired_when_close() {
        let e: Vec<Entry> = (0..1000)
            .map(|i| {
                entry(
                    &format!("s{i}"),
                    &format!("u{i}"),
                    "3+2",
                    1400.0 + (i % 200) as f64,
                    i64::from(i),
                )
            })
            .collect();
        let p = pairs(&e, 2_000);
        assert_eq!(p.len(), 500);
        let mut seen = std::collections::HashSet::new();
        for (a, b) in p {
            assert!(seen.insert(a) && seen.insert(b));
            assert!((e[a].rating - e[b].rating).abs() <= BASE_GAP + 2.0 * GAP_PER_SECOND);
        }
    }
}
