//! `GET /metrics` after a real game: the counters move by exactly what was
//! played (this file holds one test, so no other test shares the process's
//! metrics), and the exposition is well-formed text format 0.0.4.

mod common;

use common::*;
use serde_json::json;
use std::collections::HashMap;

/// Samples by name with labels (`name{le="0.001"}`), after checking that the
/// text is a well-formed exposition: every sample belongs to a family declared
/// by `# HELP` and `# TYPE` before it, and every value is a number.
fn parse(text: &str) -> (HashMap<String, f64>, HashMap<String, String>) {
    let mut types = HashMap::new();
    let mut helped = std::collections::HashSet::new();
    let mut samples = HashMap::new();
    assert!(text.ends_with('\n'), "the exposition ends with a newline");
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# HELP ") {
            let (name, help) = rest.split_once(' ').expect("# HELP name text");
            assert!(!help.is_empty(), "{line}");
            assert!(
                helped.insert(name.to_string()),
                "one HELP per family: {line}"
            );
        } else if let Some(rest) = line.strip_prefix("# TYPE ") {
            let (name, kind) = rest.split_once(' ').expect("# TYPE name kind");
            assert!(helped.contains(name), "HELP before TYPE: {line}");
            assert!(["counter", "gauge", "histogram"].contains(&kind), "{line}");
            assert!(types.insert(name.to_string(), kind.to_string()).is_none());
        } else {
            assert!(!line.starts_with('#') && !line.is_empty(), "{line:?}");
            let (key, value) = line.rsplit_once(' ').expect("name value");
            let value: f64 = value.parse().unwrap_or_else(|_| panic!("a number: {line}"));
            let name = key.split('{').next().expect("a name");
            let family = [
                name,
                name.trim_end_matches("_bucket"),
                name.trim_end_matches("_sum"),
                name.trim_end_matches("_count"),
            ]
            .into_iter()
            .find(|f| types.contains_key(*f))
            .unwrap_or_else(|| panic!("no # TYPE for {line}"));
            if family != name {
                assert_eq!(types[family], "histogram", "{line}");
            }
            assert!(
                name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
                "{line}"
            );
            assert!(
                samples.insert(key.to_string(), value).is_none(),
                "twice: {line}"
            );
        }
    }
    (samples, types)
}

/// Checks the histogram `name`: buckets in rising order of `le`, cumulative,
/// ending with `+Inf` equal to `_count`; returns `_count`.
fn histogram_count(text: &str, name: &str) -> f64 {
    let prefix = format!("{name}_bucket{{le=\"");
    let mut last_le = f64::NEG_INFINITY;
    let mut last = 0.0;
    let mut inf = None;
    for line in text.lines().filter(|l| l.starts_with(&prefix)) {
        let rest = &line[prefix.len()..];
        let (le, value) = rest.split_once("\"} ").expect("le and value");
        let le: f64 = if le == "+Inf" {
            f64::INFINITY
        } else {
            le.parse().expect("le")
        };
        let value: f64 = value.parse().expect("value");
        assert!(le > last_le, "buckets in rising order: {line}");
        assert!(value >= last, "buckets are cumulative: {line}");
        (last_le, last) = (le, value);
        if le.is_infinite() {
            inf = Some(value);
        }
    }
    let (samples, _) = parse(text);
    let count = samples[&format!("{name}_count")];
    assert_eq!(inf, Some(count), "+Inf equals _count");
    count
}

async fn scrape(srv: &Srv) -> String {
    let (status, text) = srv.http("GET", "/metrics", None, None).await;
    assert_eq!(status, 200, "{text}");
    text
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_the_moves_games_sockets_and_requests_of_a_played_game() {
    let srv = manual("metrics").await;
    let before = scrape(&srv).await;
    let (b, types) = parse(&before);
    assert_eq!(types["guoxiang_live_games"], "gauge");
    assert_eq!(types["guoxiang_moves_committed_total"], "counter");
    assert_eq!(types["guoxiang_move_commit_seconds"], "histogram");
    assert_eq!(types["guoxiang_websocket_connections"], "gauge");
    assert_eq!(types["guoxiang_engine_queue"], "gauge");
    assert_eq!(types["guoxiang_http_requests_total"], "counter");
    assert!(b["process_start_time_seconds"] > 1.6e9);
    let commits_before = histogram_count(&before, "guoxiang_move_commit_seconds");

    // Create (201), a refused join (403), the join (200).
    let (id, w, bl) = srv.friend_game(json!("5+3"), None).await;
    let mut white = srv.ws(&id, Some(&w)).await;
    let mut black = srv.ws(&id, Some(&bl)).await;
    white.until(|v| v["t"] == "hello").await;
    black.until(|v| v["t"] == "hello").await;
    let (open, _) = parse(&scrape(&srv).await);
    assert_eq!(open["guoxiang_websocket_connections"], 2.0);
    assert_eq!(open["guoxiang_live_games"], 1.0);
    // Two moves over HTTP (200 each), two over the WebSockets: Fool's mate.
    srv.mv(&id, &w, "f2f3").await;
    srv.mv(&id, &bl, "e7e5").await;
    white
        .send(json!({"t": "move", "uci": "g2g4", "id": 1}))
        .await;
    assert_eq!(white.answer().await["t"], "ok");
    black
        .send(json!({"t": "move", "uci": "d8h4", "id": 2}))
        .await;
    assert_eq!(black.answer().await["t"], "ok");
    let (status, _) = srv.http("GET", "/no/such/path", None, None).await;
    assert_eq!(status, 404);

    let during = scrape(&srv).await;
    let (d, _) = parse(&during);
    let delta = |k: &str| d[k] - b[k];
    assert_eq!(delta("guoxiang_moves_committed_total"), 4.0);
    assert_eq!(delta("guoxiang_games_created_total"), 1.0);
    assert_eq!(
        delta("guoxiang_games_ended_total"),
        1.0,
        "checkmate ends the game"
    );
    assert_eq!(d["guoxiang_engine_queue"], 0.0);
    // Two scrapes, create, join, two moves; the refused join and the 404; the
    // two upgrades.
    assert_eq!(delta("guoxiang_http_requests_total{class=\"2xx\"}"), 6.0);
    assert_eq!(delta("guoxiang_http_requests_total{class=\"4xx\"}"), 2.0);
    assert_eq!(delta("guoxiang_http_requests_total{class=\"1xx\"}"), 2.0);
    assert_eq!(delta("guoxiang_http_requests_total{class=\"5xx\"}"), 0.0);
    let commits = histogram_count(&during, "guoxiang_move_commit_seconds");
    assert_eq!(commits - commits_before, 4.0, "_count equals the moves");
    assert!(delta("guoxiang_move_commit_seconds_sum") > 0.0);
    assert!(!during.contains(&id), "no game id in the metrics");
    assert!(!during.contains(&w) && !during.contains(&bl), "no secret");

    // A finished game's sockets stay open (rematch, spectators); once the
    // players close them, its task ends.
    white.close().await;
    black.close().await;
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let (now, _) = parse(&scrape(&srv).await);
        if now["guoxiang_websocket_connections"] == 0.0 && now["guoxiang_live_games"] == 0.0 {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "gauges fall back: {now:?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}
