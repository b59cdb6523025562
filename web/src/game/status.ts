//! The status line under the players ("Black to move · 2 premoves queued"): its parts are
//! sentences of their own in the catalogue, so when several are joined with " · " their
//! closing full stops go (never "轮到黑方走棋。 · 已预走 2 步"); a lone part keeps its own.

import { opposite, type Color } from "../chess";
import { t } from "../i18n";
import type { Game } from "./info";

/** Joins status parts with " · ", dropping each part's closing full stop when there are several. */
export function joinStatus(parts: string[]): string {
  const kept = parts.filter((p) => p);
  if (kept.length < 2) return kept[0] ?? "";
  return kept.map((p) => p.replace(/[。.．]$/u, "")).join(" · ");
}

/** What the page tells about the game now. */
export interface StatusView {
  s: Game;
  /** The colour this player moves now (both sides on one screen: the side to move). */
  me: Color | null;
  /** The colour this player plays (null: a spectator or hot-seat). */
  mine: Color | null;
  player: boolean;
  premoves: number;
  connected: boolean;
  /** A move shown on the board but not yet confirmed by the server. */
  pending: boolean;
}

/** The status line for `v`. */
export function statusText(v: StatusView): string {
  const { s, me, mine } = v;
  const parts: string[] = [];
  if (s.status === "waiting") parts.push(t("ui.waiting_friend"));
  else if (s.status === "active") {
    if (v.pending) parts.push(t("ui.turn_of", { color: t("color." + opposite(s.turn)) }));
    else if (s.mode === "computer" && s.turn === s.computer) parts.push(t("ui.computer_thinking"));
    else if (me === s.turn) parts.push(t("ui.your_turn"));
    else parts.push(t("ui.turn_of", { color: t("color." + s.turn) }));
    if (s.draw_offer && s.draw_offer !== mine && v.player) parts.push(t("ui.draw_offered"));
    if (s.takeback_request && s.takeback_request !== mine && v.player) parts.push(t("ui.takeback_asked"));
    const opp = mine ? opposite(mine) : null;
    if (opp && s.disconnected[opp]) parts.push(t("ui.opponent_left"));
    if (v.premoves) parts.push(t("ui.premoves", { n: v.premoves }));
  }
  if (!v.connected && s.status !== "finished") parts.push(t("ui.reconnecting"));
  return joinStatus(parts);
}
