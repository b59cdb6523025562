//! `guoxiang worker` as a process (issue 20): with `guoxiang serve --db PG
//! --workers`, a computer game played over HTTP gets its computer move from the
//! worker process, and SIGTERM makes the worker exit 0. Needs
//! `GUOXIANG_TEST_POSTGRES=postgres://…` (skipped, saying so, without it);
//! `serve --workers` on SQLite is refused everywhere.

mod common;

use common::http;
use serde_json::json;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn temp(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("gx-cli-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Kills the process when dropped (a failed assertion leaves nothing running).
struct Proc(Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits for `child` to exit, 20 s at most.
fn exit_status(child: &mut Child) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(s) = child.try_wait().expect("wait") {
            return s;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "still running");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_computer_game_gets_its_move_from_a_worker_process_and_sigterm_stops_the_worker() {
    let Ok(url) = std::env::var("GUOXIANG_TEST_POSTGRES") else {
        eprintln!("skipped: set GUOXIANG_TEST_POSTGRES to run the PostgreSQL tests");
        return;
    };
    let dir = temp("workers");
    let mut server = Command::new(env!("CARGO_BIN_EXE_guoxiang"))
        .args(["serve", "--addr", "127.0.0.1:0", "--no-tb-gen", "--workers"])
        .args(["--db", &url, "--data"])
        .arg(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let stdout = server.stdout.take().expect("stdout");
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).expect("a line");
    let server = Proc(server);
    let addr = line
        .split("http://")
        .nth(1)
        .map(|s| s.trim().trim_end_matches('/').to_string())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    let mut worker = Proc(
        Command::new(env!("CARGO_BIN_EXE_guoxiang"))
            .args(["worker", "--db", &url, "--threads", "1"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary runs"),
    );
    // The computer plays White: its first move comes from the worker.
    let created = http(
        &addr,
        "POST",
        "/api/games",
        Some(json!({"mode": "computer", "level": 1, "color": "black"})),
        None,
    );
    let id = created["id"].as_str().expect("id").to_string();
    let start = Instant::now();
    loop {
        let v = http(&addr, "GET", &format!("/api/games/{id}"), None, None);
        if v["moves"].as_array().is_some_and(|m| !m.is_empty()) {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no computer move: {v}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let status = Command::new("kill")
        .args(["-TERM", &worker.0.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let s = exit_status(&mut worker.0);
    assert!(s.success(), "the worker exits 0 on SIGTERM: {s:?}");
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn serve_with_workers_on_sqlite_is_refused_with_a_clear_message() {
    let dir = temp("workers-sqlite");
    let out = Command::new(env!("CARGO_BIN_EXE_guoxiang"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--no-tb-gen",
            "--workers",
            "--data",
        ])
        .arg(&dir)
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--workers needs PostgreSQL"),
        "the message says why: {err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
