//! `deploy/local.sh` keeps its contract (docs/DEPLOY.md, issue 20 §2): `up 3 --port P` starts a
//! private PostgreSQL, HAProxy on 127.0.0.1:P and three `guoxiang serve` processes and prints
//! one line `ready http://127.0.0.1:P`; requests through the proxy reach all three processes
//! (HAProxy names the one that answered in `X-Guoxiang-Backend`) and a WebSocket upgrade passes
//! through; `pids` prints three live pids; after `kill 2` the proxy still answers 20 requests in
//! a row, none from the dead process; `start 2` brings it back behind the proxy; a game played
//! through the proxy survives `kill -9` of the process that runs it (taken over by another with
//! every move, no downtime on the clock, play goes on); `down` leaves
//! no state directory, no process and no port behind. A guard runs `down` even when an
//! assertion fails. The test needs HAProxy and PostgreSQL (Debian's packages): without them it
//! prints SKIPPED and passes, unless `GUOXIANG_DEPLOY_TEST=required` (CI), when local.sh
//! installs them itself (as root) or the test fails.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Why the test cannot run here, if it cannot.
fn missing_tools() -> Option<String> {
    let haproxy = Command::new("haproxy").arg("-v").output().is_ok()
        || Path::new("/usr/sbin/haproxy").exists();
    let postgres = std::fs::read_dir("/usr/lib/postgresql").is_ok_and(|versions| {
        versions
            .flatten()
            .any(|v| v.path().join("bin/pg_ctl").exists())
    });
    match (haproxy, postgres) {
        (true, true) => None,
        (false, true) => Some("haproxy is not installed".into()),
        (true, false) => Some("PostgreSQL (/usr/lib/postgresql/*/bin) is not installed".into()),
        (false, false) => Some("neither haproxy nor PostgreSQL is installed".into()),
    }
}

/// A free port on loopback (the kernel's choice, released at once).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// One set-up of local.sh in a private state directory; `down` when dropped.
struct Deploy {
    dir: PathBuf,
}

impl Deploy {
    fn run(&self, args: &[&str]) -> Output {
        Command::new("bash")
            .arg(root().join("deploy/local.sh"))
            .args(args)
            .env("GUOXIANG_BIN", env!("CARGO_BIN_EXE_guoxiang"))
            .env("GUOXIANG_DEPLOY_DIR", &self.dir)
            // No endgame tables to generate: the test does not need them, and three debug
            // processes generating them would take the machine's cores.
            .env(
                "GUOXIANG_SERVE_ARGS",
                "--no-tb-gen --create-per-minute 100000",
            )
            .env("GUOXIANG_DEPLOY_TIMEOUT", "120")
            .output()
            .expect("bash runs deploy/local.sh")
    }

    /// Runs a command that must succeed; returns its stdout.
    fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "local.sh {args:?} failed ({}):\nstdout: {stdout}\nstderr: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        stdout
    }

    fn pids(&self) -> Vec<String> {
        self.ok(&["pids"]).lines().map(str::to_string).collect()
    }
}

impl Drop for Deploy {
    fn drop(&mut self) {
        let out = self.run(&["down"]);
        if !out.status.success() {
            eprintln!(
                "local.sh down failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

/// Whether `pid` is a running process (a zombie nobody reaped is dead).
fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => {
            let state = stat.rsplit_once(") ").map_or("", |(_, rest)| rest);
            !state.starts_with('Z') && !state.starts_with('X')
        }
        Err(_) => false,
    }
}

/// An HTTP response: status, headers (names lower-cased), body.
struct Response {
    status: u16,
    headers: BTreeMap<String, String>,
    body: String,
}

impl Response {
    fn backend(&self) -> &str {
        self.headers
            .get("x-guoxiang-backend")
            .map_or("", String::as_str)
    }
}

/// `GET path` on 127.0.0.1:port, one connection, `Connection: close`.
fn get(port: u16, path: &str) -> Response {
    request(port, "GET", path, None, None)
}

/// `method path` with a JSON body and a game secret (`x-game-secret`), if any; the
/// connection must not fail.
fn request(
    port: u16,
    method: &str,
    path: &str,
    body: Option<&str>,
    secret: Option<&str>,
) -> Response {
    try_request(port, method, path, body, secret)
        .unwrap_or_else(|| panic!("{method} {path} through the proxy: no answer"))
}

fn parse(text: &str) -> Response {
    let (head, body) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("not an HTTP response: {text:?}"));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {head:?}"));
    let headers: BTreeMap<String, String> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let chunked = headers
        .get("transfer-encoding")
        .is_some_and(|v| v.contains("chunked"));
    Response {
        status,
        body: if chunked {
            dechunk(body)
        } else {
            body.to_string()
        },
        headers,
    }
}

/// A chunked body's data.
fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || after.len() < n {
            break;
        }
        out.push_str(&after[..n]);
        rest = after[n..].trim_start_matches("\r\n");
    }
    out
}

