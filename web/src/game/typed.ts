//! Moves typed on the keyboard: SAN as people write it ("nf3", "exd5", "e8q") or UCI, matched
//! against the legal moves the server sent.

import type { GameState } from "../api";
import { normaliseTyped } from "../chess";

/**
 * The legal move (UCI) that `typed` (already `normaliseTyped`) names in `s`, or null. UCI
 * first; then SAN as typed (so "bxc3" is the pawn), then with a capital piece letter ("nf3"),
 * then with the promotion written out ("e8q" → "e8=Q").
 */
export function typedMove(s: GameState, typed: string): string | null {
  const uci = typed.toLowerCase();
  if (s.legal.includes(uci)) return uci;
  const variants = [typed, typed[0].toUpperCase() + typed.slice(1), typed.replace(/=?([qrbn])$/i, (_, p: string) => "=" + p.toUpperCase())];
  const bare = s.legal_san.map((san) => normaliseTyped(san));
  for (const v of variants) {
    const i = bare.findIndex((b) => b === v || b.replace("=", "") === v);
    if (i >= 0) return s.legal[i];
  }
  return null;
}
