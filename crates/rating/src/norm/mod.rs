//! FIDE title norms as information: given a player's games in one tournament,
//! [`check`] computes the performance rating and says, requirement by
//! requirement, whether a GM, IM, WGM or WIM norm is reached, by the FIDE Title
//! Regulations (B.01) effective from 1 January 2024, article 1.4:
//!
//! - 1.4.1: at least 9 games (the exceptions for team championships and the World
//!   Cup are not modelled);
//! - 1.4.3: at least two federations other than the applicant's ("FID" does not
//!   count), unless the event is exempt (1.4.3a–d, e.g. national championships);
//! - 1.4.4: at most 3/5 of the opponents from the applicant's federation, at most
//!   2/3 from any one federation (also waived for exempt events);
//! - 1.4.5a: at least half the opponents title-holders (not CM or WCM); 1.4.5b–e:
//!   at least a third of them, and at least 3, holding the norm's title or a higher
//!   one (GM; GM/IM; GM/IM/WGM; GM/IM/WGM/WIM);
//! - 1.4.6: the lowest-rated opponent below the norm's floor (GM 2200, IM 2050,
//!   WGM 2000, WIM 1850) is raised to it, only that one; unrated opponents count
//!   as 1400;
//! - 1.4.7–1.4.9: Ra (rounded, .5 up) at least GM 2380 / IM 2230 / WGM 2180 /
//!   WIM 2030, a score of at least 35 %, and Rp = Ra + dp at least 2600 / 2450 /
//!   2400 / 2250.
//!
//! The caller passes only games that count: forfeits and other games not played
//! over the board are left out (1.4.2), as are byes. Dropping wins, or counting
//! the first rounds only (1.4.1e–f), is the caller's choice of games.

pub mod dp;
mod fide;

pub use fide::{BadFederation, Federation, FideTitle, NormTitle, NotANormTitle, UnknownTitle};

use std::collections::HashMap;

/// The smallest number of games for a norm (1.4.1).
pub const MIN_GAMES: usize = 9;
/// The rating given to an unrated opponent (1.4.6d).
pub const UNRATED: u16 = 1400;
/// The smallest score for any norm, in percent (1.4.8b).
pub const MIN_SCORE_PERCENT: u32 = 35;

/// An opponent as the norm rules see them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Opponent {
    /// The FIDE standard rating at the start of the tournament; `None` if unrated.
    pub rating: Option<u16>,
    pub title: Option<FideTitle>,
    pub federation: Federation,
}

/// The result of one game for the norm seeker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    Win,
    Draw,
    Loss,
}

impl GameResult {
    /// Half points: a win 2, a draw 1, a loss 0.
    pub fn half_points(self) -> u32 {
        match self {
            GameResult::Win => 2,
            GameResult::Draw => 1,
            GameResult::Loss => 0,
        }
    }
}

/// One game that counts for the norm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NormGame {
    pub opponent: Opponent,
    pub result: GameResult,
}

/// What the calculator is asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NormInput {
    pub title: NormTitle,
    /// The norm seeker's federation.
    pub federation: Federation,
    pub games: Vec<NormGame>,
    /// The event is exempt from the federation rules 1.4.3 and 1.4.4 (1.4.3a–d:
    /// e.g. a national championship final); the arbiter says so.
    pub federation_rules_exempt: bool,
}

/// A requirement that is not met, with the numbers.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    #[error("1.4.1: {played} games played, at least {needed} needed")]
    TooFewGames { played: usize, needed: usize },
    #[error("1.4.3: {found} federations other than the player's, at least 2 needed")]
    TooFewForeignFederations { found: usize },
    #[error("1.4.4: {count} opponents from the player's federation, at most {max} allowed")]
    TooManyFromOwnFederation { count: usize, max: usize },
    #[error("1.4.4: {count} opponents from {federation}, at most {max} from one federation")]
    TooManyFromOneFederation {
        federation: Federation,
        count: usize,
        max: usize,
    },
    #[error("1.4.5a: {count} title-holders (CM and WCM not counted), at least {needed} needed")]
    TooFewTitleHolders { count: usize, needed: usize },
    #[error("1.4.5: {count} opponents hold {title} or a higher title, at least {needed} needed")]
    TooFewOfTheTitle {
        title: NormTitle,
        count: usize,
        needed: usize,
    },
    #[error("1.4.8a: the opponents average {average}, at least {needed} needed")]
    AverageTooLow { average: u16, needed: u16 },
    #[error("1.4.8b: a score of {percent} %, at least 35 % needed")]
    ScoreTooLow { percent: u32 },
    #[error("1.4.8: a performance of {performance}, at least {needed} needed")]
    PerformanceTooLow { performance: i32, needed: i32 },
}

/// An opponent whose rating was raised to the floor (1.4.6c).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RaisedOpponent {
    /// The index of the game in [`NormInput::games`].
    pub game: usize,
    /// The rating used before raising (1400 for an unrated opponent).
    pub from: u16,
    pub to: u16,
}

/// The calculator's answer: the numbers and every requirement that fails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NormReport {
    pub title: NormTitle,
    pub games: usize,
    /// The score in half points (7½ is 15).
    pub half_points: u32,
    pub raised: Option<RaisedOpponent>,
    /// The performance (Ra after the floor, p, dp, Rp); `None` without games.
    pub performance: Option<dp::Performance>,
    /// Every requirement not met; empty when the norm is reached.
    pub failures: Vec<Failure>,
}

impl NormReport {
    /// Whether every requirement is met.
    pub fn is_norm(&self) -> bool {
        self.failures.is_empty()
    }
}

