//! Games between accounts and their ratings (issue 19): an account game holds
//! both seats from the start with secrets derived from the server key, a player
//! gets only their own seat, a rated game is rated exactly as guoxiang-rating
//! computes and only once, a casual or untimed game changes no rating.

mod common;

use common::{manual, Srv, WAIT};
use guoxiang_core::Color;
use guoxiang_rating::game::{rate, Outcome, NEW_PLAYER};
use guoxiang_rating::speed::Speed;
use guoxiang_server::accounts::UserId;
use guoxiang_server::clock::TimeControl;
use guoxiang_server::competition::{on_finished, AccountGame};
use guoxiang_server::store::competition::CompetitionWrite;
use guoxiang_server::store::Write;
use serde_json::json;
use std::sync::Arc;

fn state(srv: &Srv) -> Arc<guoxiang_server::AppState> {
    srv.running.as_ref().expect("running").state.clone()
}

/// Two accounts written straight into the store (the accounts module makes
/// real ones; these have no usable password).
async fn users(srv: &Srv, names: &[&str]) -> Vec<UserId> {
    let st = state(srv);
    let mut out = Vec::new();
    for n in names {
        let id = format!("u-{n}");
        st.ctx
            .store
            .write(common::user_without_password(&id, n))
            .await
            .expect("user");
        out.push(UserId(id));
    }
    out
}

async fn game(srv: &Srv, white: &UserId, black: &UserId, rated: bool, tc: TimeControl) -> String {
    state(srv)
        .start_account_game(AccountGame {
            white: white.clone(),
            black: black.clone(),
            control: tc,
            rated,
            tournament: None,
            berserk: false,
        })
        .await
        .expect("game started")
}

/// e4 e5, then Black resigns: 1-0.
async fn play_and_resign(srv: &Srv, id: &str, white: &UserId, black: &UserId) {
    let st = state(srv);
    let (wc, w) = st.seat_of(id, white).await.expect("white seat");
    let (bc, b) = st.seat_of(id, black).await.expect("black seat");
    assert_eq!((wc, bc), (Color::White, Color::Black));
    srv.mv(id, &w, "e2e4").await;
    srv.mv(id, &b, "e7e5").await;
    let v = srv.ok(id, &b, json!({"t": "resign"})).await;
    assert_eq!(v["result"], "1-0", "{v}");
}

