//! The Berger tables against the published FIDE tables (C.05 Annex 1) for 4 to 16
//! players: round 1, round 2 and the last round of each table written out as published,
//! and for every size the properties a round robin must have.

use guoxiang_tournament::berger::{berger, BergerError, Cycles};

type Pairs = Vec<(u32, u32)>;

fn round(n: u32, r: usize) -> Pairs {
    berger(n, Cycles::Single).expect("a table")[r - 1]
        .pairs
        .clone()
}

/// Published: (players, round, pairings white-black).
fn published() -> Vec<(u32, usize, Pairs)> {
    vec![
        (4, 1, vec![(1, 4), (2, 3)]),
        (4, 2, vec![(4, 3), (1, 2)]),
        (4, 3, vec![(2, 4), (3, 1)]),
        (6, 1, vec![(1, 6), (2, 5), (3, 4)]),
        (6, 2, vec![(6, 4), (5, 3), (1, 2)]),
        (6, 3, vec![(2, 6), (3, 1), (4, 5)]),
        (6, 4, vec![(6, 5), (1, 4), (2, 3)]),
        (6, 5, vec![(3, 6), (4, 2), (5, 1)]),
        (8, 1, vec![(1, 8), (2, 7), (3, 6), (4, 5)]),
        (8, 2, vec![(8, 5), (6, 4), (7, 3), (1, 2)]),
        (8, 4, vec![(8, 6), (7, 5), (1, 4), (2, 3)]),
        (8, 7, vec![(4, 8), (5, 3), (6, 2), (7, 1)]),
        (10, 1, vec![(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)]),
        (10, 2, vec![(10, 6), (7, 5), (8, 4), (9, 3), (1, 2)]),
        (10, 5, vec![(3, 10), (4, 2), (5, 1), (6, 9), (7, 8)]),
        (10, 9, vec![(5, 10), (6, 4), (7, 3), (8, 2), (9, 1)]),
        (
            12,
            1,
            vec![(1, 12), (2, 11), (3, 10), (4, 9), (5, 8), (6, 7)],
        ),
        (
            12,
            2,
            vec![(12, 7), (8, 6), (9, 5), (10, 4), (11, 3), (1, 2)],
        ),
        (
            12,
            6,
            vec![(12, 9), (10, 8), (11, 7), (1, 6), (2, 5), (3, 4)],
        ),
        (
            12,
            11,
            vec![(6, 12), (7, 5), (8, 4), (9, 3), (10, 2), (11, 1)],
        ),
        (
            14,
            1,
            vec![(1, 14), (2, 13), (3, 12), (4, 11), (5, 10), (6, 9), (7, 8)],
        ),
        (
            14,
            2,
            vec![(14, 8), (9, 7), (10, 6), (11, 5), (12, 4), (13, 3), (1, 2)],
        ),
        (
            14,
            3,
            vec![(2, 14), (3, 1), (4, 13), (5, 12), (6, 11), (7, 10), (8, 9)],
        ),
        (
            14,
            13,
            vec![(7, 14), (8, 6), (9, 5), (10, 4), (11, 3), (12, 2), (13, 1)],
        ),
        (
            16,
            1,
            vec![
                (1, 16),
                (2, 15),
                (3, 14),
                (4, 13),
                (5, 12),
                (6, 11),
                (7, 10),
                (8, 9),
            ],
        ),
        (
            16,
            2,
            vec![
                (16, 9),
                (10, 8),
                (11, 7),
                (12, 6),
                (13, 5),
                (14, 4),
                (15, 3),
                (1, 2),
            ],
        ),
        (
            16,
            3,
            vec![
                (2, 16),
                (3, 1),
                (4, 15),
                (5, 14),
                (6, 13),
                (7, 12),
                (8, 11),
                (9, 10),
            ],
        ),
        (
            16,
            15,
            vec![
                (8, 16),
                (9, 7),
                (10, 6),
                (11, 5),
                (12, 4),
                (13, 3),
                (14, 2),
                (15, 1),
            ],
        ),
    ]
}

#[test]
fn the_tables_are_the_published_ones() {
    for (n, r, pairs) in published() {
        assert_eq!(round(n, r), pairs, "{n} players, round {r}");
    }
}

