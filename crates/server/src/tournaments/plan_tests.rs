//! The director's rules, checked on plain data (no server, no database).

use super::*;
use crate::clock::TimeControl;
use crate::tournaments::model::{Entrant, Settings};

fn data(kind: Kind, players: u32) -> Data {
    let mut d = Data::new(Settings {
        name: "Club".into(),
        kind,
        starts_at: 1_000,
        rounds: 3,
        minutes: 10,
        control: TimeControl::fischer(300_000, 0),
        rated: false,
        forfeit_after_s: 60,
        berserk: true,
        created_by: "u0".into(),
        creator_name: "c".into(),
    });
    for i in 0..players {
        d.entrants.push(Entrant {
            user: format!("u{i}"),
            name: format!("p{i}"),
            rating: 1000 + i * 10,
            withdrawn: false,
            paused: false,
        });
    }
    d
}

/// Gives every board with a claim a game id (as the caller does after starting it).
fn start_games(d: &mut Data, effects: &[Effect], at: i64) {
    for e in effects {
        if let Effect::Start { board, .. } = e {
            let round = d.rounds.len();
            let b = board.get_mut(d).expect("board");
            b.game = Some(format!("g{}-{}-{round}", b.white, b.black));
            b.started_at = Some(at);
        }
    }
}

/// Every started, unfinished game ends as `end` (after a few moves).
fn end_all(d: &Data, end: GameEnd) -> HashMap<String, GameInfo> {
    d.boards()
        .filter_map(|b| b.game.clone())
        .map(|g| {
            (
                g,
                GameInfo {
                    end: Some(end),
                    plies: 10,
                    berserk: [false, false],
                },
            )
        })
        .collect()
}

#[test]
fn nothing_happens_before_the_start_time() {
    let mut d = data(Kind::RoundRobin, 4);
    let mut phase = Phase::Scheduled;
    let before = d.clone();
    assert!(advance(&mut phase, &mut d, 999, &HashMap::new()).is_empty());
    assert_eq!((phase, d), (Phase::Scheduled, before));
}

#[test]
fn fewer_than_two_players_wait_for_a_second_then_cancel_the_tournament() {
    let mut d = data(Kind::Swiss, 1);
    let mut phase = Phase::Scheduled;
    assert!(advance(&mut phase, &mut d, 1_000, &HashMap::new()).is_empty());
    assert_eq!((phase, d.rounds.len()), (Phase::Scheduled, 0));
    let mut two = data(Kind::Swiss, 2);
    let e = advance(&mut phase, &mut two, 60_000, &HashMap::new());
    assert_eq!(
        (phase, e.len()),
        (Phase::Running, 1),
        "starts once two are in"
    );
    let mut phase = Phase::Scheduled;
    advance(&mut phase, &mut d, 1_000 + START_GRACE_MS, &HashMap::new());
    assert_eq!(phase, Phase::Cancelled);
}

#[test]
fn a_round_robin_of_four_is_paired_round_by_round_by_the_berger_table_until_it_ends() {
    let mut d = data(Kind::RoundRobin, 4);
    let mut phase = Phase::Scheduled;
    let mut now = 1_000;
    let e = advance(&mut phase, &mut d, now, &HashMap::new());
    assert_eq!(phase, Phase::Running);
    // The highest rated is rank 1.
    assert_eq!(d.entrants[0].name, "p3");
    assert_eq!(d.rounds.len(), 1);
    assert_eq!(e.len(), 2, "two boards' games to start");
    let pairs: Vec<_> = d.rounds[0]
        .boards
        .iter()
        .map(|b| (b.white, b.black))
        .collect();
    assert_eq!(pairs, vec![(1, 4), (2, 3)]);
    start_games(&mut d, &e, now);
    for round in 2..=3 {
        now += 1_000;
        let e = {
            let g = end_all(&d, GameEnd::WhiteWins);
            advance(&mut phase, &mut d, now, &g)
        };
        assert_eq!(d.rounds.len(), round, "round {round} paired");
        start_games(&mut d, &e, now);
    }
    now += 1_000;
    let e = {
        let g = end_all(&d, GameEnd::Draw);
        advance(&mut phase, &mut d, now, &g)
    };
    assert!(e.is_empty());
    assert_eq!(phase, Phase::Finished);
    // 3 rounds, each player 3 games: 6 games worth 6 points in all.
    let total: u32 = d
        .to_crate()
        .players
        .iter()
        .map(|p| p.score().halves())
        .sum();
    assert_eq!(total, 12);
}

