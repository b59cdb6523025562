//! The trainer's memory: spaced repetition per (opening, colour, line), kept in the browser
//! (localStorage `gx.openings.v1`, until there are accounts). Leitner boxes:
//!
//! - a line never played is new, and due at once;
//! - a line played to its end without a mistake moves up one box (at most box 5) and is due
//!   again after the box's interval: box 1 → 1 day, 2 → 3 days, 3 → 7 days, 4 → 16 days,
//!   5 → 35 days;
//! - a line played with one mistake or more goes back to box 0 and is due again in 10
//!   minutes (later in the same sitting).
//!
//! A line is "known" in box 1 or higher (its last run was clean) and "due" when new or past its
//! date. The next line to train is the most overdue line, then the new lines in the
//! repertoire's order, else (nothing due) the line due soonest. A stored value that is not what
//! this module writes is ignored (as if nothing were stored), entry by entry.

import type { Color } from "../chess";
import type { Line } from "./api";

export const STORAGE_KEY = "gx.openings.v1";
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The waiting time after a clean run that put the line in box i (index 0: after a mistake). */
export const INTERVALS_MS = [10 * MINUTE, 1 * DAY, 3 * DAY, 7 * DAY, 16 * DAY, 35 * DAY];
export const TOP_BOX = INTERVALS_MS.length - 1;

/** What is remembered of one line. */
export interface Card {
  box: number;
  /** When it is due again (ms since the epoch). */
  due: number;
  /** How many times it was played to its end. */
  runs: number;
}

type Store = Record<string, Card>;

/** The storage key of a line: the opening, the colour trained, and the line's moves. */
export function cardKey(opening: string, colour: Color, line: Line): string {
  return `${opening}/${colour}/${line.uci.join(" ")}`;
}

function valid(c: unknown): c is Card {
  if (typeof c !== "object" || c === null) return false;
  const x = c as Record<string, unknown>;
  return (
    Number.isInteger(x.box) && (x.box as number) >= 0 && (x.box as number) <= TOP_BOX &&
    typeof x.due === "number" && Number.isFinite(x.due) &&
    Number.isInteger(x.runs) && (x.runs as number) >= 0
  );
}

/** Everything stored (an unreadable value counts as nothing stored). */
export function load(): Store {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}") as unknown;
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return {};
    const cards = (raw as { cards?: unknown }).cards;
    if (typeof cards !== "object" || cards === null || Array.isArray(cards)) return {};
    const out: Store = {};
    for (const [k, v] of Object.entries(cards)) if (valid(v)) out[k] = { box: v.box, due: v.due, runs: v.runs };
    return out;
  } catch {
    return {};
  }
}

function save(store: Store): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ cards: store }));
  } catch {
    /* private mode or full storage: the result lasts for this page only */
  }
}

/** The card after one run to the line's end with `mistakes` mistakes, at time `now`. */
export function review(card: Card | undefined, mistakes: number, now: number): Card {
  const box = mistakes > 0 ? 0 : Math.min((card?.box ?? 0) + 1, TOP_BOX);
  return { box, due: now + INTERVALS_MS[box], runs: (card?.runs ?? 0) + 1 };
}

/** Records a run of a line; returns its new card. */
export function record(opening: string, colour: Color, line: Line, mistakes: number, now = Date.now()): Card {
  const store = load();
  const key = cardKey(opening, colour, line);
  const card = review(store[key], mistakes, now);
  store[key] = card;
  save(store);
  return card;
}

export const isDue = (card: Card | undefined, now: number): boolean => !card || card.due <= now;
export const isKnown = (card: Card | undefined): boolean => !!card && card.box >= 1;

/** The known and due counts of one opening and colour. */
export function tally(opening: string, colour: Color, lines: readonly Line[], now = Date.now(), store = load()) {
  let known = 0;
  let due = 0;
  for (const l of lines) {
    const c = store[cardKey(opening, colour, l)];
    if (isKnown(c)) known++;
    if (isDue(c, now)) due++;
  }
  return { known, due, total: lines.length };
}

/** The line to train next (see the module's notes on the order); `lines` is not empty. */
export function nextLine(opening: string, colour: Color, lines: readonly Line[], now = Date.now(), store = load()): Line {
  const cards = lines.map((l) => store[cardKey(opening, colour, l)]);
  let best = -1;
  for (let i = 0; i < lines.length; i++) {
    const c = cards[i];
    if (c && c.due <= now && (best < 0 || c.due < (cards[best]?.due ?? Infinity))) best = i;
  }
  if (best >= 0) return lines[best];
  const fresh = cards.findIndex((c) => !c);
  if (fresh >= 0) return lines[fresh];
  let soonest = 0;
  for (let i = 1; i < lines.length; i++) if ((cards[i]?.due ?? 0) < (cards[soonest]?.due ?? 0)) soonest = i;
  return lines[soonest];
}
