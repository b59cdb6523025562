//! The game in words: moves in the player's notation, the result as a sentence, and the text
//! view of the position (pieces by colour, the moves so far) for screen readers.

import type { GameState } from "../api";
import { displaySan, loneKing, opposite, placementOf, sqName, type Color, type Placement } from "../chess";
import { lang, t } from "../i18n";
import { settings } from "../store";
import { el } from "../ui";

/** A SAN move in the notation the player chose (letters, figurines or Chinese). */
export function sanText(san: string): string {
  return displaySan(san, settings().notation, lang() === "zh-TW");
}

/** How the game ended, with the score first ("1-0 · White mates"); empty while it runs. */
export function resultText(s: GameState): string {
  if (!s.reason) return "";
  const winner = s.winner;
  const loser = winner ? opposite(winner) : null;
  const args = { winner: winner ? t("color." + winner) : "", loser: loser ? t("color." + loser) : "" };
  let text: string;
  if (s.reason === "timeout_vs_insufficient_material") {
    const flagged: Color = s.clock && s.clock.white_ms <= 0 ? "white" : "black";
    const other = opposite(flagged);
    const key = loneKing(placementOf(s.fen), other) ? "ui.result.timeout_vs_lone_king" : "ui.result.timeout_vs_insufficient_material";
    text = t(key, { flagged: t("color." + flagged), other: t("color." + other) });
  } else if (["aborted", "abandonment", "abandonment_draw"].includes(s.reason)) {
    text = t("ui.result." + s.reason, args);
  } else {
    text = t("outcome." + s.reason, args);
  }
  const score = s.result === "1/2-1/2" ? "½-½" : s.result === "*" ? "" : (s.result ?? "");
  return score ? `${score} · ${text}` : text;
}

/** Draws the text view of `p`, the position after `ply` moves, into `view`. */
export function renderTextView(view: HTMLElement, s: GameState, p: Placement, ply: number): void {
  const list = (c: Color) =>
    [...p.entries()]
      .filter(([, pc]) => pc.color === c)
      .sort(([a], [b]) => order(p.get(a)!.role) - order(p.get(b)!.role) || a - b)
      .map(([sq, pc]) => t("piece." + roleKey(pc.role)) + " " + sqName(sq))
      .join(", ");
  const moves = s.san.slice(0, ply).map((x) => sanText(x)).join(" ");
  view.replaceChildren(
    el("h2", {}, [t("ui.text_view")]),
    el("p", { class: "tv-turn" }, [s.status === "finished" ? resultText(s) : t("ui.turn_of", { color: t("color." + s.turn) })]),
    el("p", { class: "tv-white" }, [t("color.white") + ": " + list("white")]),
    el("p", { class: "tv-black" }, [t("color.black") + ": " + list("black")]),
    el("p", { class: "tv-moves" }, [t("ui.moves") + ": " + (moves || "—")]),
  );
}

function order(r: string): number {
  return "kqrbnp".indexOf(r);
}

function roleKey(r: string): string {
  return { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" }[r] ?? r;
}
