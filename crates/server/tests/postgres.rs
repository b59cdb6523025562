//! The same server on PostgreSQL. These tests need a database: set
//! `GUOXIANG_TEST_POSTGRES=postgres://user@127.0.0.1:5432/db` (an empty or
//! scratch database; the tests add games to it). Without it they print that
//! they were skipped and pass, so CI needs no database service.

mod common;

use common::*;
use guoxiang_core::game::DrawOffers;
use guoxiang_core::Color;
use guoxiang_server::clock::TimeControl;
use guoxiang_server::game::{Change, MoveRecord, Record, Seats, SecretHash, Standing};
use guoxiang_server::protocol::{Mode, Status};
use guoxiang_server::store::{Store, Write};
use serde_json::{json, Value};

/// The server's sign of life is one row for the whole database: a test that
/// restarts a server on a manual clock must not share the database with another
/// test's running server at the same moment, so these tests run one at a time.
async fn serial() -> tokio::sync::MutexGuard<'static, ()> {
    static ONE: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    ONE.lock().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_store_on_postgres_commits_refuses_duplicates_and_reads_back() {
    let Some(url) = url() else { return };
    let _one_at_a_time = serial().await;
    let dir = temp_dir("pg-store");
    let s = {
        let u = url.clone();
        tokio::task::spawn_blocking(move || Store::open(Some(&u), &dir))
            .await
            .expect("joined")
            .expect("open")
    };
    let id = format!("pg{}", std::process::id());
    let record = Record {
        id: id.clone(),
        created_at: 1,
        mode: Mode::Computer,
        level: Some(3),
        computer: Some(Color::Black),
        control: TimeControl::untimed(),
        seats: Seats([Some(SecretHash::of("w")), None]),
        join_key: None,
        start: None,
        status: Status::Active,
        ending: None,
        clocks: [0, 0],
        finished_at: None,
        standing: Standing::default(),
        turn_since: None,
        after: Default::default(),
        berserk: Default::default(),
    };
    let mv = |ply: u64, uci: &str| MoveRecord {
        ply,
        uci: uci.into(),
        san: uci.into(),
        clocks: [5, 6],
        at: 7,
    };
    let change = |c: Change| Write::Change {
        id: id.clone(),
        change: c,
    };
    s.write(Write::Create(Box::new(record.clone())))
        .await
        .expect("create");
    // A duplicate ply in the same group commit fails alone.
    let r = s
        .write_all(vec![
            change(Change::Moved(mv(1, "e2e4"))),
            change(Change::Moved(mv(1, "d2d4"))),
        ])
        .await;
    assert!(r.is_err());
    s.write(change(Change::Moved(mv(2, "e7e5"))))
        .await
        .expect("m2");
    let standing = Standing {
        draws: DrawOffers {
            standing: None,
            barred: [false, true],
        },
        takeback: Some(Color::White),
    };
    s.write(change(Change::Standing(standing)))
        .await
        .expect("offers");
    s.write(Write::Alive { at: 99 }).await.expect("alive");
    s.write(Write::Alive { at: 98 }).await.expect("alive");
    // (The other test's servers write their own heartbeats meanwhile.)
    assert!(s.alive_at().await.expect("alive").is_some());
    let (g, moves) = s.game(&id).await.expect("read").expect("exists");
    let mut expected = record.clone();
    expected.clocks = [5, 6];
    expected.standing = standing;
    expected.turn_since = Some(7);
    assert_eq!(g, expected);
    assert_eq!(moves, vec![mv(1, "e2e4"), mv(2, "e7e5")]);
    assert!(s
        .unfinished()
        .await
        .expect("unfinished")
        .iter()
        .any(|(g, _)| g.id == id));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_on_postgres_are_played_listed_and_resumed_after_a_restart() {
    let Some(url) = url() else { return };
    let _one_at_a_time = serial().await;
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_my_games_are_found_and_a_rematch_survives_a_restart() {
    let Some(url) = url() else { return };
    let _one_at_a_time = serial().await;
    let time = guoxiang_server::time::TimeSource::manual(0);
    let u = url.clone();
    let mut srv = start_with("pg-mine", time.clone(), move |c| c.db = Some(u)).await;
    let (id, w, b) = srv.friend_game(Value::Null, None).await;
    for (i, m) in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"].iter().enumerate() {
        srv.mv(&id, if i % 2 == 0 { &w } else { &b }, m).await;
    }
    srv.ok(&id, &b, json!({"t": "resign"})).await;
    srv.ok(&id, &w, json!({"t": "rematch"})).await;
    srv.stop().await;
    let u = url.clone();
    let srv = start_with("pg-mine-2", time.clone(), move |c| c.db = Some(u)).await;
    assert_eq!(srv.get(&id, None).await["rematch"]["offer"], "white");
    time.advance(1_000); // the rematch is the newer game
    let v = srv.ok(&id, &b, json!({"t": "rematch"})).await;
    let next = v["rematch"]["next"].as_str().expect("next").to_string();
    let (s, mine) = srv
        .json(
            "POST",
            "/api/games/mine",
            Some(json!({"secrets": [w]})),
            None,
        )
        .await;
    assert_eq!(s, 200, "{mine}");
    let games = mine["games"].as_array().expect("games");
    let ids: Vec<&Value> = games.iter().map(|g| &g["id"]).collect();
    assert_eq!(ids, [&json!(next), &json!(id)], "{mine}");
    assert_eq!(
        (&games[0]["you"], &games[1]["you"]),
        (&json!("black"), &json!("white"))
    );
    assert_eq!(games[1]["opening"]["key"], "italian_game");
    assert_eq!(games[1]["moves"], 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_a_berserk_reads_back_with_its_halved_clock_and_flags() {
    let Some(url) = url() else { return };
    let _one_at_a_time = serial().await;
    let dir = temp_dir("pg-berserk");
    let open = |u: String, dir: std::path::PathBuf| {
        tokio::task::spawn_blocking(move || Store::open(Some(&u), &dir))
    };
    let s = open(url.clone(), dir.clone())
        .await
        .expect("joined")
        .expect("open");
    let id = format!("bsk{}", std::process::id());
    let record = Record {
        id: id.clone(),
        created_at: 1,
        mode: Mode::Friend,
        level: None,
        computer: None,
        control: TimeControl::fischer(180_000, 2_000),
        seats: Seats([Some(SecretHash::of("w")), Some(SecretHash::of("b"))]),
        join_key: None,
        start: None,
        status: Status::Active,
        ending: None,
        clocks: [180_000, 180_000],
        finished_at: None,
        standing: Standing::default(),
        turn_since: None,
        after: Default::default(),
        berserk: guoxiang_server::game::Berserk::allowed(),
    };
    s.write(Write::Create(Box::new(record.clone())))
        .await
        .expect("create");
    s.write(Write::Change {
        id: id.clone(),
        change: Change::Berserk {
            color: Color::White,
            sides: [true, false],
            clocks: [90_000, 180_000],
        },
    })
    .await
    .expect("berserk");
    drop(s);
    let s = open(url, dir).await.expect("joined").expect("reopen");
    let (g, _) = s.game(&id).await.expect("read").expect("exists");
    assert_eq!(g.clocks, [90_000, 180_000]);
    assert_eq!((g.berserk.allowed, g.berserk.sides), (true, [true, false]));
}
