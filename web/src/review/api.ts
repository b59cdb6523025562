//! The review API (contract18 §3, docs/API.md "Review"): `POST /api/reviews` with a PGN or
//! `POST /api/games/{id}/review` for a finished game answer `202 {"id"}`; `GET
//! /api/reviews/{id}` answers the review as it stands (queued, running with its progress,
//! done with every move's evaluation, class and explanation, or failed). Evaluations are from
//! White's point of view; explanations come worded in all three languages.

import { call } from "../api";

export type Eval = { cp: number } | { mate: number };

/** How a move is judged, best to worst (`book` and `forced` are not judged by the loss). */
export type MoveClass = "book" | "forced" | "best" | "excellent" | "good" | "inaccuracy" | "mistake" | "blunder";
export const CLASSES: MoveClass[] = ["book", "forced", "best", "excellent", "good", "inaccuracy", "mistake", "blunder"];
/** The classes a learner is asked to improve on ("learn from your mistakes"). */
export const ERRORS: MoveClass[] = ["inaccuracy", "mistake", "blunder"];

export interface ExplanationView {
  text: { en: string; "zh-CN": string; "zh-TW": string };
  arrows: { from: string; to: string }[];
  squares: string[];
}

export interface MoveView {
  /** 1-based: ply 1 is White's first move (or Black's, when the game starts with Black to move). */
  ply: number;
  san: string;
  uci: string;
  fen_after: string;
  eval_before: Eval;
  eval_after: Eval;
  best: string | null;
  best_san: string | null;
  best_line: string[];
  class: MoveClass;
  explanation: ExplanationView | null;
}

export type Status = "queued" | "running" | "done" | "failed";

export interface ReviewView {
  id: string;
  game_id: string | null;
  status: Status;
  progress: { done: number; total: number };
  white: string | null;
  black: string | null;
  result: string | null;
  start_fen: string;
  accuracy: { white: number; black: number } | null;
  moves: MoveView[];
  error: string | null;
}

export const fromPgn = (pgn: string): Promise<{ id: string }> => call("POST", "/api/reviews", { pgn });
export const ofGame = (id: string): Promise<{ id: string }> => call("POST", `/api/games/${encodeURIComponent(id)}/review`);
export const get = (id: string): Promise<ReviewView> => call("GET", `/api/reviews/${encodeURIComponent(id)}`);
