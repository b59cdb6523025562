//! The norm calculator of `POST /api/norms`: the request read into
//! [`guoxiang_rating::norm::NormInput`] (titles and federations parsed, every
//! refusal a 400 with a code), checked by [`guoxiang_rating::norm::check`], and
//! the report written with each failing requirement's article and numbers.

use crate::http::error::ApiError;
use crate::protocol::competition::{
    NormFailure, NormPerformance, NormRaised, NormReportView, NormRequest, PlayerOutcome,
};
use guoxiang_rating::norm::{
    check, Failure, Federation, FideTitle, GameResult, NormGame, NormInput, NormTitle, Opponent,
};

/// The most games a request may hold (a long tournament has fewer).
pub const MAX_GAMES: usize = 60;

fn bad(code: &'static str, message: String) -> ApiError {
    ApiError::bad_request(code, message)
}

fn federation(s: &str) -> Result<Federation, ApiError> {
    s.parse::<Federation>()
        .map_err(|e| bad("bad_federation", e.to_string()))
}

/// Reads the request (400 `bad_title`, `bad_federation`, `too_many_games`).
pub fn input(req: &NormRequest) -> Result<NormInput, ApiError> {
    let title: FideTitle = req
        .title
        .parse()
        .map_err(|e: guoxiang_rating::norm::UnknownTitle| bad("bad_title", e.to_string()))?;
    let title = NormTitle::try_from(title).map_err(|e| bad("not_a_norm_title", e.to_string()))?;
    if req.games.len() > MAX_GAMES {
        return Err(bad("too_many_games", format!("at most {MAX_GAMES} games")));
    }
    let mut games = Vec::with_capacity(req.games.len());
    for (i, g) in req.games.iter().enumerate() {
        let t = match g.title.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(t) => Some(
                t.parse::<FideTitle>()
                    .map_err(|e| bad("bad_title", format!("game {}: {e}", i + 1)))?,
            ),
        };
        if g.rating.is_some_and(|r| !(1000..=3000).contains(&r)) {
            return Err(bad(
                "bad_rating",
                format!("game {}: a FIDE rating is between 1000 and 3000", i + 1),
            ));
        }
        games.push(NormGame {
            opponent: Opponent {
                rating: g.rating,
                title: t,
                federation: federation(&g.federation)?,
            },
            result: match g.result {
                PlayerOutcome::Win => GameResult::Win,
                PlayerOutcome::Draw => GameResult::Draw,
                PlayerOutcome::Loss => GameResult::Loss,
            },
        });
    }
    Ok(NormInput {
        title,
        federation: federation(&req.federation)?,
        games,
        federation_rules_exempt: req.federation_rules_exempt,
    })
}

fn failure(f: &Failure) -> NormFailure {
    let n = |x: usize| i64::try_from(x).unwrap_or(i64::MAX);
    let (code, rule, found, needed, fed) = match f {
        Failure::TooFewGames { played, needed } => {
            ("too_few_games", "1.4.1", n(*played), n(*needed), None)
        }
        Failure::TooFewForeignFederations { found } => {
            ("too_few_foreign_federations", "1.4.3", n(*found), 2, None)
        }
        Failure::TooManyFromOwnFederation { count, max } => (
            "too_many_from_own_federation",
            "1.4.4",
            n(*count),
            n(*max),
            None,
        ),
        Failure::TooManyFromOneFederation {
            federation,
            count,
            max,
        } => (
            "too_many_from_one_federation",
            "1.4.4",
            n(*count),
            n(*max),
            Some(federation.code().to_string()),
        ),
        Failure::TooFewTitleHolders { count, needed } => (
            "too_few_title_holders",
            "1.4.5a",
            n(*count),
            n(*needed),
            None,
        ),
        Failure::TooFewOfTheTitle { count, needed, .. } => {
            ("too_few_of_the_title", "1.4.5", n(*count), n(*needed), None)
        }
        Failure::AverageTooLow { average, needed } => (
            "average_too_low",
            "1.4.8a",
            i64::from(*average),
            i64::from(*needed),
            None,
        ),
        Failure::ScoreTooLow { percent } => {
            ("score_too_low", "1.4.8b", i64::from(*percent), 35, None)
        }
        Failure::PerformanceTooLow {
            performance,
            needed,
        } => (
            "performance_too_low",
            "1.4.8",
            i64::from(*performance),
            i64::from(*needed),
            None,
        ),
    };
    NormFailure {
        code: code.to_string(),
        rule: rule.to_string(),
        found,
        needed,
        federation: fed,
        message: f.to_string(),
    }
}

/// Checks the norm asked for.
pub fn report(req: &NormRequest) -> Result<NormReportView, ApiError> {
    let input = input(req)?;
    let r = check(&input);
    Ok(NormReportView {
        title: r.title.title().code().to_string(),
        games: r.games,
        half_points: r.half_points,
        performance: r.performance.map(|p| NormPerformance {
            average: p.average,
            percent: p.percent,
            dp: p.dp,
            rating: p.rating,
        }),
        raised: r.raised.map(|x| NormRaised {
            game: x.game,
            from: x.from,
            to: x.to,
        }),
        norm: r.is_norm(),
        failures: r.failures.iter().map(failure).collect(),
    })
}
