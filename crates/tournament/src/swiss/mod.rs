//! The Swiss system by the FIDE Dutch rules (C.04.3), with the general Swiss rules
//! (C.04.1, C.04.2): the next round's pairings from the players' scores, colours,
//! floats and past opponents.
//!
//! The input is this module's own type ([`SwissInput`]), independent of the TRF
//! model: the command line converts a TRF file into it, the server its tournaments.

use thiserror::Error;

mod blossom;
mod bracket;
mod colour;
mod completion;
mod matching;
mod state;
mod weighted;
mod wide;

/// A colour a player had (or gets) in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// 红 / red moves first: the "white" of the FIDE rules.
    White,
    /// 黑 / black.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// One player as the pairing sees them before the round to pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissPlayer {
    /// Starting rank, 1-based (the pairing number of the TRF file).
    pub id: u32,
    /// Rating, used only to document the starting rank (the order is `id`).
    pub rating: u32,
    /// Score in HALF points (a win is 2, a draw 1), byes and forfeits included.
    pub points: u32,
    /// Per past round: the opponent's `id`, or `None` when the player had no game
    /// (bye, absence). A forfeited game may name its opponent: only rounds with a
    /// colour (games played over the board) count as having met.
    pub opponents: Vec<Option<u32>>,
    /// Per past round: the colour played, `None` when no game was played over the board
    /// (byes and forfeits count as no colour, C.04.1).
    pub colours: Vec<Option<Colour>>,
    /// Per past round: the HALF points scored in that round (byes and forfeits
    /// included); gives the score before each round, hence the past floats.
    /// Missing entries count as 0.
    pub round_points: Vec<u32>,
    /// Per past round: whether the player scored a win's points without playing (a
    /// pairing-allocated bye, a forfeit win, a full-point bye). Such a player may not
    /// get the pairing-allocated bye (C.04.1, C.04.3 C2). Missing entries count as
    /// false. (Any points without a game, a half-point bye too, count as a downfloat;
    /// that comes from `round_points` and `colours`.)
    pub unplayed_points: Vec<bool>,
    /// Not to be paired this round (withdrawn or announced absence).
    pub absent: bool,
}

/// Everything needed to pair one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissInput {
    /// The round to pair, 1-based.
    pub round: u32,
    /// The number of rounds the tournament has (the last round relaxes colour rules).
    pub total_rounds: u32,
    /// The colour of the top-ranked player in round 1 (TRF `XXC white1`/`black1`).
    pub first_colour: Colour,
    /// The players, in any order (ids must be distinct).
    pub players: Vec<SwissPlayer>,
}

/// The pairings of one round.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Pairing {
    /// `(white, black)` by player id, in board order (highest pair first).
    pub pairs: Vec<(u32, u32)>,
    /// The player receiving the pairing-allocated bye, if the number is odd.
    pub bye: Option<u32>,
}

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PairError {
    /// Two players share one id.
    #[error("player id {0} appears twice")]
    DuplicateId(u32),
    /// A past opponent id names no player.
    #[error("player {player} has an unknown opponent {opponent} in round {round}")]
    UnknownOpponent {
        /// The player whose history is wrong.
        player: u32,
        /// The id that names no player.
        opponent: u32,
        /// The round (1-based).
        round: u32,
    },
    /// The round number is 0 or past the tournament's end.
    #[error("round {round} is outside 1..={total}")]
    BadRound {
        /// The round asked for.
        round: u32,
        /// The number of rounds.
        total: u32,
    },
    /// A player's history is shorter than the rounds already played.
    #[error("player {0} has a history of the wrong length")]
    HistoryLength(u32),
    /// No pairing satisfies the absolute criteria (C.04.1, C.04.3 C1–C3).
    #[error("no pairing satisfies the absolute criteria")]
    NoPairing,
}

