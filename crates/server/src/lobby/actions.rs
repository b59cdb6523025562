//! What a player does in the lobby, the same over HTTP and the socket: seek,
//! withdraw, accept, join or leave the pool, challenge, decline, and come in or
//! leave. A match is made in three steps: the seek (or both pool entries) is
//! claimed with a conditional write and the claim read back — only one claimer
//! on any process gets it —, the game is started between the two accounts
//! (`start_account_game`), and one write removes the seeks, records the game in
//! its hall and leaves each player a `started` notice, which every process
//! delivers to that player's sockets.

use super::model::{in_range, range, LobbyClock, LobbyError};
use super::pool;
use crate::accounts::{SessionUser, UserId};
use crate::competition::AccountGame;
use crate::http::error::ApiError;
use crate::protocol::lobby::{LobbyMsg, LobbyRating, LobbyView, RoomKey, SeekColor, StartedGame};
use crate::protocol::Side;
use crate::store::lobby::{LobbyGameRow, LobbyWrite, NoticeRow, PresenceRow, SeekRead, SeekRow};
use crate::store::{unix_ms, StoreError, Write};
use crate::AppState;
use guoxiang_rating::speed::Speed;

/// The most seeks and challenges one user may have open.
pub const MAX_OPEN: usize = 10;
/// How long a seek, pool entry or challenge made over HTTP lives (one made on a
/// socket lives while its owner has a lobby socket open).
pub const HTTP_TTL_MS: i64 = 10 * 60_000;
/// How far back `GET /api/lobby` lists the games started for the viewer.
pub const STARTED_WITHIN_MS: i64 = 60_000;

/// A rating as the lobby shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rated {
    pub rating: u32,
    pub provisional: bool,
    pub rank: String,
}

/// A seek or challenge as asked for (already typed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeekSpec {
    pub clock: LobbyClock,
    pub rated: bool,
    pub color: SeekColor,
    pub min_rating: Option<u32>,
    pub max_rating: Option<u32>,
    pub room: RoomKey,
}

impl SeekSpec {
    /// Reads the wire's fields.
    pub fn read(
        clock: &str,
        rated: bool,
        color: Option<SeekColor>,
        min: Option<u32>,
        max: Option<u32>,
        room: Option<RoomKey>,
    ) -> Result<SeekSpec, LobbyError> {
        let clock = LobbyClock::parse(clock)?;
        let (min_rating, max_rating) = range(min, max)?;
        Ok(SeekSpec {
            clock,
            rated,
            color: color.unwrap_or_default(),
            min_rating,
            max_rating,
            room: room.unwrap_or(RoomKey::Main),
        })
    }
}

fn stored(e: StoreError) -> ApiError {
    ApiError::unavailable(format!("lobby storage: {e}"))
}

/// Where the write came from: a socket (lives with it) or HTTP (expires).
fn expiry(on_socket: bool, now: i64) -> Option<i64> {
    (!on_socket).then_some(now + HTTP_TTL_MS)
}

impl AppState {
    /// A user's rating of one speed (RAT's ratings; 1500, provisional, for a
    /// user without games).
    pub async fn lobby_rating(&self, user: &UserId, speed: Speed) -> Result<Rated, ApiError> {
        let r = self.rating_of(user, speed).await?;
        Ok(Rated {
            rating: r.rating.round().clamp(0.0, 4000.0) as u32,
            provisional: r.provisional,
            rank: r.rank.code().to_string(),
        })
    }

    async fn lobby_write(&self, w: LobbyWrite) -> Result<(), ApiError> {
        self.ctx
            .store
            .write(Write::Lobby(w))
            .await
            .map_err(stored)?;
        self.lobby.changed();
        Ok(())
    }

