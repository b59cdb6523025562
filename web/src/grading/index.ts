//! `/grading`: the grades and titles of chess as information, part of `learn.js` (issue 19):
//! our online ladder (10级 … 7段, the rating each rank needs), the Chinese Chess Association's
//! amateur 棋士 grades and the professional athlete grades (only what docs/LADDER.md could
//! source), FIDE's titles (the four gained with norms and their requirements, the four gained
//! by rating), and the norm calculator: a tournament's opponents (rating, title, federation)
//! and results → performance rating and every requirement met or not, by `POST /api/norms`.

import { ApiError, call } from "../api";
import type { NormReportView, NormRequest } from "../api/types.gen";
import type { Page } from "../app/router";
import type { Host } from "../learn/host";
import { button, el } from "../ui";
import css from "./grading.css";

/** The ladder's ranks and thresholds (crates/rating/src/rank.rs). */
const LADDER: [string, number][] = [
  ["10k", 0], ["9k", 900], ["8k", 1000], ["7k", 1100], ["6k", 1200], ["5k", 1300], ["4k", 1400],
  ["3k", 1500], ["2k", 1600], ["1k", 1700], ["1d", 1800], ["2d", 1900], ["3d", 2000], ["4d", 2100],
  ["5d", 2200], ["6d", 2350], ["7d", 2500],
];
/** FIDE Title Regulations 1.4 and 1.5.3: performance, average, rating floor, title rating. */
const NORMS: [string, number, number, number, number][] = [
  ["GM", 2600, 2380, 2200, 2500],
  ["IM", 2450, 2230, 2050, 2400],
  ["WGM", 2400, 2180, 2000, 2300],
  ["WIM", 2250, 2030, 1850, 2200],
];
/** Titles gained by rating (1.3, after at least 30 rated games). */
const BY_RATING: [string, number][] = [["FM", 2300], ["CM", 2200], ["WFM", 2100], ["WCM", 2000]];
const TITLES = ["", "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"];

let styled = false;
function style(): void {
  if (styled) return;
  styled = true;
  const s = document.createElement("style");
  s.dataset.module = "grading";
  s.textContent = css;
  document.head.appendChild(s);
}

interface Row {
  rating: string;
  title: string;
  federation: string;
  result: "win" | "draw" | "loss";
}

function table(head: string[], rows: (string | number)[][], cls: string): HTMLElement {
  return el("table", { class: "gr-table " + cls }, [
    el("thead", {}, [el("tr", {}, head.map((h) => el("th", {}, [h])))]),
    el("tbody", {}, rows.map((r) => el("tr", {}, r.map((c) => el("td", {}, [String(c)]))))),
  ]);
}

