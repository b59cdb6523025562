//! The competition's HTTP side with real accounts (signed up through the
//! accounts API): a player's seat of an account game (only their own, only
//! signed in), the profile, its rating history, filtered game list and PGN
//! export, and the FIDE norm calculator.

mod common;

use common::{manual, Srv, WAIT};
use guoxiang_rating::speed::Speed;
use guoxiang_server::accounts::client::Client;
use guoxiang_server::accounts::UserId;
use guoxiang_server::clock::TimeControl;
use guoxiang_server::competition::AccountGame;
use serde_json::{json, Value};

const PASSWORD: &str = "correct horse battery";

async fn account(srv: &Srv, name: &str) -> (Client, UserId) {
    let mut c = Client::new(srv.addr);
    let (s, v) = c.signup(name, PASSWORD).await;
    assert_eq!(s, 201, "{v}");
    let st = &srv.running.as_ref().expect("running").state;
    let u = st.user_named(name).await.expect("read").expect("user");
    (c, u.id)
}

async fn start(srv: &Srv, w: &UserId, b: &UserId, rated: bool, tc: TimeControl) -> String {
    let st = &srv.running.as_ref().expect("running").state;
    st.start_account_game(AccountGame {
        white: w.clone(),
        black: b.clone(),
        control: tc,
        rated,
        tournament: None,
        berserk: false,
    })
    .await
    .expect("started")
}

