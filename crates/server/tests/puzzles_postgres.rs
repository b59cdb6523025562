//! Puzzle ratings on PostgreSQL: migration 5 creates `puzzle_ratings`, an attempt
//! stores the puzzle's rating and a server restarted on the same database reads it
//! back and goes on from it. The test needs a database: set
//! `GUOXIANG_TEST_POSTGRES=postgres://user@127.0.0.1:5432/db` (a scratch database;
//! the test works in a schema of its own and drops it). Without it, it prints that
//! it was skipped and passes.

mod common;
mod puzzles_fixture;

use common::*;
use guoxiang_puzzles::glicko;
use guoxiang_server::time::TimeSource;
use puzzles_fixture::*;
use serde_json::json;

async fn on_postgres(tag: &str, url: &str) -> Srv {
    let url = url.to_owned();
    start_with(tag, TimeSource::manual(0), move |c| {
        with_fixture(c);
        c.db = Some(url);
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_rating_stored_on_postgres_is_read_back_after_a_restart() {
    let Some(url) = url() else { return };
    let schema = format!("gx_puzzles_{}", std::process::id());
    let sep = if url.contains('?') { '&' } else { '?' };
    let scoped = format!("{url}{sep}options=-csearch_path%3D{schema}");
    sql(
        url.clone(),
        format!("DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}"),
    )
    .await;
    let (player, puzzle) = glicko::duel(
        guoxiang_server::http::puzzles::NEW_SOLVER,
        shipped(1800.0),
        0.0,
    );
    {
        let mut srv = on_postgres("pg-puzzles", &scoped).await;
        let v = ok(&srv, "GET", &format!("/api/puzzles/{FORK}"), None).await;
        assert_eq!(
            (v["rating"].as_i64(), v["plays"].as_u64()),
            (Some(1800), Some(0))
        );
        let v = attempt(&srv, FORK, json!({"solved": false})).await;
        assert!((v["player"]["rating"].as_f64().unwrap() - player.rating).abs() < 1e-9);
        assert_eq!(v["puzzle"]["plays"], 1);
        srv.stop().await;
    }
    let mut srv = on_postgres("pg-puzzles-again", &scoped).await;
    let v = ok(&srv, "GET", &format!("/api/puzzles/{FORK}"), None).await;
    assert_eq!(
        (v["rating"].as_i64(), v["plays"].as_u64()),
        (Some(puzzle.rating.round() as i64), Some(1))
    );
    let v = attempt(&srv, FORK, json!({"solved": true})).await;
    let (_, again) = glicko::duel(guoxiang_server::http::puzzles::NEW_SOLVER, puzzle, 1.0);
    assert_eq!(v["puzzle"]["rating"], again.rating.round() as i64);
    assert_eq!(v["puzzle"]["plays"], 2);
    srv.stop().await;
    sql(url, format!("DROP SCHEMA IF EXISTS {schema} CASCADE")).await;
}
