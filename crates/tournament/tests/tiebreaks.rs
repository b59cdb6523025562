//! Tie-breaks on a crosstable computed by hand, with one unplayed round of each kind
//! that C.07 treats differently: a pairing-allocated bye, a forfeit won and lost, a
//! half-point bye.
//!
//! Five players, three rounds (white first):
//!
//! | round | games                      | no game                 |
//! |-------|----------------------------|-------------------------|
//! | 1     | 1-4 1-0, 2-5 ½-½           | 3 pairing-allocated bye |
//! | 2     | 3-1 0-1, 4-2 forfeit (2 +) | 5 half-point bye        |
//! | 3     | 1-2 ½-½, 5-3 1-0           | 4 pairing-allocated bye |
//!
//! Scores: 1: 1+1+½ = 2½; 2: ½+1+½ = 2; 3: 1+0+0 = 1; 4: 0+0+1 = 1; 5: ½+½+1 = 2.
//!
//! Adjusted scores (voluntarily unplayed rounds count ½): 4's lost forfeit → 0+½+1 = 1½;
//! 5's half-point bye is ½ anyway → 2; the others as scored: 1: 2½, 2: 2, 3: 1.
//!
//! Buchholz (own unplayed round: a dummy opponent with the player's own score):
//! - 1: 4 (1½) + 3 (1) + 2 (2) = 4½; cut-1 drops 1 → 3½
//! - 2: 5 (2) + dummy (2) + 1 (2½) = 6½; cut-1 drops the dummy's 2 → 4½
//! - 3: dummy (1) + 1 (2½) + 5 (2) = 5½; cut-1 drops the dummy → 4½
//! - 4: 1 (2½) + dummy (1) + dummy (1) = 4½; cut-1 → 3½
//! - 5: 2 (2) + dummy (2) + 3 (1) = 5; cut-1 drops the dummy's 2, not the 1 → 3
//!
//! Sonneborn-Berger (points × opponent's score):
//! - 1: 1×1½ + 1×1 + ½×2 = 3½
//! - 2: ½×2 + 1×2 (dummy) + ½×2½ = 4¼
//! - 3: 1×1 (dummy) + 0 + 0 = 1
//! - 4: 0 + 0 + 1×1 (dummy) = 1
//! - 5: ½×2 + ½×2 (dummy) + 1×1 = 3
//!
//! Wins (any round worth 1): 1: 2, 2: 1, 3: 1, 4: 1, 5: 1. Games won: 1: 2, 5: 1, others 0.
//!
//! Koya (opponents with at least 1½ = half of 3): 1: 1 (vs 4) + ½ (vs 2) = 1½;
//! 2: ½ + 1 (dummy 2) + ½ = 2; 3: 0 (dummy 1 is below); 4: 0; 5: ½ + ½ (dummy 2) = 1.

use guoxiang_tournament::standings::standings;
use guoxiang_tournament::tiebreak::{self, TieBreak, TieValue};
use guoxiang_tournament::{Bye, Colour, Outcome, Player, RoundEntry, Tournament};

fn crosstable() -> Tournament {
    let mut t = Tournament::new(
        (1..=5)
            .map(|i| Player::new(i, &format!("P{i}"), 2000 - i * 10))
            .collect(),
    );
    t.record_game(1, 1, 4, Outcome::Win);
    t.record_game(1, 2, 5, Outcome::Draw);
    t.set(1, 3, RoundEntry::Bye(Bye::PairingAllocated));
    t.record_game(2, 3, 1, Outcome::Loss);
    t.set(
        2,
        4,
        RoundEntry::Forfeit {
            opponent: Some(2),
            colour: Some(Colour::White),
            won: false,
        },
    );
    t.set(
        2,
        2,
        RoundEntry::Forfeit {
            opponent: Some(4),
            colour: Some(Colour::Black),
            won: true,
        },
    );
    t.set(2, 5, RoundEntry::Bye(Bye::Half));
    t.record_game(3, 1, 2, Outcome::Draw);
    t.record_game(3, 5, 3, Outcome::Win);
    t.set(3, 4, RoundEntry::Bye(Bye::PairingAllocated));
    t
}

/// Points written as quarters: `q(4.25)`.
fn q(points: f64) -> TieValue {
    TieValue((points * 4.0) as u64)
}

fn all(f: fn(&Tournament, u32) -> TieValue) -> Vec<TieValue> {
    let t = crosstable();
    (1..=5).map(|id| f(&t, id)).collect()
}

#[test]
fn scores_count_byes_and_forfeits() {
    let t = crosstable();
    let scores: Vec<u32> = (1..=5).map(|id| tiebreak::score(&t, id).halves()).collect();
    assert_eq!(scores, vec![5, 4, 2, 2, 4]);
    let adjusted: Vec<u32> = (1..=5)
        .map(|id| tiebreak::adjusted_score(&t, id).halves())
        .collect();
    assert_eq!(adjusted, vec![5, 4, 2, 3, 4]);
}

