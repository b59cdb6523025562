//! Lobby load benchmark (a tool, not a test): N simulated users (default 1,000),
//! each with an account and a lobby WebSocket, all in one hall (every socket
//! hears every change: the worst case), for a number of seconds. Each user, every
//! 2–8 s, posts a seek (withdrawn a few seconds later unless taken), accepts a
//! seek it saw, or presses a quick-pairing button; a user whose game started
//! leaves the lobby (as the page does), resigns the game with its seat and comes
//! back 3–8 s later. Reported: the lobby update
//! latency — from a seek's `seek` message sent to its `update` received by each
//! of the observing sockets (every 20th user) — as p50, p99 and max, the actions'
//! round trip (sent → `ok`), the games started, and the errors.
//!
//! ```text
//! cargo run -p guoxiang-server --example lobby_load -- --users 1000 --seconds 60
//! cargo run -p guoxiang-server --example lobby_load -- --db postgres://…/db
//! ```
//! The server runs in the same process, on SQLite in a temporary directory
//! unless `--db` names another database. The users and their sessions are
//! written straight into the store (an argon2 hash for each would only time the
//! password hashing).

use futures_util::{SinkExt, StreamExt};
use guoxiang_server::store::accounts::{AccountWrite, SessionRow, UserRow};
use guoxiang_server::store::Write;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

const POOL: [&str; 6] = ["1+0", "3+2", "5+0", "10+5", "15+10", "30+20"];

#[derive(Default)]
struct Stats {
    /// Seek id → when its `seek` was sent.
    sent: Mutex<HashMap<String, Instant>>,
    /// (seek id, when an observer saw it).
    seen: Mutex<Vec<(String, Instant)>>,
    ok_us: Mutex<Vec<u32>>,
    /// Seeks open now (as the first observer sees them), for others to accept.
    open: Mutex<Vec<String>>,
    errors: AtomicU64,
    refused: AtomicU64,
    started: AtomicU64,
    seeks: AtomicU64,
}

struct Args {
    users: usize,
    seconds: u64,
    db: Option<String>,
    /// Only seeks and their withdrawal (no games start).
    seeks_only: bool,
}

