//! `/review/{id}`: one game review. While the server works the page polls `GET
//! /api/reviews/{id}` and shows how far it is (a progress bar, the moves done of all); once
//! done it shows each player's accuracy and class counts, the evaluation graph, the board and
//! the move list coloured by class. Choosing a move (a click in the list or on the graph, the
//! arrow keys) shows the position after it with the explanation's arrows and squares, the
//! evaluation before and after, the better move, and the explanation in the page's language;
//! "the better move" shows the position before with the best move's arrow. "Learn from your
//! mistakes" turns the chosen side's errors into exercises (`drill.ts`).

import type { Board } from "../board";
import { displaySan, parseSq, parseUci, placementOf, type Color, type Sq } from "../chess";
import type { Marks, MarkKind } from "../game/marks";
import type { Page } from "../app/router";
import type { Host } from "../learn/host";
import { button, el } from "../ui";
import * as api from "./api";
import { Drill, exercisesFor } from "./drill";
import { EvalGraph } from "./graph";
import { EngineJudge } from "./judge";
import { moveList } from "./moves";
import { summary } from "./summary";
import { className, evalText, fenBefore, glyph, moverOf, numbered } from "./words";

/** How often the page asks about a review the server is still working on. */
const POLL_MS = 700;

/** The side this browser played in the reviewed game, when it keeps the game's seat. */
function mySide(gameId: string | null): Color | null {
  if (!gameId) return null;
  try {
    const seat = (JSON.parse(localStorage.getItem("gx.games") ?? "{}") as Record<string, { color?: string }>)[gameId];
    return seat?.color === "white" || seat?.color === "black" ? seat.color : null;
  } catch {
    return null;
  }
}

