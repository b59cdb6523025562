//! The trainer's calls to the server (contract15.md §4): the exercises, the tables' status,
//! a start position, the coach's answer to a move, hints, and a probe of a position (the
//! learner's legal moves). Errors come as the app's `ApiError` (its `code`: `tb_not_ready`,
//! `illegal_move`, `unknown_exercise` …).

import { call } from "../api";
import type * as wire from "../api/types.gen";

// The wire types are generated from the server's (crates/server/src/protocol/endgame.rs), so a
// change there shows here as a type error.
export type Goal = wire.ExerciseView["goal"];
export type Difficulty = NonNullable<wire.StartExercise["difficulty"]>;
export const DIFFICULTIES: Difficulty[] = ["easy", "medium", "hard"];

/** One exercise, as `GET /api/endgames` lists it. */
export type Exercise = wire.ExerciseView;
/** `GET /api/tb/status`: how far the background generation of the tables is. */
export type TbStatus = wire.TbStatus;
/** `POST /api/endgames/{key}/start`: the learner is to move in `fen`. */
export type Started = wire.Started;
/** The coach's judgement of one move. */
export type Verdict = wire.VerdictView;
export type Learner = wire.LearnerResult;
/** A stage of an exercise's method. */
export type Phase = wire.Phase;
/** How a game ended. */
export type Over = wire.Over;
/** `POST /api/endgames/{key}/move`. */
export type Moved = wire.Played;
/** `GET /api/endgames/{key}/hint`: level 1 has `square`, 2 `uci` and `san`, 3 `phase`. */
export type Hint = wire.Hint;
/** `GET /api/tb/probe`: the position's value and every legal move's. */
export type Probe = wire.TbProbe;

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
