//! The analysis board page: the board with the eval bar, the buttons under it, the engine's
//! lines, the opening and tablebase lines, the move tree and its tools. It holds the state
//! (the tree, the current move, the orientation, the engine's options) and draws every part
//! from it after each change. Moves come from the board (legal ones only, with the promotion
//! chooser), the engine's lines, the move list and the keyboard: ←/→ one move, ↑/Home the
//! start, ↓/End the end of the line, space the engine's best move, f flips.

import type { Board } from "../board";
import { opposite, parseUci, placementOf, type Color, type Sq } from "../chess";
import type { MarkKind, Marks } from "../game/marks";
import type { Host } from "../learn/host";
import { soundOf } from "../lessons/task";
import { button, el } from "../ui";
import { Analyser } from "./engine";
import { PositionInfo } from "./info";
import { EvalBar, LinesPanel } from "./lines";
import { MoveList } from "./movelist";
import { PgnError, readPgn, writePgn } from "./pgn";
import { FenParseError, inCheck, legalMoves, outcome } from "./rules";
import { Tools } from "./tools";
import { lineFrom, Tree, type Node } from "./tree";
import { textIn } from "../openings/api";
import type { WhiteScore } from "./score";

/** The reader's engine options, kept in this browser. */
interface Options {
  engine: boolean;
  multipv: number;
  wdl: boolean;
}
const OPTIONS_KEY = "gx.analysis";

function readOptions(): Options {
  const fallback: Options = { engine: true, multipv: 2, wdl: false };
  try {
    const o = JSON.parse(localStorage.getItem(OPTIONS_KEY) ?? "{}") as Partial<Options>;
    return {
      engine: typeof o.engine === "boolean" ? o.engine : fallback.engine,
      multipv: typeof o.multipv === "number" && o.multipv >= 1 && o.multipv <= 5 ? Math.round(o.multipv) : fallback.multipv,
      wdl: typeof o.wdl === "boolean" ? o.wdl : fallback.wdl,
    };
  } catch {
    return fallback;
  }
}

export class AnalysisPage {
  readonly root: HTMLElement;
  private tree: Tree;
  private node: Node;
  private tags = new Map<string, string>();
  private orientation: Color;
  private options = readOptions();
  private board: Board;
  private bar = new EvalBar();
  private lines: LinesPanel;
  private list: MoveList;
  private tools: Tools;
  private analyser: Analyser;
  private info: PositionInfo;
  private title = el("h1");
  private opening = el("p", { class: "an-opening" });
  private tablebase = el("p", { class: "an-tb" });
  private notice = el("p", { class: "an-notice", role: "alert" });
  private nav = el("div", { class: "an-nav" });
  private keysHelp = el("p", { class: "an-keys" });
  private live = true;
  private keys = (e: KeyboardEvent) => this.key(e);

  constructor(
    private host: Host,
    tree: Tree,
    orientation: Color,
  ) {
    this.tree = tree;
    this.node = tree.root;
    this.orientation = orientation;
    this.analyser = new Analyser(() => this.live && this.renderEngine());
    this.info = new PositionInfo(() => {
      if (!this.live) return;
      this.renderInfo();
      this.renderEngine();
    });
    this.board = new host.Board(
      {
        placement: placementOf(tree.root.fen),
        orientation,
        lastMove: null,
        check: null,
        dests: new Map(),
        premoveDests: null,
        free: false,
        movable: null,
        premoves: [],
        coordinates: host.settings().coordinates,
      },
      { move: (from, to) => void this.boardMove(from, to), cancelPremoves: () => undefined },
    );
    this.lines = new LinesPanel(host, {
      toggle: () => this.setOptions({ engine: !this.options.engine }),
      multipv: (n) => this.setOptions({ multipv: n }),
      showWdl: (on) => this.setOptions({ wdl: on }),
      play: (moves) => this.select(this.tree.addLine(this.node, moves)),
    });
    this.list = new MoveList(host, (n) => this.select(n));
    this.tools = new Tools(host, {
      comment: (text) => {
        this.node.comment = text.trim() ? text : "";
        this.list.render(this.tree, this.node);
      },
      remove: () => this.select(this.tree.delete(this.node)),
      promote: () => {
        this.tree.promote(this.node);
        this.render();
      },
      load: (text) => this.load(text),
      pgn: () => writePgn(this.tree, this.tags),
    });
    this.root = el("div", { class: "an-layout" }, [
      el("div", { class: "an-head" }, [this.title, this.opening]),
      el("div", { class: "an-main" }, [
        el("div", { class: "an-left" }, [el("div", { class: "an-boardwrap" }, [this.bar.root, el("div", { class: "an-board" }, [this.board.el])]), this.nav, this.keysHelp]),
        el("div", { class: "an-side" }, [this.notice, this.lines.root, this.tablebase, this.list.root, this.tools.root]),
      ]),
    ]);
    document.addEventListener("keydown", this.keys);
    this.select(this.node);
  }

