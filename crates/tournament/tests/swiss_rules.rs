//! The Dutch rules one at a time, on small hand-made tournaments: the round-1 split,
//! no rematch, the bye to the lowest eligible player and only once, colour
//! preferences granted, and bad input refused.

use guoxiang_tournament::swiss::{pair, Colour, PairError, SwissInput, SwissPlayer};

use Colour::{Black as B, White as W};

/// A player after some rounds: (opponent, colour, half points) per round; opponent 0
/// with no colour is a pairing-allocated bye.
fn player(id: u32, rounds: &[(u32, Option<Colour>, u32)]) -> SwissPlayer {
    SwissPlayer {
        id,
        rating: 2000 - id,
        points: rounds.iter().map(|r| r.2).sum(),
        opponents: rounds.iter().map(|r| (r.0 != 0).then_some(r.0)).collect(),
        colours: rounds.iter().map(|r| r.1).collect(),
        round_points: rounds.iter().map(|r| r.2).collect(),
        unplayed_points: rounds.iter().map(|r| r.0 == 0 && r.2 == 2).collect(),
        absent: false,
    }
}

fn input(round: u32, players: Vec<SwissPlayer>) -> SwissInput {
    SwissInput {
        round,
        total_rounds: 5,
        first_colour: W,
        players,
    }
}

#[test]
fn round_one_pairs_the_top_half_against_the_bottom_half_alternating_colours() {
    let pairing = pair(&input(1, (1..=8).map(|id| player(id, &[])).collect())).unwrap();
    assert_eq!(pairing.pairs, vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
    assert_eq!(pairing.bye, None);
}

#[test]
fn players_who_met_are_not_paired_again() {
    // Round 1 was 1-3, 4-2 (1 and 2 won). Round 2's natural pairs in the 1-point
    // bracket (1 v 2) and the 0-point bracket (3 v 4) are new; make 3 v 4 a rematch by
    // history instead and see it avoided.
    let players = vec![
        player(1, &[(3, Some(W), 2)]),
        player(2, &[(4, Some(B), 2)]),
        player(3, &[(1, Some(B), 0)]),
        player(4, &[(2, Some(W), 0)]),
    ];
    let pairing = pair(&input(2, players)).unwrap();
    for (w, b) in &pairing.pairs {
        assert!(
            ![(1, 3), (3, 1), (2, 4), (4, 2)].contains(&(*w, *b)),
            "rematch {w}-{b}"
        );
    }
    assert_eq!(pairing.pairs.len(), 2);
}

#[test]
fn the_bye_goes_to_the_lowest_ranked_player_of_the_lowest_score() {
    let players = vec![
        player(1, &[(4, Some(W), 2)]),
        player(2, &[(5, Some(B), 2)]),
        player(3, &[(0, None, 2)]),
        player(4, &[(1, Some(B), 0)]),
        player(5, &[(2, Some(W), 0)]),
    ];
    let pairing = pair(&input(2, players)).unwrap();
    assert_eq!(pairing.bye, Some(5));
}

#[test]
fn nobody_gets_the_bye_twice() {
    // 5 already had the bye and is the lowest: 4 gets it instead.
    let players = vec![
        player(1, &[(2, Some(W), 2)]),
        player(2, &[(1, Some(B), 0)]),
        player(3, &[(4, Some(W), 2)]),
        player(4, &[(3, Some(B), 0)]),
        player(5, &[(0, None, 2)]),
    ];
    let pairing = pair(&input(2, players)).unwrap();
    assert_ne!(pairing.bye, Some(5));
    assert_eq!(pairing.bye, Some(4));
}

#[test]
fn colour_preferences_are_granted_when_they_differ() {
    // 1 had white, 2 had black: in round 2, 1 gets black and 2 white.
    let players = vec![
        player(1, &[(3, Some(W), 2)]),
        player(2, &[(4, Some(B), 2)]),
        player(3, &[(1, Some(B), 0)]),
        player(4, &[(2, Some(W), 0)]),
    ];
    let pairing = pair(&input(2, players)).unwrap();
    assert!(pairing.pairs.contains(&(2, 1)), "{:?}", pairing.pairs);
    assert!(pairing.pairs.contains(&(3, 4)), "{:?}", pairing.pairs);
}

#[test]
fn bad_input_is_refused_with_the_reason() {
    let players = vec![player(1, &[]), player(1, &[])];
    assert_eq!(pair(&input(1, players)), Err(PairError::DuplicateId(1)));
    let players = vec![player(1, &[(9, Some(W), 2)]), player(2, &[(1, Some(B), 0)])];
    assert!(matches!(
        pair(&input(2, players)),
        Err(PairError::UnknownOpponent {
            player: 1,
            opponent: 9,
            round: 1
        })
    ));
    assert!(matches!(
        pair(&input(7, vec![])),
        Err(PairError::BadRound { round: 7, total: 5 })
    ));
}

#[test]
fn two_players_who_already_met_cannot_be_paired_at_all() {
    let players = vec![player(1, &[(2, Some(W), 2)]), player(2, &[(1, Some(B), 0)])];
    assert_eq!(pair(&input(2, players)), Err(PairError::NoPairing));
}

#[test]
fn a_bracket_of_two_hundred_is_paired_whole_top_half_against_bottom_half() {
    // One bracket of 200: the matching, not a capped search, finds the Dutch pairing.
    let pairing = pair(&input(1, (1..=200).map(|id| player(id, &[])).collect())).unwrap();
    assert_eq!(pairing.pairs.len(), 100);
    for (board, &(w, b)) in pairing.pairs.iter().enumerate() {
        let top = board as u32 + 1;
        let expected = if top % 2 == 1 {
            (top, top + 100)
        } else {
            (top + 100, top)
        };
        assert_eq!((w, b), expected, "board {}", board + 1);
    }
}

#[test]
fn the_dutch_order_transposes_s2_when_the_natural_pair_met_before() {
    // Round 2: the winners 1, 2, 3, 4 form the top bracket, and 1 already met 3 (two
    // winners of one game: a made-up history), so with S1 = {1, 2}, S2 = {3, 4} the
    // natural 1-3 is out and the first transposition, 1-4 and 2-3, is the pairing.
    let players = vec![
        player(1, &[(3, Some(W), 2)]),
        player(2, &[(6, Some(B), 2)]),
        player(3, &[(1, Some(B), 2)]),
        player(4, &[(8, Some(B), 2)]),
        player(5, &[(7, Some(W), 0)]),
        player(6, &[(2, Some(W), 0)]),
        player(7, &[(5, Some(B), 0)]),
        player(8, &[(4, Some(W), 0)]),
    ];
    let pairing = pair(&input(2, players)).unwrap();
    let set: Vec<(u32, u32)> = pairing
        .pairs
        .iter()
        .map(|&(w, b)| (w.min(b), w.max(b)))
        .collect();
    assert!(set.contains(&(1, 4)), "{:?}", pairing.pairs);
    assert!(set.contains(&(2, 3)), "{:?}", pairing.pairs);
}
