//! The opening's name at the move the replay shows: the game's own `opening` names the
//! deepest opening the whole game reached, so when the reader steps back to an earlier move the
//! page asks the server which opening the moves up to there reach (`GET /api/openings?moves=`,
//! contract16.md §4) and remembers the answer for the page's life. A failed answer falls back to
//! the game's opening.

import { call } from "../api";
import type { OpeningAnswer } from "../api/types.gen";
import type { Game, Opening } from "./info";

const STANDARD = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const known = new Map<string, Opening | null>();
const asking = new Set<string>();

/** The opening reached after the first `ply` moves of `s`: known at once for the live position
 *  (the game's own) and for earlier moves once the server has answered; `undefined` while it is
 *  asked, and `answered` is called when the answer comes. */
export function openingAtPly(s: Game, ply: number, answered: () => void): Opening | null | undefined {
  if (ply >= s.moves.length) return s.opening;
  if (ply <= 0 || s.start_fen !== STANDARD) return null;
  const moves = s.san.slice(0, ply).join(" ");
  if (known.has(moves)) return known.get(moves);
  if (!asking.has(moves)) {
    asking.add(moves);
    call<OpeningAnswer>("GET", "/api/openings?" + new URLSearchParams({ moves }).toString()).then(
      (a) => {
        const o = a.opening;
        known.set(moves, o ? { eco: o.eco, key: o.key, name: o.name.en } : null);
      },
      () => known.set(moves, s.opening),
    ).finally(() => {
      asking.delete(moves);
      answered();
    });
  }
  return undefined;
}
