//! What the Dutch rules need to know about each player before the round: score,
//! colour difference and preference (C.04.3 A.6), past floats (A.4), topscorer status
//! (A.7) and whether the pairing-allocated bye is still allowed (C.04.1, C2).

use super::{Colour, SwissInput, SwissPlayer};

/// How strongly a player wants a colour (C.04.3 A.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Strength {
    /// No game played yet.
    None,
    /// Colour difference 0: alternate from the last game.
    Mild,
    /// Colour difference ±1.
    Strong,
    /// Colour difference beyond ±1, or the same colour in the last two games.
    Absolute,
}

/// A float in a past round (C.04.3 A.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Float {
    None,
    Up,
    Down,
}

/// One active player as the pairing sees them.
#[derive(Debug, Clone)]
pub(crate) struct State {
    pub id: u32,
    pub score: u32,
    /// White games minus black games.
    pub diff: i32,
    /// Colours of the games played, in order.
    pub played: Vec<Colour>,
    /// Colour per past round, `None` when not played (for rule E.3).
    pub by_round: Vec<Option<Colour>>,
    pub pref: Option<Colour>,
    pub strength: Strength,
    pub topscorer: bool,
    pub bye_allowed: bool,
    /// Floats of the last round and of the round before it.
    pub float1: Float,
    pub float2: Float,
    pub opponents: Vec<u32>,
}

impl State {
    /// Whether `self` ranks above `other`: more points, then the lower starting rank.
    pub fn ranks_above(&self, other: &State) -> bool {
        (other.score, self.id) < (self.score, other.id)
    }
}

/// The states of the players to pair (absent players left out).
pub(crate) fn states(input: &SwissInput) -> Vec<State> {
    let done = input.round.saturating_sub(1) as usize;
    let score_before =
        |p: &SwissPlayer, r: usize| -> u32 { p.round_points.iter().take(r).sum::<u32>() };
    let find = |id: u32| input.players.iter().find(|p| p.id == id);
    let float_in = |p: &SwissPlayer, r: usize| -> Float {
        let played = p.colours.get(r).copied().flatten().is_some();
        match p.opponents.get(r).copied().flatten().and_then(find) {
            Some(opp) if played => {
                let (mine, theirs) = (score_before(p, r), score_before(opp, r));
                if mine > theirs {
                    Float::Down
                } else if mine < theirs {
                    Float::Up
                } else {
                    Float::None
                }
            }
            // Points without a game (byes, forfeit wins) count as a downfloat.
            _ if p.round_points.get(r).copied().unwrap_or(0) > 0 => Float::Down,
            _ => Float::None,
        }
    };
    input
        .players
        .iter()
        .filter(|p| !p.absent)
        .map(|p| {
            let by_round: Vec<Option<Colour>> = (0..done)
                .map(|r| p.colours.get(r).copied().flatten())
                .collect();
            let played: Vec<Colour> = by_round.iter().flatten().copied().collect();
            let diff = played
                .iter()
                .map(|c| if *c == Colour::White { 1 } else { -1 })
                .sum::<i32>();
            let (pref, strength) = preference(&played, diff);
            State {
                id: p.id,
                score: p.points,
                diff,
                played,
                by_round,
                pref,
                strength,
                topscorer: input.round == input.total_rounds
                    && p.points > input.round.saturating_sub(1),
                bye_allowed: !(0..done).any(|r| p.unplayed_points.get(r).copied().unwrap_or(false)),
                float1: if done >= 1 {
                    float_in(p, done - 1)
                } else {
                    Float::None
                },
                float2: if done >= 2 {
                    float_in(p, done - 2)
                } else {
                    Float::None
                },
                // Only games played over the board count as met (forfeits do not).
                opponents: p
                    .opponents
                    .iter()
                    .zip(&p.colours)
                    .filter_map(|(o, c)| c.and(*o))
                    .collect(),
            }
        })
        .collect()
}

/// The colour preference from the colours played (C.04.3 A.6).
fn preference(played: &[Colour], diff: i32) -> (Option<Colour>, Strength) {
    let last = played.last().copied();
    let last_two_same = played.len() >= 2 && played[played.len() - 1] == played[played.len() - 2];
    let balancing = if diff > 0 {
        Colour::Black
    } else {
        Colour::White
    };
    match last {
        None => (None, Strength::None),
        Some(last) if diff.abs() > 1 || last_two_same => {
            let colour = if diff.abs() > 1 {
                balancing
            } else {
                last.opposite()
            };
            (Some(colour), Strength::Absolute)
        }
        Some(_) if diff.abs() == 1 => (Some(balancing), Strength::Strong),
        Some(last) => (Some(last.opposite()), Strength::Mild),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    #[test]
    fn two_whites_in_a_row_make_black_absolute() {
        assert_eq!(preference(&[B, W, W], 1), (Some(B), Strength::Absolute));
    }

    #[test]
    fn one_more_white_makes_a_strong_black_preference() {
        assert_eq!(preference(&[W], 1), (Some(B), Strength::Strong));
    }

    #[test]
    fn a_balanced_history_alternates_mildly() {
        assert_eq!(preference(&[B, W], 0), (Some(B), Strength::Mild));
    }

    #[test]
    fn no_games_means_no_preference() {
        assert_eq!(preference(&[], 0), (None, Strength::None));
    }
}
