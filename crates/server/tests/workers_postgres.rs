//! Worker processes (issue 20): a server started with `workers` searches no
//! computer move and reviews no game itself; it stores jobs that workers
//! (`guoxiang_server::worker::run`, in this test's process, on real PostgreSQL)
//! claim, do and answer. Each test works in a schema of its own. Needs
//! `GUOXIANG_TEST_POSTGRES=postgres://…` (skipped, saying so, without it) — but
//! for the refusal of `workers` on SQLite, which runs everywhere.

mod common;

use common::*;
use guoxiang_server::review::{Effort, ReviewSettings};
use guoxiang_server::time::TimeSource;
use guoxiang_server::worker::{self, Stats, WorkerConfig};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A fresh schema of the test database: the URL that works in it.
async fn schema(url: &str, tag: &str) -> String {
    let name = format!("gx_workers_{tag}_{}", std::process::id());
    sql(
        url.to_owned(),
        format!("DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name}"),
    )
    .await;
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}options=-csearch_path%3D{name}")
}

/// A server that leaves its engine work to workers.
async fn web(tag: &str, url: &str) -> Srv {
    let url = url.to_owned();
    start_with(tag, TimeSource::real(), move |c| {
        c.db = Some(url);
        c.workers = true;
        c.review = ReviewSettings {
            per_minute: 10_000,
            ..ReviewSettings::default()
        };
    })
    .await
}

/// A worker running on a thread of this process.
struct Worker {
    stop: Arc<AtomicBool>,
    stats: Arc<Stats>,
    thread: Option<std::thread::JoinHandle<Result<(), worker::WorkerError>>>,
}

fn worker(url: &str, threads: usize, nodes: u64) -> Worker {
    let stop = Arc::new(AtomicBool::new(false));
    let stats = Arc::new(Stats::default());
    let mut config = WorkerConfig::new(url);
    config.threads = threads;
    config.effort = Effort::Nodes(nodes);
    config.hash_mb = 1;
    let (s, st) = (stop.clone(), stats.clone());
    let thread = std::thread::spawn(move || worker::run(config, s, st));
    Worker {
        stop,
        stats,
        thread: Some(thread),
    }
}