#[test]
fn a_claimed_board_is_not_claimed_again_until_the_claim_is_stale() {
    let mut d = data(Kind::RoundRobin, 2);
    let mut phase = Phase::Scheduled;
    let e = advance(&mut phase, &mut d, 1_000, &HashMap::new());
    assert_eq!(e.len(), 1);
    // Another process reading this state a moment later starts nothing.
    let mut other = d.clone();
    let mut p2 = phase;
    assert!(advance(&mut p2, &mut other, 2_000, &HashMap::new()).is_empty());
    assert_eq!(other, d);
    // A claim whose process died is taken over.
    let e = advance(&mut p2, &mut other, 1_000 + CLAIM_TTL_MS, &HashMap::new());
    assert_eq!(e.len(), 1);
}

#[test]
fn the_round_is_not_paired_twice() {
    let mut d = data(Kind::Swiss, 6);
    let mut phase = Phase::Scheduled;
    advance(&mut phase, &mut d, 1_000, &HashMap::new());
    advance(&mut phase, &mut d, 1_001, &HashMap::new());
    assert_eq!(d.rounds.len(), 1);
}

#[test]
fn a_swiss_of_six_plays_three_rounds_without_repeat_pairings() {
    let mut d = data(Kind::Swiss, 6);
    let mut phase = Phase::Scheduled;
    let mut now = 1_000;
    let e = advance(&mut phase, &mut d, now, &HashMap::new());
    start_games(&mut d, &e, now);
    for _ in 0..3 {
        now += 1_000;
        let e = {
            let g = end_all(&d, GameEnd::BlackWins);
            advance(&mut phase, &mut d, now, &g)
        };
        start_games(&mut d, &e, now);
    }
    assert_eq!(phase, Phase::Finished);
    assert_eq!(d.rounds.len(), 3);
    let mut met = std::collections::HashSet::new();
    for b in d.boards() {
        assert!(met.insert((b.white.min(b.black), b.white.max(b.black))));
    }
    assert_eq!(met.len(), 9);
}

#[test]
fn a_player_who_has_not_moved_after_the_forfeit_time_loses_by_forfeit() {
    let mut d = data(Kind::RoundRobin, 2);
    let mut phase = Phase::Scheduled;
    let e = advance(&mut phase, &mut d, 1_000, &HashMap::new());
    start_games(&mut d, &e, 1_000);
    let game = d.rounds[0].boards[0].game.clone().expect("game");
    let waiting = HashMap::from([(
        game.clone(),
        GameInfo {
            end: None,
            plies: 0,
            berserk: [false, false],
        },
    )]);
    assert!(advance(&mut phase, &mut d, 60_999, &waiting).is_empty());
    let e = advance(&mut phase, &mut d, 61_000, &waiting);
    assert_eq!(
        e,
        vec![Effect::Abort {
            game,
            seat: Color::White
        }]
    );
    assert_eq!(
        d.rounds[0].boards[0].result,
        Some(BoardResult::WhiteForfeits)
    );
    assert_eq!(phase, Phase::Finished);
}

#[test]
fn black_forfeits_when_only_white_has_moved_and_an_aborted_game_counts_the_same() {
    let mut d = data(Kind::RoundRobin, 2);
    let mut phase = Phase::Scheduled;
    let e = advance(&mut phase, &mut d, 1_000, &HashMap::new());
    start_games(&mut d, &e, 1_000);
    let game = d.rounds[0].boards[0].game.clone().expect("game");
    let aborted = HashMap::from([(
        game,
        GameInfo {
            end: Some(GameEnd::Aborted),
            plies: 1,
            berserk: [false, false],
        },
    )]);
    advance(&mut phase, &mut d, 2_000, &aborted);
    assert_eq!(
        d.rounds[0].boards[0].result,
        Some(BoardResult::BlackForfeits)
    );
}

#[test]
fn a_withdrawn_players_round_robin_games_are_forfeited_without_starting_them() {
    let mut d = data(Kind::RoundRobin, 3);
    let mut phase = Phase::Scheduled;
    let e = advance(&mut phase, &mut d, 1_000, &HashMap::new());
    start_games(&mut d, &e, 1_000);
    d.entrants[0].withdrawn = true; // rank 1
    let e = {
        let g = end_all(&d, GameEnd::Draw);
        advance(&mut phase, &mut d, 2_000, &g)
    };
    let r2 = &d.rounds[1];
    for b in &r2.boards {
        if b.white == 1 || b.black == 1 {
            assert!(b.result.is_some() && b.game.is_none());
        }
    }
    assert!(e.iter().all(|e| match e {
        Effect::Start { board, .. } => {
            let b = board.get(&d).expect("board");
            b.white != 1 && b.black != 1
        }
        _ => true,
    }));
}

#[test]
fn an_odd_round_robin_gives_each_player_one_bye() {
    let mut d = data(Kind::RoundRobin, 3);
    let mut phase = Phase::Scheduled;
    let mut now = 1_000;
    let e = advance(&mut phase, &mut d, now, &HashMap::new());
    start_games(&mut d, &e, now);
    while phase == Phase::Running {
        now += 1_000;
        let e = {
            let g = end_all(&d, GameEnd::Draw);
            advance(&mut phase, &mut d, now, &g)
        };
        start_games(&mut d, &e, now);
    }
    let mut byes: Vec<u32> = d.rounds.iter().filter_map(|r| r.bye).collect();
    byes.sort();
    assert_eq!(byes, vec![1, 2, 3]);
}

