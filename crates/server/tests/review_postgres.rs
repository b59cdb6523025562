//! Game reviews on PostgreSQL: migration 6 creates `reviews`, an uploaded game is
//! reviewed and stored, a server game is reviewed once, and a server restarted on
//! the same database shows the done review as it was. The test needs a database:
//! set `GUOXIANG_TEST_POSTGRES=postgres://user@127.0.0.1:5432/db` (a scratch
//! database; the test works in a schema of its own and drops it). Without it, it
//! prints that it was skipped and passes.

mod common;

use common::*;
use guoxiang_server::review::{Effort, ReviewSettings};
use guoxiang_server::time::TimeSource;
use serde_json::{json, Value};

async fn on_postgres(tag: &str, url: &str) -> Srv {
    let url = url.to_owned();
    start_with(tag, TimeSource::manual(0), move |c| {
        c.db = Some(url);
        c.review = ReviewSettings {
            threads: 1,
            effort: Effort::Nodes(2_000),
            hash_mb: 1,
            per_minute: 10_000,
        };
    })
    .await
}

/// Polls review `id` until it is done or failed.
async fn finished(srv: &Srv, id: &str) -> Value {
    let poll = async {
        loop {
            let (s, v) = srv
                .json("GET", &format!("/api/reviews/{id}"), None, None)
                .await;
            assert_eq!(s, 200, "{v}");
            if v["status"] == "done" || v["status"] == "failed" {
                return v;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    };
    tokio::time::timeout(WAIT, poll)
        .await
        .expect("review done in time")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_stored_on_postgres_is_read_back_after_a_restart() {
    let Some(url) = url() else { return };
    let schema = format!("gx_reviews_{}", std::process::id());
    let sep = if url.contains('?') { '&' } else { '?' };
    let scoped = format!("{url}{sep}options=-csearch_path%3D{schema}");
    sql(
        url.clone(),
        format!("DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}"),
    )
    .await;
    let pgn = "[White \"Li Lei\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Qg5 4. Nxg5 1-0";
    let (upload, game_review, game_id) = {
        let mut srv = on_postgres("pg-reviews", &scoped).await;
        let (s, v) = srv
            .json("POST", "/api/reviews", Some(json!({ "pgn": pgn })), None)
            .await;
        assert_eq!(s, 202, "{v}");
        let upload = finished(&srv, v["id"].as_str().expect("id")).await;
        assert_eq!(upload["status"], "done", "{upload}");
        let (game_id, secret) = srv.create(json!({"mode": "hotseat"})).await;
        for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            srv.mv(&game_id, &secret, uci).await;
        }
        let path = format!("/api/games/{game_id}/review");
        let (s, first) = srv.json("POST", &path, None, None).await;
        assert_eq!(s, 202, "{first}");
        let (_, again) = srv.json("POST", &path, None, None).await;
        assert_eq!(again, first, "one review per game");
        let review = finished(&srv, first["id"].as_str().expect("id")).await;
        srv.stop().await;
        (upload, review, game_id)
    };
    let srv = on_postgres("pg-reviews-again", &scoped).await;
    for before in [&upload, &game_review] {
        let id = before["id"].as_str().expect("id");
        let (s, v) = srv
            .json("GET", &format!("/api/reviews/{id}"), None, None)
            .await;
        assert_eq!((s, &v), (200, before), "read back as it was");
    }
    let path = format!("/api/games/{game_id}/review");
    let (s, v) = srv.json("POST", &path, None, None).await;
    assert_eq!((s, &v["id"]), (202, &game_review["id"]));
    drop(srv);
    sql(url, format!("DROP SCHEMA IF EXISTS {schema} CASCADE")).await;
}
