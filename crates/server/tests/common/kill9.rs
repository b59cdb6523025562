//! The `kill -9` harness: a test binary runs itself again as a real server
//! process (its test `serve_as_child_process` calls [`serve_if_child`]), which
//! a test kills with SIGKILL and starts again on the same data directory; a
//! small blocking HTTP client talks to it.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const CHILD_DIR: &str = "GUOXIANG_CRASH_TEST_DIR";
const CHILD_JOIN_TIMEOUT: &str = "GUOXIANG_CRASH_TEST_JOIN_TIMEOUT_MS";

/// Serves when the environment asks for it (a test binary started again by
/// [`Server::start`]); otherwise returns at once. Each test binary that uses
/// [`Server`] calls it from its test `serve_as_child_process`.
pub fn serve_if_child() {
    let Some(dir) = std::env::var_os(CHILD_DIR) else {
        return;
    };
    let mut config = guoxiang_server::Config {
        addr: std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
        data_dir: PathBuf::from(dir),
        engine_threads: 1,
        computer_human_time: false,
        tb_generate: false,
        ..guoxiang_server::Config::default()
    };
    if let Some(ms) = std::env::var(CHILD_JOIN_TIMEOUT)
        .ok()
        .and_then(|v| v.parse().ok())
    {
        config.join_timeout_ms = ms;
    }
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        let time = guoxiang_server::time::TimeSource::real();
        let running = guoxiang_server::start(config, time)
            .await
            .expect("server starts");
        println!("ADDR {}", running.addr);
        let _ = std::io::stdout().flush();
        // Serve until killed.
        std::future::pending::<()>().await;
    });
}

pub struct Server {
    child: Child,
    pub addr: String,
}

impl Server {
    pub fn start(dir: &Path, join_timeout_ms: Option<u64>) -> Server {
        let mut cmd = Command::new(std::env::current_exe().expect("test binary"));
        cmd.args(["--exact", "serve_as_child_process", "--nocapture"])
            .env(CHILD_DIR, dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(ms) = join_timeout_ms {
            cmd.env(CHILD_JOIN_TIMEOUT, ms.to_string());
        }
        let mut child = cmd.spawn().expect("the server process starts");
        let stdout = child.stdout.take().expect("stdout");
        let mut lines = BufReader::new(stdout).lines();
        let addr = loop {
            let line = lines
                .next()
                .expect("the server prints its address")
                .expect("a line");
            if let Some(a) = line.strip_prefix("ADDR ") {
                break a.trim().to_string();
            }
        };
        Server { child, addr }
    }

    /// SIGKILL: no shutdown, no last heartbeat.
    pub fn kill_9(mut self) {
        self.child.kill().expect("kill -9");
        self.child.wait().expect("reaped");
    }

    pub fn http(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
        secret: Option<&str>,
    ) -> Value {
        let mut s = TcpStream::connect(&self.addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(30)))
            .expect("timeout");
        let body = body.map_or(String::new(), |b| b.to_string());
        let auth = secret.map_or(String::new(), |s| format!("Authorization: Bearer {s}\r\n"));
        write!(
            s,
            "{method} {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n{auth}Content-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .expect("send");
        let mut text = String::new();
        s.read_to_string(&mut text).expect("read");
        let (_, body) = text.split_once("\r\n\r\n").expect("response");
        serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
    }

    pub fn act(&self, id: &str, secret: &str, action: Value) -> Value {
        self.http(
            "POST",
            &format!("/api/games/{id}/actions"),
            Some(action),
            Some(secret),
        )
    }

    pub fn get(&self, id: &str, secret: Option<&str>) -> Value {
        self.http("GET", &format!("/api/games/{id}"), None, secret)
    }

    /// A friend game, joined: (id, white secret, black secret).
    pub fn friend_game(&self, clock: Value) -> (String, String, String) {
        let created = self.http(
            "POST",
            "/api/games",
            Some(json!({"mode": "friend", "color": "white", "clock": clock})),
            None,
        );
        let id = created["id"].as_str().expect("id").to_string();
        let joined = self.http(
            "POST",
            &format!("/api/games/{id}/join"),
            Some(json!({"key": created["join_key"]})),
            None,
        );
        (
            id,
            created["secret"].as_str().expect("secret").to_string(),
            joined["secret"].as_str().expect("secret").to_string(),
        )
    }

    pub fn play(&self, id: &str, w: &str, b: &str, moves: &[&str]) {
        for (i, m) in moves.iter().enumerate() {
            let s = if i % 2 == 0 { w } else { b };
            let v = self.act(id, s, json!({"t": "move", "uci": m}));
            assert!(v["error"].is_null(), "{m}: {v}");
        }
    }
}

pub fn temp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gx-crash-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}
