//! The book: which moves of a repertoire are right after the moves played so far. The lines
//! still "in play" are those whose first moves are exactly the moves played; the book moves
//! are their next moves. The computer picks among them at random, weighted toward the lines
//! the learner should review (the spaced repetition's choice first, then any line due), so it
//! varies among the book moves and still leads where practice is needed. Pure functions, no
//! page and no storage.

import type { Line, Texts } from "./api";

/** The lines whose first moves are `played`. */
export function linesFrom(lines: readonly Line[], played: readonly string[]): Line[] {
  return lines.filter((l) => l.uci.length >= played.length && played.every((u, i) => l.uci[i] === u));
}

/** One book move after `played`: its UCI and SAN, the lines through it, and the note on it
 *  (the first of those lines' notes at this ply, if any). */
export interface BookMove {
  uci: string;
  san: string;
  lines: Line[];
  note: Texts | null;
}

/** The book moves after `played`, in the repertoire's order of lines. */
export function bookMoves(lines: readonly Line[], played: readonly string[]): BookMove[] {
  const ply = played.length;
  const out = new Map<string, BookMove>();
  for (const l of linesFrom(lines, played)) {
    if (l.uci.length <= ply) continue;
    const uci = l.uci[ply];
    const m = out.get(uci) ?? { uci, san: l.san[ply] ?? uci, lines: [], note: null };
    m.lines.push(l);
    m.note ??= l.notes[ply] ?? null;
    out.set(uci, m);
  }
  return [...out.values()];
}

/** The line `played` completes, if it is the whole of one. */
export function finished(lines: readonly Line[], played: readonly string[]): Line | null {
  return lines.find((l) => l.uci.length === played.length && played.every((u, i) => l.uci[i] === u)) ?? null;
}

/** How much the computer wants to go down each line: `weight(line)` (> 0). Picks one book
 *  move after `played` with a probability proportional to the summed weights of its lines;
 *  `random` is a number in [0, 1). Null when no book move is left. */
export function pickMove(
  lines: readonly Line[],
  played: readonly string[],
  weight: (l: Line) => number,
  random: number,
): BookMove | null {
  const moves = bookMoves(lines, played);
  if (!moves.length) return null;
  const weights = moves.map((m) => m.lines.reduce((s, l) => s + Math.max(weight(l), 0), 0));
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) return moves[0];
  let x = random * total;
  for (let i = 0; i < moves.length; i++) {
    x -= weights[i];
    if (x < 0) return moves[i];
  }
  return moves[moves.length - 1];
}
