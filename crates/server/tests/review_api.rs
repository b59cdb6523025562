//! Game review over HTTP: an uploaded PGN is queued, reviewed on the review
//! threads and polled until done, its blunder explained in every language; a
//! finished server game is reviewed once however often it is asked for, an
//! unfinished one is refused; a bad PGN is refused saying what and where; one
//! address may ask for 10 reviews a minute; a full queue answers 503; a done
//! review survives a restart and one left waiting or running is taken up again.

mod common;

use common::*;
use guoxiang_server::review::{Effort, ReviewSettings, QUEUE_BOUND};
use guoxiang_server::store::{ReviewWrite, Store, Write};
use guoxiang_server::time::TimeSource;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::Path;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Black leaves the queen where the knight takes it (3...Qg5?? 4.Nxg5).
const HANGING_QUEEN: &str = "[Event \"Casual\"]\n[White \"Li Lei\"]\n[Black \"Han Meimei\"]\n\
    [Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Qg5 4. Nxg5 1-0\n";

/// Quick reviews on `threads` threads, no rate limit to speak of.
fn quick(threads: usize) -> ReviewSettings {
    ReviewSettings {
        threads,
        effort: Effort::Nodes(2_000),
        hash_mb: 1,
        per_minute: 10_000,
    }
}

async fn server(tag: &str, review: ReviewSettings) -> Srv {
    start_with(tag, TimeSource::manual(1_000_000), move |c| {
        c.review = review
    })
    .await
}

/// A server on the data directory `dir` (kept after the server is gone).
async fn server_in(tag: &str, dir: &Path, review: ReviewSettings) -> Srv {
    let dir = dir.to_path_buf();
    start_with(tag, TimeSource::manual(1_000_000), move |c| {
        c.tb_dir = dir.join("tablebase");
        c.data_dir = dir;
        c.review = review;
    })
    .await
}

async fn upload(srv: &Srv, pgn: &str) -> (u16, Value) {
    srv.json("POST", "/api/reviews", Some(json!({ "pgn": pgn })), None)
        .await
}

/// Uploads `pgn`, which must be accepted; the review's id.
async fn accepted(srv: &Srv, pgn: &str) -> String {
    let (s, v) = upload(srv, pgn).await;
    assert_eq!(s, 202, "{v}");
    v["id"].as_str().expect("id").to_owned()
}

async fn view(srv: &Srv, id: &str) -> Value {
    let (s, v) = srv
        .json("GET", &format!("/api/reviews/{id}"), None, None)
        .await;
    assert_eq!(s, 200, "{v}");
    v
}