#[test]
fn an_odd_number_plays_the_next_even_table_and_the_last_numbers_opponent_rests() {
    // 5 players use the table of 6: in round 1, 1-6 becomes 1's bye.
    let t = berger(5, Cycles::Single).expect("a table");
    assert_eq!(t.len(), 5);
    assert_eq!(t[0].pairs, vec![(2, 5), (3, 4)]);
    assert_eq!(t[0].bye, Some(1));
    assert_eq!(t[1].pairs, vec![(5, 3), (1, 2)]);
    assert_eq!(t[1].bye, Some(4));
    // 13 players: the table of 14 without player 14.
    let t13 = berger(13, Cycles::Single).expect("a table");
    for (r, round) in t13.iter().enumerate() {
        let mut with_14 = round.pairs.clone();
        let bye = round.bye.expect("a bye every round");
        with_14.push(if r % 2 == 0 { (bye, 14) } else { (14, bye) });
        with_14.sort();
        let mut published = self::round(14, r + 1);
        published.sort();
        assert_eq!(with_14, published, "round {}", r + 1);
    }
}

#[test]
fn every_pair_meets_once_and_colours_balance_for_2_to_20_players() {
    for n in 2..=20u32 {
        let t = berger(n, Cycles::Single).expect("a table");
        let even = n + n % 2;
        assert_eq!(t.len() as u32, even - 1, "{n}: rounds");
        let mut met = vec![vec![0u32; n as usize + 1]; n as usize + 1];
        let mut whites = vec![0i32; n as usize + 1];
        let mut byes = vec![0u32; n as usize + 1];
        for round in &t {
            let mut seen = vec![false; n as usize + 1];
            for &(w, b) in &round.pairs {
                for p in [w, b] {
                    assert!(!seen[p as usize], "{n}: {p} twice in round {}", round.round);
                    seen[p as usize] = true;
                }
                met[w as usize][b as usize] += 1;
                met[b as usize][w as usize] += 1;
                whites[w as usize] += 1;
                whites[b as usize] -= 1;
            }
            if let Some(b) = round.bye {
                byes[b as usize] += 1;
                assert!(!seen[b as usize]);
            }
        }
        for a in 1..=n as usize {
            for (b, times) in met[a].iter().enumerate().skip(1) {
                assert_eq!(*times, u32::from(a != b), "{n}: {a} and {b}");
            }
            assert!(whites[a].abs() <= 1, "{n}: colours of {a}");
            assert_eq!(byes[a], n % 2, "{n}: byes of {a}");
        }
    }
}

#[test]
fn a_double_round_robin_reverses_colours_and_swaps_the_last_two_rounds_of_the_first_cycle() {
    let single = berger(6, Cycles::Single).expect("a table");
    let double = berger(6, Cycles::Double).expect("a table");
    assert_eq!(double.len(), 10);
    assert_eq!(double[0].pairs, single[0].pairs);
    assert_eq!(double[3].pairs, single[4].pairs);
    assert_eq!(double[4].pairs, single[3].pairs);
    for r in 0..5 {
        let reversed: Vec<(u32, u32)> = single[r].pairs.iter().map(|&(w, b)| (b, w)).collect();
        assert_eq!(double[5 + r].pairs, reversed);
    }
    let numbers: Vec<u32> = double.iter().map(|r| r.round).collect();
    assert_eq!(numbers, (1..=10).collect::<Vec<_>>());
    // Nobody has one colour three rounds running, for any even number of players.
    for n in (4..=16u32).step_by(2) {
        let double = berger(n, Cycles::Double).expect("a table");
        for p in 1..=n {
            let colours: Vec<bool> = double
                .iter()
                .map(|r| r.pairs.iter().any(|&(w, _)| w == p))
                .collect();
            assert!(
                colours.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])),
                "{n} players, player {p}: {colours:?}"
            );
        }
    }
}

#[test]
fn fewer_than_two_players_is_refused() {
    assert_eq!(berger(1, Cycles::Single), Err(BergerError::Players(1)));
    assert_eq!(berger(0, Cycles::Double), Err(BergerError::Players(0)));
    assert!(berger(2, Cycles::Single).is_ok());
}
