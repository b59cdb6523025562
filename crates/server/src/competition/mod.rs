//! Games between accounts (issue 19): creating them (from the lobby and from
//! tournaments) with each seat held by a user, giving a signed-in player the
//! secret of the seat, the players' Glicko-2 ratings per speed class updated when
//! a rated game ends, the rating history and the ladder rank (10级 … 7段), and
//! FIDE norm checks. Rows in [`store::competition`](crate::store::competition);
//! routes in [`http::competition`](crate::http::competition); the seat secrets in
//! [`secret`], the rating of one game in [`rate`], the profile's answers in
//! [`profile`].

pub mod norms;
pub mod profile;
pub mod rate;
pub mod secret;

use crate::accounts::UserId;
use crate::actor::Ctx;
use crate::clock::TimeControl;
use crate::game::{GameState, Record, Seats, SecretHash, Standing};
use crate::http::error::ApiError;
use crate::protocol::{Mode, Status};
use crate::store::competition::{CompetitionWrite, NewPlayers};
use crate::store::{StoreError, Write};
use crate::AppState;
use guoxiang_core::Color;
use guoxiang_rating::game::is_provisional;
use guoxiang_rating::rank::Rank;
use guoxiang_rating::speed::{Clock, Speed};
use rate::Held;
use std::sync::Mutex;

/// The name of the key the seat secrets are derived from (`server_keys`).
pub const SEAT_KEY: &str = "seat";

/// A game to start between two accounts.
#[derive(Debug, Clone)]
pub struct AccountGame {
    pub white: UserId,
    pub black: UserId,
    pub control: TimeControl,
    pub rated: bool,
    /// The tournament it belongs to, if any.
    pub tournament: Option<String>,
    /// Its players may berserk (an arena game of a tournament that allows it).
    pub berserk: bool,
}

/// A user's rating in one speed class, as shown.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingView {
    pub rating: f64,
    /// The deviation now (grown by the days since the last rated game).
    pub rd: f64,
    pub provisional: bool,
    /// Rated games in this speed class.
    pub games: u32,
    /// The ladder rank in this speed class.
    pub rank: Rank,
}

impl RatingView {
    /// What a rating row says at wall-clock time `now`.
    pub fn of(h: &Held, now: i64) -> RatingView {
        let r = h.at(now);
        RatingView {
            rating: r.rating,
            rd: r.rd,
            provisional: is_provisional(r),
            games: h.standing.rated_games,
            rank: h.standing.rank,
        }
    }
}

/// What the competition keeps in memory: the seat key once read.
#[derive(Default)]
pub struct Competition {
    seat_key: Mutex<Option<Vec<u8>>>,
}

fn store_err(e: StoreError) -> ApiError {
    ApiError::unavailable(format!("storage failed: {e}"))
}

/// The speed class of a time control (`None`: untimed, never rated): the sum of
/// the periods' times as the base, the first period's bonus as the increment.
pub fn speed_of(tc: &TimeControl) -> Option<Speed> {
    if tc.is_untimed() {
        return None;
    }
    let base: u64 = tc.periods.iter().map(|p| p.time_ms).sum::<u64>() / 1000;
    let inc = tc.periods.first().map_or(0, |p| p.bonus_ms) / 1000;
    Speed::of(Some(Clock::new(base, inc)))
}

impl AppState {
    /// The key the seat secrets are derived from: kept in the database (made at
    /// first use; when two processes make one at once, the first written wins
    /// and both read it back).
    pub async fn seat_key(&self) -> Result<Vec<u8>, ApiError> {
        if let Some(k) = self
            .competition
            .seat_key
            .lock()
            .ok()
            .and_then(|k| k.clone())
        {
            return Ok(k);
        }
        let store = &self.ctx.store;
        let mut kept = store.server_key(SEAT_KEY).await.map_err(store_err)?;
        if kept.is_none() {
            let value = crate::http::token(32)?;
            store
                .write(Write::Competition(CompetitionWrite::Key {
                    name: SEAT_KEY.into(),
                    value,
                }))
                .await
                .map_err(store_err)?;
            kept = store.server_key(SEAT_KEY).await.map_err(store_err)?;
        }
        let key = kept
            .as_deref()
            .and_then(secret::unhex)
            .ok_or_else(|| ApiError::unavailable("the seat key is missing or damaged"))?;
        if let Ok(mut k) = self.competition.seat_key.lock() {
            *k = Some(key.clone());
        }
        Ok(key)
    }

