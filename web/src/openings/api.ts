//! The openings pages' calls to the server (contract16.md §4): the ten openings of the
//! trainer with their lines and notes (`GET /api/openings/repertoire`), the explorer's moves
//! and results for a position (`GET /api/explorer`), the opening a position is (`GET
//! /api/openings`), and the rules core's word on a move (`GET /api/explain`: a legal move's SAN
//! and the position after it, or why it is illegal). Errors come as the app's `ApiError`.

import { call, explain as explainMove, type Explained } from "../api";
import type { Color } from "../chess";
import type { Lang } from "../i18n";

/** A text in the three languages of the contract. */
export type Texts = Record<Lang, string>;

/** An opening as the openings API names it. */
export interface NamedOpening {
  eco: string;
  key: string;
  name: Texts;
  plies: number;
}

/** One line of a repertoire: its moves from the initial position, and a note (or null) per ply. */
export interface Line {
  uci: string[];
  san: string[];
  notes: (Texts | null)[];
}

/** One of the ten openings of the trainer. */
export interface Repertoire {
  key: string;
  eco: string;
  name: Texts;
  /** The side a learner trains by default. */
  colour: Color;
  ideas: Texts;
  lines: Line[];
}

/** The counts of one move (or of the position) in the explorer: games and their results. */
export interface Counts {
  games: number;
  white: number;
  draws: number;
  black: number;
}

export interface ExplorerMove extends Counts {
  uci: string;
  san: string;
}

export interface Explored extends Counts {
  fen: string;
  moves: ExplorerMove[];
  opening: NamedOpening | null;
}

export type { Explained };

let cached: Promise<{ openings: Repertoire[] }> | null = null;

/** The ten openings (asked once per page load; a failed answer is asked again next time). */
export function repertoire(): Promise<{ openings: Repertoire[] }> {
  if (!cached) {
    cached = call<{ openings: Repertoire[] }>("GET", "/api/openings/repertoire");
    cached.catch(() => (cached = null));
  }
  return cached;
}

export function explore(fen: string): Promise<Explored> {
  return call("GET", "/api/explorer?" + new URLSearchParams({ fen }).toString());
}

export function openingAt(fen: string): Promise<{ opening: NamedOpening | null }> {
  return call("GET", "/api/openings?" + new URLSearchParams({ fen }).toString());
}

/** The rules core's answer to `uci` in `fen`. */
export function explain(fen: string, uci: string, lang: Lang): Promise<Explained> {
  return explainMove(fen, uci, lang);
}

/** A text in `lang`, else in English, else any (the API may send only one language). */
export function textIn(t: Partial<Texts> | null | undefined, lang: Lang): string {
  if (!t) return "";
  return t[lang] ?? t.en ?? Object.values(t)[0] ?? "";
}