fn args() -> Args {
    let mut a = Args {
        users: 1000,
        seconds: 60,
        db: None,
        seeks_only: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(k) = it.next() {
        let v = it.next().unwrap_or_default();
        match k.as_str() {
            "--users" => a.users = v.parse().unwrap_or(a.users),
            "--seconds" => a.seconds = v.parse().unwrap_or(a.seconds),
            "--db" => a.db = Some(v),
            "--seeks-only" => a.seeks_only = v == "1" || v == "true",
            other => eprintln!("unknown option {other}"),
        }
    }
    a
}

/// A small random number generator (xorshift), one per user.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

fn pct(v: &mut [u32], p: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_unstable();
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    f64::from(v[i]) / 1000.0
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let a = args();
    let dir = std::env::temp_dir().join(format!("gx-lobby-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let config = guoxiang_server::Config {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        db: a.db.clone(),
        data_dir: dir.clone(),
        tb_generate: false,
        create_per_minute: 1_000_000,
        ..Default::default()
    };
    let running = guoxiang_server::start(config, guoxiang_server::time::TimeSource::real())
        .await
        .expect("server starts");
    let addr = running.addr;
    let state = running.state.clone();
    // Accounts and sessions, written straight into the store.
    let run = std::process::id();
    let mut tokens = Vec::with_capacity(a.users);
    let mut writes = Vec::with_capacity(a.users);
    for i in 0..a.users {
        let id = format!("load{run}x{i}");
        let name = format!("L{}u{i}", run % 100_000);
        let token = format!("tok{run}x{i}x{}", guoxiang_server::store::unix_ms());
        writes.push(Write::Account(AccountWrite::SignUp {
            user: UserRow {
                id: id.clone(),
                name: name.clone(),
                name_key: name.to_lowercase(),
                password_hash: "-".into(),
                admin: false,
                created_at: 1,
                closed_at: None,
            },
            session: Some(SessionRow {
                token_hash: guoxiang_server::game::SecretHash::of(&token).to_stored(),
                user_id: id,
                csrf: format!("csrf{i}"),
                created_at: guoxiang_server::store::unix_ms(),
            }),
        }));
        tokens.push(token);
    }
    state
        .ctx
        .store
        .write_all(writes)
        .await
        .expect("users written");
    let stats = Arc::new(Stats::default());
    let t0 = Instant::now();
    let end = t0 + Duration::from_secs(a.seconds);
    let mut tasks = Vec::new();
    for (i, token) in tokens.into_iter().enumerate() {
        let stats = stats.clone();
        let seeks_only = a.seeks_only;
        tasks.push(tokio::spawn(async move {
            // Spread the connections over the first few seconds.
            tokio::time::sleep(Duration::from_millis((i as u64 * 3) % 3000)).await;
            user(addr, i, token, stats, end, seeks_only).await;
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let mut lat: Vec<u32> = {
        let sent = stats.sent.lock().expect("lock");
        let seen = stats.seen.lock().expect("lock");
        seen.iter()
            .filter_map(|(id, at)| {
                let s = sent.get(id)?;
                Some(
                    at.saturating_duration_since(*s)
                        .as_micros()
                        .min(u128::from(u32::MAX)) as u32,
                )
            })
            .collect()
    };
    if std::env::var_os("LOBBY_LOAD_TRACE").is_some() {
        // The worst latency of each second (by when the seek was sent).
        let sent = stats.sent.lock().expect("lock");
        let seen = stats.seen.lock().expect("lock");
        let mut worst: std::collections::BTreeMap<u64, u128> = Default::default();
        for (id, at) in seen.iter() {
            if let Some(s) = sent.get(id) {
                let w = worst.entry(s.duration_since(t0).as_secs()).or_default();
                *w = (*w).max(at.saturating_duration_since(*s).as_millis());
            }
        }
        eprintln!("worst latency (ms) by second: {worst:?}");
    }
    let mut ok = stats.ok_us.lock().expect("lock").clone();
    println!(
        "users {} seconds {} seeks {} games started {} errors {} refusals {}",
        a.users,
        a.seconds,
        stats.seeks.load(Ordering::Relaxed),
        stats.started.load(Ordering::Relaxed) / 2,
        stats.errors.load(Ordering::Relaxed),
        stats.refused.load(Ordering::Relaxed),
    );
    let n = lat.len();
    println!(
        "lobby update latency (seek sent -> update at an observing socket), {n} samples: p50 {:.1} ms  p99 {:.1} ms  max {:.1} ms",
        pct(&mut lat, 0.5),
        pct(&mut lat, 0.99),
        pct(&mut lat, 1.0)
    );
    println!(
        "action round trip (sent -> ok), {} samples: p50 {:.1} ms  p99 {:.1} ms",
        ok.len(),
        pct(&mut ok, 0.5),
        pct(&mut ok, 0.99)
    );
    running.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

async fn user(
    addr: SocketAddr,
    i: usize,
    token: String,
    stats: Arc<Stats>,
    end: Instant,
    seeks_only: bool,
) {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ ((i as u64 + 1) * 0x1000_0001));
    while Instant::now() < end {
        let Some(game) = session(addr, i, &token, &stats, end, seeks_only, &mut rng).await else {
            break;
        };
        // The page went to the game: play it (here: resign at once, as its seat),
        // then come back to the lobby a few seconds later.
        resign(addr, i, &token, &game, &stats).await;
        tokio::time::sleep(Duration::from_millis(3000 + rng.below(5000))).await;
    }
}

/// Resigns `game` with the user's seat (`GET /api/games/{id}/seat`).
async fn resign(addr: SocketAddr, i: usize, token: &str, game: &str, stats: &Stats) {
    let mut c = guoxiang_server::accounts::client::Client::new(addr);
    c.cookies.insert("gx_session".into(), token.to_string());
    c.cookies.insert("gx_csrf".into(), format!("csrf{i}"));
    let (s, seat) = c
        .json("GET", &format!("/api/games/{game}/seat"), None)
        .await;
    let Some(secret) = seat["secret"].as_str().filter(|_| s == 200) else {
        stats.errors.fetch_add(1, Ordering::Relaxed);
        return;
    };
    let auth = format!("Bearer {secret}");
    let a = c
        .send(
            "POST",
            &format!("/api/games/{game}/actions"),
            Some(r#"{"t":"resign"}"#),
            &[("authorization", auth.as_str())],
        )
        .await;
    // The opponent may have resigned first.
    if a.status != 200 && a.status != 409 {
        stats.errors.fetch_add(1, Ordering::Relaxed);
    }
}

/// One visit to the lobby; the game that started, if one did.
async fn session(
    addr: SocketAddr,
    i: usize,
    token: &str,
    stats: &Stats,
    end: Instant,
    seeks_only: bool,
    rng: &mut Rng,
) -> Option<String> {
    let observer = i % 20 == 0;
    let url = format!("ws://{addr}/api/lobby/ws?room=main");
    let Ok(mut req) = url.into_client_request() else {
        return None;
    };
    let Ok(cookie) = format!("gx_session={token}").parse() else {
        return None;
    };
    req.headers_mut().insert("cookie", cookie);
    // A small read buffer, as the server's own sockets have: tungstenite's default (128 KiB)
    // is zeroed on each read, which made the users' memset an eighth of the machine's CPU.
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(4 * 1024);
    let Ok((ws, _)) = tokio_tungstenite::connect_async_with_config(req, Some(config), false).await
    else {
        stats.errors.fetch_add(1, Ordering::Relaxed);
        return None;
    };
    let (mut tx, mut rx) = ws.split();
    // Message id → (when sent, whether it was a seek).
    let mut pending: HashMap<u64, (Instant, bool)> = HashMap::new();
    let mut my_seeks: Vec<(String, Instant)> = Vec::new();
    let mut next_id = 1u64;
    let mut next_act = Instant::now() + Duration::from_millis(2000 + rng.below(6000));
    loop {
        let now = Instant::now();
        if now >= end {
            break;
        }
        let wake = next_act.min(end);
        tokio::select! {
            msg = rx.next() => {
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(_)) => continue,
                    _ => break,
                };
                let at = Instant::now();
                // Cheap checks first: most messages are other users' updates.
                let t = text.as_str();
                let mine = t.starts_with("{\"t\":\"ok\"") || t.starts_with("{\"t\":\"error\"")
                    || t.starts_with("{\"t\":\"started\"");
                if !mine && !observer {
                    continue;
                }
                let Ok(v) = serde_json::from_str::<Value>(t) else { continue };
                match v["t"].as_str() {
                    Some("update") => {
                        let added: Vec<String> = v["seeks_added"].as_array().map_or(Vec::new(), |a| {
                            a.iter().filter_map(|s| s["id"].as_str().map(String::from)).collect()
                        });
                        let mut seen = stats.seen.lock().expect("lock");
                        for id in &added {
                            seen.push((id.clone(), at));
                        }
                        drop(seen);
                        if i == 0 {
                            let mut open = stats.open.lock().expect("lock");
                            open.extend(added);
                            if let Some(gone) = v["seeks_removed"].as_array() {
                                open.retain(|id| !gone.iter().any(|g| g == id.as_str()));
                            }
                            let n = open.len();
                            if n > 500 {
                                open.drain(..n - 500);
                            }
                        }
                    }
                    Some("ok") => {
                        let Some(n) = v["id"].as_u64() else { continue };
                        if let Some((sent, was_seek)) = pending.remove(&n) {
                            stats.ok_us.lock().expect("lock").push(
                                at.duration_since(sent).as_micros().min(u128::from(u32::MAX)) as u32,
                            );
                            if was_seek {
                                if let Some(id) = v["seek"].as_str() {
                                    stats.sent.lock().expect("lock").insert(id.to_string(), sent);
                                    my_seeks.push((id.to_string(), at));
                                }
                            }
                        }
                    }
                    Some("error") => {
                        if let Some(n) = v["id"].as_u64() {
                            pending.remove(&n);
                        }
                        match v["error"].as_str() {
                            Some("taken" | "no_such_seek" | "own_seek" | "out_of_range" | "too_many_seeks") => {
                                stats.refused.fetch_add(1, Ordering::Relaxed);
                            }
                            _ => {
                                stats.errors.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                    }
                    Some("started") => {
                        stats.started.fetch_add(1, Ordering::Relaxed);
                        let _ = tx.send(Message::Close(None)).await;
                        return v["game"].as_str().map(String::from);
                    }
                    _ => {}
                }
            }
            _ = tokio::time::sleep_until(wake.into()) => {
                let now = Instant::now();
                next_act = now + Duration::from_millis(2000 + rng.below(6000));
                // Withdraw seeks older than 5 s.
                if let Some(pos) = my_seeks.iter().position(|(_, t)| now.duration_since(*t) > Duration::from_secs(5)) {
                    let (id, _) = my_seeks.remove(pos);
                    let m = json!({"t": "cancel", "id": next_id, "seek": id});
                    pending.insert(next_id, (now, false));
                    next_id += 1;
                    if tx.send(Message::Text(m.to_string().into())).await.is_err() {
                        break;
                    }
                    continue;
                }
                let roll = if seeks_only { 0 } else { rng.below(100) };
                let m = if roll < 45 {
                    stats.seeks.fetch_add(1, Ordering::Relaxed);
                    let clock = format!("{}+{}", 1 + rng.below(30), rng.below(10));
                    pending.insert(next_id, (now, true));
                    json!({"t": "seek", "id": next_id, "clock": clock, "rated": rng.below(2) == 0})
                } else if roll < 65 {
                    let pick = {
                        let open = stats.open.lock().expect("lock");
                        if open.is_empty() { None } else { Some(open[rng.below(open.len() as u64) as usize].clone()) }
                    };
                    let Some(seek) = pick else { continue };
                    pending.insert(next_id, (now, false));
                    json!({"t": "accept", "id": next_id, "seek": seek})
                } else {
                    let clock = POOL[rng.below(POOL.len() as u64) as usize];
                    pending.insert(next_id, (now, false));
                    json!({"t": "pool", "id": next_id, "clock": clock, "rated": true})
                };
                next_id += 1;
                if tx.send(Message::Text(m.to_string().into())).await.is_err() {
                    break;
                }
            }
        }
    }
    let _ = tx.send(Message::Close(None)).await;
    None
}
