//! The puzzle API's wire shapes (contract17.md "Server API"), written by hand while the
//! server's generated types (web/src/api/types.gen.ts) do not have them yet. They are all in
//! this one file so that the switch to the generated names is a change here only.

/** What a puzzle asks: mate (in `moves.length / 2 + 1` moves), a won position, or a draw saved. */
export type PuzzleGoal = "mate" | "win" | "draw";

/** A theme as a puzzle names it, in the language asked for. */
export interface ThemeRef {
  code: string;
  name: string;
}

/** `GET /api/puzzles/next`, `/daily`, `/{id}`: one puzzle, ready to solve. */
export interface PuzzleView {
  id: string;
  /** The position with the solver to move (after the mistake). */
  fen: string;
  /** The position before the opponent's mistake. */
  before: string;
  /** The opponent's mistake (UCI), played from `before` to reach `fen`. */
  mistake: string;
  mistake_san: string;
  /** The whole solution: the solver's moves at even indices, the replies between them. */
  moves: string[];
  sans: string[];
  themes: ThemeRef[];
  rating: number;
  plays: number;
  goal: PuzzleGoal;
  /** The legal moves (UCI) at `fen`. */
  legal: string[];
}

/** One theme of the set, with its one-sentence description and how many puzzles have it. */
export interface ThemeInfo {
  code: string;
  name: string;
  description: string;
  count: number;
}

/** A lesson of the course and the themes of its drill. */
export interface Drill {
  lesson: string;
  themes: string[];
}

/** `GET /api/puzzles/themes`. */
export interface ThemeList {
  themes: ThemeInfo[];
  drills: Drill[];
}

export type Verdict = "right" | "solved" | "wrong" | "illegal";

/** `POST /api/puzzles/{id}/move` with `MoveBody`. */
export interface MoveBody {
  /** The move's index in `moves` (even: the solver's). */
  ply: number;
  uci: string;
}

/** The judge's answer to one solver move. */
export interface MoveAnswer {
  verdict: Verdict;
  /** The opponent's reply to a right move (null when solved, wrong or illegal). */
  reply: string | null;
  reply_san?: string | null;
  /** The legal moves after the reply. */
  legal?: string[];
  /** For a wrong move: the opponent's best answer and the line after it. */
  refutation?: string[];
  /** Why, in the language asked for: the rules core's explanation of an illegal move, or why
   *  a legal one is wrong. */
  why?: string | null;
  /** For a wrong move: the solution from this ply. */
  solution?: string[];
}

/** A solver's Glicko-2 rating. */
export interface PlayerRating {
  rating: number;
  rd: number;
  vol: number;
}

/** `POST /api/puzzles/{id}/attempt` with `AttemptBody`. */
export interface AttemptBody {
  solved: boolean;
  player: PlayerRating;
}

export interface AttemptAnswer {
  player: PlayerRating;
  /** The change of the solver's rating, rounded. */
  delta: number;
  puzzle: { rating: number; rd: number; plays: number };
}
