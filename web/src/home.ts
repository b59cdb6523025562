//! The home page: a new game against the computer (level, colour, time control, learning
//! mode), against a friend (a link to send), or on one device; the games running in this
//! browser, to resume; and the finished games on the server, to replay.

import { call, type Created, type GameState } from "./api";
import { t } from "./i18n";
import { saveGame, savedGames } from "./store";
import { button, el, toast } from "./ui";

const PRESETS = ["", "1+0", "3+2", "5+0", "10+5", "15+10", "30+20", "custom"];

function field(label: string, control: HTMLElement): HTMLElement {
  return el("label", { class: "field" }, [el("span", {}, [label]), control]);
}

function clockPicker(prefix: string): { root: HTMLElement; value: () => string | null } {
  const select = el("select", { class: prefix + "-clock", name: "clock" }) as HTMLSelectElement;
  for (const p of PRESETS) {
    const text = p === "" ? t("ui.untimed") : p === "custom" ? t("ui.custom") : p;
    select.append(el("option", { value: p }, [text]));
  }
  select.value = prefix === "computer" ? "" : "5+0";
  const minutes = el("input", { type: "number", min: "0.25", max: "180", step: "0.25", value: "5", class: "minutes" }) as HTMLInputElement;
  const inc = el("input", { type: "number", min: "0", max: "180", step: "1", value: "3", class: "increment" }) as HTMLInputElement;
  const custom = el("span", { class: "custom" }, [
    field(t("ui.minutes"), minutes),
    field(t("ui.increment"), inc),
  ]);
  const sync = () => (custom.hidden = select.value !== "custom");
  select.addEventListener("change", sync);
  sync();
  return {
    root: el("div", { class: "clock-picker" }, [field(t("ui.time_control"), select), custom]),
    value: () => (select.value === "custom" ? `${Number(minutes.value) || 5}+${Number(inc.value) || 0}` : select.value || null),
  };
}

function colorPicker(prefix: string): { root: HTMLElement; value: () => string } {
  const group = el("fieldset", { class: "colors" }, [el("legend", {}, [t("ui.your_color")])]);
  for (const c of ["white", "random", "black"]) {
    const input = el("input", { type: "radio", name: prefix + "-color", value: c, class: "color-" + c }) as HTMLInputElement;
    if (c === "random") input.checked = true;
    group.append(el("label", {}, [input, t(c === "random" ? "ui.random" : "color." + c)]));
  }
  return {
    root: group,
    value: () => (group.querySelector("input:checked") as HTMLInputElement | null)?.value ?? "random",
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

export function homePage(go: (path: string) => void): HTMLElement {
  // Against the computer.
  const level = el("select", { class: "level", name: "level" }) as HTMLSelectElement;
  for (let i = 1; i <= 8; i++) level.append(el("option", { value: String(i) }, [t("ui.level." + i)]));
  level.value = "3";
  const cColor = colorPicker("computer");
  const cClock = clockPicker("computer");
  const learning = el("input", { type: "checkbox", class: "learning-start" }) as HTMLInputElement;
  const computer = el("section", { class: "card new-computer" }, [
    el("h2", {}, [t("ui.play_computer")]),
    field(t("ui.level"), level),
    cColor.root,
    cClock.root,
    el("label", { class: "toggle" }, [learning, t("ui.learning_mode")]),
    el("p", { class: "hint" }, [t("ui.learning_hint")]),
    button(t("ui.start"), () =>
      void create({ mode: "computer", level: Number(level.value), color: cColor.value(), clock: cClock.value() }, learning.checked, go),
    "start-computer primary"),
  ]);
  // Against a friend.
  const fColor = colorPicker("friend");
  const fClock = clockPicker("friend");
  const friend = el("section", { class: "card new-friend" }, [
    el("h2", {}, [t("ui.play_friend")]),
    fColor.root,
    fClock.root,
    button(t("ui.create_link"), () => void create({ mode: "friend", color: fColor.value(), clock: fClock.value() }, false, go), "start-friend primary"),
  ]);
  // One device.
  const hClock = clockPicker("hotseat");
  const hotseat = el("section", { class: "card new-hotseat" }, [
    el("h2", {}, [t("ui.play_hotseat")]),
    hClock.root,
    button(t("ui.start"), () => void create({ mode: "hotseat", clock: hClock.value() }, false, go), "start-hotseat primary"),
  ]);
  const running = el("section", { class: "card running" }, [el("h2", {}, [t("ui.running_games")])]);
  const finished = el("section", { class: "card finished" }, [el("h2", {}, [t("ui.finished_games")])]);
  void fillRunning(running, go);
  void fillFinished(finished, go);
  return el("main", { class: "home" }, [computer, friend, hotseat, running, finished]);
}

function gameLink(text: string, path: string, go: (p: string) => void): HTMLElement {
  const a = el("a", { href: path }, [text]);
  a.addEventListener("click", (e) => {
    e.preventDefault();
    go(path);
  });
  return a;
}

function describe(mode: string, level: number | null): string {
  return mode === "computer" ? t("ui.computer_level", { level: level ?? 0 }) : t("ui.mode." + mode);
}

async function fillRunning(box: HTMLElement, go: (p: string) => void): Promise<void> {
  const mine = Object.values(savedGames()).filter((g) => !g.finished).sort((a, b) => b.created - a.created).slice(0, 20);
  const items: HTMLElement[] = [];
  for (const g of mine) {
    try {
      const st = await call<GameState>("GET", `/api/games/${g.id}`, undefined, g.secret);
      if (st.status === "finished") {
        saveGame({ ...g, finished: true });
        continue;
      }
      const status = st.status === "waiting" ? t("ui.waiting_friend") : t("ui.moves_played", { n: st.moves.length });
      items.push(el("li", {}, [gameLink(`${describe(st.mode, st.level)} · ${status}`, "/game/" + g.id, go)]));
    } catch {
      /* a game the server no longer knows */
    }
  }
  box.append(items.length ? el("ul", {}, items) : el("p", { class: "empty" }, [t("ui.none")]));
}

async function fillFinished(box: HTMLElement, go: (p: string) => void): Promise<void> {
  try {
    const list = await call<{ games: { id: string; mode: string; level: number | null; result: string; reason: string; plies: number }[] }>(
      "GET",
      "/api/games?page=1&per_page=20",
    );
    const items = list.games.map((g) =>
      el("li", {}, [gameLink(`${describe(g.mode, g.level)} · ${g.result} · ${t("ui.moves_played", { n: g.plies })}`, "/watch/" + g.id, go)]),
    );
    box.append(items.length ? el("ul", {}, items) : el("p", { class: "empty" }, [t("ui.none")]));
  } catch {
    box.append(el("p", { class: "empty" }, [t("ui.error.network")]));
  }
}
