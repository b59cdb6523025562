//! The trainer's choices: the themes (several at once: the next puzzle has every theme
//! chosen), named and described in the page's language as `GET /api/puzzles/themes` words
//! them and grouped (mates, tactics, endgames, phase, length and goal), each with how many
//! puzzles have it; and the difficulty (easier, as rated, harder). Both are plain form
//! controls (check boxes and radio buttons in labelled groups), so the keyboard and screen
//! readers work them as any form.

import type { Host } from "../learn/host";
import { button, el } from "../ui";
import { DIFFICULTIES, type Difficulty } from "./store";
import type { ThemeInfo } from "./types";

export type Group = "mates" | "tactics" | "endgames" | "phases" | "lengths";
export const GROUPS: Group[] = ["mates", "tactics", "endgames", "phases", "lengths"];

const PHASES = ["opening", "middlegame", "endgame"];
const LENGTHS = ["oneMove", "short", "long", "veryLong", "advantage", "crushing", "equality"];

/** The group a theme code is listed under. */
export function groupOf(code: string): Group {
  if (PHASES.includes(code)) return "phases";
  if (LENGTHS.includes(code)) return "lengths";
  if (code.endsWith("Endgame")) return "endgames";
  if (code === "mate" || code.startsWith("mateIn") || code.startsWith("mateQueen") || code.startsWith("mateTwo") || code.endsWith("Mate")) return "mates";
  return "tactics";
}

/** The theme codes of a `?themes=a,b` query (empty: any theme). */
export function themesOf(search: string): string[] {
  const raw = new URLSearchParams(search).get("themes") ?? "";
  return [...new Set(raw.split(",").map((s) => s.trim()).filter((s) => /^[A-Za-z0-9]+$/.test(s)))];
}

export class ThemePicker {
  readonly root = el("details", { class: "pz-themes" });
  private list: ThemeInfo[] | null = null;

  constructor(
    private host: Host,
    private chosen: string[],
    private changed: (codes: string[]) => void,
  ) {}

  get value(): string[] {
    return this.chosen;
  }

  setList(list: ThemeInfo[]): void {
    this.list = list;
    this.render();
  }

  /** The name of `code` in the page's language (the code itself until the list is there). */
  nameOf(code: string): string {
    return this.list?.find((x) => x.code === code)?.name ?? code;
  }

  /** Chooses `codes` (as if the reader had ticked them), and says so. */
  setChosen(codes: string[]): void {
    this.set(codes);
  }

  private set(codes: string[]): void {
    this.chosen = codes;
    this.render();
    this.changed(codes);
  }

  render(): void {
    const { t } = this.host;
    const summary = el("summary", {}, [
      el("span", { class: "pz-themes-label" }, [t("ui.pz.themes")]),
      " ",
      el("span", { class: "pz-themes-chosen" }, [this.chosen.length ? this.chosen.map((c) => this.nameOf(c)).join(this.host.lang() === "en" ? ", " : "、") : t("ui.pz.themes_any")]),
    ]);
    const body: HTMLElement[] = [el("p", { class: "pz-themes-help" }, [t("ui.pz.themes_help")])];
    if (!this.list) body.push(el("p", { class: "empty" }, ["…"]));
    else {
      for (const g of GROUPS) {
        const own = this.list.filter((x) => groupOf(x.code) === g);
        if (!own.length) continue;
        body.push(
          el("fieldset", { class: "pz-theme-group", "data-group": g }, [
            el("legend", {}, [t("ui.pz.group." + g)]),
            ...own.map((x) => this.item(x)),
          ]),
        );
      }
    }
    const clear = button(t("ui.pz.themes_clear"), () => this.set([]), "pz-themes-clear secondary");
    clear.disabled = this.chosen.length === 0;
    body.push(clear);
    // Drawn again (a new list, another language, a box ticked): the focus stays where it was.
    const active = document.activeElement instanceof HTMLElement && this.root.contains(document.activeElement) ? document.activeElement : null;
    const where = active ? (active.dataset.code ?? (active.tagName === "SUMMARY" ? "summary" : "clear")) : null;
    const open = (this.root as HTMLDetailsElement).open;
    this.root.replaceChildren(summary, el("div", { class: "pz-themes-body" }, body));
    (this.root as HTMLDetailsElement).open = open;
    if (where) {
      const again = where === "summary" ? summary : where === "clear" ? clear : this.root.querySelector<HTMLElement>(`input[data-code="${where}"]`);
      again?.focus();
    }
  }

  private item(x: ThemeInfo): HTMLElement {
    const input = el("input", { type: "checkbox", value: x.code, "data-code": x.code, "aria-describedby": "pz-desc-" + x.code }) as HTMLInputElement;
    input.checked = this.chosen.includes(x.code);
    // A theme no puzzle has cannot be chosen (unless the link chose it).
    input.disabled = x.count === 0 && !input.checked;
    input.addEventListener("change", () => {
      const rest = this.chosen.filter((c) => c !== x.code);
      this.set(input.checked ? [...rest, x.code] : rest);
    });
    return el("label", { class: "pz-theme", "data-code": x.code, title: x.description }, [
      input,
      el("span", { class: "pz-theme-name" }, [x.name]),
      el("span", { class: "pz-theme-count", "aria-label": this.host.t("ui.pz.theme_count", { n: x.count }) }, [String(x.count)]),
      el("span", { class: "sr-only", id: "pz-desc-" + x.code }, [x.description]),
    ]);
  }
}

/** The difficulty as a radio group; `changed` hears the new one. */
export function difficultyPicker(host: Host, now: Difficulty, changed: (d: Difficulty) => void): HTMLElement {
  const group = el("fieldset", { class: "pz-difficulty" }, [el("legend", {}, [host.t("ui.pz.difficulty")])]);
  for (const d of DIFFICULTIES) {
    const input = el("input", { type: "radio", name: "pz-difficulty", value: d, class: "pz-difficulty-" + d }) as HTMLInputElement;
    input.checked = d === now;
    input.addEventListener("change", () => {
      if (input.checked) changed(d);
    });
    group.append(el("label", {}, [input, host.t("ui.pz.difficulty." + d)]));
  }
  return group;
}
