//! Tie-breaks by FIDE C.07 (Tie-Break Regulations, 2023/2024): Buchholz, Buchholz
//! cut-1, Sonneborn-Berger, direct encounter, number of wins (with and without
//! unplayed wins) and the Koya system.
//!
//! Unplayed rounds follow C.07's rules for them:
//! - a player's **own** unplayed round (any bye, a forfeit won or lost, an absence) is
//!   counted against a *dummy opponent* whose score is the player's own final score;
//! - an **opponent's** score, as it enters Buchholz, Sonneborn-Berger and Koya, is its
//!   *adjusted* score: each of the opponent's voluntarily unplayed rounds (half- and
//!   zero-point byes, forfeits lost, absences) counts as a draw, whatever it scored;
//!   forfeit wins, full-point and pairing-allocated byes count as scored;
//! - a cut removes the least significant value, and removes the dummy opponents of
//!   the player's own unplayed rounds first (the least significant of them).
//!
//! Values are exact: counted in quarter points ([`TieValue`]).

use crate::model::{Outcome, RoundEntry, Score, Tournament};

/// The tie-breaks this crate computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// BH: the sum of the opponents' (adjusted) scores.
    Buchholz,
    /// BH-C1: Buchholz without its least significant value.
    BuchholzCut1,
    /// SB: the sum, over the games, of the points scored times the opponent's score.
    SonnebornBerger,
    /// DE: the points scored in the games among the tied players (only when all of
    /// them met each other).
    DirectEncounter,
    /// WIN: rounds in which the player got a win's points, played or not.
    Wins,
    /// WON: games won over the board.
    GamesWon,
    /// KS: the points scored against opponents who scored at least half the maximum.
    Koya,
}

impl TieBreak {
    /// Every tie-break, in the order of this enum.
    pub const ALL: [TieBreak; 7] = [
        TieBreak::Buchholz,
        TieBreak::BuchholzCut1,
        TieBreak::SonnebornBerger,
        TieBreak::DirectEncounter,
        TieBreak::Wins,
        TieBreak::GamesWon,
        TieBreak::Koya,
    ];

    /// The C.07 acronym: `BH`, `BH-C1`, `SB`, `DE`, `WIN`, `WON`, `KS`.
    pub fn code(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "BH",
            TieBreak::BuchholzCut1 => "BH-C1",
            TieBreak::SonnebornBerger => "SB",
            TieBreak::DirectEncounter => "DE",
            TieBreak::Wins => "WIN",
            TieBreak::GamesWon => "WON",
            TieBreak::Koya => "KS",
        }
    }

    /// The tie-break with this acronym.
    pub fn from_code(code: &str) -> Option<TieBreak> {
        TieBreak::ALL.into_iter().find(|t| t.code() == code)
    }
}

/// A tie-break value in quarter points (Sonneborn-Berger needs quarters); counts
/// (wins) are whole numbers of this unit's fours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct TieValue(pub u64);

impl TieValue {
    /// A value of `halves` half points.
    pub fn from_halves(halves: u64) -> TieValue {
        TieValue(halves * 2)
    }

    /// A count (of wins).
    pub fn from_count(n: u64) -> TieValue {
        TieValue(n * 4)
    }

    /// The value as a decimal number of points.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 4.0
    }
}

impl std::fmt::Display for TieValue {
    /// `12`, `12.5`, `12.25`, `12.75`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let whole = self.0 / 4;
        let text = match self.0 % 4 {
            0 => format!("{whole}"),
            1 => format!("{whole}.25"),
            2 => format!("{whole}.5"),
            _ => format!("{whole}.75"),
        };
        f.pad(&text)
    }
}

/// The rounds a tie-break looks at: those recorded.
fn rounds(t: &Tournament) -> usize {
    t.rounds()
}

/// A player's entries over the tournament's rounds (missing ones are absences).
fn entries(t: &Tournament, id: u32) -> Vec<RoundEntry> {
    let n = rounds(t);
    let mut e: Vec<RoundEntry> = t
        .player(id)
        .map(|p| p.rounds.iter().take(n).copied().collect())
        .unwrap_or_default();
    e.resize(n, RoundEntry::Absent);
    e
}

/// A player's final score.
pub fn score(t: &Tournament, id: u32) -> Score {
    entries(t, id).iter().map(RoundEntry::score).sum()
}

/// A player's adjusted score, as it enters the tie-breaks of others: each voluntarily
/// unplayed round counts as a draw.
pub fn adjusted_score(t: &Tournament, id: u32) -> Score {
    entries(t, id)
        .iter()
        .map(|e| {
            if e.is_voluntarily_unplayed() {
                Score(1)
            } else {
                e.score()
            }
        })
        .sum()
}

/// Per round, the opponent's score for Buchholz in half points and whether the round
/// was unplayed (then the value is the dummy opponent's: the player's own score).
fn buchholz_values(t: &Tournament, id: u32) -> Vec<(u64, bool)> {
    let own = u64::from(score(t, id).halves());
    entries(t, id)
        .iter()
        .map(|e| match e.played_opponent() {
            Some(opp) => (u64::from(adjusted_score(t, opp).halves()), false),
            None => (own, true),
        })
        .collect()
}

