//! The hook to the analysis board: "open in analysis" after a puzzle shows a link only when
//! this returns one. `ANALYSIS_ROUTE` is the board's path (`/analysis`, src/analysis), which
//! takes `fen` and `orientation` in its query.

import type { Color } from "../chess";

/** The analysis board's path. */
export const ANALYSIS_ROUTE: string | null = "/analysis";

/** Where to analyse `fen` from `orientation`'s side; null while there is no analysis board. */
export function analysisHref(fen: string, orientation: Color): string | null {
  if (ANALYSIS_ROUTE === null) return null;
  return `${ANALYSIS_ROUTE}?` + new URLSearchParams({ fen, orientation }).toString();
}
