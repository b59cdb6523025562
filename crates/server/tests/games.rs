//! The server through its HTTP and WebSocket API, as clients use it: whole games,
//! every draw rule, draw offers, clocks against hand-computed times (manual time,
//! so no test sleeps on the clock), aborts, resignations, disconnect claims,
//! refused moves and messages, takebacks, and recovery from a restart.

mod common;

use common::*;
use serde_json::{json, Value};

const FOOLS_MATE: [&str; 4] = ["f2f3", "e7e5", "g2g4", "d8h4"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn friend_game_to_checkmate_over_websockets_with_a_spectator() {
    let srv = real("mate2").await;
    let (id, w, b) = srv.friend_game(json!("5+3"), None).await;
    let mut white = srv.ws(&id, Some(&w)).await;
    let mut black = srv.ws(&id, Some(&b)).await;
    let mut watcher = srv.ws(&id, None).await;
    let hello = white.until(|v| v["t"] == "hello").await;
    assert_eq!(hello["you"], "white");
    assert_eq!(hello["may"]["move"], true);
    assert_eq!(
        watcher.until(|v| v["t"] == "hello").await["you"],
        Value::Null
    );
    for (i, uci) in FOOLS_MATE.iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut white, &mut black)
        } else {
            (&mut black, &mut white)
        };
        mover.send(json!({"t": "move", "uci": uci, "id": i})).await;
        let a = mover.answer().await;
        assert_eq!(
            (a["t"].as_str(), a["id"].as_u64()),
            (Some("ok"), Some(i as u64)),
            "{a}"
        );
        let s = other.state_with_moves(i + 1).await;
        assert_eq!(s["state"]["moves"][i], *uci);
    }
    let end = watcher.state_with_moves(4).await;
    let st = &end["state"];
    assert_eq!(
        (
            st["status"].as_str(),
            st["result"].as_str(),
            st["reason"].as_str()
        ),
        (Some("finished"), Some("0-1"), Some("checkmate"))
    );
    assert_eq!(st["san"], json!(["f3", "e5", "g4", "Qh4#"]));
    assert_eq!(st["winner"], "black");
    // The spectator saw every move in order.
    let counts: Vec<usize> = watcher
        .seen
        .iter()
        .filter_map(|v| v["state"]["moves"].as_array().map(Vec::len))
        .collect();
    assert!(counts.windows(2).all(|p| p[0] <= p[1]), "{counts:?}");
    // Finished: the REST view, the PGN and the list agree.
    let v = srv.get(&id, Some(&b)).await;
    assert_eq!(
        (v["result"].as_str(), v["you"].as_str()),
        (Some("0-1"), Some("black"))
    );
    let (s, pgn) = srv
        .http("GET", &format!("/api/games/{id}/pgn"), None, None)
        .await;
    assert_eq!(s, 200);
    assert!(
        pgn.contains("[Result \"0-1\"]") && pgn.contains("[Termination \"normal\"]"),
        "{pgn}"
    );
    assert!(
        pgn.contains("[TimeControl \"300+3\"]") && pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"),
        "{pgn}"
    );
    let (_, list) = srv
        .json("GET", "/api/games?page=1&per_page=10", None, None)
        .await;
    assert_eq!(list["total"], 1);
    assert_eq!(
        (
            list["games"][0]["id"].as_str(),
            list["games"][0]["plies"].as_u64()
        ),
        (Some(id.as_str()), Some(4))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_game_against_the_computer_ends_in_checkmate() {
    use guoxiang_core::Position;
    use guoxiang_engine::{Engine, Think};
    let srv = real("cpu").await;
    let (id, me) = srv
        .create(json!({"mode": "computer", "level": 1, "color": "white"}))
        .await;
    let mut ws = srv.ws(&id, Some(&me)).await;
    let mut state = ws.until(|v| v["t"] == "hello").await["state"].clone();
    // We play White with a real search; level 1 blunders, so we mate it.
    for _ in 0..150 {
        if state["status"] == "finished" {
            break;
        }
        let n = state["moves"].as_array().map_or(0, Vec::len);
        let pos = Position::from_fen(state["fen"].as_str().expect("fen")).expect("FEN");
        let mut think = Think::new(pos);
        think.limits.depth = Some(3);
        let best = Engine::new(4)
            .think(&think, &mut |_| {})
            .best
            .expect("a move");
        ws.send(json!({"t": "move", "uci": best.to_uci()})).await;
        let a = ws.answer().await;
        assert_eq!(a["t"], "ok", "{a}");
        let next = ws.until(|v| {
            v["t"] == "state"
                && (v["state"]["status"] == "finished"
                    || v["state"]["moves"].as_array().map_or(0, Vec::len) >= n + 2)
        });
        state = next.await["state"].clone();
    }
    assert_eq!(state["status"], "finished", "{state}");
    let reason = state["reason"].as_str().unwrap_or_default();
    // Level 1 never resigns; a draw rule could end it but the search avoids repetitions.
    assert_eq!(
        (state["result"].as_str(), reason),
        (Some("1-0"), "checkmate"),
        "{state}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn threefold_is_claimable_exactly_when_it_stands_and_fivefold_ends_the_game() {
    let srv = manual("rep").await;
    let (id, w, b) = srv.friend_game(Value::Null, None).await;
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let claim = json!({"t": "claim_draw", "reason": "threefold_repetition"});
    srv.refused(&id, Some(&w), claim.clone(), 409, "nothing_to_claim")
        .await;
    for (i, m) in shuffle.iter().chain(&shuffle).enumerate() {
        let s = if i % 2 == 0 { &w } else { &b };
        let v = srv.mv(&id, s, m).await;
        let claimable = v["claimable_draws"].as_array().map_or(0, Vec::len);
        // The start position stands for the third time after the 8th ply.
        assert_eq!(claimable > 0, i == 7, "after ply {}: {v}", i + 1);
    }
    // Black just moved: only White (to move) may claim.
    srv.refused(&id, Some(&b), claim.clone(), 409, "nothing_to_claim")
        .await;
    assert_eq!(
        srv.get(&id, Some(&w)).await["may"]["claim_draw"],
        json!(["threefold_repetition"])
    );
    // Not claimed: play on to the fifth occurrence, which ends the game by itself.
    for (i, m) in shuffle.iter().chain(&shuffle).enumerate() {
        let s = if i % 2 == 0 { &w } else { &b };
        srv.mv(&id, s, m).await;
    }
    let v = srv.get(&id, None).await;
    assert_eq!(
        (v["result"].as_str(), v["reason"].as_str()),
        (Some("1/2-1/2"), Some("fivefold_repetition"))
    );

    // A second game: the claim is honoured.
    let (id, w, b) = srv.friend_game(Value::Null, None).await;
    for (i, m) in shuffle.iter().chain(&shuffle).enumerate() {
        srv.mv(&id, if i % 2 == 0 { &w } else { &b }, m).await;
    }
    let v = srv.ok(&id, &w, claim).await;
    assert_eq!(
        (v["result"].as_str(), v["reason"].as_str()),
        (Some("1/2-1/2"), Some("threefold_repetition"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_moves_are_claimable_and_seventy_five_end_the_game() {
    let srv = manual("fifty").await;
    // 98 quiet plies already played: two more make fifty moves.
    let (id, w, b) = srv
        .friend_game(Value::Null, Some("7k/8/8/8/8/8/8/R6K w - - 98 80"))
        .await;
    let claim = json!({"t": "claim_draw", "reason": "fifty_moves"});
    srv.mv(&id, &w, "a1a2").await;
    srv.refused(&id, Some(&b), claim.clone(), 409, "nothing_to_claim")
        .await;
    srv.mv(&id, &b, "h8g8").await;
    let v = srv.ok(&id, &w, claim).await;
    assert_eq!(
        (v["result"].as_str(), v["reason"].as_str()),
        (Some("1/2-1/2"), Some("fifty_moves"))
    );

    let (id, w, b) = srv
        .friend_game(Value::Null, Some("7k/8/8/8/8/8/8/R6K w - - 148 80"))
        .await;
    srv.mv(&id, &w, "a1a2").await;
    assert_eq!(srv.get(&id, None).await["status"], "active");
    let v = srv.mv(&id, &b, "h8g8").await;
    assert_eq!(
        (v["result"].as_str(), v["reason"].as_str()),
        (Some("1/2-1/2"), Some("seventyfive_moves"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stalemate_and_dead_positions_end_the_game_by_themselves() {
    let srv = manual("auto").await;
    let (id, w, _) = srv
        .friend_game(Value::Null, Some("7k/8/6Q1/8/8/8/8/K7 w - - 0 1"))
        .await;
    let v = srv.mv(&id, &w, "g6f7").await;
    assert_eq!(v["reason"], "stalemate");
    let (id, w, _) = srv
        .friend_game(Value::Null, Some("7k/8/8/8/8/8/6r1/K4B2 w - - 0 1"))
        .await;
    let v = srv.mv(&id, &w, "f1g2").await;
    assert_eq!(
        (v["result"].as_str(), v["reason"].as_str()),
        (Some("1/2-1/2"), Some("insufficient_material"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draw_offers_follow_the_rules() {
    let srv = manual("offers").await;
    let (id, w, b) = srv.friend_game(Value::Null, None).await;
    let offer = json!({"t": "offer_draw"});
    // Not before one's own move.
    srv.refused(
        &id,
        Some(&w),
        offer.clone(),
        409,
        "offer_not_after_own_move",
    )
    .await;
    srv.mv(&id, &w, "e2e4").await;
    srv.refused(
        &id,
        Some(&b),
        offer.clone(),
        409,
        "offer_not_after_own_move",
    )
    .await;
    srv.refused(&id, None, offer.clone(), 403, "forbidden")
        .await;
    let v = srv.ok(&id, &w, offer.clone()).await;
    assert_eq!(v["draw_offer"], "white");
    assert_eq!(srv.get(&id, Some(&b)).await["may"]["accept_draw"], true);
    srv.refused(&id, Some(&w), offer.clone(), 409, "offer_already_standing")
        .await;
    // Black answers by moving: the offer lapses.
    let v = srv.mv(&id, &b, "e7e5").await;
    assert_eq!(v["draw_offer"], Value::Null);
    srv.refused(&id, Some(&b), json!({"t": "accept_draw"}), 409, "no_offer")
        .await;
    // White offers again and Black declines: White may not offer again...
    srv.mv(&id, &w, "g1f3").await;
    srv.ok(&id, &w, offer.clone()).await;
    let v = srv.ok(&id, &b, json!({"t": "decline_draw"})).await;
    assert_eq!(v["draw_offer"], Value::Null);
    srv.mv(&id, &b, "b8c6").await;
    srv.mv(&id, &w, "f1c4").await;
    srv.refused(&id, Some(&w), offer.clone(), 409, "offer_blocked")
        .await;
    // ...until Black has offered.
    srv.mv(&id, &b, "g8f6").await;
    srv.ok(&id, &b, offer.clone()).await;
    srv.mv(&id, &w, "d2d3").await;
    let v = srv.ok(&id, &w, offer).await;
    assert_eq!(v["draw_offer"], "white");
    let v = srv.ok(&id, &b, json!({"t": "accept_draw"})).await;
    assert_eq!(
        (v["result"].as_str(), v["reason"].as_str()),
        (Some("1/2-1/2"), Some("agreement"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn flag_fall_loses_or_draws_when_the_opponent_cannot_mate() {
    let srv = manual("flag").await;
    // Standard start, 1+0: first moves are free, then White's minute runs out.
    let (id, w, b) = srv.friend_game(json!("1+0"), None).await;
    srv.mv(&id, &w, "e2e4").await;
    srv.mv(&id, &b, "e7e5").await;
    srv.time.advance(59_999);
    let v = srv.get(&id, None).await;
    assert_eq!(
        (v["status"].as_str(), v["clock"]["white_ms"].as_u64()),
        (Some("active"), Some(1))
    );
    srv.time.advance(1);
    let v = srv.wait_for(&id, |v| v["status"] == "finished").await;
    assert_eq!(
        (v["result"].as_str(), v["reason"].as_str()),
        (Some("0-1"), Some("timeout"))
    );
    assert_eq!(v["clock"]["white_ms"], 0);
    let (_, pgn) = srv
        .http("GET", &format!("/api/games/{id}/pgn"), None, None)
        .await;
    assert!(pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");

    // White has a rook, Black a lone king: Black's flag loses, White's draws.
    let fen = "k7/8/8/8/8/8/8/KR6 w - - 0 1";
    let (id, w, b) = srv.friend_game(json!("1+0"), Some(fen)).await;
    srv.mv(&id, &w, "b1b2").await;
    srv.mv(&id, &b, "a8a7").await;
    srv.time.advance(60_000);
    let v = srv.wait_for(&id, |v| v["status"] == "finished").await;
    assert_eq!(
        (v["result"].as_str(), v["reason"].as_str()),
        (Some("1/2-1/2"), Some("timeout_vs_insufficient_material"))
    );
    let (id, w, b) = srv.friend_game(json!("1+0"), Some(fen)).await;
    srv.mv(&id, &w, "b1b2").await;
    srv.mv(&id, &b, "a8a7").await;
    srv.mv(&id, &w, "b2b3").await;
    srv.time.advance(60_000);
    let v = srv.wait_for(&id, |v| v["status"] == "finished").await;
    assert_eq!(
        (v["result"].as_str(), v["reason"].as_str()),
        (Some("1-0"), Some("timeout"))
    );
    // A move sent after the flag fell is refused.
    srv.refused(
        &id,
        Some(&b),
        json!({"t": "move", "uci": "a7a8"}),
        409,
        "game_over",
    )
    .await;
}

/// Plays e4 e5 (free), then White thinks `w1`, Black `b1`, White `w2` ms; returns the
/// clocks after each of those three moves.
async fn timed(srv: &Srv, clock: Value, times: [u64; 3]) -> Vec<(u64, u64)> {
    let (id, w, b) = srv.friend_game(clock, None).await;
    srv.mv(&id, &w, "e2e4").await;
    srv.mv(&id, &b, "e7e5").await;
    let mut out = Vec::new();
    for (i, (m, t)) in ["g1f3", "b8c6", "f1c4"].iter().zip(times).enumerate() {
        srv.time.advance(t);
        let v = srv.mv(&id, if i % 2 == 0 { &w } else { &b }, m).await;
        out.push((
            v["clock"]["white_ms"].as_u64().expect("white clock"),
            v["clock"]["black_ms"].as_u64().expect("black clock"),
        ));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_clock_type_against_hand_computed_times() {
    let srv = manual("clocks").await;
    // Fischer 5+3: 300 - 10 + 3 = 293; 300 - 20 + 3 = 283; 293 - 4 + 3 = 292.
    assert_eq!(
        timed(&srv, json!("5+3"), [10_000, 20_000, 4_000]).await,
        vec![(293_000, 300_000), (293_000, 283_000), (292_000, 283_000)]
    );
    // Custom Fischer 0.5+1 ("any custom"): 30 - 5 + 1 = 26.
    assert_eq!(
        timed(&srv, json!("0.5+1"), [5_000, 0, 0]).await[0],
        (26_000, 30_000)
    );
    // Simple delay 60 s, 5 s: 4 s is free; 12 s costs 7; 5 s costs nothing.
    let delay = json!({"periods": [{"time_ms": 60_000, "bonus_ms": 5_000}], "bonus": "delay"});
    assert_eq!(
        timed(&srv, delay, [4_000, 12_000, 5_000]).await,
        vec![(60_000, 60_000), (60_000, 53_000), (60_000, 53_000)]
    );
    // Bronstein 60 s, 5 s: 3 s used and given back; 12 s used, 5 given back; 8 used, 5 back.
    let bronstein =
        json!({"periods": [{"time_ms": 60_000, "bonus_ms": 5_000}], "bonus": "bronstein"});
    assert_eq!(
        timed(&srv, bronstein, [3_000, 12_000, 8_000]).await,
        vec![(60_000, 60_000), (60_000, 53_000), (57_000, 53_000)]
    );
    // Multi-period: 2 moves in 100 s, then 50 s + 10 s a move. White's 2nd move
    // (30 s) ends the first period: 70 + 50 = 120. Black: 100 - 40 + 50 = 110.
    // White's 3rd move (in the 2nd period) takes 5 s: 120 - 5 + 10 = 125.
    let multi = json!({"periods": [{"moves": 2, "time_ms": 100_000}, {"time_ms": 50_000, "bonus_ms": 10_000}]});
    assert_eq!(
        timed(&srv, multi, [30_000, 40_000, 5_000]).await,
        vec![(120_000, 100_000), (120_000, 110_000), (125_000, 110_000)]
    );
    // A running clock is shown as of now.
    let (id, w, b) = srv.friend_game(json!("3+2"), None).await;
    srv.mv(&id, &w, "e2e4").await;
    srv.mv(&id, &b, "e7e5").await;
    srv.time.advance(1_500);
    let v = srv.get(&id, None).await;
    assert_eq!(
        (
            v["clock"]["white_ms"].as_u64(),
            v["clock"]["running"].as_str()
        ),
        (Some(178_500), Some("white"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abort_only_before_both_sides_have_moved_and_resign() {
    let srv = manual("abort").await;
    let (id, w, b) = srv.friend_game(json!("3+2"), None).await;
    srv.mv(&id, &w, "e2e4").await;
    srv.refused(&id, None, json!({"t": "abort"}), 403, "forbidden")
        .await;
    let v = srv.ok(&id, &b, json!({"t": "abort"})).await;
    assert_eq!(
        (v["result"].as_str(), v["reason"].as_str()),
        (Some("*"), Some("aborted"))
    );

    let (id, w, b) = srv.friend_game(json!("3+2"), None).await;
    srv.mv(&id, &w, "e2e4").await;
    srv.mv(&id, &b, "e7e5").await;
    srv.refused(
        &id,
        Some(&w),
        json!({"t": "abort"}),
        409,
        "too_late_to_abort",
    )
    .await;
    let v = srv.ok(&id, &b, json!({"t": "resign"})).await;
    assert_eq!(
        (
            v["result"].as_str(),
            v["reason"].as_str(),
            v["winner"].as_str()
        ),
        (Some("1-0"), Some("resignation"), Some("white"))
    );
    srv.refused(&id, Some(&w), json!({"t": "resign"}), 409, "game_over")
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_opponent_may_claim_after_a_disconnect_of_sixty_seconds() {
    let srv = manual("gone").await;
    let (id, w, b) = srv.friend_game(json!("10+5"), None).await;
    let mut white = srv.ws(&id, Some(&w)).await;
    let black = srv.ws(&id, Some(&b)).await;
    white.until(|v| v["t"] == "hello").await;
    srv.mv(&id, &w, "e2e4").await;
    srv.mv(&id, &b, "e7e5").await;
    srv.refused(
        &id,
        Some(&w),
        json!({"t": "claim_victory"}),
        409,
        "opponent_present",
    )
    .await;
    black.close().await;
    white
        .until(|v| v["state"]["disconnected"]["black"].is_object())
        .await;
    srv.time.advance(59_000);
    srv.refused(
        &id,
        Some(&w),
        json!({"t": "claim_victory"}),
        409,
        "too_early",
    )
    .await;
    srv.time.advance(1_000);
    // The server tells White when the claim opens.
    white.until(|v| v["may"]["claim_victory"] == true).await;
    let v = srv.ok(&id, &w, json!({"t": "claim_victory"})).await;
    assert_eq!(
        (v["result"].as_str(), v["reason"].as_str()),
        (Some("1-0"), Some("abandonment"))
    );

    // Or a draw; and coming back cancels the claim.
    let (id, w, b) = srv.friend_game(Value::Null, None).await;
    let white = srv.ws(&id, Some(&w)).await;
    let mut black = srv.ws(&id, Some(&b)).await;
    black.until(|v| v["t"] == "hello").await;
    white.close().await;
    black
        .until(|v| v["state"]["disconnected"]["white"].is_object())
        .await;
    srv.time.advance(60_000);
    let v = srv
        .ok(
            &id,
            &b,
            json!({"t": "claim_draw", "reason": "opponent_left"}),
        )
        .await;
    assert_eq!(
        (v["result"].as_str(), v["reason"].as_str()),
        (Some("1/2-1/2"), Some("abandonment_draw"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strangers_and_spectators_cannot_move_and_bad_input_is_refused() {
    let srv = manual("refuse").await;
    let (id, w, b) = srv.friend_game(json!("3+2"), None).await;
    let e4 = json!({"t": "move", "uci": "e2e4"});
    srv.refused(&id, None, e4.clone(), 403, "forbidden").await;
    srv.refused(&id, Some("not-a-secret"), e4.clone(), 403, "forbidden")
        .await;
    srv.refused(&id, Some(&b), e4.clone(), 409, "not_your_turn")
        .await;
    srv.refused(
        &id,
        Some(&w),
        json!({"t": "move", "uci": "e2e5"}),
        409,
        "illegal_move",
    )
    .await;
    srv.refused(
        &id,
        Some(&w),
        json!({"t": "move", "uci": "zz"}),
        400,
        "bad_move",
    )
    .await;
    srv.refused(&id, Some(&w), json!({"t": "fly"}), 400, "bad_request")
        .await;
    srv.refused(&id, Some(&w), json!({"t": "move"}), 400, "bad_request")
        .await;
    srv.refused(&id, Some(&w), json!([1, 2]), 400, "bad_request")
        .await;
    let (s, v) = srv
        .http(
            "POST",
            &format!("/api/games/{id}/actions"),
            Some("{not json"),
            Some(&w),
        )
        .await;
    assert_eq!(s, 400, "{v}");
    assert!(v.contains("\"error\":\"bad_request\""));
    // The illegal move is explained.
    let (_, v) = srv
        .act(&id, Some(&w), json!({"t": "move", "uci": "e1e2"}))
        .await;
    assert!(v["message"].as_str().is_some_and(|m| !m.is_empty()), "{v}");

    // Over the WebSocket: a spectator's move, garbage and unknown messages.
    let mut watcher = srv.ws(&id, None).await;
    watcher.send(e4.clone()).await;
    assert_eq!(watcher.answer().await["error"], "forbidden");
    let mut white = srv.ws(&id, Some(&w)).await;
    for bad in [
        "{",
        "[]",
        "42",
        "{\"t\":\"castle_queenside\"}",
        "{\"t\":\"move\",\"uci\":7}",
    ] {
        white.send_text(bad).await;
        let a = white.answer().await;
        assert_eq!(a["error"], "bad_message", "{bad} -> {a}");
    }
    white.send(json!({"t": "ping", "id": "p"})).await;
    assert_eq!(white.until(|v| v["t"] == "pong").await["id"], "p");
    assert_eq!(srv.get(&id, None).await["moves"], json!([]));

    // Creation and reading.
    for (body, code) in [
        (json!({"mode": "chess960"}), "bad_mode"),
        (json!({"mode": "computer", "level": 9}), "bad_level"),
        (json!({"mode": "friend", "level": 2}), "bad_level"),
        (json!({"mode": "friend", "clock": "fast"}), "bad_clock"),
        // A clock object in another shape is refused, not taken as untimed.
        (
            json!({"mode": "friend", "clock": {"kind": "fischer", "initial_ms": 300000}}),
            "bad_clock",
        ),
        (
            json!({"mode": "friend", "clock": {"periods": [{"moves": null, "time_ms": 1000}, {"moves": 2, "time_ms": 5}]}}),
            "bad_clock",
        ),
        (json!({"mode": "friend", "color": "green"}), "bad_color"),
        (json!({"mode": "friend", "extra": 1}), "bad_request"),
        (json!({"mode": "friend", "fen": "not a fen"}), "fen_syntax"),
    ] {
        let (s, v) = srv
            .json("POST", "/api/games", Some(body.clone()), None)
            .await;
        assert_eq!(s, 400, "{body} -> {v}");
        if code != "fen_syntax" {
            assert_eq!(v["error"], code, "{body} -> {v}");
        } else {
            assert!(v["error"].is_string(), "{v}");
        }
    }
    let (s, v) = srv.json("GET", "/api/games/nosuchgame", None, None).await;
    assert_eq!((s, v["error"].as_str()), (404, Some("not_found")));
    let (s, v) = srv.json("GET", "/api/games/..%2F..", None, None).await;
    assert_eq!((s, v["error"].as_str()), (404, Some("not_found")));
    let (s, v) = srv.json("GET", "/api/games/%FF%FE", None, None).await;
    assert_eq!((s, v["error"].as_str()), (404, Some("not_found")));
    let (s, v) = srv
        .json("GET", &format!("/api/games/{id}/ws"), None, None)
        .await;
    assert_eq!((s / 100, v["error"].as_str()), (4, Some("not_websocket")));
    let big = format!("{{\"t\":\"move\",\"uci\":\"{}\"}}", "e".repeat(3_000_000));
    let (s, v) = srv
        .http(
            "POST",
            &format!("/api/games/{id}/actions"),
            Some(&big),
            Some(&w),
        )
        .await;
    assert_eq!(s, 413, "{v}");
    assert!(v.contains("\"error\":\"payload_too_large\""), "{v}");
    let (s, v) = srv.json("GET", "/api/nothing", None, None).await;
    assert_eq!((s, v["error"].as_str()), (404, Some("not_found")));
    // The address the server prints answers with the front end's page, not an error,
    // and so do the front end's own paths.
    for path in ["/", "/game/abc123", "/join/abc123?key=k", "/watch/abc123"] {
        let (s, page) = srv.http("GET", path, None, None).await;
        assert_eq!(s, 200, "{path}");
        assert!(page.contains("/assets/app.js?v="), "{page}");
    }
    let (s, js) = srv.http("GET", "/assets/app.js", None, None).await;
    assert_eq!(s, 200);
    assert!(js.len() > 10_000, "{}", js.len());
    let (s, v) = srv.json("DELETE", "/api/games", None, None).await;
    assert_eq!((s, v["error"].as_str()), (405, Some("method_not_allowed")));
    let (s, v) = srv.json("GET", "/api/games?page=0", None, None).await;
    assert_eq!((s, v["error"].as_str()), (400, Some("bad_request")));
    let wrong_key = Some(json!({"key": "x"}));
    let (s, v) = srv
        .json("POST", &format!("/api/games/{id}/join"), wrong_key, None)
        .await;
    assert_eq!((s, v["error"].as_str()), (403, Some("forbidden")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takebacks_need_both_players_but_not_against_the_computer() {
    let srv = manual("takeback").await;
    let (id, w, b) = srv.friend_game(json!("5+0"), None).await;
    srv.mv(&id, &w, "e2e4").await;
    srv.mv(&id, &b, "e7e5").await;
    srv.mv(&id, &w, "g1f3").await;
    srv.refused(
        &id,
        Some(&b),
        json!({"t": "takeback_accept"}),
        409,
        "no_takeback",
    )
    .await;
    let v = srv.ok(&id, &w, json!({"t": "takeback_request"})).await;
    assert_eq!(
        (
            v["takeback_request"].as_str(),
            v["moves"].as_array().map(Vec::len)
        ),
        (Some("white"), Some(3))
    );
    srv.refused(
        &id,
        Some(&w),
        json!({"t": "takeback_accept"}),
        409,
        "no_takeback",
    )
    .await;
    srv.ok(&id, &b, json!({"t": "takeback_decline"})).await;
    srv.ok(&id, &w, json!({"t": "takeback_request"})).await;
    let v = srv.ok(&id, &b, json!({"t": "takeback_accept"})).await;
    assert_eq!(v["moves"], json!(["e2e4", "e7e5"]));
    assert_eq!(v["turn"], "white");

    // Against the computer, at once (the computer plays Black at level 1).
    let (id, me) = srv
        .create(json!({"mode": "computer", "level": 1, "color": "white"}))
        .await;
    srv.mv(&id, &me, "e2e4").await;
    srv.wait_for(&id, |v| v["moves"].as_array().map_or(0, Vec::len) == 2)
        .await;
    let v = srv.ok(&id, &me, json!({"t": "takeback_request"})).await;
    assert_eq!(v["moves"], json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hotseat_plays_both_sides_with_one_secret_and_premoves_fire() {
    let srv = manual("hotseat").await;
    let (id, s) = srv.create(json!({"mode": "hotseat"})).await;
    for m in FOOLS_MATE {
        srv.mv(&id, &s, m).await;
    }
    let v = srv.get(&id, Some(&s)).await;
    assert_eq!(v["joined"], true);
    assert_eq!(
        (v["result"].as_str(), v["you"].as_str()),
        (Some("0-1"), Some("both"))
    );

    // A premove is played the moment the opponent has moved.
    let (id, w, b) = srv.friend_game(json!("3+2"), None).await;
    srv.ok(&id, &b, json!({"t": "premove", "uci": "e7e5"}))
        .await;
    let v = srv.mv(&id, &w, "e2e4").await;
    assert_eq!(v["moves"], json!(["e2e4", "e7e5"]));
    srv.refused(
        &id,
        Some(&w),
        json!({"t": "premove", "uci": "d7d5"}),
        409,
        "premove_on_turn",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn explanations_come_in_the_learners_language() {
    let srv = manual("explain").await;
    let (s, v) = srv
        .json("GET", "/api/explain?move=a1a3&lang=zh-CN", None, None)
        .await;
    assert_eq!(
        (s, v["legal"].as_bool(), v["code"].as_str()),
        (200, Some(false), Some("blocked"))
    );
    assert!(v["message"].as_str().is_some_and(|m| !m.is_ascii()), "{v}");
    let (_, v) = srv.json("GET", "/api/explain?move=e2e4", None, None).await;
    assert_eq!(
        (v["legal"].as_bool(), v["san"].as_str()),
        (Some(true), Some("e4"))
    );
    let (s, v) = srv
        .json("GET", "/api/explain?move=e2e4&lang=fr", None, None)
        .await;
    assert_eq!((s, v["error"].as_str()), (400, Some("bad_lang")));
    let (s, _) = srv
        .json("GET", "/api/explain?fen=xyz&move=e2e4", None, None)
        .await;
    assert_eq!(s, 400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_creation_is_rate_limited() {
    let srv = start_with("rate", guoxiang_server::time::TimeSource::manual(0), |c| {
        c.create_burst = 2;
        c.create_per_minute = 1;
    })
    .await;
    srv.create(json!({"mode": "hotseat"})).await;
    srv.create(json!({"mode": "hotseat"})).await;
    let (s, v) = srv
        .json("POST", "/api/games", Some(json!({"mode": "hotseat"})), None)
        .await;
    assert_eq!((s, v["error"].as_str()), (429, Some("rate_limited")));
    srv.time.advance(60_000);
    srv.create(json!({"mode": "hotseat"})).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_games_are_counted_per_client_it_names() {
    let trusted = |c: &mut guoxiang_server::Config| {
        c.create_burst = 1;
        c.create_per_minute = 1;
        c.trusted_proxies = vec!["127.0.0.0/8".parse().expect("a block")];
    };
    let srv = start_with("xff", guoxiang_server::time::TimeSource::manual(0), trusted).await;
    let create = |xff: &'static str| {
        let addr = srv.addr;
        async move {
            let body = r#"{"mode": "hotseat"}"#;
            let h = [("X-Forwarded-For", xff)];
            http_with(addr, "POST", "/api/games", Some(body), &h)
                .await
                .0
        }
    };
    assert_eq!(create("203.0.113.1").await, 201);
    assert_eq!(create("203.0.113.2").await, 201, "another client");
    assert_eq!(create("203.0.113.1").await, 429, "the first client again");
    // A client cannot escape its count by naming another address first.
    assert_eq!(create("198.51.100.1, 203.0.113.2").await, 429);

    // Without --trust-proxy the header is ignored: every request is the peer's.
    let plain = start_with(
        "xff-plain",
        guoxiang_server::time::TimeSource::manual(0),
        |c| {
            c.create_burst = 1;
            c.create_per_minute = 1;
        },
    )
    .await;
    let body = r#"{"mode": "hotseat"}"#;
    for (xff, want) in [("203.0.113.1", 201), ("203.0.113.2", 429)] {
        let h = [("X-Forwarded-For", xff)];
        let (s, _) = http_with(plain.addr, "POST", "/api/games", Some(body), &h).await;
        assert_eq!(s, want, "{xff}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_resumes_games_without_charging_the_downtime() {
    let time = guoxiang_server::time::TimeSource::manual(0);
    let mut srv = start_with("restart", time.clone(), |_| {}).await;
    let (id, w, b) = srv.friend_game(json!("5+0"), None).await;
    srv.mv(&id, &w, "e2e4").await;
    srv.mv(&id, &b, "e7e5").await;
    time.advance(10_000);
    srv.mv(&id, &w, "g1f3").await;
    srv.stop().await;
    // Down for an hour.
    time.advance(3_600_000);
    let cfg = {
        let mut c = config(&srv.dir);
        c.addr = srv.addr;
        c
    };
    let running = match guoxiang_server::start(cfg.clone(), time.clone()).await {
        Ok(r) => r,
        Err(_) => {
            let mut c = cfg;
            c.addr.set_port(0);
            guoxiang_server::start(c, time.clone())
                .await
                .expect("restart")
        }
    };
    srv.addr = running.addr;
    srv.running = Some(running);
    let v = srv.get(&id, None).await;
    assert_eq!(v["moves"], json!(["e2e4", "e7e5", "g1f3"]));
    assert_eq!(
        (
            v["clock"]["white_ms"].as_u64(),
            v["clock"]["black_ms"].as_u64()
        ),
        (Some(290_000), Some(300_000))
    );
    time.advance(2_000);
    let v = srv.mv(&id, &b, "b8c6").await;
    assert_eq!(v["clock"]["black_ms"], 298_000);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lag_measured_from_acknowledgements_is_credited_to_the_mover() {
    let srv = manual("lag").await;
    let (id, w, b) = srv.friend_game(json!("5+0"), None).await;
    let mut white = srv.ws(&id, Some(&w)).await;
    white.until(|v| v["t"] == "hello").await;
    srv.mv(&id, &w, "e2e4").await;
    srv.mv(&id, &b, "e7e5").await;
    // White's clock runs from here; the update arrives, and is acknowledged 200 ms later.
    let u = white.state_with_moves(2).await;
    srv.time.advance(200);
    white.send(json!({"t": "ack", "seq": u["seq"]})).await;
    white.send(json!({"t": "ping"})).await;
    white.until(|v| v["t"] == "pong").await;
    srv.time.advance(1_000);
    white.send(json!({"t": "move", "uci": "g1f3"})).await;
    assert_eq!(white.answer().await["t"], "ok");
    // 1,200 ms on the clock less half the 200 ms round trip.
    let v = srv.get(&id, None).await;
    assert_eq!(v["clock"]["white_ms"], 300_000 - 1_100);
}
