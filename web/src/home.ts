//! The home page: a board in the middle (the game this browser has in progress, else a famous
//! position chosen by the date), the quick starts (the computer at your level — the primary
//! action —, a friend by link, two players on one device), each form remembering what it last
//! started, "continue where you left off", the daily puzzle (a small board linking to it in the
//! puzzle trainer) and links into learning once those pages exist.

import { call, type Created, type GameState } from "./api";
import { miniBoard } from "./app/miniboard";
import { NAV } from "./app/nav";
import type { Page } from "./app/router";
import type { Color } from "./chess";
import type { PuzzleView } from "./puzzles/types";
import { lang, t } from "./i18n";
import { lastSettings, saveGame, saveLastSettings, savedGames, type LastSettings, type PlayMode, type SavedGame } from "./store";
import { button, el, toast } from "./ui";

const PRESETS = ["", "1+0", "3+2", "5+0", "10+5", "15+10", "30+20", "custom"];

/** Famous positions, one a day: the end of a famous game or a classic study. */
export const DAILY: { key: string; fen: string; orientation: Color }[] = [
  { key: "opera", fen: "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17", orientation: "white" },
  { key: "immortal", fen: "r1bk3r/p2pBpNp/n4n2/1p1NP2P/6P1/3P4/P1P1K3/q5b1 b - - 1 23", orientation: "white" },
  { key: "reti", fen: "7K/8/k1P5/7p/8/8/8/8 w - - 0 1", orientation: "white" },
  { key: "saavedra", fen: "8/8/1KP5/3r4/8/8/8/k7 w - - 0 1", orientation: "white" },
  { key: "lucena", fen: "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1", orientation: "white" },
];

/** The position of the day `now` (UTC days since 1970, in turn). */
export function dailyPosition(now: number = Date.now()): (typeof DAILY)[number] {
  return DAILY[Math.floor(now / 86_400_000) % DAILY.length];
}

function field(label: string, control: HTMLElement): HTMLElement {
  return el("label", { class: "field" }, [el("span", {}, [label]), control]);
}

interface Picker<T> {
  root: HTMLElement;
  value: () => T;
}

function clockPicker(prefix: PlayMode, last: LastSettings): Picker<{ clock: string | null; form: LastSettings }> {
  const select = el("select", { class: prefix + "-clock", name: "clock" }) as HTMLSelectElement;
  for (const p of PRESETS) {
    const text = p === "" ? t("ui.untimed") : p === "custom" ? t("ui.custom") : p;
    select.append(el("option", { value: p }, [text]));
  }
  select.value = last.clock !== undefined && PRESETS.includes(last.clock) ? last.clock : prefix === "computer" ? "" : "5+0";
  const minutes = el("input", { type: "number", min: "0.25", max: "180", step: "0.25", value: String(last.minutes ?? 5), class: "minutes" }) as HTMLInputElement;
  const inc = el("input", { type: "number", min: "0", max: "180", step: "1", value: String(last.increment ?? 3), class: "increment" }) as HTMLInputElement;
  const custom = el("span", { class: "custom" }, [field(t("ui.minutes"), minutes), field(t("ui.increment"), inc)]);
  const sync = () => (custom.hidden = select.value !== "custom");
  select.addEventListener("change", sync);
  sync();
  return {
    root: el("div", { class: "clock-picker" }, [field(t("ui.time_control"), select), custom]),
    value: () => {
      const m = Number(minutes.value) || 5;
      const i = Number(inc.value) || 0;
      const clock = select.value === "custom" ? `${m}+${i}` : select.value || null;
      return { clock, form: { clock: select.value, minutes: m, increment: i } };
    },
  };
}

function colorPicker(prefix: PlayMode, last: LastSettings): Picker<"white" | "black" | "random"> {
  const group = el("fieldset", { class: "colors" }, [el("legend", {}, [t("ui.your_color")])]);
  for (const c of ["white", "random", "black"] as const) {
    const input = el("input", { type: "radio", name: prefix + "-color", value: c, class: "color-" + c }) as HTMLInputElement;
    input.checked = c === (last.color ?? "random");
    group.append(el("label", {}, [input, t(c === "random" ? "ui.random" : "color." + c)]));
  }
  return {
    root: group,
    value: () => ((group.querySelector("input:checked") as HTMLInputElement | null)?.value ?? "random") as "white" | "black" | "random",
  };
}

async function create(body: Record<string, unknown>, learning: boolean, go: (path: string) => void): Promise<void> {
  try {
    const g = await call<Created>("POST", "/api/games", body);
    saveGame({
      id: g.id,
      secret: g.secret,
      color: body.mode === "hotseat" ? "both" : g.color,
      mode: String(body.mode),
      created: Date.now(),
      learning,
      join_url: g.join_url,
    });
    go("/game/" + g.id);
  } catch (e) {
    const code = (e as { code?: string }).code ?? "";
    const text = t("ui.error." + code);
    toast(text.startsWith("ui.error.") ? (e as Error).message : text);
  }
}

