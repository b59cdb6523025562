//! Tournaments over HTTP (issue 19): accounts sign up, create and join, the
//! director pairs and starts the games, the players finish them through the games
//! API with their seats' secrets, and the standings, crosstable, TRF (read back by
//! the crate's reader) and PGN follow. Also: a forfeit, arena pairing, refusals.

mod common;

use common::{start_with, Srv, WAIT};
use guoxiang_server::time::TimeSource;
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A signed-in user: the cookies and the CSRF token.
#[derive(Clone)]
struct User {
    name: String,
    cookie: String,
    csrf: String,
}

/// One HTTP/1.1 request with optional cookies and CSRF header: status, head, body.
async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
    user: Option<&User>,
) -> (u16, String, String) {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let auth = user.map_or(String::new(), |u| {
        format!("Cookie: {}\r\nx-csrf-token: {}\r\n", u.cookie, u.csrf)
    });
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut s = TcpStream::connect(addr).await.expect("connect");
    s.write_all(req.as_bytes()).await.expect("send");
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.expect("read");
    let text = String::from_utf8_lossy(&buf).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").expect("a response");
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("status");
    (status, head.to_owned(), rest.to_owned())
}

async fn call(
    srv: &Srv,
    method: &str,
    path: &str,
    body: Option<Value>,
    u: Option<&User>,
) -> (u16, Value) {
    let (s, _, text) = request(srv.addr, method, path, body.as_ref(), u).await;
    let v =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"));
    (s, v)
}

async fn ok(srv: &Srv, method: &str, path: &str, body: Option<Value>, u: Option<&User>) -> Value {
    let (s, v) = call(srv, method, path, body, u).await;
    assert!((200..300).contains(&s), "{method} {path}: {s} {v}");
    v
}

/// Signs up `name` (the session and CSRF cookies).
async fn signup(srv: &Srv, name: &str) -> User {
    let body = json!({"name": name, "password": "correct horse 1"});
    let (s, head, text) = request(srv.addr, "POST", "/api/account/signup", Some(&body), None).await;
    assert_eq!(s, 201, "signup {name}: {text}");
    let mut cookies = Vec::new();
    let mut csrf = String::new();
    for line in head.lines() {
        let Some((k, v)) = line.split_once(':') else {
            continue;
        };
        if !k.eq_ignore_ascii_case("set-cookie") {
            continue;
        }
        let pair = v.trim().split(';').next().unwrap_or_default().to_owned();
        if let Some(t) = pair.strip_prefix("gx_csrf=") {
            csrf = t.to_owned();
        }
        cookies.push(pair);
    }
    assert!(!csrf.is_empty(), "no gx_csrf cookie: {head}");
    User {
        name: name.to_owned(),
        cookie: cookies.join("; "),
        csrf,
    }
}

async fn server(tag: &str) -> Srv {
    let srv = start_with(tag, TimeSource::real(), |_| {}).await;
    let state = &srv.running.as_ref().expect("running").state;
    state.tournaments.tick_ms.store(30, Ordering::Relaxed);
    srv
}

fn clock() -> Value {
    json!({"periods": [{"time_ms": 600_000, "bonus_ms": 0}]})
}

