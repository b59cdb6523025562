//! Wire types of the competition (issue 19, docs/API.md "Ratings and profiles"):
//! a player's seat in an account game, the players strip of the game page, the
//! profile (ratings per speed class, ladder rank, counts), the rating history,
//! the game list, and the FIDE norm calculator. Ratings are whole points as shown
//! (rounded); speed classes and ranks are their codes (`blitz`, `3k`, `1d`), the
//! page names them from the catalogue (`ui.rank.*`).

use super::Side;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `GET /api/games/{id}/seat`: the signed-in player's seat and its secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SeatView {
    pub color: Side,
    pub secret: String,
}

/// One player in the players strip.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PlayerCard {
    pub name: String,
    /// Before the game once it is rated, otherwise now; `null` for a game
    /// without a speed class (no clock).
    pub rating: Option<i64>,
    pub provisional: bool,
    /// The ladder rank's code in the game's speed class.
    pub rank: String,
    /// The rating change, once the rated game ended and was rated.
    pub diff: Option<i64>,
}

/// `GET /api/games/{id}/players`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PlayersView {
    pub rated: bool,
    /// `bullet`, `blitz`, `rapid`, `classical`; `null` without a clock.
    pub speed: Option<String>,
    pub tournament: Option<String>,
    pub white: PlayerCard,
    pub black: PlayerCard,
}

/// A user's rating in one speed class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ProfileRating {
    pub speed: String,
    pub rating: i64,
    pub rd: i64,
    pub provisional: bool,
    pub games: u32,
    pub rank: String,
    /// The rating the next rank needs (`null` at 7段).
    pub next_threshold: Option<i64>,
}

/// A user's game counts (account games).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct GameCounts {
    pub games: i64,
    pub rated: i64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
}

/// `GET /api/users/{name}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ProfileView {
    pub name: String,
    /// Every speed class, fastest first (1500?, 10级 without games).
    pub ratings: Vec<ProfileRating>,
    /// The highest rank over the speed classes.
    pub rank: String,
    pub counts: GameCounts,
}

/// A point of the rating graph: after the rated game `game`, at `at` (ms).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RatingPoint {
    pub at: i64,
    pub rating: i64,
    pub rd: i64,
    pub rank: String,
    pub game: String,
}

/// One speed class's history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RatingSeries {
    pub speed: String,
    pub points: Vec<RatingPoint>,
}

/// `GET /api/users/{name}/ratings?speed=`: one series per speed class played
/// (only the one asked for with `speed`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RatingHistory {
    pub series: Vec<RatingSeries>,
}

/// How a game ended for the profile's owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum PlayerOutcome {
    Win,
    Loss,
    Draw,
}

/// One game of a profile's list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ProfileGame {
    pub id: String,
    pub white: String,
    pub black: String,
    /// The profile owner's colour.
    pub color: Side,
    pub rated: bool,
    pub speed: Option<String>,
    /// `waiting`, `active`, `finished`.
    pub status: String,
    /// `1-0`, `0-1`, `1/2-1/2`, `*`; `null` while played.
    pub result: Option<String>,
    pub reason: Option<String>,
    /// For the owner; `null` while played or aborted.
    pub outcome: Option<PlayerOutcome>,
    /// The owner's rating change, once rated.
    pub diff: Option<i64>,
    pub created_at: i64,
    pub finished_at: Option<i64>,
}

/// `GET /api/users/{name}/games?speed=&result=&rated=&page=`: 20 a page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ProfileGames {
    pub games: Vec<ProfileGame>,
    pub total: i64,
    /// From 1.
    pub page: i64,
    pub pages: i64,
}

/// One game of a norm request: the opponent and the result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct NormGameIn {
    /// FIDE rating; `null` for an unrated opponent (counts as 1400).
    #[serde(default)]
    pub rating: Option<u16>,
    /// `GM`, `IM`, `FM`, `CM`, `WGM`, `WIM`, `WFM`, `WCM`, or `null`.
    #[serde(default)]
    pub title: Option<String>,
    /// Three-letter federation code (`CHN`); `FID` for FIDE.
    pub federation: String,
    /// `win`, `draw` or `loss`.
    pub result: PlayerOutcome,
}

/// `POST /api/norms`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct NormRequest {
    /// `GM`, `IM`, `WGM` or `WIM`.
    pub title: String,
    /// The norm seeker's federation.
    pub federation: String,
    pub games: Vec<NormGameIn>,
    /// The event is exempt from 1.4.3–1.4.4 (e.g. a national championship final).
    #[serde(default)]
    pub federation_rules_exempt: bool,
}

/// The performance: opponents' average (after the floor), percentage, dp, Rp.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct NormPerformance {
    pub average: u16,
    pub percent: u8,
    pub dp: i16,
    pub rating: i32,
}

/// The opponent raised to the rating floor (1.4.6c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct NormRaised {
    /// Index into the request's `games`.
    pub game: usize,
    pub from: u16,
    pub to: u16,
}

/// A requirement not met: its code, article, and the numbers (`found` against
/// `needed`, a maximum for the federation rules).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct NormFailure {
    /// `too_few_games`, `too_few_foreign_federations`, `too_many_from_own_federation`,
    /// `too_many_from_one_federation`, `too_few_title_holders`, `too_few_of_the_title`,
    /// `average_too_low`, `score_too_low`, `performance_too_low`.
    pub code: String,
    /// The article of the FIDE Title Regulations, e.g. `1.4.1`.
    pub rule: String,
    pub found: i64,
    pub needed: i64,
    /// For `too_many_from_one_federation`: which.
    pub federation: Option<String>,
    /// In English.
    pub message: String,
}

/// The norm calculator's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct NormReportView {
    pub title: String,
    pub games: usize,
    /// Points (7½ is 7.5), as half points.
    pub half_points: u32,
    pub performance: Option<NormPerformance>,
    pub raised: Option<NormRaised>,
    pub norm: bool,
    pub failures: Vec<NormFailure>,
}

/// This module's TypeScript declarations (added to [`super::typescript`]).
pub fn decls(cfg: &ts_rs::Config) -> Vec<String> {
    vec![
        SeatView::decl(cfg),
        PlayerCard::decl(cfg),
        PlayersView::decl(cfg),
        ProfileRating::decl(cfg),
        GameCounts::decl(cfg),
        ProfileView::decl(cfg),
        RatingPoint::decl(cfg),
        RatingSeries::decl(cfg),
        RatingHistory::decl(cfg),
        PlayerOutcome::decl(cfg),
        ProfileGame::decl(cfg),
        ProfileGames::decl(cfg),
        NormGameIn::decl(cfg),
        NormRequest::decl(cfg),
        NormPerformance::decl(cfg),
        NormRaised::decl(cfg),
        NormFailure::decl(cfg),
        NormReportView::decl(cfg),
    ]
}

/// docs/API.md's examples of this module's types: whether `name` is one of them
/// (then `text` must parse as it, see `super::tests`).
#[cfg(test)]
pub(crate) fn example(name: &str, text: &str) -> bool {
    use super::tests::parses;
    match name {
        "SeatView" => parses::<SeatView>(name, text),
        "PlayersView" => parses::<PlayersView>(name, text),
        "ProfileView" => parses::<ProfileView>(name, text),
        "RatingHistory" => parses::<RatingHistory>(name, text),
        "ProfileGames" => parses::<ProfileGames>(name, text),
        "NormRequest" => parses::<NormRequest>(name, text),
        "NormReportView" => parses::<NormReportView>(name, text),
        _ => return false,
    }
    true
}
