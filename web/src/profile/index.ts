//! `/@/{name}`: a player's profile, part of `learn.js` (issue 19). It shows the player's rating
//! in each speed class ("?" while provisional) with the ladder rank (10级 … 7段) and the rating
//! the next rank needs, an SVG graph of the rating over time (one speed class at a time), the
//! counts of games, the list of games filtered by speed, result and rated/casual (20 a page,
//! each linking to the game), and the export of all games in PGN; on one's own profile also
//! the puzzle and lesson progress the account keeps (`GET /api/account/data/gx.puzzles.v1`,
//! `gx.lessons.v1`, read as the trainers write them). Everything else comes from
//! `GET /api/users/{name}`, `/ratings`, `/games` and `/games.pgn` (docs/API.md "Ratings and
//! profiles"); an unknown name says so.

import { ApiError, call } from "../api";
import type { ProfileGame, ProfileGames, ProfileView, RatingHistory, RatingPoint } from "../api/types.gen";
import type { Page } from "../app/router";
import type { Host } from "../learn/host";
import { button, el } from "../ui";
import css from "./profile.css";

const SPEEDS = ["bullet", "blitz", "rapid", "classical"] as const;
const SVG = "http://www.w3.org/2000/svg";

let styled = false;
function style(): void {
  if (styled) return;
  styled = true;
  const s = document.createElement("style");
  s.dataset.module = "profile";
  s.textContent = css;
  document.head.appendChild(s);
}