#[test]
fn buchholz_uses_dummy_opponents_for_own_unplayed_rounds() {
    assert_eq!(
        all(tiebreak::buchholz),
        vec![q(4.5), q(6.5), q(5.5), q(4.5), q(5.0)]
    );
}

#[test]
fn cut_1_removes_an_unplayed_round_first() {
    assert_eq!(
        all(tiebreak::buchholz_cut1),
        vec![q(3.5), q(4.5), q(4.5), q(3.5), q(3.0)]
    );
}

#[test]
fn sonneborn_berger_multiplies_points_by_the_opponents_scores() {
    assert_eq!(
        all(tiebreak::sonneborn_berger),
        vec![q(3.5), q(4.25), q(1.0), q(1.0), q(3.0)]
    );
    assert_eq!(
        tiebreak::sonneborn_berger(&crosstable(), 2).to_string(),
        "4.25"
    );
}

#[test]
fn wins_with_and_without_unplayed_wins() {
    assert_eq!(
        all(tiebreak::wins),
        vec![q(2.0), q(1.0), q(1.0), q(1.0), q(1.0)]
    );
    assert_eq!(
        all(tiebreak::games_won),
        vec![q(2.0), q(0.0), q(0.0), q(0.0), q(1.0)]
    );
}

#[test]
fn koya_counts_points_against_the_upper_half() {
    assert_eq!(
        all(tiebreak::koya),
        vec![q(1.5), q(2.0), q(0.0), q(0.0), q(1.0)]
    );
}

#[test]
fn direct_encounter_needs_all_tied_players_to_have_met() {
    let t = crosstable();
    assert_eq!(
        tiebreak::direct_encounter(&t, &[2, 5]),
        Some(vec![q(0.5), q(0.5)])
    );
    assert_eq!(
        tiebreak::direct_encounter(&t, &[1, 2]),
        Some(vec![q(0.5), q(0.5)])
    );
    assert_eq!(tiebreak::direct_encounter(&t, &[3, 4]), None);
    // A forfeit counts between the two players who were paired.
    assert_eq!(
        tiebreak::direct_encounter(&t, &[2, 4]),
        Some(vec![q(1.0), q(0.0)])
    );
}

#[test]
fn standings_apply_the_tie_breaks_in_order() {
    let t = crosstable();
    let order = [
        TieBreak::DirectEncounter,
        TieBreak::BuchholzCut1,
        TieBreak::Buchholz,
    ];
    let rows = standings(&t, &order);
    let ids: Vec<(u32, u32)> = rows.iter().map(|r| (r.place, r.id)).collect();
    assert_eq!(ids, vec![(1, 1), (2, 2), (3, 5), (4, 3), (5, 4)]);
    assert_eq!(rows[1].values, vec![q(0.5), q(4.5), q(6.5)]);
    assert_eq!(rows[2].values, vec![q(0.5), q(3.0), q(5.0)]);
}

#[test]
fn players_equal_on_everything_share_a_place() {
    let rows = standings(&crosstable(), &[TieBreak::Wins]);
    let ids: Vec<(u32, u32)> = rows.iter().map(|r| (r.place, r.id)).collect();
    assert_eq!(ids, vec![(1, 1), (2, 2), (2, 5), (4, 3), (4, 4)]);
}

#[test]
fn direct_encounter_decides_when_it_can() {
    // Round 1: 1-2 0-1, 3-4 ½-½; round 2: 1-3 1-0, 2-4 0-1. Scores 1: 1, 2: 1, 3: ½,
    // 4: 1½. 1 and 2 are tied, and 2 won their game.
    let mut t = Tournament::new((1..=4).map(|i| Player::new(i, "", 0)).collect());
    t.record_game(1, 1, 2, Outcome::Loss);
    t.record_game(1, 3, 4, Outcome::Draw);
    t.record_game(2, 1, 3, Outcome::Win);
    t.record_game(2, 2, 4, Outcome::Loss);
    let rows = standings(&t, &[TieBreak::DirectEncounter]);
    let ids: Vec<(u32, u32)> = rows.iter().map(|r| (r.place, r.id)).collect();
    assert_eq!(ids, vec![(1, 4), (2, 2), (3, 1), (4, 3)]);
    // A cycle of three (1 beat 2, 2 beat 3, 3 beat 1) stays tied.
    let mut c = Tournament::new((1..=3).map(|i| Player::new(i, "", 0)).collect());
    c.record_game(1, 1, 2, Outcome::Win);
    c.record_game(2, 2, 3, Outcome::Win);
    c.record_game(3, 3, 1, Outcome::Win);
    let rows = standings(&c, &[TieBreak::DirectEncounter]);
    assert!(rows.iter().all(|r| r.place == 1), "{rows:?}");
}

#[test]
fn tie_break_codes_are_c07_acronyms() {
    for tb in TieBreak::ALL {
        assert_eq!(TieBreak::from_code(tb.code()), Some(tb));
    }
    assert_eq!(TieBreak::BuchholzCut1.code(), "BH-C1");
    assert_eq!(TieBreak::from_code("XX"), None);
}
