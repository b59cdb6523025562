//! Tournaments in the server (issue 19): round robin, Swiss (Dutch) and arena,
//! created by any user or an admin, paired by the guoxiang-tournament crate (the
//! same code as `guoxiang tournament`), games started automatically, forfeits for
//! players who do not show, standings, crosstable, TRF and PGN export.
//!
//! The state lives in the database ([`crate::store::tournaments`]), one JSON
//! document per tournament under a version number. The director ([`start`]) wakes
//! every [`Director::tick_ms`], reads the tournaments scheduled or running, reads
//! their games' records (results are polled, not pushed by `on_finished`), and lets
//! [`plan::advance`] decide; the new state is written only if the version is still
//! the one read, and only then are games started or forfeited games aborted. So two
//! processes on one PostgreSQL never pair a round twice nor start a board twice.

pub mod model;
pub mod plan;
pub mod view;

use crate::accounts::UserId;
use crate::competition::AccountGame;
use crate::game::seats::Seat;
use crate::game::Action;
use crate::http::error::ApiError;
use crate::http::games::Target;
use crate::store::tournaments::{TournamentRow, TournamentWrite};
use crate::store::Write;
use crate::AppState;
use model::{Data, Phase};
use plan::{BoardRef, Effect, GameEnd, GameInfo};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Weak};

/// The tournaments' in-memory side: how often the director looks.
pub struct Director {
    /// Milliseconds between two looks at the live tournaments.
    pub tick_ms: AtomicU64,
}

impl Default for Director {
    fn default() -> Director {
        Director {
            tick_ms: AtomicU64::new(500),
        }
    }
}

/// How many times a change is tried again when another writer was first.
const TRIES: usize = 8;

/// Starts the director (called once the server is up); it stops with the server.
pub fn start(state: &Arc<AppState>) {
    let weak: Weak<AppState> = Arc::downgrade(state);
    let mut stop = state.shutdown.clone();
    tokio::spawn(async move {
        loop {
            let Some(state) = weak.upgrade() else { return };
            if *stop.borrow() {
                return;
            }
            let wait = state.tournaments.tick_ms.load(Ordering::Relaxed).max(10);
            if let Err(e) = tick(&state).await {
                tracing::warn!("tournament director: {e}");
            }
            drop(state);
            tokio::select! {
                _ = tokio::time::sleep(std::time::Duration::from_millis(wait)) => {}
                _ = stop.changed() => {}
            }
        }
    });
}

/// One look at every live tournament.
async fn tick(state: &Arc<AppState>) -> Result<(), ApiError> {
    let now = state.ctx.time.now().wall;
    let rows = state.ctx.store.live_tournaments().await.map_err(stored)?;
    for row in rows {
        if row.status == Phase::Scheduled.code() && row.starts_at > now {
            continue;
        }
        if let Err(e) = advance_one(state, row).await {
            tracing::warn!("tournament director: {e:?}");
        }
    }
    Ok(())
}

/// A tournament's phase and data as stored.
pub fn parse(row: &TournamentRow) -> Result<(Phase, Data), ApiError> {
    let phase = Phase::from_code(&row.status)
        .ok_or_else(|| ApiError::unavailable(format!("tournament {}: bad status", row.id)))?;
    let data: Data = serde_json::from_str(&row.data)
        .map_err(|e| ApiError::unavailable(format!("tournament {}: {e}", row.id)))?;
    Ok((phase, data))
}

pub(crate) fn stored(e: crate::store::StoreError) -> ApiError {
    ApiError::unavailable(format!("storage failed: {e}"))
}

/// The conditional write of a new state over `version`.
fn write_of(id: &str, version: i64, phase: Phase, data: &Data, at: i64) -> Result<Write, ApiError> {
    let json = serde_json::to_string(data)
        .map_err(|e| ApiError::unavailable(format!("tournament {id}: {e}")))?;
    Ok(Write::Tournament(TournamentWrite::Update {
        id: id.to_owned(),
        version,
        status: phase.code().to_owned(),
        data: json,
        at,
        starts_at: data.settings.starts_at,
    }))
}

