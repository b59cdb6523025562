//! The analysis board (`/analysis`), part of `learn.js`: this module adds the page's style
//! sheet once and builds the page from its query — `fen` (the start, standard when absent),
//! `moves` (UCI moves from it, comma-separated, kept up to the first illegal one), `ply`
//! (the move of the main line to show; the last by default), `orientation` (`white` or
//! `black`) and `game` (a game of this server, its PGN from `/api/games/{id}/pgn`, which
//! replaces `fen` and `moves`).

import type { Page } from "../app/router";
import { START_FEN, type Color } from "../chess";
import type { Host } from "../learn/host";
import { el } from "../ui";
import css from "./analysis.css";
import { AnalysisPage } from "./page";
import { readPgn } from "./pgn";
import { FenParseError, legalMoves } from "./rules";
import { Tree } from "./tree";

let styled = false;
function style(): void {
  if (styled) return;
  styled = true;
  const s = document.createElement("style");
  s.dataset.module = "analysis";
  s.textContent = css;
  document.head.appendChild(s);
}

/** The tree a query asks for, and a problem to tell the reader (a bad FEN falls back to the
 *  standard start; an illegal move ends the line). */
export function treeOf(query: URLSearchParams, host: Host): { tree: Tree; problem: string | null } {
  let problem: string | null = null;
  let tree: Tree;
  try {
    tree = new Tree(query.get("fen") ?? START_FEN);
  } catch (e) {
    problem = host.t("ui.an.fen_error." + (e instanceof FenParseError ? e.reason : "rows"));
    tree = new Tree(START_FEN);
  }
  let node = tree.root;
  for (const uci of (query.get("moves") ?? "").split(",").filter((m) => m)) {
    if (!legalMoves(node.pos).includes(uci)) {
      problem = host.t("ui.an.bad_move", { move: uci });
      break;
    }
    node = tree.add(node, uci);
  }
  return { tree, problem };
}

/** `/analysis?fen=…&moves=…&ply=…&orientation=…&game=…`. */
export function analysisPage(host: Host, query: URLSearchParams): Page {
  style();
  const orientation: Color = query.get("orientation") === "black" ? "black" : "white";
  const { tree, problem } = treeOf(query, host);
  const page = new AnalysisPage(host, tree, orientation);
  const plyText = query.get("ply");
  const ply = plyText !== null && /^\d+$/.test(plyText) ? Number(plyText) : Number.MAX_SAFE_INTEGER;
  page.goToPly(ply);
  if (problem) page.say(problem);
  const root = el("main", { class: "an-page" }, [page.root]);
  const game = query.get("game");
  if (game && /^[A-Za-z0-9_-]+$/.test(game)) {
    root.setAttribute("aria-busy", "true");
    fetch(`/api/games/${game}/pgn`)
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
      .then((text) => {
        const g = readPgn(text);
        page.setTree(g.tree, g.tags, ply);
      })
      .catch(() => page.say(host.t("ui.an.game_error")))
      .finally(() => root.removeAttribute("aria-busy"));
  }
  return {
    root,
    render: () => page.render(),
    destroy: () => page.destroy(),
  };
}