    /// Creates and starts the game; its id. Both seats are held from the start
    /// (their secrets derived from the seat key, see [`secret`]); a game without a
    /// clock is never rated. 400 `same_player`, 404 `no_such_user` (an unknown or
    /// closed account), 400 `bad_clock`.
    pub async fn start_account_game(&self, game: AccountGame) -> Result<String, ApiError> {
        if game.white == game.black {
            return Err(ApiError::bad_request(
                "same_player",
                "a player cannot play against themselves",
            ));
        }
        let both = vec![game.white.0.clone(), game.black.0.clone()];
        if self.ctx.store.open_users(both).await.map_err(store_err)? != 2 {
            return Err(ApiError::new(
                axum::http::StatusCode::NOT_FOUND,
                "no_such_user",
                "both players must be open accounts",
            ));
        }
        game.control
            .validate()
            .map_err(|e| ApiError::bad_request("bad_clock", e.to_string()))?;
        let speed = speed_of(&game.control);
        let key = self.seat_key().await?;
        let now = self.ctx.time.now();
        let id = crate::http::token(6)?;
        let hash = |c: Color| SecretHash::of(&secret::seat_secret(&key, &id, c));
        let first = game.control.periods.first().map_or(0, |p| p.time_ms);
        let record = Record {
            id: id.clone(),
            created_at: now.wall,
            mode: Mode::Friend,
            level: None,
            computer: None,
            control: game.control.clone(),
            seats: Seats([Some(hash(Color::White)), Some(hash(Color::Black))]),
            join_key: None,
            start: None,
            status: Status::Active,
            ending: None,
            clocks: [first, first],
            finished_at: None,
            standing: Standing::default(),
            turn_since: None,
            after: Default::default(),
            berserk: if game.berserk {
                crate::game::Berserk::allowed()
            } else {
                crate::game::Berserk::default()
            },
        };
        let st = GameState::from_record(&record, &[], self.limits(), now, None)
            .map_err(|e| ApiError::bad_request("bad_request", e))?;
        self.ctx.registry.create(st, &self.ctx).await?;
        let players = NewPlayers {
            game_id: id.clone(),
            white_user: game.white.0,
            black_user: game.black.0,
            rated: game.rated && speed.is_some(),
            speed: speed.map(|s| s.code().to_string()),
            tournament_id: game.tournament,
            created_at: now.wall,
        };
        self.ctx
            .store
            .write(Write::Competition(CompetitionWrite::Players(players)))
            .await
            .map_err(store_err)?;
        Ok(id)
    }

    /// A user's rating in a speed class (1500, RD 350, 10级 without games).
    pub async fn rating_of(&self, user: &UserId, speed: Speed) -> Result<RatingView, ApiError> {
        let rows = self
            .ctx
            .store
            .user_ratings(&user.0)
            .await
            .map_err(store_err)?;
        let held = rows
            .iter()
            .find(|r| r.speed == speed.code())
            .map_or_else(Held::new_player, Held::from_row);
        Ok(RatingView::of(&held, self.ctx.time.now().wall))
    }

    /// The colour of `user`'s seat in account game `game_id` and its secret; 404
    /// when it is not an account game, 403 when the user does not play in it.
    pub async fn seat_of(&self, game_id: &str, user: &UserId) -> Result<(Color, String), ApiError> {
        let row = self
            .ctx
            .store
            .game_players(game_id)
            .await
            .map_err(store_err)?
            .ok_or_else(|| ApiError::not_found("no such game between accounts"))?;
        let color = if row.white_user == user.0 {
            Color::White
        } else if row.black_user == user.0 {
            Color::Black
        } else {
            return Err(ApiError::new(
                axum::http::StatusCode::FORBIDDEN,
                "not_your_game",
                "you do not play in this game",
            ));
        };
        let key = self.seat_key().await?;
        Ok((color, secret::seat_secret(&key, game_id, color)))
    }
}

/// Rates, in the order they ended, the rated games whose end was stored but whose
/// rating was not (a process stopped in between); each one once, by the same
/// claim as [`on_finished`]. For the server's start (`lib.rs` calls
/// [`start`]) and for tests.
pub async fn rate_overdue(state: &AppState) -> Result<usize, ApiError> {
    let store = &state.ctx.store;
    let ids = store.overdue_ratings().await.map_err(store_err)?;
    let at = state.ctx.time.now().wall;
    for id in &ids {
        store
            .write(Write::Competition(CompetitionWrite::Rate {
                game_id: id.clone(),
                at,
            }))
            .await
            .map_err(store_err)?;
    }
    Ok(ids.len())
}

/// Called once the server is up: rates what a stopped process left unrated.
pub fn start(state: &std::sync::Arc<AppState>) {
    let state = state.clone();
    tokio::spawn(async move {
        match rate_overdue(&state).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(games = n, "rated games left unrated by a stopped server"),
            Err(e) => tracing::warn!(error = %e.message, "rating the games left unrated failed"),
        }
    });
}

/// Called by a game's task once the game's end is committed: rates the game if
/// it is a rated account game (the store's claim makes this happen once, even
/// with two processes or a second call). Runs in the background: the game task
/// does not wait for it.
pub fn on_finished(ctx: &Ctx, game_id: &str) {
    let store = ctx.store.clone();
    let at = ctx.time.now().wall;
    let game_id = game_id.to_string();
    tokio::spawn(async move {
        let w = Write::Competition(CompetitionWrite::Rate {
            game_id: game_id.clone(),
            at,
        });
        if let Err(e) = store.write(w).await {
            tracing::warn!(game = %game_id, error = %e, "rating the game failed");
        }
    });
}
