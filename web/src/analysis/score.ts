//! Evaluations as the analysis board shows them: the engine's score (from the side to move)
//! turned to White's point of view, written as pawns ("+1.3", "−0.4") or a mate ("#3",
//! "#−2"), the eval bar's share for White, and a win/draw/loss estimate in percent.

import type { Color } from "../chess";
import type { EngineScore } from "../engine/client";

/** A score from White's point of view. */
export type WhiteScore = { cp: number } | { mate: number };

/** The engine's score (side to move) from White's side. */
export function fromWhite(score: EngineScore, turn: Color): WhiteScore {
  const sign = turn === "white" ? 1 : -1;
  return "mate" in score ? { mate: sign * score.mate } : { cp: sign * score.cp };
}

/** "+1.3", "−0.4", "0.0", "#3" (White mates in 3), "#−2" (Black mates in 2). */
export function scoreText(s: WhiteScore): string {
  if ("mate" in s) return s.mate >= 0 ? `#${s.mate}` : `#−${-s.mate}`;
  const pawns = (s.cp / 100).toFixed(1);
  if (pawns === "0.0" || pawns === "-0.0") return "0.0";
  return s.cp > 0 ? "+" + pawns : "−" + pawns.slice(1);
}

/** The expected score for White (0..1): the logistic curve of the review (guoxiang-review's
 *  W(cp)), a mate being 1 or 0. */
export function whiteShare(s: WhiteScore): number {
  if ("mate" in s) return s.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-0.00368208 * s.cp));
}

/** Win, draw and loss for White in percent (summing to 100): a simple model around the same
 *  curve — a win needs about two pawns more than an even game, a loss two pawns less, and
 *  what is left is the draw. Mates are 100/0/0. */
export function wdl(s: WhiteScore): { win: number; draw: number; loss: number } {
  if ("mate" in s) return s.mate > 0 ? { win: 100, draw: 0, loss: 0 } : { win: 0, draw: 0, loss: 100 };
  const k = 0.00368208 * 1.5;
  const win = 1 / (1 + Math.exp(-k * (s.cp - 200)));
  const loss = 1 / (1 + Math.exp(-k * (-s.cp - 200)));
  const w = Math.round(win * 100);
  const l = Math.round(loss * 100);
  return { win: w, draw: 100 - w - l, loss: l };
}

/** Nodes per second as people read them: "850 k", "1.2 M". */
export function speedText(nps: number): string {
  if (nps >= 1e6) return (nps / 1e6).toFixed(1) + " M";
  if (nps >= 1e3) return Math.round(nps / 1e3) + " k";
  return String(Math.round(nps));
}
