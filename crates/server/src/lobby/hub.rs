//! What this process's lobby sockets are shown: the lobby as last read from the
//! database ([`Model`]), and what changed from one read to the next ([`Batch`]:
//! one encoded `update` per hall, shared by all its sockets, and each user's own
//! messages — challenges, pool place, games started). Pure: rows in, messages out.

use crate::protocol::lobby::{
    ChallengeView, LiveGameView, LobbyMsg, LobbyView, PlayerView, PoolView, RoomKey, RoomView,
    SeekColor, SeekView,
};
use crate::store::lobby::{LobbyRead, SeekRead};
use std::collections::{BTreeMap, HashMap};

use super::model::LobbyClock;

/// A challenge with its two users' ids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    pub from: String,
    pub to: String,
    pub view: ChallengeView,
}

/// The lobby as one read saw it.
#[derive(Debug, Clone)]
pub struct Model {
    pub version: i64,
    /// Open seeks by id (in order of creation within `order`).
    pub seeks: HashMap<String, SeekView>,
    pub order: Vec<String>,
    pub challenges: HashMap<String, Challenge>,
    /// Pool entries as rows (the matcher reads them) and by user.
    pub pool_rows: Vec<SeekRead>,
    pub pool: HashMap<String, PoolView>,
    /// Signed-in users online, by name.
    pub players: BTreeMap<String, PlayerView>,
    pub games: BTreeMap<String, LiveGameView>,
    pub rooms: Vec<RoomView>,
}

impl Default for Model {
    /// The empty lobby (every hall, nobody in it).
    fn default() -> Model {
        Model::of(&LobbyRead::default())
    }
}

fn room_of(code: &str) -> RoomKey {
    RoomKey::from_code(code).unwrap_or(RoomKey::Main)
}

fn speed_of(clock: &str) -> String {
    LobbyClock::parse(clock)
        .map_or("blitz", |c| c.speed().code())
        .to_string()
}

fn rating(r: i64) -> u32 {
    r.clamp(0, 4000) as u32
}

impl Model {
    /// The model of one read.
    pub fn of(read: &LobbyRead) -> Model {
        let mut m = Model {
            version: read.version,
            seeks: HashMap::new(),
            order: Vec::new(),
            challenges: HashMap::new(),
            pool_rows: Vec::new(),
            pool: HashMap::new(),
            players: BTreeMap::new(),
            games: BTreeMap::new(),
            rooms: Vec::new(),
        };
        for s in &read.seeks {
            let r = &s.row;
            let color = SeekColor::from_code(&r.color).unwrap_or_default();
            match r.kind.as_str() {
                "pool" => {
                    m.pool.insert(
                        r.user_id.clone(),
                        PoolView {
                            clock: r.clock.clone(),
                            rated: r.rated,
                            since: r.created_at,
                        },
                    );
                    m.pool_rows.push(s.clone());
                }
                "challenge" => {
                    let Some(to) = r.target_id.clone() else {
                        continue;
                    };
                    let view = ChallengeView {
                        id: r.id.clone(),
                        from: s.user_name.clone(),
                        to: s.target_name.clone().unwrap_or_default(),
                        rating: rating(r.rating),
                        rank: r.rank.clone(),
                        clock: r.clock.clone(),
                        speed: speed_of(&r.clock),
                        rated: r.rated,
                        color,
                        room: room_of(&r.room),
                        created_at: r.created_at,
                    };
                    let from = r.user_id.clone();
                    m.challenges
                        .insert(r.id.clone(), Challenge { from, to, view });
                }
                _ => {
                    m.order.push(r.id.clone());
                    m.seeks.insert(
                        r.id.clone(),
                        SeekView {
                            id: r.id.clone(),
                            user: s.user_name.clone(),
                            rating: rating(r.rating),
                            provisional: r.provisional,
                            rank: r.rank.clone(),
                            clock: r.clock.clone(),
                            speed: speed_of(&r.clock),
                            rated: r.rated,
                            color,
                            min_rating: r.min_rating.map(rating),
                            max_rating: r.max_rating.map(rating),
                            room: room_of(&r.room),
                            created_at: r.created_at,
                        },
                    );
                }
            }
        }
        let mut counts = [(0u32, 0u32, 0u32); RoomKey::ALL.len()];
        for p in &read.presence {
            let room = room_of(&p.room);
            let e = m.players.entry(p.name.clone()).or_insert(PlayerView {
                name: p.name.clone(),
                rating: rating(p.rating),
                rank: p.rank.clone(),
                rooms: Vec::new(),
            });
            if !e.rooms.contains(&room) {
                e.rooms.push(room);
                e.rooms.sort();
                counts[room.index()].0 += 1;
            }
        }
        for (room, n) in &read.anonymous {
            counts[room_of(room).index()].0 += (*n).clamp(0, i64::from(u32::MAX)) as u32;
        }
        for s in m.seeks.values() {
            counts[s.room.index()].1 += 1;
        }
        for g in &read.games {
            let r = &g.row;
            let view = LiveGameView {
                id: r.game_id.clone(),
                white: g.white_name.clone(),
                black: g.black_name.clone(),
                clock: r.clock.clone(),
                rated: r.rated,
                room: room_of(&r.room),
                started_at: r.started_at,
                watch_url: format!("/watch/{}", r.game_id),
            };
            counts[view.room.index()].2 += 1;
            m.games.insert(r.game_id.clone(), view);
        }
        m.rooms = RoomKey::ALL
            .iter()
            .zip(counts)
            .map(|(&key, (players, seeks, games))| RoomView {
                key,
                players,
                seeks,
                games,
            })
            .collect();
        m
    }

