//! The analysis board (`/analysis`), part of `learn.js`. Skeleton: the page is built in
//! its own branch.

import type { Page } from "../app/router";
import type { Host } from "../learn/host";

/** `/analysis?fen=…&moves=…&ply=…&orientation=…&game=…`. */
export function analysisPage(host: Host, query: URLSearchParams): Page {
  const root = document.createElement("main");
  root.textContent = host.t("ui.title") + (query.get("fen") ?? "");
  return { root, render: () => {}, destroy: () => {} };
}
