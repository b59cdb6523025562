//! Berserk's rules, one test each: the halving without increment, the opponent
//! untouched, and every refusal (after one's own first move, twice, outside an
//! arena game, untimed, spectators, a finished game), which changes nothing.

use super::super::*;
use crate::clock::TimeControl;
use guoxiang_core::Color::White;

use super::super::tests::{at, record, B, LIMITS, W};

/// An account game (friend mode, both seats held), `berserk` as an arena sets it.
fn game(control: TimeControl, berserk: Berserk) -> GameState {
    let r = Record {
        join_key: None,
        berserk,
        ..record(Mode::Friend, control)
    };
    GameState::from_record(&r, &[], LIMITS, at(0), None).expect("a new game")
}

/// An arena game at 3+2.
fn arena() -> GameState {
    game(TimeControl::fischer(180_000, 2_000), Berserk::allowed())
}

fn act(g: &mut GameState, seat: Seat, a: Action, ms: u64) -> Result<Vec<Change>, Refusal> {
    let (changes, r) = g.act(seat, a, at(ms), 0);
    r.map(|()| changes)
}

fn mv(g: &mut GameState, seat: Seat, uci: &str, ms: u64) {
    act(g, seat, Action::Move(uci.into()), ms).expect("a legal move");
}

#[test]
fn berserk_halves_the_own_clock_and_removes_the_increment() {
    let mut g = arena();
    let changes = act(&mut g, W, Action::Berserk, 0).expect("berserk");
    assert_eq!(
        changes,
        vec![Change::Berserk {
            color: White,
            sides: [true, false],
            clocks: [90_000, 180_000],
        }]
    );
    assert_eq!(g.berserk().sides, [true, false]);
    mv(&mut g, W, "e2e4", 1_000);
    mv(&mut g, B, "e7e5", 2_000);
    // White thinks 5 s: 85 s, no increment; Black thinks 5 s: 175 + 2.
    mv(&mut g, W, "g1f3", 7_000);
    mv(&mut g, B, "b8c6", 12_000);
    assert_eq!(g.clock.stored(), [85_000, 177_000]);
}

#[test]
fn berserk_leaves_the_opponent_untouched() {
    let mut g = arena();
    mv(&mut g, W, "e2e4", 0);
    act(&mut g, B, Action::Berserk, 500).expect("Black berserks before its first move");
    assert_eq!(g.clock.stored(), [180_000, 90_000]);
    assert_eq!(g.berserk().sides, [false, true]);
    // White may still berserk: it has moved, so no.
    assert_eq!(
        act(&mut g, W, Action::Berserk, 600),
        Err(Refusal::BerserkTooLate)
    );
}

#[test]
fn berserk_is_refused_after_the_own_first_move() {
    let mut g = arena();
    mv(&mut g, W, "e2e4", 0);
    assert!(!g.may_berserk(W) && g.may_berserk(B));
    assert_eq!(
        act(&mut g, W, Action::Berserk, 0),
        Err(Refusal::BerserkTooLate)
    );
    assert_eq!(g.clock.stored(), [180_000, 180_000]);
}

#[test]
fn berserk_is_refused_twice() {
    let mut g = arena();
    act(&mut g, B, Action::Berserk, 0).expect("berserk");
    assert!(!g.may_berserk(B));
    assert_eq!(
        act(&mut g, B, Action::Berserk, 0),
        Err(Refusal::AlreadyBerserk)
    );
    assert_eq!(g.clock.stored(), [180_000, 90_000]);
}

#[test]
fn berserk_is_refused_outside_an_arena_game() {
    let mut g = game(TimeControl::fischer(180_000, 2_000), Berserk::default());
    assert!(!g.may_berserk(W));
    assert_eq!(
        act(&mut g, W, Action::Berserk, 0),
        Err(Refusal::BerserkNotAllowed)
    );
    assert_eq!(g.clock.stored(), [180_000, 180_000]);
    assert_eq!(Refusal::BerserkNotAllowed.code(), "berserk_not_allowed");
}

#[test]
fn berserk_is_refused_in_an_untimed_game_to_spectators_and_after_the_end() {
    let mut untimed = game(TimeControl::untimed(), Berserk::allowed());
    assert_eq!(
        act(&mut untimed, W, Action::Berserk, 0),
        Err(Refusal::BerserkUntimed)
    );
    let mut g = arena();
    assert!(!g.may_berserk(Seat::Spectator));
    assert_eq!(
        act(&mut g, Seat::Spectator, Action::Berserk, 0),
        Err(Refusal::Spectator)
    );
    act(&mut g, B, Action::Resign, 0).expect("resign");
    assert!(!g.may_berserk(W));
    assert!(matches!(
        act(&mut g, W, Action::Berserk, 0),
        Err(Refusal::GameOver(_))
    ));
    assert_eq!(g.berserk().sides, [false, false]);
}

#[test]
fn a_berserked_game_restores_its_halved_clock_and_flags_from_its_record() {
    let mut g = arena();
    act(&mut g, W, Action::Berserk, 0).expect("berserk");
    mv(&mut g, W, "e2e4", 0);
    let record = g.record();
    assert_eq!(
        record.berserk,
        Berserk {
            allowed: true,
            sides: [true, false]
        }
    );
    let moves = [MoveRecord {
        ply: 1,
        uci: "e2e4".into(),
        san: "e4".into(),
        clocks: [90_000, 180_000],
        at: 1_000_000,
    }];
    let back = GameState::from_record(&record, &moves, LIMITS, at(0), None).expect("restored");
    assert_eq!(back.berserk(), record.berserk);
    assert_eq!(back.clock.stored(), [90_000, 180_000]);
    assert!(!back.may_berserk(W) && back.may_berserk(B));
}

#[test]
fn a_takeback_before_the_berserkers_first_move_keeps_the_halved_clock() {
    let mut g = arena();
    mv(&mut g, W, "e2e4", 0);
    act(&mut g, B, Action::Berserk, 0).expect("berserk");
    act(&mut g, W, Action::TakebackRequest, 0).expect("ask");
    let changes = act(&mut g, B, Action::TakebackAccept, 0).expect("accept");
    assert!(changes
        .iter()
        .any(|c| matches!(c, Change::TakenBack { clocks, .. } if *clocks == [180_000, 90_000])));
    assert_eq!(g.clock.stored(), [180_000, 90_000]);
}

#[test]
fn may_says_berserk_to_the_player_who_may() {
    let g = arena();
    assert!(g.may(W, at(0)).berserk && g.may(B, at(0)).berserk);
    assert!(!g.may(Seat::Spectator, at(0)).berserk);
}
