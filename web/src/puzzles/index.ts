//! The puzzle trainer (`/puzzles`, `/puzzles/{id}`), part of `learn.js`: this module opens the
//! trainer page and adds its style sheet to the document once. The board's hint marks are
//! the lessons' (lessons.css, which learn.js adds when it runs).

import type { Page } from "../app/router";
import type { Host } from "../learn/host";
import css from "./puzzles.css";
import { puzzlesPage as trainer } from "./page";

let styled = false;
function style(): void {
  if (styled) return;
  styled = true;
  const s = document.createElement("style");
  s.dataset.module = "puzzles";
  s.textContent = css;
  document.head.appendChild(s);
}

/** `/puzzles` (id null: the next puzzle near the solver's rating) and `/puzzles/{id}`. */
export function puzzlesPage(host: Host, id: string | null): Page {
  style();
  return trainer(host, id);
}
