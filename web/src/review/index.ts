//! Game review (`/review`, `/review/{id}`), part of `learn.js`: this module opens the PGN form
//! (`upload.ts`) or one review (`view.ts`) and adds the review's style sheet once.

import type { Page } from "../app/router";
import type { Host } from "../learn/host";
import css from "./review.css";
import { uploadPage } from "./upload";
import { reviewView } from "./view";

let styled = false;
function style(): void {
  if (styled) return;
  styled = true;
  const s = document.createElement("style");
  s.dataset.module = "review";
  s.textContent = css;
  document.head.appendChild(s);
}

/** `/review` (id null: paste or upload a PGN) and `/review/{id}`. */
export function reviewPage(host: Host, id: string | null): Page {
  style();
  return id ? reviewView(host, id) : uploadPage(host);
}
