//! `/explorer[?fen=FEN]`: the opening explorer over the games finished on this server. A board
//! to move on (any legal move, checked by the rules core through `/api/explain`) or a move to
//! pick from the list; for the position shown, the moves played from it with how many games
//! and their results as a white / draw / black bar (`/api/explorer`), and the opening's name as
//! reached. Back and forward (buttons, or the arrow keys) walk the moves made on this page;
//! the address keeps the position shown, so it can be shared or reloaded.

import type { Board } from "../board";
import { displaySan, parseUci, placementOf, rankOf, sqName, START_FEN, type Color, type Sq } from "../chess";
import type { Page } from "../app/router";
import { button, el } from "../ui";
import { explain, explore, textIn, type Counts, type Explored } from "./api";
import type { Host } from "../learn/host";

interface Ply {
  uci: string;
  san: string;
  fen: string;
}

const turnOf = (fen: string): Color => (fen.split(" ")[1] === "b" ? "black" : "white");

/** Percentages of white wins, draws and black wins (whole numbers summing to 100; 0s when no games). */
export function shares(c: Counts): [number, number, number] {
  if (c.games <= 0) return [0, 0, 0];
  const w = Math.round((100 * c.white) / c.games);
  const b = Math.round((100 * c.black) / c.games);
  return [w, Math.max(0, 100 - w - b), b];
}

