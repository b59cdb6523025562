//! The trainer's calls to the server (contract15.md §4): the exercises, the tables' status,
//! a start position, the coach's answer to a move, hints, and a probe of a position (the
//! learner's legal moves). Errors come as the app's `ApiError` (its `code`: `tb_not_ready`,
//! `illegal_move`, `unknown_exercise` …).

import { call } from "../api";
import type { Color } from "../chess";

export type Goal = "win" | "draw";
export type Difficulty = "easy" | "medium" | "hard";
export const DIFFICULTIES: Difficulty[] = ["easy", "medium", "hard"];

/** One exercise, as `GET /api/endgames` lists it. */
export interface Exercise {
  key: string;
  class: string;
  goal: Goal;
  learner: Color;
  phases: string[];
  ready: boolean;
}

/** `GET /api/tb/status`: how far the background generation of the tables is. */
export interface TbStatus {
  classes_ready: number;
  classes_total: number;
  generating: boolean;
  current: string | null;
  error: string | null;
}

/** `POST /api/endgames/{key}/start`: the learner is to move in `fen`. */
export interface Started {
  fen: string;
  dtm: number | null;
  optimal_moves: number | null;
  phase: string;
}

export type VerdictKind = "optimal" | "slower" | "drawn" | "lost" | "held";
export type Why = "stalemate" | "hanging" | "fifty" | "other";

/** The coach's judgement of one move. */
export interface Verdict {
  kind: VerdictKind;
  /** slower: by how many moves (not plies). */
  by: number | null;
  why: Why | null;
  /** hanging: the square of the piece left to be taken. */
  square: string | null;
}

export type Learner = "won" | "drew" | "lost";

/** How a game ended. */
export interface Over {
  result: string;
  learner: Learner;
}

/** `POST /api/endgames/{key}/move`. */
export interface Moved {
  san: string;
  fen: string;
  verdict: Verdict;
  best: { uci: string; san: string } | null;
  reply: { uci: string; san: string; fen: string } | null;
  dtm: number | null;
  phase: string | null;
  over: Over | null;
}

/** `GET /api/endgames/{key}/hint`, by level. */
export type Hint =
  | { level: 1; square: string }
  | { level: 2; uci: string; san: string }
  | { level: 3; phase: string };

/** `GET /api/tb/probe`: the position's value and every legal move's. */
export interface Probe {
  fen: string;
  wdl: "win" | "draw" | "loss";
  dtm: number | null;
  moves: { uci: string; san: string; wdl: string; dtm: number | null }[];
}

export const exercises = (): Promise<{ exercises: Exercise[] }> => call("GET", "/api/endgames");
export const tbStatus = (): Promise<TbStatus> => call("GET", "/api/tb/status");
export const probe = (fen: string): Promise<Probe> => call("GET", "/api/tb/probe?" + new URLSearchParams({ fen }).toString());

export function start(key: string, difficulty: Difficulty, seed: number): Promise<Started> {
  return call("POST", `/api/endgames/${encodeURIComponent(key)}/start`, { difficulty, seed });
}

export function move(key: string, fen: string, uci: string): Promise<Moved> {
  return call("POST", `/api/endgames/${encodeURIComponent(key)}/move`, { fen, uci });
}

export function hint(key: string, fen: string, level: 1 | 2 | 3): Promise<Hint> {
  const q = new URLSearchParams({ fen, level: String(level) });
  return call("GET", `/api/endgames/${encodeURIComponent(key)}/hint?` + q.toString());
}
