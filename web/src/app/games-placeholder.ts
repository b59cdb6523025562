//! `/games` until the games page (helper C2's `web/src/games.ts`) registers itself over this
//! route: the games in progress in this browser and the finished games on the server, as the
//! home page listed them before the shell.

import { call } from "../api";
import { continueList } from "../home";
import { t } from "../i18n";
import { el } from "../ui";
import type { Page } from "./router";

function describe(mode: string, level: number | null): string {
  return mode === "computer" ? t("ui.computer_level", { level: level ?? 0 }) : t("ui.mode." + mode);
}

async function fillFinished(box: HTMLElement): Promise<void> {
  try {
    const list = await call<{ games: { id: string; mode: string; level: number | null; result: string; plies: number }[] }>(
      "GET",
      "/api/games?page=1&per_page=20",
    );
    const items = list.games.map((g) =>
      el("li", {}, [el("a", { href: "/watch/" + g.id }, [`${describe(g.mode, g.level)} · ${g.result} · ${t("ui.moves_played", { n: g.plies })}`])]),
    );
    box.append(items.length ? el("ul", {}, items) : el("p", { class: "empty" }, [t("ui.none")]));
  } catch {
    box.append(el("p", { class: "empty" }, [t("ui.error.network")]));
  }
}

export function gamesPlaceholder(): Page {
  const root = el("main", { class: "games-page" });
  const render = () => {
    document.title = t("ui.nav.games") + " · " + t("ui.title");
    const finished = el("section", { class: "card finished" }, [el("h2", {}, [t("ui.finished_games")])]);
    void fillFinished(finished);
    root.replaceChildren(
      el("h1", {}, [t("ui.nav.games")]),
      el("section", { class: "card running" }, [el("h2", {}, [t("ui.running_games")]), continueList()]),
      finished,
    );
  };
  render();
  return { root, render, destroy: () => undefined };
}
