//! What the browser remembers of the course (localStorage `gx.lessons.v1`, until there are
//! accounts): per lesson, the best stars won, whether it was finished, and the step the learner
//! reached. A value that is not ours (corrupt JSON, wrong shapes) is ignored, never fatal; the
//! stars a finished lesson earns follow contract16.md §5.

const KEY = "gx.lessons.v1";

export interface LessonProgress {
  /** Best stars won, 1..3 (0: not finished yet). */
  stars: number;
  done: boolean;
  /** The step (0-based) to open at when the lesson is not finished. */
  step: number;
}

export type Progress = Record<string, LessonProgress>;

/** Reads the progress; anything unreadable counts as no progress. */
export function loadProgress(): Progress {
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(KEY) ?? "{}");
  } catch {
    return {};
  }
  const out: Progress = {};
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return out;
  for (const [id, v] of Object.entries(raw as Record<string, unknown>)) {
    if (!v || typeof v !== "object") continue;
    const { stars, done, step } = v as Record<string, unknown>;
    const s = typeof stars === "number" && stars >= 1 && stars <= 3 ? Math.floor(stars) : 0;
    const d = done === true && s > 0;
    const n = typeof step === "number" && step >= 0 && Number.isFinite(step) ? Math.floor(step) : 0;
    out[id] = { stars: s, done: d, step: n };
  }
  return out;
}

/** Written as contract16.md §5 has it: `stars` only once a lesson is done (1..3). */
function save(all: Progress): void {
  const out: Record<string, { stars?: number; done: boolean; step: number }> = {};
  for (const [id, p] of Object.entries(all)) out[id] = p.done ? p : { done: false, step: p.step };
  try {
    localStorage.setItem(KEY, JSON.stringify(out));
  } catch {
    /* private mode or full storage: the progress lasts for this page only */
  }
}

/** The learner reached step `step` of a lesson not finished yet. */
export function recordStep(id: string, step: number): void {
  const all = loadProgress();
  const p = all[id] ?? { stars: 0, done: false, step: 0 };
  all[id] = { ...p, step: p.done ? 0 : step };
  save(all);
}

/** A finished lesson: keeps the best stars; the next visit starts from the first step. */
export function recordDone(id: string, stars: number): void {
  const all = loadProgress();
  const best = Math.max(all[id]?.stars ?? 0, stars);
  all[id] = { stars: best, done: true, step: 0 };
  save(all);
}

/** Stars for a finished lesson: 3 with no wrong or illegal move and no hint, 2 with at most
 *  two of them (moves over par in reach and capture-all count as mistakes), 1 otherwise. */
export function starsFor(slips: number): 1 | 2 | 3 {
  if (slips <= 0) return 3;
  return slips <= 2 ? 2 : 1;
}