export function gradingPage(host: Host): Page {
  style();
  const { t } = host;
  const root = el("main", { class: "gr-page" });
  const rows: Row[] = Array.from({ length: 9 }, () => ({ rating: "", title: "", federation: "", result: "draw" as const }));
  const form = { title: "GM", federation: "CHN", exempt: false };
  let report: NormReportView | null = null;
  let error: string | null = null;
  let live = true;

  const check = async () => {
    const req: NormRequest = {
      title: form.title,
      federation: form.federation.trim().toUpperCase(),
      federation_rules_exempt: form.exempt,
      games: rows.map((r) => ({
        rating: r.rating.trim() === "" ? null : Number(r.rating),
        title: r.title || null,
        federation: r.federation.trim().toUpperCase(),
        result: r.result,
      })),
    };
    try {
      report = await call<NormReportView>("POST", "/api/norms", req);
      error = null;
    } catch (e) {
      report = null;
      error = e instanceof ApiError ? `${t("ui.gr.refused")} ${e.message}` : t("ui.gr.network");
    }
    if (live) render();
  };

  const input = (value: string, cls: string, set: (v: string) => void, label: string): HTMLInputElement => {
    const i = el("input", { class: cls, value, "aria-label": label }) as HTMLInputElement;
    i.addEventListener("input", () => set(i.value));
    return i;
  };
  const choose = (options: [string, string][], value: string, cls: string, set: (v: string) => void, label: string): HTMLSelectElement => {
    const s = el("select", { class: cls, "aria-label": label }) as HTMLSelectElement;
    for (const [v, text] of options) {
      const o = el("option", { value: v }, [text]) as HTMLOptionElement;
      o.selected = v === value;
      s.append(o);
    }
    s.addEventListener("change", () => set(s.value));
    return s;
  };

  const calculator = (): HTMLElement => {
    const results: [string, string][] = ["win", "draw", "loss"].map((r) => [r, t("ui.gr.result." + r)]);
    const body = rows.map((r, i) =>
      el("tr", { class: "gr-game" }, [
        el("td", {}, [String(i + 1)]),
        el("td", {}, [input(r.rating, "gr-rating", (v) => (r.rating = v), t("ui.gr.col.rating"))]),
        el("td", {}, [choose(TITLES.map((x) => [x, x || "—"]), r.title, "gr-title", (v) => (r.title = v), t("ui.gr.col.title"))]),
        el("td", {}, [input(r.federation, "gr-fed", (v) => (r.federation = v), t("ui.gr.col.federation"))]),
        el("td", {}, [choose(results, r.result, "gr-result", (v) => (r.result = v as Row["result"]), t("ui.gr.col.result"))]),
        el("td", {}, [button("×", () => {
          rows.splice(i, 1);
          render();
        }, "gr-remove", t("ui.gr.remove"))]),
      ]),
    );
    const exempt = el("input", { type: "checkbox", class: "gr-exempt" }) as HTMLInputElement;
    exempt.checked = form.exempt;
    exempt.addEventListener("change", () => (form.exempt = exempt.checked));
    const out: HTMLElement[] = [];
    if (error) out.push(el("p", { class: "error", role: "alert" }, [error]));
    if (report) {
      const p = report.performance;
      out.push(
        el("div", { class: "gr-report " + (report.norm ? "yes" : "no"), role: "status" }, [
          el("p", { class: "gr-verdict" }, [t(report.norm ? "ui.gr.norm_yes" : "ui.gr.norm_no", { title: report.title })]),
          el("p", {}, [
            t("ui.gr.score", { points: report.half_points / 2, games: report.games }),
            p ? " · " + t("ui.gr.performance", { average: p.average, percent: p.percent, dp: p.dp, rating: p.rating }) : "",
          ]),
          ...(report.raised ? [el("p", {}, [t("ui.gr.raised", { game: report.raised.game + 1, from: report.raised.from, to: report.raised.to })])] : []),
          el("ul", { class: "gr-failures" }, report.failures.map((f) =>
            el("li", {}, [`${f.rule} `, t("ui.gr.fail." + f.code, { found: f.found, needed: f.needed, federation: f.federation ?? "" })]),
          )),
        ]),
      );
    }
    return el("section", { class: "gr-calc" }, [
      el("h2", {}, [t("ui.gr.calc.title")]),
      el("p", {}, [t("ui.gr.calc.help")]),
      el("div", { class: "gr-form" }, [
        el("label", {}, [t("ui.gr.norm_title") + " ", choose(NORMS.map((n) => [n[0], n[0]]), form.title, "gr-norm", (v) => (form.title = v), t("ui.gr.norm_title"))]),
        el("label", {}, [t("ui.gr.own_federation") + " ", input(form.federation, "gr-own", (v) => (form.federation = v), t("ui.gr.own_federation"))]),
        el("label", {}, [exempt, " " + t("ui.gr.exempt")]),
      ]),
      el("table", { class: "gr-table gr-games" }, [
        el("thead", {}, [el("tr", {}, ["#", "rating", "title", "federation", "result", ""].map((k) => el("th", {}, [k === "#" || k === "" ? k : t("ui.gr.col." + k)])))]),
        el("tbody", {}, body),
      ]),
      el("div", { class: "gr-actions" }, [
        button(t("ui.gr.add"), () => {
          rows.push({ rating: "", title: "", federation: "", result: "draw" });
          render();
        }, "gr-add"),
        button(t("ui.gr.check"), () => void check(), "gr-check"),
      ]),
      ...out,
    ]);
  };

  const render = () => {
    root.replaceChildren(
      el("h1", {}, [t("ui.gr.title")]),
      el("section", { class: "gr-ladder" }, [
        el("h2", {}, [t("ui.gr.ladder.title")]),
        el("p", {}, [t("ui.gr.ladder.text")]),
        table([t("ui.gr.col.rank"), t("ui.gr.col.threshold")], LADDER.map(([c, r]) => [t("ui.rank." + c), r === 0 ? "—" : r]), "gr-ranks"),
      ]),
      el("section", { class: "gr-china" }, [
        el("h2", {}, [t("ui.gr.china.title")]),
        el("h3", {}, [t("ui.gr.amateur.title")]),
        el("p", {}, [t("ui.gr.amateur.grades")]),
        el("p", {}, [t("ui.gr.amateur.events")]),
        el("p", {}, [t("ui.gr.amateur.athletes")]),
        el("h3", {}, [t("ui.gr.pro.title")]),
        el("p", {}, [t("ui.gr.pro.text")]),
        el("p", { class: "gr-note" }, [t("ui.gr.not_official")]),
      ]),
      el("section", { class: "gr-fide" }, [
        el("h2", {}, [t("ui.gr.fide.title")]),
        el("p", {}, [t("ui.gr.fide.norms")]),
        table([t("ui.gr.col.title"), t("ui.gr.col.performance"), t("ui.gr.col.average"), t("ui.gr.col.floor"), t("ui.gr.col.title_rating")], NORMS, "gr-norms"),
        el("p", {}, [t("ui.gr.fide.requirements")]),
        el("p", {}, [t("ui.gr.fide.by_rating")]),
        table([t("ui.gr.col.title"), t("ui.gr.col.title_rating")], BY_RATING, "gr-by-rating"),
      ]),
      calculator(),
    );
  };

  render();
  return {
    root,
    render,
    destroy: () => {
      live = false;
    },
  };
}
