//! The bots: a pair plays timed friend games one after another, one move a
//! second, over two WebSockets, as a client would. Each request and socket goes
//! to one of the given addresses chosen at random (a proxy's round robin, or the
//! server processes themselves). A socket that closes — its process killed — is
//! opened again on another address until the game answers (up to 60 s): the move
//! in flight is then read from the game's state (stored: its `ok` was lost with
//! the process; not stored: sent again), as the web app does after a reconnect.

use crate::report::{push, unix_ms, Stats};
use futures_util::{SinkExt, StreamExt};
use guoxiang_core::Position;
use serde_json::{json, Value};
use std::borrow::Cow;
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// How long a move may wait for its answers, reconnects included.
const MOVE_WAIT: Duration = Duration::from_secs(60);

/// Sends `method path` with `body` on `s` (one request, then the server closes);
/// the answer's head and body.
async fn exchange(
    mut s: TcpStream,
    method: &str,
    path: &str,
    body: &str,
) -> Result<(String, String), String> {
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: b\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&buf);
    let (head, body) = text.split_once("\r\n\r\n").ok_or("no body")?;
    Ok((head.to_string(), body.to_string()))
}

/// A request to one of `addrs`: one that refuses the connection (its process
/// killed) is passed over for another, as a proxy redispatches; nothing was sent.
async fn http(
    addrs: &[SocketAddr],
    rng: &mut Rng,
    method: &str,
    path: &str,
    body: &str,
) -> Result<Value, String> {
    let mut tries = 0;
    let s = loop {
        match TcpStream::connect(rng.pick(addrs)).await {
            Ok(s) => break s,
            Err(e) if tries >= 2 * addrs.len() => return Err(e.to_string()),
            Err(_) => tries += 1,
        }
    };
    let (_, body) = exchange(s, method, path, body).await?;
    serde_json::from_str(&body).map_err(|e| format!("{e}: {body}"))
}

/// The body of `GET path` on `addr`, as text.
pub async fn get_text(addr: SocketAddr, path: &str) -> Result<String, String> {
    let s = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    let (head, body) = exchange(s, "GET", path, "").await?;
    if !head.starts_with("HTTP/1.1 200") {
        return Err(format!("{path}: {}", head.lines().next().unwrap_or("")));
    }
    Ok(body)
}

async fn connect(addr: SocketAddr, id: &str, secret: &str) -> Result<Socket, String> {
    let url = format!("ws://{addr}/api/games/{id}/ws?secret={secret}");
    // A small read buffer, as the server's own sockets have: tungstenite's default (128 KiB)
    // is zeroed on each read, which made the bots' memset a tenth of the machine's CPU.
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(4 * 1024);
    let (s, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), false)
        .await
        .map_err(|e| e.to_string())?;
    Ok(s)
}

/// Opens a game's socket on any address that answers, before `deadline`.
async fn reconnect(
    addrs: &[SocketAddr],
    id: &str,
    secret: &str,
    rng: &mut Rng,
    deadline: tokio::time::Instant,
) -> Result<Socket, String> {
    loop {
        let addr = rng.pick(addrs);
        let attempt = tokio::time::timeout(Duration::from_secs(5), connect(addr, id, secret));
        let why = match attempt.await {
            Ok(Ok(s)) => return Ok(s),
            Ok(Err(e)) => e,
            Err(_) => "no answer in 5 s".into(),
        };
        if tokio::time::Instant::now() >= deadline {
            return Err(format!("{id}: no socket before the deadline ({why})"));
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// What a bot reads of a server message: only the fields it acts on, borrowed
/// from the text (the rest of the state, most of it, is skipped unparsed), so
/// that the bots take as little as possible of the CPU they share with the
/// server.
#[derive(serde::Deserialize)]
struct ServerMsg<'a> {
    #[serde(borrow)]
    t: Cow<'a, str>,
    seq: Option<u64>,
    #[serde(borrow)]
    state: Option<StateMsg<'a>>,
}

#[derive(serde::Deserialize)]
struct StateMsg<'a> {
    #[serde(borrow)]
    fen: Cow<'a, str>,
    #[serde(borrow)]
    status: Cow<'a, str>,
    #[serde(borrow)]
    moves: Vec<Cow<'a, str>>,
}

/// A cheap random number (xorshift), seeded per bot.
pub struct Rng(u64);
impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(0x9E37_79B9_7F4A_7C15 ^ (seed + 1).wrapping_mul(0x2545_F491_4F6C_DD1D))
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick(&mut self, addrs: &[SocketAddr]) -> SocketAddr {
        addrs[(self.next() % addrs.len() as u64) as usize]
    }
}

