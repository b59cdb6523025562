//! Puzzle attempts over HTTP, on the fixture set: both Glicko-2 ratings move, the
//! puzzle's is stored (read back by a server restarted on the same database), a
//! refused attempt counts for nothing, and too many attempts or judged moves from
//! one address are refused with 429 and `Retry-After` for a while.

mod common;
mod puzzles_fixture;

use common::*;
use guoxiang_puzzles::glicko::{self, Rating};
use guoxiang_server::time::TimeSource;
use guoxiang_server::{Config, Running};
use puzzles_fixture::*;
use serde_json::{json, Value};
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn stored_fixture_config(dir: &std::path::Path) -> Config {
    let mut c = config(dir);
    with_fixture(&mut c);
    c
}

async fn start_at(dir: &std::path::Path) -> (Running, Srv) {
    let running = guoxiang_server::start(stored_fixture_config(dir), TimeSource::real())
        .await
        .expect("server starts");
    let srv = Srv {
        addr: running.addr,
        running: None,
        time: TimeSource::real(),
        dir: temp_dir("pz-unused"),
    };
    (running, srv)
}

#[tokio::test]
async fn an_attempt_moves_both_ratings_and_is_stored() {
    let dir = temp_dir("pz-attempt");
    let player = Rating {
        rating: 1600.0,
        rd: 80.0,
        vol: 0.06,
    };
    let (p1, puzzle1) = glicko::duel(player, shipped(1500.0), 1.0);
    {
        let (running, srv) = start_at(&dir).await;
        // Refusals first: nothing is counted.
        let path = format!("/api/puzzles/{MATE2}/attempt");
        for (body, code) in [
            ("{}", "bad_request"),
            (r#"{"solved": "yes"}"#, "bad_request"),
            ("[1, 2", "bad_request"),
            (
                r#"{"solved": true, "player": {"rating": 1500, "rd": 0, "vol": 0.06}}"#,
                "bad_rating",
            ),
            (
                r#"{"solved": true, "player": {"rating": 1500, "rd": 50, "vol": 3}}"#,
                "bad_rating",
            ),
            (
                r#"{"solved": true, "player": {"rating": 1500}}"#,
                "bad_request",
            ),
        ] {
            let (s, v) = refused(&srv, "POST", &path, Some(body)).await;
            assert_eq!((s, v["error"].as_str()), (400, Some(code)), "{body}: {v}");
        }
        let v = ok(&srv, "GET", &format!("/api/puzzles/{MATE2}"), None).await;
        assert_eq!(v["plays"], 0, "a refused attempt counts for nothing");
        let body = json!({"solved": true, "player": {"rating": 1600.0, "rd": 80.0, "vol": 0.06}});
        let v = attempt(&srv, MATE2, body).await;
        assert!(
            (v["player"]["rating"].as_f64().unwrap() - p1.rating).abs() < 1e-9,
            "{v}"
        );
        assert!(
            (v["player"]["rd"].as_f64().unwrap() - p1.rd).abs() < 1e-9,
            "{v}"
        );
        assert_eq!(v["delta"], (p1.rating - 1600.0).round() as i64);
        assert_eq!(v["puzzle"]["rating"], puzzle1.rating.round() as i64);
        assert_eq!(v["puzzle"]["plays"], 1);
        running.shutdown().await;
    }
    // Another server on the same database reads the rating back and goes on from it.
    let (p2, puzzle2) = glicko::duel(p1, puzzle1, 0.0);
    let (running, srv) = start_at(&dir).await;
    let v = ok(&srv, "GET", &format!("/api/puzzles/{MATE2}"), None).await;
    assert_eq!(
        (v["rating"].as_i64(), v["plays"].as_u64()),
        (Some(puzzle1.rating.round() as i64), Some(1))
    );
    let body =
        json!({"solved": false, "player": {"rating": p1.rating, "rd": p1.rd, "vol": p1.vol}});
    let v = attempt(&srv, MATE2, body).await;
    assert!(
        (v["player"]["rating"].as_f64().unwrap() - p2.rating).abs() < 1e-9,
        "{v}"
    );
    assert_eq!(v["puzzle"]["rating"], puzzle2.rating.round() as i64);
    assert_eq!(
        (v["puzzle"]["rd"].as_i64(), v["puzzle"]["plays"].as_u64()),
        (Some(puzzle2.rd.round() as i64), Some(2))
    );
    // No player: a new solver's rating.
    let v = attempt(&srv, FORK, json!({"solved": true})).await;
    let (new, _) = glicko::duel(
        guoxiang_server::http::puzzles::NEW_SOLVER,
        shipped(1800.0),
        1.0,
    );
    assert!(
        (v["player"]["rating"].as_f64().unwrap() - new.rating).abs() < 1e-9,
        "{v}"
    );
    running.shutdown().await;
    let _ = std::fs::remove_dir_all(&dir);
}

/// Glicko-2 moves a puzzle the way its solvers say: solved, it was easier than rated.
#[tokio::test]
async fn solving_lowers_the_puzzles_rating_and_failing_raises_it() {
    let srv = server("pz-direction").await;
    let v = attempt(&srv, MATE2, json!({"solved": true})).await;
    assert!(v["puzzle"]["rating"].as_i64().unwrap() < 1500, "{v}");
    assert!(v["delta"].as_i64().unwrap() > 0, "{v}");
    let v = attempt(&srv, FORK, json!({"solved": false})).await;
    assert!(v["puzzle"]["rating"].as_i64().unwrap() > 1800, "{v}");
    assert!(v["delta"].as_i64().unwrap() < 0, "{v}");
}

/// Status, `Retry-After` and body of one request.
async fn raw(addr: SocketAddr, path: &str, body: &str) -> (u16, Option<String>, Value) {
    let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.expect("send");
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.expect("read");
    let text = String::from_utf8_lossy(&buf).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").expect("a response");
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("status");
    let retry = head.lines().find_map(|l| {
        l.to_ascii_lowercase()
            .strip_prefix("retry-after:")
            .map(|v| v.trim().to_owned())
    });
    (
        status,
        retry,
        serde_json::from_str(rest).unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn too_many_attempts_or_moves_from_one_address_are_refused_for_a_while() {
    let srv = start_with("pz-limit", TimeSource::manual(1_000_000), |c| {
        with_fixture(c);
        c.puzzle_attempts_per_minute = 2;
        c.puzzle_moves_per_minute = 3;
    })
    .await;
    let path = format!("/api/puzzles/{MATE1}/attempt");
    let body = r#"{"solved": true}"#;
    for _ in 0..2 {
        assert_eq!(raw(srv.addr, &path, body).await.0, 200);
    }
    let (s, retry, v) = raw(srv.addr, &path, body).await;
    assert_eq!((s, v["error"].as_str()), (429, Some("rate_limited")), "{v}");
    assert_eq!(retry.as_deref(), Some("30"));
    let plays = ok(&srv, "GET", &format!("/api/puzzles/{MATE1}"), None).await["plays"].clone();
    assert_eq!(plays, 2, "the refused attempt is not counted");
    srv.time.advance(30_000);
    assert_eq!(raw(srv.addr, &path, body).await.0, 200);
    // Moves have their own bucket.
    let mv = format!("/api/puzzles/{MATE1}/move");
    for _ in 0..3 {
        assert_eq!(raw(srv.addr, &mv, r#"{"ply":0,"uci":"a1a8"}"#).await.0, 200);
    }
    let (s, retry, _) = raw(srv.addr, &mv, r#"{"ply":0,"uci":"a1a8"}"#).await;
    assert_eq!((s, retry.as_deref()), (429, Some("20")));
}
