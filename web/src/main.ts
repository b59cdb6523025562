//! The page's entry point: settings bar (language, pieces, board, notation, sound,
//! coordinates) and routing between home (`/`), a game (`/game/ID`), a join link
//! (`/join/ID?key=K`) and a spectator's view (`/watch/ID`).

import { GamePage } from "./game/page";
import { joinGame } from "./game/join";
import { gamesPage } from "./games";
import { homePage } from "./home";
import { LANG_NAMES, LANGS, onLangChange, preferredLang, setLang, t, type Lang } from "./i18n";
import { installPieceCss, PIECE_STYLES } from "./pieces";
import { setSound } from "./sound";
import { BOARD_THEMES, saveSettings, savedGames, settings, type Settings } from "./store";
import { el } from "./ui";

let page: GamePage | null = null;

function applySettings(s: Settings): void {
  const body = document.body;
  for (const p of PIECE_STYLES) body.classList.toggle("pieces-" + p, s.pieces === p);
  for (const b of BOARD_THEMES) body.classList.toggle("board-" + b, s.board === b);
  setSound(s.sound);
}

function select<T extends string>(cls: string, label: string, values: readonly T[], names: (v: T) => string, current: T, change: (v: T) => void): HTMLElement {
  const sel = el("select", { class: cls, "aria-label": label }) as HTMLSelectElement;
  for (const v of values) sel.append(el("option", { value: v }, [names(v)]));
  sel.value = current;
  sel.addEventListener("change", () => change(sel.value as T));
  return el("label", { class: "setting" }, [el("span", {}, [label]), sel]);
}

function header(): HTMLElement {
  const s = settings();
  const home = el("a", { href: "/", class: "logo" }, ["国象 ", el("span", {}, ["guoxiang"])]);
  home.addEventListener("click", (e) => {
    e.preventDefault();
    go("/");
  });
  const check = (cls: string, label: string, on: boolean, change: (v: boolean) => void) => {
    const box = el("input", { type: "checkbox", class: cls }) as HTMLInputElement;
    box.checked = on;
    box.addEventListener("change", () => change(box.checked));
    return el("label", { class: "setting toggle" }, [box, label]);
  };
  // On a phone the settings fold away behind one button.
  const toggle = el("button", { type: "button", class: "settings-toggle", "aria-expanded": String(settingsOpen) }, ["⚙ " + t("ui.settings")]);
  toggle.addEventListener("click", () => {
    settingsOpen = !settingsOpen;
    toggle.setAttribute("aria-expanded", String(settingsOpen));
    toggle.closest("header")?.classList.toggle("open", settingsOpen);
  });
  return el("header", { class: "top" + (settingsOpen ? " open" : "") }, [
    home,
    toggle,
    el("nav", { class: "settings", "aria-label": t("ui.settings") }, [
      select<Lang>("lang", "Language 语言", LANGS, (l) => LANG_NAMES[l], (s.lang ?? preferredLang(navigator.languages)) as Lang, (l) => {
        saveSettings({ lang: l });
        setLang(l);
      }),
      select("piece-style", t("ui.pieces"), PIECE_STYLES, (p) => t("ui.pieces." + p), s.pieces, (p) => {
        applySettings(saveSettings({ pieces: p }));
      }),
      select("board-theme", t("ui.board_theme"), BOARD_THEMES, (b) => t("ui.board." + b), s.board, (b) => {
        applySettings(saveSettings({ board: b }));
      }),
      select("notation", t("ui.notation"), ["letters", "figurines", "chinese"] as const, (n) => t("ui.notation." + n), s.notation, (n) => {
        saveSettings({ notation: n });
        render();
      }),
      check("sound", t("ui.sound"), s.sound, (v) => applySettings(saveSettings({ sound: v }))),
      check("coordinates", t("ui.coordinates"), s.coordinates, (v) => {
        saveSettings({ coordinates: v });
        render();
      }),
    ]),
  ]);
}

let headerEl: HTMLElement | null = null;
let settingsOpen = false;

function render(): void {
  const app = document.getElementById("app")!; // index.html has it
  const fresh = header();
  if (headerEl) headerEl.replaceWith(fresh);
  else app.before(fresh);
  headerEl = fresh;
  document.title = t("ui.title");
  if (page) page.render();
}

async function route(): Promise<void> {
  const app = document.getElementById("app")!; // index.html has it
  page?.destroy();
  page = null;
  const path = location.pathname;
  let m: RegExpMatchArray | null;
  if ((m = path.match(/^\/game\/([0-9a-zA-Z]+)$/))) {
    const saved = savedGames()[m[1]];
    page = new GamePage(m[1], saved?.secret ?? null);
    app.replaceChildren(page.root);
  } else if ((m = path.match(/^\/watch\/([0-9a-zA-Z]+)$/))) {
    page = new GamePage(m[1], null);
    app.replaceChildren(page.root);
  } else if ((m = path.match(/^\/join\/([0-9a-zA-Z]+)$/))) {
    const id = m[1];
    const key = new URLSearchParams(location.search).get("key") ?? "";
    try {
      await joinGame(id, key);
      history.replaceState(null, "", "/game/" + id);
      return route();
    } catch (e) {
      const code = (e as { code?: string }).code ?? "";
      app.replaceChildren(el("main", { class: "home" }, [el("p", { class: "error", role: "alert" }, [t("ui.error." + code)])]));
    }
  } else if (path === "/games") {
    app.replaceChildren(gamesPage());
  } else {
    app.replaceChildren(homePage(go));
  }
}

function go(path: string): void {
  history.pushState(null, "", path);
  void route();
}

function start(): void {
  const s = settings();
  setLang(s.lang ?? preferredLang(navigator.languages));
  installPieceCss();
  applySettings(s);
  onLangChange(() => {
    render();
    if (!page) void route();
  });
  render();
  window.addEventListener("popstate", () => void route());
  void route();
}

start();
