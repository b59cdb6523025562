//! The look of the game page's players strip (issue 19), part of `learn.js` so that the main
//! bundle carries it only for games between accounts: both players' names linking to their
//! profiles (`/@/{name}`), their ratings in the game's speed class ("?" while provisional),
//! their ladder ranks (10级 … 7段, `ui.rank.*`, in the learning catalogue), whether the game is
//! rated, and, at the end of a rated game, each player's rating change. The game page's
//! `game/players.ts` fetches the view and decides when to draw it.

import type { PlayerCard, PlayersView } from "../api/types.gen";
import type { Host } from "../learn/host";
import { el } from "../ui";

const CSS = `.players-strip { display: flex; flex-direction: column; gap: .2rem; font-size: .9rem; }
.players-strip .ps-kind { color: var(--muted); font-size: .8rem; }
.players-strip .ps-player { display: flex; align-items: center; gap: .4rem; }
.players-strip .ps-rank { border: 1px solid var(--line); border-radius: .3rem; padding: 0 .3rem; font-size: .8rem; }
.players-strip .ps-diff.up { color: #2a8; } .players-strip .ps-diff.down { color: #c44; }`;
let styled = false;
function style(): void {
  if (styled) return;
  styled = true;
  const s = document.createElement("style");
  s.dataset.module = "players";
  s.textContent = CSS;
  document.head.appendChild(s);
}

/** The strip's contents for `v`: the kind of game and speed, then one line per player. */
export function playersStrip(host: Host, v: PlayersView): Node[] {
  style();
  const kind = host.t(v.rated ? "ui.rank.rated" : "ui.rank.casual");
  const speed = v.speed ? host.t("ui.rank.speed." + v.speed) : host.t("ui.rank.speed.untimed");
  return [el("div", { class: "ps-kind" }, [`${kind} · ${speed}`]), card(host, v.white, "white"), card(host, v.black, "black")];
}

function card(host: Host, p: PlayerCard, color: "white" | "black"): HTMLElement {
  const kids: (Node | string)[] = [
    el("span", { class: "side " + color, "aria-label": host.t("color." + color) }),
    el("a", { class: "ps-name", href: "/@/" + encodeURIComponent(p.name) }, [p.name]),
  ];
  if (p.rating !== null) {
    const r = `${p.rating}${p.provisional ? "?" : ""}`;
    kids.push(el("span", { class: "ps-rating", title: p.provisional ? host.t("ui.rank.provisional") : "" }, [r]));
  }
  kids.push(el("span", { class: "ps-rank" }, [host.t("ui.rank." + p.rank)]));
  if (p.diff !== null) {
    const sign = p.diff > 0 ? "+" : p.diff < 0 ? "−" : "±";
    const diff = `${sign}${Math.abs(p.diff)}`;
    const dir = p.diff > 0 ? "up" : p.diff < 0 ? "down" : "same";
    kids.push(el("span", { class: "ps-diff " + dir, "aria-label": host.t("ui.rank.change", { diff }) }, [diff]));
  }
  return el("div", { class: "ps-player", "data-color": color }, kids);
}
