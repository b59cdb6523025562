//! The game's buttons for what the server says this player may do right now (`may`): abort,
//! resign (asked twice), draw offers and claims, takebacks, berserk (arena games); "new game"
//! once it is over.

import type { GameState, May } from "../api";
import type { GameSocket } from "./socket";
import { t } from "../i18n";
import { button, el } from "../ui";

export type Action = Parameters<GameSocket["send"]>[0];

/** What the buttons do, supplied by the page. */
export interface ControlHost {
  /** The button (by class) now asking "are you sure?", or null. */
  confirming: string | null;
  /** Asks (`cls`) or stops asking (null) for a confirmation, and redraws. */
  confirm(cls: string | null): void;
  /** Sends an action to the server. */
  act(action: Action): void;
}

/** Draws the buttons into `c`. */
export function renderControls(c: HTMLElement, s: GameState, may: May, host: ControlHost): void {
  c.replaceChildren();
  const add = (key: string, action: Action, cls: string, confirmFirst = false) => {
    if (confirmFirst && host.confirming !== cls) {
      c.appendChild(button(t(key), () => host.confirm(cls), cls));
      return;
    }
    if (confirmFirst) {
      c.appendChild(el("span", { class: "confirm", role: "group" }, [
        el("span", {}, [t("ui.confirm." + cls)]),
        button(t("ui.yes"), () => host.act(action), cls + "-yes"),
        button(t("ui.no"), () => host.confirm(null), cls + "-no"),
      ]));
      return;
    }
    c.appendChild(button(t(key), () => host.act(action), cls));
  };
  if (s.status === "finished") {
    c.appendChild(button(t("ui.new_game"), () => {
      location.href = "/";
    }, "new-game"));
    return;
  }
  if (may.berserk) {
    add("ui.game.berserk", { t: "berserk" }, "berserk");
    c.lastElementChild?.setAttribute("title", t("ui.game.berserk_hint"));
  }
  if (may.abort) add("ui.abort", { t: "abort" }, "abort");
  if (may.resign && !may.abort) add("ui.resign", { t: "resign" }, "resign", true);
  if (may.offer_draw) add("ui.offer_draw", { t: "offer_draw" }, "offer-draw");
  if (may.accept_draw) {
    add("ui.accept_draw", { t: "accept_draw" }, "accept-draw");
    add("ui.decline_draw", { t: "decline_draw" }, "decline-draw");
  }
  for (const reason of may.claim_draw) add("ui.claim." + reason, { t: "claim_draw", reason }, "claim-" + reason);
  if (may.claim_victory) add("ui.claim_victory", { t: "claim_victory" }, "claim-victory");
  if (may.takeback) add(s.mode === "friend" ? "ui.ask_takeback" : "ui.takeback", { t: "takeback_request" }, "takeback");
  if (may.accept_takeback) {
    add("ui.accept_takeback", { t: "takeback_accept" }, "accept-takeback");
    add("ui.decline_takeback", { t: "takeback_decline" }, "decline-takeback");
  }
}
