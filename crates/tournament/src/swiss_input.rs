//! From a [`Tournament`] (as read from TRF) to the Swiss pairing's input: the round to
//! pair is the one after the last round in which anybody was paired (a game, a forfeit
//! or the pairing-allocated bye); a player who already has an entry for that round (a
//! half-, full- or zero-point bye announced in advance, a forfeit) is not paired.

use crate::model::{Bye, RoundEntry, Tournament};
use crate::swiss::{Colour, SwissInput, SwissPlayer};
use thiserror::Error;

/// Why a tournament cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InputError {
    /// No `XXR` line: the pairing needs the number of rounds.
    #[error("no XXR line: the number of rounds is needed to pair")]
    NoRounds,
    /// Every round is paired already.
    #[error("all {0} rounds are paired already")]
    Finished(u32),
    /// No players.
    #[error("no player lines (001)")]
    NoPlayers,
}

/// The last round in which anybody was paired (0 before round 1).
pub fn paired_rounds(t: &Tournament) -> usize {
    t.players
        .iter()
        .filter_map(|p| {
            p.rounds
                .iter()
                .rposition(|e| {
                    e.paired_opponent().is_some() || *e == RoundEntry::Bye(Bye::PairingAllocated)
                })
                .map(|i| i + 1)
        })
        .max()
        .unwrap_or(0)
}

/// The input of [`crate::swiss::pair`] for the next round. Without `XXC` the colour
/// of round 1 is read from round 1's games as bbpPairings reads it (the lowest-numbered
/// player who played it had the first colour if odd-numbered, the other if
/// even-numbered), and is White before round 1.
///
/// ```
/// use guoxiang_tournament::{swiss_input::swiss_input, Player, Tournament};
/// let mut t = Tournament::default();
/// t.total_rounds = Some(3);
/// t.players = vec![Player::new(1, "A", 2000), Player::new(2, "B", 1900)];
/// let input = swiss_input(&t).unwrap();
/// assert_eq!((input.round, input.total_rounds, input.players.len()), (1, 3, 2));
/// ```
pub fn swiss_input(t: &Tournament) -> Result<SwissInput, InputError> {
    let total = t.total_rounds.ok_or(InputError::NoRounds)?;
    if t.players.is_empty() {
        return Err(InputError::NoPlayers);
    }
    let played = paired_rounds(t);
    if played >= total as usize {
        return Err(InputError::Finished(total));
    }
    let players = t
        .players
        .iter()
        .map(|p| {
            let mut past: Vec<RoundEntry> = p.rounds.iter().take(played).copied().collect();
            past.resize(played, RoundEntry::Absent);
            SwissPlayer {
                id: p.id,
                rating: p.rating,
                points: past.iter().map(|e| e.score().halves()).sum(),
                opponents: past.iter().map(RoundEntry::paired_opponent).collect(),
                colours: past
                    .iter()
                    .map(|e| match e {
                        RoundEntry::Played { colour, .. } => Some(*colour),
                        _ => None,
                    })
                    .collect(),
                round_points: past.iter().map(|e| e.score().halves()).collect(),
                // A win's points without playing (forfeit win, full-point or
                // pairing-allocated bye): C.04.1 then bars the pairing-allocated bye.
                unplayed_points: past
                    .iter()
                    .map(|e| e.is_unplayed() && e.score().halves() == 2)
                    .collect(),
                absent: p
                    .rounds
                    .get(played)
                    .is_some_and(|e| *e != RoundEntry::Absent),
            }
        })
        .collect();
    Ok(SwissInput {
        round: played as u32 + 1,
        total_rounds: total,
        first_colour: t.first_colour.unwrap_or_else(|| first_colour_played(t)),
        players,
    })
}

/// The first colour as round 1's games show it (White when none was played).
fn first_colour_played(t: &Tournament) -> Colour {
    let mut players: Vec<_> = t.players.iter().collect();
    players.sort_by_key(|p| p.id);
    players
        .iter()
        .find_map(|p| match p.rounds.first() {
            Some(RoundEntry::Played { colour, .. }) if p.id % 2 == 1 => Some(*colour),
            Some(RoundEntry::Played { colour, .. }) => Some(colour.opposite()),
            _ => None,
        })
        .unwrap_or(Colour::White)
}