fn json(r: &Response) -> serde_json::Value {
    serde_json::from_str(&r.body).unwrap_or_else(|_| panic!("not JSON ({}): {}", r.status, r.body))
}

/// A friend game made and joined through the proxy: (id, white's secret, black's).
fn friend_game(port: u16, clock: &str) -> (String, String, String) {
    let body = format!(r#"{{"mode":"friend","color":"white","clock":"{clock}"}}"#);
    let created = request(port, "POST", "/api/games", Some(&body), None);
    assert_eq!(created.status, 201, "{}", created.body);
    let g = json(&created);
    let id = g["id"].as_str().expect("id").to_string();
    let white = g["secret"].as_str().expect("secret").to_string();
    let join = format!(r#"{{"key":{}}}"#, g["join_key"]);
    let path = format!("/api/games/{id}/join");
    let joined = request(port, "POST", &path, Some(&join), None);
    assert_eq!(joined.status, 200, "{}", joined.body);
    let black = json(&joined)["secret"]
        .as_str()
        .expect("secret")
        .to_string();
    (id, white, black)
}

/// A response, or None when the connection failed (a process died under it).
fn try_request(
    port: u16,
    method: &str,
    path: &str,
    body: Option<&str>,
    secret: Option<&str>,
) -> Option<Response> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(20))).ok()?;
    let body = body.unwrap_or("");
    let secret = secret.map_or(String::new(), |k| format!("x-game-secret: {k}\r\n"));
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n{secret}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .ok()?;
    let mut text = String::new();
    s.read_to_string(&mut text).ok()?;
    text.contains("\r\n\r\n").then(|| parse(&text))
}

/// A small deterministic generator for the bots' choices.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// The game's moves as the server has them (asked until some process answers).
fn server_moves(port: u16, id: &str, until: Instant) -> Option<Vec<String>> {
    while Instant::now() < until {
        if let Some(r) = try_request(port, "GET", &format!("/api/games/{id}"), None, None) {
            if r.status == 200 {
                let v: serde_json::Value = serde_json::from_str(&r.body).ok()?;
                let moves = v["moves"].as_array()?;
                return Some(
                    moves
                        .iter()
                        .filter_map(|m| m.as_str().map(String::from))
                        .collect(),
                );
            }
        }
        std::thread::sleep(Duration::from_millis(300));
    }
    None
}

