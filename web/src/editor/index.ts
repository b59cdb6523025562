//! The board editor (`/editor?fen=…`), part of `learn.js`: this module opens the page
//! (`page.ts`) and adds its style sheet to the document once.

import type { Page } from "../app/router";
import type { Host } from "../learn/host";
import css from "./editor.css";
import { editorPage as editor } from "./page";

let styled = false;
function style(): void {
  if (styled) return;
  styled = true;
  const s = document.createElement("style");
  s.dataset.module = "editor";
  s.textContent = css;
  document.head.appendChild(s);
}

/** `/editor?fen=…` (no FEN: the start position). */
export function editorPage(host: Host, query: URLSearchParams): Page {
  style();
  return editor(host, query);
}
