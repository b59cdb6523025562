//! Who may meet whom (C.04.1 and C.04.3 C1, C3) and who gets which colour
//! (C.04.3 E.1–E.5).

use super::state::{State, Strength};
use super::Colour;

/// Whether `a` and `b` may be paired: they have not met (C1), and they are not two
/// non-topscorers with the same absolute colour preference (C3).
pub(crate) fn compatible(a: &State, b: &State) -> bool {
    if a.opponents.contains(&b.id) {
        return false;
    }
    let same_absolute =
        a.strength == Strength::Absolute && b.strength == Strength::Absolute && a.pref == b.pref;
    !(same_absolute && !a.topscorer && !b.topscorer)
}

/// The colour `a` gets against `b` by rules E.1–E.5; `first` is the initial colour
/// (round 1's colour of the top player), given to the higher-ranked player with an
/// odd starting rank when nothing else decides.
pub(crate) fn colour_of(a: &State, b: &State, first: Colour) -> Colour {
    let (high, low, high_is_a) = if a.ranks_above(b) {
        (a, b, true)
    } else {
        (b, a, false)
    };
    let high_colour = colour_of_higher(high, low, first);
    if high_is_a {
        high_colour
    } else {
        high_colour.opposite()
    }
}

fn colour_of_higher(high: &State, low: &State, first: Colour) -> Colour {
    match (high.pref, low.pref) {
        // E.1: both preferences can be granted.
        (Some(h), Some(l)) if h != l => return h,
        (Some(h), None) => return h,
        (None, Some(l)) => return l.opposite(),
        _ => {}
    }
    if let (Some(h), Some(_)) = (high.pref, low.pref) {
        // E.2: the stronger preference; two absolute ones: the wider difference.
        if high.strength != low.strength {
            return if high.strength > low.strength {
                h
            } else {
                h.opposite()
            };
        }
        if high.strength == Strength::Absolute && high.diff.abs() != low.diff.abs() {
            return if high.diff.abs() > low.diff.abs() {
                h
            } else {
                h.opposite()
            };
        }
        // E.3: alternate from the most recent time their colours differed, the games
        // each played counted back from the last (unplayed rounds skipped).
        for (hc, lc) in high.played.iter().rev().zip(low.played.iter().rev()) {
            if hc != lc {
                return hc.opposite();
            }
        }
        // E.4: the higher-ranked player's preference.
        return h;
    }
    // E.5: no preferences: the initial colour by the higher player's starting rank.
    if high.id % 2 == 1 {
        first
    } else {
        first.opposite()
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::Float;
    use super::*;
    use Colour::{Black as B, White as W};

    fn player(
        id: u32,
        score: u32,
        played: &[Colour],
        pref: Option<Colour>,
        strength: Strength,
    ) -> State {
        let diff = played.iter().map(|c| if *c == W { 1 } else { -1 }).sum();
        State {
            id,
            score,
            diff,
            played: played.to_vec(),
            by_round: played.iter().map(|c| Some(*c)).collect(),
            pref,
            strength,
            topscorer: false,
            bye_allowed: true,
            float1: Float::None,
            float2: Float::None,
            opponents: vec![],
        }
    }

    #[test]
    fn different_preferences_are_both_granted() {
        let a = player(1, 2, &[B], Some(W), Strength::Strong);
        let b = player(2, 2, &[W], Some(B), Strength::Strong);
        assert_eq!(colour_of(&a, &b, W), W);
        assert_eq!(colour_of(&b, &a, W), B);
    }

    #[test]
    fn the_stronger_preference_wins() {
        let a = player(1, 2, &[W, B], Some(W), Strength::Mild);
        let b = player(2, 2, &[B], Some(W), Strength::Strong);
        assert_eq!(colour_of(&b, &a, W), W);
    }

    #[test]
    fn round_one_gives_the_initial_colour_to_odd_ranks() {
        let a = player(3, 0, &[], None, Strength::None);
        let b = player(9, 0, &[], None, Strength::None);
        assert_eq!(colour_of(&a, &b, B), B);
        let c = player(4, 0, &[], None, Strength::None);
        assert_eq!(colour_of(&c, &b, B), W);
    }

    #[test]
    fn two_absolute_preferences_for_one_colour_may_not_meet_below_the_top() {
        let a = player(1, 2, &[W, W], Some(B), Strength::Absolute);
        let b = player(2, 2, &[B, W, W], Some(B), Strength::Absolute);
        assert!(!compatible(&a, &b));
    }
}
