//! Load benchmark (a tool, not a test): bots play many concurrent timed games over
//! WebSockets on loopback, one move per second per game, and report the move
//! round trip (send → the server's `ok`, which comes after the commit, and send →
//! the opponent sees the move), CPU and memory of the server, and then check
//! every acknowledged move against the database: zero lost, zero duplicated.
//!
//! ```text
//! guoxiang serve --addr 127.0.0.1:9000 --data /tmp/gx-bench --create-per-minute 100000 &
//! cargo run --release -p guoxiang-server --example load -- \
//!     --addr 127.0.0.1:9000 --server-pid $! --db /tmp/gx-bench/guoxiang.sqlite3 \
//!     --games 1000 --seconds 120
//! ```
//! Without `--addr` the example starts a server in its own process (then CPU and
//! memory are those of bots and server together).

use futures_util::{SinkExt, StreamExt};
use guoxiang_core::Position;
use serde_json::{json, Value};
use std::borrow::Cow;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

#[derive(Default)]
struct Stats {
    ack_us: Mutex<Vec<u32>>,
    seen_us: Mutex<Vec<u32>>,
    /// Game id → the moves the server acknowledged, in order.
    acked: Mutex<HashMap<String, Vec<String>>>,
    errors: AtomicU64,
    games: AtomicU64,
}

struct Opts {
    addr: Option<SocketAddr>,
    pid: Option<u32>,
    db: Option<String>,
    games: usize,
    seconds: u64,
    clock: String,
}

fn opts() -> Result<Opts, String> {
    let mut o = Opts {
        addr: None,
        pid: None,
        db: None,
        games: 1000,
        seconds: 120,
        clock: "10+5".into(),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let v = it.next().ok_or(format!("{a} needs a value"))?;
        match a.as_str() {
            "--addr" => o.addr = Some(v.parse().map_err(|_| "bad --addr")?),
            "--server-pid" => o.pid = Some(v.parse().map_err(|_| "bad --server-pid")?),
            "--db" => o.db = Some(v.clone()),
            "--games" => o.games = v.parse().map_err(|_| "bad --games")?,
            "--seconds" => o.seconds = v.parse().map_err(|_| "bad --seconds")?,
            "--clock" => o.clock = v.clone(),
            _ => return Err(format!("unknown option {a}")),
        }
    }
    Ok(o)
}

async fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> Result<Value, String> {
    let mut s = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
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
    let (_, body) = text.split_once("\r\n\r\n").ok_or("no body")?;
    serde_json::from_str(body).map_err(|e| format!("{e}: {body}"))
}