/// Plays games one after another on one pair of bots until `end`.
pub async fn bot_pair(
    addrs: std::sync::Arc<Vec<SocketAddr>>,
    seed: u64,
    clock: String,
    end: Instant,
    stats: std::sync::Arc<Stats>,
) {
    let mut rng = Rng::new(seed);
    // Spread the start over the first seconds so moves are evenly spaced.
    tokio::time::sleep(Duration::from_millis(rng.next() % 1000)).await;
    while Instant::now() < end {
        if let Err(e) = one_game(&addrs, &clock, end, &stats, &mut rng).await {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            eprintln!("bot {seed}: {e}");
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
}

async fn send(sock: &mut Socket, text: String) -> bool {
    sock.send(Message::Text(text.into())).await.is_ok()
}

async fn one_game(
    addrs: &[SocketAddr],
    clock: &str,
    end: Instant,
    stats: &Stats,
    rng: &mut Rng,
) -> Result<(), String> {
    let body = json!({"mode": "friend", "color": "white", "clock": clock}).to_string();
    let created = http(addrs, rng, "POST", "/api/games", &body).await?;
    let id = created["id"]
        .as_str()
        .ok_or(format!("create: {created}"))?
        .to_string();
    let w = created["secret"].as_str().ok_or("no secret")?.to_string();
    let key = json!({"key": created["join_key"]}).to_string();
    let join = format!("/api/games/{id}/join");
    let joined = http(addrs, rng, "POST", &join, &key).await?;
    let b = joined["secret"]
        .as_str()
        .ok_or(format!("join: {joined}"))?
        .to_string();
    let secrets = [w, b];
    let first = tokio::time::Instant::now() + Duration::from_secs(10);
    let mut socks: [Option<Socket>; 2] = [
        Some(reconnect(addrs, &id, &secrets[0], rng, first).await?),
        Some(reconnect(addrs, &id, &secrets[1], rng, first).await?),
    ];
    stats.games.fetch_add(1, Ordering::Relaxed);
    stats
        .acked
        .lock()
        .map_err(|_| "lock")?
        .insert(id.clone(), Vec::new());
    let mut fen = Position::new().fen();
    let mut plies = 0usize;
    let mut next_at = Instant::now();
    loop {
        if Instant::now() >= end {
            break;
        }
        tokio::time::sleep_until(next_at.into()).await;
        next_at += Duration::from_secs(1);
        let pos = Position::from_fen(&fen).map_err(|e| e.to_string())?;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[(rng.next() % moves.len() as u64) as usize].to_uci();
        let text = json!({"t": "move", "uci": m}).to_string();
        let me = plies % 2;
        let (sent, at_ms) = (Instant::now(), unix_ms());
        if let Some(s) = socks[me].as_mut() {
            if !send(s, text.clone()).await {
                socks[me] = None;
            }
        }
        // Wait for our `ok` and for the opponent to see the move; a socket opened
        // again is marked fresh until its first state says where the game is.
        let (mut got_ok, mut got_seen, mut finished) = (false, false, false);
        let mut fresh = [false, false];
        let deadline = tokio::time::Instant::now() + MOVE_WAIT;
        while !(got_ok && got_seen) {
            for k in 0..2 {
                if socks[k].is_none() {
                    socks[k] = Some(reconnect(addrs, &id, &secrets[k], rng, deadline).await?);
                    stats.reconnects.fetch_add(1, Ordering::Relaxed);
                    fresh[k] = true;
                }
            }
            let [a, b] = &mut socks;
            let (Some(a), Some(b)) = (a.as_mut(), b.as_mut()) else {
                continue;
            };
            let (which, msg) = tokio::select! {
                x = a.next() => (0, x),
                x = b.next() => (1, x),
                _ = tokio::time::sleep_until(deadline) => return Err(format!("{id}: no answer in 60 s")),
            };
            let text_in = match msg {
                Some(Ok(Message::Text(t))) => t.to_string(),
                Some(Ok(_)) => continue,
                _ => {
                    // Closed: the game finished (then the answers came first) or its
                    // process went away.
                    socks[which] = None;
                    if finished {
                        break;
                    }
                    continue;
                }
            };
            let v: ServerMsg = serde_json::from_str(&text_in).map_err(|e| e.to_string())?;
            match &*v.t {
                "ok" if which == me && !got_ok => {
                    got_ok = true;
                    push(&stats.ack, at_ms, sent);
                    stats
                        .acked
                        .lock()
                        .map_err(|_| "lock")?
                        .entry(id.clone())
                        .or_default()
                        .push(format!("{}:{m}", plies + 1));
                }
                "error" => return Err(format!("{id}: {text_in}")),
                "state" | "hello" => {
                    if let (Some(seq), Some(s)) = (v.seq, socks[which].as_mut()) {
                        let _ = send(s, format!("{{\"t\":\"ack\",\"seq\":{seq}}}")).await;
                    }
                    let Some(st) = v.state else { continue };
                    let stored = st.moves.len() == plies + 1;
                    if which == me && std::mem::take(&mut fresh[which]) && !got_ok {
                        if stored {
                            // Committed, its answer lost with the process that sent it.
                            got_ok = true;
                            push(&stats.recovered, at_ms, sent);
                        } else if let Some(s) = socks[me].as_mut() {
                            if !send(s, text.clone()).await {
                                socks[me] = None;
                            }
                        }
                    }
                    if which != me && stored && !got_seen {
                        got_seen = true;
                        push(&stats.seen, at_ms, sent);
                        fen = st.fen.into_owned();
                        finished = st.status == "finished";
                    }
                }
                _ => {}
            }
        }
        plies += 1;
        if finished {
            break;
        }
    }
    for s in socks.iter_mut().flatten() {
        let _ = s.close(None).await;
    }
    Ok(())
}