impl Worker {
    async fn stop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let r = tokio::task::spawn_blocking(move || t.join())
                .await
                .expect("joined");
            assert!(matches!(r, Ok(Ok(()))), "the worker stops cleanly");
        }
    }

    fn moves(&self) -> u64 {
        self.stats.moves.load(Ordering::Relaxed)
    }
    fn reviews(&self) -> u64 {
        self.stats.reviews.load(Ordering::Relaxed)
    }
    fn claims(&self) -> u64 {
        self.stats.claims.load(Ordering::Relaxed)
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

fn plies(v: &Value) -> usize {
    v["moves"].as_array().map_or(0, Vec::len)
}

/// A game of 46 moves (92 plies) to review.
const LONG_PGN: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 \
8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 \
16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 21. Nc4 Nxc4 22. Bxc4 Nb6 \
23. Ne5 Rae8 24. Bxf7+ Rxf7 25. Nxf7 Rxe1+ 26. Qxe1 Kxf7 27. Qe3 Qg5 28. Qxg5 hxg5 29. b3 Ke6 \
30. a3 Kd6 31. axb4 cxb4 32. Ra5 Nd5 33. f3 Bc8 34. Kf2 Bf5 35. Ra7 g6 36. Ra6+ Kc5 37. Ke1 Nf4 \
38. g3 Nxh3 39. Kd2 Kb5 40. Rd6 Kc5 41. Ra6 Nf2 42. g4 Bd3 43. Re6 Kd5 44. Re8 Kd4 45. Re1 Nh3 \
46. Re8 Nf4 1/2-1/2";

async fn review_view(srv: &Srv, id: &str) -> Value {
    let (s, v) = srv
        .json("GET", &format!("/api/reviews/{id}"), None, None)
        .await;
    assert_eq!(s, 200, "{v}");
    v
}

/// Polls review `id` until `pred` holds.
async fn review_until(srv: &Srv, id: &str, pred: impl Fn(&Value) -> bool) -> Value {
    let poll = async {
        loop {
            let v = review_view(srv, id).await;
            if pred(&v) {
                return v;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(120), poll)
        .await
        .expect("the review got there in time")
}

#[tokio::test]
async fn workers_on_sqlite_are_refused_at_start() {
    let dir = temp_dir("workers-sqlite");
    let mut c = config(&dir);
    c.workers = true;
    let r = guoxiang_server::start(c, TimeSource::real()).await;
    let Err(e) = r else {
        panic!("a server with workers on SQLite started");
    };
    assert!(
        matches!(e, guoxiang_server::ServerError::WorkersNeedPostgres),
        "{e}"
    );
    assert!(e.to_string().contains("PostgreSQL"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_moves_at_levels_1_and_8_come_from_a_worker() {
    let Some(url) = url() else { return };
    let url = schema(&url, "moves").await;
    let srv = web("workers-moves", &url).await;
    let mut w = worker(&url, 1, 2_000);
    // Level 1: the human plays White, the worker answers.
    let (id, me) = srv
        .create(json!({"mode": "computer", "level": 1, "color": "white"}))
        .await;
    srv.mv(&id, &me, "e2e4").await;
    srv.wait_for(&id, |v| plies(v) >= 2).await;
    srv.mv(&id, &me, "d2d4").await;
    srv.wait_for(&id, |v| plies(v) >= 4).await;
    // Level 8: the computer plays White and moves first.
    let (id8, _) = srv
        .create(json!({"mode": "computer", "level": 8, "color": "black"}))
        .await;
    srv.wait_for(&id8, |v| plies(v) >= 1).await;
    assert!(w.moves() >= 3, "the worker found the moves: {}", w.moves());
    // Delivered jobs are deleted.
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let n = tokio::task::spawn_blocking({
            let url = url.clone();
            move || {
                let mut c = postgres::Client::connect(&url, postgres::NoTls).expect("connect");
                let n: i64 = c
                    .query_one("SELECT COUNT(*) FROM jobs", &[])
                    .expect("count")
                    .get(0);
                n
            }
        })
        .await
        .expect("joined");
        if n == 0 {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "{n} jobs left");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    w.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_waits_for_a_worker_and_is_answered_once_one_starts() {
    let Some(url) = url() else { return };
    let url = schema(&url, "waits").await;
    let srv = web("workers-waits", &url).await;
    let (id, _) = srv
        .create(json!({"mode": "computer", "level": 2, "color": "black"}))
        .await;
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    assert_eq!(
        plies(&srv.get(&id, None).await),
        0,
        "no worker: no move yet"
    );
    let mut w = worker(&url, 1, 2_000);
    srv.wait_for(&id, |v| plies(v) >= 1).await;
    assert_eq!(w.moves(), 1);
    w.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_shows_a_workers_progress_and_another_finishes_it_when_the_first_stops() {
    let Some(url) = url() else { return };
    let url = schema(&url, "review").await;
    let srv = web("workers-review", &url).await;
    let (s, v) = srv
        .json(
            "POST",
            "/api/reviews",
            Some(json!({ "pgn": LONG_PGN })),
            None,
        )
        .await;
    assert_eq!(s, 202, "{v}");
    let id = v["id"].as_str().expect("id").to_owned();
    let queued = review_view(&srv, &id).await;
    assert_eq!(queued["status"], "queued", "no worker yet: {queued}");
    let mut a = worker(&url, 1, 60_000);
    let running = review_until(&srv, &id, |v| {
        v["status"] == "running" && v["progress"]["done"].as_u64().unwrap_or(0) > 0
    })
    .await;
    let total = running["progress"]["total"].as_u64().expect("total");
    assert_eq!(total, 93, "{running}");
    assert!(
        running["progress"]["done"].as_u64().unwrap_or(0) < total,
        "seen while it runs: {running}"
    );
    // A stops mid-review: its claim goes back and B takes the review on.
    a.stop().await;
    let mut b = worker(&url, 1, 2_000);
    let done = review_until(&srv, &id, |v| {
        v["status"] == "done" || v["status"] == "failed"
    })
    .await;
    assert_eq!(done["status"], "done", "{done}");
    assert_eq!(done["moves"].as_array().map(Vec::len), Some(92));
    assert_eq!((a.reviews(), b.reviews()), (0, 1), "B stored it, A nothing");
    b.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_workers_never_both_do_one_job() {
    let Some(url) = url() else { return };
    let url = schema(&url, "two").await;
    let srv = web("workers-two", &url).await;
    let mut a = worker(&url, 2, 1_000);
    let mut b = worker(&url, 2, 1_000);
    let mut games = Vec::new();
    for _ in 0..6 {
        let (id, _) = srv
            .create(json!({"mode": "computer", "level": 1, "color": "black"}))
            .await;
        games.push(id);
    }
    let mut reviews = Vec::new();
    for n in 0..3 {
        let pgn = format!("[Round \"{n}\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Qg5 4. Nxg5 1-0");
        let (s, v) = srv
            .json("POST", "/api/reviews", Some(json!({ "pgn": pgn })), None)
            .await;
        assert_eq!(s, 202, "{v}");
        reviews.push(v["id"].as_str().expect("id").to_owned());
    }
    for id in &games {
        srv.wait_for(id, |v| plies(v) >= 1).await;
    }
    for id in &reviews {
        let v = review_until(&srv, id, |v| v["status"] == "done").await;
        assert_eq!(v["moves"].as_array().map(Vec::len), Some(7));
    }
    assert_eq!(a.moves() + b.moves(), 6, "each move searched once");
    assert_eq!(a.reviews() + b.reviews(), 3, "each review done once");
    assert_eq!(a.claims() + b.claims(), 9, "each job claimed once");
    a.stop().await;
    b.stop().await;
}

/// The latency a computer move adds through a worker (docs/BENCHMARKS.md): 50
/// level-1 first moves, from the game's creation to the move heard on its
/// WebSocket, with the local pool and with one worker. Run with `--ignored
/// --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn bench_computer_move_latency_local_vs_worker() {
    let Some(url) = url() else { return };
    async fn measure(srv: &Srv) -> Vec<f64> {
        let mut ms = Vec::new();
        for _ in 0..50 {
            let t = std::time::Instant::now();
            let (id, me) = srv
                .create(json!({"mode": "computer", "level": 1, "color": "black"}))
                .await;
            let mut ws = srv.ws(&id, Some(&me)).await;
            ws.until(|v| {
                (v["t"] == "hello" || v["t"] == "state")
                    && v["state"]["moves"]
                        .as_array()
                        .is_some_and(|m| !m.is_empty())
            })
            .await;
            ms.push(t.elapsed().as_secs_f64() * 1000.0);
            ws.close().await;
        }
        ms.sort_by(f64::total_cmp);
        ms
    }
    let pct = |v: &[f64], p: f64| v[((v.len() as f64 - 1.0) * p).round() as usize];
    let local_url = schema(&url, "bench_local").await;
    let local = start_with("bench-local", TimeSource::real(), {
        let u = local_url.clone();
        move |c| c.db = Some(u)
    })
    .await;
    let l = measure(&local).await;
    drop(local);
    let url = schema(&url, "bench_worker").await;
    let srv = web("bench-worker", &url).await;
    let mut w = worker(&url, 1, 1_000);
    let r = measure(&srv).await;
    w.stop().await;
    println!(
        "local pool: p50 {:.1} ms, p99 {:.1} ms; through a worker: p50 {:.1} ms, p99 {:.1} ms",
        pct(&l, 0.5),
        pct(&l, 0.99),
        pct(&r, 0.5),
        pct(&r, 0.99)
    );
}
