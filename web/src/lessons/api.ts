//! The lessons' calls to the server (contract16.md §3): the course (stages and lessons, in
//! the page's language), one lesson, the judge's answer to a move in a task step, and a hint.
//! The shapes are the server's generated wire types; errors come as the app's `ApiError` (its
//! `code`: `unknown_lesson`, `bad_history`, `step_done` …).

import { call } from "../api";
import type { Lang } from "../i18n";
import type * as wire from "../api/types.gen";

// The wire types are generated from the server's (crates/server/src/protocol/lesson.rs), so a
// change there shows here as a type error.

/** Learner text: with `lang` in the query the server sends only that language's key. */
export type Texts = wire.LessonTexts;
export type Step = wire.LessonStep;
export type Goal = Step["goal"];
export type Choice = wire.LessonChoice;
export type Lesson = wire.LessonView;
export type Stage = wire.LessonStage;
export type Course = wire.LessonList;
export type SanMove = wire.LessonMoveRef;
/** Why a move does not do what the step asks (`code` as in contract16.md §1). */
export type Why = wire.LessonWhy;
/** The judge's answer to one learner move: `after` is the position right after it (null when
 *  illegal), `fen` where the learner moves next, `moves` the accepted moves to send next time. */
export type Judged = wire.LessonMoved;
export type Result = Judged["result"];
export type Hint = wire.LessonHint;

/** True tasks are played on the board; read and quiz steps are not. */
export function isTask(goal: Goal): boolean {
  return goal !== "read" && goal !== "quiz";
}

/** A lesson text in the page's language (the server sent that key), else any that came. */
export function say(texts: Texts | null | undefined, lang: Lang): string {
  if (!texts) return "";
  return texts[lang] ?? texts.en ?? texts["zh-CN"] ?? "";
}

export const course = (lang: Lang): Promise<Course> => call("GET", "/api/lessons?" + new URLSearchParams({ lang }).toString());

export const lesson = (id: string, lang: Lang): Promise<Lesson> =>
  call("GET", `/api/lessons/${encodeURIComponent(id)}?` + new URLSearchParams({ lang }).toString());

export function move(id: string, step: number, moves: string[], uci: string, lang: Lang): Promise<Judged> {
  return call("POST", `/api/lessons/${encodeURIComponent(id)}/steps/${step}/move`, { moves, uci, lang });
}

export function hint(id: string, step: number, moves: string[]): Promise<Hint> {
  const q = new URLSearchParams({ moves: moves.join(",") });
  return call("GET", `/api/lessons/${encodeURIComponent(id)}/steps/${step}/hint?` + q.toString());
}
