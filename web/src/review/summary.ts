//! The review's summary: each player's accuracy and how many of their moves fell in each
//! class, as a small table (a row per class, a column per player).

import type { Host } from "../learn/host";
import { el } from "../ui";
import { CLASSES, type ReviewView } from "./api";
import { className, moverOf } from "./words";

export function summary(host: Host, r: ReviewView): HTMLElement {
  const { t } = host;
  const counts = { white: new Map<string, number>(), black: new Map<string, number>() };
  r.moves.forEach((m, i) => {
    const c = counts[moverOf(r, i)];
    c.set(m.class, (c.get(m.class) ?? 0) + 1);
  });
  const name = (c: "white" | "black") => (c === "white" ? r.white : r.black) || t("color." + c);
  const acc = (c: "white" | "black") => (r.accuracy ? r.accuracy[c].toFixed(1) : "–");
  const head = el("tr", {}, [el("th", {}, []), el("th", { scope: "col" }, [name("white")]), el("th", { scope: "col" }, [name("black")])]);
  const accuracy = el("tr", { class: "rv-accuracy" }, [
    el("th", { scope: "row" }, [t("ui.rv.accuracy")]),
    el("td", { class: "rv-acc-white", "data-value": acc("white") }, [acc("white") + " %"]),
    el("td", { class: "rv-acc-black", "data-value": acc("black") }, [acc("black") + " %"]),
  ]);
  const rows = CLASSES.filter((c) => counts.white.has(c) || counts.black.has(c)).map((c) =>
    el("tr", { class: "cls-" + c, "data-class": c }, [
      el("th", { scope: "row" }, [el("span", { class: "rv-dot cls-" + c, "aria-hidden": "true" }), className(host, c)]),
      el("td", {}, [String(counts.white.get(c) ?? 0)]),
      el("td", {}, [String(counts.black.get(c) ?? 0)]),
    ]),
  );
  return el("table", { class: "rv-summary" }, [el("thead", {}, [head]), el("tbody", {}, [accuracy, ...rows])]);
}
