//! Round robin schedules by the Berger tables (FIDE C.05, Annex 1). For an even number
//! of players `n`, round `r`'s players are placed around the board list in the order
//! `1, 2, …, n−1` shifted by `(r−1)·n/2`: the first of them meets player `n` (who has
//! Black in odd rounds and White in even rounds), the others meet in pairs from the two
//! ends inward, the earlier one with White. An odd number of players plays the table of
//! `n+1`, and the opponent of the last number has the bye. A double round robin plays
//! the table twice, the second cycle with colours reversed; as FIDE recommends, the last
//! two rounds of the first cycle are swapped so that nobody gets one colour three times
//! in a row at the turn of the cycles.

use thiserror::Error;

/// One round of a schedule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BergerRound {
    /// The round, 1-based.
    pub round: u32,
    /// `(white, black)` by player number, board 1 first.
    pub pairs: Vec<(u32, u32)>,
    /// The player with no game this round (odd number of players only).
    pub bye: Option<u32>,
}

/// Single or double round robin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cycles {
    /// Each pair meets once.
    Single,
    /// Each pair meets twice, once with each colour.
    Double,
}

/// Why no schedule could be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BergerError {
    /// Fewer than two players, or more than this crate schedules.
    #[error("a round robin needs 2 to {max} players, not {0}", max = MAX_PLAYERS)]
    Players(u32),
}

/// The most players scheduled (a 1000-player round robin is already 999 rounds).
pub const MAX_PLAYERS: u32 = 1000;

/// The Berger table of one cycle for `n` players (2 ≤ n ≤ [`MAX_PLAYERS`]).
///
/// ```
/// use guoxiang_tournament::berger::{berger, Cycles};
/// let rounds = berger(4, Cycles::Single).unwrap();
/// assert_eq!(rounds[0].pairs, vec![(1, 4), (2, 3)]);
/// assert_eq!(rounds[1].pairs, vec![(4, 3), (1, 2)]);
/// assert_eq!(rounds[2].pairs, vec![(2, 4), (3, 1)]);
/// ```
pub fn berger(n: u32, cycles: Cycles) -> Result<Vec<BergerRound>, BergerError> {
    if !(2..=MAX_PLAYERS).contains(&n) {
        return Err(BergerError::Players(n));
    }
    let even = n + n % 2;
    let single: Vec<BergerRound> = (1..even).map(|r| one_round(n, even, r)).collect();
    Ok(match cycles {
        Cycles::Single => single,
        Cycles::Double => double(single),
    })
}

/// Round `r` of the table for `even` places (`even` = n or n+1); the place `n+1`, when
/// there is one, is the bye.
fn one_round(n: u32, even: u32, r: u32) -> BergerRound {
    let m = even - 1;
    let shift = ((r - 1) * (even / 2)) % m;
    let at = |i: u32| (i + shift) % m + 1; // the player at place i (0-based)
    let mut boards = Vec::with_capacity(even as usize / 2);
    boards.push(if r % 2 == 1 {
        (at(0), even)
    } else {
        (even, at(0))
    });
    for i in 1..even / 2 {
        boards.push((at(i), at(m - i)));
    }
    let mut bye = None;
    boards.retain(|&(w, b)| {
        if w > n || b > n {
            bye = Some(w.min(b));
            false
        } else {
            true
        }
    });
    BergerRound {
        round: r,
        pairs: boards,
        bye,
    }
}

/// Two cycles: the first with its last two rounds swapped, the second the table
/// again with colours reversed.
fn double(single: Vec<BergerRound>) -> Vec<BergerRound> {
    let mut first = single.clone();
    let len = first.len();
    if len >= 2 {
        first.swap(len - 2, len - 1);
    }
    let second = single.into_iter().map(|r| BergerRound {
        round: 0,
        pairs: r.pairs.iter().map(|&(w, b)| (b, w)).collect(),
        bye: r.bye,
    });
    first
        .into_iter()
        .chain(second)
        .enumerate()
        .map(|(i, r)| BergerRound {
            round: i as u32 + 1,
            ..r
        })
        .collect()
}