export function reviewView(host: Host, id: string): Page {
  const { t } = host;
  const root = el("div", { class: "rv-review", "data-id": id });
  let review: api.ReviewView | null = null;
  let failure: string | null = null;
  let live = true;
  let timer = 0;
  /** The move on show (−1: the start). */
  let at = -1;
  /** Whether the position before the move is on show, with the better move. */
  let better = false;
  let board: Board | null = null;
  let graph: EvalGraph | null = null;
  let drill: Drill | null = null;
  let drillSide: Color = "white";
  const judge = new EngineJudge();
  const detail = el("div", { class: "rv-detail", "aria-live": "polite" });
  let list: HTMLElement | null = null;

  const san = (s: string): string => displaySan(s, host.settings().notation, host.lang() === "zh-TW");

  const poll = async () => {
    try {
      const r = await api.get(id);
      if (!live) return;
      review = r;
      if (r.status === "done") {
        drillSide = mySide(r.game_id) ?? "white";
        at = -1;
        build();
        return;
      }
      render();
      if (r.status !== "failed") timer = window.setTimeout(() => void poll(), POLL_MS);
    } catch (e) {
      if (!live) return;
      failure = (e as { status?: number }).status === 404 ? t("ui.rv.unknown", { id }) : t("ui.rv.error", { message: (e as Error).message });
      render();
    }
  };

  /** The page for a review still in the works (or failed). */
  const renderWaiting = () => {
    const r = review;
    const title = el("h1", {}, [t("ui.rv.title")]);
    if (failure || r?.status === "failed") {
      root.replaceChildren(title, el("p", { class: "error rv-failed", role: "alert" }, [failure ?? t("ui.rv.failed", { message: r?.error ?? "" })]), el("a", { href: "/review", class: "button secondary" }, [t("ui.rv.new")]));
      return;
    }
    const done = r?.progress.done ?? 0;
    const total = r?.progress.total ?? 0;
    const bar = el("progress", { class: "rv-progress", max: String(Math.max(1, total)), value: String(done) });
    const words = !r || r.status === "queued" ? t("ui.rv.queued") : t("ui.rv.progress", { done, total });
    root.replaceChildren(title, el("div", { class: "rv-wait", role: "status", "aria-live": "polite" }, [bar, el("p", {}, [words])]));
  };

  /** The done review's page, built once (the language's words come from `render`). */
  const build = () => {
    const r = review;
    if (!r) return;
    board = new host.Board(
      {
        placement: placementOf(r.start_fen), orientation: drillSide, lastMove: null, check: null, dests: new Map(),
        premoveDests: null, free: false, movable: null, premoves: [], coordinates: host.settings().coordinates,
      },
      { move: () => undefined, cancelPremoves: () => undefined },
    );
    render();
    show(firstError(r));
  };

  /** The first error of the side on show, else the start. */
  const firstError = (r: api.ReviewView): number => r.moves.findIndex((m, i) => api.ERRORS.includes(m.class) && moverOf(r, i) === drillSide);

  const show = (i: number) => {
    const r = review;
    if (!r || !board) return;
    at = Math.max(-1, Math.min(r.moves.length - 1, i));
    better = false;
    graph?.show(at);
    list?.querySelectorAll(".rv-move.current").forEach((b) => b.classList.remove("current"));
    const current = list?.querySelector(`.rv-move[data-ply="${r.moves[at]?.ply}"]`) as HTMLElement | null;
    current?.classList.add("current");
    current?.scrollIntoView({ block: "nearest" });
    root.dataset.ply = at >= 0 ? String(r.moves[at].ply) : "0";
    drawBoard();
    renderDetail();
  };

  const drawBoard = () => {
    const r = review;
    if (!r || !board) return;
    const m = r.moves[at];
    if (!m) {
      board.update({ placement: placementOf(r.start_fen), lastMove: null, marks: { arrows: [], squares: [] } });
      return;
    }
    const move = parseUci(m.uci);
    if (better && m.best) {
      const b = parseUci(m.best);
      board.update({ placement: placementOf(fenBefore(r, at)), lastMove: null, marks: { arrows: b ? [{ from: b.from, to: b.to, kind: "hint" as MarkKind }] : [], squares: [] } });
      return;
    }
    board.update({ placement: placementOf(m.fen_after), lastMove: move ? [move.from, move.to] : null, marks: marksOf(m.explanation) });
  };

  const renderDetail = () => {
    const r = review;
    if (!r) return;
    const m = r.moves[at];
    if (!m) {
      detail.replaceChildren(el("p", { class: "rv-start" }, [t("ui.rv.start")]));
      return;
    }
    const parts: HTMLElement[] = [
      el("p", { class: "rv-move-title" }, [
        el("strong", {}, [numbered(r, at, m, san) + glyph(m.class)]),
        " ",
        el("span", { class: "rv-badge cls-" + m.class, "data-class": m.class }, [className(host, m.class)]),
      ]),
      el("p", { class: "rv-evals" }, [t("ui.rv.eval", { before: evalText(m.eval_before), after: evalText(m.eval_after) })]),
    ];
    if (m.best && m.best !== m.uci && m.best_san) parts.push(el("p", { class: "rv-best" }, [t("ui.rv.best", { move: san(m.best_san) })]));
    const text = m.explanation?.text[host.lang()];
    if (text) parts.push(el("p", { class: "rv-explanation", lang: host.lang(), "data-lang": host.lang() }, [text]));
    if (m.best && m.best !== m.uci) {
      parts.push(button(t(better ? "ui.rv.show_played" : "ui.rv.show_better"), () => {
        better = !better;
        drawBoard();
        renderDetail();
      }, "rv-better secondary"));
    }
    detail.replaceChildren(...parts);
  };

  const startDrill = () => {
    const r = review;
    if (!r) return;
    drill?.destroy();
    drill = new Drill(host, r, drillSide, exercisesFor(r, drillSide), judge);
    render();
    drill.root.scrollIntoView({ block: "nearest" });
  };

  /** The drill's section: the side to practise and the start (or the running drill). */
  const drillSection = (r: api.ReviewView): HTMLElement => {
    const sides = el("fieldset", { class: "rv-drill-side-pick" }, [el("legend", {}, [t("ui.rv.drill.side")])]);
    for (const c of ["white", "black"] as Color[]) {
      const input = el("input", { type: "radio", name: "rv-side", value: c, class: "rv-side-" + c }) as HTMLInputElement;
      input.checked = drillSide === c;
      input.addEventListener("change", () => {
        if (!input.checked) return;
        drillSide = c;
        drill?.destroy();
        drill = null;
        board?.update({ orientation: c });
        render();
      });
      const n = exercisesFor(r, c).length;
      sides.append(el("label", {}, [input, t("ui.rv.drill.side_count", { color: t("color." + c), n })]));
    }
    return el("section", { class: "rv-learn" }, [
      el("h2", {}, [t("ui.rv.drill.title")]),
      el("p", { class: "rv-learn-help" }, [t("ui.rv.drill.help")]),
      sides,
      drill ? drill.root : button(t("ui.rv.drill.start"), startDrill, "rv-drill-start primary"),
    ]);
  };

  const render = () => {
    if (!live) return;
    document.title = `${t("ui.rv.title")} · ${t("ui.title")}`;
    const r = review;
    if (!r || r.status !== "done" || !board) return renderWaiting();
    graph = new EvalGraph(r.moves, t("ui.rv.graph"), (i) => show(i));
    list = moveList(host, r, san, (i) => show(i));
    const who = `${r.white || t("color.white")} – ${r.black || t("color.black")}${r.result ? " · " + r.result : ""}`;
    const links: HTMLElement[] = [el("a", { href: "/review", class: "button secondary rv-new" }, [t("ui.rv.new")])];
    if (r.game_id) links.push(el("a", { href: "/analysis?" + new URLSearchParams({ game: r.game_id }).toString(), class: "button secondary rv-analysis" }, [t("ui.rv.analysis")]));
    const nav = el("div", { class: "rv-nav" }, [
      button("|◀", () => show(-1), "rv-first secondary", t("ui.rv.first")),
      button("◀", () => show(at - 1), "rv-prev secondary", t("ui.rv.prev")),
      button("▶", () => show(at + 1), "rv-next secondary", t("ui.rv.next")),
      button("▶|", () => show(r.moves.length - 1), "rv-last secondary", t("ui.rv.last")),
    ]);
    root.replaceChildren(
      el("header", { class: "rv-head" }, [el("h1", {}, [t("ui.rv.title")]), el("p", { class: "rv-players" }, [who]), el("div", { class: "rv-links" }, links)]),
      summary(host, r),
      el("div", { class: "rv-graph-box" }, [graph.root]),
      el("div", { class: "rv-main" }, [
        el("div", { class: "rv-board lesson-board" }, [board.el]),
        el("div", { class: "rv-side" }, [nav, detail, list]),
      ]),
      drillSection(r),
    );
    drill?.render();
    show(at);
  };

  const onKey = (e: KeyboardEvent) => {
    if (!review || review.status !== "done" || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target instanceof HTMLElement ? e.target : null;
    if (target?.closest("input, textarea, select, .rv-drill")) return;
    if (e.key === "ArrowLeft") show(at - 1);
    else if (e.key === "ArrowRight") show(at + 1);
    else return;
    e.preventDefault();
  };
  document.addEventListener("keydown", onKey);

  renderWaiting();
  void poll();
  return {
    root,
    render,
    destroy: () => {
      live = false;
      clearTimeout(timer);
      drill?.destroy();
      judge.destroy();
      document.removeEventListener("keydown", onKey);
    },
  };
}

/** The explanation's arrows and squares for the board. */
function marksOf(x: api.ExplanationView | null): Marks {
  const marks: Marks = { arrows: [], squares: [] };
  if (!x) return marks;
  const kind = "rv-explain" as MarkKind; // the board draws any class; review.css styles it
  for (const a of x.arrows) {
    const from: Sq | null = parseSq(a.from);
    const to: Sq | null = parseSq(a.to);
    if (from !== null && to !== null) marks.arrows.push({ from, to, kind });
  }
  for (const s of x.squares) {
    const sq = parseSq(s);
    if (sq !== null) marks.squares.push({ sq, kind });
  }
  return marks;
}