    /// What `user` (an id; `None`: not signed in) sees of hall `room`, without
    /// the ratings and games started (the caller adds them).
    pub fn view(&self, you: Option<(&str, &str)>, room: RoomKey) -> LobbyView {
        let user = you.map(|(id, _)| id);
        LobbyView {
            you: you.map(|(_, name)| name.to_string()),
            room,
            rooms: self.rooms.clone(),
            seeks: self
                .order
                .iter()
                .filter_map(|id| self.seeks.get(id))
                .filter(|s| s.room == room)
                .cloned()
                .collect(),
            players: self.players.values().cloned().collect(),
            games: self
                .games
                .values()
                .filter(|g| g.room == room)
                .cloned()
                .collect(),
            challenges: user.map_or_else(Vec::new, |u| {
                let mut c: Vec<ChallengeView> = self
                    .challenges
                    .values()
                    .filter(|c| c.from == u || c.to == u)
                    .map(|c| c.view.clone())
                    .collect();
                c.sort_by(|a, b| (a.created_at, &a.id).cmp(&(b.created_at, &b.id)));
                c
            }),
            pool: user.and_then(|u| self.pool.get(u).cloned()),
            ratings: Vec::new(),
            started: Vec::new(),
        }
    }
}

/// What changed, encoded for the sockets.
#[derive(Debug, Default)]
pub struct Batch {
    /// One `update` per hall (in [`RoomKey::ALL`]'s order), `None` when
    /// nothing there changed.
    pub rooms: Vec<Option<Text>>,
    /// Each user's own messages, by user id.
    pub personal: HashMap<String, Vec<Text>>,
}

/// A message's text, shared by every socket that sends it (cloning is cheap).
pub type Text = axum::extract::ws::Utf8Bytes;

fn encode(msg: &LobbyMsg) -> Text {
    // Our own types always serialise.
    Text::from(serde_json::to_string(msg).unwrap_or_default())
}

