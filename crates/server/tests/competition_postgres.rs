//! The competition's SQL on PostgreSQL (skipped unless
//! `GUOXIANG_TEST_POSTGRES=postgres://…` names a database): an account game
//! rated once exactly as guoxiang-rating computes, a second rating attempt (as a
//! second process would make) changing nothing, two processes deriving the same
//! seat secrets and, trying at once, never rating again, and the profile's reads
//! (ratings, counts, history, filtered games, PGN) answering as on SQLite.

mod common;

use common::{start_with, url, WAIT};
use guoxiang_rating::game::{rate, Outcome, NEW_PLAYER};
use guoxiang_rating::speed::Speed;
use guoxiang_server::accounts::UserId;
use guoxiang_server::clock::TimeControl;
use guoxiang_server::competition::{on_finished, AccountGame};
use guoxiang_server::store::competition::CompetitionWrite;
use guoxiang_server::store::Write;
use guoxiang_server::time::TimeSource;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_on_postgres_is_rated_once_and_profiled() {
    let Some(url) = url() else { return };
    let srv = start_with("rat-pg", TimeSource::manual(1_000_000), |c| {
        c.db = Some(url.clone())
    })
    .await;
    let st = srv.running.as_ref().expect("running").state.clone();
    // Names unique to this run (the database outlives it).
    let tag = format!(
        "{}{}",
        std::process::id(),
        guoxiang_server::store::unix_ms() % 100_000
    );
    let mut ids = Vec::new();
    for who in ["w", "b"] {
        let id = format!("rat-{who}-{tag}");
        st.ctx
            .store
            .write(common::user_without_password(&id, &format!("r{who}{tag}")))
            .await
            .expect("user");
        ids.push(UserId(id));
    }
    let game = st
        .start_account_game(AccountGame {
            white: ids[0].clone(),
            black: ids[1].clone(),
            control: TimeControl::fischer(60_000, 0),
            rated: true,
            tournament: Some("t1".into()),
            berserk: false,
        })
        .await
        .expect("game");
    let (_, w) = st.seat_of(&game, &ids[0]).await.expect("w");
    let (_, b) = st.seat_of(&game, &ids[1]).await.expect("b");
    srv.mv(&game, &w, "e2e4").await;
    srv.mv(&game, &b, "e7e5").await;
    srv.ok(&game, &w, json!({"t": "resign"})).await;
    let deadline = std::time::Instant::now() + WAIT;
    while st.rating_of(&ids[0], Speed::Bullet).await.expect("r").games == 0 {
        assert!(std::time::Instant::now() < deadline, "never rated");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    on_finished(&st.ctx, &game);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let expected = rate(NEW_PLAYER, NEW_PLAYER, Outcome::BlackWins);
    let wr = st.rating_of(&ids[0], Speed::Bullet).await.expect("w");
    let br = st.rating_of(&ids[1], Speed::Bullet).await.expect("b");
    assert_eq!((wr.rating, wr.games), (expected.white.after.rating, 1));
    assert_eq!((br.rating, br.games), (expected.black.after.rating, 1));
    let (_, p) = srv
        .json("GET", &format!("/api/games/{game}/players"), None, None)
        .await;
    assert_eq!(p["tournament"], "t1");
    assert_eq!(p["black"]["diff"], expected.black.shown_diff());
    let name = format!("rb{tag}");
    let (s, v) = srv
        .json("GET", &format!("/api/users/{name}"), None, None)
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        v["counts"],
        json!({"games": 1, "rated": 1, "wins": 1, "losses": 0, "draws": 0})
    );
    let (_, h) = srv
        .json(
            "GET",
            &format!("/api/users/{name}/ratings?speed=bullet"),
            None,
            None,
        )
        .await;
    assert_eq!(
        h["series"][0]["points"].as_array().map(Vec::len),
        Some(1),
        "{h}"
    );
    let (_, g) = srv
        .json(
            "GET",
            &format!("/api/users/{name}/games?result=win&rated=true&speed=bullet"),
            None,
            None,
        )
        .await;
    assert_eq!(g["total"], 1, "{g}");
    let (s, pgn) = srv
        .http("GET", &format!("/api/users/{name}/games.pgn"), None, None)
        .await;
    assert_eq!(s, 200);
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_share_the_seat_key_and_never_rate_a_game_twice() {
    let Some(url) = url() else { return };
    let one = start_with("rat-pg-1", TimeSource::manual(1_000_000), |c| {
        c.db = Some(url.clone())
    })
    .await;
    let two = start_with("rat-pg-2", TimeSource::manual(1_000_000), |c| {
        c.db = Some(url.clone())
    })
    .await;
    let a = one.running.as_ref().expect("one").state.clone();
    let b = two.running.as_ref().expect("two").state.clone();
    let tag = format!(
        "{}{}",
        std::process::id(),
        guoxiang_server::store::unix_ms() % 100_000
    );
    let mut ids = Vec::new();
    for who in ["x", "y"] {
        let id = format!("rat2-{who}-{tag}");
        a.ctx
            .store
            .write(common::user_without_password(&id, &format!("q{who}{tag}")))
            .await
            .expect("user");
        ids.push(UserId(id));
    }
    // Both processes derive the same seat secrets from the one key.
    let game = a
        .start_account_game(AccountGame {
            white: ids[0].clone(),
            black: ids[1].clone(),
            control: TimeControl::fischer(600_000, 0),
            rated: true,
            tournament: None,
            berserk: false,
        })
        .await
        .expect("game");
    assert_eq!(
        a.seat_of(&game, &ids[0]).await.expect("a").1,
        b.seat_of(&game, &ids[0]).await.expect("b").1
    );
    // Rated by its own process at the end; then both processes try again at once.
    let (_, w) = a.seat_of(&game, &ids[0]).await.expect("w");
    let (_, k) = a.seat_of(&game, &ids[1]).await.expect("k");
    one.mv(&game, &w, "e2e4").await;
    one.mv(&game, &k, "e7e5").await;
    one.ok(&game, &k, json!({"t": "offer_draw"})).await;
    one.ok(&game, &w, json!({"t": "accept_draw"})).await;
    let deadline = std::time::Instant::now() + WAIT;
    while a.rating_of(&ids[0], Speed::Rapid).await.expect("r").games == 0 {
        assert!(std::time::Instant::now() < deadline, "never rated");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    for _ in 0..5 {
        on_finished(&a.ctx, &game);
        on_finished(&b.ctx, &game);
    }
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let r = b.rating_of(&ids[1], Speed::Rapid).await.expect("r");
    let expected = rate(NEW_PLAYER, NEW_PLAYER, Outcome::Draw);
    assert_eq!((r.games, r.rating), (1, expected.black.after.rating));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_claiming_one_unrated_game_at_once_rate_it_once() {
    let Some(url) = url() else { return };
    let one = start_with("rat-pg-3", TimeSource::manual(1_000_000), |c| {
        c.db = Some(url.clone())
    })
    .await;
    let two = start_with("rat-pg-4", TimeSource::manual(1_000_000), |c| {
        c.db = Some(url.clone())
    })
    .await;
    let a = one.running.as_ref().expect("one").state.clone();
    let b = two.running.as_ref().expect("two").state.clone();
    let tag = format!(
        "{}{}",
        std::process::id(),
        guoxiang_server::store::unix_ms() % 100_000
    );
    let mut ids = Vec::new();
    for who in ["m", "n"] {
        let id = format!("rat3-{who}-{tag}");
        a.ctx
            .store
            .write(common::user_without_password(&id, &format!("z{who}{tag}")))
            .await
            .expect("user");
        ids.push(UserId(id));
    }
    // A finished game whose rating is still to be done (as a stopped process leaves it).
    let (id, w, k) = one.friend_game(json!("1+0"), None).await;
    one.mv(&id, &w, "e2e4").await;
    one.mv(&id, &k, "e7e5").await;
    one.ok(&id, &k, json!({"t": "resign"})).await;
    a.ctx
        .store
        .write(Write::Competition(CompetitionWrite::Players(
            guoxiang_server::store::competition::NewPlayers {
                game_id: id.clone(),
                white_user: ids[0].0.clone(),
                black_user: ids[1].0.clone(),
                rated: true,
                speed: Some("bullet".into()),
                tournament_id: None,
                created_at: 1,
            },
        )))
        .await
        .expect("players");
    // Both processes claim it at the same moment, several times.
    let mut tasks = Vec::new();
    for st in [a.clone(), b.clone(), a.clone(), b.clone()] {
        tasks.push(tokio::spawn(async move {
            guoxiang_server::competition::rate_overdue(&st).await
        }));
    }
    for t in tasks {
        t.await.expect("joined").expect("rated");
    }
    let expected = rate(NEW_PLAYER, NEW_PLAYER, Outcome::WhiteWins);
    let r = b.rating_of(&ids[0], Speed::Bullet).await.expect("r");
    assert_eq!((r.games, r.rating), (1, expected.white.after.rating));
    let r = a.rating_of(&ids[1], Speed::Bullet).await.expect("r");
    assert_eq!((r.games, r.rating), (1, expected.black.after.rating));
}
