//! Why a move is illegal, drawn on the board: from the explanation's reason code (the server
//! sends the code and its words, `/api/explain`) and the position, this works out the squares
//! to show — the piece that attacks, the square the king may not cross or stand on, the line
//! of a pin, the piece in the way — as arrows and highlights for `Board`.

import {
  applyUci, attackersOf, between, kingOf, opposite, parseUci, placementOf, type Color, type Placement, type Sq,
} from "../chess";

/** What an arrow or a highlighted square means (its CSS class on the board). */
export type MarkKind = "tried" | "attack" | "attacker" | "crossed" | "blocker" | "pin";

export interface Marks {
  arrows: { from: Sq; to: Sq; kind: MarkKind }[];
  squares: { sq: Sq; kind: MarkKind }[];
}

export const NO_MARKS: Marks = { arrows: [], squares: [] };

/** The king's path when castling from `from` to `to`: the squares it crosses and lands on. */
function castlingPath(from: Sq, to: Sq): Sq[] {
  const step = to > from ? 1 : -1;
  return [from + step, from + 2 * step];
}

/** The marks that explain why `uci` is illegal in `fen` (reason `code`). */
export function explainMarks(fen: string, uci: string, code: string): Marks {
  const m = parseUci(uci);
  if (!m) return NO_MARKS;
  const p: Placement = placementOf(fen);
  const mover: Color = fen.split(" ")[1] === "b" ? "black" : "white";
  const enemy = opposite(mover);
  const marks: Marks = { arrows: [], squares: [] };
  const attackOn = (pos: Placement, target: Sq, kind: MarkKind) => {
    for (const a of attackersOf(pos, target, enemy)) {
      marks.arrows.push({ from: a, to: target, kind });
      marks.squares.push({ sq: a, kind: "attacker" });
    }
  };
  switch (code) {
    case "pinned":
    case "en_passant_exposes_king": {
      const after = applyUci(p, uci);
      const king = kingOf(after, mover);
      if (king !== null) attackOn(after, king, "pin");
      marks.squares.push({ sq: m.to, kind: "crossed" });
      break;
    }
    case "king_into_check": {
      const after = applyUci(p, uci);
      attackOn(after, m.to, "attack");
      marks.squares.push({ sq: m.to, kind: "crossed" });
      break;
    }
    case "must_answer_check":
    case "must_answer_double_check":
    case "castling_in_check": {
      const king = kingOf(p, mover);
      if (king !== null) attackOn(p, king, "attack");
      marks.squares.push({ sq: m.to, kind: "crossed" });
      break;
    }
    case "castling_through_check":
    case "castling_into_check": {
      const without = new Map(p);
      without.delete(m.from);
      const path = castlingPath(m.from, m.to);
      const hitSq = path.find((s) => attackersOf(without, s, enemy).length > 0) ?? m.to;
      attackOn(without, hitSq, "attack");
      marks.squares.push({ sq: hitSq, kind: "crossed" });
      break;
    }
    case "blocked": {
      const block = between(m.from, m.to).find((s) => p.has(s));
      if (block !== undefined) marks.squares.push({ sq: block, kind: "blocker" });
      marks.arrows.push({ from: m.from, to: m.to, kind: "tried" });
      marks.squares.push({ sq: m.to, kind: "crossed" });
      break;
    }
    default:
      marks.arrows.push({ from: m.from, to: m.to, kind: "tried" });
      marks.squares.push({ sq: m.to, kind: "crossed" });
  }
  return marks;
}