#[test]
fn the_arena_pairs_free_players_avoids_the_last_opponent_and_stops_at_the_end() {
    let mut d = data(Kind::Arena, 4);
    let mut phase = Phase::Scheduled;
    let e = advance(&mut phase, &mut d, 1_000, &HashMap::new());
    assert_eq!(d.arena.len(), 2);
    assert_eq!(e.len(), 2);
    start_games(&mut d, &e, 1_000);
    // Only the first board ends: its two players are free, but they just met and
    // nobody else is free, so they meet again (with colours swapped).
    let first = d.arena[0].clone();
    let g = first.game.clone().expect("game");
    let one = HashMap::from([(
        g,
        GameInfo {
            end: Some(GameEnd::WhiteWins),
            plies: 30,
            berserk: [false, false],
        },
    )]);
    advance(&mut phase, &mut d, 2_000, &one);
    assert_eq!(d.arena.len(), 3);
    assert_eq!(
        (d.arena[2].white, d.arena[2].black),
        (first.black, first.white)
    );
    // The other board ends too: again only its two players are free.
    d.arena[2].game = Some("x".into());
    d.arena[2].started_at = Some(2_000);
    let mut all = end_all(&d, GameEnd::Draw);
    all.remove("x");
    let before = d.arena.len();
    advance(&mut phase, &mut d, 3_000, &all);
    assert_eq!(d.arena.len(), before + 1, "the two free players are paired");
    // After the end no new pairings; finished once the last game ends.
    let end = 1_000 + 10 * 60_000;
    let n = d.arena.len();
    advance(&mut phase, &mut d, end, &HashMap::new());
    assert_eq!(d.arena.len(), n);
    assert_eq!(phase, Phase::Running);
    for b in &mut d.arena {
        if b.game.is_none() {
            b.game = Some(format!("late{}", b.white));
        }
    }
    {
        let g = end_all(&d, GameEnd::Draw);
        advance(&mut phase, &mut d, end + 1, &g)
    };
    assert_eq!(phase, Phase::Finished);
}

#[test]
fn an_arena_player_who_forfeits_is_paused() {
    let mut d = data(Kind::Arena, 2);
    d.settings.forfeit_after_s = 1;
    let mut phase = Phase::Scheduled;
    let e = advance(&mut phase, &mut d, 1_000, &HashMap::new());
    start_games(&mut d, &e, 1_000);
    let b = d.arena[0].clone();
    let waiting = HashMap::from([(
        b.game.clone().expect("game"),
        GameInfo {
            end: None,
            plies: 0,
            berserk: [false, false],
        },
    )]);
    advance(&mut phase, &mut d, 2_000, &waiting);
    assert!(d.entrants[b.white as usize - 1].paused);
    assert_eq!(d.arena.len(), 1, "a paused player is not paired");
}

#[test]
fn an_arena_player_meets_another_than_the_last_opponent_when_one_is_free() {
    let mut d = data(Kind::Arena, 4);
    let mut phase = Phase::Running;
    d.entrants.reverse(); // ranks by rating, as after the start
    for (w, b) in [(1, 2), (3, 4)] {
        let mut board = Board::new(w, b);
        board.result = Some(BoardResult::Draw);
        d.arena.push(board);
    }
    advance(&mut phase, &mut d, 2_000, &HashMap::new());
    let new: Vec<(u32, u32)> = d.arena[2..].iter().map(|b| (b.white, b.black)).collect();
    // Rank 1 (last met 2) meets 3; 2 meets 4 (White to the higher place when
    // both had White as often).
    assert_eq!(new, vec![(1, 3), (2, 4)]);
}

#[test]
fn the_director_records_who_berserked_with_the_result_and_the_berserk_win_scores_three() {
    let mut d = data(Kind::Arena, 2);
    let mut phase = Phase::Scheduled;
    let e = advance(&mut phase, &mut d, 1_000, &HashMap::new());
    start_games(&mut d, &e, 1_000);
    let b = d.arena[0].clone();
    let ended = HashMap::from([(
        b.game.clone().expect("game"),
        GameInfo {
            end: Some(GameEnd::BlackWins),
            plies: 20,
            berserk: [true, true],
        },
    )]);
    advance(&mut phase, &mut d, 2_000, &ended);
    assert_eq!((d.arena[0].berserk, d.arena[0].plies), ([true, true], 20));
    let mut expected = vec![0; 2];
    expected[b.black as usize - 1] = 3;
    assert_eq!(d.arena_points(), expected);
}