  /** Shows a message above the lines (a game that could not load, a bad FEN in the URL). */
  say(text: string): void {
    this.notice.textContent = text;
  }

  /** Goes to the `ply`-th move of the main line (the last when past its end). */
  goToPly(ply: number): void {
    const main = this.tree.mainLine();
    this.select(ply <= 0 ? this.tree.root : (main[Math.min(ply, main.length) - 1] ?? this.tree.root));
  }

  /** Replaces the tree (a PGN or FEN loaded) and goes to `ply` (default: its start). */
  setTree(tree: Tree, tags: Map<string, string>, ply = 0): void {
    this.tree = tree;
    this.tags = tags;
    this.goToPly(ply);
  }

  private setOptions(change: Partial<Options>): void {
    this.options = { ...this.options, ...change };
    try {
      localStorage.setItem(OPTIONS_KEY, JSON.stringify(this.options));
    } catch {
      /* the options last for this page */
    }
    if ("engine" in change || "multipv" in change) this.analyse();
    this.render();
  }

  private analyse(): void {
    if (this.options.engine) void this.analyser.analyse(this.node.fen, this.options.multipv, outcome(this.node.pos) !== null);
    else this.analyser.stop();
  }

  select(node: Node): void {
    this.node = node;
    this.analyse();
    this.render();
  }

  /** A PGN (anything with a move or a tag) or a FEN from the import box; an error or null. */
  private load(text: string): string | null {
    const t = this.host.t;
    const s = text.trim();
    if (!s) return t("ui.an.import_empty");
    const looksFen = /^[rnbqkpRNBQKP1-8]+(\/[rnbqkpRNBQKP1-8]+){7}\s/.test(s + " ");
    try {
      if (looksFen) this.setTree(new Tree(s), new Map());
      else {
        const g = readPgn(s);
        this.setTree(g.tree, g.tags);
      }
      return null;
    } catch (e) {
      if (e instanceof FenParseError) return t("ui.an.fen_error." + e.reason);
      if (e instanceof PgnError) return e.kind === "illegal" ? t("ui.an.pgn_illegal", { move: e.token, n: e.at }) : e.kind === "fen" ? t("ui.an.fen_error.rows") : t("ui.an.pgn_syntax");
      return t("ui.an.pgn_syntax");
    }
  }

  private async boardMove(from: Sq, to: Sq): Promise<void> {
    const pos = this.node.pos;
    const options = legalMoves(pos).filter((u) => {
      const m = parseUci(u);
      return m && m.from === from && m.to === to;
    });
    if (!options.length) return;
    let uci = options[0];
    if (options.length > 1) {
      const role = await this.board.choosePromotion(to, pos.turn);
      if (!role || !this.live) return this.render();
      uci = options.find((u) => u.endsWith(role)) ?? uci;
    }
    const captured = !!pos.board[to];
    const next = this.tree.add(this.node, uci);
    this.host.sound(soundOf(next.san, captured));
    this.select(next);
  }

  /** Plays the engine's best move here (space). */
  playBest(): void {
    const best = this.analyser.best(this.node.fen);
    if (best && legalMoves(this.node.pos).includes(best)) this.select(this.tree.add(this.node, best));
  }

  private flip(): void {
    this.orientation = opposite(this.orientation);
    this.render();
  }

  private key(e: KeyboardEvent): void {
    const target = e.target as HTMLElement | null;
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if (target && (/INPUT|TEXTAREA|SELECT/.test(target.tagName) || target.isContentEditable || target.closest(".board"))) return;
    const n = this.node;
    let to: Node | null = null;
    switch (e.key) {
      case "ArrowLeft":
        to = n.parent;
        break;
      case "ArrowRight":
        to = n.children[0] ?? null;
        break;
      case "ArrowUp":
      case "Home":
        to = this.tree.root;
        break;
      case "ArrowDown":
      case "End":
        to = lineFrom(n).pop() ?? n;
        break;
      case " ":
        e.preventDefault();
        this.playBest();
        return;
      case "f":
        this.flip();
        return;
      default:
        return;
    }
    e.preventDefault();
    if (to && to !== n) this.select(to);
  }