fn ceil_div(a: usize, b: usize) -> usize {
    a.div_ceil(b)
}

/// Checks a norm: the performance and every requirement of 1.4, each failure
/// named with its numbers.
///
/// ```
/// use guoxiang_rating::norm::*;
/// let fed = |s: &str| s.parse::<Federation>().unwrap();
/// let opp = |rating, title: &str, f: &str| Opponent {
///     rating: Some(rating),
///     title: title.parse().ok(),
///     federation: fed(f),
/// };
/// let opponents = [
///     opp(2550, "GM", "IND"), opp(2520, "GM", "USA"), opp(2500, "GM", "GER"),
///     opp(2450, "IM", "IND"), opp(2420, "IM", "FRA"), opp(2400, "FM", "CHN"),
///     opp(2380, "", "CHN"), opp(2350, "", "CHN"), opp(2330, "FM", "ENG"),
/// ];
/// let results = [GameResult::Win, GameResult::Draw, GameResult::Win, GameResult::Win,
///     GameResult::Draw, GameResult::Win, GameResult::Win, GameResult::Draw, GameResult::Draw];
/// let input = NormInput {
///     title: NormTitle::Gm,
///     federation: fed("CHN"),
///     games: opponents.iter().zip(results).map(|(&opponent, result)| NormGame { opponent, result }).collect(),
///     federation_rules_exempt: false,
/// };
/// let report = check(&input);
/// // 7/9 against Ra 2433: p = 78 %, dp = 220, Rp = 2653.
/// assert_eq!(report.performance.unwrap().rating, 2653);
/// assert!(report.is_norm(), "{:?}", report.failures);
/// ```
pub fn check(input: &NormInput) -> NormReport {
    let title = input.title;
    let games = &input.games;
    let n = games.len();
    let half_points: u32 = games.iter().map(|g| g.result.half_points()).sum();
    let mut failures = Vec::new();

    // 1.4.1
    if n < MIN_GAMES {
        failures.push(Failure::TooFewGames {
            played: n,
            needed: MIN_GAMES,
        });
    }

    // 1.4.3 and 1.4.4
    if !input.federation_rules_exempt {
        let mut per_federation: HashMap<Federation, usize> = HashMap::new();
        for g in games {
            *per_federation.entry(g.opponent.federation).or_default() += 1;
        }
        let foreign = per_federation
            .keys()
            .filter(|&&f| f != input.federation && f != Federation::FID)
            .count();
        if foreign < 2 {
            failures.push(Failure::TooFewForeignFederations { found: foreign });
        }
        let own = per_federation.get(&input.federation).copied().unwrap_or(0);
        let max_own = 3 * n / 5;
        if own > max_own {
            failures.push(Failure::TooManyFromOwnFederation {
                count: own,
                max: max_own,
            });
        }
        let max_one = 2 * n / 3;
        let mut crowded: Vec<(Federation, usize)> = per_federation
            .into_iter()
            .filter(|&(_, count)| count > max_one)
            .collect();
        crowded.sort();
        for (federation, count) in crowded {
            failures.push(Failure::TooManyFromOneFederation {
                federation,
                count,
                max: max_one,
            });
        }
    }

    // 1.4.5
    let holders = games
        .iter()
        .filter(|g| {
            g.opponent
                .title
                .is_some_and(FideTitle::counts_as_title_holder)
        })
        .count();
    let needed_holders = ceil_div(n, 2);
    if holders < needed_holders {
        failures.push(Failure::TooFewTitleHolders {
            count: holders,
            needed: needed_holders,
        });
    }
    let of_title = games
        .iter()
        .filter(|g| {
            g.opponent
                .title
                .is_some_and(|t| title.counting_titles().contains(&t))
        })
        .count();
    let needed_of_title = ceil_div(n, 3).max(3);
    if of_title < needed_of_title {
        failures.push(Failure::TooFewOfTheTitle {
            title,
            count: of_title,
            needed: needed_of_title,
        });
    }

    // 1.4.6: unrated count as 1400; the lowest below the floor is raised.
    let mut ratings: Vec<u16> = games
        .iter()
        .map(|g| g.opponent.rating.unwrap_or(UNRATED))
        .collect();
    let floor = title.rating_floor();
    let lowest = ratings
        .iter()
        .enumerate()
        .min_by_key(|&(i, &r)| (r, i))
        .map(|(i, &r)| (i, r));
    let raised = match lowest {
        Some((game, from)) if from < floor => {
            ratings[game] = floor;
            Some(RaisedOpponent {
                game,
                from,
                to: floor,
            })
        }
        _ => None,
    };

    // 1.4.7 – 1.4.9
    let performance = dp::performance(&ratings, half_points);
    if let Some(p) = performance {
        if p.average < title.min_average() {
            failures.push(Failure::AverageTooLow {
                average: p.average,
                needed: title.min_average(),
            });
        }
        // 35 % exactly, before any rounding: hp / 2n ≥ 0.35.
        if u64::from(half_points) * 100 < u64::from(MIN_SCORE_PERCENT) * 2 * n as u64 {
            failures.push(Failure::ScoreTooLow {
                percent: u32::from(p.percent),
            });
        }
        if p.rating < title.min_performance() {
            failures.push(Failure::PerformanceTooLow {
                performance: p.rating,
                needed: title.min_performance(),
            });
        }
    }

    NormReport {
        title,
        games: n,
        half_points,
        raised,
        performance,
        failures,
    }
}

#[cfg(test)]
mod tests;
