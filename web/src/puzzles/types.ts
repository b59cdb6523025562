//! The puzzle API's wire shapes under the trainer's names: the types are generated from
//! the server's Rust types (crates/server/src/protocol/puzzle.rs) into
//! ../api/types.gen.ts; this file only names them.

import type * as wire from "../api/types.gen";

/** What a puzzle asks: mate, a won position, or a draw saved. */
export type PuzzleGoal = wire.PuzzleView["goal"];
/** A theme as a puzzle names it, in the language asked for. */
export type ThemeRef = wire.PuzzleThemeRef;
/** `GET /api/puzzles/next`, `/daily`, `/{id}`: one puzzle, ready to solve. */
export type PuzzleView = wire.PuzzleView;
/** One theme of the set, with its description and how many puzzles have it. */
export type ThemeInfo = wire.PuzzleThemeInfo;
/** A lesson of the course and the themes of its drill. */
export type Drill = wire.PuzzleDrill;
/** `GET /api/puzzles/themes`. */
export type ThemeList = wire.PuzzleThemes;
/** The judge's verdict on one solver move. */
export type Verdict = wire.PuzzleMoved["verdict"];
/** `POST /api/puzzles/{id}/move`. */
export type MoveBody = wire.PuzzleMove;
/** The judge's answer to one solver move. */
export type MoveAnswer = wire.PuzzleMoved;
/** A solver's Glicko-2 rating. */
export type PlayerRating = wire.PlayerRating;
/** `POST /api/puzzles/{id}/attempt`. */
export type AttemptBody = wire.PuzzleAttempt;
/** Its answer: both ratings after the attempt. */
export type AttemptAnswer = wire.PuzzleAttempted;
