//! The puzzle trainer's calls to the server (contract17.md "Server API"): the next puzzle near
//! a rating (with the chosen themes, none of the excluded ids), the daily puzzle, one puzzle by
//! id, the themes and the lessons' drills (asked once per language and page load), the judge's
//! answer to a move, and an attempt's rating change. Errors come as the app's `ApiError` (its
//! `code`: `no_puzzle`, `unknown_puzzle`, `rate_limited` …).

import { call } from "../api";
import type { Lang } from "../i18n";
import type { AttemptAnswer, AttemptBody, MoveAnswer, PuzzleView, ThemeList } from "./types";

const q = (params: Record<string, string>): string => "?" + new URLSearchParams(params).toString();

/** What the next puzzle should be: near `rating`, with every one of `themes`. */
export interface Wanted {
  rating: number;
  themes: string[];
  /** Puzzles not to give again (the ones just seen). */
  exclude: string[];
}

export function next(w: Wanted, lang: Lang): Promise<PuzzleView> {
  const params: Record<string, string> = { rating: String(Math.round(w.rating)), lang };
  if (w.themes.length) params.themes = w.themes.join(",");
  if (w.exclude.length) params.exclude = w.exclude.join(",");
  return call("GET", "/api/puzzles/next" + q(params));
}

export const daily = (lang: Lang): Promise<PuzzleView> => call("GET", "/api/puzzles/daily" + q({ lang }));

export const puzzle = (id: string, lang: Lang): Promise<PuzzleView> =>
  call("GET", `/api/puzzles/${encodeURIComponent(id)}` + q({ lang }));

const themeLists: Partial<Record<Lang, Promise<ThemeList>>> = {};

/** The themes (names and descriptions in `lang`) and the lessons' drills; asked once per
 *  language (a failed answer is asked again next time). */
export function themes(lang: Lang): Promise<ThemeList> {
  let p = themeLists[lang];
  if (!p) {
    p = call<ThemeList>("GET", "/api/puzzles/themes" + q({ lang }));
    p.catch(() => delete themeLists[lang]);
    themeLists[lang] = p;
  }
  return p;
}

/** The judge's answer to the solver's move `uci` at index `ply` of the solution (the reasons
 *  worded in `lang`). */
export function move(id: string, ply: number, uci: string, lang: Lang): Promise<MoveAnswer> {
  return call("POST", `/api/puzzles/${encodeURIComponent(id)}/move` + q({ lang }), { ply, uci });
}

/** The result of a first try: the solver's new rating and the puzzle's. */
export function attempt(id: string, body: AttemptBody): Promise<AttemptAnswer> {
  return call("POST", `/api/puzzles/${encodeURIComponent(id)}/attempt`, body);
}
