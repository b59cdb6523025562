//! `/api/puzzles*`: the puzzle trainer's API over the set in
//! [`Config::puzzles`](crate::Config) (the shipped set by default). The next puzzle
//! near a rating with chosen themes ([`pick`]), the daily one, one by id, the
//! themes with their counts and the lessons' drills; a solver move judged
//! statelessly against the line ([`judge`]); an attempt that moves the puzzle's
//! Glicko-2 rating in the database and returns the solver's ([`ratings`]). Judged
//! moves and attempts are rate-limited per address ([`limit`]): 429 with
//! `Retry-After`. docs/API.md "Puzzles" has the shapes.

pub mod judge;
pub mod limit;
pub mod pick;
pub mod ratings;

use super::error::ApiError;
use super::tb::blocking;
use super::{body_of, parse_json, Q};
use crate::http::client_ip::ClientIp;
use crate::protocol::puzzle::{
    PlayerRating, PuzzleAttempt, PuzzleAttempted, PuzzleDrill, PuzzleMove, PuzzleMoved,
    PuzzleRatingView, PuzzleThemeInfo, PuzzleThemeRef, PuzzleThemes, PuzzleView,
};
use crate::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use guoxiang_core::Position;
use guoxiang_i18n::{message, Lang, Localize};
use guoxiang_puzzles::glicko::Rating;
use guoxiang_puzzles::{Goal, Puzzle, PuzzleId, PuzzleSet, Theme};
use judge::{Judged, Verdict};
use ratings::Current;

use std::sync::Arc;

pub use ratings::PuzzleState;

/// The lessons' drills (lesson id, themes).
const DRILLS: &[(&str, &[Theme])] = guoxiang_puzzles::drills::ALL;

/// The rating `next` aims at when none is asked (a new solver's).
const DEFAULT_RATING: f64 = 1500.0;

/// A new solver's rating, when an attempt sends none.
pub const NEW_SOLVER: Rating = Rating::NEW_SOLVER;

/// `GET /api/puzzles/next?rating=&themes=a,b&exclude=id,id&lang=`
pub async fn next(
    State(app): State<Arc<AppState>>,
    Query(q): Q,
) -> Result<Json<PuzzleView>, ApiError> {
    let lang = lang_of(q.get("lang").map(String::as_str))?;
    let rating = match q.get("rating").map(|r| r.trim()).filter(|r| !r.is_empty()) {
        None => DEFAULT_RATING,
        Some(r) => r
            .parse::<f64>()
            .ok()
            .filter(|r| (0.0..=4000.0).contains(r))
            .ok_or_else(|| {
                ApiError::bad_request("bad_rating", "rating must be a number from 0 to 4000")
            })?,
    };
    let themes = list(q.get("themes"))
        .map(|code| {
            Theme::from_code(&code).ok_or_else(|| {
                ApiError::bad_request(
                    "unknown_theme",
                    format!("no theme {:?}", code.chars().take(40).collect::<String>()),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let wanted = pick::Wanted {
        rating,
        themes,
        exclude: list(q.get("exclude")).collect(),
    };
    let set: &PuzzleSet = app.config.puzzles;
    let ratings = app.puzzles.ratings(&app.ctx.store).await.map_err(stored)?;
    let unit = crate::engine::random_unit();
    let p = pick::next(set, &wanted, |p| ratings.of(p).rating.rating, unit).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "no_puzzle",
            "no puzzle has all the chosen themes (besides those excluded)",
        )
    })?;
    Ok(Json(view(p, ratings.of(p), lang)))
}

/// `GET /api/puzzles/daily?lang=`
pub async fn daily(
    State(app): State<Arc<AppState>>,
    Query(q): Q,
) -> Result<Json<PuzzleView>, ApiError> {
    let lang = lang_of(q.get("lang").map(String::as_str))?;
    let day = pick::day_of(app.ctx.time.wall_ms());
    let p = pick::daily(app.config.puzzles, day)
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "no_puzzle", "no puzzles here"))?;
    let ratings = app.puzzles.ratings(&app.ctx.store).await.map_err(stored)?;
    Ok(Json(view(p, ratings.of(p), lang)))
}

