//! The director's decisions as a pure function: given a tournament's state, the
//! time and what its games' records say, [`advance`] changes the state (start,
//! results, forfeits, the next round's pairing, the arena's pairings, the end) and
//! lists the effects the caller must carry out once that new state is committed by
//! a conditional write (start a board's game, abort a forfeited game). Two
//! processes may run it on the same state: only the one whose write lands acts.

use super::model::{Board, BoardResult, Data, Kind, Phase};
use guoxiang_core::Color;
use guoxiang_tournament::berger::berger;
use guoxiang_tournament::model::{Bye, RoundEntry};
use guoxiang_tournament::swiss::pair;
use guoxiang_tournament::swiss_input::swiss_input;
use std::collections::HashMap;

/// A board's game start claimed by a process that died is claimed again after this.
pub const CLAIM_TTL_MS: i64 = 30_000;

/// A tournament with fewer than two players at its start time waits this long for
/// them (it starts as soon as there are two) before it is cancelled.
pub const START_GRACE_MS: i64 = 120_000;

/// How a game's record ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameEnd {
    WhiteWins,
    Draw,
    BlackWins,
    /// Aborted (no result): the side that had not moved forfeits.
    Aborted,
}

/// What the director needs of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameInfo {
    /// `None` while the game goes on.
    pub end: Option<GameEnd>,
    /// Half-moves played.
    pub plies: u32,
    /// White and Black berserked (arena games).
    pub berserk: [bool; 2],
}

/// Which board: `(round index, board index)` or the arena's board index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardRef {
    Round(usize, usize),
    Arena(usize),
}

impl BoardRef {
    /// The board in `d`.
    pub fn get(self, d: &Data) -> Option<&Board> {
        match self {
            BoardRef::Round(r, b) => d.rounds.get(r)?.boards.get(b),
            BoardRef::Arena(b) => d.arena.get(b),
        }
    }

    /// The board in `d`, mutable.
    pub fn get_mut(self, d: &mut Data) -> Option<&mut Board> {
        match self {
            BoardRef::Round(r, b) => d.rounds.get_mut(r)?.boards.get_mut(b),
            BoardRef::Arena(b) => d.arena.get_mut(b),
        }
    }
}

/// What the caller does after committing the new state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// Start the board's game (this process claimed it at `claimed_at`).
    Start { board: BoardRef, claimed_at: i64 },
    /// Abort a game lost by forfeit (the seat that did not move asks).
    Abort { game: String, seat: Color },
}

/// Advances the tournament as far as `now` and the games allow; the effects to
/// carry out. The state is unchanged when there is nothing to do.
pub fn advance(
    phase: &mut Phase,
    d: &mut Data,
    now: i64,
    games: &HashMap<String, GameInfo>,
) -> Vec<Effect> {
    let mut effects = Vec::new();
    if *phase == Phase::Scheduled {
        if now < d.settings.starts_at {
            return effects;
        }
        start(phase, d, now);
        if *phase == Phase::Scheduled {
            return effects;
        }
    }
    if *phase != Phase::Running {
        return effects;
    }
    record_results(d, now, games, &mut effects);
    match d.settings.kind {
        Kind::Arena => {
            let ends = d
                .settings
                .starts_at
                .saturating_add(i64::from(d.settings.minutes) * 60_000);
            if now < ends {
                pair_arena(d);
            } else if d.boards().all(|b| b.result.is_some()) {
                finish(phase, d, now);
                return effects;
            }
        }
        _ => {
            let round_done = d
                .rounds
                .last()
                .is_none_or(|r| r.boards.iter().all(|b| b.result.is_some()));
            if round_done && (d.rounds.len() as u32 >= d.total_rounds() || !pair_round(d, now)) {
                finish(phase, d, now);
                return effects;
            }
        }
    }
    claim_starts(d, now, &mut effects);
    effects
}

/// At the start time: the starting ranks are fixed (rating, then name) and play
/// begins; with fewer than two players the tournament waits [`START_GRACE_MS`] for
/// a second one, then is cancelled.
fn start(phase: &mut Phase, d: &mut Data, now: i64) {
    d.entrants.retain(|e| !e.withdrawn);
    if d.entrants.len() < 2 {
        if now >= d.settings.starts_at.saturating_add(START_GRACE_MS) {
            *phase = Phase::Cancelled;
            d.finished_at = Some(now);
        }
        return;
    }
    d.entrants
        .sort_by(|a, b| b.rating.cmp(&a.rating).then_with(|| a.name.cmp(&b.name)));
    *phase = Phase::Running;
}

fn finish(phase: &mut Phase, d: &mut Data, now: i64) {
    *phase = Phase::Finished;
    d.finished_at = Some(now);
}

