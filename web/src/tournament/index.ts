//! `/tournaments` (id null: the list and the form) and `/tournaments/{id}`: tournaments (src/tournament). Part of `learn.js` (issue 19).
//! The list and the creation form are `list.ts`; one tournament's page (players, pairings,
//! standings, crosstable, join/withdraw, your game) is `page.ts`; the style sheet is added once.

import type { Page } from "../app/router";
import type { Host } from "../learn/host";
import { listPage } from "./list";
import { tournamentPage } from "./page";
import css from "./tournament.css";

let styled = false;
function style(): void {
  if (styled) return;
  styled = true;
  const s = document.createElement("style");
  s.dataset.module = "tournament";
  s.textContent = css;
  document.head.appendChild(s);
}

/** `/tournaments` (id null: the list and the form) and `/tournaments/{id}`: tournaments (src/tournament). */
export function tournamentsPage(host: Host, id: string | null): Page {
  style();
  return id ? tournamentPage(host, id) : listPage(host);
}
