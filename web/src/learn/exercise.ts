//! `/learn/endgames/{key}`: one exercise. First its lesson (the method in our own words) and
//! a choice of difficulty; "start" asks the server for a position and opens the game
//! (`Play`), with the lesson still at hand below the board. If the tables are not ready yet,
//! the page says how far their generation is and starts by itself once they are.

import type { Page } from "../app/router";
import type { Color } from "../chess";
import { button, el } from "../ui";
import * as api from "./api";
import { DIFFICULTIES, type Difficulty, type Exercise, type Started, type TbStatus } from "./api";
import { starText } from "./coach";
import type { Host } from "./host";
import { PICTURES } from "./pictures";
import { Play } from "./play";
import { bestStars, lastDifficulty, saveDifficulty } from "./progress";
import { progressLine, watchTables } from "./tables";

/** The lesson: its paragraphs (the catalogue separates them with a blank line) and its
 *  picture with a caption. Open before play; folded under the board during play. */
function lesson(host: Host, key: string, orientation: Color, open: boolean): HTMLElement {
  const body: HTMLElement[] = host.t(`ui.eg.${key}.lesson`).split("\n\n").map((p) => el("p", {}, [p]));
  const fen = PICTURES[key];
  if (fen) {
    const caption = host.t(`ui.eg.${key}.picture`);
    body.push(el("figure", { class: "eg-picture", "data-fen": fen }, [host.miniBoard(fen, orientation, caption), el("figcaption", {}, [caption])]));
  }
  if (open) return el("section", { class: "eg-lesson" }, [el("h2", {}, [host.t("ui.eg.lesson")]), ...body]);
  return el("details", { class: "eg-lesson" }, [el("summary", {}, [host.t("ui.eg.lesson")]), ...body]);
}

/** A seed for a new start position (the server draws it from the table with this seed). */
function newSeed(): number {
  return Math.floor(Math.random() * Number.MAX_SAFE_INTEGER);
}

export function exercisePage(host: Host, key: string): Page {
  const { t } = host;
  const root = el("div", { class: "eg-exercise", "data-key": key });
  let all: Exercise[] | null = null;
  let ex: Exercise | null = null;
  let unknown = false;
  let error: string | null = null;
  let difficulty: Difficulty = lastDifficulty();
  let waiting: TbStatus | null = null;
  let watcher: { stop(): void } | null = null;
  let starting = false;
  let unavailable = false;
  let play: Play | null = null;
  let started: Started | null = null;
  let live = true;

  const nextPath = (): string => {
    if (!all) return "/learn/endgames";
    const i = all.findIndex((x) => x.key === key);
    const next = all[i + 1];
    return next ? "/learn/endgames/" + next.key : "/learn/endgames";
  };

  const openPlay = (s: Started) => {
    play?.destroy();
    started = s;
    play = new Play(host, ex!, s, { again: () => openPlay(s), fresh: () => void begin(), next: nextPath() }); // ex is set before any start
    render();
  };

  const stopWatching = () => {
    watcher?.stop();
    watcher = null;
    waiting = null;
  };

  /** Asks for a start position; if the tables are not ready, waits for them and asks again. */
  const begin = async () => {
    if (!ex || starting) return;
    starting = true;
    error = null;
    render();
    try {
      const s = await api.start(key, difficulty, newSeed());
      if (!live) return;
      stopWatching();
      starting = false;
      openPlay(s);
      return;
    } catch (e) {
      starting = false;
      const code = (e as { code?: string }).code;
      if (code === "tb_not_ready") {
        if (waiting && !waiting.generating) {
          // Asked again after the generation ended: this class will not come.
          unavailable = true;
        } else if (!watcher) {
          watcher = watchTables((st) => {
            const before = waiting?.classes_ready;
            waiting = st;
            if (st.error || !st.generating) {
              watcher?.stop();
              watcher = null;
            }
            // A class came in, or the generation ended: try again (the answer says which).
            if (!st.error && (!st.generating || (before !== undefined && before !== st.classes_ready))) void begin();
            render();
          });
        }
      } else {
        error = (e as Error).message;
      }
    }
    render();
  };

  const load = async () => {
    try {
      all = (await api.exercises()).exercises;
      ex = all.find((x) => x.key === key) ?? null;
      unknown = ex === null;
    } catch (e) {
      error = (e as Error).message;
    }
    if (live) render();
  };

  const chooser = (): HTMLElement => {
    const group = el("fieldset", { class: "eg-difficulty" }, [el("legend", {}, [t("ui.eg.difficulty")])]);
    for (const d of DIFFICULTIES) {
      const input = el("input", { type: "radio", name: "eg-difficulty", value: d }) as HTMLInputElement;
      input.checked = d === difficulty;
      input.addEventListener("change", () => {
        difficulty = d;
        saveDifficulty(d);
      });
      group.append(el("label", {}, [input, t("ui.eg.difficulty." + d)]));
    }
    return group;
  };

  const render = () => {
    if (!live) return;
    const title = t(`ui.eg.${key}.title`);
    document.title = `${title} · ${t("ui.title")}`;
    const back = el("a", { href: "/learn/endgames", class: "eg-back" }, ["← ", t("ui.eg.all")]);
    if (unknown) {
      root.replaceChildren(back, el("p", { class: "error", role: "alert" }, [t("ui.eg.unknown")]));
      return;
    }
    const best = bestStars()[key];
    const head = el("header", { class: "eg-head" }, [
      back,
      el("h1", {}, [title]),
      ex ? el("span", { class: "eg-goal " + ex.goal }, [t("ui.eg.goal." + ex.goal)]) : "",
      best !== undefined
        ? el("span", { class: "eg-stars", "data-stars": String(best), "aria-label": t("ui.eg.stars", { n: best }) }, [starText(best)])
        : "",
    ]);
    const parts: (HTMLElement | string)[] = [head];
    if (error) parts.push(el("p", { class: "error", role: "alert" }, [t("ui.eg.error", { message: error })]));
    if (play && started) {
      play.render();
      parts.push(play.root, lesson(host, key, ex?.learner ?? "white", false));
    } else {
      const go = button(t("ui.eg.start"), () => void begin(), "eg-start primary big");
      go.disabled = !ex || starting || watcher !== null || unavailable;
      parts.push(lesson(host, key, ex?.learner ?? "white", true), el("div", { class: "eg-setup" }, [chooser(), go]));
      if (unavailable) parts.push(el("p", { class: "eg-unavailable" }, [t("ui.eg.unavailable")]));
      else if (watcher || waiting?.error) parts.push(progressLine(t, waiting));
    }
    root.replaceChildren(...parts);
  };

  render();
  void load();
  return {
    root,
    render,
    destroy: () => {
      live = false;
      watcher?.stop();
      play?.destroy();
    },
  };
}
