//! The HTTP routes of the tournaments (issue 19): the list and creation
//! (`/api/tournaments`), a tournament's page data, joining and withdrawing,
//! cancelling before the start (creator or admin), and the exports (FIDE TRF, PGN
//! of all games). Writes need a session with its CSRF token; every change is a
//! conditional write through [`crate::tournaments::update`]. docs/API.md
//! "Tournaments" has the shapes.

use super::error::ApiError;
use super::games::Target;
use super::{body_of, parse_json, token};
use crate::actor::Cmd;
use crate::protocol::tournament::{CreateTournament, TournamentList, TournamentView};
use crate::store::tournaments::{TournamentRow, TournamentWrite};
use crate::store::Write;
use crate::tournaments::model::{Data, Entrant, Kind, Phase, Settings};
use crate::tournaments::{parse, stored, update, view};
use crate::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use std::sync::Arc;

/// The routes (merged into [`super::router`]).
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/api/tournaments", get(list).post(create))
        .route("/api/tournaments/{id}", get(one))
        .route("/api/tournaments/{id}/join", post(join))
        .route("/api/tournaments/{id}/withdraw", post(withdraw))
        .route("/api/tournaments/{id}/cancel", post(cancel))
        .route("/api/tournaments/{id}/start", post(start_now))
        .route("/api/tournaments/{id}/trf", get(trf))
        .route("/api/tournaments/{id}/pgn", get(pgn))
}

/// The most players: a round robin plays n−1 rounds, so fewer.
const MAX_ROUND_ROBIN: usize = 30;
const MAX_PLAYERS: usize = 500;
/// How far ahead a tournament may be scheduled.
const MAX_AHEAD_MS: i64 = 90 * 86_400_000;

fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

async fn load(app: &AppState, id: &str) -> Result<(Phase, Data), ApiError> {
    if !valid_id(id) {
        return Err(ApiError::not_found("no such tournament"));
    }
    let row = app
        .ctx
        .store
        .tournament(id)
        .await
        .map_err(stored)?
        .ok_or_else(|| ApiError::not_found("no such tournament"))?;
    parse(&row)
}

/// `GET /api/tournaments`
async fn list(State(app): State<Arc<AppState>>) -> Result<Json<TournamentList>, ApiError> {
    let rows = app.ctx.store.recent_tournaments().await.map_err(stored)?;
    let tournaments = rows
        .iter()
        .filter_map(|r| {
            let (p, d) = parse(r).ok()?;
            Some(view::summary(&r.id, p, &d))
        })
        .collect();
    Ok(Json(TournamentList { tournaments }))
}

fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::bad_request("invalid_tournament", message)
}

/// The settings of a creation request, checked.
fn settings(req: CreateTournament, now: i64) -> Result<Settings, ApiError> {
    let name = req.name.trim().to_owned();
    if name.is_empty() || name.chars().count() > 60 || name.chars().any(char::is_control) {
        return Err(invalid("the name needs 1 to 60 characters"));
    }
    if req.starts_at > now.saturating_add(MAX_AHEAD_MS) {
        return Err(invalid("the start is at most 90 days ahead"));
    }
    req.control
        .validate()
        .map_err(|e| invalid(format!("time control: {e}")))?;
    if crate::competition::speed_of(&req.control).is_none() {
        return Err(invalid("tournament games need a clock"));
    }
    let rounds = match req.kind {
        Kind::Swiss => match req.rounds {
            Some(r @ 1..=20) => r,
            _ => return Err(invalid("a Swiss needs 1 to 20 rounds")),
        },
        _ if req.rounds.is_some() => return Err(invalid("only a Swiss sets its number of rounds")),
        _ => 0,
    };
    let minutes = match (req.kind, req.minutes) {
        (Kind::Arena, Some(m @ 5..=600)) => m,
        (Kind::Arena, _) => return Err(invalid("an arena lasts 5 to 600 minutes")),
        (_, Some(_)) => return Err(invalid("only an arena sets its minutes")),
        (_, None) => 0,
    };
    let forfeit_after_s = match req.forfeit_after_s {
        None => 60,
        Some(s @ 1..=3600) => s,
        Some(_) => return Err(invalid("the forfeit time is 1 to 3600 seconds")),
    };
    let berserk = match (req.kind, req.berserk) {
        (Kind::Arena, b) => b.unwrap_or(true),
        (_, Some(true)) => return Err(invalid("only an arena allows berserk")),
        (_, _) => false,
    };
    Ok(Settings {
        name,
        kind: req.kind,
        starts_at: req.starts_at.max(now),
        rounds,
        minutes,
        control: req.control,
        rated: req.rated,
        forfeit_after_s,
        berserk,
        created_by: String::new(),
        creator_name: String::new(),
    })
}

