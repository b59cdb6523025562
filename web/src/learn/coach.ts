//! The coach's arithmetic and words, free of the page: the moves left before the 50-move rule
//! (from the FEN's halfmove clock), the stars a result earns, and the sentences for a verdict,
//! a hint and the end of a game, through the catalogue (`ui.eg.*`).

import type { Goal, Learner, Moved, Over, Verdict } from "./api";

type T = (key: string, args?: Record<string, string | number>) => string;

/** Moves left before the 50-move rule: 100 plies without a capture or a pawn move end the
 *  game; the FEN's fifth field counts the plies so far. A missing field counts as 0. */
export function fiftyLeft(fen: string): number {
  const clock = Number(fen.split(" ")[4] ?? "0");
  const plies = Number.isFinite(clock) && clock >= 0 ? clock : 0;
  return Math.max(0, Math.ceil((100 - plies) / 2));
}

/** Whose move it is in a FEN. */
export function turnOf(fen: string): "white" | "black" {
  return fen.split(" ")[1] === "b" ? "black" : "white";
}

/** Stars for a finished exercise. Win: 3 for the optimal number of moves (or fewer: a
 *  mistake of the defence), 2 within 1.5 times the optimum, 1 for a win at all. Hold: 3 for
 *  the draw held (to the 50-move rule or to a dead draw). Anything else: 0. */
export function starsFor(goal: Goal, learner: Learner, used: number, optimal: number | null): number {
  if (goal === "draw") return learner === "lost" ? 0 : 3;
  if (learner !== "won") return 0;
  if (optimal === null || optimal <= 0) return 1;
  if (used <= optimal) return 3;
  if (used <= optimal * 1.5) return 2;
  return 1;
}

/** ★★☆ for 2 of 3. */
export function starText(n: number): string {
  return "★".repeat(n) + "☆".repeat(3 - n);
}

/** The coach's line for a verdict (with the best move when the move was not the best). */
export function verdictText(t: T, v: Verdict, best: Moved["best"]): string {
  const b = best?.san ?? "—";
  switch (v.kind) {
    case "slower":
      return t("ui.eg.verdict.slower", { by: v.by ?? 1, best: b });
    case "drawn":
      return t("ui.eg.verdict.drawn", { best: b });
    case "lost":
      return t("ui.eg.verdict.lost", { best: b });
    default:
      return t("ui.eg.verdict." + v.kind);
  }
}

/** Why the win (or, in a hold exercise, the draw) is gone, when the coach knows. */
export function whyText(t: T, goal: Goal, v: Verdict): string | null {
  if (!v.why) return null;
  const why = goal === "draw" && v.why === "other" ? "other_hold" : v.why;
  return t("ui.eg.why." + why, { square: v.square ?? "" });
}

const RESULTS = ["mate", "stalemate", "fifty", "insufficient"];

/** How the game ended, then what it means for the learner. */
export function overText(t: T, goal: Goal, over: Over, used: number, optimal: number | null): [string, string] {
  const how = t("ui.eg.over." + (RESULTS.includes(over.result) ? over.result : "other"));
  let what: string;
  if (over.learner === "won") what = t("ui.eg.result.won", { moves: used, optimal: optimal ?? "—" });
  else if (over.learner === "drew") what = t(goal === "draw" ? "ui.eg.result.held" : "ui.eg.result.drew");
  else what = t("ui.eg.result.lost");
  return [how, what];
}

/** Moves to mate from a DTM in plies, for the side that mates (odd plies) or is mated. */
export function movesOf(dtm: number): number {
  return Math.ceil(dtm / 2);
}