/// The messages that take a socket from `old` to `new`, with the notices read.
pub fn diff(old: &Model, new: &Model, notices: &[(String, String)]) -> Batch {
    let players_on: Vec<PlayerView> = new
        .players
        .iter()
        .filter(|(n, p)| old.players.get(*n) != Some(*p))
        .map(|(_, p)| p.clone())
        .collect();
    let players_off: Vec<String> = old
        .players
        .keys()
        .filter(|n| !new.players.contains_key(*n))
        .cloned()
        .collect();
    let rooms = (old.rooms != new.rooms).then(|| new.rooms.clone());
    let mut batch = Batch::default();
    for room in RoomKey::ALL {
        let seeks_added: Vec<SeekView> = new
            .order
            .iter()
            .filter_map(|id| new.seeks.get(id))
            .filter(|s| s.room == room && old.seeks.get(&s.id) != Some(*s))
            .cloned()
            .collect();
        let seeks_removed: Vec<String> = old
            .order
            .iter()
            .filter(|id| {
                old.seeks.get(*id).is_some_and(|s| s.room == room) && !new.seeks.contains_key(*id)
            })
            .cloned()
            .collect();
        let games_added: Vec<LiveGameView> = new
            .games
            .values()
            .filter(|g| g.room == room && !old.games.contains_key(&g.id))
            .cloned()
            .collect();
        let games_removed: Vec<String> = old
            .games
            .values()
            .filter(|g| g.room == room && !new.games.contains_key(&g.id))
            .map(|g| g.id.clone())
            .collect();
        let empty = seeks_added.is_empty()
            && seeks_removed.is_empty()
            && games_added.is_empty()
            && games_removed.is_empty()
            && players_on.is_empty()
            && players_off.is_empty()
            && rooms.is_none();
        batch.rooms.push((!empty).then(|| {
            encode(&LobbyMsg::Update {
                seeks_added,
                seeks_removed,
                games_added,
                games_removed,
                players_on: players_on.clone(),
                players_off: players_off.clone(),
                rooms: rooms.clone(),
            })
        }));
    }
    let mut personal = |user: &str, msg: Text| {
        batch
            .personal
            .entry(user.to_string())
            .or_default()
            .push(msg);
    };
    for (id, c) in &new.challenges {
        if old.challenges.get(id) != Some(c) {
            let m = encode(&LobbyMsg::Challenge {
                challenge: c.view.clone(),
            });
            personal(&c.from, m.clone());
            personal(&c.to, m);
        }
    }
    for (id, c) in &old.challenges {
        if !new.challenges.contains_key(id) {
            let m = encode(&LobbyMsg::ChallengeGone { id: id.clone() });
            personal(&c.from, m.clone());
            personal(&c.to, m);
        }
    }
    for (user, p) in &new.pool {
        if old.pool.get(user) != Some(p) {
            personal(
                user,
                encode(&LobbyMsg::Pool {
                    pool: Some(p.clone()),
                }),
            );
        }
    }
    for user in old.pool.keys() {
        if !new.pool.contains_key(user) {
            personal(user, encode(&LobbyMsg::Pool { pool: None }));
        }
    }
    for (user, body) in notices {
        personal(user, Text::from(body.as_str()));
    }
    batch
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::lobby::{PresenceRead, SeekRow};

    fn seek(id: &str, kind: &str, user: &str, room: &str, target: Option<&str>) -> SeekRead {
        SeekRead {
            row: SeekRow {
                id: id.into(),
                kind: kind.into(),
                user_id: user.into(),
                target_id: target.map(Into::into),
                room: room.into(),
                clock: "3+2".into(),
                rated: true,
                color: "random".into(),
                rating: 1500,
                provisional: true,
                rank: "3k".into(),
                min_rating: None,
                max_rating: Some(1700),
                created_at: 5,
                expires_at: None,
            },
            user_name: format!("N{user}"),
            target_name: target.map(|t| format!("N{t}")),
        }
    }

    fn read(seeks: Vec<SeekRead>, online: &[(&str, &str)]) -> LobbyRead {
        LobbyRead {
            version: 1,
            seeks,
            presence: online
                .iter()
                .map(|(u, room)| PresenceRead {
                    user_id: (*u).into(),
                    name: format!("N{u}"),
                    room: (*room).into(),
                    rating: 1500,
                    rank: "3k".into(),
                })
                .collect(),
            ..LobbyRead::default()
        }
    }

    #[test]
    fn a_seek_is_sent_to_its_hall_only() {
        let old = Model::of(&read(vec![], &[]));
        let new = Model::of(&read(vec![seek("s1", "seek", "a", "blitz", None)], &[]));
        let b = diff(&old, &new, &[]);
        let blitz = b.rooms[RoomKey::Blitz.index()].as_deref().expect("update");
        assert!(blitz.contains("\"seeks_added\":[{\"id\":\"s1\""), "{blitz}");
        assert!(blitz.contains("\"speed\":\"blitz\""), "{blitz}");
        // The other halls hear only the new counts.
        let main = b.rooms[RoomKey::Main.index()].as_deref().expect("counts");
        assert!(main.contains("\"seeks_added\":[]"), "{main}");
        assert!(main.contains("\"rooms\""), "{main}");
        // And back: removed.
        let b = diff(&new, &old, &[]);
        let blitz = b.rooms[RoomKey::Blitz.index()].as_deref().expect("update");
        assert!(blitz.contains("\"seeks_removed\":[\"s1\"]"), "{blitz}");
    }

    #[test]
    fn nothing_changed_sends_nothing() {
        let m = Model::of(&read(
            vec![seek("s1", "seek", "a", "main", None)],
            &[("a", "main")],
        ));
        let b = diff(&m, &m.clone(), &[]);
        assert!(b.rooms.iter().all(Option::is_none));
        assert!(b.personal.is_empty());
    }

    #[test]
    fn challenges_and_pool_places_go_to_their_users_only() {
        let old = Model::of(&read(vec![], &[]));
        let new = Model::of(&read(
            vec![
                seek("c1", "challenge", "a", "main", Some("b")),
                seek("p1", "pool", "c", "main", None),
            ],
            &[],
        ));
        let b = diff(
            &old,
            &new,
            &[("d".into(), "{\"t\":\"pong\",\"id\":null}".into())],
        );
        assert!(b.rooms.iter().all(Option::is_none), "not public");
        assert!(b.personal["a"][0].contains("\"t\":\"challenge\""));
        assert!(b.personal["b"][0].contains("\"from\":\"Na\""));
        assert!(b.personal["c"][0].contains("\"t\":\"pool\""));
        assert_eq!(&*b.personal["d"][0], "{\"t\":\"pong\",\"id\":null}");
        assert!(!b.personal.contains_key("e"));
        let view = new.view(Some(("b", "Nb")), RoomKey::Main);
        assert_eq!(view.challenges.len(), 1);
        assert!(view.seeks.is_empty() && view.pool.is_none());
        assert_eq!(
            new.view(Some(("c", "Nc")), RoomKey::Main)
                .pool
                .map(|p| p.clock),
            Some("3+2".into())
        );
    }

    #[test]
    fn players_are_counted_once_per_hall() {
        let m = Model::of(&read(
            vec![],
            &[("a", "main"), ("a", "main"), ("a", "club"), ("b", "main")],
        ));
        assert_eq!(m.players.len(), 2);
        assert_eq!(m.players["Na"].rooms, vec![RoomKey::Main, RoomKey::Club]);
        assert_eq!(m.rooms[RoomKey::Main.index()].players, 2);
        assert_eq!(m.rooms[RoomKey::Club.index()].players, 1);
    }
}