async fn connect(addr: SocketAddr, id: &str, secret: &str) -> Result<Socket, String> {
    let url = format!("ws://{addr}/api/games/{id}/ws?secret={secret}");
    let (s, _) = tokio_tungstenite::connect_async(url)
        .await
        .map_err(|e| e.to_string())?;
    Ok(s)
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
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Plays games one after another on one pair of bots until `end`.
async fn bot_pair(addr: SocketAddr, n: usize, clock: String, end: Instant, stats: Arc<Stats>) {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (n as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
    // Spread the start over the first seconds so moves are evenly spaced.
    tokio::time::sleep(Duration::from_millis(rng.next() % 1000)).await;
    while Instant::now() < end {
        if let Err(e) = one_game(addr, &clock, end, &stats, &mut rng).await {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            eprintln!("bot {n}: {e}");
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
}

async fn one_game(
    addr: SocketAddr,
    clock: &str,
    end: Instant,
    stats: &Stats,
    rng: &mut Rng,
) -> Result<(), String> {
    let created = http(
        addr,
        "POST",
        "/api/games",
        &json!({"mode": "friend", "color": "white", "clock": clock}).to_string(),
    )
    .await?;
    let id = created["id"]
        .as_str()
        .ok_or(format!("create: {created}"))?
        .to_string();
    let w = created["secret"].as_str().ok_or("no secret")?.to_string();
    let key = json!({"key": created["join_key"]}).to_string();
    let joined = http(addr, "POST", &format!("/api/games/{id}/join"), &key).await?;
    let b = joined["secret"]
        .as_str()
        .ok_or(format!("join: {joined}"))?
        .to_string();
    let mut socks = [connect(addr, &id, &w).await?, connect(addr, &id, &b).await?];
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
        let me = plies % 2;
        let sent = Instant::now();
        socks[me]
            .send(Message::Text(
                json!({"t": "move", "uci": m}).to_string().into(),
            ))
            .await
            .map_err(|e| e.to_string())?;
        // Wait for our `ok` and for the opponent to see the move.
        let (mut got_ok, mut got_seen, mut finished) = (false, false, false);
        let mut open = [true, true];
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        while !(got_ok && got_seen) {
            if !open[0] && !open[1] {
                return Err(format!("{id}: both sockets closed before the answers"));
            }
            let (a, b) = socks.split_at_mut(1);
            let (which, msg) = tokio::select! {
                x = a[0].next(), if open[0] => (0, x),
                x = b[0].next(), if open[1] => (1, x),
                _ = tokio::time::sleep_until(deadline) => return Err(format!("{id}: no answer in 30 s")),
            };
            let text = match msg {
                Some(Ok(Message::Text(t))) => t.to_string(),
                Some(Ok(_)) => continue,
                _ => {
                    // The server closes the sockets after the final state of a game.
                    open[which] = false;
                    continue;
                }
            };
            let v: ServerMsg = serde_json::from_str(&text).map_err(|e| e.to_string())?;
            match &*v.t {
                "ok" if which == me => {
                    got_ok = true;
                    push(&stats.ack_us, sent);
                    stats
                        .acked
                        .lock()
                        .map_err(|_| "lock")?
                        .entry(id.clone())
                        .or_default()
                        .push(m.clone());
                }
                "error" => return Err(format!("{id}: {text}")),
                "state" | "hello" => {
                    if let Some(seq) = v.seq {
                        let _ = socks[which]
                            .send(Message::Text(
                                format!("{{\"t\":\"ack\",\"seq\":{seq}}}").into(),
                            ))
                            .await;
                    }
                    let Some(st) = v.state else { continue };
                    if which != me && st.moves.len() == plies + 1 && !got_seen {
                        got_seen = true;
                        push(&stats.seen_us, sent);
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
    for s in &mut socks {
        let _ = s.close(None).await;
    }
    Ok(())
}

fn push(v: &Mutex<Vec<u32>>, since: Instant) {
    if let Ok(mut v) = v.lock() {
        v.push(since.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
    }
}

fn pct(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    f64::from(sorted[i]) / 1000.0
}

/// (user+system CPU seconds, resident KiB) of a process.
fn proc_usage(pid: u32) -> Option<(f64, u64)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = stat.rsplit_once(')')?.1;
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let rss = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()?;
    Some((ticks / 100.0, rss))
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let o = opts()?;
    let (addr, pid, db, _server) = match o.addr {
        Some(a) => (a, o.pid, o.db.clone(), None),
        None => {
            let dir = std::env::temp_dir().join(format!("gx-load-{}", std::process::id()));
            let config = guoxiang_server::Config {
                addr: SocketAddr::from(([127, 0, 0, 1], 0)),
                data_dir: dir.clone(),
                create_per_minute: 1_000_000,
                create_burst: 1_000_000,
                tb_generate: false,
                ..guoxiang_server::Config::default()
            };
            let r = guoxiang_server::start(config, guoxiang_server::time::TimeSource::real())
                .await
                .map_err(|e| e.to_string())?;
            let db = dir.join("guoxiang.sqlite3").to_string_lossy().to_string();
            (r.addr, Some(std::process::id()), Some(db), Some(r))
        }
    };
    let base = pid.and_then(proc_usage);
    println!(
        "load: {} games, {} s, clock {}, server {addr}",
        o.games, o.seconds, o.clock
    );
    let stats = Arc::new(Stats::default());
    let warmup = Duration::from_secs(5);
    let end = Instant::now() + warmup + Duration::from_secs(o.seconds);
    let mut tasks = Vec::new();
    for n in 0..o.games {
        tasks.push(tokio::spawn(bot_pair(
            addr,
            n,
            o.clock.clone(),
            end,
            stats.clone(),
        )));
        if n % 50 == 49 {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    // Measure CPU and memory over the steady part.
    tokio::time::sleep(warmup).await;
    let t0 = (pid.and_then(proc_usage), Instant::now());
    let mut peak_rss = 0;
    while Instant::now() < end {
        tokio::time::sleep(Duration::from_secs(1)).await;
        if let Some((_, rss)) = pid.and_then(proc_usage) {
            peak_rss = peak_rss.max(rss);
        }
    }
    let t1 = (pid.and_then(proc_usage), Instant::now());
    for t in tasks {
        let _ = t.await;
    }
    let mut ack = stats.ack_us.lock().map_err(|_| "lock")?.clone();
    let mut seen = stats.seen_us.lock().map_err(|_| "lock")?.clone();
    ack.sort_unstable();
    seen.sort_unstable();
    println!("moves acknowledged: {}", ack.len());
    println!(
        "games played: {}, bot errors: {}",
        stats.games.load(Ordering::Relaxed),
        stats.errors.load(Ordering::Relaxed)
    );
    println!(
        "round trip send→ok (committed):   p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms",
        pct(&ack, 0.5),
        pct(&ack, 0.99),
        pct(&ack, 1.0)
    );
    println!(
        "round trip send→opponent sees it: p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms",
        pct(&seen, 0.5),
        pct(&seen, 0.99),
        pct(&seen, 1.0)
    );
    if let ((Some((c0, _)), i0), (Some((c1, _)), i1)) = (t0, t1) {
        let secs = (i1 - i0).as_secs_f64();
        println!(
            "server CPU: {:.1} % of one core ({:.1} CPU s in {:.0} s)",
            100.0 * (c1 - c0) / secs,
            c1 - c0,
            secs
        );
    }
    if let Some((_, rss0)) = base {
        println!(
            "server memory: {} MiB before, {} MiB peak, {:.1} KiB per game",
            rss0 / 1024,
            peak_rss / 1024,
            (peak_rss.saturating_sub(rss0)) as f64 / o.games as f64
        );
    }
    // Every acknowledged move against the database.
    if let Some(db) = db {
        let store = guoxiang_server::store::Store::open(Some(&db), std::path::Path::new("."))
            .map_err(|e| e.to_string())?;
        let rows = store.all_moves().await.map_err(|e| e.to_string())?;
        let mut stored: HashMap<String, Vec<(i64, String)>> = HashMap::new();
        for (g, ply, uci) in rows {
            stored.entry(g).or_default().push((ply, uci));
        }
        let acked = stats.acked.lock().map_err(|_| "lock")?;
        let (mut lost, mut dup, mut extra, mut total) = (0usize, 0usize, 0usize, 0usize);
        for (g, moves) in acked.iter() {
            let s = stored.get(g).cloned().unwrap_or_default();
            total += moves.len();
            for (i, m) in moves.iter().enumerate() {
                match s.get(i) {
                    Some((ply, u)) if *ply == i as i64 + 1 && u == m => {}
                    _ => lost += 1,
                }
            }
            let mut plies: Vec<i64> = s.iter().map(|x| x.0).collect();
            plies.dedup();
            dup += s.len() - plies.len();
            extra += s.len().saturating_sub(moves.len());
        }
        println!("database check: {total} acknowledged moves; lost {lost}, duplicated {dup}, stored but not acknowledged {extra}");
    }
    Ok(())
}