  render(): void {
    const t = this.host.t;
    this.title.textContent = t("ui.an.title");
    const pos = this.node.pos;
    const last = parseUci(this.node.uci);
    const dests = new Map<Sq, Sq[]>();
    for (const u of legalMoves(pos)) {
      const m = parseUci(u)!;
      dests.set(m.from, [...(dests.get(m.from) ?? []), m.to]);
    }
    const king = pos.board.findIndex((p) => p?.role === "k" && p.color === pos.turn);
    this.board.update({
      placement: placementOf(this.node.fen),
      orientation: this.orientation,
      lastMove: last ? [last.from, last.to] : null,
      check: inCheck(pos) ? king : null,
      dests,
      movable: pos.turn,
      coordinates: this.host.settings().coordinates,
    });
    this.nav.replaceChildren(
      button("«", () => this.select(this.tree.root), "an-first secondary", t("ui.an.first")),
      button("‹", () => this.node.parent && this.select(this.node.parent), "an-prev secondary", t("ui.an.prev")),
      button("›", () => this.node.children[0] && this.select(this.node.children[0]), "an-next secondary", t("ui.an.next")),
      button("»", () => this.select(lineFrom(this.node).pop() ?? this.node), "an-last secondary", t("ui.an.last")),
      button("⇅", () => this.flip(), "an-flip secondary", t("ui.an.flip")),
      button(t("ui.an.best"), () => this.playBest(), "an-best-move secondary"),
    );
    this.keysHelp.textContent = t("ui.an.keys");
    this.root.dataset.fen = this.node.fen;
    this.root.dataset.ply = String(this.node.ply);
    this.root.dataset.orientation = this.orientation;
    this.list.render(this.tree, this.node);
    this.tools.render(this.node, !this.node.parent, !!this.node.parent && !this.tree.onMainLine(this.node));
    this.renderEngine();
    this.renderInfo();
  }

  /** The result and its reason when the game is over on the board. */
  private final(): { text: string; why: string } | null {
    const o = outcome(this.node.pos);
    if (!o) return null;
    const t = this.host.t;
    if (o === "stalemate") return { text: "½–½", why: t("ui.an.stalemate") };
    return { text: this.node.pos.turn === "white" ? "0–1" : "1–0", why: t("ui.an.checkmate") };
  }

  private tbScore(): WhiteScore | null {
    const v = this.info.tablebase(this.node.fen, this.node.pos);
    if (!v) return null;
    if (v.result === "draw") return { cp: 0 };
    const m = v.mateIn ?? 0;
    return { mate: v.result === "white" ? m : -m };
  }

  private renderEngine(): void {
    const a = this.analyser.current;
    const fen = this.node.fen;
    const lines = a && a.fen === fen ? a.lines : [];
    const final = this.final();
    const view = {
      state: this.options.engine ? this.analyser.state : this.analyser.state === "unavailable" ? ("unavailable" as const) : ("off" as const),
      pos: this.node.pos,
      lines,
      multipv: this.options.multipv,
      showWdl: this.options.wdl,
      fixed: final ? null : this.tbScore(),
      final,
    };
    this.lines.render(view);
    const score = final ? ({ mate: this.node.pos.turn === "white" ? -1 : 1 } as WhiteScore) : LinesPanel.score(view);
    this.bar.render(final?.text === "½–½" ? { cp: 0 } : score, this.orientation === "black", this.host);
    const marks: Marks = { arrows: [], squares: [] };
    if (this.options.engine && !final) {
      lines.slice(0, this.options.multipv).forEach((l, i) => {
        const m = parseUci(l.pv[0] ?? "");
        if (m) marks.arrows.push({ from: m.from, to: m.to, kind: (i === 0 ? "an-best" : "an-alt") as MarkKind });
      });
    }
    this.board.update({ marks });
  }

  private renderInfo(): void {
    const t = this.host.t;
    const o = this.info.opening(this.tree, this.node);
    this.opening.textContent = o ? `${o.eco} ${textIn(o.name, this.host.lang())}` : "";
    const v = this.info.tablebase(this.node.fen, this.node.pos);
    this.tablebase.hidden = !v;
    this.tablebase.textContent = !v
      ? ""
      : v.result === "draw"
        ? t("ui.an.tb_draw")
        : t(v.result === "white" ? "ui.an.tb_white" : "ui.an.tb_black", { n: v.mateIn ?? 0, plies: v.dtm ?? 0 });
  }

  destroy(): void {
    this.live = false;
    document.removeEventListener("keydown", this.keys);
    this.analyser.destroy();
    this.info.destroy();
  }
}
