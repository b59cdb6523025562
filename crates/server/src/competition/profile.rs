//! The answers of the competition's read routes, made from the store's rows:
//! the players strip of a game ([`PlayersView`]), a user's profile, rating
//! history, list of games (filtered, 20 a page) and all games in PGN.

use super::rate::Held;
use super::{store_err, RatingView};
use crate::accounts::SessionUser;
use crate::game::GameState;
use crate::http::error::ApiError;
use crate::protocol::competition::{
    GameCounts, PlayerCard, PlayerOutcome, PlayersView, ProfileGame, ProfileGames, ProfileRating,
    ProfileView, RatingHistory, RatingPoint, RatingSeries,
};
use crate::protocol::Side;
use crate::store::competition::{GameFilter, PlayersRow, RatingRow};
use crate::AppState;
use guoxiang_rating::rank::Rank;
use guoxiang_rating::speed::Speed;

/// A rating as shown: whole points.
pub fn shown(x: f64) -> i64 {
    x.round() as i64
}

impl AppState {
    /// The players of account game `game_id`: `None` for a game not between
    /// accounts, 404 for no game at all.
    pub async fn players_view(&self, game_id: &str) -> Result<Option<PlayersView>, ApiError> {
        let store = &self.ctx.store;
        let Some(row) = store.game_players(game_id).await.map_err(store_err)? else {
            let known = self.ctx.registry.get(game_id).is_some()
                || store.game(game_id).await.map_err(store_err)?.is_some();
            return if known {
                Ok(None)
            } else {
                Err(ApiError::not_found("no such game"))
            };
        };
        let white_rows = store
            .user_ratings(&row.white_user)
            .await
            .map_err(store_err)?;
        let black_rows = store
            .user_ratings(&row.black_user)
            .await
            .map_err(store_err)?;
        let now = self.ctx.time.now().wall;
        let card = |name: &str, rows: &[RatingRow], change: Option<(f64, f64)>| {
            let held = row
                .speed
                .as_deref()
                .and_then(|s| rows.iter().find(|r| r.speed == s))
                .map_or_else(Held::new_player, Held::from_row);
            let view = RatingView::of(&held, now);
            let (rating, diff) = match (&row.speed, change) {
                (None, _) => (None, None),
                (Some(_), Some((before, after))) => {
                    (Some(shown(before)), Some(shown(after) - shown(before)))
                }
                (Some(_), None) => (Some(shown(view.rating)), None),
            };
            PlayerCard {
                name: name.to_string(),
                rating,
                provisional: view.provisional,
                rank: view.rank.code().to_string(),
                diff,
            }
        };
        let PlayersRow {
            white_name,
            black_name,
            white,
            black,
            ..
        } = &row;
        Ok(Some(PlayersView {
            rated: row.rated,
            speed: row.speed.clone(),
            tournament: row.tournament_id.clone(),
            white: card(white_name, &white_rows, *white),
            black: card(black_name, &black_rows, *black),
        }))
    }
}

/// Games a page of the profile's list holds.
pub const PAGE_SIZE: i64 = 20;

fn no_such_user() -> ApiError {
    ApiError::new(
        axum::http::StatusCode::NOT_FOUND,
        "no_such_user",
        "no such user",
    )
}

/// The outcome of a stored result for the player of `color`.
fn outcome_for(result: Option<&str>, white: bool) -> Option<PlayerOutcome> {
    match (result?, white) {
        ("1/2-1/2", _) => Some(PlayerOutcome::Draw),
        ("1-0", true) | ("0-1", false) => Some(PlayerOutcome::Win),
        ("0-1", true) | ("1-0", false) => Some(PlayerOutcome::Loss),
        _ => None,
    }
}

