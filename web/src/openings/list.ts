//! `/learn/openings`: the ten openings of the trainer in the server's order, each with its
//! name in the page's language, its ECO code and its ideas, and one link per side ("play
//! White", "play Black": the opening's usual side first) saying how many of its lines this
//! browser knows and how many are due for review.

import type { Page } from "../app/router";
import type { Color } from "../chess";
import { el } from "../ui";
import { repertoire, textIn, type Repertoire } from "./api";
import type { Host } from "../learn/host";
import { tally } from "./srs";

/** The trainer's address of an opening and a side. */
export const trainerHref = (key: string, colour: Color): string => `/learn/openings/${key}?colour=${colour}`;

export function listPage(host: Host): Page {
  const { t } = host;
  const root = el("div", { class: "op-list" });
  let list: Repertoire[] | null = null;
  let error: string | null = null;
  let live = true;

  const side = (r: Repertoire, colour: Color): HTMLElement => {
    const n = tally(r.key, colour, r.lines);
    return el("a", { href: trainerHref(r.key, colour), class: `op-side ${colour}${colour === r.colour ? " usual" : ""}`, "data-colour": colour, "data-known": String(n.known), "data-due": String(n.due) }, [
      el("span", { class: "op-side-name" }, [t("ui.op.as." + colour), ...(colour === r.colour ? [el("small", {}, [" · " + t("ui.op.book_side")])] : [])]),
      el("span", { class: "op-tally" }, [t("ui.op.tally", { known: n.known, total: n.total, due: n.due })]),
    ]);
  };

  const item = (r: Repertoire): HTMLElement => {
    const lang = host.lang();
    const sides: Color[] = r.colour === "white" ? ["white", "black"] : ["black", "white"];
    return el("li", { class: "op-item", "data-key": r.key }, [
      el("h2", {}, [el("span", { class: "op-name" }, [textIn(r.name, lang)]), " ", el("span", { class: "op-eco" }, [r.eco])]),
      el("p", { class: "op-ideas" }, [textIn(r.ideas, lang)]),
      el("div", { class: "op-sides" }, sides.map((c) => side(r, c))),
    ]);
  };

  const render = () => {
    if (!live) return;
    document.title = `${t("ui.op.title")} · ${t("ui.title")}`;
    const body: HTMLElement[] = [
      el("h1", {}, [t("ui.op.title")]),
      el("p", { class: "op-intro" }, [t("ui.op.intro")]),
      el("p", {}, [el("a", { href: "/explorer", class: "op-explorer-link" }, [t("ui.op.explorer.title")])]),
    ];
    if (error) body.push(el("p", { class: "error", role: "alert" }, [t("ui.op.error", { message: error })]));
    if (list) body.push(el("ul", { class: "op-openings" }, list.map(item)));
    else if (!error) body.push(el("p", { class: "empty" }, ["…"]));
    root.replaceChildren(...body);
  };

  repertoire().then(
    (r) => {
      list = r.openings;
      render();
    },
    (e: unknown) => {
      error = (e as Error).message;
      render();
    },
  );
  render();
  return { root, render, destroy: () => void (live = false) };
}
