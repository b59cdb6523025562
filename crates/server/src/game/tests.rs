//! The rules of play of a server game, each test one rule, with time passed in
//! by hand.

use super::*;
use crate::protocol::ClaimReason;
use guoxiang_core::{DrawReason, Outcome, WinReason};
use Color::{Black, White};

pub(super) const LIMITS: Limits = Limits {
    grace_ms: 60_000,
    join_timeout_ms: 3_600_000,
};

pub(super) fn at(ms: u64) -> Now {
    Now {
        mono: ms,
        wall: 1_000_000 + ms as i64,
    }
}

pub(super) fn record(mode: Mode, control: TimeControl) -> Record {
    let first = control.periods.first().map_or(0, |p| p.time_ms);
    Record {
        id: "g".into(),
        created_at: 1_000_000,
        mode,
        level: (mode == Mode::Computer).then_some(DEFAULT_LEVEL),
        computer: (mode == Mode::Computer).then_some(Black),
        control,
        seats: Seats([Some(SecretHash::of("w")), Some(SecretHash::of("b"))]),
        join_key: Some(SecretHash::of("key")),
        start: None,
        status: Status::Active,
        ending: None,
        clocks: [first, first],
        finished_at: None,
        standing: Standing::default(),
        turn_since: None,
        after: Default::default(),
        berserk: Default::default(),
    }
}

fn friend(control: TimeControl) -> GameState {
    GameState::from_record(&record(Mode::Friend, control), &[], LIMITS, at(0), None)
        .expect("a new game")
}

pub(super) const W: Seat = Seat::Player(White);
pub(super) const B: Seat = Seat::Player(Black);

fn ok(g: &mut GameState, seat: Seat, a: Action, ms: u64) -> Vec<Change> {
    let (changes, r) = g.act(seat, a.clone(), at(ms), 0);
    r.unwrap_or_else(|e| panic!("{a:?}: {e}"));
    changes
}

fn mv(g: &mut GameState, seat: Seat, uci: &str, ms: u64) -> Vec<Change> {
    ok(g, seat, Action::Move(uci.into()), ms)
}

