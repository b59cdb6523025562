//! Helpers for the server's integration tests: a server on a free loopback port
//! with its own data directory (and, where asked, manual time), a small HTTP/1.1
//! client, and a WebSocket client that waits for the messages a test expects.

#![allow(dead_code)]

pub mod kill9;
pub mod tables;

use futures_util::{SinkExt, StreamExt};
use guoxiang_server::time::TimeSource;
use guoxiang_server::{Config, Running};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// Generous: the machine running the tests may be busy.
pub const WAIT: Duration = Duration::from_secs(30);

static N: AtomicU32 = AtomicU32::new(0);

pub fn temp_dir(tag: &str) -> PathBuf {
    let n = N.fetch_add(1, Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("gx-test-{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

pub struct Srv {
    pub running: Option<Running>,
    pub addr: SocketAddr,
    pub time: TimeSource,
    pub dir: PathBuf,
}

impl Drop for Srv {
    fn drop(&mut self) {
        // Open files may still be written by the dropped server's threads; on
        // Unix removing them is harmless.
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub fn config(dir: &std::path::Path) -> Config {
    Config {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        db: None,
        data_dir: dir.to_path_buf(),
        engine_threads: 1,
        computer_human_time: false,
        disconnect_grace_ms: 60_000,
        create_per_minute: 6_000,
        create_burst: 1_000,
        join_timeout_ms: guoxiang_server::JOIN_TIMEOUT_MS,
        log_format: guoxiang_server::obs::LogFormat::Text,
        tb_dir: dir.join("tablebase"),
        // Tests that need tables generate them once (tests/endgame.rs); no
        // server of a test burns the CPU on background generation.
        tb_generate: false,
        tb_classes: None,
        lessons: guoxiang_lessons::Course::builtin(),
        puzzles: guoxiang_puzzles::PuzzleSet::builtin(),
        puzzle_moves_per_minute: 6_000,
        puzzle_attempts_per_minute: 6_000,
        review: guoxiang_server::review::ReviewSettings::default(),
        advertise: None,
        trusted_proxies: Vec::new(),
        workers: false,
    }
}

/// A server with manual time (starting at 1,000,000 ms).
pub async fn manual(tag: &str) -> Srv {
    start_with(tag, TimeSource::manual(1_000_000), |_| {}).await
}

/// A server with real time.
pub async fn real(tag: &str) -> Srv {
    start_with(tag, TimeSource::real(), |_| {}).await
}

pub async fn start_with(tag: &str, time: TimeSource, edit: impl FnOnce(&mut Config)) -> Srv {
    let dir = temp_dir(tag);
    let mut c = config(&dir);
    edit(&mut c);
    let running = guoxiang_server::start(c, time.clone())
        .await
        .expect("server starts");
    Srv {
        addr: running.addr,
        running: Some(running),
        time,
        dir,
    }
}

impl Srv {
    pub async fn http(
        &self,
        method: &str,
        path: &str,
        body: Option<&str>,
        secret: Option<&str>,
    ) -> (u16, String) {
        http_raw(self.addr, method, path, body, secret).await
    }

    /// A request whose answer must be JSON.
    pub async fn json(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
        secret: Option<&str>,
    ) -> (u16, Value) {
        let b = body.map(|v| v.to_string());
        let (status, text) = self.http(method, path, b.as_deref(), secret).await;
        let v = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
        (status, v)
    }

    /// Creates a game; returns (id, secret).
    pub async fn create(&self, body: Value) -> (String, String) {
        let (s, v) = self.json("POST", "/api/games", Some(body), None).await;
        assert_eq!(s, 201, "{v}");
        (
            v["id"].as_str().expect("id").to_string(),
            v["secret"].as_str().expect("secret").to_string(),
        )
    }

    /// Creates a friend game and joins it: (id, white secret, black secret).
    pub async fn friend_game(&self, clock: Value, fen: Option<&str>) -> (String, String, String) {
        let mut body = json!({"mode": "friend", "color": "white", "clock": clock});
        if let Some(f) = fen {
            body["fen"] = json!(f);
        }
        let (s, v) = self.json("POST", "/api/games", Some(body), None).await;
        assert_eq!(s, 201, "{v}");
        let id = v["id"].as_str().expect("id").to_string();
        let white = v["secret"].as_str().expect("secret").to_string();
        let key = v["join_key"].clone();
        let link = format!("/join/{id}?key={}", key.as_str().unwrap_or_default());
        assert_eq!(v["join_url"], json!(link));
        // The watch link does not let a spectator take the seat.
        let (s, e) = self
            .json("POST", &format!("/api/games/{id}/join"), None, None)
            .await;
        assert_eq!((s, e["error"].as_str()), (403, Some("forbidden")), "{e}");
        let join = Some(json!({"key": key}));
        let (s, v) = self
            .json("POST", &format!("/api/games/{id}/join"), join, None)
            .await;
        assert_eq!(s, 200, "{v}");
        assert_eq!(v["color"], "black");
        (id, white, v["secret"].as_str().expect("secret").to_string())
    }

    pub async fn get(&self, id: &str, secret: Option<&str>) -> Value {
        let (s, v) = self
            .json("GET", &format!("/api/games/{id}"), None, secret)
            .await;
        assert_eq!(s, 200, "{v}");
        v
    }

    /// Sends an action over HTTP; returns (status, body).
    pub async fn act(&self, id: &str, secret: Option<&str>, action: Value) -> (u16, Value) {
        self.json(
            "POST",
            &format!("/api/games/{id}/actions"),
            Some(action),
            secret,
        )
        .await
    }

    /// An action that must succeed; returns the new state.
    pub async fn ok(&self, id: &str, secret: &str, action: Value) -> Value {
        let (s, v) = self.act(id, Some(secret), action.clone()).await;
        assert_eq!(s, 200, "{action} -> {v}");
        v
    }

    pub async fn mv(&self, id: &str, secret: &str, uci: &str) -> Value {
        self.ok(id, secret, json!({"t": "move", "uci": uci})).await
    }

    /// An action that must be refused with `status` and `code`, leaving the game as it was.
    pub async fn refused(
        &self,
        id: &str,
        secret: Option<&str>,
        action: Value,
        status: u16,
        code: &str,
    ) {
        let before = self.get(id, None).await;
        let (s, v) = self.act(id, secret, action.clone()).await;
        assert_eq!(
            (s, v["error"].as_str()),
            (status, Some(code)),
            "{action} -> {v}"
        );
        assert!(v["message"].is_string());
        let after = self.get(id, None).await;
        for k in [
            "fen",
            "moves",
            "status",
            "result",
            "draw_offer",
            "takeback_request",
        ] {
            assert_eq!(before[k], after[k], "{k} changed after a refused {action}");
        }
    }

    /// Polls the game until `pred` holds (for changes made by the server itself).
    pub async fn wait_for(&self, id: &str, pred: impl Fn(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let v = self.get(id, None).await;
            if pred(&v) {
                return v;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "timed out waiting; last state {v}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    pub async fn ws(&self, id: &str, secret: Option<&str>) -> Ws {
        let q = secret.map_or(String::new(), |s| format!("?secret={s}"));
        let url = format!("ws://{}/api/games/{id}/ws{q}", self.addr);
        let (stream, _) = tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(url))
            .await
            .expect("connect in time")
            .expect("websocket connects");
        Ws {
            stream,
            seen: Vec::new(),
        }
    }

    pub async fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            r.shutdown().await;
        }
    }
}

/// Whether an I/O error only says the peer closed the connection first.
fn cut_short(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::BrokenPipe | std::io::ErrorKind::ConnectionReset
    )
}

pub async fn http_raw(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    secret: Option<&str>,
) -> (u16, String) {
    let auth = secret.map(|s| format!("Bearer {s}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
    http_with(addr, method, path, body, &headers).await
}

/// A request with these extra headers; its status and body.
pub async fn http_with(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    headers: &[(&str, &str)],
) -> (u16, String) {
    let fut = async {
        let mut s = TcpStream::connect(addr).await.expect("connect");
        let body = body.unwrap_or("");
        let extra: String = headers
            .iter()
            .map(|(k, v)| format!("{k}: {v}\r\n"))
            .collect();
        let req = format!(
            "{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n{extra}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        // The server may answer (e.g. 413 to a body over the limit) and close before the whole
        // request is written: write and read at once, so the answer is read as soon as it
        // comes, and a write cut short by that close is not a failure of the request.
        let (mut rd, mut wr) = s.split();
        let write = async {
            match wr.write_all(req.as_bytes()).await {
                Err(e) if !cut_short(&e) => panic!("send: {e}"),
                _ => {}
            }
        };
        let read = async {
            let mut buf = Vec::new();
            let mut chunk = [0u8; 16 * 1024];
            loop {
                match rd.read(&mut chunk).await {
                    Ok(0) => break,
                    Ok(n) => buf.extend_from_slice(&chunk[..n]),
                    Err(e) if cut_short(&e) && !buf.is_empty() => break,
                    Err(e) => panic!("read: {e}"),
                }
            }
            buf
        };
        let ((), buf) = tokio::join!(write, read);
        let text = String::from_utf8_lossy(&buf).to_string();
        let (head, rest) = text.split_once("\r\n\r\n").expect("a response");
        let status: u16 = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("status");
        let chunked = head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked");
        let body = if chunked {
            dechunk(rest)
        } else {
            rest.to_string()
        };
        (status, body)
    };
    tokio::time::timeout(WAIT, fut)
        .await
        .expect("HTTP answer in time")
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((len, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(len.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        s = rest[n..].trim_start_matches("\r\n");
    }
    out
}

pub struct Ws {
    pub stream: tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>,
    /// Every JSON message received so far.
    pub seen: Vec<Value>,
}

impl Ws {
    pub async fn send(&mut self, v: Value) {
        self.stream
            .send(Message::Text(v.to_string().into()))
            .await
            .expect("send");
    }

    pub async fn send_text(&mut self, t: &str) {
        self.stream
            .send(Message::Text(t.to_string().into()))
            .await
            .expect("send");
    }

    /// The next message for which `pred` holds (others are kept in `seen`).
    pub async fn until(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        let fut = async {
            loop {
                match self.stream.next().await {
                    Some(Ok(Message::Text(t))) => {
                        let v: Value = serde_json::from_str(&t).expect("JSON message");
                        self.seen.push(v.clone());
                        if pred(&v) {
                            return v;
                        }
                    }
                    Some(Ok(_)) => {}
                    other => panic!("socket ended: {other:?}"),
                }
            }
        };
        tokio::time::timeout(WAIT, fut)
            .await
            .expect("message in time")
    }

    /// The next `ok` or `error` answer.
    pub async fn answer(&mut self) -> Value {
        self.until(|v| v["t"] == "ok" || v["t"] == "error").await
    }

    /// The next state with `n` moves played.
    pub async fn state_with_moves(&mut self, n: usize) -> Value {
        self.until(|v| {
            (v["t"] == "state" || v["t"] == "hello")
                && v["state"]["moves"].as_array().is_some_and(|m| m.len() == n)
        })
        .await
    }

    pub async fn close(mut self) {
        let _ = self.stream.close(None).await;
    }
}

/// A user row with no usable password (`!` is no argon2 hash), written as a sign-up
/// without a session: for tests that need accounts but not their log-in.
pub fn user_without_password(id: &str, name: &str) -> guoxiang_server::store::Write {
    use guoxiang_server::store::accounts::{AccountWrite, UserRow};
    guoxiang_server::store::Write::Account(AccountWrite::SignUp {
        user: UserRow {
            id: id.to_string(),
            name: name.to_string(),
            name_key: name.to_lowercase(),
            password_hash: "!".into(),
            admin: false,
            created_at: 1,
            closed_at: None,
        },
        session: None,
    })
}

/// The PostgreSQL the `*_postgres` tests use (`GUOXIANG_TEST_POSTGRES`); `None`, saying
/// so, when it is not set (they are skipped).
pub fn url() -> Option<String> {
    match std::env::var("GUOXIANG_TEST_POSTGRES") {
        Ok(u) if !u.is_empty() => Some(u),
        _ => {
            eprintln!("skipped: set GUOXIANG_TEST_POSTGRES to run the PostgreSQL tests");
            None
        }
    }
}

/// Runs `text` (one or more statements) on the PostgreSQL at `url`.
pub async fn sql(url: String, text: String) {
    tokio::task::spawn_blocking(move || {
        let mut c = postgres::Client::connect(&url, postgres::NoTls).expect("connect");
        c.batch_execute(&text).expect("SQL");
    })
    .await
    .expect("joined");
}