async fn seat(c: &mut Client, id: &str) -> (u16, Value) {
    c.json("GET", &format!("/api/games/{id}/seat"), None).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_is_given_only_to_its_signed_in_player() {
    let srv = manual("rat-seat").await;
    let (mut ann, a) = account(&srv, "ann").await;
    let (mut bob, b) = account(&srv, "bob").await;
    let (mut cat, _) = account(&srv, "cat").await;
    let id = start(&srv, &a, &b, true, TimeControl::fischer(300_000, 0)).await;
    let (s, w) = seat(&mut ann, &id).await;
    assert_eq!((s, w["color"].as_str()), (200, Some("white")), "{w}");
    let (s, k) = seat(&mut bob, &id).await;
    assert_eq!((s, k["color"].as_str()), (200, Some("black")), "{k}");
    // The secrets play: White's moves White.
    let ws = w["secret"].as_str().expect("secret");
    srv.mv(&id, ws, "e2e4").await;
    let (s, e) = seat(&mut cat, &id).await;
    assert_eq!((s, e["error"].as_str()), (403, Some("not_your_game")));
    let mut nobody = Client::new(srv.addr);
    let (s, e) = seat(&mut nobody, &id).await;
    assert_eq!((s, e["error"].as_str()), (401, Some("not_signed_in")));
    // A game not between accounts has no seats to give.
    let (anon, _) = srv.create(json!({"mode": "hotseat"})).await;
    let (s, _) = seat(&mut ann, &anon).await;
    assert_eq!(s, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_profile_shows_ratings_history_filtered_games_and_pgn() {
    let srv = manual("rat-profile").await;
    let (mut ann, a) = account(&srv, "Ann").await;
    let (mut bob, b) = account(&srv, "bob").await;
    let st = srv.running.as_ref().expect("running").state.clone();
    // A rated blitz game Ann wins (Bob resigns) and a casual rapid draw.
    let rated = start(&srv, &a, &b, true, TimeControl::fischer(180_000, 2_000)).await;
    let w = seat(&mut ann, &rated).await.1["secret"]
        .as_str()
        .expect("w")
        .to_string();
    let k = seat(&mut bob, &rated).await.1["secret"]
        .as_str()
        .expect("b")
        .to_string();
    srv.mv(&rated, &w, "e2e4").await;
    srv.mv(&rated, &k, "e7e5").await;
    srv.ok(&rated, &k, json!({"t": "resign"})).await;
    // A minute later (the manual clock), so that the list's order is the games' order.
    srv.time.advance(60_000);
    let casual = start(&srv, &b, &a, false, TimeControl::fischer(600_000, 5_000)).await;
    let w2 = seat(&mut bob, &casual).await.1["secret"]
        .as_str()
        .expect("w")
        .to_string();
    let k2 = seat(&mut ann, &casual).await.1["secret"]
        .as_str()
        .expect("b")
        .to_string();
    srv.mv(&casual, &w2, "d2d4").await;
    srv.mv(&casual, &k2, "d7d5").await;
    srv.ok(&casual, &k2, json!({"t": "offer_draw"})).await;
    srv.ok(&casual, &w2, json!({"t": "accept_draw"})).await;
    let deadline = std::time::Instant::now() + WAIT;
    while st.rating_of(&a, Speed::Blitz).await.expect("r").games == 0 {
        assert!(std::time::Instant::now() < deadline, "never rated");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let mut anyone = Client::new(srv.addr);
    // The profile, by name in any case.
    let (s, p) = anyone.json("GET", "/api/users/ANN", None).await;
    assert_eq!(s, 200, "{p}");
    assert_eq!(p["name"], "Ann");
    let blitz = &p["ratings"][1];
    assert_eq!(
        (blitz["speed"].as_str(), blitz["games"].as_i64()),
        (Some("blitz"), Some(1))
    );
    assert!(blitz["rating"].as_i64().expect("rating") > 1500);
    assert_eq!(p["ratings"].as_array().map(Vec::len), Some(4));
    assert_eq!(p["rank"], "10k");
    assert_eq!(
        p["counts"],
        json!({"games": 2, "rated": 1, "wins": 1, "losses": 0, "draws": 1})
    );
    // The history: one blitz point.
    let (_, h) = anyone.json("GET", "/api/users/ann/ratings", None).await;
    let series = h["series"].as_array().expect("series");
    assert_eq!(series.len(), 1, "{h}");
    assert_eq!(series[0]["speed"], "blitz");
    assert_eq!(series[0]["points"][0]["game"], rated.as_str());
    assert_eq!(series[0]["points"][0]["rating"], blitz["rating"]);
    let (_, h) = anyone
        .json("GET", "/api/users/ann/ratings?speed=rapid", None)
        .await;
    assert_eq!(h, json!({"series": [{"speed": "rapid", "points": []}]}));
    // The games, filtered.
    let list = |q: &'static str| {
        let mut c = Client::new(srv.addr);
        async move {
            let (s, v) = c
                .json("GET", &format!("/api/users/ann/games{q}"), None)
                .await;
            assert_eq!(s, 200, "{q}: {v}");
            v["games"]
                .as_array()
                .expect("games")
                .iter()
                .map(|g| g["id"].as_str().unwrap_or_default().to_string())
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(list("").await, vec![casual.clone(), rated.clone()]);
    assert_eq!(list("?result=win").await, vec![rated.clone()]);
    assert_eq!(list("?result=draw").await, vec![casual.clone()]);
    assert_eq!(list("?result=loss").await, Vec::<String>::new());
    assert_eq!(list("?rated=true").await, vec![rated.clone()]);
    assert_eq!(list("?speed=rapid&rated=false").await, vec![casual.clone()]);
    assert_eq!(list("?page=2").await, Vec::<String>::new());
    let (_, g) = anyone
        .json("GET", "/api/users/bob/games?result=loss", None)
        .await;
    assert_eq!(g["games"][0]["outcome"], "loss");
    assert_eq!(g["games"][0]["color"], "black");
    assert!(g["games"][0]["diff"].as_i64().expect("diff") < 0);
    let (s, e) = anyone
        .json("GET", "/api/users/ann/games?result=maybe", None)
        .await;
    assert_eq!((s, e["error"].as_str()), (400, Some("bad_result")));
    let (s, e) = anyone
        .json("GET", "/api/users/ann/games?speed=hyper", None)
        .await;
    assert_eq!((s, e["error"].as_str()), (400, Some("bad_speed")));
    // PGN of all games, oldest first, with the names and the ratings before.
    let a2 = anyone
        .send("GET", "/api/users/ann/games.pgn", None, &[])
        .await;
    assert_eq!(a2.status, 200);
    let pgn = a2.body;
    let games: Vec<_> = guoxiang_core::pgn::Reader::new(pgn.as_bytes())
        .games()
        .collect::<Result<_, _>>()
        .expect("the export reads back");
    assert_eq!(games.len(), 2, "{pgn}");
    assert!(
        pgn.contains("[White \"Ann\"]") && pgn.contains("[Black \"bob\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("[WhiteElo \"1500\"]"), "{pgn}");
    assert!(
        pgn.contains("[Event \"guoxiang rated blitz game\"]"),
        "{pgn}"
    );
    assert!(
        pgn.contains("[Event \"guoxiang casual rapid game\"]"),
        "{pgn}"
    );
    assert!(pgn.find("1-0").expect("win") < pgn.find("1/2-1/2").expect("draw"));
    // Nobody of that name.
    let (s, e) = anyone.json("GET", "/api/users/nobody", None).await;
    assert_eq!((s, e["error"].as_str()), (404, Some("no_such_user")));
}

fn opp(rating: u16, title: &str, fed: &str, result: &str) -> Value {
    json!({"rating": rating, "title": title, "federation": fed, "result": result})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_norm_calculator_follows_fide_title_regulations() {
    let srv = manual("rat-norms").await;
    let mut c = Client::new(srv.addr);
    // The rating crate's worked GM example: 7/9 against Ra 2433, Rp 2653.
    let games = vec![
        opp(2550, "GM", "IND", "win"),
        opp(2520, "GM", "USA", "draw"),
        opp(2500, "GM", "GER", "win"),
        opp(2450, "IM", "IND", "win"),
        opp(2420, "IM", "FRA", "draw"),
        opp(2400, "FM", "CHN", "win"),
        opp(2380, "", "CHN", "win"),
        opp(2350, "", "CHN", "draw"),
        opp(2330, "FM", "ENG", "draw"),
    ];
    let req = json!({"title": "GM", "federation": "CHN", "games": games});
    let (s, r) = c.json("POST", "/api/norms", Some(req)).await;
    assert_eq!(s, 200, "{r}");
    assert_eq!(r["norm"], true, "{r}");
    assert_eq!(r["performance"]["rating"], 2653);
    assert_eq!(r["half_points"], 14);
    // Eight games: not enough, said with the article and the numbers.
    let req = json!({"title": "GM", "federation": "CHN", "games": &games[..8]});
    let (_, r) = c.json("POST", "/api/norms", Some(req)).await;
    assert_eq!(r["norm"], false);
    assert_eq!(
        (
            r["failures"][0]["code"].as_str(),
            r["failures"][0]["rule"].as_str()
        ),
        (Some("too_few_games"), Some("1.4.1"))
    );
    assert_eq!(
        (
            r["failures"][0]["found"].as_i64(),
            r["failures"][0]["needed"].as_i64()
        ),
        (Some(8), Some(9))
    );
    // Refusals.
    for (body, code) in [
        (
            json!({"title": "FM", "federation": "CHN", "games": []}),
            "not_a_norm_title",
        ),
        (
            json!({"title": "XX", "federation": "CHN", "games": []}),
            "bad_title",
        ),
        (
            json!({"title": "IM", "federation": "china", "games": []}),
            "bad_federation",
        ),
    ] {
        let (s, e) = c.json("POST", "/api/norms", Some(body)).await;
        assert_eq!((s, e["error"].as_str()), (400, Some(code)), "{e}");
    }
}