fn moves_of(changes: &[Change]) -> Vec<MoveRecord> {
    changes
        .iter()
        .filter_map(|c| match c {
            Change::Moved(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_move_is_stored_with_both_clocks_and_the_wall_time() {
    let mut g = friend(TimeControl::fischer(60_000, 1_000));
    let c = mv(&mut g, W, "e2e4", 10);
    assert_eq!(
        c,
        vec![Change::Moved(MoveRecord {
            ply: 1,
            uci: "e2e4".into(),
            san: "e4".into(),
            clocks: [60_000, 60_000],
            at: 1_000_010,
        })]
    );
}

#[test]
fn a_refused_action_changes_nothing() {
    let mut g = friend(TimeControl::untimed());
    let fen = g.game.position().fen();
    for (seat, a, code) in [
        (B, Action::Move("e7e5".into()), "not_your_turn"),
        (W, Action::Move("e2e5".into()), "illegal_move"),
        (Seat::Spectator, Action::Resign, "forbidden"),
        (W, Action::OfferDraw, "offer_not_after_own_move"),
        (W, Action::TakebackRequest, "nothing_to_undo"),
    ] {
        let (changes, r) = g.act(seat, a, at(5), 0);
        assert_eq!(r.map_err(|e| e.code()), Err(code));
        assert!(changes.is_empty());
    }
    assert_eq!(g.game.position().fen(), fen);
}

#[test]
fn a_draw_offer_and_its_refusal_are_stored_as_they_stand() {
    let mut g = friend(TimeControl::untimed());
    mv(&mut g, W, "e2e4", 0);
    let c = ok(&mut g, W, Action::OfferDraw, 0);
    assert_eq!(c.len(), 1);
    let Change::Standing(s) = c[0] else {
        panic!("{c:?}")
    };
    assert_eq!(s.draws.standing, Some(White));
    let c = ok(&mut g, B, Action::DeclineDraw, 0);
    let Change::Standing(s) = c[0] else {
        panic!("{c:?}")
    };
    assert_eq!((s.draws.standing, s.draws.barred), (None, [true, false]));
    // Declined: White may not offer again until Black has offered.
    mv(&mut g, B, "e7e5", 0);
    mv(&mut g, W, "g1f3", 0);
    let (_, r) = g.act(W, Action::OfferDraw, at(0), 0);
    assert_eq!(r.map_err(|e| e.code()), Err("offer_blocked"));
}

#[test]
fn a_restored_game_has_the_same_offers_bar_and_takeback_request() {
    let mut g = friend(TimeControl::untimed());
    let mut stored = Vec::new();
    stored.extend(moves_of(&mv(&mut g, W, "e2e4", 0)));
    ok(&mut g, W, Action::OfferDraw, 0);
    ok(&mut g, B, Action::DeclineDraw, 0);
    stored.extend(moves_of(&mv(&mut g, B, "e7e5", 0)));
    ok(&mut g, B, Action::OfferDraw, 0);
    ok(&mut g, B, Action::TakebackRequest, 0);
    let mut r = g.record();
    r.standing = g.standing();
    let back = GameState::from_record(&r, &stored, LIMITS, at(0), None).expect("restores");
    assert_eq!(back.standing(), g.standing());
    assert_eq!(back.game.draw_offer(), Some(Black));
    assert_eq!(back.takeback_request(), Some(Black));
    assert!(back.may(W, at(0)).accept_takeback);
    assert!(back.may(W, at(0)).accept_draw);
}

#[test]
fn a_move_at_flag_fall_is_refused_and_the_game_ends_on_time() {
    let mut g = friend(TimeControl::fischer(50, 0));
    mv(&mut g, W, "e2e4", 0);
    mv(&mut g, B, "e7e5", 0);
    // White's clock runs from 0; at 50 ms the flag falls.
    let (changes, r) = g.act(W, Action::Move("g1f3".into()), at(50), 0);
    assert_eq!(r.map_err(|e| e.code()), Err("flag_fell"));
    assert_eq!(g.game.moves().len(), 2, "the move was not played");
    assert_eq!(
        g.ending,
        Some(Ending::Outcome(Outcome::Decisive {
            winner: Black,
            reason: WinReason::Timeout
        }))
    );
    assert!(matches!(
        changes.as_slice(),
        [Change::Finished {
            clocks: [0, 50],
            ..
        }]
    ));
}

#[test]
fn a_move_one_millisecond_before_the_flag_is_played() {
    let mut g = friend(TimeControl::fischer(50, 0));
    mv(&mut g, W, "e2e4", 0);
    mv(&mut g, B, "e7e5", 0);
    mv(&mut g, W, "g1f3", 49);
    assert_eq!(g.clock.stored(), [1, 50]);
}

#[test]
fn after_a_crash_the_thinking_before_the_last_sign_of_life_is_charged_not_the_downtime() {
    let mut g = friend(TimeControl::fischer(300_000, 0));
    let mut stored = Vec::new();
    stored.extend(moves_of(&mv(&mut g, W, "e2e4", 0)));
    stored.extend(moves_of(&mv(&mut g, B, "e7e5", 1_000)));
    let mut r = g.record();
    r.turn_since = stored.last().map(|m| m.at);
    // White thought 3 s while the server lived, then it was down for an hour.
    let alive = r.turn_since.map(|t| t + 3_000);
    let now = at(3_600_000);
    let mut back = GameState::from_record(&r, &stored, LIMITS, now, alive).expect("restores");
    assert_eq!(back.clock.remaining(White, now.mono), 297_000);
    assert_eq!(
        back.take_resumed(),
        Some(Change::Resumed {
            since: now.wall - 3_000
        })
    );
    assert_eq!(back.take_resumed(), None);
    // Another second, then the move: 4 s used in all.
    mv(&mut back, W, "g1f3", now.mono + 1_000);
    assert_eq!(back.clock.stored()[0], 296_000);
}

#[test]
fn a_friend_game_nobody_joins_is_aborted_after_the_join_timeout() {
    let mut r = record(Mode::Friend, TimeControl::untimed());
    r.status = Status::Waiting;
    r.seats.0[1] = None;
    let mut g = GameState::from_record(&r, &[], LIMITS, at(0), None).expect("new");
    let deadline = g.next_deadline(at(0));
    assert_eq!(deadline, Some(LIMITS.join_timeout_ms));
    assert!(g.tick(at(LIMITS.join_timeout_ms - 1)).is_empty());
    let c = g.tick(at(LIMITS.join_timeout_ms));
    assert!(matches!(
        c.as_slice(),
        [Change::Finished {
            ending: Ending::Aborted,
            ..
        }]
    ));
    assert_eq!(g.status, Status::Finished);
}

#[test]
fn only_the_join_key_lets_the_second_player_in_once() {
    let mut r = record(Mode::Friend, TimeControl::untimed());
    r.status = Status::Waiting;
    r.seats.0[1] = None;
    let mut g = GameState::from_record(&r, &[], LIMITS, at(0), None).expect("new");
    assert_eq!(
        g.join("s2", "wrong").map(|x| x.0),
        Err(Refusal::WrongJoinKey)
    );
    let (color, changes) = g.join("s2", "key").expect("joins");
    assert_eq!(color, Black);
    assert!(matches!(
        changes.as_slice(),
        [Change::Joined { color: Black, .. }]
    ));
    assert_eq!(g.seat(Some("s2")), B);
    assert_eq!(
        g.join("s3", "key").map(|x| x.0),
        Err(Refusal::AlreadyJoined)
    );
}

#[test]
fn a_draw_is_claimed_only_by_the_side_to_move_and_only_when_it_stands() {
    let mut g = friend(TimeControl::untimed());
    for (i, m) in [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ]
    .iter()
    .enumerate()
    {
        let (changes, r) = g.act(
            W,
            Action::ClaimDraw(ClaimReason::ThreefoldRepetition),
            at(0),
            0,
        );
        assert!(r.is_err() && changes.is_empty());
        mv(&mut g, if i % 2 == 0 { W } else { B }, m, 0);
    }
    let (_, r) = g.act(
        B,
        Action::ClaimDraw(ClaimReason::ThreefoldRepetition),
        at(0),
        0,
    );
    assert_eq!(r.map_err(|e| e.code()), Err("nothing_to_claim"));
    ok(
        &mut g,
        W,
        Action::ClaimDraw(ClaimReason::ThreefoldRepetition),
        0,
    );
    assert_eq!(
        g.ending,
        Some(Ending::Outcome(Outcome::Draw {
            reason: DrawReason::ThreefoldRepetition
        }))
    );
}

#[test]
fn the_computer_plays_at_the_default_level_when_none_is_named() {
    let mut r = record(Mode::Computer, TimeControl::untimed());
    r.level = None;
    let mut g = GameState::from_record(&r, &[], LIMITS, at(0), None).expect("new");
    mv(&mut g, W, "e2e4", 0);
    assert_eq!(g.engine_job().map(|j| j.level), Some(DEFAULT_LEVEL));
    let (_, r) = g.act(B, Action::Move("e7e5".into()), at(0), 0);
    assert_eq!(r.map_err(|e| e.code()), Err("forbidden"));
}

#[test]
fn a_premove_fires_the_moment_the_opponent_moves() {
    let mut g = friend(TimeControl::untimed());
    ok(&mut g, B, Action::Premove(Some("e7e5".into())), 0);
    let c = mv(&mut g, W, "e2e4", 0);
    assert_eq!(
        moves_of(&c)
            .iter()
            .map(|m| m.uci.as_str())
            .collect::<Vec<_>>(),
        ["e2e4", "e7e5"]
    );
}

#[test]
fn a_declined_draw_is_heard_until_the_next_move() {
    let mut g = friend(TimeControl::untimed());
    mv(&mut g, W, "e2e4", 0);
    ok(&mut g, W, Action::OfferDraw, 0);
    let c = ok(&mut g, B, Action::DeclineDraw, 0);
    let heard = Some(Notice {
        kind: crate::protocol::NoticeKind::DrawDeclined,
        by: Black,
    });
    assert_eq!(g.after().notice, heard);
    assert!(c
        .iter()
        .any(|c| matches!(c, Change::After(a) if a.notice == heard)));
    // A refused action keeps it; the next move clears it (and stores that).
    let (_, r) = g.act(W, Action::Move("e2e4".into()), at(0), 0);
    assert!(r.is_err());
    assert_eq!(g.after().notice, heard);
    let c = mv(&mut g, B, "e7e5", 0);
    assert_eq!(g.after().notice, None);
    assert!(c
        .iter()
        .any(|c| matches!(c, Change::After(a) if a.notice.is_none())));
}

#[test]
fn the_opening_follows_the_moves_and_a_takeback() {
    let mut g = friend(TimeControl::untimed());
    assert_eq!(g.opening(), None);
    for (seat, m) in [
        (W, "e2e4"),
        (B, "e7e5"),
        (W, "g1f3"),
        (B, "b8c6"),
        (W, "f1c4"),
    ] {
        mv(&mut g, seat, m, 0);
    }
    assert_eq!(g.opening().map(|o| o.key), Some("italian_game"));
    ok(&mut g, B, Action::TakebackRequest, 0);
    ok(&mut g, W, Action::TakebackAccept, 0);
    assert_ne!(g.opening().map(|o| o.key), Some("italian_game"));
    assert!(g.opening().is_some());
    let restored = GameState::from_record(&g.record(), &[], LIMITS, at(0), None).expect("restored");
    assert_eq!(restored.opening(), None, "no moves, no opening");
}
