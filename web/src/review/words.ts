//! How the review page words its numbers and classes: an evaluation from White's point of
//! view ("+1.25", "#3", "#-2"), a class's name in the page's language, the glyph the move list
//! shows after a move (?!, ?, ??), and the side that made a move.

import type { Color } from "../chess";
import type { Host } from "../learn/host";
import type { Eval, MoveClass, MoveView, ReviewView } from "./api";

export function evalText(e: Eval): string {
  // Mate 0: the side to move is mated.
  if ("mate" in e) return e.mate === 0 ? "#" : "#" + (e.mate < 0 ? "−" + -e.mate : e.mate);
  const pawns = e.cp / 100;
  return (pawns > 0 ? "+" : pawns < 0 ? "−" : "") + Math.abs(pawns).toFixed(2);
}

export const className = (host: Host, c: MoveClass): string => host.t("ui.rv.class." + c);

/** The annotation a move list puts after a move of this class (none for the good ones). */
export function glyph(c: MoveClass): string {
  return c === "blunder" ? "??" : c === "mistake" ? "?" : c === "inaccuracy" ? "?!" : "";
}

/** The side to move in a FEN. */
export function turnOf(fen: string): Color {
  return fen.split(" ")[1] === "b" ? "black" : "white";
}

/** The position before move `i` (0-based) of a review. */
export function fenBefore(r: ReviewView, i: number): string {
  return i <= 0 ? r.start_fen : r.moves[i - 1].fen_after;
}

/** Who played move `i`. */
export const moverOf = (r: ReviewView, i: number): Color => turnOf(fenBefore(r, i));

/** The move's number as a game score writes it ("12." for White, "12…" for Black). */
export function moveNumber(r: ReviewView, i: number): string {
  const fen = fenBefore(r, i);
  const n = Number(fen.split(" ")[5] ?? "1") || 1;
  return turnOf(fen) === "white" ? `${n}.` : `${n}…`;
}

/** The move's SAN with its number ("12… Nf6"), for sentences. */
export function numbered(r: ReviewView, i: number, m: MoveView, san: (s: string) => string): string {
  return `${moveNumber(r, i)} ${san(m.san)}`;
}
