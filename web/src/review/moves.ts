//! The reviewed game's moves as a list, a row per move number, each move coloured by its class
//! with the class in words for screen readers and as a tooltip, and ?!, ? or ?? after the
//! errors. A click shows the move; the page marks the one on show.

import type { Host } from "../learn/host";
import { el } from "../ui";
import type { ReviewView } from "./api";
import { className, glyph, moveNumber, moverOf } from "./words";

export function moveList(host: Host, r: ReviewView, san: (s: string) => string, pick: (i: number) => void): HTMLElement {
  const list = el("ol", { class: "rv-moves", "aria-label": host.t("ui.rv.moves") });
  let row: HTMLElement | null = null;
  r.moves.forEach((m, i) => {
    const white = moverOf(r, i) === "white";
    if (white || !row) {
      row = el("li", { class: "rv-row" }, [el("span", { class: "rv-num" }, [moveNumber(r, i).replace("…", ".")])]);
      if (!white) row.append(el("span", { class: "rv-move rv-empty" }, ["…"]));
      list.append(row);
    }
    const name = className(host, m.class);
    const b = el("button", {
      type: "button",
      class: "rv-move cls-" + m.class,
      "data-ply": String(m.ply),
      "data-class": m.class,
      title: name,
      "aria-label": `${moveNumber(r, i)} ${m.san}, ${name}`,
    }, [san(m.san), el("span", { class: "rv-glyph", "aria-hidden": "true" }, [glyph(m.class)])]);
    b.addEventListener("click", () => pick(i));
    row.append(b);
  });
  return list;
}
