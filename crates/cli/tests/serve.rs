//! `guoxiang serve` as a process: it prints the address to open, survives
//! `kill -9` mid-game without losing a move or charging the downtime, and stops
//! cleanly on SIGTERM.

mod common;

use common::http;
use serde_json::json;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn serve(dir: &Path) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_guoxiang"))
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let stdout = child.stdout.take().expect("stdout");
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).expect("a line");
    let addr = line
        .split("http://")
        .nth(1)
        .map(|s| s.trim().trim_end_matches('/').to_string())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    (child, addr)
}

fn temp(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("gx-cli-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn kill_9_mid_game_loses_no_move_and_charges_no_downtime() {
    let dir = temp("kill9");
    let (mut server, addr) = serve(&dir);
    let created = http(
        &addr,
        "POST",
        "/api/games",
        Some(json!({"mode": "friend", "color": "white", "clock": "5+0"})),
        None,
    );
    let id = created["id"].as_str().expect("id").to_string();
    let w = created["secret"].as_str().expect("secret").to_string();
    let joined = http(
        &addr,
        "POST",
        &format!("/api/games/{id}/join"),
        Some(json!({"key": created["join_key"]})),
        None,
    );
    let b = joined["secret"].as_str().expect("secret").to_string();
    for (i, m) in ["e2e4", "e7e5", "g1f3", "b8c6"].iter().enumerate() {
        let s = if i % 2 == 0 { &w } else { &b };
        let v = http(
            &addr,
            "POST",
            &format!("/api/games/{id}/actions"),
            Some(json!({"t": "move", "uci": m})),
            Some(s),
        );
        assert_eq!(v["moves"].as_array().map(Vec::len), Some(i + 1), "{v}");
    }
    let before = http(&addr, "GET", &format!("/api/games/{id}"), None, None);
    let white_before = before["clock"]["white_ms"].as_u64().expect("clock");
    server.kill().expect("kill -9");
    server.wait().expect("reaped");
    std::thread::sleep(Duration::from_millis(2_500));
    let (mut server, addr) = serve(&dir);
    let after = http(&addr, "GET", &format!("/api/games/{id}"), None, None);
    assert_eq!(after["moves"], json!(["e2e4", "e7e5", "g1f3", "b8c6"]));
    assert_eq!(after["status"], "active");
    let white_after = after["clock"]["white_ms"].as_u64().expect("clock");
    // White's clock ran during the 2.5 s outage but is not charged for it.
    assert!(
        white_after + 1_000 > white_before,
        "{white_before} -> {white_after}"
    );
    let v = http(
        &addr,
        "POST",
        &format!("/api/games/{id}/actions"),
        Some(json!({"t": "move", "uci": "f1c4"})),
        Some(&w),
    );
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(5), "{v}");
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sigterm_shuts_the_server_down_cleanly() {
    let dir = temp("term");
    let (mut server, addr) = serve(&dir);
    assert_eq!(http(&addr, "GET", "/api/health", None, None)["ok"], true);
    let status = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let start = Instant::now();
    loop {
        if let Some(s) = server.try_wait().expect("wait") {
            assert!(s.success(), "{s:?}");
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "still running");
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_advertised_address_that_is_not_http_host_port_is_refused_before_starting() {
    for bad in [
        "ftp://x:1",
        "http://10.0.0.5",
        "http://:80",
        "10.0.0.5:8080",
        "http://a/b:80",
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_guoxiang"))
            .args(["serve", "--advertise", bad])
            .output()
            .expect("the binary runs");
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("is not http://HOST:PORT"), "{bad}: {err}");
    }
}

#[test]
fn a_trusted_proxy_that_is_not_an_address_block_is_refused_before_starting() {
    for (bad, says) in [
        ("10.0.0/8", "is not an IP address"),
        ("10.0.0.0/33", "at most /32"),
        ("proxy.local", "is not an IP address"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_guoxiang"))
            .args(["serve", "--trust-proxy", bad])
            .output()
            .expect("the binary runs");
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{bad}: {err}");
    }
}
