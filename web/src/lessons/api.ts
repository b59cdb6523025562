//! The lessons' calls to the server (contract16.md §3): the course (stages and lessons, in
//! the page's language), one lesson, the judge's answer to a move in a task step, and a hint.
//! The shapes are written here from the contract; errors come as the app's `ApiError` (its
//! `code`: `unknown_lesson`, `bad_history`, `step_done` …).

import { call } from "../api";
import type { Lang } from "../i18n";

/** Learner text: with `lang` in the query the server sends only that language's key. */
export type Texts = Partial<Record<Lang, string>>;

export type Goal =
  | "read" | "quiz" | "reach" | "capture_all" | "check" | "mate" | "stalemate" | "escape"
  | "castle" | "en_passant" | "promote" | "defend" | "line" | "perpetual";

export interface Choice {
  text: Texts;
  correct: boolean;
  why: Texts;
}

export interface Step {
  goal: Goal;
  fen: string | null;
  text: Texts;
  arrows: string[];
  highlights: string[];
  targets: string[];
  par: number | null;
  mate_in: number | null;
  checks: number | null;
  way: "run" | "block" | "capture" | null;
  side: "short" | "long" | null;
  piece: "q" | "r" | "b" | "n" | null;
  solutions: string[][];
  choices: Choice[];
  success: Texts | null;
  hint: Texts | null;
}

export interface Lesson {
  id: string;
  order: number;
  stage: string;
  title: Texts;
  summary: Texts;
  links: string[];
  steps: Step[];
}

export interface Stage {
  key: string;
  title: Texts;
}

export interface Course {
  stages: Stage[];
  lessons: Lesson[];
}

export interface SanMove {
  uci: string;
  san: string;
}

/** Why a move does not do what the step asks (`code` as in contract16.md §1). */
export interface Why {
  code: string;
  square: string | null;
  move: SanMove | null;
  way: string | null;
  text: string;
}

export type Result = "continue" | "done" | "wrong" | "illegal";

/** The judge's answer to one learner move. */
export interface Judged {
  result: Result;
  san: string | null;
  /** The position right after the learner's move (null when illegal). */
  after: string | null;
  reply: SanMove | null;
  /** Where the learner moves next (unchanged after a wrong or illegal move). */
  fen: string;
  /** The learner's accepted moves in this step, to send with the next move. */
  moves: string[];
  collected: string[];
  why: Why | null;
}

export interface Hint {
  uci: string;
  from: string;
  to: string;
}

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
