//! `/api/lessons*`: the course (all languages or one), one judged learner move
//! and hints. The server keeps no lesson state: each move request carries the
//! moves already accepted in the step, and [`guoxiang_lessons::judge`] replays
//! them. Why a move is wrong is worded here, from the catalogue
//! (`lesson.why.*`), the lesson's own text, or the core's explanation of an
//! illegal move (as `/api/explain` words it).

use super::error::ApiError;
use super::tb::blocking;
use super::{body_of, parse_json, Q};
use crate::protocol::lesson::{
    LessonHint, LessonList, LessonMove, LessonMoveRef, LessonMoved, LessonView, LessonWhy,
};
use crate::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;
use guoxiang_i18n::{message, Lang, Localize};
use guoxiang_lessons::{Course, JudgeError, Judged, Played, Step, Why, WhyCode};
use std::sync::Arc;

/// `GET /api/lessons[?lang=]`
pub async fn list(
    State(app): State<Arc<AppState>>,
    Query(q): Q,
) -> Result<Json<LessonList>, ApiError> {
    let lang = lang_of(q.get("lang").map(String::as_str))?;
    Ok(Json(LessonList::of(app.config.lessons, lang)))
}

/// `GET /api/lessons/{id}[?lang=]`
pub async fn get_lesson(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    Query(q): Q,
) -> Result<Json<LessonView>, ApiError> {
    let lesson = app
        .config
        .lessons
        .lesson(&id)
        .ok_or_else(|| unknown_lesson(&id))?;
    let lang = lang_of(q.get("lang").map(String::as_str))?;
    Ok(Json(LessonView::of(lesson, lang)))
}

/// `POST /api/lessons/{id}/steps/{n}/move`
pub async fn play_move(
    State(app): State<Arc<AppState>>,
    Path((id, n)): Path<(String, String)>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<LessonMoved>, ApiError> {
    let course: &'static Course = app.config.lessons;
    let step = task(course, &id, &n)?;
    let req: LessonMove = parse_json(&body_of(body)?)?;
    let lang = lang_of(req.lang.as_deref())?.unwrap_or(Lang::En);
    blocking(move || {
        let judged = guoxiang_lessons::judge(step, &req.moves, &req.uci).map_err(ApiError::from)?;
        Ok(moved(&judged, lang))
    })
    .await
    .map(Json)
}

/// `GET /api/lessons/{id}/steps/{n}/hint?moves=a1a8,a8h8`
pub async fn hint(
    State(app): State<Arc<AppState>>,
    Path((id, n)): Path<(String, String)>,
    Query(q): Q,
) -> Result<Json<LessonHint>, ApiError> {
    let course: &'static Course = app.config.lessons;
    let step = task(course, &id, &n)?;
    let moves: Vec<String> = q
        .get("moves")
        .map(|m| {
            m.split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect()
        })
        .unwrap_or_default();
    blocking(move || {
        let m = guoxiang_lessons::hint(step, &moves)
            .map_err(ApiError::from)?
            .ok_or_else(|| {
                ApiError::conflict("no_hint", "no move keeps this step's goal reachable")
            })?;
        Ok(LessonHint {
            uci: m.to_uci(),
            from: m.from().to_string(),
            to: if m.is_castle() { m.king_to() } else { m.to() }.to_string(),
        })
    })
    .await
    .map(Json)
}

/// The task step `n` (0-based) of lesson `id`.
fn task<'a>(course: &'a Course, id: &str, n: &str) -> Result<&'a Step, ApiError> {
    let lesson = course.lesson(id).ok_or_else(|| unknown_lesson(id))?;
    let step = n
        .parse::<usize>()
        .ok()
        .and_then(|i| lesson.steps.get(i))
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "unknown_step",
                format!(
                    "lesson {id} has steps 0 to {}, not {:?}",
                    lesson.steps.len().saturating_sub(1),
                    n.chars().take(16).collect::<String>()
                ),
            )
        })?;
    if !step.goal.is_task() {
        return Err(ApiError::bad_request(
            "not_a_task",
            format!(
                "step {n} is a {} step, not a task on the board",
                step.goal.code()
            ),
        ));
    }
    Ok(step)
}

fn unknown_lesson(id: &str) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "unknown_lesson",
        format!("no lesson {:?}", id.chars().take(32).collect::<String>()),
    )
}

/// The language asked for, if any: `zh-CN`, `zh-TW` or `en`.
fn lang_of(tag: Option<&str>) -> Result<Option<Lang>, ApiError> {
    tag.map(|t| {
        Lang::from_tag(t)
            .ok_or_else(|| ApiError::bad_request("bad_lang", "lang must be zh-CN, zh-TW or en"))
    })
    .transpose()
}

fn move_ref(p: &Played) -> LessonMoveRef {
    LessonMoveRef {
        uci: p.uci.clone(),
        san: p.san.clone(),
    }
}

/// The judge's answer on the wire, worded in `lang`.
fn moved(j: &Judged, lang: Lang) -> LessonMoved {
    LessonMoved {
        result: j.verdict.code().to_owned(),
        san: j.played.as_ref().map(|p| p.san.clone()),
        after: j.after.as_ref().map(|p| p.fen()),
        reply: j.reply.as_ref().map(move_ref),
        fen: j.next.fen(),
        moves: j.accepted.clone(),
        collected: j.collected.iter().map(|s| s.to_string()).collect(),
        why: j.why.as_ref().map(|w| LessonWhy {
            code: w.code.code().to_owned(),
            square: w.square.map(|s| s.to_string()),
            mv: w.mv.as_ref().map(move_ref),
            way: w.way.map(|w| w.code().to_owned()),
            text: why_text(w, lang),
        }),
    }
}

/// Why a move is wrong, in words for a learner.
pub fn why_text(w: &Why, lang: Lang) -> String {
    match (w.code, &w.illegal, &w.text) {
        (WhyCode::Illegal, Some(reason), _) => reason.message(lang),
        (WhyCode::Lesson, _, Some(text)) => text.get(lang).to_owned(),
        (code, _, _) => {
            let square = w.square.map(|s| s.to_string()).unwrap_or_default();
            let mv = w.mv.as_ref().map(|m| m.san.clone()).unwrap_or_default();
            let way = w
                .way
                .map(|way| message(lang, &format!("lesson.why.way.{}", way.code()), &[]))
                .unwrap_or_default();
            message(
                lang,
                &format!("lesson.why.{}", code.code()),
                &[("square", &square), ("move", &mv), ("way", &way)],
            )
        }
    }
}

impl From<JudgeError> for ApiError {
    fn from(e: JudgeError) -> ApiError {
        let msg = e.to_string();
        match e {
            JudgeError::NotATask(_) => ApiError::bad_request("not_a_task", msg),
            JudgeError::BadMove(_) => ApiError::bad_request("bad_move", msg),
            JudgeError::BadHistory { .. } => ApiError::bad_request("bad_history", msg),
            JudgeError::StepDone => ApiError::bad_request("step_done", msg),
            JudgeError::BadStep(_) => {
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", msg)
            }
        }
    }
}
