//! The wire types of the lessons (`/api/lessons*`, docs/API.md "Lessons"): the
//! course as the loader read it, one judged move, a hint. Texts carry the three
//! languages, or only the asked one (`lang`).

use guoxiang_i18n::Lang;
use guoxiang_lessons::{Choice, Course, Lesson, Stage, Step, Texts};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A learner text: every language, or only the one asked for.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct LessonTexts {
    #[serde(rename = "zh-CN", default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub zh_cn: Option<String>,
    #[serde(rename = "zh-TW", default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub zh_tw: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub en: Option<String>,
}

impl LessonTexts {
    /// `t` in every language (`lang` = `None`) or in one.
    pub fn of(t: &Texts, lang: Option<Lang>) -> LessonTexts {
        let pick = |l: Lang| (lang.is_none() || lang == Some(l)).then(|| t.get(l).to_owned());
        LessonTexts {
            zh_cn: pick(Lang::ZhCn),
            zh_tw: pick(Lang::ZhTw),
            en: pick(Lang::En),
        }
    }
}

/// One stage of the course map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct LessonStage {
    pub key: String,
    pub title: LessonTexts,
}

/// One choice of a quiz.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct LessonChoice {
    pub text: LessonTexts,
    pub correct: bool,
    pub why: LessonTexts,
}

/// One step (docs/LESSONS.md); lists are empty, never missing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct LessonStep {
    #[ts(
        type = "\"read\" | \"quiz\" | \"reach\" | \"capture_all\" | \"check\" | \"mate\" | \"stalemate\" | \"escape\" | \"castle\" | \"en_passant\" | \"promote\" | \"defend\" | \"line\" | \"perpetual\""
    )]
    pub goal: String,
    pub fen: Option<String>,
    pub text: LessonTexts,
    pub arrows: Vec<String>,
    pub highlights: Vec<String>,
    pub targets: Vec<String>,
    pub par: Option<u32>,
    pub mate_in: Option<u32>,
    pub checks: Option<u32>,
    #[ts(type = "\"run\" | \"block\" | \"capture\" | null")]
    pub way: Option<String>,
    #[ts(type = "\"short\" | \"long\" | null")]
    pub side: Option<String>,
    #[ts(type = "\"q\" | \"r\" | \"b\" | \"n\" | null")]
    pub piece: Option<String>,
    /// Lines of UCI moves (who plays which: docs/LESSONS.md).
    pub solutions: Vec<Vec<String>>,
    pub choices: Vec<LessonChoice>,
    pub success: Option<LessonTexts>,
    pub hint: Option<LessonTexts>,
}

/// One lesson with its steps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct LessonView {
    pub id: String,
    pub order: u32,
    pub stage: String,
    pub title: LessonTexts,
    pub summary: LessonTexts,
    pub links: Vec<String>,
    pub steps: Vec<LessonStep>,
}

/// `GET /api/lessons`: the course in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct LessonList {
    pub stages: Vec<LessonStage>,
    pub lessons: Vec<LessonView>,
}

/// `POST /api/lessons/{id}/steps/{n}/move`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct LessonMove {
    /// The learner's moves already accepted in this step (UCI); the server replays them.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The move to judge (UCI).
    pub uci: String,
    /// The language of `why.text` (English when absent).
    #[serde(default)]
    #[ts(optional, type = "\"zh-CN\" | \"zh-TW\" | \"en\"")]
    pub lang: Option<String>,
}

/// A move with its notations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct LessonMoveRef {
    pub uci: String,
    pub san: String,
}

/// Why a move is wrong or illegal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct LessonWhy {
    /// `illegal`, `lesson`, `stalemate`, `not_check`, … (docs/LESSONS.md).
    pub code: String,
    pub square: Option<String>,
    #[serde(rename = "move")]
    pub mv: Option<LessonMoveRef>,
    #[ts(type = "\"run\" | \"block\" | \"capture\" | null")]
    pub way: Option<String>,
    /// The reason in the asked language.
    pub text: String,
}

/// The answer to [`LessonMove`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct LessonMoved {
    #[ts(type = "\"continue\" | \"done\" | \"wrong\" | \"illegal\"")]
    pub result: String,
    /// `null` when illegal.
    pub san: Option<String>,
    /// The position right after the learner's move (`null` when illegal).
    pub after: Option<String>,
    /// The opponent's answer, when it moves.
    pub reply: Option<LessonMoveRef>,
    /// Where the learner moves next (unchanged after a wrong or illegal move).
    pub fen: String,
    /// The accepted learner moves now: send them with the next move.
    pub moves: Vec<String>,
    /// `reach`: the targets reached so far.
    pub collected: Vec<String>,
    pub why: Option<LessonWhy>,
}

/// `GET /api/lessons/{id}/steps/{n}/hint?moves=…`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct LessonHint {
    pub uci: String,
    pub from: String,
    pub to: String,
}

impl LessonList {
    /// The whole course.
    pub fn of(course: &Course, lang: Option<Lang>) -> LessonList {
        LessonList {
            stages: course.stages.iter().map(|s| stage(s, lang)).collect(),
            lessons: course
                .lessons
                .iter()
                .map(|l| LessonView::of(l, lang))
                .collect(),
        }
    }
}

fn stage(s: &Stage, lang: Option<Lang>) -> LessonStage {
    LessonStage {
        key: s.key.clone(),
        title: LessonTexts::of(&s.title, lang),
    }
}

impl LessonView {
    /// One lesson.
    pub fn of(l: &Lesson, lang: Option<Lang>) -> LessonView {
        LessonView {
            id: l.id.clone(),
            order: l.order,
            stage: l.stage.clone(),
            title: LessonTexts::of(&l.title, lang),
            summary: LessonTexts::of(&l.summary, lang),
            links: l.links.clone(),
            steps: l.steps.iter().map(|s| LessonStep::of(s, lang)).collect(),
        }
    }
}

impl LessonStep {
    /// One step.
    pub fn of(s: &Step, lang: Option<Lang>) -> LessonStep {
        let texts = |t: &Texts| LessonTexts::of(t, lang);
        LessonStep {
            goal: s.goal.code().to_owned(),
            fen: s.fen.clone(),
            text: texts(&s.text),
            arrows: s.arrows.clone(),
            highlights: s.highlights.clone(),
            targets: s.targets.clone(),
            par: s.par,
            mate_in: s.mate_in,
            checks: s.checks,
            way: s.way.map(|w| w.code().to_owned()),
            side: s.side.map(|w| w.code().to_owned()),
            piece: s.piece.map(|w| w.code().to_owned()),
            solutions: s.solutions.clone(),
            choices: s
                .choices
                .iter()
                .map(|c: &Choice| LessonChoice {
                    text: texts(&c.text),
                    correct: c.correct,
                    why: texts(&c.why),
                })
                .collect(),
            success: s.success.as_ref().map(texts),
            hint: s.hint.as_ref().map(texts),
        }
    }
}
