//! A small board that only shows a position (the home page's game in progress or position of
//! the day): squares in the board theme's colours, pieces in the chosen style, and a text
//! alternative for screen readers. It takes no moves; the game page's board does that.

import { placementOf, sqName, type Color } from "../chess";
import { t } from "../i18n";
import { el } from "../ui";

const ROLE_KEYS = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" } as const;

/** A board showing `fen` from `orientation`'s side, labelled `label`. */
export function miniBoard(fen: string, orientation: Color, label: string): HTMLElement {
  const placement = placementOf(fen);
  const cells: HTMLElement[] = [];
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const rank = orientation === "white" ? 7 - row : row;
      const file = orientation === "white" ? col : 7 - col;
      const sq = file + 8 * rank;
      const cell = el("div", { class: "mb-sq " + ((file + rank) % 2 ? "light" : "dark") });
      const p = placement.get(sq);
      if (p) cell.append(el("span", { class: `piece ${p.color} ${p.role}` }));
      cells.push(cell);
    }
  }
  // The words a screen reader gives for the picture: each side's pieces and squares.
  const words = (["white", "black"] as Color[]).map((c) => {
    const list = [...placement]
      .filter(([, p]) => p.color === c)
      .map(([s, p]) => `${t("piece." + ROLE_KEYS[p.role])} ${sqName(s)}`);
    return `${t("color." + c)}: ${list.join(", ")}`;
  });
  return el("div", { class: "mini-board", role: "img", "aria-label": `${label}. ${words.join("; ")}` }, cells);
}
