//! The opening trainer (`/learn/openings`, `/learn/openings/{key}`) and the opening explorer
//! (`/explorer`), part of `learn.js`: this module picks the page for a path and adds their
//! style sheet to the document once.

import type { Page } from "../app/router";
import type { Host } from "../learn/host";
import css from "./openings.css";
import { explorerPage as explorer } from "./explorer";
import { listPage } from "./list";
import { trainerPage } from "./trainer";

let styled = false;
function style(): void {
  if (styled) return;
  styled = true;
  const s = document.createElement("style");
  s.dataset.module = "openings";
  s.textContent = css;
  document.head.appendChild(s);
}

/** `/learn/openings` (key null: the list) and `/learn/openings/{key}` (the trainer). */
export function openingsPage(host: Host, key: string | null): Page {
  style();
  return key ? trainerPage(host, key) : listPage(host);
}

/** `/explorer`. */
export function explorerPage(host: Host): Page {
  style();
  return explorer(host);
}
