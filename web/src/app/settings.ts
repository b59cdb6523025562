//! The settings: applying them to the page (piece style, board theme, sound, light/dark), the
//! controls that change them (the quick bar in the header and the `/settings` page share
//! them), and the `/settings` page itself. A change is saved at once and the shell re-renders.

import { LANG_NAMES, LANGS, lang, setLang, t, type Lang } from "../i18n";
import { PIECE_STYLES } from "../pieces";
import { setSound } from "../sound";
import { BOARD_THEMES, saveSettings, settings, THEMES, type Settings } from "../store";
import { el } from "../ui";
import type { Page } from "./router";
import { applyTheme } from "./theme";

const changed: (() => void)[] = [];

/** Calls `f` after a setting that changes what pages show (notation, coordinates). */
export function onSettingsChange(f: () => void): void {
  changed.push(f);
}

/** Applies the saved settings that act on the whole page. */
export function applySettings(s: Settings = settings()): void {
  const body = document.body;
  for (const p of PIECE_STYLES) body.classList.toggle("pieces-" + p, s.pieces === p);
  for (const b of BOARD_THEMES) body.classList.toggle("board-" + b, s.board === b);
  setSound(s.sound);
  applyTheme(s.theme);
}

function save(change: Partial<Settings>, rerender = false): void {
  applySettings(saveSettings(change));
  if (rerender) for (const f of changed) f();
}

function select<T extends string>(cls: string, label: string, values: readonly T[], names: (v: T) => string, current: T, change: (v: T) => void): HTMLElement {
  const sel = el("select", { class: cls, "aria-label": label }) as HTMLSelectElement;
  for (const v of values) {
    const o = el("option", { value: v }, [names(v)]);
    if (cls === "lang") o.setAttribute("lang", v);
    sel.append(o);
  }
  sel.value = current;
  sel.addEventListener("change", () => change(sel.value as T));
  return el("label", { class: "setting" }, [el("span", {}, [label]), sel]);
}

function check(cls: string, label: string, on: boolean, change: (v: boolean) => void): HTMLElement {
  const box = el("input", { type: "checkbox", class: cls }) as HTMLInputElement;
  box.checked = on;
  box.addEventListener("change", () => change(box.checked));
  return el("label", { class: "setting toggle" }, [box, el("span", {}, [label])]);
}

/** The controls, by name, in the current language. `full` adds those only the settings page
 *  has (move confirmation). */
export function settingControls(full: boolean): HTMLElement[] {
  const s = settings();
  const controls = [
    select<Lang>("lang", t("ui.app.language"), LANGS, (l) => LANG_NAMES[l], lang(), (l) => {
      saveSettings({ lang: l });
      // The page re-renders once that language's catalogue is there; if it cannot be
      // fetched (offline, never cached), the page stays as it is and the choice applies
      // from the next visit.
      setLang(l).catch((e: unknown) => console.warn("cannot switch language:", e));
    }),
    select("theme", t("ui.app.theme"), THEMES, (v) => t("ui.app.theme." + v), s.theme, (v) => save({ theme: v })),
    select("piece-style", t("ui.pieces"), PIECE_STYLES, (p) => t("ui.pieces." + p), s.pieces, (p) => save({ pieces: p })),
    select("board-theme", t("ui.board_theme"), BOARD_THEMES, (b) => t("ui.board." + b), s.board, (b) => save({ board: b })),
    select("notation", t("ui.notation"), ["letters", "figurines", "chinese"] as const, (n) => t("ui.notation." + n), s.notation, (n) =>
      save({ notation: n }, true),
    ),
    check("sound", t("ui.sound"), s.sound, (v) => save({ sound: v })),
    check("coordinates", t("ui.coordinates"), s.coordinates, (v) => save({ coordinates: v }, true)),
  ];
  if (full) controls.push(check("confirm-move", t("ui.app.confirm_move"), s.confirmMove, (v) => save({ confirmMove: v })));
  return controls;
}

/** `/settings`: every setting, with a word on what move confirmation does. */
export function settingsPage(): Page {
  const root = el("main", { class: "settings-page" });
  const render = () => {
    document.title = t("ui.settings") + " · " + t("ui.title");
    const [language, theme, pieces, board, notation, sound, coords, confirm] = settingControls(true);
    root.replaceChildren(
      el("h1", {}, [t("ui.settings")]),
      el("section", { class: "card" }, [el("h2", {}, [t("ui.app.settings.display")]), language, theme, pieces, board, notation, coords]),
      el("section", { class: "card" }, [
        el("h2", {}, [t("ui.app.settings.play")]),
        sound,
        confirm,
        el("p", { class: "hint" }, [t("ui.app.confirm_move_hint")]),
      ]),
      el("p", {}, [el("a", { href: "/", class: "button home-link" }, [t("ui.app.go_home")])]),
    );
  };
  render();
  return { root, render, destroy: () => undefined };
}