/// One bot plays both sides of a game through the proxy, a random legal move every
/// `pace`, until `until` or the game's end; returns the moves acknowledged (`200`),
/// by ply. After an answer that is not `200` (a process died, a relay failed) it
/// reads the game again — the move may have been stored all the same — and checks
/// that no acknowledged move is missing from what it reads.
fn bot(
    port: u16,
    id: &str,
    secrets: [&str; 2],
    seed: u64,
    pace: Duration,
    end: &Mutex<Instant>,
) -> Vec<(usize, String)> {
    let mut rng = Rng(seed | 1);
    let mut game = guoxiang_core::Game::new();
    let mut acked = Vec::new();
    let until = || *end.lock().expect("lock");
    while Instant::now() < until() && game.outcome().is_none() {
        let legal = game.position().legal_moves();
        let Some(m) = legal.as_slice().get(rng.below(legal.len())).copied() else {
            break;
        };
        let uci = m.to_uci();
        let side = usize::from(game.position().turn() == guoxiang_core::Color::Black);
        let body = format!(r#"{{"t":"move","uci":"{uci}"}}"#);
        let path = format!("/api/games/{id}/actions");
        let answer = try_request(port, "POST", &path, Some(&body), Some(secrets[side]));
        if answer.as_ref().is_some_and(|r| r.status == 200) {
            // The ply (1-based) this move was.
            acked.push((game.moves().len() + 1, uci.clone()));
            if game.play_uci(&uci).is_err() {
                break;
            }
        } else {
            // Whatever the server has is the game now.
            let Some(moves) = server_moves(port, id, until()) else {
                break;
            };
            // An acknowledged move never disappears from what the server shows.
            let last_acked = acked.last().map_or(0, |(ply, _)| *ply);
            assert!(
                moves.len() >= last_acked,
                "game {id}: a stale read, {} moves shown after ply {last_acked} was acknowledged",
                moves.len()
            );
            let mut again = guoxiang_core::Game::new();
            if moves.iter().any(|u| again.play_uci(u).is_err()) {
                break;
            }
            game = again;
        }
        std::thread::sleep(pace);
    }
    acked
}

/// Bots play `games` games through the proxy, a random legal move every 0.4 s
/// each, while `disrupt` does its work (kills, restarts); afterwards every
/// acknowledged move is in the database, at its ply, once, and every game answers
/// through the proxy. `label` names the run in the log.
fn play_through(
    deploy: &Deploy,
    port: u16,
    dir: &Path,
    games: usize,
    label: &str,
    disrupt: &dyn Fn(&Deploy),
) {
    let started = Instant::now();
    let mut made = Vec::new();
    for _ in 0..games {
        made.push(friend_game(port, "30+0"));
    }
    // The bots play until the disruption is over, and a little after (the end
    // is moved forward then; each bot reads it before each move).
    let play_until = Arc::new(Mutex::new(Instant::now() + Duration::from_secs(600)));
    let bots: Vec<_> = made
        .iter()
        .enumerate()
        .map(|(i, (id, w, b))| {
            let (id, w, b) = (id.clone(), w.clone(), b.clone());
            let until = play_until.clone();
            std::thread::spawn(move || {
                let pace = Duration::from_millis(400);
                let acked = bot(port, &id, [&w, &b], 7 + i as u64, pace, &until);
                (id, acked)
            })
        })
        .collect();
    disrupt(deploy);
    *play_until.lock().expect("lock") = Instant::now() + Duration::from_secs(10);
    let results: Vec<(String, Vec<(usize, String)>)> =
        bots.into_iter().map(|b| b.join().expect("a bot")).collect();

    // Every acknowledged move is stored, at its ply, once.
    let db = std::fs::read_to_string(dir.join("db")).expect("the database's URL");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let store = guoxiang_server::store::Store::open(Some(db.trim()), &dir.join("chaos-reader"))
        .expect("open");
    let (mut acked_total, mut stored_total) = (0, 0);
    for (id, acked) in &results {
        let (_, moves) = runtime
            .block_on(store.game(id))
            .expect("read")
            .expect("the game is stored");
        for (ply, uci) in acked {
            let stored: Vec<_> = moves.iter().filter(|m| m.ply as usize == *ply).collect();
            assert_eq!(stored.len(), 1, "game {id} ply {ply}: {stored:?}");
            let all: Vec<_> = moves.iter().map(|m| (m.ply, m.uci.as_str())).collect();
            assert_eq!(
                &stored[0].uci, uci,
                "game {id} ply {ply}: acked {acked:?}, stored {all:?}"
            );
        }
        acked_total += acked.len();
        stored_total += moves.len();
        let r = request(port, "GET", &format!("/api/games/{id}"), None, None);
        assert_eq!(
            r.status, 200,
            "game {id} answers through the proxy: {}",
            r.body
        );
    }
    eprintln!(
        "deploy_local: {label}: {games} games, {:?}: {acked_total} moves acknowledged, \
         all stored once; {} stored but not acknowledged",
        started.elapsed(),
        stored_total - acked_total
    );
    assert!(
        acked_total > games * 5,
        "the bots hardly played: {acked_total} moves"
    );
}

/// Issue 20 §2's chaos test: processes are killed (kill -9) and started again at
/// random `kills` times while `games` games are played.
fn chaos(deploy: &Deploy, port: u16, dir: &Path, games: usize, kills: usize) {
    let label = format!("chaos, {kills} kills");
    play_through(deploy, port, dir, games, &label, &|deploy| {
        let mut rng = Rng(12345);
        for k in 0..kills {
            std::thread::sleep(Duration::from_millis(1_500 + rng.below(2_000) as u64));
            let i = 1 + rng.below(3);
            deploy.ok(&["kill", &i.to_string()]);
            std::thread::sleep(Duration::from_millis(500 + rng.below(1_500) as u64));
            deploy.ok(&["start", &i.to_string()]);
            eprintln!("deploy_local: chaos kill {} of {kills}: process {i}", k + 1);
        }
    });
}

/// Issue 20 §1's rolling restart: each process in turn is stopped (SIGTERM, as
/// systemd or Kubernetes stop it), waited for and started again while games are
/// played: no game and no acknowledged move is lost.
fn rolling_restart(deploy: &Deploy, port: u16, dir: &Path, games: usize) {
    play_through(deploy, port, dir, games, "rolling restart", &|deploy| {
        for i in 1..=3usize {
            std::thread::sleep(Duration::from_secs(2));
            let pid = parse_pids(&deploy.pids())[i - 1];
            let term = Command::new("kill")
                .args(["-TERM", &pid.to_string()])
                .status();
            assert!(term.is_ok_and(|s| s.success()), "SIGTERM to process {i}");
            let deadline = Instant::now() + Duration::from_secs(30);
            while alive(pid) {
                assert!(
                    Instant::now() < deadline,
                    "process {i} did not stop on SIGTERM"
                );
                std::thread::sleep(Duration::from_millis(50));
            }
            deploy.ok(&["start", &i.to_string()]);
            eprintln!("deploy_local: rolling restart: process {i} stopped and started again");
        }
    });
}

/// A game played through the proxy survives `kill -9` of the process that runs it
/// (issue 20 §1): within a few seconds another process takes it over with every
/// acknowledged move, the clock charges the downtime to nobody, and play goes on.
fn a_game_survives_the_kill_of_its_process(deploy: &Deploy, port: u16, dir: &Path) {
    let (id, white, black) = friend_game(port, "5+0");
    let act = |secret: &str, uci: &str| {
        let body = format!(r#"{{"t":"move","uci":"{uci}"}}"#);
        request(
            port,
            "POST",
            &format!("/api/games/{id}/actions"),
            Some(&body),
            Some(secret),
        )
    };
    // Round robin: most of these reach a process that relays them to the game's.
    for (i, m) in ["e2e4", "e7e5", "g1f3", "b8c6"].iter().enumerate() {
        let r = act(if i % 2 == 0 { &white } else { &black }, m);
        assert_eq!(r.status, 200, "{m}: {}", r.body);
    }
    let white_to_move = Instant::now();
    // Which process runs it: its lease names its address; local.sh keeps each one's port.
    let db = std::fs::read_to_string(dir.join("db")).expect("the database's URL");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let scratch = dir.join("lease-reader");
    let store = guoxiang_server::store::Store::open(Some(db.trim()), &scratch).expect("open");
    let lease = |id: String| {
        runtime
            .block_on(store.lease(&id))
            .expect("read")
            .expect("the game has a lease")
    };
    let owner = lease(id.clone());
    let index = (1..=3)
        .find(|i| {
            let p = std::fs::read_to_string(dir.join(format!("{i}/port"))).unwrap_or_default();
            owner.addr == format!("http://127.0.0.1:{}", p.trim())
        })
        .unwrap_or_else(|| panic!("no process at {}", owner.addr));

    deploy.ok(&["kill", &index.to_string()]);
    let killed = Instant::now();
    // Taken over: by the sweep, or by the first request once the lease has expired.
    let deadline = killed + Duration::from_secs(30);
    let state = loop {
        let r = get(port, &format!("/api/games/{id}"));
        if r.status == 200 && lease(id.clone()).addr != owner.addr {
            break json(&r);
        }
        assert!(
            Instant::now() < deadline,
            "never taken over: {} {}",
            r.status,
            r.body
        );
        std::thread::sleep(Duration::from_millis(200));
    };
    let took = killed.elapsed();
    eprintln!("deploy_local: game taken over {took:?} after kill -9 of process {index}");
    assert_eq!(
        state["moves"],
        serde_json::json!(["e2e4", "e7e5", "g1f3", "b8c6"])
    );
    // White was to move: charged up to the dead process's last renewal (at most
    // about a second before the kill), not the seconds the game had no process.
    let white_ms = state["clock"]["white_ms"].as_u64().expect("white's clock");
    let used = 300_000u64.saturating_sub(white_ms);
    let before_kill = killed.duration_since(white_to_move).as_millis() as u64;
    assert!(
        took >= Duration::from_secs(3),
        "the lease outlived the process: {took:?}"
    );
    assert!(
        used <= before_kill + 1_500,
        "downtime charged: {used} ms used, {before_kill} ms before the kill, {took:?} without a process"
    );
    let r = act(&white, "f1c4");
    assert_eq!(r.status, 200, "play goes on: {}", r.body);
    let r = json(&get(port, &format!("/api/games/{id}")));
    assert_eq!(r["moves"].as_array().map(Vec::len), Some(5));
    deploy.ok(&["start", &index.to_string()]);
}

/// The backends that answered `n` health requests through the proxy (all must answer 200).
fn backends(port: u16, n: usize) -> Vec<String> {
    (0..n)
        .map(|i| {
            let r = get(port, "/api/health");
            assert_eq!(r.status, 200, "request {i} through the proxy: {}", r.body);
            assert!(!r.backend().is_empty(), "no X-Guoxiang-Backend header");
            r.backend().to_string()
        })
        .collect()
}

fn parse_pids(lines: &[String]) -> Vec<u32> {
    lines
        .iter()
        .map(|l| l.parse().unwrap_or_else(|_| panic!("not a pid: {l:?}")))
        .collect()
}

/// A WebSocket handshake on the lobby's socket through the proxy: the answer's head.
fn websocket_handshake(port: u16) -> String {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connect to the proxy");
    s.set_read_timeout(Some(Duration::from_secs(20)))
        .expect("timeout");
    write!(
        s,
        "GET /api/lobby/ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         Sec-WebSocket-Version: 13\r\n\r\n"
    )
    .expect("send");
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        match s.read(&mut byte) {
            Ok(1) => head.push(byte[0]),
            _ => break,
        }
    }
    String::from_utf8_lossy(&head).into_owned()
}

#[test]
fn local_sh_runs_three_processes_behind_the_proxy_and_survives_a_kill() {
    let required = std::env::var("GUOXIANG_DEPLOY_TEST").is_ok_and(|v| v == "required");
    if let Some(why) = missing_tools() {
        if !required {
            eprintln!(
                "SKIPPED deploy_local: {why} (apt-get install haproxy postgresql; \
                 GUOXIANG_DEPLOY_TEST=required makes this a failure)"
            );
            return;
        }
        eprintln!("deploy_local: {why}; GUOXIANG_DEPLOY_TEST=required: local.sh installs it");
    }
    let dir = std::env::temp_dir().join(format!("gx-deploy-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let port = free_port();
    let deploy = Deploy { dir: dir.clone() };

    // up: exactly one line on stdout.
    let started = Instant::now();
    let out = deploy.ok(&["up", "3", "--port", &port.to_string()]);
    assert_eq!(out, format!("ready http://127.0.0.1:{port}\n"));
    eprintln!("deploy_local: up in {:?}", started.elapsed());
    // A second `up` is refused and leaves the first running.
    let again = deploy.run(&["up", "3", "--port", &free_port().to_string()]);
    assert!(!again.status.success(), "a second up must fail");
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("already up"),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );

    // Health through the proxy, answered by every process in turn.
    let r = get(port, "/api/health");
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("\"ok\":true"), "{}", r.body);
    let seen: BTreeSet<String> = backends(port, 12).into_iter().collect();
    let all: BTreeSet<String> = ["gx1", "gx2", "gx3"].map(String::from).into();
    assert_eq!(seen, all, "round robin reaches every process");

    // WebSockets pass through the proxy.
    let head = websocket_handshake(port);
    assert!(head.starts_with("HTTP/1.1 101"), "{head}");

    // pids: three live, distinct processes.
    let pids = parse_pids(&deploy.pids());
    assert_eq!(pids.len(), 3, "{pids:?}");
    assert!(pids.iter().all(|&p| alive(p)), "{pids:?}");
    assert_eq!(pids.iter().collect::<BTreeSet<_>>().len(), 3, "{pids:?}");
    // The state directory holds the proxy's and PostgreSQL's pids too (checked after down).
    let proxy_pid: u32 = std::fs::read_to_string(dir.join("haproxy.pid"))
        .expect("haproxy.pid")
        .trim()
        .parse()
        .expect("a pid");
    let pgdir = std::fs::read_to_string(dir.join("pgdir")).expect("pgdir");
    let pg_pid: u32 = std::fs::read_to_string(Path::new(pgdir.trim()).join("data/postmaster.pid"))
        .expect("postmaster.pid")
        .lines()
        .next()
        .and_then(|l| l.trim().parse().ok())
        .expect("the postmaster's pid");
    assert!(alive(proxy_pid) && alive(pg_pid));

    // kill 2: dead at once; the proxy keeps answering, never from the dead process.
    deploy.ok(&["kill", "2"]);
    assert!(!alive(pids[1]), "process 2 survived kill -9");
    let after = deploy.pids();
    assert_eq!(
        after,
        vec![pids[0].to_string(), "-".into(), pids[2].to_string()]
    );
    let answered = backends(port, 20);
    assert!(
        !answered.iter().any(|b| b == "gx2"),
        "a dead process answered: {answered:?}"
    );
    // Killing a dead process is an error, and so is a process that does not exist.
    assert!(!deploy.run(&["kill", "2"]).status.success());
    assert!(!deploy.run(&["kill", "4"]).status.success());

    // start 2: back, on its port, behind the proxy.
    deploy.ok(&["start", "2"]);
    let back = parse_pids(&deploy.pids());
    assert_eq!(back.len(), 3);
    assert!(alive(back[1]) && back[1] != pids[1], "{back:?}");
    let deadline = Instant::now() + Duration::from_secs(30);
    while !backends(port, 3).iter().any(|b| b == "gx2") {
        assert!(
            Instant::now() < deadline,
            "process 2 never came back behind the proxy"
        );
        std::thread::sleep(Duration::from_millis(200));
    }

    a_game_survives_the_kill_of_its_process(&deploy, port, &dir);
    let (games, kills) = match std::env::var("GUOXIANG_CHAOS") {
        Ok(v) => {
            let mut it = v
                .split('x')
                .map(|n| n.parse().expect("GUOXIANG_CHAOS=GAMESxKILLS"));
            (it.next().unwrap_or(200), it.next().unwrap_or(20))
        }
        Err(_) => (200, 20),
    };
    chaos(&deploy, port, &dir, games, kills);
    rolling_restart(&deploy, port, &dir, 60);

    // down: nothing left.
    deploy.ok(&["down"]);
    assert!(!dir.exists(), "the state directory is still there");
    for pid in back.iter().chain([&proxy_pid, &pg_pid]) {
        assert!(!alive(*pid), "pid {pid} still runs after down");
    }
    assert!(
        TcpListener::bind(("127.0.0.1", port)).is_ok(),
        "the proxy's port is still taken"
    );
    assert!(
        TcpStream::connect(("127.0.0.1", port)).is_err(),
        "something still answers on the proxy's port"
    );
    drop(deploy);
}
