//! The move list and replay: the game's moves in SAN, numbered, each a button that shows the
//! position after it; the « ‹ › » buttons and the arrow, Home and End keys step through them.
//! A ply of null means "now" (the live position); these functions only say which ply to show.
//! A finished game's replay links to the analysis board.

import type { GameState } from "../api";
import { t } from "../i18n";
import { button, el } from "../ui";
import { sanText } from "./words";

/** The ply to show when asked for `p` in a game of `n` moves: null (live) at or past the end. */
export function plyToShow(p: number, n: number): number | null {
  return p >= n ? null : Math.max(0, p);
}

/**
 * Draws the numbered move list into `list` (the move after `ply` moves marked current) and
 * the replay buttons into `replay`; `goTo(p)` shows the position after `p` moves.
 */
export function renderMoves(list: HTMLElement, replay: HTMLElement, s: GameState, ply: number, goTo: (p: number) => void): void {
  const items: HTMLElement[] = [];
  const startBlack = s.start_fen.split(" ")[1] === "b";
  const firstNo = Number(s.start_fen.split(" ")[5] ?? "1") || 1;
  s.san.forEach((san, i) => {
    const idx = i + (startBlack ? 1 : 0);
    const no = firstNo + Math.floor(idx / 2);
    const b = button(sanText(san), () => goTo(i + 1), "move" + (i + 1 === ply ? " current" : ""));
    b.dataset.ply = String(i + 1);
    b.dataset.san = san;
    const label = idx % 2 === 0 || i === 0 ? el("span", { class: "no" }, [`${no}.${idx % 2 === 1 ? ".." : ""}`]) : null;
    items.push(el("li", {}, label ? [label, b] : [b]));
  });
  list.replaceChildren(...items);
  const cur = list.querySelector(".current");
  cur?.scrollIntoView?.({ block: "nearest" });
  const n = s.moves.length;
  replay.replaceChildren(
    button("«", () => goTo(0), "first", t("ui.replay_first")),
    button("‹", () => goTo(ply - 1), "prev", t("ui.replay_prev")),
    button("›", () => goTo(ply + 1), "next", t("ui.replay_next")),
    button("»", () => goTo(n), "last", t("ui.replay_last")),
    el("span", { class: "ply" }, [`${ply}/${n}`]),
  );
  // A finished game opens in the analysis board at the move on show.
  if (s.status === "finished") {
    const q = new URLSearchParams({ game: s.id, ply: String(ply) });
    if (s.you === "black") q.set("orientation", "black");
    replay.appendChild(el("a", { class: "analyse", href: "/analysis?" + q.toString() }, [t("ui.analyse")]));
  }
}

/**
 * The ply a replay key asks for (`cur` shown of `n`), or null when the key is not one or
 * belongs to a text field or the board (which has its own keys).
 */
export function replayKeyTarget(e: KeyboardEvent, cur: number, n: number): number | null {
  const target = e.target as HTMLElement | null;
  if ((target && /INPUT|TEXTAREA|SELECT/.test(target.tagName)) || target?.closest(".board")) return null;
  if (e.key === "ArrowLeft") return cur - 1;
  if (e.key === "ArrowRight") return cur + 1;
  if (e.key === "Home") return 0;
  if (e.key === "End") return n;
  return null;
}
