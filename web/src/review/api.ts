//! The review API (contract18 §3, docs/API.md "Review"): `POST /api/reviews` with a PGN or
//! `POST /api/games/{id}/review` for a finished game answer `202 {"id"}`; `GET
//! /api/reviews/{id}` answers the review as it stands (queued, running with its progress,
//! done with every move's evaluation, class and explanation, or failed). Evaluations are from
//! White's point of view; explanations come worded in all three languages.

import { call } from "../api";
import type * as wire from "../api/types.gen";

// The wire types are generated from the server's (crates/server/src/protocol/review.rs), so a
// change there shows here as a type error.
export type Eval = wire.ReviewEval;
/** How a move is judged (`book` and `forced` are not judged by the loss). */
export type MoveClass = wire.ReviewClass;
export const CLASSES: MoveClass[] = ["book", "forced", "best", "excellent", "good", "inaccuracy", "mistake", "blunder"];
/** The classes a learner is asked to improve on ("learn from your mistakes"). */
export const ERRORS: MoveClass[] = ["inaccuracy", "mistake", "blunder"];
export type ExplanationView = wire.ReviewExplanation;
/** One move reviewed; `ply` 1 is the game's first move. */
export type MoveView = wire.ReviewMove;
export type Status = wire.ReviewStatus;
export type ReviewView = wire.ReviewView;

export const fromPgn = (pgn: string): Promise<wire.ReviewCreated> => call("POST", "/api/reviews", { pgn });
export const ofGame = (id: string): Promise<wire.ReviewCreated> => call("POST", `/api/games/${encodeURIComponent(id)}/review`);
export const get = (id: string): Promise<ReviewView> => call("GET", `/api/reviews/${encodeURIComponent(id)}`);