    /// A new seek (`challenge`: `Some(target)`) or challenge; its id.
    async fn lobby_offer(
        &self,
        user: &SessionUser,
        spec: &SeekSpec,
        target: Option<&SessionUser>,
        on_socket: bool,
    ) -> Result<String, ApiError> {
        let open = self
            .ctx
            .store
            .lobby_open_count(&user.id.0)
            .await
            .map_err(stored)?;
        if open >= MAX_OPEN {
            return Err(LobbyError::TooMany(MAX_OPEN).into());
        }
        let r = self.lobby_rating(&user.id, spec.clock.speed()).await?;
        let id = crate::http::token(8)?;
        let now = unix_ms();
        self.lobby_write(LobbyWrite::Seek(SeekRow {
            id: id.clone(),
            kind: if target.is_some() {
                "challenge"
            } else {
                "seek"
            }
            .into(),
            user_id: user.id.0.clone(),
            target_id: target.map(|t| t.id.0.clone()),
            room: spec.room.code().into(),
            clock: spec.clock.to_string(),
            rated: spec.rated,
            color: spec.color.code().into(),
            rating: i64::from(r.rating),
            provisional: r.provisional,
            rank: r.rank,
            min_rating: spec.min_rating.map(i64::from),
            max_rating: spec.max_rating.map(i64::from),
            created_at: now,
            expires_at: expiry(on_socket, now),
        }))
        .await?;
        Ok(id)
    }

    /// A seek in a hall; its id.
    pub async fn lobby_seek(
        &self,
        user: &SessionUser,
        spec: &SeekSpec,
        on_socket: bool,
    ) -> Result<String, ApiError> {
        self.lobby_offer(user, spec, None, on_socket).await
    }

    /// A challenge to the user named `name`; its id.
    pub async fn lobby_challenge(
        &self,
        user: &SessionUser,
        name: &str,
        spec: &SeekSpec,
        on_socket: bool,
    ) -> Result<String, ApiError> {
        let target = self.user_named(name).await?.ok_or(LobbyError::NoSuchUser)?;
        if target.id == user.id {
            return Err(LobbyError::SelfChallenge.into());
        }
        let spec = SeekSpec {
            min_rating: None,
            max_rating: None,
            ..spec.clone()
        };
        self.lobby_offer(user, &spec, Some(&target), on_socket)
            .await
    }

    /// An open seek or challenge that `user` may see.
    async fn lobby_find(&self, id: &str) -> Result<SeekRead, ApiError> {
        if id.is_empty() || id.len() > 64 {
            return Err(LobbyError::NoSuchSeek.into());
        }
        let s = self.ctx.store.lobby_seek(id).await.map_err(stored)?;
        Ok(s.ok_or(LobbyError::NoSuchSeek)?)
    }

    /// Withdraws one's own seek or challenge.
    pub async fn lobby_cancel(&self, user: &SessionUser, id: &str) -> Result<(), ApiError> {
        let s = self.lobby_find(id).await?;
        if s.row.user_id != user.id.0 || s.row.kind == "pool" {
            return Err(LobbyError::NoSuchSeek.into());
        }
        self.lobby_write(LobbyWrite::Remove {
            id: id.to_string(),
            by: user.id.0.clone(),
            notice: None,
        })
        .await
    }

    /// Declines a challenge received; its sender hears of it.
    pub async fn lobby_decline(&self, user: &SessionUser, id: &str) -> Result<(), ApiError> {
        let s = self.lobby_find(id).await?;
        if s.row.target_id.as_deref() != Some(user.id.0.as_str()) {
            return Err(LobbyError::NoSuchSeek.into());
        }
        let body = LobbyMsg::Declined {
            challenge: id.to_string(),
            by: user.name.clone(),
        };
        self.lobby_write(LobbyWrite::Remove {
            id: id.to_string(),
            by: user.id.0.clone(),
            notice: Some(NoticeRow {
                user_id: s.row.user_id.clone(),
                body: serde_json::to_string(&body).unwrap_or_default(),
            }),
        })
        .await
    }