/// Games that ended give their results; a player who has not moved
/// `forfeit_after_s` after the game started loses by forfeit (arena: and is paused).
fn record_results(
    d: &mut Data,
    now: i64,
    games: &HashMap<String, GameInfo>,
    effects: &mut Vec<Effect>,
) {
    let forfeit_ms = i64::from(d.settings.forfeit_after_s) * 1000;
    let mut paused = Vec::new();
    for b in d.boards_mut() {
        let (Some(game), None) = (&b.game, b.result) else {
            continue;
        };
        let Some(info) = games.get(game) else {
            continue;
        };
        let no_show = |plies: u32| {
            if plies == 0 {
                BoardResult::WhiteForfeits
            } else {
                BoardResult::BlackForfeits
            }
        };
        b.result = match info.end {
            Some(GameEnd::WhiteWins) => Some(BoardResult::WhiteWins),
            Some(GameEnd::Draw) => Some(BoardResult::Draw),
            Some(GameEnd::BlackWins) => Some(BoardResult::BlackWins),
            Some(GameEnd::Aborted) => Some(no_show(info.plies)),
            None if info.plies < 2
                && b.started_at
                    .is_some_and(|s| now >= s.saturating_add(forfeit_ms)) =>
            {
                let seat = if info.plies == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                effects.push(Effect::Abort {
                    game: game.clone(),
                    seat,
                });
                Some(no_show(info.plies))
            }
            None => None,
        };
        if matches!(info.end, Some(e) if e != GameEnd::Aborted) {
            // What the arena's berserk point needs (model::Data::arena_points).
            b.berserk = info.berserk;
            b.plies = info.plies;
        }
        match b.result {
            Some(BoardResult::WhiteForfeits) => paused.push(b.white),
            Some(BoardResult::BlackForfeits) => paused.push(b.black),
            _ => {}
        }
    }
    if d.settings.kind == Kind::Arena {
        for rank in paused {
            if let Some(e) = d.entrants.get_mut(rank as usize - 1) {
                e.paused = true;
            }
        }
    }
}

/// Pairs the next round (Berger table or Dutch Swiss); `false` when no pairing
/// is possible (the tournament then ends).
fn pair_round(d: &mut Data, now: i64) -> bool {
    let number = d.rounds.len() as u32 + 1;
    let (pairs, bye) = match d.settings.kind.cycles() {
        Some(cycles) => {
            let Ok(table) = berger(d.entrants.len() as u32, cycles) else {
                return false;
            };
            let Some(r) = table.into_iter().find(|r| r.round == number) else {
                return false;
            };
            (r.pairs, r.bye)
        }
        None => {
            let mut t = d.to_crate();
            // Withdrawn players are not paired: an announced absence this round.
            for (i, e) in d.entrants.iter().enumerate() {
                if e.withdrawn {
                    t.set(number as usize, i as u32 + 1, RoundEntry::Bye(Bye::Zero));
                }
            }
            let Ok(input) = swiss_input(&t) else {
                return false;
            };
            match pair(&input) {
                Ok(p) if !p.pairs.is_empty() => (p.pairs, p.bye),
                _ => return false,
            }
        }
    };
    let withdrawn = |rank: u32| d.entrant(rank).is_some_and(|e| e.withdrawn);
    let boards = pairs
        .into_iter()
        .map(|(w, b)| {
            let mut board = Board::new(w, b);
            board.result = match (withdrawn(w), withdrawn(b)) {
                (true, true) => Some(BoardResult::BothForfeit),
                (true, false) => Some(BoardResult::WhiteForfeits),
                (false, true) => Some(BoardResult::BlackForfeits),
                (false, false) => None,
            };
            board
        })
        .collect();
    d.rounds.push(super::model::Round {
        number,
        paired_at: now,
        boards,
        bye,
    });
    true
}

/// Arena: the free players (joined, not paused, not playing) paired by their
/// places, avoiding the last opponent when another is free; White to the one who
/// had White less often.
fn pair_arena(d: &mut Data) {
    let points = d.arena_points();
    let busy: Vec<u32> = d
        .arena
        .iter()
        .filter(|b| b.result.is_none())
        .flat_map(|b| [b.white, b.black])
        .collect();
    let mut free: Vec<u32> = (1..=d.entrants.len() as u32)
        .filter(|r| d.entrant(*r).is_some_and(|e| !e.withdrawn && !e.paused) && !busy.contains(r))
        .collect();
    let rating = |r: u32| d.entrant(r).map_or(0, |e| e.rating);
    free.sort_by(|&a, &b| {
        points[b as usize - 1]
            .cmp(&points[a as usize - 1])
            .then(rating(b).cmp(&rating(a)))
            .then(a.cmp(&b))
    });
    let last_opponent = |r: u32| {
        d.arena.iter().rev().find_map(|b| {
            (b.white == r)
                .then_some(b.black)
                .or((b.black == r).then_some(b.white))
        })
    };
    let whites = |r: u32| d.arena.iter().filter(|b| b.white == r).count();
    let mut new = Vec::new();
    while free.len() >= 2 {
        let a = free.remove(0);
        let j = free
            .iter()
            .position(|&b| last_opponent(a) != Some(b))
            .unwrap_or(0);
        let b = free.remove(j);
        let (w, bl) = if whites(b) < whites(a) {
            (b, a)
        } else {
            (a, b)
        };
        new.push(Board::new(w, bl));
    }
    d.arena.extend(new);
}

/// Boards that need their game started and are not claimed (or the claim is
/// stale) are claimed now.
fn claim_starts(d: &mut Data, now: i64, effects: &mut Vec<Effect>) {
    let mut refs: Vec<BoardRef> = Vec::new();
    for (ri, r) in d.rounds.iter().enumerate() {
        refs.extend((0..r.boards.len()).map(|bi| BoardRef::Round(ri, bi)));
    }
    refs.extend((0..d.arena.len()).map(BoardRef::Arena));
    for at in refs {
        let Some(b) = at.get_mut(d) else { continue };
        let stale = b
            .claimed_at
            .is_none_or(|c| now >= c.saturating_add(CLAIM_TTL_MS));
        if b.game.is_none() && b.result.is_none() && stale {
            b.claimed_at = Some(now);
            effects.push(Effect::Start {
                board: at,
                claimed_at: now,
            });
        }
    }
}

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