function describe(mode: string, level: number | null): string {
  return mode === "computer" ? t("ui.computer_level", { level: level ?? 0 }) : t("ui.mode." + mode);
}

/** The forms that start a game; the computer's is the primary action. */
function quickStart(go: (path: string) => void): HTMLElement {
  const lc = lastSettings("computer");
  const level = el("select", { class: "level", name: "level" }) as HTMLSelectElement;
  for (let i = 1; i <= 8; i++) level.append(el("option", { value: String(i) }, [t("ui.level." + i)]));
  level.value = String(lc.level ?? 3);
  const cColor = colorPicker("computer", lc);
  const cClock = clockPicker("computer", lc);
  const learning = el("input", { type: "checkbox", class: "learning-start" }) as HTMLInputElement;
  learning.checked = !!lc.learning;
  const computer = el("section", { class: "card new-computer main-action" }, [
    el("h2", {}, [t("ui.play_computer")]),
    el("div", { class: "row" }, [field(t("ui.level"), level), cClock.root]),
    cColor.root,
    el("label", { class: "toggle" }, [learning, t("ui.learning_mode")]),
    el("p", { class: "hint" }, [t("ui.learning_hint")]),
    button(t("ui.start"), () => {
      const c = cClock.value();
      const form = { ...c.form, level: Number(level.value), color: cColor.value(), learning: learning.checked };
      saveLastSettings("computer", form);
      void create({ mode: "computer", level: form.level, color: form.color, clock: c.clock }, learning.checked, go);
    }, "start-computer primary big"),
  ]);
  const lf = lastSettings("friend");
  const fColor = colorPicker("friend", lf);
  const fClock = clockPicker("friend", lf);
  const friend = el("section", { class: "card new-friend" }, [
    el("h2", {}, [t("ui.play_friend")]),
    fColor.root,
    fClock.root,
    button(t("ui.create_link"), () => {
      const c = fClock.value();
      saveLastSettings("friend", { ...c.form, color: fColor.value() });
      void create({ mode: "friend", color: fColor.value(), clock: c.clock }, false, go);
    }, "start-friend secondary"),
  ]);
  const lh = lastSettings("hotseat");
  const hClock = clockPicker("hotseat", lh);
  const hotseat = el("section", { class: "card new-hotseat" }, [
    el("h2", {}, [t("ui.play_hotseat")]),
    hClock.root,
    button(t("ui.start"), () => {
      const c = hClock.value();
      saveLastSettings("hotseat", c.form);
      void create({ mode: "hotseat", clock: c.clock }, false, go);
    }, "start-hotseat secondary"),
  ]);
  return el("section", { class: "play", "aria-label": t("ui.home.quick_start") }, [computer, el("div", { class: "others" }, [friend, hotseat])]);
}

export interface Running {
  saved: SavedGame;
  mode: string;
  level: number | null;
  status: string;
  plies: number;
}

/** The games in progress in this browser, newest first: from `POST /api/games/mine` where the
 *  server has it, else one `GET` a game. Finished ones are marked so. */
async function runningGames(): Promise<Running[]> {
  const mine = Object.values(savedGames())
    .filter((g) => !g.finished)
    .sort((a, b) => b.created - a.created)
    .slice(0, 20);
  if (!mine.length) return [];
  try {
    const list = await call<{ games: { id: string; mode: string; level: number | null; status: string; plies: number }[] }>(
      "POST",
      "/api/games/mine",
      { secrets: mine.map((g) => g.secret) },
    );
    const byId = new Map(mine.map((g) => [g.id, g]));
    const out: Running[] = [];
    for (const s of list.games) {
      const saved = byId.get(s.id);
      if (!saved) continue;
      if (s.status === "finished") saveGame({ ...saved, finished: true });
      else out.push({ saved, mode: s.mode, level: s.level, status: s.status, plies: s.plies });
    }
    return out;
  } catch {
    // An older server without the list: ask for each game.
  }
  const out: Running[] = [];
  await Promise.all(
    mine.map(async (g) => {
      try {
        const st = await call<GameState>("GET", `/api/games/${g.id}`, undefined, g.secret);
        if (st.status === "finished") saveGame({ ...g, finished: true });
        else out.push({ saved: g, mode: st.mode, level: st.level, status: st.status, plies: st.moves.length });
      } catch {
        /* a game the server no longer knows */
      }
    }),
  );
  return out.sort((a, b) => b.saved.created - a.saved.created);
}

