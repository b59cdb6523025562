//! `/learn/endgames`: the exercises in the server's order, each with its goal (win or hold the
//! draw) and the best stars this browser has won. While the tables are still being made, the
//! list is there at once, unready exercises are marked so, and a progress line follows the
//! generation until they are ready.

import type { Page } from "../app/router";
import { el } from "../ui";
import { exercises, type Exercise, type TbStatus } from "./api";
import { starText } from "./coach";
import type { Host } from "./host";
import { bestStars } from "./progress";
import { progressLine, watchTables } from "./tables";

export function listPage(host: Host): Page {
  const { t } = host;
  const root = el("div", { class: "eg-list" });
  let list: Exercise[] | null = null;
  let status: TbStatus | null = null;
  let error: string | null = null;
  let watcher: { stop(): void } | null = null;
  let live = true;

  const load = async () => {
    try {
      list = (await exercises()).exercises;
      error = null;
    } catch (e) {
      error = (e as Error).message;
    }
    if (!live) return;
    const waiting = list?.some((x) => !x.ready) ?? false;
    if (waiting && !watcher) {
      watcher = watchTables((s) => {
        const before = status?.classes_ready;
        status = s;
        // A class came in: ask which exercises it made ready; stop once nothing more comes.
        if (before !== undefined && before !== s.classes_ready) void load();
        else if (!s.generating) {
          watcher?.stop();
          watcher = null;
        }
        render();
      });
    } else if (!waiting && watcher) {
      watcher.stop();
      watcher = null;
    }
    render();
  };

  const item = (x: Exercise, stars: Record<string, number>): HTMLElement => {
    const best = stars[x.key];
    const starsEl =
      best === undefined
        ? el("span", { class: "eg-stars none" }, [t("ui.eg.not_tried")])
        : el("span", { class: "eg-stars", "aria-label": t("ui.eg.stars", { n: best }), "data-stars": String(best) }, [starText(best)]);
    const state = x.ready ? [] : [el("span", { class: "eg-unready" }, [t("ui.eg.not_ready")])];
    return el("li", { class: "eg-item" + (x.ready ? "" : " unready"), "data-key": x.key }, [
      el("a", { href: "/learn/endgames/" + x.key }, [
        el("span", { class: "eg-item-title" }, [t(`ui.eg.${x.key}.title`)]),
        el("span", { class: "eg-goal " + x.goal }, [t("ui.eg.goal." + x.goal)]),
        starsEl,
        ...state,
      ]),
    ]);
  };

  const render = () => {
    document.title = `${t("ui.eg.title")} · ${t("ui.title")}`;
    const stars = bestStars();
    const body: HTMLElement[] = [el("h1", {}, [t("ui.eg.title")]), el("p", { class: "eg-intro" }, [t("ui.eg.intro")])];
    if (error) body.push(el("p", { class: "error", role: "alert" }, [t("ui.eg.error", { message: error })]));
    const waiting = list?.some((x) => !x.ready) ?? false;
    if (waiting && (status === null || status.generating || status.error)) body.push(progressLine(t, status));
    if (list) body.push(el("ul", { class: "eg-exercises" }, list.map((x) => item(x, stars))));
    else if (!error) body.push(el("p", { class: "empty" }, ["…"]));
    root.replaceChildren(...body);
  };

  render();
  void load();
  return {
    root,
    render,
    destroy: () => {
      live = false;
      watcher?.stop();
    },
  };
}