/// `GET /api/puzzles/{id}?lang=`
pub async fn get_puzzle(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    Query(q): Q,
) -> Result<Json<PuzzleView>, ApiError> {
    let p = puzzle(app.config.puzzles, &id)?;
    let lang = lang_of(q.get("lang").map(String::as_str))?;
    let ratings = app.puzzles.ratings(&app.ctx.store).await.map_err(stored)?;
    Ok(Json(view(p, ratings.of(p), lang)))
}

/// `GET /api/puzzles/themes?lang=`
pub async fn themes(
    State(app): State<Arc<AppState>>,
    Query(q): Q,
) -> Result<Json<PuzzleThemes>, ApiError> {
    let lang = lang_of(q.get("lang").map(String::as_str))?;
    let set: &PuzzleSet = app.config.puzzles;
    Ok(Json(PuzzleThemes {
        themes: Theme::ALL
            .iter()
            .map(|&t| PuzzleThemeInfo {
                code: t.code().to_owned(),
                name: t.name(lang),
                description: t.description(lang),
                count: set.filter(&[t], None, None).len() as u64,
            })
            .collect(),
        drills: DRILLS
            .iter()
            .map(|(lesson, themes)| PuzzleDrill {
                lesson: (*lesson).to_owned(),
                themes: themes.iter().map(|t| t.code().to_owned()).collect(),
            })
            .collect(),
    }))
}

/// `POST /api/puzzles/{id}/move` `{"ply": N, "uci": "e2e4"}`
pub async fn play_move(
    State(app): State<Arc<AppState>>,
    ClientIp(client): ClientIp,
    Path(id): Path<String>,
    Query(q): Q,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let set: &'static PuzzleSet = app.config.puzzles;
    let p = puzzle(set, &id)?;
    let req: PuzzleMove = parse_json(&body_of(body)?)?;
    let lang = lang_of(req.lang.as_deref().or(q.get("lang").map(String::as_str)))?;
    let now = app.ctx.time.now_ms();
    if let Err(secs) = app
        .puzzles
        .moves
        .take(client, now, app.config.puzzle_moves_per_minute)
    {
        return Ok(rate_limited(secs, "too many moves judged"));
    }
    let judged = blocking(move || {
        judge::judge(p, req.ply, &req.uci).map_err(|e| match e {
            judge::JudgeError::BadPly { .. } => ApiError::bad_request("bad_ply", e.to_string()),
            judge::JudgeError::BadMove(_) => ApiError::bad_request("bad_move", e.to_string()),
            judge::JudgeError::BadLine(_) => {
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string())
            }
        })
    })
    .await?;
    Ok(Json(moved(p, req.ply as usize, &judged, lang)).into_response())
}

/// `POST /api/puzzles/{id}/attempt` `{"solved": true, "player": {…}}`
pub async fn attempt(
    State(app): State<Arc<AppState>>,
    ClientIp(client): ClientIp,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let p = puzzle(app.config.puzzles, &id)?;
    let req: PuzzleAttempt = parse_json(&body_of(body)?)?;
    let player = match req.player {
        None => NEW_SOLVER,
        Some(r) => player_rating(r)?,
    };
    let now = app.ctx.time.now_ms();
    if let Err(secs) = app
        .puzzles
        .attempts
        .take(client, now, app.config.puzzle_attempts_per_minute)
    {
        return Ok(rate_limited(secs, "too many attempts"));
    }
    let out = app
        .puzzles
        .attempt(&app.ctx.store, p, player, req.solved)
        .await
        .map_err(stored)?;
    Ok(Json(PuzzleAttempted {
        player: PlayerRating {
            rating: out.player.rating,
            rd: out.player.rd,
            vol: out.player.vol,
        },
        delta: (out.player.rating - player.rating).round() as i32,
        puzzle: PuzzleRatingView {
            rating: out.puzzle.rating.rating.round() as i32,
            rd: out.puzzle.rating.rd.round() as i32,
            plays: out.puzzle.plays,
        },
    })
    .into_response())
}