/// Creates a tournament starting in an hour; everyone joins; the creator starts it.
async fn tournament(srv: &Srv, users: &[User], spec: Value) -> String {
    let mut body = spec;
    body["name"] = json!("Club night");
    body["control"] = clock();
    body["starts_at"] = json!(now_ms() + 3_600_000);
    let v = ok(srv, "POST", "/api/tournaments", Some(body), Some(&users[0])).await;
    let id = v["info"]["id"].as_str().expect("id").to_owned();
    for u in users {
        ok(
            srv,
            "POST",
            &format!("/api/tournaments/{id}/join"),
            None,
            Some(u),
        )
        .await;
    }
    let v = ok(srv, "GET", &format!("/api/tournaments/{id}"), None, None).await;
    assert_eq!(v["info"]["status"], "scheduled");
    assert_eq!(v["players"].as_array().map(Vec::len), Some(users.len()));
    ok(
        srv,
        "POST",
        &format!("/api/tournaments/{id}/start"),
        None,
        Some(&users[0]),
    )
    .await;
    id
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Polls the tournament until `done` holds.
async fn wait_for(srv: &Srv, id: &str, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    let t0 = Instant::now();
    loop {
        let v = ok(srv, "GET", &format!("/api/tournaments/{id}"), None, None).await;
        if done(&v) {
            return v;
        }
        assert!(t0.elapsed() < WAIT, "timed out waiting for {what}: {v}");
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// Round `r`'s boards once all have their games.
async fn round_started(srv: &Srv, id: &str, r: usize) -> Vec<Value> {
    let v = wait_for(srv, id, &format!("round {r}"), |v| {
        v["pairings"]
            .get(r - 1)
            .and_then(|p| p["boards"].as_array())
            .is_some_and(|bs| {
                bs.iter()
                    .all(|b| b["game"].is_string() || b["result"].is_string())
            })
    })
    .await;
    v["pairings"][r - 1]["boards"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// The player `loser` (by name) resigns game `game` with their seat's secret.
async fn resign(srv: &Srv, game: &str, loser: &User) {
    let seat = ok(
        srv,
        "GET",
        &format!("/api/games/{game}/seat"),
        None,
        Some(loser),
    )
    .await;
    let secret = seat["secret"].as_str().expect("secret");
    let (s, v) = srv
        .json(
            "POST",
            &format!("/api/games/{game}/actions"),
            Some(json!({"t": "resign"})),
            Some(secret),
        )
        .await;
    assert_eq!(s, 200, "resign: {v}");
}

fn by_rank(v: &Value, users: &[User]) -> HashMap<u64, User> {
    v["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| {
            let name = p["name"].as_str().expect("name");
            let u = users
                .iter()
                .find(|u| u.name == name)
                .expect("a user")
                .clone();
            (p["rank"].as_u64().expect("rank"), u)
        })
        .collect()
}

/// Plays the tournament through: on each board the lower starting rank wins
/// (the other resigns); `rounds` rounds. The final view.
async fn play_through(srv: &Srv, id: &str, users: &[User], rounds: usize) -> Value {
    for r in 1..=rounds {
        let boards = round_started(srv, id, r).await;
        let v = ok(srv, "GET", &format!("/api/tournaments/{id}"), None, None).await;
        let ranks = by_rank(&v, users);
        for b in boards {
            let Some(game) = b["game"].as_str() else {
                continue;
            };
            let (w, bl) = (
                b["white"].as_u64().expect("w"),
                b["black"].as_u64().expect("b"),
            );
            resign(srv, game, &ranks[&w.max(bl)]).await;
        }
    }
    wait_for(srv, id, "the end", |v| v["info"]["status"] == "finished").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_four_is_played_through_over_http_with_standings_crosstable_trf_and_pgn() {
    let srv = server("tn-rr").await;
    let mut users = Vec::new();
    for n in ["ann", "bob", "cai", "dong"] {
        users.push(signup(&srv, n).await);
    }
    let id = tournament(&srv, &users, json!({"kind": "round_robin"})).await;
    let v = play_through(&srv, &id, &users, 3).await;
    // Each pair met once: 6 games.
    let mut met = HashSet::new();
    for r in v["pairings"].as_array().expect("pairings") {
        for b in r["boards"].as_array().expect("boards") {
            let (w, bl) = (
                b["white"].as_u64().expect("w"),
                b["black"].as_u64().expect("b"),
            );
            assert!(met.insert((w.min(bl), w.max(bl))), "{w}-{bl} twice");
            assert!(b["result"] == "1-0" || b["result"] == "0-1", "{b}");
        }
    }
    assert_eq!(met.len(), 6);
    // Rank 1 won everything: 3, 2, 1, 0.
    let scores: Vec<(u64, f64)> = v["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|s| {
            (
                s["rank"].as_u64().expect("rank"),
                s["score"].as_f64().expect("score"),
            )
        })
        .collect();
    assert_eq!(scores, vec![(1, 3.0), (2, 2.0), (3, 1.0), (4, 0.0)]);
    assert_eq!(v["tiebreaks"], json!(["DE", "SB", "WIN", "KS"]));
    let cross = v["crosstable"].as_array().expect("crosstable");
    assert_eq!(cross[0]["cells"], json!(["×", "1", "1", "1"]));
    assert_eq!(cross[3]["cells"], json!(["0", "0", "0", "×"]));
    // TRF read back by the crate's reader.
    let (s, _, trf) = request(
        srv.addr,
        "GET",
        &format!("/api/tournaments/{id}/trf"),
        None,
        None,
    )
    .await;
    assert_eq!(s, 200);
    let t = guoxiang_tournament::trf::read(&trf).unwrap_or_else(|e| panic!("{e}\n{trf}"));
    assert_eq!(t.players.len(), 4);
    assert_eq!(t.rounds(), 3);
    let points: Vec<u32> = t.players.iter().map(|p| p.score().halves()).collect();
    assert_eq!(points, vec![6, 4, 2, 0]);
    // PGN of all six games, with the players' names.
    let (s, _, pgn) = request(
        srv.addr,
        "GET",
        &format!("/api/tournaments/{id}/pgn"),
        None,
        None,
    )
    .await;
    assert_eq!(s, 200);
    assert_eq!(pgn.matches("[Event \"Club night\"]").count(), 6, "{pgn}");
    assert!(pgn.contains("[White \"ann\"]") || pgn.contains("[Black \"ann\"]"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_six_plays_three_rounds_without_repeats_and_its_trf_reads_back() {
    let srv = server("tn-swiss").await;
    let mut users = Vec::new();
    for n in ["sw1", "sw2", "sw3", "sw4", "sw5", "sw6"] {
        users.push(signup(&srv, n).await);
    }
    let id = tournament(&srv, &users, json!({"kind": "swiss", "rounds": 3})).await;
    let v = play_through(&srv, &id, &users, 3).await;
    let mut met = HashSet::new();
    for r in v["pairings"].as_array().expect("pairings") {
        assert_eq!(r["boards"].as_array().map(Vec::len), Some(3));
        for b in r["boards"].as_array().expect("boards") {
            let (w, bl) = (
                b["white"].as_u64().expect("w"),
                b["black"].as_u64().expect("b"),
            );
            assert!(met.insert((w.min(bl), w.max(bl))), "{w}-{bl} twice");
        }
    }
    assert_eq!(v["tiebreaks"], json!(["BH-C1", "BH", "SB", "DE", "WIN"]));
    let (_, _, trf) = request(
        srv.addr,
        "GET",
        &format!("/api/tournaments/{id}/trf"),
        None,
        None,
    )
    .await;
    let t = guoxiang_tournament::trf::read(&trf).unwrap_or_else(|e| panic!("{e}\n{trf}"));
    assert_eq!(
        (t.players.len(), t.rounds(), t.total_rounds),
        (6, 3, Some(3))
    );
    let total: u32 = t.players.iter().map(|p| p.score().halves()).sum();
    assert_eq!(total, 18, "9 games, 9 points");
    // The arbiter's command line would find nothing more to pair.
    assert!(guoxiang_tournament::swiss_input::swiss_input(&t).is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_does_not_move_loses_by_forfeit_and_the_game_is_aborted() {
    let srv = server("tn-forfeit").await;
    let users = vec![signup(&srv, "idle").await, signup(&srv, "keen").await];
    let id = tournament(
        &srv,
        &users,
        json!({"kind": "round_robin", "forfeit_after_s": 1}),
    )
    .await;
    let boards = round_started(&srv, &id, 1).await;
    let game = boards[0]["game"].as_str().expect("game").to_owned();
    let v = wait_for(&srv, &id, "the forfeit", |v| {
        v["info"]["status"] == "finished"
    })
    .await;
    assert_eq!(v["pairings"][0]["boards"][0]["result"], "-/+");
    let white = v["pairings"][0]["boards"][0]["white"]
        .as_u64()
        .expect("white");
    let loser = &v["standings"].as_array().expect("standings")[1];
    assert_eq!(
        (loser["rank"].as_u64(), loser["score"].as_f64()),
        (Some(white), Some(0.0))
    );
    let g = srv.get(&game, None).await;
    assert_eq!(g["status"], "finished", "{g}");
    // The TRF writes the forfeit as such.
    let (_, _, trf) = request(
        srv.addr,
        "GET",
        &format!("/api/tournaments/{id}/trf"),
        None,
        None,
    )
    .await;
    let t = guoxiang_tournament::trf::read(&trf).unwrap_or_else(|e| panic!("{e}\n{trf}"));
    assert!(t.players.iter().all(|p| p.rounds[0].is_unplayed()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_arena_pairs_players_again_as_soon_as_they_finish() {
    let srv = server("tn-arena").await;
    let mut users = Vec::new();
    for n in ["ar1", "ar2", "ar3", "ar4"] {
        users.push(signup(&srv, n).await);
    }
    let id = tournament(&srv, &users, json!({"kind": "arena", "minutes": 30})).await;
    let v = wait_for(&srv, &id, "two arena games", |v| {
        v["arena"]
            .as_array()
            .is_some_and(|a| a.len() == 2 && a.iter().all(|b| b["game"].is_string()))
    })
    .await;
    let ranks = by_rank(&v, &users);
    let first = v["arena"][1].clone(); // latest first
    let game = first["game"].as_str().expect("game");
    let (w, b) = (
        first["white"].as_u64().expect("w"),
        first["black"].as_u64().expect("b"),
    );
    resign(&srv, game, &ranks[&b]).await;
    // The two are free again and nobody else is: they meet again, colours swapped.
    let v = wait_for(&srv, &id, "the next arena game", |v| {
        v["arena"]
            .as_array()
            .is_some_and(|a| a.len() == 3 && a[0]["game"].is_string())
    })
    .await;
    assert_eq!(
        (
            v["arena"][0]["white"].as_u64(),
            v["arena"][0]["black"].as_u64()
        ),
        (Some(b), Some(w))
    );
    let top = &v["standings"][0];
    assert_eq!(
        (top["rank"].as_u64(), top["score"].as_f64()),
        (Some(w), Some(2.0))
    );
    // Arena has no rounds for TRF.
    let (s, _) = call(
        &srv,
        "GET",
        &format!("/api/tournaments/{id}/trf"),
        None,
        None,
    )
    .await;
    assert_eq!(s, 409);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strangers_are_refused_and_bad_settings_are_named() {
    let srv = server("tn-refuse").await;
    let owner = signup(&srv, "owner").await;
    let other = signup(&srv, "other").await;
    let spec = json!({"name": "x", "kind": "swiss", "rounds": 3, "control": clock(), "starts_at": now_ms() + 60_000});
    let (s, _) = call(&srv, "POST", "/api/tournaments", Some(spec.clone()), None).await;
    assert_eq!(s, 401);
    let mut bad = spec.clone();
    bad["rounds"] = json!(0);
    let (s, v) = call(&srv, "POST", "/api/tournaments", Some(bad), Some(&owner)).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (400, Some("invalid_tournament")),
        "{v}"
    );
    let mut untimed = spec.clone();
    untimed["control"] = json!({"periods": []});
    let (s, _) = call(
        &srv,
        "POST",
        "/api/tournaments",
        Some(untimed),
        Some(&owner),
    )
    .await;
    assert_eq!(s, 400);
    let v = ok(&srv, "POST", "/api/tournaments", Some(spec), Some(&owner)).await;
    let id = v["info"]["id"].as_str().expect("id").to_owned();
    let (s, _) = call(
        &srv,
        "POST",
        &format!("/api/tournaments/{id}/cancel"),
        None,
        Some(&other),
    )
    .await;
    assert_eq!(s, 403);
    let (s, _) = call(
        &srv,
        "POST",
        &format!("/api/tournaments/{id}/withdraw"),
        None,
        Some(&other),
    )
    .await;
    assert_eq!(s, 409);
    let (s, _) = call(&srv, "GET", "/api/tournaments/nope", None, None).await;
    assert_eq!(s, 404);
    ok(
        &srv,
        "POST",
        &format!("/api/tournaments/{id}/join"),
        None,
        Some(&other),
    )
    .await;
    let v = ok(&srv, "GET", &format!("/api/tournaments/{id}"), None, None).await;
    assert_eq!(v["players"][0]["name"], "other");
    let v = ok(
        &srv,
        "POST",
        &format!("/api/tournaments/{id}/withdraw"),
        None,
        Some(&other),
    )
    .await;
    assert_eq!(v["players"].as_array().map(Vec::len), Some(0));
    ok(
        &srv,
        "POST",
        &format!("/api/tournaments/{id}/cancel"),
        None,
        Some(&owner),
    )
    .await;
    let list = ok(&srv, "GET", "/api/tournaments", None, None).await;
    assert_eq!(list["tournaments"][0]["status"], "cancelled");
}

/// Two server processes' worth (two servers, two directors) on one PostgreSQL database
/// (`GUOXIANG_TEST_POSTGRES`, a scratch database; the test works in a schema of its own
/// and drops it; without it the test says it was skipped and passes): a Swiss of 6
/// players for 3 rounds played through; each round is paired once and each board gets
/// one game, although both directors look every 30 ms.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_directors_on_one_postgres_pair_each_round_once_and_start_each_game_once() {
    let url = match std::env::var("GUOXIANG_TEST_POSTGRES") {
        Ok(u) if !u.is_empty() => u,
        _ => {
            eprintln!("skipped: set GUOXIANG_TEST_POSTGRES to run the PostgreSQL tests");
            return;
        }
    };
    let schema = format!("gx_tournaments_{}", std::process::id());
    let sep = if url.contains('?') { '&' } else { '?' };
    let scoped = format!("{url}{sep}options=-csearch_path%3D{schema}");
    let sql = |text: String| {
        let url = url.clone();
        async move {
            tokio::task::spawn_blocking(move || {
                let mut c = postgres::Client::connect(&url, postgres::NoTls).expect("connect");
                c.batch_execute(&text).expect("SQL");
            })
            .await
            .expect("joined")
        }
    };
    sql(format!(
        "DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}"
    ))
    .await;
    let on_pg = |tag: &'static str| {
        let scoped = scoped.clone();
        async move {
            let srv = start_with(tag, TimeSource::real(), move |c| c.db = Some(scoped)).await;
            let state = &srv.running.as_ref().expect("running").state;
            state.tournaments.tick_ms.store(30, Ordering::Relaxed);
            srv
        }
    };
    let a = on_pg("tn-pg-a").await;
    let b = on_pg("tn-pg-b").await;
    let mut users = Vec::new();
    for n in ["pg1", "pg2", "pg3", "pg4", "pg5", "pg6"] {
        users.push(signup(&a, n).await);
    }
    let id = tournament(&b, &users, json!({"kind": "swiss", "rounds": 3})).await;
    let v = play_through(&a, &id, &users, 3).await;
    let v_b = ok(&b, "GET", &format!("/api/tournaments/{id}"), None, None).await;
    assert_eq!(v, v_b, "both servers show the same tournament");
    let mut games = HashSet::new();
    for r in v["pairings"].as_array().expect("pairings") {
        assert_eq!(r["boards"].as_array().map(Vec::len), Some(3), "{r}");
        for bd in r["boards"].as_array().expect("boards") {
            assert!(games.insert(bd["game"].as_str().expect("game").to_owned()));
        }
    }
    assert_eq!(games.len(), 9);
    // Nine games in the database: no board's game was started twice.
    let count = tokio::task::spawn_blocking({
        let scoped = scoped.clone();
        move || {
            let mut c = postgres::Client::connect(&scoped, postgres::NoTls).expect("connect");
            c.query_one("SELECT count(*) FROM games", &[])
                .expect("count")
                .get::<_, i64>(0)
        }
    })
    .await
    .expect("joined");
    assert_eq!(count, 9);
    drop(a);
    drop(b);
    sql(format!("DROP SCHEMA IF EXISTS {schema} CASCADE")).await;
}
