//! Game review (`/review`, `/review/{id}`), part of `learn.js`. Skeleton: the pages are built
//! in their own branch.

import type { Page } from "../app/router";
import type { Host } from "../learn/host";

/** `/review` (id null) and `/review/{id}`. */
export function reviewPage(host: Host, id: string | null): Page {
  const root = document.createElement("main");
  root.textContent = host.t("ui.title") + (id ?? "");
  return { root, render: () => {}, destroy: () => {} };
}