    /// Accepts a seek or a challenge received: the game starts.
    pub async fn lobby_accept(
        &self,
        user: &SessionUser,
        id: &str,
    ) -> Result<StartedGame, ApiError> {
        let s = self.lobby_find(id).await?;
        let row = &s.row;
        match row.kind.as_str() {
            "challenge" if row.target_id.as_deref() != Some(user.id.0.as_str()) => {
                return Err(LobbyError::NoSuchSeek.into())
            }
            "pool" => return Err(LobbyError::NoSuchSeek.into()),
            _ => {}
        }
        if row.user_id == user.id.0 {
            return Err(LobbyError::OwnSeek.into());
        }
        let clock = LobbyClock::parse(&row.clock)?;
        if row.kind == "seek" && (row.min_rating.is_some() || row.max_rating.is_some()) {
            let mine = self.lobby_rating(&user.id, clock.speed()).await?;
            let bound = |x: Option<i64>| x.map(|v| v.clamp(0, 4000) as u32);
            if !in_range(mine.rating, bound(row.min_rating), bound(row.max_rating)) {
                return Err(LobbyError::OutOfRange.into());
            }
        }
        let owner_white = match SeekColor::from_code(&row.color).unwrap_or_default() {
            SeekColor::White => true,
            SeekColor::Black => false,
            SeekColor::Random => crate::engine::random_unit() < 0.5,
        };
        let (white, black) = if owner_white {
            (row.user_id.clone(), user.id.0.clone())
        } else {
            (user.id.0.clone(), row.user_id.clone())
        };
        let game = self
            .lobby_match(
                std::slice::from_ref(&row.id),
                white,
                black,
                clock,
                row.rated,
                &row.room,
            )
            .await?
            .ok_or(LobbyError::Taken)?;
        Ok(StartedGame {
            game,
            color: if owner_white {
                Side::Black
            } else {
                Side::White
            },
        })
    }

    /// Claims `ids`, starts the game and records the match; `None` when another
    /// claimer was first.
    async fn lobby_match(
        &self,
        ids: &[String],
        white: String,
        black: String,
        clock: LobbyClock,
        rated: bool,
        room: &str,
    ) -> Result<Option<String>, ApiError> {
        let nonce = crate::http::token(16)?;
        let store = &self.ctx.store;
        let claim = LobbyWrite::Claim {
            ids: ids.to_vec(),
            nonce: nonce.clone(),
            at: unix_ms(),
        };
        store.write(Write::Lobby(claim)).await.map_err(stored)?;
        let got = store.lobby_claimed(&nonce).await.map_err(stored)?;
        let release = || {
            Write::Lobby(LobbyWrite::Release {
                nonce: nonce.clone(),
            })
        };
        if got != ids.len() {
            if got > 0 {
                store.write(release()).await.map_err(stored)?;
            }
            return Ok(None);
        }
        let started = self
            .start_account_game(AccountGame {
                white: UserId(white.clone()),
                black: UserId(black.clone()),
                control: clock.control(),
                rated,
                tournament: None,
                berserk: false,
            })
            .await;
        let game = match started {
            Ok(g) => g,
            Err(e) => {
                let _ = store.write(release()).await;
                return Err(e);
            }
        };
        let note = |user: &str, color: Side| NoticeRow {
            user_id: user.to_string(),
            body: serde_json::to_string(&LobbyMsg::Started {
                game: game.clone(),
                color,
            })
            .unwrap_or_default(),
        };
        let notices = vec![note(&white, Side::White), note(&black, Side::Black)];
        self.lobby_write(LobbyWrite::Matched {
            nonce,
            game: LobbyGameRow {
                game_id: game.clone(),
                room: room.to_string(),
                white_user: white,
                black_user: black,
                clock: clock.to_string(),
                rated,
                started_at: unix_ms(),
            },
            notices,
        })
        .await?;
        Ok(Some(game))
    }

    /// Joins the quick-pairing pool (one of the six buttons).
    pub async fn lobby_join_pool(
        &self,
        user: &SessionUser,
        clock: &str,
        rated: bool,
        room: RoomKey,
        on_socket: bool,
    ) -> Result<(), ApiError> {
        let clock = LobbyClock::pool(clock)?;
        let r = self.lobby_rating(&user.id, clock.speed()).await?;
        let now = unix_ms();
        self.lobby_write(LobbyWrite::JoinPool(SeekRow {
            id: crate::http::token(8)?,
            kind: "pool".into(),
            user_id: user.id.0.clone(),
            target_id: None,
            room: room.code().into(),
            clock: clock.to_string(),
            rated,
            color: SeekColor::Random.code().into(),
            rating: i64::from(r.rating),
            provisional: r.provisional,
            rank: r.rank,
            min_rating: None,
            max_rating: None,
            created_at: now,
            expires_at: expiry(on_socket, now),
        }))
        .await?;
        self.lobby.pool_changed();
        Ok(())
    }

