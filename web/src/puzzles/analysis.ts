//! The hook to the analysis board: "open in analysis" after a puzzle shows a link only when
//! this returns one. There is no analysis board yet, so `ANALYSIS_ROUTE` is null and no link
//! is drawn; the issue that adds the board sets it to its path (which must take `fen` and
//! `orientation` in its query) and the trainer links to it with no other change.

import type { Color } from "../chess";

/** The analysis board's path, once it exists. */
export const ANALYSIS_ROUTE: string | null = null;

/** Where to analyse `fen` from `orientation`'s side; null while there is no analysis board. */
export function analysisHref(fen: string, orientation: Color): string | null {
  if (ANALYSIS_ROUTE === null) return null;
  return `${ANALYSIS_ROUTE}?` + new URLSearchParams({ fen, orientation }).toString();
}
