//! The page for a path the app does not know (the server answers such paths with this app and
//! status 404): says so in the reader's language and leads home.

import { t } from "../i18n";
import { el } from "../ui";
import type { Page } from "./router";

export function notFoundPage(path: string): Page {
  const root = el("main", { class: "not-found" });
  const render = () => {
    document.title = t("ui.app.not_found.title") + " · " + t("ui.title");
    root.replaceChildren(
      el("div", { class: "card" }, [
        el("h1", {}, [t("ui.app.not_found.title")]),
        el("p", {}, [t("ui.app.not_found.text", { path })]),
        el("a", { href: "/", class: "button primary home-link" }, [t("ui.app.go_home")]),
      ]),
    );
  };
  render();
  return { root, render, destroy: () => undefined };
}
