//! The lessons' drills: a lesson of the course that teaches a tactic or a mate links to the
//! puzzle trainer with each of its themes chosen (`/puzzles?themes=code`, one link a theme,
//! named in the page's language: the trainer's next puzzle has every chosen theme, and a
//! lesson on pins teaches both the absolute and the relative pin, which one puzzle rarely
//! shows together). Which themes, the server says (`GET /api/puzzles/themes`, its `drills`);
//! a lesson without a drill (the board, the clock, notation), or a server without puzzles,
//! shows no link.

import type { Host } from "../learn/host";
import type { Lang } from "../i18n";
import { el } from "../ui";
import { themes } from "./api";
import type { ThemeRef } from "./types";

/** The trainer's address with `codes` chosen. */
export function drillHref(codes: string[]): string {
  return "/puzzles?themes=" + codes.map(encodeURIComponent).join(",");
}

/** The themes of lesson `id`'s drill, named in `lang` (empty: none, or no answer from the
 *  server). */
export async function drillFor(id: string, lang: Lang): Promise<ThemeRef[]> {
  try {
    const list = await themes(lang);
    const codes = list.drills.find((d) => d.lesson === id)?.themes ?? [];
    return codes.map((code) => ({ code, name: list.themes.find((x) => x.code === code)?.name ?? code }));
  } catch {
    return [];
  }
}

/** The links to a lesson's drill, one a theme. */
export function drillLinks(host: Host, drill: ThemeRef[], cls: string): HTMLElement {
  return el("nav", { class: `lesson-drill ${cls}`, "aria-label": host.t("ui.pz.drill_link") }, [
    el("span", {}, [host.t("ui.pz.drill_link")]),
    ...drill.map((x) => el("a", { href: drillHref([x.code]), class: "button secondary", "data-code": x.code }, [x.name])),
  ]);
}
