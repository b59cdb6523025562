//! The position being set up, as its FEN fields: the placement, the side to move, the
//! castling rights, the en-passant square and the two counters. It reads and writes FEN text
//! without judging it: whether the position can stand is the rules core's question, asked of
//! the server (`check.ts`). Reading is forgiving (missing fields take their defaults) so that
//! a half-typed FEN still shows its pieces.

import { boardFen, parseSq, placementOf, sqName, type Color, type Placement, type Sq } from "../chess";

/** A castling right: White's king side (K), queen side (Q), Black's (k, q). */
export type Right = "K" | "Q" | "k" | "q";
export const RIGHTS: Right[] = ["K", "Q", "k", "q"];

export interface Setup {
  placement: Placement;
  turn: Color;
  castling: Set<Right>;
  /** The square a pawn passed over on the last move (null: none). */
  ep: Sq | null;
  halfmove: number;
  fullmove: number;
}

/** The FEN of a setup. */
export function fenOf(s: Setup): string {
  const rights = RIGHTS.filter((r) => s.castling.has(r)).join("") || "-";
  const ep = s.ep === null ? "-" : sqName(s.ep);
  return `${boardFen(s.placement)} ${s.turn === "white" ? "w" : "b"} ${rights} ${ep} ${s.halfmove} ${s.fullmove}`;
}

/** The setup a FEN describes, or null when its placement cannot even be drawn (not eight
 *  ranks of at most eight files of piece letters and digits). */
export function setupOf(fen: string): Setup | null {
  const fields = fen.trim().split(/\s+/);
  const board = fields[0] ?? "";
  const ranks = board.split("/");
  if (ranks.length !== 8 || !ranks.every((r) => /^[KQRBNPkqrbnp1-8]*$/.test(r) && width(r) === 8)) return null;
  const castling = new Set<Right>();
  for (const ch of fields[2] ?? "") if ((RIGHTS as string[]).includes(ch)) castling.add(ch as Right);
  return {
    placement: placementOf(board),
    turn: fields[1] === "b" ? "black" : "white",
    castling,
    ep: parseSq(fields[3] ?? "-"),
    halfmove: counter(fields[4], 0),
    fullmove: Math.max(1, counter(fields[5], 1)),
  };
}

function width(rank: string): number {
  let n = 0;
  for (const ch of rank) n += /[1-8]/.test(ch) ? Number(ch) : 1;
  return n;
}

function counter(text: string | undefined, fallback: number): number {
  return text !== undefined && /^\d{1,6}$/.test(text) ? Number(text) : fallback;
}

/** The squares where a king and rook stand for each right (the standard start). */
const HOMES: Record<Right, { king: Sq; rook: Sq; color: Color }> = {
  K: { king: 4, rook: 7, color: "white" },
  Q: { king: 4, rook: 0, color: "white" },
  k: { king: 60, rook: 63, color: "black" },
  q: { king: 60, rook: 56, color: "black" },
};

/** Whether the pieces a right needs still stand on their squares: moving a king or rook away
 *  on the board drops the rights it carried, as a player would expect; the rights a typed FEN
 *  claims are left for the server to judge. */
export function rightFits(p: Placement, r: Right): boolean {
  const h = HOMES[r];
  const king = p.get(h.king);
  const rook = p.get(h.rook);
  return king?.role === "k" && king.color === h.color && rook?.role === "r" && rook.color === h.color;
}

/** The squares an en-passant square may be for the side to move: the third rank (Black to
 *  move, White has just pushed) or the sixth (White to move). */
export function epSquares(turn: Color): Sq[] {
  const rank = turn === "white" ? 5 : 2;
  return Array.from({ length: 8 }, (_, f) => f + 8 * rank);
}