export function explorerPage(host: Host): Page {
  const t = host.t;
  const start = new URLSearchParams(location.search).get("fen") || START_FEN;
  const plies: Ply[] = [];
  let at = 0;
  let data: Explored | null = null;
  let loadedFen: string | null = null;
  let error: string | null = null;
  let said: string | null = null;
  let busy = false;
  let live = true;
  const fen = () => (at ? plies[at - 1].fen : start);

  const board: Board = new host.Board(
    {
      placement: placementOf(start),
      orientation: "white",
      lastMove: null,
      check: null,
      dests: new Map(),
      premoveDests: null,
      free: true,
      movable: turnOf(start),
      premoves: [],
      coordinates: host.settings().coordinates,
    },
    { move: (from, to) => void tried(from, to), cancelPremoves: () => undefined },
  );
  const head = el("div", { class: "op-head" });
  const panel = el("div", { class: "op-panel op-explorer-panel" });
  const root = el("div", { class: "op-explorer" }, [head, el("div", { class: "op-play" }, [el("div", { class: "op-board" }, [board.el]), panel])]);

  const load = async () => {
    const f = fen();
    try {
      const d = await explore(f);
      if (!live || f !== fen()) return;
      data = d;
      loadedFen = f;
      error = null;
    } catch (e) {
      if (!live) return;
      error = (e as Error).message;
    }
    render();
  };

  const go = (n: number) => {
    if (n < 0 || n > plies.length || n === at) return;
    at = n;
    said = null;
    render();
    void load();
  };

  const push = (p: Ply) => {
    plies.length = at;
    plies.push(p);
    at = plies.length;
    said = null;
    const u = parseUci(p.uci);
    host.sound(p.san.includes("+") ? "check" : u && placementOf(plies.length > 1 ? plies[plies.length - 2].fen : start).has(u.to) ? "capture" : "move");
    render();
    void load();
  };

  const play = async (uci: string) => {
    if (busy) return;
    busy = true;
    const f = fen();
    try {
      const r = await explain(f, uci, host.lang());
      if (!live || f !== fen()) return;
      if (r.legal && r.fen_after) push({ uci: r.uci ?? uci, san: r.san ?? uci, fen: r.fen_after });
      else {
        said = t("ui.op.explorer.illegal", { why: r.message ?? "" });
        render();
      }
    } catch (e) {
      error = (e as Error).message;
      render();
    } finally {
      busy = false;
    }
  };

  const tried = (from: Sq, to: Sq) => {
    const piece = placementOf(fen()).get(from);
    let uci = sqName(from) + sqName(to);
    if (piece?.role === "p" && (rankOf(to) === 7 || rankOf(to) === 0)) uci += "q";
    void play(uci);
  };

  const san = (s: string) => displaySan(s, host.settings().notation, host.lang() === "zh-TW");

  const bar = (c: Counts): HTMLElement => {
    const [w, d, b] = shares(c);
    const seg = (cls: string, p: number) => el("span", { class: "op-bar-" + cls, style: `width:${p}%` }, [p >= 12 ? `${p}%` : ""]);
    return el("span", { class: "op-bar", role: "img", "aria-label": t("ui.op.explorer.bar", { white: w, draws: d, black: b }), "data-white": String(c.white), "data-draws": String(c.draws), "data-black": String(c.black) }, [
      seg("white", w), seg("draws", d), seg("black", b),
    ]);
  };

  const table = (d: Explored): HTMLElement => {
    const rows = d.moves.map((m) =>
      el("tr", { class: "op-move-row", "data-uci": m.uci, "data-games": String(m.games) }, [
        el("td", {}, [button(san(m.san), () => void play(m.uci), "op-move link")]),
        el("td", { class: "op-count" }, [String(m.games)]),
        el("td", {}, [bar(m)]),
      ]),
    );
    return el("table", { class: "op-moves-table" }, [
      el("thead", {}, [el("tr", {}, [el("th", {}, [t("ui.op.explorer.move")]), el("th", {}, [t("ui.op.explorer.count")]), el("th", {}, [t("ui.op.explorer.results")])])]),
      el("tbody", {}, rows),
      el("tfoot", {}, [el("tr", { class: "op-total", "data-games": String(d.games) }, [
        el("td", {}, [t("ui.op.explorer.total")]),
        el("td", { class: "op-count" }, [String(d.games)]),
        el("td", {}, [bar(d)]),
      ])]),
    ]);
  };

  const render = () => {
    if (!live) return;
    const lang = host.lang();
    document.title = `${t("ui.op.explorer.title")} · ${t("ui.title")}`;
    const f = fen();
    const turn = turnOf(f);
    const last = at ? parseUci(plies[at - 1].uci) : null;
    board.update({
      placement: placementOf(f),
      lastMove: last ? [last.from, last.to] : null,
      movable: turn,
      coordinates: host.settings().coordinates,
    });
    root.dataset.fen = f;
    root.dataset.loaded = String(loadedFen === f);
    if (location.pathname === "/explorer") {
      const q = f === START_FEN ? "" : "?" + new URLSearchParams({ fen: f }).toString();
      if (location.search !== q) history.replaceState(history.state, "", "/explorer" + q);
    }
    head.replaceChildren(
      el("a", { href: "/learn/openings", class: "op-back" }, [t("ui.op.back")]),
      el("h1", {}, [t("ui.op.explorer.title")]),
      el("p", { class: "op-intro" }, [t("ui.op.explorer.intro")]),
    );
    const opening = loadedFen === f ? data?.opening : undefined;
    const parts: (HTMLElement | null)[] = [
      el("p", { class: "op-opening" }, [
        t("ui.game.opening") + " ",
        el("span", { class: "op-opening-name", "data-key": opening?.key ?? "" }, [
          opening ? `${textIn(opening.name, lang)} (${opening.eco})` : opening === null ? t("ui.op.explorer.no_opening") : "…",
        ]),
      ]),
      el("div", { class: "op-nav" }, [
        button(t("ui.op.explorer.start"), () => go(0), "op-start secondary"),
        button("◀ " + t("ui.op.explorer.back"), () => go(at - 1), "op-backward secondary"),
        button(t("ui.op.explorer.forward") + " ▶", () => go(at + 1), "op-forward secondary"),
      ]),
      el("ol", { class: "op-moves", "aria-label": t("ui.op.explorer.line") }, plies.slice(0, at).map((p, i) => {
        const n = (start === START_FEN ? i : i + (turnOf(start) === "black" ? 1 : 0));
        return el("li", { class: "op-ply", "data-uci": p.uci }, [(n % 2 === 0 ? `${Math.floor(n / 2) + 1}. ` : "") + san(p.san)]);
      })),
      said ? el("p", { class: "op-said wrong", role: "alert" }, [said]) : null,
      error ? el("p", { class: "error", role: "alert" }, [t("ui.op.error", { message: error })]) : null,
    ];
    const d = loadedFen === f ? data : null;
    if (d && d.games > 0) parts.push(el("p", { class: "op-games" }, [t("ui.op.explorer.games", { n: d.games })]), table(d));
    else if (d) parts.push(el("p", { class: "op-none empty" }, [t("ui.op.explorer.none")]));
    panel.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null));
    const [startB, backB, fwdB] = panel.querySelectorAll<HTMLButtonElement>(".op-nav button");
    startB.disabled = at === 0;
    backB.disabled = at === 0;
    fwdB.disabled = at >= plies.length;
  };

  const keys = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement | null;
    if (target && (target.closest("input, textarea, select") || target.closest(".board"))) return;
    if (e.key === "ArrowLeft") go(at - 1);
    else if (e.key === "ArrowRight") go(at + 1);
    else return;
    e.preventDefault();
  };
  window.addEventListener("keydown", keys);

  render();
  void load();
  return {
    root,
    render,
    destroy: () => {
      live = false;
      window.removeEventListener("keydown", keys);
    },
  };
}
