//! The lessons (`/learn` and `/learn/{id}`): the course map and the lesson player, part of
//! `learn.js`. A stub page until the lesson player lands.

import type { Page } from "../app/router";
import type { Host } from "../learn/host";
import { el } from "../ui";

function stub(host: Host, what: string): Page {
  const root = el("div", { class: "lesson-stub" }, [el("h1", {}, [host.t("ui.nav.learn")]), el("p", {}, [what])]);
  return { root, render: () => undefined, destroy: () => undefined };
}

/** `/learn`: the map of the course. */
export function lessonsPage(host: Host): Page {
  return stub(host, "…");
}

/** `/learn/{id}`: one lesson. */
export function lessonPage(host: Host, id: string): Page {
  return stub(host, id);
}