function runningText(g: Running): string {
  const status = g.status === "waiting" ? t("ui.waiting_friend") : t("ui.home.move_n", { n: Math.floor(g.plies / 2) + 1 });
  return `${describe(g.mode, g.level)} · ${status}`;
}

/** The list of games in progress (also used by the `/games` placeholder). */
export function continueList(games: Promise<Running[]> = runningGames()): HTMLElement {
  const box = el("div", { class: "continue-list" }, [el("p", { class: "empty" }, ["…"])]);
  void games.then((games) => {
    const items = games.map((g) => el("li", {}, [el("a", { href: "/game/" + g.saved.id }, [runningText(g)])]));
    box.replaceChildren(items.length ? el("ul", {}, items) : el("p", { class: "empty" }, [t("ui.none")]));
  });
  return box;
}

/** The board in the middle: the newest game in progress, else the position of the day. */
function hero(games: Promise<Running[]>): HTMLElement {
  const daily = dailyPosition();
  const name = t("ui.home.daily." + daily.key);
  const box = el("section", { class: "card hero", "data-daily": daily.key }, [
    el("div", { class: "hero-head" }, [el("h2", {}, [t("ui.home.daily")]), el("p", { class: "caption" }, [name])]),
    miniBoard(daily.fen, daily.orientation, t("ui.home.daily") + ": " + name),
    el("p", { class: "hint" }, [t("ui.home.daily." + daily.key + ".about")]),
  ]);
  void games.then(async (list) => {
    const g = list[0];
    if (!g) return;
    try {
      const st = await call<GameState>("GET", `/api/games/${g.saved.id}`, undefined, g.saved.secret);
      const orientation: Color = g.saved.color === "black" ? "black" : "white";
      box.dataset.game = g.saved.id;
      delete box.dataset.daily;
      box.replaceChildren(
        el("div", { class: "hero-head" }, [el("h2", {}, [t("ui.home.current")]), el("p", { class: "caption" }, [runningText(g)])]),
        miniBoard(st.fen, orientation, t("ui.home.current")),
        el("a", { href: "/game/" + g.saved.id, class: "button primary continue-game" }, [t("ui.home.continue")]),
      );
    } catch {
      /* keep the position of the day */
    }
  });
  return box;
}

/** The daily puzzle (`GET /api/puzzles/daily`, the same all UTC day): its position with the
 *  solver to move, from the solver's side, linking to `/puzzles/{id}`. Hidden when the server
 *  has none. */
function dailyPuzzle(): HTMLElement {
  const box = el("section", { class: "card daily-puzzle" }, [el("h2", {}, [t("ui.home.puzzle")]), el("p", { class: "empty" }, ["…"])]);
  call<PuzzleView>("GET", "/api/puzzles/daily?" + new URLSearchParams({ lang: lang() }).toString()).then(
    (p) => {
      const solver: Color = p.fen.split(" ")[1] === "b" ? "black" : "white";
      const href = "/puzzles/" + encodeURIComponent(p.id);
      const caption = t("ui.home.puzzle_to_move." + solver);
      box.dataset.id = p.id;
      box.replaceChildren(
        el("div", { class: "hero-head" }, [el("h2", {}, [t("ui.home.puzzle")]), el("p", { class: "caption" }, [caption])]),
        el("a", { href, class: "daily-puzzle-board" }, [miniBoard(p.fen, solver, t("ui.home.puzzle") + ": " + caption)]),
        el("a", { href, class: "button secondary daily-puzzle-solve" }, [t("ui.home.puzzle_solve")]),
      );
    },
    () => {
      box.hidden = true;
    },
  );
  return box;
}

/** Links into learning: the navigation entries marked `learn` (none until those pages exist). */
function learnLinks(): HTMLElement {
  const entries = NAV.filter((e) => e.learn);
  const box = el("section", { class: "card learn" }, [
    el("h2", {}, [t("ui.nav.learn")]),
    el("ul", {}, entries.map((e) => el("li", {}, [el("a", { href: e.path }, [t(e.key)])]))),
  ]);
  box.hidden = entries.length === 0;
  return box;
}

export function homePage(go: (path: string) => void): Page {
  const root = el("main", { class: "home" });
  const render = () => {
    document.title = t("ui.title");
    const games = runningGames();
    root.replaceChildren(
      el("h1", { class: "sr-only" }, [t("ui.title")]),
      hero(games),
      quickStart(go),
      el("section", { class: "card continue running" }, [
        el("h2", {}, [t("ui.home.continue_title")]),
        continueList(games),
        el("a", { href: "/games", class: "all-games" }, [t("ui.home.all_games")]),
      ]),
      dailyPuzzle(),
      learnLinks(),
    );
  };
  render();
  return { root, render, destroy: () => undefined };
}