function svg(tag: string, attrs: Record<string, string | number>): SVGElement {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** The rating over time as an SVG line (x: time, y: rating), with its range labelled. */
export function graph(points: RatingPoint[], label: string): SVGElement {
  const w = 600;
  const h = 200;
  const pad = 36;
  const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, class: "pf-graph", role: "img", "aria-label": label });
  if (points.length === 0) return root;
  const ratings = points.map((p) => p.rating);
  const lo = Math.min(...ratings) - 20;
  const hi = Math.max(...ratings) + 20;
  const t0 = points[0].at;
  const t1 = points[points.length - 1].at;
  const x = (i: number, at: number) => (t1 > t0 ? pad + ((at - t0) / (t1 - t0)) * (w - 2 * pad) : pad + (i / Math.max(1, points.length - 1)) * (w - 2 * pad));
  const y = (r: number) => h - pad - ((r - lo) / (hi - lo)) * (h - 2 * pad);
  root.append(
    svg("line", { x1: pad, y1: h - pad, x2: w - pad, y2: h - pad, class: "pf-axis" }),
    svg("line", { x1: pad, y1: pad, x2: pad, y2: h - pad, class: "pf-axis" }),
  );
  for (const [r, yy] of [[Math.round(hi), pad], [Math.round(lo), h - pad]] as const) {
    const tx = svg("text", { x: 2, y: yy + 4, class: "pf-tick" });
    tx.textContent = String(r);
    root.append(tx);
  }
  const d = points.map((p, i) => `${i ? "L" : "M"}${x(i, p.at).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  root.append(svg("path", { d, class: "pf-line", fill: "none" }));
  points.forEach((p, i) => {
    const c = svg("circle", { cx: x(i, p.at).toFixed(1), cy: y(p.rating).toFixed(1), r: 3, class: "pf-dot" });
    const title = svg("title", {});
    title.textContent = `${new Date(p.at).toLocaleDateString()} ${p.rating}`;
    c.append(title);
    root.append(c);
  });
  return root;
}

/** What the account keeps of the trainers, summed up for the owner's profile. */
interface Progress {
  puzzleRating: number | null;
  puzzlesTried: number;
  puzzlesSolved: number;
  lessonsDone: number;
  stars: number;
}

/** Reads the kept values as the trainers write them; anything else counts as nothing. */
export function progressOf(puzzles: unknown, lessons: unknown): Progress {
  const p: Progress = { puzzleRating: null, puzzlesTried: 0, puzzlesSolved: 0, lessonsDone: 0, stars: 0 };
  if (puzzles && typeof puzzles === "object") {
    const { rating, history } = puzzles as { rating?: unknown; history?: unknown };
    if (typeof rating === "number" && Number.isFinite(rating)) p.puzzleRating = Math.round(rating);
    if (Array.isArray(history)) {
      p.puzzlesTried = history.length;
      p.puzzlesSolved = history.filter((h) => h && typeof h === "object" && (h as { solved?: unknown }).solved === true).length;
    }
  }
  if (lessons && typeof lessons === "object" && !Array.isArray(lessons)) {
    for (const v of Object.values(lessons as Record<string, unknown>)) {
      const { done, stars } = (v ?? {}) as { done?: unknown; stars?: unknown };
      if (done === true) {
        p.lessonsDone += 1;
        if (typeof stars === "number" && stars >= 1 && stars <= 3) p.stars += Math.floor(stars);
      }
    }
  }
  return p;
}

async function kept(key: string): Promise<unknown> {
  try {
    return await call<unknown>("GET", "/api/account/data/" + key);
  } catch {
    return null;
  }
}

export function profilePage(host: Host, name: string): Page {
  style();
  const { t } = host;
  const root = el("main", { class: "pf-page" });
  let profile: ProfileView | null = null;
  let history: RatingHistory | null = null;
  let games: ProfileGames | null = null;
  let progress: Progress | null = null;
  let error: string | null = null;
  let speed: string = "blitz";
  const filter = { speed: "", result: "", rated: "", page: 1 };
  let live = true;
  const base = `/api/users/${encodeURIComponent(name)}`;

  const loadGames = async () => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(filter)) if (v !== "" && v !== 1) q.set(k, String(v));
    try {
      games = await call<ProfileGames>("GET", `${base}/games?${q}`);
    } catch (e) {
      error = e instanceof ApiError ? e.code : "network";
    }
    if (live) render();
  };

  const load = async () => {
    try {
      [profile, history] = await Promise.all([
        call<ProfileView>("GET", base),
        call<RatingHistory>("GET", `${base}/ratings`),
      ]);
      // Show the speed class played most.
      const most = [...profile.ratings].sort((a, b) => b.games - a.games)[0];
      if (most && most.games > 0) speed = most.speed;
    } catch (e) {
      error = e instanceof ApiError ? e.code : "network";
    }
    if (live) render();
    if (profile) await Promise.all([loadGames(), loadProgress()]);
  };

  /** On one's own profile: the progress the account keeps. */
  const loadProgress = async () => {
    let me: { name?: string } | null = null;
    try {
      me = await call<{ name?: string }>("GET", "/api/account");
    } catch {
      return; // not signed in
    }
    if (!me?.name || me.name.toLowerCase() !== name.toLowerCase()) return;
    const [puzzles, lessons] = await Promise.all([kept("gx.puzzles.v1"), kept("gx.lessons.v1")]);
    progress = progressOf(puzzles, lessons);
    if (live) render();
  };

  const select = (key: "speed" | "result" | "rated", options: string[]): HTMLElement => {
    const s = el("select", { class: "pf-filter-" + key, "aria-label": t("ui.pf.filter." + key) }) as HTMLSelectElement;
    for (const o of ["", ...options]) {
      const opt = el("option", { value: o }, [t(o === "" ? "ui.pf.filter.any" : `ui.pf.${key}.${o}`)]) as HTMLOptionElement;
      opt.selected = filter[key] === o;
      s.append(opt);
    }
    s.addEventListener("change", () => {
      filter[key] = s.value;
      filter.page = 1;
      void loadGames();
    });
    return el("label", { class: "pf-filter" }, [el("span", {}, [t("ui.pf.filter." + key)]), s]);
  };

  const gameRow = (g: ProfileGame): HTMLElement => {
    const opponent = g.color === "white" ? g.black : g.white;
    const outcome = g.outcome ? t("ui.pf.result." + g.outcome) : t("ui.pf.result.none");
    const diff = g.diff === null ? "" : g.diff > 0 ? `+${g.diff}` : g.diff < 0 ? `−${-g.diff}` : "±0";
    return el("tr", { class: "pf-game " + (g.outcome ?? "none") }, [
      el("td", {}, [new Date(g.created_at).toLocaleDateString(host.lang())]),
      el("td", {}, [t("color." + g.color)]),
      el("td", {}, [el("a", { href: "/@/" + encodeURIComponent(opponent) }, [opponent])]),
      el("td", {}, [g.speed ? t("ui.pf.speed." + g.speed) : "—"]),
      el("td", {}, [t(g.rated ? "ui.pf.rated.true" : "ui.pf.rated.false")]),
      el("td", {}, [outcome, diff ? el("span", { class: "pf-diff" }, [" " + diff]) : ""]),
      el("td", {}, [el("a", { href: "/watch/" + g.id, class: "pf-open" }, [t("ui.pf.open")])]),
    ]);
  };

  const render = () => {
    if (error && !profile) {
      const msg = error === "no_such_user" ? t("ui.pf.no_such_user", { name }) : t("ui.pf.error");
      root.replaceChildren(el("p", { class: "error", role: "alert" }, [msg]));
      return;
    }
    if (!profile) {
      root.replaceChildren(el("p", { class: "pf-loading" }, [t("ui.pf.loading")]));
      return;
    }
    const p = profile;
    const c = p.counts;
    const head = el("header", { class: "pf-head" }, [
      el("h1", { class: "pf-name" }, [p.name]),
      el("span", { class: "pf-rank", title: t("ui.pf.rank_help") }, [t("ui.rank." + p.rank)]),
      el("p", { class: "pf-counts" }, [t("ui.pf.counts", { games: c.games, rated: c.rated, wins: c.wins, losses: c.losses, draws: c.draws })]),
    ]);
    const cards = el(
      "section",
      { class: "pf-ratings", "aria-label": t("ui.pf.ratings") },
      p.ratings.map((r) =>
        el("button", { type: "button", class: "pf-card" + (r.speed === speed ? " on" : ""), "data-speed": r.speed }, [
          el("span", { class: "pf-speed" }, [t("ui.pf.speed." + r.speed)]),
          el("strong", { class: "pf-rating" }, [`${r.rating}${r.provisional ? "?" : ""}`]),
          el("span", { class: "pf-card-rank" }, [t("ui.rank." + r.rank)]),
          el("small", {}, [
            t("ui.pf.games_n", { n: r.games }),
            r.next_threshold !== null ? " · " + t("ui.pf.next", { rating: r.next_threshold }) : "",
          ]),
        ]),
      ),
    );
    cards.querySelectorAll<HTMLButtonElement>(".pf-card").forEach((b) =>
      b.addEventListener("click", () => {
        speed = b.dataset.speed ?? speed;
        render();
      }),
    );
    const points = history?.series.find((s) => s.speed === speed)?.points ?? [];
    const chart = el("section", { class: "pf-chart" }, [
      el("h2", {}, [t("ui.pf.graph", { speed: t("ui.pf.speed." + speed) })]),
      points.length ? graph(points, t("ui.pf.graph", { speed: t("ui.pf.speed." + speed) })) : el("p", { class: "pf-empty" }, [t("ui.pf.no_history")]),
    ]);
    const list = games?.games ?? [];
    const table = el("table", { class: "pf-games" }, [
      el("thead", {}, [
        el("tr", {}, ["date", "color", "opponent", "speed", "rated", "result", "open"].map((k) => el("th", {}, [t("ui.pf.col." + k)]))),
      ]),
      el("tbody", {}, list.map(gameRow)),
    ]);
    const pages = games?.pages ?? 0;
    const pager = el("div", { class: "pf-pager" }, [
      button(t("ui.pf.prev"), () => {
        filter.page = Math.max(1, filter.page - 1);
        void loadGames();
      }, "pf-prev"),
      el("span", {}, [t("ui.pf.page", { page: filter.page, pages: Math.max(1, pages) })]),
      button(t("ui.pf.next_page"), () => {
        filter.page += 1;
        void loadGames();
      }, "pf-next"),
    ]);
    (pager.querySelector(".pf-prev") as HTMLButtonElement).disabled = filter.page <= 1;
    (pager.querySelector(".pf-next") as HTMLButtonElement).disabled = filter.page >= pages;
    const gamesSection = el("section", { class: "pf-history" }, [
      el("h2", {}, [t("ui.pf.games")]),
      el("div", { class: "pf-filters" }, [
        select("speed", [...SPEEDS]),
        select("result", ["win", "loss", "draw"]),
        select("rated", ["true", "false"]),
        el("a", { class: "pf-pgn", href: `${base}/games.pgn`, download: `${name}.pgn` }, [t("ui.pf.pgn")]),
      ]),
      list.length ? table : el("p", { class: "pf-empty" }, [t("ui.pf.no_games")]),
      pager,
    ]);
    const sections: HTMLElement[] = [head, cards, chart];
    if (progress) {
      const pr = progress;
      sections.push(
        el("section", { class: "pf-progress" }, [
          el("h2", {}, [t("ui.pf.progress")]),
          el("p", { class: "pf-puzzles" }, [
            pr.puzzleRating === null
              ? t("ui.pf.progress.no_puzzles")
              : t("ui.pf.progress.puzzles", { rating: pr.puzzleRating, tried: pr.puzzlesTried, solved: pr.puzzlesSolved }),
          ]),
          el("p", { class: "pf-lessons" }, [t("ui.pf.progress.lessons", { done: pr.lessonsDone, stars: pr.stars })]),
        ]),
      );
    }
    sections.push(gamesSection);
    root.replaceChildren(...sections);
  };

  render();
  void load();
  return {
    root,
    render,
    destroy: () => {
      live = false;
    },
  };
}