/// Polls review `id` until it is done (or failed), checking the progress on the way.
async fn finished(srv: &Srv, id: &str) -> Value {
    let poll = async {
        loop {
            let v = view(srv, id).await;
            let (done, total) = (&v["progress"]["done"], &v["progress"]["total"]);
            assert!(done.as_u64() <= total.as_u64(), "{v}");
            if v["status"] == "done" || v["status"] == "failed" {
                return v;
            }
            assert!(v["status"] == "queued" || v["status"] == "running", "{v}");
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    };
    tokio::time::timeout(WAIT, poll)
        .await
        .expect("review done in time")
}

/// Status, `Retry-After` and body of one POST.
async fn post_raw(addr: SocketAddr, path: &str, body: &str) -> (u16, Option<String>, Value) {
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_uploaded_game_is_reviewed_and_the_hanging_queen_explained_in_every_language() {
    let srv = server("rv-upload", quick(1)).await;
    let id = accepted(&srv, HANGING_QUEEN).await;
    let v = finished(&srv, &id).await;
    assert_eq!(v["status"], "done", "{v}");
    assert_eq!(v["id"], json!(id));
    assert_eq!(v["game_id"], Value::Null);
    assert_eq!(
        (&v["white"], &v["black"], &v["result"]),
        (&json!("Li Lei"), &json!("Han Meimei"), &json!("1-0"))
    );
    assert_eq!(
        v["start_fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(v["progress"]["done"], v["progress"]["total"], "{v}");
    assert_eq!(v["error"], Value::Null);
    let accuracy = &v["accuracy"];
    for side in ["white", "black"] {
        let a = accuracy[side].as_f64().expect("an accuracy");
        assert!((0.0..=100.0).contains(&a), "{accuracy}");
    }
    let moves = v["moves"].as_array().expect("moves");
    let sans: Vec<&str> = moves.iter().filter_map(|m| m["san"].as_str()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bc4", "Qg5", "Nxg5"]);
    let queen = &moves[5];
    assert_eq!(
        (&queen["ply"], &queen["uci"], &queen["class"]),
        (&json!(6), &json!("d8g5"), &json!("blunder")),
        "{queen}"
    );
    assert_eq!(
        queen["fen_after"],
        "r1b1kbnr/pppp1ppp/2n5/4p1q1/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
    );
    assert!(
        queen["best"].is_string() && queen["best"] != "d8g5",
        "{queen}"
    );
    assert!(queen["best_san"].is_string(), "{queen}");
    assert_eq!(queen["best_line"][0], queen["best"], "{queen}");
    let after = &queen["eval_after"];
    assert!(
        after["cp"].as_i64().is_some_and(|cp| cp > 400) || after["mate"].as_i64() > Some(0),
        "White is winning once the queen hangs: {after}"
    );
    let text = &queen["explanation"]["text"];
    let (en, cn, tw) = (
        text["en"].as_str().unwrap_or_default(),
        text["zh-CN"].as_str().unwrap_or_default(),
        text["zh-TW"].as_str().unwrap_or_default(),
    );
    assert!(
        !en.is_empty() && !cn.is_empty() && !tw.is_empty(),
        "{queen}"
    );
    assert!(
        en.contains("g5") && cn.contains("g5") && tw.contains("g5"),
        "{text}"
    );
    assert!(
        cn.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
        "{cn}"
    );
    assert_ne!(cn, tw, "zh-TW is written for Taiwan, not a copy");
    assert!(queen["explanation"]["arrows"].is_array());
    for m in moves {
        let class = m["class"].as_str().unwrap_or_default();
        let bad = matches!(class, "inaccuracy" | "mistake" | "blunder");
        assert!(bad || m["explanation"].is_null(), "{m}");
    }
}

/// Morphy's Opera Game (Paris, 1858): 33 moves to review.
const OPERA: &str = "[White \"Paul Morphy\"]\n[Black \"Duke Karl / Count Isouard\"]\n\
    [Result \"1-0\"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 \
    7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 \
    14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_progress_moves_on_while_a_review_runs() {
    let srv = server(
        "rv-progress",
        ReviewSettings {
            effort: Effort::Nodes(20_000),
            ..quick(1)
        },
    )
    .await;
    let id = accepted(&srv, OPERA).await;
    let mut seen = Vec::new();
    let poll = async {
        loop {
            let v = view(&srv, &id).await;
            let p = (
                v["status"].as_str().unwrap_or_default().to_owned(),
                v["progress"]["done"].as_u64().unwrap_or(0),
                v["progress"]["total"].as_u64().unwrap_or(0),
            );
            if seen.last() != Some(&p) {
                seen.push(p.clone());
            }
            if p.0 == "done" || p.0 == "failed" {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    };
    tokio::time::timeout(WAIT, poll)
        .await
        .expect("review done in time");
    assert_eq!(seen.last(), Some(&("done".to_owned(), 34, 34)), "{seen:?}");
    assert!(
        seen.iter()
            .any(|(s, done, total)| s == "running" && *done > 0 && done < total),
        "a running review shows how far it got: {seen:?}"
    );
    let dones: Vec<u64> = seen.iter().map(|p| p.1).collect();
    assert!(dones.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
}

#[tokio::test]
async fn a_bad_pgn_is_refused_saying_what_is_wrong_and_where() {
    let srv = server("rv-bad", quick(0)).await;
    let (s, v) = upload(&srv, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Qxd8 *").await;
    assert_eq!((s, v["error"].as_str()), (400, Some("bad_pgn")), "{v}");
    let message = v["message"].as_str().unwrap_or_default();
    assert!(message.contains("5. Qxd8"), "names the move: {message}");
    let (s, v) = upload(&srv, "[White \"Li\"\n\n1. e4 *").await;
    assert_eq!(s, 400, "{v}");
    assert!(
        v["message"].as_str().unwrap_or_default().contains("line 1"),
        "{v}"
    );
    let (s, v) = upload(&srv, "1. e4 e5 *\n\n1. d4 d5 *\n").await;
    assert_eq!(
        (s, v["error"].as_str()),
        (400, Some("several_games")),
        "{v}"
    );
    let (s, v) = upload(&srv, "[White \"Li\"]\n\n*").await;
    assert_eq!((s, v["error"].as_str()), (400, Some("bad_pgn")), "{v}");
    let (s, v) = upload(&srv, &"1. e4 e5 ".repeat(8_000)).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (413, Some("payload_too_large")),
        "{v}"
    );
    let (s, v) = srv
        .json("POST", "/api/reviews", Some(json!({"fen": "x"})), None)
        .await;
    assert_eq!((s, v["error"].as_str()), (400, Some("bad_request")), "{v}");
    for id in ["00ff00ff00ff00ff", "not-an-id"] {
        let (s, v) = srv
            .json("GET", &format!("/api/reviews/{id}"), None, None)
            .await;
        assert_eq!((s, v["error"].as_str()), (404, Some("not_found")), "{v}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_reviewed_once_and_an_unfinished_one_is_refused() {
    let srv = server("rv-game", quick(1)).await;
    let (id, secret) = srv.create(json!({"mode": "hotseat"})).await;
    let path = format!("/api/games/{id}/review");
    for uci in ["f2f3", "e7e5", "g2g4"] {
        srv.mv(&id, &secret, uci).await;
    }
    let (s, v) = srv.json("POST", &path, None, None).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (409, Some("game_not_finished")),
        "{v}"
    );
    srv.mv(&id, &secret, "d8h4").await;
    assert_eq!(srv.get(&id, None).await["status"], "finished");
    let (s, first) = srv.json("POST", &path, None, None).await;
    assert_eq!(s, 202, "{first}");
    let (s, again) = srv.json("POST", &path, None, None).await;
    assert_eq!(
        (s, &again),
        (202, &first),
        "the same review for the same game"
    );
    let review = first["id"].as_str().expect("id");
    let v = finished(&srv, review).await;
    assert_eq!((&v["status"], &v["game_id"]), (&json!("done"), &json!(id)));
    assert_eq!(v["result"], "0-1");
    let (s, later) = srv.json("POST", &path, None, None).await;
    assert_eq!((s, &later), (202, &first), "and once it is done");
    let (s, v) = srv
        .json("POST", "/api/games/nosuchgame/review", None, None)
        .await;
    assert_eq!((s, v["error"].as_str()), (404, Some("not_found")), "{v}");
}

#[tokio::test]
async fn one_address_may_ask_for_ten_reviews_a_minute() {
    let srv = server(
        "rv-limit",
        ReviewSettings {
            per_minute: 10,
            ..quick(0)
        },
    )
    .await;
    let body = json!({ "pgn": HANGING_QUEEN }).to_string();
    for _ in 0..10 {
        assert_eq!(post_raw(srv.addr, "/api/reviews", &body).await.0, 202);
    }
    let (s, retry, v) = post_raw(srv.addr, "/api/reviews", &body).await;
    assert_eq!((s, v["error"].as_str()), (429, Some("rate_limited")), "{v}");
    assert_eq!(retry.as_deref(), Some("6"), "one review every 6 s");
    srv.time.advance(6_000);
    assert_eq!(post_raw(srv.addr, "/api/reviews", &body).await.0, 202);
}

#[tokio::test]
async fn a_full_queue_answers_503_and_a_waiting_review_says_it_is_queued() {
    let srv = server("rv-full", quick(0)).await;
    let first = accepted(&srv, HANGING_QUEEN).await;
    for _ in 1..QUEUE_BOUND {
        accepted(&srv, HANGING_QUEEN).await;
    }
    let (s, v) = upload(&srv, HANGING_QUEEN).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (503, Some("review_queue_full")),
        "{v}"
    );
    let v = view(&srv, &first).await;
    assert_eq!(v["status"], "queued");
    assert_eq!(v["progress"], json!({"done": 0, "total": 8}), "8 positions");
    assert_eq!((&v["accuracy"], &v["moves"]), (&Value::Null, &json!([])));
    assert_eq!(v["white"], "Li Lei");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_done_review_survives_a_restart_and_one_left_waiting_or_running_is_taken_up_again() {
    let dir = temp_dir("rv-restart");
    let (done, before) = {
        let mut srv = server_in("rv-restart-1", &dir, quick(1)).await;
        let id = accepted(&srv, HANGING_QUEEN).await;
        let v = finished(&srv, &id).await;
        srv.stop().await;
        (id, v)
    };
    let (waiting_id, running_id) = {
        // No review threads: both wait.
        let mut srv = server_in("rv-restart-2", &dir, quick(0)).await;
        let a = accepted(&srv, "1. d4 d5 2. c4 e6 *").await;
        let b = accepted(&srv, "1. c4 e5 *").await;
        srv.stop().await;
        (a, b)
    };
    // As if the server had died while reviewing `running_id`.
    {
        let store = Store::open(None, &dir).expect("open the database");
        store
            .write(Write::Review(ReviewWrite::Status {
                id: running_id.clone(),
                status: "running".into(),
                result: None,
                error: None,
                at: 1,
            }))
            .await
            .expect("stored");
    }
    let srv = server_in("rv-restart-3", &dir, quick(1)).await;
    assert_eq!(view(&srv, &done).await, before, "the done review as it was");
    for id in [&waiting_id, &running_id] {
        let v = finished(&srv, id).await;
        assert_eq!(v["status"], "done", "{v}");
    }
    assert_eq!(
        finished(&srv, &waiting_id).await["moves"][3]["san"],
        json!("e6")
    );
    drop(srv);
    let _ = std::fs::remove_dir_all(&dir);
}
