//! Berserk through the real server (issue 19 §4): an arena tournament's director
//! starts a game between two accounts, its player berserks over HTTP with their
//! seat's secret (the clock halved, the flag in the state, `may.berserk` gone),
//! a spectator and a second berserk are refused, the berserker's win after seven
//! moves scores 2 + 1 arena points; a player of an account game that is not an
//! arena game is refused; a restarted server keeps the halved clock, the flags and
//! the increment gone.

mod common;

use common::{config, start_with, Srv, WAIT};
use guoxiang_server::accounts::UserId;
use guoxiang_server::clock::TimeControl;
use guoxiang_server::competition::AccountGame;
use guoxiang_server::store::tournaments::{TournamentRow, TournamentWrite};
use guoxiang_server::store::Write;
use guoxiang_server::time::TimeSource;
use guoxiang_server::tournaments::model::{Data, Entrant, Kind, Settings};
use serde_json::{json, Value};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn state(srv: &Srv) -> Arc<guoxiang_server::AppState> {
    srv.running.as_ref().expect("running").state.clone()
}

/// Accounts written straight into the store.
async fn users(srv: &Srv, names: &[&str]) -> Vec<UserId> {
    let mut out = Vec::new();
    for n in names {
        let id = format!("u-{n}");
        state(srv)
            .ctx
            .store
            .write(common::user_without_password(&id, n))
            .await
            .expect("user");
        out.push(UserId(id));
    }
    out
}

/// An arena of `players` at 5+3 that allows berserk, due to start now.
async fn arena(srv: &Srv, players: &[UserId]) -> String {
    let now = state(srv).ctx.time.now().wall;
    let mut d = Data::new(Settings {
        name: "Berserk arena".into(),
        kind: Kind::Arena,
        starts_at: now,
        rounds: 0,
        minutes: 30,
        control: TimeControl::fischer(300_000, 3_000),
        rated: false,
        forfeit_after_s: 600,
        berserk: true,
        created_by: players[0].0.clone(),
        creator_name: "a".into(),
    });
    for (i, u) in players.iter().enumerate() {
        d.entrants.push(Entrant {
            user: u.0.clone(),
            name: u.0.clone(),
            rating: 1500 + i as u32,
            withdrawn: false,
            paused: false,
        });
    }
    let id = "bskarena".to_string();
    let row = TournamentRow {
        id: id.clone(),
        name: d.settings.name.clone(),
        kind: "arena".into(),
        status: "scheduled".into(),
        starts_at: now,
        created_by: players[0].0.clone(),
        created_at: now,
        updated_at: now,
        version: 1,
        data: serde_json::to_string(&d).expect("JSON"),
    };
    state(srv)
        .ctx
        .store
        .write(Write::Tournament(TournamentWrite::Create(row)))
        .await
        .expect("tournament");
    id
}

