//! Sharing and watching: the players see "share to watch" with the game's /watch/ link and a
//! copy button (and, while a friend has not joined, the join link); a spectator sees a banner
//! that says they are watching, with the number of spectators.

import { t } from "../i18n";
import type { SavedGame } from "../store";
import { button, el, toast } from "../ui";
import type { Game } from "./info";

/** Copies `text`, or selects it in `fallback` for copying by hand. */
export async function copy(text: string, fallback: HTMLInputElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast(t("ui.copied"));
  } catch {
    fallback?.select();
    toast(t("ui.copy_by_hand"));
  }
}

function linkRow(label: string, aria: string, url: string, inputCls: string, copyCls: string): HTMLElement[] {
  const input = el("input", { class: inputCls, readonly: "", value: url, "aria-label": aria }) as HTMLInputElement;
  return [el("p", {}, [label]), el("div", { class: "link-row" }, [input, button(t("ui.copy"), () => void copy(url, input), copyCls)])];
}

/** Draws the share box (players) or the spectator banner into `box`. */
export function renderShare(box: HTMLElement, s: Game, saved: SavedGame | null): void {
  box.replaceChildren();
  if (s.you === null || s.you === undefined) {
    const n = s.spectators;
    box.append(el("p", { class: "spectator-banner", role: "status" }, [
      t("ui.game.watching"),
      ...(typeof n === "number" ? [" · ", el("span", { class: "spectator-count" }, [t("ui.game.spectators", { n })])] : []),
    ]));
    return;
  }
  if (s.status === "waiting" && saved?.join_url) {
    box.append(...linkRow(t("ui.send_link"), t("ui.join_link"), location.origin + saved.join_url, "join-link", "copy-join"));
  }
  const watch = el("details", { class: "share-watch" }, [
    el("summary", {}, [t("ui.game.share_watch") + (typeof s.spectators === "number" && s.spectators > 0 ? " · " + t("ui.game.spectators", { n: s.spectators }) : "")]),
    ...linkRow(t("ui.game.watch_link"), t("ui.game.watch_link"), location.origin + "/watch/" + s.id, "watch-link", "copy-watch"),
  ]);
  box.append(watch);
}