/// A solver's rating as sent, if it is one: finite, rating 0–4000, deviation over
/// 0 up to 500, volatility over 0 up to 1.
fn player_rating(r: PlayerRating) -> Result<Rating, ApiError> {
    let ok = (0.0..=4000.0).contains(&r.rating)
        && r.rd > 0.0
        && r.rd <= 500.0
        && r.vol > 0.0
        && r.vol <= 1.0;
    if !ok {
        return Err(ApiError::bad_request(
            "bad_rating",
            "player must hold rating (0 to 4000), rd (over 0, at most 500) and vol (over 0, at most 1)",
        ));
    }
    Ok(Rating {
        rating: r.rating,
        rd: r.rd,
        vol: r.vol,
    })
}

/// 429 with `Retry-After` (seconds) and the usual JSON error.
fn rate_limited(secs: u64, what: &str) -> Response {
    let e = ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "rate_limited",
        format!("{what} from this address; try again in {secs} s"),
    );
    (
        StatusCode::TOO_MANY_REQUESTS,
        [(header::RETRY_AFTER, secs.to_string())],
        Json(e.body()),
    )
        .into_response()
}

fn puzzle<'a>(set: &'a PuzzleSet, id: &str) -> Result<&'a Puzzle, ApiError> {
    set.get(&PuzzleId(id.to_owned())).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown_puzzle",
            format!("no puzzle {:?}", id.chars().take(32).collect::<String>()),
        )
    })
}

fn stored(e: crate::store::StoreError) -> ApiError {
    tracing::error!(error = %e, "puzzle ratings unavailable");
    ApiError::unavailable("the puzzle ratings cannot be read or written now")
}

/// The items of a comma-separated query value.
fn list(v: Option<&String>) -> impl Iterator<Item = String> + '_ {
    v.into_iter()
        .flat_map(|s| s.split(','))
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
}

/// The language asked for (English when none).
fn lang_of(tag: Option<&str>) -> Result<Lang, ApiError> {
    match tag {
        None => Ok(Lang::En),
        Some(t) => Lang::from_tag(t)
            .ok_or_else(|| ApiError::bad_request("bad_lang", "lang must be zh-CN, zh-TW or en")),
    }
}

fn ucis(pos: &Position) -> Vec<String> {
    pos.legal_moves().iter().map(|m| m.to_uci()).collect()
}

/// A puzzle as the trainer shows it, with its current rating.
pub fn view(p: &Puzzle, cur: Current, lang: Lang) -> PuzzleView {
    let mut pos = p.start.clone();
    let mut sans = Vec::with_capacity(p.line.len());
    for m in &p.line {
        sans.push(pos.san(*m));
        pos.play_unchecked(*m);
    }
    let (goal, mate_in) = match p.goal {
        Goal::Mate(n) => ("mate", Some(u32::from(n))),
        Goal::Win => ("win", None),
        Goal::Draw => ("draw", None),
    };
    PuzzleView {
        id: p.id.0.clone(),
        fen: p.start.fen(),
        before: p.before.fen(),
        mistake: p.mistake.to_uci(),
        mistake_san: p.before.san(p.mistake),
        moves: p.line.iter().map(|m| m.to_uci()).collect(),
        sans,
        themes: p
            .themes
            .iter()
            .map(|t| PuzzleThemeRef {
                code: t.code().to_owned(),
                name: t.name(lang),
            })
            .collect(),
        rating: cur.rating.rating.round() as i32,
        rd: cur.rating.rd.round() as i32,
        plays: cur.plays,
        goal: goal.to_owned(),
        mate_in,
        legal: ucis(&p.start),
    }
}

/// Why a legal move is wrong, worded from the catalogue's `puzzle.why.*`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhyWrong {
    /// A mate puzzle: no mate in time after the opponent's `{move}`.
    NotMate,
    /// A win puzzle: the opponent's `{move}` holds.
    NotWin,
    /// A draw puzzle: the opponent's `{move}` wins.
    NotDraw,
    /// The move stalemates the opponent.
    Stalemate,
    /// No refutation to name.
    Wrong,
}

