//! Load benchmark (a tool, not a test): bots play many concurrent timed games over
//! WebSockets on loopback, one move per second per game, and report the move
//! round trip (send → the server's `ok`, which comes after the commit, and send →
//! the opponent sees the move), CPU and memory of the server processes, and then
//! check every acknowledged move against the database: zero lost, zero duplicated.
//!
//! ```text
//! guoxiang serve --addr 127.0.0.1:9000 --data /tmp/gx-bench --create-per-minute 100000 &
//! cargo run --release -p guoxiang-server --example load -- \
//!     --addr 127.0.0.1:9000 --server-pid $! --db /tmp/gx-bench/guoxiang.sqlite3 \
//!     --games 1000 --seconds 120
//! ```
//! Without `--addr` the example starts a server in its own process (then CPU and
//! memory are those of bots and server together). `--addr A,B,C` spreads every
//! request and socket over several processes at random (as a proxy's round robin
//! would), `--server-pid P,Q,R` sums their CPU and memory. `--procs K` runs the
//! bots in K child processes of this tool (each holds two sockets a game: one
//! process may not hold the 20,000 of 10,000 games) and merges what they
//! measured. `--kill "S:COMMAND"` runs COMMAND (`sh -c`) S seconds into the
//! measured part and reports the 10 seconds after it apart (the takeover).
//! The measured part (`--seconds`) begins 5 s after every bot plays (the
//! servers' `/metrics` count their sockets; bots start 500 pairs a second in each
//! process, and creating the games under load is a
//! ramp-up) and the bots play 3 s past it (then they close every socket at once);
//! the figures are those of the moves sent in it, the whole run's beside them.

mod bot;
mod report;

use report::{line, unix_ms, window, Stats};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The bots allocate as the server does (mimalloc): they stand for clients on other
/// machines, so the less of the shared cores they take, the truer the server's figures.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The measured part starts this long after the last bot started (the bots start
/// 500 pairs a second in each process: their games' creation is the ramp-up).
const WARMUP: Duration = Duration::from_secs(5);
/// The bots play on this long after the measured part, so that it does not hold
/// their closing of every socket at once.
const COOLDOWN: Duration = Duration::from_secs(3);

/// The longest the bots of one process may take to start: three times their pace
/// (50 pairs every 100 ms) and 10 s — a busy server answers the creations slowly.
fn ramp_limit(games_per_process: usize) -> Duration {
    Duration::from_millis((games_per_process as u64).div_ceil(50) * 300 + 10_000)
}

/// The game WebSockets the servers have open (their `/metrics`), summed; `None`
/// when one does not answer (behind a proxy, which does not serve `/metrics`).
async fn sockets_open(addrs: &[SocketAddr]) -> Option<i64> {
    let mut sum = 0;
    for a in addrs {
        let text = bot::get_text(*a, "/metrics").await.ok()?;
        let line = text
            .lines()
            .find(|l| l.starts_with("guoxiang_websocket_connections "))?;
        sum += line.split_whitespace().nth(1)?.parse::<i64>().ok()?;
    }
    Some(sum)
}

struct Opts {
    addrs: Vec<SocketAddr>,
    pids: Vec<u32>,
    db: Option<String>,
    games: usize,
    seconds: u64,
    clock: String,
    procs: usize,
    /// A child process: where to write what it measured, and its first bot's seed.
    dump: Option<String>,
    shard: u64,
    kill: Option<(u64, String)>,
    /// A child: when its bots stop (unix ms), as its parent's do.
    until: Option<u64>,
}

fn list<T: std::str::FromStr>(v: &str, what: &str) -> Result<Vec<T>, String> {
    v.split(',')
        .map(|x| x.trim().parse().map_err(|_| format!("bad {what}: {x}")))
        .collect()
}

