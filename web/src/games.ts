//! The `/games` page: the games this browser played (their seat secrets from `savedGames()`
//! go to `POST /api/games/mine`; until accounts exist the server knows a browser's games by
//! them), each with the opponent named as the game page names them and the result from the
//! visitor's side (won, lost, drawn); and the public "recent games" (`GET /api/games`), with
//! both players. Moves are counted as moves (a move of each side), not plies.

import { call, type Side, type You } from "./api";
import type { GameSummary } from "./api/types.gen";
import type { Color } from "./chess";
import { t } from "./i18n";
import { openingName, playerName, type Game } from "./game/info";
import { savedGames } from "./store";
import { el } from "./ui";
import { reviewButton } from "./review/start";

/** One game in a list (contract14 §4); `you` in the visitor's own games. */
export type Summary = GameSummary & { you?: You };

/** The game's moves counted as moves (the server's `moves`: (plies + 1) / 2, rounded down). */
export function movesOf(g: Summary): number {
  return g.moves;
}

/** The result as the visitor sees it: won, lost, drawn, aborted, in play or waiting. */
export function resultFor(g: Summary, you: Side | "both" | undefined): string {
  const status = g.status;
  if (status === "waiting") return t("ui.games.waiting");
  if (status === "active") return t("ui.games.in_play");
  if (!g.result || g.result === "*") return t("ui.games.aborted");
  if (g.result === "1/2-1/2") return t("ui.games.drawn");
  if (you !== "white" && you !== "black") return g.result;
  const winner: Color = g.result === "1-0" ? "white" : "black";
  return t(winner === you ? "ui.games.won" : "ui.games.lost");
}

/** The game's players as the game page names them (`you`: the visitor's side, if known). */
function nameOf(g: Summary, c: Color, you: Side | "both" | undefined): string {
  const computer = g.mode === "computer" && (you === "white" || you === "black") ? (you === "white" ? "black" : "white") : null;
  // playerName reads only these fields of a game.
  const view = { mode: g.mode, computer, level: g.level, players: g.players } as unknown as Game;
  return playerName(view, c);
}

function when(secs: number): string {
  const d = new Date(secs * (secs < 1e12 ? 1000 : 1));
  return d.toLocaleDateString(undefined, { year: "numeric", month: "2-digit", day: "2-digit" });
}

function row(g: Summary, you: Side | "both" | undefined, href: string): HTMLElement {
  const link = el("a", { href, class: "game-link" }, [
    you === "white" || you === "black"
      ? t("ui.games.opponent", { name: nameOf(g, you === "white" ? "black" : "white", you) })
      : t("ui.games.vs", { white: nameOf(g, "white", you), black: nameOf(g, "black", you) }),
  ]);
  const opening = openingName(g.opening);
  const finished = g.status === "finished" && !!g.result && g.result !== "*";
  const item = el("li", { class: "game-row", "data-id": g.id }, [
    link,
    el("span", { class: "result-for" }, [resultFor(g, you)]),
    el("span", { class: "moves-count" }, [t("ui.games.moves", { n: movesOf(g) })]),
    el("span", { class: "opening-name" }, [opening]),
    el("span", { class: "date" }, [when(g.finished_at ?? g.created_at)]),
  ]);
  if (finished) item.append(reviewButton(g.id, "review-game small secondary"));
  return item;
}

async function fillMine(box: HTMLElement): Promise<void> {
  const saved = savedGames();
  const secrets = Object.values(saved).map((g) => g.secret).slice(0, 200);
  const list = el("ul", { class: "my-games" });
  box.append(list);
  if (!secrets.length) {
    box.append(el("p", { class: "none" }, [t("ui.games.mine_none")]));
    return;
  }
  try {
    const r = await call<{ games: Summary[] }>("POST", "/api/games/mine", { secrets });
    if (!r.games.length) box.append(el("p", { class: "none" }, [t("ui.games.mine_none")]));
    list.append(...r.games.map((g) => row(g, g.you ?? saved[g.id]?.color, "/game/" + g.id)));
  } catch {
    box.append(el("p", { class: "error" }, [t("ui.games.error")]));
  }
}

async function fillRecent(box: HTMLElement): Promise<void> {
  const list = el("ul", { class: "recent-games" });
  box.append(list);
  try {
    const r = await call<{ games: Summary[] }>("GET", "/api/games?page=1&per_page=20");
    if (!r.games.length) box.append(el("p", { class: "none" }, [t("ui.games.recent_none")]));
    list.append(...r.games.map((g) => row(g, undefined, "/watch/" + g.id)));
  } catch {
    box.append(el("p", { class: "error" }, [t("ui.games.error")]));
  }
}

/** The `/games` page's element, filled as the lists arrive. */
export function gamesPage(): HTMLElement {
  const root = el("main", { class: "games-page" });
  fill(root);
  return root;
}

function fill(root: HTMLElement): void {
  const mine = el("section", { class: "card mine" }, [el("h2", {}, [t("ui.games.mine")])]);
  const recent = el("section", { class: "card recent" }, [el("h2", {}, [t("ui.games.recent")])]);
  void fillMine(mine);
  void fillRecent(recent);
  root.replaceChildren(el("h1", {}, [t("ui.games.title")]), mine, recent);
}

/** The `/games` page in the shape of the app router's `Page` (contract14 §7):
 *  `registerRoute(/^\/games$/, () => gamesView())`. `render` redraws it (language change). */
export function gamesView(): { root: HTMLElement; render(): void; destroy(): void } {
  const root = gamesPage();
  return { root, render: () => fill(root), destroy: () => {} };
}