/// Buchholz: the sum of the opponents' scores (dummy opponents for unplayed rounds).
///
/// ```
/// use guoxiang_tournament::{tiebreak, Bye, Outcome, Player, RoundEntry, Tournament};
/// let mut t = Tournament::new((1..=3).map(|i| Player::new(i, "", 0)).collect());
/// t.record_game(1, 1, 2, Outcome::Win); // 1 beats 2; 3 has the pairing-allocated bye
/// t.set(1, 3, RoundEntry::Bye(Bye::PairingAllocated));
/// assert_eq!(tiebreak::buchholz(&t, 1).to_string(), "0"); // 2 scored nothing
/// assert_eq!(tiebreak::buchholz(&t, 3).to_string(), "1"); // a dummy with 3's own 1
/// ```
pub fn buchholz(t: &Tournament, id: u32) -> TieValue {
    TieValue::from_halves(buchholz_values(t, id).iter().map(|v| v.0).sum())
}

/// Buchholz cut-1: Buchholz less its least significant value, an unplayed round's
/// dummy opponent first.
pub fn buchholz_cut1(t: &Tournament, id: u32) -> TieValue {
    let values = buchholz_values(t, id);
    let total: u64 = values.iter().map(|v| v.0).sum();
    let unplayed = values.iter().filter(|v| v.1).map(|v| v.0).min();
    let cut = unplayed
        .or_else(|| values.iter().map(|v| v.0).min())
        .unwrap_or(0);
    TieValue::from_halves(total - cut)
}

/// Sonneborn-Berger: for each round, the points scored times the opponent's score
/// (the player's own score for an unplayed round's dummy opponent).
pub fn sonneborn_berger(t: &Tournament, id: u32) -> TieValue {
    let own = u64::from(score(t, id).halves());
    let quarters = entries(t, id)
        .iter()
        .map(|e| {
            let scored = u64::from(e.score().halves());
            match e.played_opponent() {
                Some(opp) => scored * u64::from(adjusted_score(t, opp).halves()),
                None => scored * own,
            }
        })
        .sum();
    TieValue(quarters)
}

/// Wins (C.07 WIN): rounds that gave a win's points, over the board or not.
pub fn wins(t: &Tournament, id: u32) -> TieValue {
    TieValue::from_count(
        entries(t, id)
            .iter()
            .filter(|e| e.score() == Score(2))
            .count() as u64,
    )
}

/// Games won over the board (C.07 WON).
pub fn games_won(t: &Tournament, id: u32) -> TieValue {
    let won = entries(t, id)
        .iter()
        .filter(|e| {
            matches!(
                e,
                RoundEntry::Played {
                    outcome: Outcome::Win,
                    ..
                }
            )
        })
        .count();
    TieValue::from_count(won as u64)
}

/// Koya: the points scored against the opponents who scored at least half of the
/// maximum (an unplayed round's dummy opponent has the player's own score).
pub fn koya(t: &Tournament, id: u32) -> TieValue {
    let half_max = rounds(t) as u64; // in half points: 50 % of 2·rounds
    let own = u64::from(score(t, id).halves());
    let halves = entries(t, id)
        .iter()
        .filter(|e| {
            let opp = match e.played_opponent() {
                Some(opp) => u64::from(adjusted_score(t, opp).halves()),
                None => own,
            };
            opp >= half_max
        })
        .map(|e| u64::from(e.score().halves()))
        .sum();
    TieValue::from_halves(halves)
}

/// Direct encounter among `group` (players tied so far): each one's points from the
/// games (played or forfeited) against the others of the group, in the order of
/// `group`; `None` when some two of them did not meet (C.07 then leaves them tied).
pub fn direct_encounter(t: &Tournament, group: &[u32]) -> Option<Vec<TieValue>> {
    let mut values = Vec::with_capacity(group.len());
    for &a in group {
        let e = entries(t, a);
        let mut halves = 0u64;
        for &b in group.iter().filter(|&&b| b != a) {
            let mut met = false;
            for entry in e.iter().filter(|x| x.paired_opponent() == Some(b)) {
                met = true;
                halves += u64::from(entry.score().halves());
            }
            if !met {
                return None;
            }
        }
        values.push(TieValue::from_halves(halves));
    }
    Some(values)
}

/// One tie-break's value for one player (direct encounter, which depends on the
/// tied group, is computed by [`crate::standings`]; here it is 0).
pub fn value(t: &Tournament, id: u32, tb: TieBreak) -> TieValue {
    match tb {
        TieBreak::Buchholz => buchholz(t, id),
        TieBreak::BuchholzCut1 => buchholz_cut1(t, id),
        TieBreak::SonnebornBerger => sonneborn_berger(t, id),
        TieBreak::DirectEncounter => TieValue(0),
        TieBreak::Wins => wins(t, id),
        TieBreak::GamesWon => games_won(t, id),
        TieBreak::Koya => koya(t, id),
    }
}
