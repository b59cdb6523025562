//! The norm rules, one test per requirement, with examples computed by hand from
//! FIDE's dp table.

use super::*;

fn fed(code: &str) -> Federation {
    code.parse().expect("a federation code")
}

fn opp(rating: u16, title: &str, federation: &str) -> Opponent {
    Opponent {
        rating: Some(rating),
        title: title.parse().ok(),
        federation: fed(federation),
    }
}

fn games(opponents: &[Opponent], results: &str) -> Vec<NormGame> {
    opponents
        .iter()
        .zip(results.chars())
        .map(|(&opponent, c)| NormGame {
            opponent,
            result: match c {
                '1' => GameResult::Win,
                '=' => GameResult::Draw,
                _ => GameResult::Loss,
            },
        })
        .collect()
}

fn input(title: NormTitle, opponents: &[Opponent], results: &str) -> NormInput {
    NormInput {
        title,
        federation: fed("CHN"),
        games: games(opponents, results),
        federation_rules_exempt: false,
    }
}

/// Nine opponents fit for a GM norm from a Chinese player: 3 GMs, 2 IMs, 2 FMs,
/// 2 untitled; 3 from CHN, the others from 5 federations. Ra = 21900 / 9 = 2433.
fn gm_field() -> Vec<Opponent> {
    vec![
        opp(2550, "GM", "IND"),
        opp(2520, "GM", "USA"),
        opp(2500, "GM", "GER"),
        opp(2450, "IM", "IND"),
        opp(2420, "IM", "FRA"),
        opp(2400, "FM", "CHN"),
        opp(2380, "", "CHN"),
        opp(2350, "", "CHN"),
        opp(2330, "FM", "ENG"),
    ]
}

#[test]
fn seven_out_of_nine_against_2433_is_a_gm_norm() {
    // p = 7/9 = 77.8 % → 78 %; dp = 220; Rp = 2433 + 220 = 2653 ≥ 2600.
    let r = check(&input(NormTitle::Gm, &gm_field(), "1=11=11=="));
    let p = r.performance.unwrap();
    assert_eq!(
        (p.average, p.percent, p.dp, p.rating),
        (2433, 78, 220, 2653)
    );
    assert_eq!(r.half_points, 14);
    assert!(r.is_norm(), "{:?}", r.failures);
}

#[test]
fn six_out_of_nine_against_2433_falls_short_of_2600() {
    // p = 6/9 = 66.7 % → 67 %; dp = 125; Rp = 2558.
    let r = check(&input(NormTitle::Gm, &gm_field(), "1=11=1=0="));
    assert_eq!(
        r.failures,
        [Failure::PerformanceTooLow {
            performance: 2558,
            needed: 2600
        }]
    );
    // The same result is an IM performance (≥ 2450, Ra ≥ 2230) with enough IMs.
    let im = check(&input(NormTitle::Im, &gm_field(), "1=11=1=0="));
    assert!(im.is_norm(), "{:?}", im.failures);
}

#[test]
fn eight_games_are_not_enough() {
    let field = gm_field();
    let r = check(&input(NormTitle::Gm, &field[..8], "11111111"));
    assert!(r.failures.contains(&Failure::TooFewGames {
        played: 8,
        needed: 9
    }));
}

#[test]
fn two_foreign_federations_are_needed_and_fid_is_not_one() {
    let mut field = gm_field();
    // Everyone not Chinese now comes from India or is registered with FIDE.
    for (i, o) in field.iter_mut().enumerate() {
        if o.federation != fed("CHN") {
            o.federation = if i % 2 == 0 { fed("IND") } else { fed("FID") };
        }
    }
    let r = check(&input(NormTitle::Gm, &field, "1=11=11=="));
    assert!(r
        .failures
        .contains(&Failure::TooFewForeignFederations { found: 1 }));
    // An exempt event (a national championship) waives the rule.
    let mut exempt = input(NormTitle::Gm, &field, "1=11=11==");
    exempt.federation_rules_exempt = true;
    assert!(check(&exempt).is_norm());
}

#[test]
fn at_most_three_fifths_from_the_own_federation() {
    // 9 games: at most ⌊27/5⌋ = 5 Chinese opponents. Six is one too many.
    let mut field = gm_field();
    field[3].federation = fed("CHN");
    field[4].federation = fed("CHN");
    field[8].federation = fed("CHN");
    let r = check(&input(NormTitle::Gm, &field, "1=11=11=="));
    assert!(r
        .failures
        .contains(&Failure::TooManyFromOwnFederation { count: 6, max: 5 }));
}

#[test]
fn at_most_two_thirds_from_any_one_federation() {
    // 9 games: at most 6 from one federation. Seven Indians are too many.
    let mut field = gm_field();
    for o in field.iter_mut().take(7) {
        o.federation = fed("IND");
    }
    field[7].federation = fed("USA");
    field[8].federation = fed("GER");
    let r = check(&input(NormTitle::Gm, &field, "1=11=11=="));
    assert!(r.failures.contains(&Failure::TooManyFromOneFederation {
        federation: fed("IND"),
        count: 7,
        max: 6
    }));
}

#[test]
fn half_the_opponents_must_hold_titles_and_cm_does_not_count() {
    // 9 games need ⌈9/2⌉ = 5 title-holders. Make the two FMs CMs: 3 GMs + 2 IMs = 5.
    let mut field = gm_field();
    field[5].title = Some(FideTitle::Cm);
    field[8].title = Some(FideTitle::Cm);
    let r = check(&input(NormTitle::Gm, &field, "1=11=11=="));
    assert!(r.is_norm(), "{:?}", r.failures);
    // One IM fewer: 4 title-holders.
    field[4].title = Some(FideTitle::Wcm);
    let r = check(&input(NormTitle::Gm, &field, "1=11=11=="));
    assert!(r.failures.contains(&Failure::TooFewTitleHolders {
        count: 4,
        needed: 5
    }));
}

