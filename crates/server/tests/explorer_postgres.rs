//! The opening explorer on PostgreSQL: a finished game is indexed when its result
//! is stored, and the migration indexes the games finished before it, once. These
//! tests need a database: set `GUOXIANG_TEST_POSTGRES=postgres://user@127.0.0.1:5432/db`
//! (a scratch database; the backfill test works in a schema of its own). Without it
//! they print that they were skipped and pass.

mod common;

use common::*;
use guoxiang_core::Position;
use guoxiang_server::store::{Store, Tally, MIGRATIONS};
use serde_json::{json, Value};

/// The explorer's counts of `uci` after `moves` (SAN), as the API answers.
async fn count(srv: &Srv, moves: &str, uci: &str) -> (u64, Value) {
    let path = format!("/api/explorer?moves={}", moves.replace(' ', "%20"));
    let (s, v) = srv.json("GET", &path, None, None).await;
    assert_eq!(s, 200, "{v}");
    let m = v["moves"]
        .as_array()
        .and_then(|ms| ms.iter().find(|m| m["uci"] == uci).cloned())
        .unwrap_or(json!({"games": 0}));
    (m["games"].as_u64().unwrap_or(0), m)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_finished_on_postgres_is_in_the_explorer() {
    let Some(url) = url() else { return };
    // Manual time from 0, like tests/postgres.rs: the heartbeat this server writes
    // into the shared database stays below what those tests' restarts read back.
    let time = guoxiang_server::time::TimeSource::manual(0);
    let srv = start_with("pg-explorer", time, move |c| c.db = Some(url)).await;
    // A rare line, so that other games in the database hardly matter: only the
    // difference is checked.
    let line = ["h2h4", "a7a5", "h4h5", "a5a4", "g2g4"];
    let (before, _) = count(&srv, "h4 a5 h5 a4", "g2g4").await;
    let (id, w, b) = srv.friend_game(Value::Null, None).await;
    for (i, m) in line.iter().enumerate() {
        srv.mv(&id, if i % 2 == 0 { &w } else { &b }, m).await;
    }
    let (during, _) = count(&srv, "h4 a5 h5 a4", "g2g4").await;
    assert_eq!(during, before, "an unfinished game is not counted");
    srv.ok(&id, &b, json!({"t": "resign"})).await;
    let (after, m) = count(&srv, "h4 a5 h5 a4", "g2g4").await;
    assert_eq!(after, before + 1, "{m}");
    assert_eq!(m["san"], "g4");
}

fn connect(url: &str) -> postgres::Client {
    postgres::Client::connect(url, postgres::NoTls).expect("connect")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_postgres_migration_indexes_the_games_finished_before_it_once() {
    let Some(url) = url() else { return };
    let schema = format!("gx_backfill_{}", std::process::id());
    let sep = if url.contains('?') { '&' } else { '?' };
    let scoped = format!("{url}{sep}options=-csearch_path%3D{schema}");
    {
        let (url, scoped, schema) = (url.clone(), scoped.clone(), schema.clone());
        tokio::task::spawn_blocking(move || {
            let mut c = connect(&url);
            c.batch_execute(&format!(
                "DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}"
            ))
            .expect("schema");
            // Version 3 with one finished game and one unfinished.
            let mut c = connect(&scoped);
            c.batch_execute(
                "CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL);
                 INSERT INTO schema_migrations VALUES (1, 0), (2, 0), (3, 0);",
            )
            .expect("schema table");
            for (_, sql) in &MIGRATIONS[..3] {
                c.batch_execute(sql).expect("old migration");
            }
            for (id, status, result, moves) in [
                ("f", "finished", Some("0-1"), &["c2c4", "e7e5"][..]),
                ("u", "active", None, &["c2c4", "c7c5"][..]),
            ] {
                c.execute(
                    "INSERT INTO games (id, created_at, mode, time_control, status, result, \
                     white_ms, black_ms) VALUES ($1, 1, 'friend', '{}', $2, $3, 0, 0)",
                    &[&id, &status, &result],
                )
                .expect("an old game");
                for (i, u) in moves.iter().enumerate() {
                    c.execute(
                        "INSERT INTO moves (game_id, ply, uci, san, white_ms, black_ms, played_at) \
                         VALUES ($1, $2, $3, $3, 0, 0, 0)",
                        &[&id, &(i as i64 + 1), u],
                    )
                    .expect("an old move");
                }
            }
        })
        .await
        .expect("set up");
    }
    let mut english = Position::new();
    english.play_unchecked(english.parse_uci("c2c4").expect("legal"));
    for _ in 0..2 {
        let (u, dir) = (scoped.clone(), temp_dir("pg-backfill"));
        let s = tokio::task::spawn_blocking(move || Store::open(Some(&u), &dir))
            .await
            .expect("joined")
            .expect("migrates");
        let rows = s.explorer(&english).await.expect("read");
        assert_eq!(rows.len(), 1, "{rows:?}");
        assert_eq!(rows[0].uci, "e7e5");
        assert_eq!(
            rows[0].tally,
            Tally {
                white: 0,
                draws: 0,
                black: 1
            }
        );
        drop(s);
    }
    tokio::task::spawn_blocking(move || {
        let _ = connect(&url).batch_execute(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE"));
    })
    .await
    .expect("clean up");
}
