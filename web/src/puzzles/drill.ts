//! The lessons' drills: a lesson of the course that teaches a tactic or a mate links to the
//! puzzle trainer with that lesson's themes chosen (`/puzzles?themes=a,b`). Which themes, the
//! server says (`GET /api/puzzles/themes`, its `drills`); a lesson without a drill (the board,
//! the clock, notation), or a server without puzzles, shows no link.

import type { Host } from "../learn/host";
import type { Lang } from "../i18n";
import { el } from "../ui";
import { themes } from "./api";

/** The trainer's address with `codes` chosen. */
export function drillHref(codes: string[]): string {
  return "/puzzles?themes=" + codes.map(encodeURIComponent).join(",");
}

/** The themes of lesson `id`'s drill (empty: none, or no answer from the server). */
export async function drillFor(id: string, lang: Lang): Promise<string[]> {
  try {
    const list = await themes(lang);
    return list.drills.find((d) => d.lesson === id)?.themes ?? [];
  } catch {
    return [];
  }
}

/** The link to a lesson's drill. */
export function drillLink(host: Host, codes: string[], cls: string): HTMLElement {
  return el("a", { href: drillHref(codes), class: `${cls} lesson-drill`, "data-themes": codes.join(",") }, [host.t("ui.pz.drill_link")]);
}
