//! What the browser remembers of the trainer (localStorage, until there are accounts): the
//! best stars won in each exercise, and the difficulty last chosen.

import type { Difficulty } from "./api";

const STARS = "gx.endgames";
const DIFFICULTY = "gx.endgames.difficulty";

/** Best stars (0..3) by exercise key. */
export function bestStars(): Record<string, number> {
  try {
    const raw = JSON.parse(localStorage.getItem(STARS) ?? "{}") as Record<string, unknown>;
    const out: Record<string, number> = {};
    for (const [k, v] of Object.entries(raw)) if (typeof v === "number" && v >= 0 && v <= 3) out[k] = Math.floor(v);
    return out;
  } catch {
    return {};
  }
}

/** Records a result; keeps the best. Returns whether it is a new best. */
export function recordStars(key: string, stars: number): boolean {
  const all = bestStars();
  if (key in all && all[key] >= stars) return false;
  all[key] = stars;
  try {
    localStorage.setItem(STARS, JSON.stringify(all));
  } catch {
    /* private mode or full storage: the result lasts for this page only */
  }
  return true;
}

export function lastDifficulty(): Difficulty {
  const d = localStorage.getItem(DIFFICULTY);
  return d === "easy" || d === "medium" || d === "hard" ? d : "easy";
}

export function saveDifficulty(d: Difficulty): void {
  try {
    localStorage.setItem(DIFFICULTY, d);
  } catch {
    /* as above */
  }
}