impl WhyWrong {
    pub const ALL: [WhyWrong; 5] = [
        WhyWrong::NotMate,
        WhyWrong::NotWin,
        WhyWrong::NotDraw,
        WhyWrong::Stalemate,
        WhyWrong::Wrong,
    ];

    /// The catalogue key.
    pub fn key(self) -> String {
        let code = match self {
            WhyWrong::NotMate => "not_mate",
            WhyWrong::NotWin => "not_win",
            WhyWrong::NotDraw => "not_draw",
            WhyWrong::Stalemate => "stalemate",
            WhyWrong::Wrong => "wrong",
        };
        format!("puzzle.why.{code}")
    }

    /// Whether the text names the opponent's answer (`{move}`).
    pub fn names_a_move(self) -> bool {
        matches!(
            self,
            WhyWrong::NotMate | WhyWrong::NotWin | WhyWrong::NotDraw
        )
    }
}

/// The judge's answer on the wire, worded in `lang`.
fn moved(p: &Puzzle, ply: usize, j: &Judged, lang: Lang) -> PuzzleMoved {
    let mut out = PuzzleMoved {
        verdict: String::new(),
        uci: j.played.map(|m| m.to_uci()),
        san: j.played.map(|m| j.at.san(m)),
        reply: None,
        reply_san: None,
        fen: j.next.fen(),
        legal: ucis(&j.next),
        refutation: Vec::new(),
        refutation_san: Vec::new(),
        why: None,
        solution: None,
    };
    match &j.verdict {
        Verdict::Right { reply } => {
            out.verdict = "right".into();
            out.reply = Some(reply.to_uci());
            out.reply_san = j.played.map(|m| j.at.after(m).san(*reply));
        }
        Verdict::Solved => {
            out.verdict = "solved".into();
            out.legal = Vec::new();
        }
        Verdict::Illegal(why) => {
            out.verdict = "illegal".into();
            out.why = Some(why.message(lang));
        }
        Verdict::Wrong { refutation } => {
            out.verdict = "wrong".into();
            let mut pos = j.played.map_or_else(|| j.at.clone(), |m| j.at.after(m));
            let stalemate = pos.is_stalemate();
            for m in refutation {
                out.refutation.push(m.to_uci());
                out.refutation_san.push(pos.san(*m));
                pos.play_unchecked(*m);
            }
            let why = match (stalemate, out.refutation_san.first(), p.goal) {
                (true, _, _) => WhyWrong::Stalemate,
                (false, None, _) => WhyWrong::Wrong,
                (false, Some(_), Goal::Mate(_)) => WhyWrong::NotMate,
                (false, Some(_), Goal::Win) => WhyWrong::NotWin,
                (false, Some(_), Goal::Draw) => WhyWrong::NotDraw,
            };
            let first = out.refutation_san.first().cloned().unwrap_or_default();
            out.why = Some(message(lang, &why.key(), &[("move", &first)]));
            out.solution = Some(
                p.line[ply.min(p.line.len())..]
                    .iter()
                    .map(|m| m.to_uci())
                    .collect(),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::WhyWrong;
    use guoxiang_i18n::{catalogue, Lang};

    #[test]
    fn every_why_has_a_text_in_every_language_and_the_catalogue_no_other_why_key() {
        for lang in Lang::ALL {
            let map = catalogue(lang);
            for why in WhyWrong::ALL {
                let text = map
                    .get(&why.key())
                    .unwrap_or_else(|| panic!("{lang:?} lacks {}", why.key()));
                assert_eq!(
                    text.contains("{move}"),
                    why.names_a_move(),
                    "{lang:?} {}",
                    why.key()
                );
            }
            let keys: Vec<String> = WhyWrong::ALL.iter().map(|w| w.key()).collect();
            let other: Vec<&String> = map
                .keys()
                // (theme names, `puzzle.theme.*`, are guoxiang-puzzles' and checked there)
                .filter(|k| k.starts_with("puzzle.why.") && !keys.contains(k))
                .collect();
            assert!(other.is_empty(), "{lang:?}: {other:?}");
        }
    }
}