async fn wait_rated(srv: &Srv, user: &UserId, speed: Speed, games: u32) {
    let st = state(srv);
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let r = st.rating_of(user, speed).await.expect("rating");
        if r.games >= games {
            return;
        }
        assert!(std::time::Instant::now() < deadline, "never rated: {r:?}");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_account_game_holds_both_seats_and_gives_each_player_only_theirs() {
    let srv = manual("acct-seats").await;
    let u = users(&srv, &["ann", "bob", "cat"]).await;
    let id = game(
        &srv,
        &u[0],
        &u[1],
        true,
        TimeControl::fischer(180_000, 2_000),
    )
    .await;
    let st = state(&srv);
    let (c, w) = st.seat_of(&id, &u[0]).await.expect("white");
    assert_eq!(c, Color::White);
    // The same secret every time (derived, not stored in plain).
    assert_eq!(st.seat_of(&id, &u[0]).await.expect("again").1, w);
    let (_, b) = st.seat_of(&id, &u[1]).await.expect("black");
    assert_ne!(w, b);
    // A third account plays in neither seat.
    let e = st.seat_of(&id, &u[2]).await.expect_err("not a player");
    assert_eq!(e.code, "not_your_game");
    // The game is live with both seats taken: White moves with White's secret,
    // Black's secret cannot move White.
    let v = srv.get(&id, Some(&w)).await;
    assert_eq!(v["status"], "active", "{v}");
    srv.refused(
        &id,
        Some(&b),
        json!({"t": "move", "uci": "e2e4"}),
        409,
        "not_your_turn",
    )
    .await;
    srv.mv(&id, &w, "e2e4").await;
    // The players strip: names, 1500? and 10级 before any game.
    let (s, p) = srv
        .json("GET", &format!("/api/games/{id}/players"), None, None)
        .await;
    assert_eq!(s, 200, "{p}");
    assert_eq!(
        p,
        json!({"rated": true, "speed": "blitz", "tournament": null,
               "white": {"name": "ann", "rating": 1500, "provisional": true, "rank": "10k", "diff": null},
               "black": {"name": "bob", "rating": 1500, "provisional": true, "rank": "10k", "diff": null}})
    );
    // Not an account game: null (the game page asks for every game); no game: 404.
    let (anon, _) = srv.create(json!({"mode": "hotseat"})).await;
    let (s, v) = srv
        .json("GET", &format!("/api/games/{anon}/players"), None, None)
        .await;
    assert_eq!((s, v), (200, json!(null)));
    let (s, _) = srv
        .json("GET", "/api/games/nosuchgame/players", None, None)
        .await;
    assert_eq!(s, 404);
    // Playing oneself is refused.
    let e = st
        .start_account_game(AccountGame {
            white: u[0].clone(),
            black: u[0].clone(),
            control: TimeControl::fischer(60_000, 0),
            rated: true,
            tournament: None,
            berserk: false,
        })
        .await
        .expect_err("oneself");
    assert_eq!(e.code, "same_player");
    // Nobody of that id: refused before any game is made.
    let e = st
        .start_account_game(AccountGame {
            white: u[0].clone(),
            black: UserId("u-nobody".into()),
            control: TimeControl::fischer(60_000, 0),
            rated: true,
            tournament: None,
            berserk: false,
        })
        .await
        .expect_err("unknown");
    assert_eq!(e.code, "no_such_user");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_moves_both_ratings_as_glicko2_says_once() {
    let srv = manual("acct-rated").await;
    let u = users(&srv, &["ann", "bob"]).await;
    let st = state(&srv);
    let fresh = st.rating_of(&u[0], Speed::Blitz).await.expect("rating");
    assert_eq!((fresh.rating, fresh.rd, fresh.games), (1500.0, 350.0, 0));
    assert!(fresh.provisional);
    let id = game(
        &srv,
        &u[0],
        &u[1],
        true,
        TimeControl::fischer(180_000, 2_000),
    )
    .await;
    play_and_resign(&srv, &id, &u[0], &u[1]).await;
    wait_rated(&srv, &u[1], Speed::Blitz, 1).await;
    let expected = rate(NEW_PLAYER, NEW_PLAYER, Outcome::WhiteWins);
    let w = st.rating_of(&u[0], Speed::Blitz).await.expect("w");
    let b = st.rating_of(&u[1], Speed::Blitz).await.expect("b");
    assert_eq!(
        (w.rating, w.rd, w.games),
        (expected.white.after.rating, expected.white.after.rd, 1)
    );
    assert_eq!(
        (b.rating, b.rd, b.games),
        (expected.black.after.rating, expected.black.after.rd, 1)
    );
    // Another speed class is untouched.
    assert_eq!(st.rating_of(&u[0], Speed::Rapid).await.expect("r").games, 0);
    // Rating the same game again (a second process, a repeated call) changes nothing.
    on_finished(&st.ctx, &id);
    on_finished(&st.ctx, &id);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let again = st.rating_of(&u[0], Speed::Blitz).await.expect("again");
    assert_eq!((again.rating, again.games), (w.rating, 1));
    // The players strip shows the change.
    let (_, p) = srv
        .json("GET", &format!("/api/games/{id}/players"), None, None)
        .await;
    let diff = expected.white.shown_diff();
    assert!(diff > 0);
    assert_eq!(p["white"]["rating"], 1500);
    assert_eq!(p["white"]["diff"], diff);
    assert_eq!(p["black"]["diff"], expected.black.shown_diff());
    // The game's own PGN names the accounts, not "Anonymous".
    let (status, pgn) = srv
        .http("GET", &format!("/api/games/{id}/pgn"), None, None)
        .await;
    assert_eq!(status, 200);
    assert!(pgn.contains("[White \"ann\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"bob\"]"), "{pgn}");
    assert!(!pgn.contains("Anonymous"), "{pgn}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_casual_or_untimed_game_changes_no_rating() {
    let srv = manual("acct-casual").await;
    let u = users(&srv, &["ann", "bob"]).await;
    let st = state(&srv);
    let casual = game(
        &srv,
        &u[0],
        &u[1],
        false,
        TimeControl::fischer(180_000, 2_000),
    )
    .await;
    play_and_resign(&srv, &casual, &u[0], &u[1]).await;
    // Asked to be rated, but without a clock it has no speed class.
    let untimed = game(&srv, &u[0], &u[1], true, TimeControl::untimed()).await;
    play_and_resign(&srv, &untimed, &u[0], &u[1]).await;
    on_finished(&st.ctx, &casual);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    for user in &u {
        for speed in Speed::ALL {
            let r = st.rating_of(user, speed).await.expect("rating");
            assert_eq!((r.rating, r.games), (1500.0, 0), "{speed}");
        }
    }
    let (_, p) = srv
        .json("GET", &format!("/api/games/{casual}/players"), None, None)
        .await;
    assert_eq!(
        (p["rated"].clone(), p["white"]["diff"].clone()),
        (json!(false), json!(null))
    );
    let (_, p) = srv
        .json("GET", &format!("/api/games/{untimed}/players"), None, None)
        .await;
    assert_eq!(
        (
            p["rated"].clone(),
            p["speed"].clone(),
            p["white"]["rating"].clone()
        ),
        (json!(false), json!(null), json!(null))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_left_unrated_by_a_stopped_server_is_rated_at_start_once() {
    let srv = manual("acct-overdue").await;
    let u = users(&srv, &["ann", "bob"]).await;
    let st = state(&srv);
    // A game that ended while its players row was not yet rated: as if the
    // process had stopped between the stored end and the rating.
    let (id, w, b) = srv.friend_game(json!("3+2"), None).await;
    srv.mv(&id, &w, "e2e4").await;
    srv.mv(&id, &b, "e7e5").await;
    srv.ok(&id, &w, json!({"t": "resign"})).await;
    st.ctx
        .store
        .write(Write::Competition(CompetitionWrite::Players(
            guoxiang_server::store::competition::NewPlayers {
                game_id: id.clone(),
                white_user: u[0].0.clone(),
                black_user: u[1].0.clone(),
                rated: true,
                speed: Some("blitz".into()),
                tournament_id: None,
                created_at: 1,
            },
        )))
        .await
        .expect("players");
    assert_eq!(
        guoxiang_server::competition::rate_overdue(&st)
            .await
            .expect("rated"),
        1
    );
    assert_eq!(
        guoxiang_server::competition::rate_overdue(&st)
            .await
            .expect("again"),
        0
    );
    let expected = rate(NEW_PLAYER, NEW_PLAYER, Outcome::BlackWins);
    let r = st.rating_of(&u[1], Speed::Blitz).await.expect("b");
    assert_eq!((r.rating, r.games), (expected.black.after.rating, 1));
}
