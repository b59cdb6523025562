//! The opening trainer (`/learn/openings`) and the opening explorer (`/explorer`), part of
//! `learn.js`. Stub pages until they land.

import type { Page } from "../app/router";
import type { Host } from "../learn/host";
import { el } from "../ui";

function stub(host: Host, what: string): Page {
  const root = el("div", { class: "op-stub" }, [el("h1", {}, [host.t("ui.nav.openings")]), el("p", {}, [what])]);
  return { root, render: () => undefined, destroy: () => undefined };
}

/** `/learn/openings` and `/learn/openings/{key}`. */
export function openingsPage(host: Host, key: string | null): Page {
  return stub(host, key ?? "…");
}

/** `/explorer`. */
export function explorerPage(host: Host): Page {
  return stub(host, "…");
}