/// A PGN tag's value with `\` and `"` escaped.
fn tag_value(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Replaces the value of tag `name` in a PGN's tag section.
pub(crate) fn set_tag(pgn: &str, name: &str, value: &str) -> String {
    let start = format!("[{name} \"");
    pgn.lines()
        .map(|l| {
            if l.starts_with(&start) {
                format!("[{name} \"{}\"]", tag_value(value))
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Inserts `lines` after tag `name`'s line (after the seven-tag roster).
fn after_tag(pgn: &str, name: &str, lines: &str) -> String {
    let start = format!("[{name} \"");
    let mut out = Vec::new();
    for l in pgn.lines() {
        out.push(l.to_string());
        if l.starts_with(&start) {
            out.push(lines.to_string());
        }
    }
    out.join("\n")
}

impl AppState {
    async fn profile_user(&self, name: &str) -> Result<SessionUser, ApiError> {
        self.user_named(name).await?.ok_or_else(no_such_user)
    }

    /// `GET /api/users/{name}`: ratings in every speed class, best rank, counts.
    pub async fn profile_view(&self, name: &str) -> Result<ProfileView, ApiError> {
        let user = self.profile_user(name).await?;
        let store = &self.ctx.store;
        let rows = store.user_ratings(&user.id.0).await.map_err(store_err)?;
        let counts = store.user_counts(&user.id.0).await.map_err(store_err)?;
        let now = self.ctx.time.now().wall;
        let mut best = Rank::KYU_10;
        let ratings = Speed::ALL
            .into_iter()
            .map(|speed| {
                let held = rows
                    .iter()
                    .find(|r| r.speed == speed.code())
                    .map_or_else(Held::new_player, Held::from_row);
                let v = RatingView::of(&held, now);
                best = best.max(v.rank);
                ProfileRating {
                    speed: speed.code().to_string(),
                    rating: shown(v.rating),
                    rd: shown(v.rd),
                    provisional: v.provisional,
                    games: v.games,
                    rank: v.rank.code().to_string(),
                    next_threshold: v.rank.next().map(|r| i64::from(r.threshold())),
                }
            })
            .collect();
        Ok(ProfileView {
            name: user.name,
            ratings,
            rank: best.code().to_string(),
            counts: GameCounts {
                games: counts.games,
                rated: counts.rated,
                wins: counts.wins,
                losses: counts.losses,
                draws: counts.draws,
            },
        })
    }

    /// `GET /api/users/{name}/ratings?speed=`: the history, one series a speed class.
    pub async fn rating_history_view(
        &self,
        name: &str,
        speed: Option<Speed>,
    ) -> Result<RatingHistory, ApiError> {
        let user = self.profile_user(name).await?;
        let code = speed.map_or("", |s| s.code());
        let rows = self
            .ctx
            .store
            .rating_history(&user.id.0, code)
            .await
            .map_err(store_err)?;
        let series = Speed::ALL
            .into_iter()
            .filter(|s| speed.is_none_or(|x| x == *s))
            .filter_map(|s| {
                let points: Vec<RatingPoint> = rows
                    .iter()
                    .filter(|r| r.speed == s.code())
                    .map(|r| RatingPoint {
                        at: r.at,
                        rating: shown(r.rating),
                        rd: shown(r.rd),
                        rank: r.rank.clone(),
                        game: r.game_id.clone(),
                    })
                    .collect();
                (!points.is_empty() || speed.is_some()).then(|| RatingSeries {
                    speed: s.code().to_string(),
                    points,
                })
            })
            .collect();
        Ok(RatingHistory { series })
    }

    /// `GET /api/users/{name}/games`: a page (from 1) of the games that match.
    pub async fn profile_games(
        &self,
        name: &str,
        filter: GameFilter,
        page: i64,
    ) -> Result<ProfileGames, ApiError> {
        let user = self.profile_user(name).await?;
        let page = page.max(1);
        let (rows, total) = self
            .ctx
            .store
            .user_games(&user.id.0, filter, (page - 1) * PAGE_SIZE, PAGE_SIZE)
            .await
            .map_err(store_err)?;
        let games = rows
            .into_iter()
            .map(|g| {
                let p = g.players;
                let white = p.white_user == user.id.0;
                let change = if white { p.white } else { p.black };
                ProfileGame {
                    id: p.game_id,
                    white: p.white_name,
                    black: p.black_name,
                    color: if white { Side::White } else { Side::Black },
                    rated: p.rated,
                    speed: p.speed,
                    status: g.status,
                    outcome: outcome_for(g.result.as_deref(), white),
                    result: g.result,
                    reason: g.reason,
                    diff: change.map(|(b, a)| shown(a) - shown(b)),
                    created_at: p.created_at,
                    finished_at: g.finished_at,
                }
            })
            .collect();
        Ok(ProfileGames {
            games,
            total,
            page,
            pages: (total + PAGE_SIZE - 1) / PAGE_SIZE,
        })
    }

    /// `GET /api/users/{name}/games.pgn`: every finished game, oldest first, with
    /// the players' names, `Event` saying rated or casual and the speed class,
    /// and `WhiteElo`/`BlackElo` (the ratings before a rated game).
    pub async fn profile_pgn(&self, name: &str) -> Result<String, ApiError> {
        let user = self.profile_user(name).await?;
        let games = self
            .ctx
            .store
            .user_finished_games(&user.id.0)
            .await
            .map_err(store_err)?;
        let now = self.ctx.time.now();
        let mut out = String::new();
        for (p, (record, moves)) in games {
            let st = GameState::from_record(&record, &moves, self.limits(), now, None)
                .map_err(|e| ApiError::unavailable(format!("game {}: {e}", p.game_id)))?;
            let mut text = crate::pgn::write(&st);
            text = set_tag(&text, "White", &p.white_name);
            text = set_tag(&text, "Black", &p.black_name);
            let kind = if p.rated { "rated" } else { "casual" };
            let speed = p.speed.as_deref().unwrap_or("untimed");
            text = set_tag(&text, "Event", &format!("guoxiang {kind} {speed} game"));
            if let (Some((w, _)), Some((b, _))) = (p.white, p.black) {
                let elo = format!("[WhiteElo \"{}\"]\n[BlackElo \"{}\"]", shown(w), shown(b));
                text = after_tag(&text, "Result", &elo);
            }
            out.push_str(text.trim_end());
            out.push_str("\n\n");
        }
        Ok(out)
    }
}