    /// Leaves the pool.
    pub async fn lobby_leave_pool(&self, user: &SessionUser) -> Result<(), ApiError> {
        self.lobby_write(LobbyWrite::LeavePool {
            user_id: user.id.0.clone(),
        })
        .await
    }

    /// What `user` sees of hall `room` now.
    pub async fn lobby_view(
        &self,
        user: Option<&SessionUser>,
        room: RoomKey,
    ) -> Result<LobbyView, ApiError> {
        let model = self.lobby.model();
        let mut view = model.view(user.map(|u| (u.id.0.as_str(), u.name.as_str())), room);
        if let Some(u) = user {
            for speed in Speed::ALL {
                let r = self.lobby_rating(&u.id, speed).await?;
                view.ratings.push(LobbyRating {
                    speed: speed.code().into(),
                    rating: r.rating,
                    provisional: r.provisional,
                    rank: r.rank,
                });
            }
            let since = unix_ms() - STARTED_WITHIN_MS;
            let bodies = self
                .ctx
                .store
                .lobby_notices(&u.id.0, since)
                .await
                .map_err(stored)?;
            for b in bodies {
                if let Ok(LobbyMsg::Started { game, color }) = serde_json::from_str(&b) {
                    view.started.push(StartedGame { game, color });
                }
            }
        }
        Ok(view)
    }

    /// A lobby socket opened (in `room`); its presence row's name.
    pub async fn lobby_enter(
        &self,
        user: Option<&SessionUser>,
        room: RoomKey,
    ) -> Result<String, ApiError> {
        let r = match user {
            Some(u) => Some(self.lobby_rating(&u.id, Speed::Blitz).await?),
            None => None,
        };
        let conn = self.lobby.conn_id();
        self.lobby_write(LobbyWrite::Enter(PresenceRow {
            conn: conn.clone(),
            user_id: user.map(|u| u.id.0.clone()),
            process: self.lobby.process.clone(),
            room: room.code().into(),
            rating: r.as_ref().map_or(0, |r| i64::from(r.rating)),
            rank: r.map_or_else(String::new, |r| r.rank),
            seen_at: unix_ms(),
        }))
        .await?;
        Ok(conn)
    }

    /// A lobby socket moved to another hall.
    pub async fn lobby_move(&self, conn: &str, room: RoomKey) -> Result<(), ApiError> {
        self.lobby_write(LobbyWrite::Room {
            conn: conn.to_string(),
            room: room.code().into(),
        })
        .await
    }

    /// A lobby socket closed (its user's seeks go with their last socket).
    pub async fn lobby_leave(&self, conn: &str) -> Result<(), ApiError> {
        self.lobby_write(LobbyWrite::Leave {
            conn: conn.to_string(),
        })
        .await
    }
}

/// Pairs the pool once (every process does; claims keep it to one game each).
pub async fn pair_pool(app: &AppState) {
    let Ok(rows) = app.ctx.store.lobby_pool().await else {
        return;
    };
    let entries: Vec<pool::Entry> = rows
        .iter()
        .filter_map(|s| {
            Some(pool::Entry {
                id: s.row.id.clone(),
                user: s.row.user_id.clone(),
                clock: LobbyClock::parse(&s.row.clock).ok()?,
                rated: s.row.rated,
                rating: s.row.rating as f64,
                since: s.row.created_at,
            })
        })
        .collect();
    for (a, b) in pool::pairs(&entries, unix_ms()) {
        let (a, b) = (&entries[a], &entries[b]);
        let (white, black) = if crate::engine::random_unit() < 0.5 {
            (a.user.clone(), b.user.clone())
        } else {
            (b.user.clone(), a.user.clone())
        };
        // The earlier waiter's hall shows the game.
        let room = rows
            .iter()
            .find(|s| s.row.id == a.id)
            .map_or("main".to_string(), |s| s.row.room.clone());
        let ids = [a.id.clone(), b.id.clone()];
        if let Err(e) = app
            .lobby_match(&ids, white, black, a.clock, a.rated, &room)
            .await
        {
            tracing::warn!(error = %e, "quick pairing could not start a game");
        }
    }
}
