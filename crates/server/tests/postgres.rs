//! The same server on PostgreSQL. These tests need a database: set
//! `GUOXIANG_TEST_POSTGRES=postgres://user@127.0.0.1:5432/db` (an empty or
//! scratch database; the tests add games to it). Without it they print that
//! they were skipped and pass, so CI needs no database service.

mod common;

use common::*;
use guoxiang_server::store::{GameRow, MoveRow, Store, Write};
use serde_json::{json, Value};

fn url() -> Option<String> {
    match std::env::var("GUOXIANG_TEST_POSTGRES") {
        Ok(u) if !u.is_empty() => Some(u),
        _ => {
            eprintln!("skipped: set GUOXIANG_TEST_POSTGRES to run the PostgreSQL tests");
            None
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_store_on_postgres_commits_refuses_duplicates_and_reads_back() {
    let Some(url) = url() else { return };
    let dir = temp_dir("pg-store");
    let s = {
        let u = url.clone();
        tokio::task::spawn_blocking(move || Store::open(Some(&u), &dir))
            .await
            .expect("joined")
            .expect("open")
    };
    let id = format!("pg{}", std::process::id());
    let row = GameRow {
        id: id.clone(),
        created_at: 1,
        mode: "computer".into(),
        level: Some(3),
        computer_color: Some("black".into()),
        time_control: "{}".into(),
        white_secret: Some("w".into()),
        black_secret: None,
        status: "active".into(),
        result: None,
        reason: None,
        white_ms: 0,
        black_ms: 0,
        finished_at: None,
        start_fen: None,
        join_key: None,
    };
    let mv = |ply: i64, uci: &str| MoveRow {
        ply,
        uci: uci.into(),
        san: uci.into(),
        white_ms: 5,
        black_ms: 6,
        played_at: 7,
    };
    s.write(Write::CreateGame(Box::new(row.clone())))
        .await
        .expect("create");
    // A duplicate ply in the same group commit fails alone.
    let r = s
        .write_all(vec![
            Write::AppendMove {
                id: id.clone(),
                mv: mv(1, "e2e4"),
            },
            Write::AppendMove {
                id: id.clone(),
                mv: mv(1, "d2d4"),
            },
        ])
        .await;
    assert!(r.is_err());
    s.write(Write::AppendMove {
        id: id.clone(),
        mv: mv(2, "e7e5"),
    })
    .await
    .expect("m2");
    let (g, moves) = s.game(&id).await.expect("read").expect("exists");
    assert_eq!(g, row.clone().with_clocks());
    assert_eq!(moves, vec![mv(1, "e2e4"), mv(2, "e7e5")]);
    assert!(s
        .unfinished()
        .await
        .expect("unfinished")
        .iter()
        .any(|(g, _)| g.id == id));
}

trait WithClocks {
    fn with_clocks(self) -> Self;
}

impl WithClocks for GameRow {
    fn with_clocks(mut self) -> GameRow {
        self.white_ms = 5;
        self.black_ms = 6;
        self
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_on_postgres_are_played_listed_and_resumed_after_a_restart() {
    let Some(url) = url() else { return };
    let time = guoxiang_server::time::TimeSource::manual(0);
    let u = url.clone();
    let mut srv = start_with("pg-games", time.clone(), move |c| c.db = Some(u)).await;
    let (done, w, b) = srv.friend_game(json!("3+2"), None).await;
    for (i, m) in ["f2f3", "e7e5", "g2g4", "d8h4"].iter().enumerate() {
        srv.mv(&done, if i % 2 == 0 { &w } else { &b }, m).await;
    }
    let (open, w, b) = srv.friend_game(json!("5+0"), None).await;
    srv.mv(&open, &w, "e2e4").await;
    srv.mv(&open, &b, "e7e5").await;
    time.advance(7_000);
    srv.mv(&open, &w, "g1f3").await;
    srv.stop().await;
    time.advance(600_000);
    let u = url.clone();
    let srv = start_with("pg-games-2", time.clone(), move |c| c.db = Some(u)).await;
    let v = srv.get(&open, None).await;
    assert_eq!(v["moves"], json!(["e2e4", "e7e5", "g1f3"]));
    assert_eq!(v["clock"]["white_ms"], 293_000);
    assert_eq!(v["clock"]["black_ms"], 300_000);
    let v = srv.get(&done, None).await;
    assert_eq!(
        (v["result"].as_str(), v["reason"].as_str()),
        (Some("0-1"), Some("checkmate"))
    );
    let (_, list) = srv.json("GET", "/api/games?per_page=100", None, None).await;
    let ids: Vec<&Value> = list["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| &g["id"])
        .collect();
    assert!(ids.contains(&&json!(done)), "{list}");
}