#[test]
fn a_gm_norm_needs_three_grandmasters_and_an_im_does_not_replace_one() {
    let mut field = gm_field();
    field[2].title = Some(FideTitle::Im);
    let r = check(&input(NormTitle::Gm, &field, "1=11=11=="));
    assert_eq!(
        r.failures,
        [Failure::TooFewOfTheTitle {
            title: NormTitle::Gm,
            count: 2,
            needed: 3
        }]
    );
    // For a WGM norm, GMs, IMs and WGMs all count: 5 ≥ 3.
    let wgm = check(&input(NormTitle::Wgm, &field, "1=11=11=="));
    assert!(!wgm
        .failures
        .iter()
        .any(|f| matches!(f, Failure::TooFewOfTheTitle { .. })));
}

#[test]
fn thirteen_games_need_five_of_the_title() {
    // ⌈13/3⌉ = 5.
    let mut field = gm_field();
    field.extend([
        opp(2500, "GM", "ARM"),
        opp(2450, "IM", "NED"),
        opp(2430, "IM", "ESP"),
        opp(2410, "IM", "POL"),
    ]);
    let r = check(&input(NormTitle::Gm, &field, "1=11=11==11=="));
    assert!(r.failures.contains(&Failure::TooFewOfTheTitle {
        title: NormTitle::Gm,
        count: 4,
        needed: 5
    }));
}

/// An IM field with two opponents below the IM floor 2050.
fn im_field() -> Vec<Opponent> {
    vec![
        opp(2400, "IM", "IND"),
        opp(2380, "IM", "USA"),
        opp(2350, "IM", "GER"),
        opp(2300, "FM", "FRA"),
        opp(2250, "FM", "ENG"),
        opp(2200, "", "CHN"),
        opp(2150, "", "CHN"),
        opp(2000, "", "CHN"),
        opp(1900, "", "VIE"),
    ]
}

#[test]
fn only_the_lowest_opponent_is_raised_to_the_floor() {
    // 1900 → 2050; 2000 stays. Ra:
    // 2400+2380+2350+2300+2250+2200+2150+2000+2050 = 20080; 20080 / 9 = 2231.1 → 2231.
    // Without the floor it would be 19930 / 9 = 2214.4, below IM's 2230.
    // 7½/9 = 83.3 % → 83 %; dp = 273; Rp = 2231 + 273 = 2504.
    let r = check(&input(NormTitle::Im, &im_field(), "11=111011"));
    assert_eq!(
        r.raised,
        Some(RaisedOpponent {
            game: 8,
            from: 1900,
            to: 2050
        })
    );
    let p = r.performance.unwrap();
    assert_eq!(
        (p.average, p.percent, p.dp, p.rating),
        (2231, 83, 273, 2504)
    );
    assert!(r.is_norm(), "{:?}", r.failures);
}

#[test]
fn the_average_must_reach_the_norms_minimum() {
    // The same field is too weak for a GM norm: floor 2200 raises 1900 to 2200:
    // 20230 / 9 = 2247.8 → 2248 < 2380.
    let r = check(&input(NormTitle::Gm, &im_field(), "111111111"));
    assert!(r.failures.contains(&Failure::AverageTooLow {
        average: 2248,
        needed: 2380
    }));
}

#[test]
fn an_unrated_opponent_counts_as_1400_then_may_be_raised() {
    let mut field = im_field();
    field[8].rating = None;
    let r = check(&input(NormTitle::Im, &field, "11=111011"));
    assert_eq!(
        r.raised,
        Some(RaisedOpponent {
            game: 8,
            from: 1400,
            to: 2050
        })
    );
    // Two unrated: only one is raised, the other stays at 1400.
    field[7].rating = None;
    let r = check(&input(NormTitle::Im, &field, "11=111011"));
    assert_eq!(r.raised.map(|x| (x.game, x.from)), Some((7, 1400)));
    // 2400+2380+2350+2300+2250+2200+2150+2050+1400 = 19480; / 9 = 2164.4 → 2164.
    assert_eq!(r.performance.unwrap().average, 2164);
}

#[test]
fn a_score_below_35_percent_is_never_a_norm() {
    // Against a very strong field 3/9 (33.3 %) gives Rp = Ra − 125, still above
    // 2600; the 35 % rule refuses it.
    let strong = vec![opp(2780, "GM", "IND"); 3]
        .into_iter()
        .chain(vec![opp(2780, "GM", "USA"); 3])
        .chain(vec![opp(2780, "GM", "NOR"); 3])
        .collect::<Vec<_>>();
    let r = check(&input(NormTitle::Gm, &strong, "111000000"));
    assert_eq!(r.performance.unwrap().rating, 2780 - 125);
    assert_eq!(r.failures, [Failure::ScoreTooLow { percent: 33 }]);
}

#[test]
fn every_failure_is_listed_at_once() {
    let weak = vec![opp(1800, "", "CHN"); 5];
    let r = check(&input(NormTitle::Wim, &weak, "11111"));
    assert!(!r.is_norm());
    let rules: Vec<String> = r
        .failures
        .iter()
        .map(|f| f.to_string().split(':').next().unwrap_or("").to_string())
        .collect();
    assert_eq!(
        rules,
        ["1.4.1", "1.4.3", "1.4.4", "1.4.4", "1.4.5a", "1.4.5", "1.4.8a"],
        "{:?}",
        r.failures
    );
}

#[test]
fn no_games_gives_no_performance_and_no_panic() {
    let r = check(&input(NormTitle::Gm, &[], ""));
    assert_eq!(r.performance, None);
    assert!(!r.is_norm());
}