/// Polls the tournament's view until `done` holds.
async fn wait_for(srv: &Srv, id: &str, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let t0 = Instant::now();
    loop {
        let (s, v) = srv
            .json("GET", &format!("/api/tournaments/{id}"), None, None)
            .await;
        assert_eq!(s, 200, "{v}");
        if done(&v) {
            return v;
        }
        assert!(t0.elapsed() < WAIT, "timed out waiting for {what}: {v}");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// The secrets of White's and Black's seats of `game` among `players`.
async fn seats(srv: &Srv, game: &str, players: &[UserId]) -> (String, String) {
    let (mut white, mut black) = (String::new(), String::new());
    for u in players {
        let (color, secret) = state(srv).seat_of(game, u).await.expect("a seat");
        match color {
            guoxiang_core::Color::White => white = secret,
            guoxiang_core::Color::Black => black = secret,
        }
    }
    (white, black)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_games_player_berserks_over_http_and_a_win_scores_one_point_more() {
    let srv = start_with("bsk-arena", TimeSource::real(), |_| {}).await;
    state(&srv).tournaments.tick_ms.store(30, Ordering::Relaxed);
    let players = users(&srv, &["a", "b"]).await;
    let id = arena(&srv, &players).await;
    let v = wait_for(&srv, &id, "the arena's game", |v| {
        v["arena"][0]["game"].is_string()
    })
    .await;
    assert_eq!(v["info"]["berserk"], true);
    let game = v["arena"][0]["game"].as_str().expect("game").to_owned();
    let (white, black) = seats(&srv, &game, &players).await;

    let before = srv.get(&game, Some(&white)).await;
    assert_eq!(before["may"]["berserk"], true);
    assert_eq!(before["berserk"], json!({"white": false, "black": false}));
    srv.refused(&game, None, json!({"t": "berserk"}), 403, "forbidden")
        .await;

    let after = srv.ok(&game, &white, json!({"t": "berserk"})).await;
    assert_eq!(after["berserk"], json!({"white": true, "black": false}));
    assert_eq!(after["clock"]["white_ms"], 150_000);
    assert_eq!(after["clock"]["black_ms"], 300_000);
    assert_eq!(after["may"]["berserk"], false);
    srv.refused(
        &game,
        Some(&white),
        json!({"t": "berserk"}),
        409,
        "already_berserk",
    )
    .await;
    let seen_by_black = srv.get(&game, Some(&black)).await;
    assert_eq!(seen_by_black["may"]["berserk"], true);

    // Seven moves of White's, then Black resigns.
    let line = [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5", "c2c3", "d7d6", "e1g1",
        "e8g8", "h2h3",
    ];
    for (i, uci) in line.iter().enumerate() {
        let secret = if i % 2 == 0 { &white } else { &black };
        srv.mv(&game, secret, uci).await;
    }
    srv.refused(
        &game,
        Some(&black),
        json!({"t": "berserk"}),
        409,
        "berserk_too_late",
    )
    .await;
    srv.ok(&game, &black, json!({"t": "resign"})).await;
    let v = wait_for(&srv, &id, "the result", |v| {
        v["arena"]
            .as_array()
            .and_then(|a| a.last())
            .is_some_and(|b| b["result"] == "1-0")
    })
    .await;
    let first = v["arena"].as_array().and_then(|a| a.last()).cloned();
    let first = first.expect("the first game");
    assert_eq!(first["berserk"], json!({"white": true, "black": false}));
    let white_rank = first["white"].as_u64().expect("rank");
    let top = &v["standings"][0];
    assert_eq!(
        (top["rank"].as_u64(), top["score"].as_f64()),
        (Some(white_rank), Some(3.0)),
        "{v}"
    );
}

/// An unrated 5+3 game between `players`, of an arena tournament (berserk allowed) or not.
async fn five_plus_three(srv: &Srv, players: &[UserId], arena: bool) -> String {
    state(srv)
        .start_account_game(AccountGame {
            white: players[0].clone(),
            black: players[1].clone(),
            control: TimeControl::fischer(300_000, 3_000),
            rated: false,
            tournament: arena.then(|| "bskarena".into()),
            berserk: arena,
        })
        .await
        .expect("game")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_of_a_game_that_is_not_an_arena_game_may_not_berserk() {
    let srv = start_with("bsk-none", TimeSource::real(), |_| {}).await;
    let players = users(&srv, &["c", "d"]).await;
    let game = five_plus_three(&srv, &players, false).await;
    let (white, black) = seats(&srv, &game, &players).await;
    assert_eq!(srv.get(&game, Some(&black)).await["may"]["berserk"], false);
    for secret in [&white, &black] {
        srv.refused(
            &game,
            Some(secret),
            json!({"t": "berserk"}),
            409,
            "berserk_not_allowed",
        )
        .await;
    }
    let v = srv.get(&game, None).await;
    assert_eq!(v["clock"]["white_ms"], 300_000);
    assert_eq!(v["berserk"], json!({"white": false, "black": false}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_keeps_the_halved_clock_and_who_berserked() {
    let time = TimeSource::manual(1_000_000);
    let mut srv = start_with("bsk-restart", time.clone(), |_| {}).await;
    let players = users(&srv, &["e", "f"]).await;
    let game = five_plus_three(&srv, &players, true).await;
    let (white, black) = seats(&srv, &game, &players).await;
    srv.mv(&game, &white, "e2e4").await;
    let v = srv.ok(&game, &black, json!({"t": "berserk"})).await;
    assert_eq!(v["clock"]["black_ms"], 150_000);
    srv.stop().await;
    let mut c = config(&srv.dir);
    c.addr = srv.addr;
    let running = match guoxiang_server::start(c.clone(), time.clone()).await {
        Ok(r) => r,
        Err(_) => {
            c.addr.set_port(0);
            guoxiang_server::start(c, time.clone())
                .await
                .expect("restart")
        }
    };
    srv.addr = running.addr;
    srv.running = Some(running);
    let v = srv.get(&game, Some(&black)).await;
    assert_eq!(v["berserk"], json!({"white": false, "black": true}));
    assert_eq!(
        (
            v["clock"]["white_ms"].as_u64(),
            v["clock"]["black_ms"].as_u64()
        ),
        (Some(300_000), Some(150_000))
    );
    assert_eq!(v["may"]["berserk"], false);
    srv.refused(
        &game,
        Some(&black),
        json!({"t": "berserk"}),
        409,
        "already_berserk",
    )
    .await;
    // Still no increment for Black after the restart; White's 3 s come.
    srv.mv(&game, &black, "e7e5").await;
    srv.mv(&game, &white, "g1f3").await;
    time.advance(4_000);
    let v = srv.mv(&game, &black, "b8c6").await;
    assert_eq!(v["clock"]["black_ms"], 146_000);
    assert_eq!(v["clock"]["white_ms"], 303_000);
}
