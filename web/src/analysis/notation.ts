//! Moves written for the reader of the analysis board: move numbers ("12." before White's
//! move, "12…" before Black's when a line starts with it) and SAN in the reader's notation
//! setting (letters, figurines or Chinese piece names, traditional characters for zh-TW).

import { displaySan } from "../chess";
import type { Host } from "../learn/host";
import type { Pos } from "./rules";

/** The number to put before the move about to be played in `pos`: always for White, for
 *  Black only when `first` (a line or variation starts there). */
export function moveNumberText(pos: Pos, first: boolean): string {
  if (pos.turn === "white") return `${pos.fullmove}. `;
  return first ? `${pos.fullmove}… ` : "";
}

/** A SAN move in the reader's notation. */
export function shownSan(host: Host, san: string): string {
  return displaySan(san, host.settings().notation, host.lang() === "zh-TW");
}