fn opts() -> Result<Opts, String> {
    let mut o = Opts {
        addrs: Vec::new(),
        pids: Vec::new(),
        db: None,
        games: 1000,
        seconds: 120,
        clock: "10+5".into(),
        procs: 1,
        dump: None,
        shard: 0,
        kill: None,
        until: None,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let v = it.next().ok_or(format!("{a} needs a value"))?;
        match a.as_str() {
            "--addr" => o.addrs = list(v, "--addr")?,
            "--server-pid" => o.pids = list(v, "--server-pid")?,
            "--db" => o.db = Some(v.clone()),
            "--games" => o.games = v.parse().map_err(|_| "bad --games")?,
            "--seconds" => o.seconds = v.parse().map_err(|_| "bad --seconds")?,
            "--clock" => o.clock = v.clone(),
            "--procs" => o.procs = v.parse().map_err(|_| "bad --procs")?,
            "--dump" => o.dump = Some(v.clone()),
            "--until-unix-ms" => o.until = Some(v.parse().map_err(|_| "bad --until-unix-ms")?),
            "--shard" => o.shard = v.parse().map_err(|_| "bad --shard")?,
            "--kill" => {
                let (s, cmd) = v.split_once(':').ok_or("--kill is SECONDS:COMMAND")?;
                o.kill = Some((s.parse().map_err(|_| "bad --kill seconds")?, cmd.into()));
            }
            _ => return Err(format!("unknown option {a}")),
        }
    }
    if o.procs == 0 {
        return Err("--procs must be 1 or more".into());
    }
    Ok(o)
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

/// The server processes' CPU seconds and resident KiB, summed; a process gone
/// (killed) counts with what it had used when last seen.
struct Usage {
    last: HashMap<u32, (f64, u64)>,
}

impl Usage {
    fn read(&mut self, pids: &[u32]) -> (f64, u64) {
        for &p in pids {
            if let Some(u) = proc_usage(p) {
                self.last.insert(p, u);
            }
        }
        let cpu = self.last.values().map(|u| u.0).sum();
        let rss = pids
            .iter()
            .filter_map(|p| proc_usage(*p))
            .map(|u| u.1)
            .sum();
        (cpu, rss)
    }
}

/// The bots of this process (or, with `--procs`, of its children) until `end`.
async fn play(
    o: &Opts,
    stats: &Arc<Stats>,
    end: Instant,
) -> Result<Vec<tokio::task::JoinHandle<()>>, String> {
    let mut tasks = Vec::new();
    if o.procs > 1 {
        let me = std::env::current_exe().map_err(|e| e.to_string())?;
        let addrs: Vec<String> = o.addrs.iter().map(ToString::to_string).collect();
        for k in 0..o.procs {
            let games = o.games / o.procs + usize::from(k < o.games % o.procs);
            let dump = std::env::temp_dir().join(format!("gx-load-{}-{k}", std::process::id()));
            let dump = dump.to_string_lossy().to_string();
            // The child's bots stop when ours do.
            let left = end.saturating_duration_since(Instant::now());
            let until = (unix_ms() + left.as_millis() as u64).to_string();
            let mut child = std::process::Command::new(&me)
                .args(["--addr", &addrs.join(","), "--games", &games.to_string()])
                .args(["--until-unix-ms", &until, "--clock", &o.clock])
                .args(["--dump", &dump, "--shard", &(k * o.games).to_string()])
                .spawn()
                .map_err(|e| e.to_string())?;
            let stats = stats.clone();
            tasks.push(tokio::spawn(async move {
                let waited = tokio::task::spawn_blocking(move || child.wait()).await;
                match waited
                    .map_err(|e| std::io::Error::other(e.to_string()))
                    .and_then(|r| r)
                {
                    Ok(s) if s.success() => {
                        if let Err(e) = report::merge(&stats, &dump) {
                            eprintln!("{e}");
                        }
                    }
                    other => eprintln!("bot process {k}: {other:?}"),
                }
                let _ = std::fs::remove_file(&dump);
            }));
        }
        return Ok(tasks);
    }
    let addrs = Arc::new(o.addrs.clone());
    for n in 0..o.games {
        let seed = o.shard + n as u64;
        let pair = bot::bot_pair(addrs.clone(), seed, o.clock.clone(), end, stats.clone());
        tasks.push(tokio::spawn(pair));
        if n % 50 == 49 {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    Ok(tasks)
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let mut o = opts()?;
    let _server = if o.addrs.is_empty() {
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
        o.addrs = vec![r.addr];
        o.pids = vec![std::process::id()];
        o.db = Some(dir.join("guoxiang.sqlite3").to_string_lossy().to_string());
        Some(r)
    } else {
        None
    };
    let stats = Arc::new(Stats::default());
    let limit = ramp_limit(o.games.div_ceil(o.procs));
    let measured = Duration::from_secs(o.seconds);
    let started = Instant::now();
    // The bots play until the measured part is surely over, however long they
    // took to start.
    let end = match o.until {
        Some(u) => started + Duration::from_millis(u.saturating_sub(unix_ms())),
        None => started + limit + WARMUP + measured + COOLDOWN,
    };
    if let Some(path) = &o.dump {
        // A child: play, then write what it measured for the parent.
        for t in play(&o, &stats, end).await? {
            let _ = t.await;
        }
        return report::dump(&stats, path);
    }
    println!(
        "load: {} games in {} bot process(es), {} s, clock {}, servers {:?}",
        o.games, o.procs, o.seconds, o.clock, o.addrs
    );
    let mut usage = Usage {
        last: HashMap::new(),
    };
    let base = usage.read(&o.pids);
    let tasks = play(&o, &stats, end).await?;
    // The measured part starts once every bot plays (both sockets of 99 % of the
    // games open, by the servers' count), or at the limit, and 5 s more.
    while started.elapsed() < limit {
        match sockets_open(&o.addrs).await {
            Some(n) if n * 100 >= 2 * o.games as i64 * 99 => break,
            None => {
                tokio::time::sleep(limit.saturating_sub(started.elapsed())).await;
                break;
            }
            Some(_) => tokio::time::sleep(Duration::from_millis(500)).await,
        }
    }
    let warmup = started.elapsed() + WARMUP;
    tokio::time::sleep(WARMUP).await;
    let (t0, measured_from) = ((usage.read(&o.pids), Instant::now()), unix_ms());
    let measured_to = measured_from + o.seconds * 1000;
    let mut peak_rss = 0;
    let mut killed_at = None;
    while unix_ms() < measured_to {
        tokio::time::sleep(Duration::from_secs(1)).await;
        peak_rss = peak_rss.max(usage.read(&o.pids).1);
        if let Some((after, cmd)) = &o.kill {
            if killed_at.is_none() && unix_ms() >= measured_from + after * 1000 {
                killed_at = Some(unix_ms());
                let out = std::process::Command::new("sh").args(["-c", cmd]).output();
                println!("killed ({cmd}) at {} s: {:?}", after, out.map(|o| o.status));
            }
        }
    }
    let t1 = (usage.read(&o.pids), Instant::now());
    for t in tasks {
        let _ = t.await;
    }
    let all = stats.ack.lock().map_err(|_| "lock")?.clone();
    // The figures are those of the moves sent in the measured part; the ramp-up and
    // the wind-down are reported apart.
    let steady = |v: &[report::Sample]| window(v, measured_from, measured_to);
    let ack = steady(&all);
    let seen = steady(&stats.seen.lock().map_err(|_| "lock")?);
    let recovered = steady(&stats.recovered.lock().map_err(|_| "lock")?);
    println!(
        "measured: {} s after a {:.1} s start (all bots playing); moves acknowledged in it: {}, in the whole run: {}",
        o.seconds,
        warmup.as_secs_f64(),
        ack.len(),
        all.len()
    );
    println!(
        "{}",
        line("whole run, start and end included: send→ok", &all)
    );
    println!(
        "games played: {}, bot errors: {}, sockets opened again: {}",
        stats.games.load(Ordering::Relaxed),
        stats.errors.load(Ordering::Relaxed),
        stats.reconnects.load(Ordering::Relaxed)
    );
    println!("{}", line("round trip send→ok (committed)", &ack));
    println!("{}", line("round trip send→opponent sees it", &seen));
    if !recovered.is_empty() {
        println!(
            "{}",
            line("send→found stored after a reconnect (ok lost)", &recovered)
        );
    }
    // The tail through the run: where the slow answers are.
    let by10: Vec<String> = (0..o.seconds.div_ceil(10))
        .map(|i| {
            let from = measured_from + i * 10_000;
            format!(
                "{:.0}",
                report::pct(&window(&ack, from, from + 10_000), 0.99)
            )
        })
        .collect();
    println!(
        "  send→ok p99 (ms) by 10 s of the measured part: {}",
        by10.join(" ")
    );
    if let Some(k) = killed_at {
        let to = k + 10_000;
        println!(
            "{}",
            line("  send→ok, 10 s after the kill", &window(&ack, k, to))
        );
        let outside: Vec<_> = ack
            .iter()
            .filter(|s| s.at_ms < k || s.at_ms >= to)
            .copied()
            .collect();
        println!("{}", line("  send→ok, the rest of the run", &outside));
        println!(
            "{}",
            line("  send→ok, before the kill", &window(&ack, 0, k))
        );
    }
    let secs = (t1.1 - t0.1).as_secs_f64();
    println!(
        "server CPU: {:.1} % of one core ({:.1} CPU s in {:.0} s, {} process(es))",
        100.0 * (t1.0 .0 - t0.0 .0) / secs,
        t1.0 .0 - t0.0 .0,
        secs,
        o.pids.len()
    );
    if !o.pids.is_empty() {
        println!(
            "server memory: {} MiB before, {} MiB peak, {:.1} KiB per game",
            base.1 / 1024,
            peak_rss / 1024,
            (peak_rss.saturating_sub(base.1)) as f64 / o.games as f64
        );
    }
    // Every acknowledged move against the database.
    if let Some(db) = &o.db {
        let store = guoxiang_server::store::Store::open(Some(db), std::path::Path::new("."))
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
            for m in moves {
                let (ply, uci) = m.split_once(':').unwrap_or(("0", m));
                let ply: i64 = ply.parse().unwrap_or(0);
                let at: Vec<_> = s.iter().filter(|(p, _)| *p == ply).collect();
                if !matches!(at.as_slice(), [(_, u)] if u == uci) {
                    lost += 1;
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