/// `POST /api/tournaments`: 201 with the new tournament's view.
async fn create(
    State(app): State<Arc<AppState>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let user = app.signed_in(&headers).await?;
    let req: CreateTournament = parse_json(&body_of(body)?)?;
    let now = app.ctx.time.now().wall;
    let mut s = settings(req, now)?;
    s.created_by = user.id.0.clone();
    s.creator_name = user.name.clone();
    let id = token(8)?;
    let d = Data::new(s);
    let json = serde_json::to_string(&d).map_err(|e| ApiError::unavailable(e.to_string()))?;
    let kind = serde_json::to_value(d.settings.kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    app.ctx
        .store
        .write(Write::Tournament(TournamentWrite::Create(TournamentRow {
            id: id.clone(),
            name: d.settings.name.clone(),
            kind,
            status: Phase::Scheduled.code().to_owned(),
            starts_at: d.settings.starts_at,
            created_by: user.id.0.clone(),
            created_at: now,
            updated_at: now,
            version: 1,
            data: json,
        })))
        .await
        .map_err(stored)?;
    let v = view::view(&id, Phase::Scheduled, &d, Some((&user.id.0, user.admin)));
    Ok((StatusCode::CREATED, Json(v)).into_response())
}

/// `GET /api/tournaments/{id}`
async fn one(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<TournamentView>, ApiError> {
    let (p, d) = load(&app, &id).await?;
    let viewer = app.viewer(&headers).await?;
    Ok(Json(view::view(
        &id,
        p,
        &d,
        viewer.as_ref().map(|u| (u.id.0.as_str(), u.admin)),
    )))
}

fn over() -> ApiError {
    ApiError::conflict("tournament_over", "the tournament is over")
}

/// `POST /api/tournaments/{id}/join`: before the start; a Swiss or an arena also
/// later (a Swiss newcomer has no points for the rounds missed; an arena player
/// paused after a forfeit is back).
async fn join(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<TournamentView>, ApiError> {
    let user = app.signed_in(&headers).await?;
    let (_, d) = load(&app, &id).await?;
    let rating = app.tournament_rating(&user.id, &d.settings.control).await?;
    let (_, p, d) = update(&app, &id, |phase, d| {
        match (*phase, d.settings.kind) {
            (Phase::Finished | Phase::Cancelled, _) => return Err(over()),
            (Phase::Running, Kind::RoundRobin | Kind::DoubleRoundRobin) => {
                return Err(ApiError::conflict(
                    "tournament_started",
                    "a round robin cannot be joined once started",
                ))
            }
            _ => {}
        }
        if let Some(rank) = d.rank_of(&user.id.0) {
            if let Some(e) = d.entrants.get_mut(rank as usize - 1) {
                e.withdrawn = false;
                e.paused = false;
            }
            return Ok(());
        }
        let max = match d.settings.kind {
            Kind::RoundRobin | Kind::DoubleRoundRobin => MAX_ROUND_ROBIN,
            _ => MAX_PLAYERS,
        };
        if d.entrants.len() >= max {
            return Err(ApiError::conflict(
                "tournament_full",
                format!("at most {max} players"),
            ));
        }
        d.entrants.push(Entrant {
            user: user.id.0.clone(),
            name: user.name.clone(),
            rating,
            withdrawn: false,
            paused: false,
        });
        Ok(())
    })
    .await?;
    Ok(Json(view::view(&id, p, &d, Some((&user.id.0, user.admin)))))
}

/// `POST /api/tournaments/{id}/withdraw`: before the start the player is removed;
/// later they are not paired any more (round robin: their remaining games are lost
/// by forfeit).
async fn withdraw(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<TournamentView>, ApiError> {
    let user = app.signed_in(&headers).await?;
    load(&app, &id).await?;
    let (_, p, d) = update(&app, &id, |phase, d| {
        let Some(rank) = d.rank_of(&user.id.0) else {
            return Err(ApiError::conflict(
                "not_joined",
                "you are not in this tournament",
            ));
        };
        match *phase {
            Phase::Finished | Phase::Cancelled => return Err(over()),
            Phase::Scheduled => {
                d.entrants.remove(rank as usize - 1);
            }
            Phase::Running => {
                if let Some(e) = d.entrants.get_mut(rank as usize - 1) {
                    e.withdrawn = true;
                }
            }
        }
        Ok(())
    })
    .await?;
    Ok(Json(view::view(&id, p, &d, Some((&user.id.0, user.admin)))))
}

/// The creator or an admin may manage a tournament not yet started.
fn manage(user: &crate::accounts::SessionUser, phase: Phase, d: &Data) -> Result<(), ApiError> {
    if d.settings.created_by != user.id.0 && !user.admin {
        return Err(ApiError::forbidden(
            "only its creator or an admin can do this",
        ));
    }
    if phase != Phase::Scheduled {
        return Err(ApiError::conflict(
            "tournament_started",
            "the tournament has started already",
        ));
    }
    Ok(())
}

/// `POST /api/tournaments/{id}/start`: the creator or an admin starts it now (the
/// director starts it at its next look).
async fn start_now(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<TournamentView>, ApiError> {
    let user = app.signed_in(&headers).await?;
    load(&app, &id).await?;
    let now = app.ctx.time.now().wall;
    let (_, p, d) = update(&app, &id, |phase, d| {
        manage(&user, *phase, d)?;
        d.settings.starts_at = d.settings.starts_at.min(now);
        Ok(())
    })
    .await?;
    Ok(Json(view::view(&id, p, &d, Some((&user.id.0, user.admin)))))
}

/// `POST /api/tournaments/{id}/cancel`: the creator or an admin, before the start.
async fn cancel(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<TournamentView>, ApiError> {
    let user = app.signed_in(&headers).await?;
    load(&app, &id).await?;
    let now = app.ctx.time.now().wall;
    let (_, p, d) = update(&app, &id, |phase, d| {
        manage(&user, *phase, d)?;
        *phase = Phase::Cancelled;
        d.finished_at = Some(now);
        Ok(())
    })
    .await?;
    Ok(Json(view::view(&id, p, &d, Some((&user.id.0, user.admin)))))
}

/// `GET /api/tournaments/{id}/trf`: FIDE TRF-16 (round robin and Swiss).
async fn trf(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let (_, d) = load(&app, &id).await?;
    let text = view::trf(&d)
        .ok_or_else(|| ApiError::conflict("no_rounds", "an arena has no rounds to write in TRF"))?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

/// `GET /api/tournaments/{id}/pgn`: every game started, in the order paired.
async fn pgn(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let (_, d) = load(&app, &id).await?;
    let mut out = String::new();
    for (game, round, white, black) in view::games(&d) {
        let text = match app.target(&game).await {
            Ok(Target::Live(tx)) => match app.ask(&tx, |reply| Cmd::Pgn { reply }).await {
                Ok(t) => t,
                Err(_) => continue,
            },
            Ok(Target::Done(st)) => crate::pgn::write(&st),
            Err(_) => continue,
        };
        out.push_str(&view::retag(
            &text,
            &d.settings.name,
            &round,
            &white,
            &black,
        ));
        out.push_str("\n\n");
    }
    Ok((
        [(
            header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        )],
        out,
    )
        .into_response())
}

impl AppState {
    /// The rating a player enters a tournament with (for the starting ranks): the
    /// Glicko-2 rating of the tournament's speed class, rounded (1500 without one).
    pub async fn tournament_rating(
        &self,
        user: &crate::accounts::UserId,
        control: &crate::clock::TimeControl,
    ) -> Result<u32, ApiError> {
        let Some(speed) = crate::competition::speed_of(control) else {
            return Ok(1500);
        };
        let r = self.rating_of(user, speed).await?;
        Ok(r.rating.round().clamp(0.0, 9999.0) as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(kind: Kind, berserk: Option<bool>) -> CreateTournament {
        CreateTournament {
            name: "Club".into(),
            kind,
            starts_at: 0,
            rounds: (kind == Kind::Swiss).then_some(3),
            minutes: (kind == Kind::Arena).then_some(30),
            control: crate::clock::TimeControl::fischer(180_000, 2_000),
            rated: false,
            forfeit_after_s: None,
            berserk,
        }
    }

    #[test]
    fn an_arena_allows_berserk_unless_told_not_and_other_kinds_refuse_it() {
        let berserk = |k, b| settings(request(k, b), 0).map(|s| s.berserk);
        assert_eq!(berserk(Kind::Arena, None).ok(), Some(true));
        assert_eq!(berserk(Kind::Arena, Some(false)).ok(), Some(false));
        assert_eq!(berserk(Kind::Swiss, None).ok(), Some(false));
        assert_eq!(berserk(Kind::RoundRobin, Some(false)).ok(), Some(false));
        let refused = berserk(Kind::Swiss, Some(true)).err().map(|e| e.message);
        assert_eq!(refused.as_deref(), Some("only an arena allows berserk"));
    }
}
