//! What the trainer remembers in the browser until there are accounts (localStorage
//! `gx.puzzles.v1`): the solver's Glicko-2 rating `{rating, rd, vol}` (a new solver starts at
//! 1500 / 350 / 0.06, as the server's default), the history of first tries (newest last, at
//! most [`HISTORY_MAX`]: which puzzle, solved or not, the rating change and the rating after
//! it, when), and the chosen difficulty. Only the first try of a puzzle counts: a puzzle in the
//! history is not rated again. A stored value that is not what this module writes is ignored
//! (as if nothing were stored), field by field.

import type { PlayerRating } from "./types";

export const STORAGE_KEY = "gx.puzzles.v1";
export const HISTORY_MAX = 500;
export const NEW_SOLVER: PlayerRating = { rating: 1500, rd: 350, vol: 0.06 };

/** Easier, as rated, or harder: the puzzles asked for are this far from the solver's rating. */
export type Difficulty = "easier" | "normal" | "harder";
export const DIFFICULTIES: Difficulty[] = ["easier", "normal", "harder"];
export const DIFFICULTY_OFFSET: Record<Difficulty, number> = { easier: -300, normal: 0, harder: 300 };

/** One first try. */
export interface Tried {
  id: string;
  solved: boolean;
  /** The rating change it brought. */
  delta: number;
  /** The solver's rating after it. */
  rating: number;
  /** When (ms since the epoch). */
  at: number;
}

export interface PuzzleStore extends PlayerRating {
  history: Tried[];
  difficulty: Difficulty;
}

const finite = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);

function validTried(x: unknown): x is Tried {
  if (typeof x !== "object" || x === null) return false;
  const t = x as Record<string, unknown>;
  return typeof t.id === "string" && typeof t.solved === "boolean" && finite(t.delta) && finite(t.rating) && finite(t.at);
}

/** The stored state (a new solver's where nothing valid is stored). */
export function load(): PuzzleStore {
  const out: PuzzleStore = { ...NEW_SOLVER, history: [], difficulty: "normal" };
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null");
  } catch {
    return out;
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return out;
  const r = raw as Record<string, unknown>;
  // The rating counts only whole: a rating without its deviation and volatility is not one.
  if (finite(r.rating) && finite(r.rd) && finite(r.vol) && r.rd > 0 && r.vol > 0) {
    out.rating = r.rating;
    out.rd = r.rd;
    out.vol = r.vol;
  }
  if (Array.isArray(r.history)) out.history = r.history.filter(validTried).slice(-HISTORY_MAX);
  if (typeof r.difficulty === "string" && (DIFFICULTIES as string[]).includes(r.difficulty)) out.difficulty = r.difficulty as Difficulty;
  return out;
}

function save(s: PuzzleStore): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(s));
  } catch {
    /* private mode or full storage: kept for this page only */
  }
}

/** The solver's rating now. */
export function player(): PlayerRating {
  const { rating, rd, vol } = load();
  return { rating, rd, vol };
}

/** Whether `id` was tried before (its first try is in the history). */
export function tried(id: string): boolean {
  return load().history.some((h) => h.id === id);
}

/** Keeps a first try and the rating it brought; a second try of the same puzzle changes nothing. */
export function record(id: string, solved: boolean, after: PlayerRating, delta: number, now: number = Date.now()): PuzzleStore {
  const s = load();
  if (s.history.some((h) => h.id === id)) return s;
  s.rating = after.rating;
  s.rd = after.rd;
  s.vol = after.vol;
  s.history = [...s.history, { id, solved, delta, rating: after.rating, at: now }].slice(-HISTORY_MAX);
  save(s);
  return s;
}

export function setDifficulty(d: Difficulty): void {
  const s = load();
  s.difficulty = d;
  save(s);
}

/** The puzzles seen last (newest first), not to be given again soon. */
export function recent(n: number): string[] {
  return load()
    .history.slice(-n)
    .reverse()
    .map((h) => h.id);
}

/** The rating the next puzzle is asked near. */
export function target(s: PuzzleStore): number {
  return s.rating + DIFFICULTY_OFFSET[s.difficulty];
}