/// Changes tournament `id` by `f` (read, change, conditional write; again from a
/// fresh read when another writer was first). `f` answers an error to refuse; an
/// unchanged state is not written. The state after.
pub async fn update<T>(
    state: &AppState,
    id: &str,
    mut f: impl FnMut(&mut Phase, &mut Data) -> Result<T, ApiError>,
) -> Result<(T, Phase, Data), ApiError> {
    for _ in 0..TRIES {
        let row = state
            .ctx
            .store
            .tournament(id)
            .await
            .map_err(stored)?
            .ok_or_else(|| ApiError::not_found("no such tournament"))?;
        let (phase, data) = parse(&row)?;
        let (mut p, mut d) = (phase, data.clone());
        let out = f(&mut p, &mut d)?;
        if p == phase && d == data {
            return Ok((out, p, d));
        }
        let now = state.ctx.time.now().wall;
        match state
            .ctx
            .store
            .write(write_of(id, row.version, p, &d, now)?)
            .await
        {
            Ok(()) => return Ok((out, p, d)),
            Err(crate::store::StoreError::Corrupt(_)) => continue, // another writer was first
            Err(e) => return Err(stored(e)),
        }
    }
    Err(ApiError::conflict(
        "busy",
        "the tournament is changing; try again",
    ))
}

/// What the director needs of each game of `d` still being played.
async fn game_infos(state: &AppState, d: &Data) -> Result<HashMap<String, GameInfo>, ApiError> {
    let mut out = HashMap::new();
    for b in d.boards().filter(|b| b.result.is_none()) {
        let Some(id) = &b.game else { continue };
        let Some((record, moves)) = state.ctx.store.game(id).await.map_err(stored)? else {
            continue;
        };
        let end = match (record.status, record.ending) {
            (crate::protocol::Status::Finished, Some(e)) => Some(match e.result() {
                guoxiang_core::pgn::GameResult::WhiteWins => GameEnd::WhiteWins,
                guoxiang_core::pgn::GameResult::BlackWins => GameEnd::BlackWins,
                guoxiang_core::pgn::GameResult::Draw => GameEnd::Draw,
                _ => GameEnd::Aborted,
            }),
            (crate::protocol::Status::Finished, None) => Some(GameEnd::Aborted),
            _ => None,
        };
        out.insert(
            id.clone(),
            GameInfo {
                end,
                plies: moves.len() as u32,
                berserk: record.berserk.sides,
            },
        );
    }
    Ok(out)
}

/// Lets the plan advance one tournament and, if this process's write landed,
/// carries out the effects.
async fn advance_one(state: &Arc<AppState>, row: TournamentRow) -> Result<(), ApiError> {
    let (phase, data) = parse(&row)?;
    let games = game_infos(state, &data).await?;
    let now = state.ctx.time.now().wall;
    let (mut p, mut d) = (phase, data.clone());
    let effects = plan::advance(&mut p, &mut d, now, &games);
    if p == phase && d == data {
        return Ok(());
    }
    if state
        .ctx
        .store
        .write(write_of(&row.id, row.version, p, &d, now)?)
        .await
        .is_err()
    {
        return Ok(()); // another process was first: the next look reads its state
    }
    for effect in effects {
        let r = match effect {
            Effect::Start { board, claimed_at } => {
                start_board(state, &row.id, &d, board, claimed_at).await
            }
            Effect::Abort { game, seat } => abort(state, &game, seat).await,
        };
        if let Err(e) = r {
            tracing::warn!("tournament {}: {e:?}", row.id);
        }
    }
    Ok(())
}

/// Starts the game of a board this process claimed and records it.
async fn start_board(
    state: &Arc<AppState>,
    id: &str,
    d: &Data,
    at: BoardRef,
    claimed_at: i64,
) -> Result<(), ApiError> {
    let board = at
        .get(d)
        .ok_or_else(|| ApiError::unavailable("board missing"))?;
    let user = |rank: u32| {
        d.entrant(rank)
            .map(|e| UserId(e.user.clone()))
            .ok_or_else(|| ApiError::unavailable("player missing"))
    };
    let game = state
        .start_account_game(AccountGame {
            white: user(board.white)?,
            black: user(board.black)?,
            control: d.settings.control.clone(),
            rated: d.settings.rated,
            tournament: Some(id.to_owned()),
            berserk: d.settings.kind == model::Kind::Arena && d.settings.berserk,
        })
        .await?;
    let started = state.ctx.time.now().wall;
    update(state, id, |_, d| {
        if let Some(b) = at.get_mut(d) {
            if b.game.is_none() && b.claimed_at == Some(claimed_at) {
                b.game = Some(game.clone());
                b.started_at = Some(started);
            }
        }
        Ok(())
    })
    .await?;
    Ok(())
}

/// Aborts a game lost by forfeit, as the seat that did not move.
async fn abort(
    state: &Arc<AppState>,
    game: &str,
    seat: guoxiang_core::Color,
) -> Result<(), ApiError> {
    let Target::Live(tx) = state.target(game).await? else {
        return Ok(()); // over already
    };
    state
        .ask(&tx, |reply| crate::actor::Cmd::Act {
            who: crate::actor::Who::Seat(Seat::Player(seat)),
            action: Action::Abort,
            credit_ms: 0,
            view: false,
            reply,
        })
        .await??;
    Ok(())
}