/// Pairs the round `input.round` by the Dutch system.
///
/// Brackets are paired from the highest score down, each by a maximum-weight matching
/// whose edge weights hold the quality criteria in their order (see `weighted.rs`);
/// each bracket's downfloaters join the next one; an odd player out receives the
/// pairing-allocated bye.
///
/// ```
/// use guoxiang_tournament::swiss::{pair, Colour, SwissInput, SwissPlayer};
/// let player = |id| SwissPlayer {
///     id, rating: 2000 - id, points: 0, opponents: vec![], colours: vec![],
///     round_points: vec![], unplayed_points: vec![], absent: false,
/// };
/// let input = SwissInput {
///     round: 1, total_rounds: 5, first_colour: Colour::White,
///     players: (1..=5).map(player).collect(),
/// };
/// let pairing = pair(&input).unwrap();
/// // Top half against bottom half; the lowest-ranked player gets the bye.
/// assert_eq!(pairing.pairs, vec![(1, 3), (4, 2)]);
/// assert_eq!(pairing.bye, Some(5));
/// ```
pub fn pair(input: &SwissInput) -> Result<Pairing, PairError> {
    validate(input)?;
    let states = state::states(input);
    let n = states.len();
    let compat: Vec<Vec<bool>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| i != j && colour::compatible(&states[i], &states[j]))
                .collect()
        })
        .collect();
    let mut ctx = bracket::Ctx {
        states: &states,
        compat,
        bye_score: u32::MAX,
    };
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(states[i].score), states[i].id));
    if n % 2 == 1 {
        let mut scores: Vec<u32> = states
            .iter()
            .filter(|s| s.bye_allowed)
            .map(|s| s.score)
            .collect();
        scores.sort_unstable();
        scores.dedup();
        ctx.bye_score = scores
            .into_iter()
            .find(|&score| {
                let trial = bracket::Ctx {
                    states: &states,
                    compat: ctx.compat.clone(),
                    bye_score: score,
                };
                trial.completable(&order)
            })
            .ok_or(PairError::NoPairing)?;
    }
    if !ctx.completable(&order) {
        return Err(PairError::NoPairing);
    }
    let mut pairs = Vec::new();
    let mut carried: Vec<usize> = Vec::new();
    let mut start = 0;
    while start < order.len() || carried.len() > 1 {
        let end = if start < order.len() {
            let score = states[order[start]].score;
            start
                + order[start..]
                    .iter()
                    .take_while(|&&i| states[i].score == score)
                    .count()
        } else {
            start
        };
        let residents = &order[start..end];
        let lower = &order[end..];
        // With no residents left, the carried players form the last bracket themselves.
        let last_of_carried = residents.is_empty();
        let (mdps, members): (&[usize], &[usize]) = if last_of_carried {
            (&[], &carried)
        } else {
            (&carried, residents)
        };
        let result = ctx.pair_bracket_weighted(mdps, members, lower);
        // Carried players who cannot be paired among themselves: no way on.
        if result.pairs.is_empty() && last_of_carried {
            return Err(PairError::NoPairing);
        }
        pairs.extend(result.pairs);
        carried = result.floaters;
        carried.sort_by_key(|&i| (std::cmp::Reverse(states[i].score), states[i].id));
        start = end;
    }
    let bye = match carried.as_slice() {
        [] => None,
        [one] => Some(states[*one].id),
        _ => return Err(PairError::NoPairing),
    };
    let mut boards: Vec<(u32, u32, u32, u32)> = pairs
        .iter()
        .map(|&(a, b)| {
            let (sa, sb) = (&states[a], &states[b]);
            let (hi, lo) = if sa.ranks_above(sb) {
                (sa, sb)
            } else {
                (sb, sa)
            };
            let white_first = colour::colour_of(sa, sb, input.first_colour) == Colour::White;
            let (w, bl) = if white_first {
                (sa.id, sb.id)
            } else {
                (sb.id, sa.id)
            };
            (hi.score.max(lo.score), hi.id, w, bl)
        })
        .collect();
    boards.sort_by_key(|&(score, top, _, _)| (std::cmp::Reverse(score), top));
    Ok(Pairing {
        pairs: boards.into_iter().map(|(_, _, w, b)| (w, b)).collect(),
        bye,
    })
}

/// Checks ids, round numbers and history lengths.
fn validate(input: &SwissInput) -> Result<(), PairError> {
    if input.round == 0 || input.round > input.total_rounds {
        return Err(PairError::BadRound {
            round: input.round,
            total: input.total_rounds,
        });
    }
    let mut ids: Vec<u32> = input.players.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
        return Err(PairError::DuplicateId(w[0]));
    }
    let done = (input.round - 1) as usize;
    for p in &input.players {
        if p.opponents.len() < done || p.colours.len() < done {
            return Err(PairError::HistoryLength(p.id));
        }
        for (r, o) in p.opponents.iter().enumerate() {
            if let Some(o) = o {
                if ids.binary_search(o).is_err() {
                    return Err(PairError::UnknownOpponent {
                        player: p.id,
                        opponent: *o,
                        round: r as u32 + 1,
                    });
                }
            }
        }
    }
    Ok(())
}
