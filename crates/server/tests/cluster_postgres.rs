//! Several server processes on one PostgreSQL (issue 20): each live game is run by
//! one process, under its lease; a request or WebSocket reaching another process
//! is relayed to it, so a game is played through either; a process that stops
//! gives its games back and the other takes them on the next request, every move
//! there. Two servers run in this test's process, on real TCP. Needs
//! `GUOXIANG_TEST_POSTGRES=postgres://…` (skipped, saying so, without it).

mod common;

use common::*;
use guoxiang_server::time::TimeSource;
use serde_json::json;

fn runs(srv: &Srv, id: &str) -> bool {
    srv.running
        .as_ref()
        .is_some_and(|r| r.state.ctx.registry.get(id).is_some())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_runs_on_one_process_and_is_played_through_either() {
    let Some(url) = url() else { return };
    let u = url.clone();
    let mut a = start_with("cluster-a", TimeSource::real(), move |c| c.db = Some(u)).await;
    let u = url.clone();
    let b = start_with("cluster-b", TimeSource::real(), move |c| c.db = Some(u)).await;
    let (id, white, black) = a.friend_game(json!("5+0"), None).await;

    // Moves sent to either process are played by the one that runs the game.
    b.mv(&id, &white, "e2e4").await;
    a.mv(&id, &black, "e7e5").await;
    assert!(runs(&a, &id) && !runs(&b, &id), "one task, on A");
    let lease = {
        let store = &a.running.as_ref().expect("running").state.ctx.store;
        store.lease(&id).await.expect("read").expect("a lease")
    };
    assert_eq!(lease.addr, format!("http://{}", a.addr));

    // A socket on B hears the moves made on A, in order; its own move goes to A.
    let mut ws = b.ws(&id, Some(&white)).await;
    ws.state_with_moves(2).await;
    ws.send(json!({"t": "move", "id": 1, "uci": "g1f3"})).await;
    assert_eq!(ws.answer().await["t"], "ok");
    ws.state_with_moves(3).await;
    a.mv(&id, &black, "b8c6").await;
    let s = ws.state_with_moves(4).await;
    assert_eq!(s["state"]["moves"], json!(["e2e4", "e7e5", "g1f3", "b8c6"]));
    assert!(!runs(&b, &id), "B only relays");

    // A stops (a rolling restart): it gives the game back, B takes it when asked.
    a.stop().await;
    let v = b.get(&id, Some(&white)).await;
    assert_eq!(v["moves"], json!(["e2e4", "e7e5", "g1f3", "b8c6"]));
    b.mv(&id, &white, "f1c4").await;
    assert!(runs(&b, &id), "B runs it now");
    let v = b.get(&id, None).await;
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(5));
    ws.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_names_the_advertised_address_in_its_leases() {
    let Some(url) = url() else { return };
    let srv = start_with("cluster-adv", TimeSource::real(), move |c| {
        c.db = Some(url);
        c.advertise = Some("http://10.1.2.3:8080".into());
    })
    .await;
    let (id, _, _) = srv.friend_game(json!("5+0"), None).await;
    let store = &srv.running.as_ref().expect("running").state.ctx.store;
    let lease = store.lease(&id).await.expect("read").expect("a lease");
    assert_eq!(lease.addr, "http://10.1.2.3:8080");
}
