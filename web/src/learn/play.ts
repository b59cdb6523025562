//! One game of an exercise: the board (the learner's side at the bottom, the legal moves from
//! a probe of the tables), the coach's line after each move, the defence's reply animated, the
//! 50-move counter, the stage of the method (highlighted in the list of the exercise's
//! stages), hints in three steps (the piece, the move, the idea of this stage), and the result
//! with its stars, which are recorded as the best when they are.

import type { Board } from "../board";
import {
  applyUci, attackersOf, displaySan, kingOf, opposite, parseSq, parseUci, placementOf, rankOf, sqName, type Placement, type Sq,
} from "../chess";
import type { Marks } from "../game/marks";
import { button, el } from "../ui";
import * as api from "./api";
import type { Exercise, Hint, Moved, Over, Phase, Started } from "./api";
import { fiftyLeft, movesOf, overText, starText, starsFor, turnOf, verdictText, whyText } from "./coach";
import type { Host } from "./host";
import { recordStars } from "./progress";

/** How long the learner's own move shows before the defence answers. */
const REPLY_DELAY_MS = 450;

export interface PlayActions {
  /** The same position again. */
  again(): void;
  /** A new position of the same difficulty. */
  fresh(): void;
  /** Where "next exercise" leads. */
  next: string;
}

const NO_MARKS: Marks = { arrows: [], squares: [] };

export class Play {
  readonly root: HTMLElement;
  private board: Board;
  private fen: string;
  private placement: Placement;
  private lastMove: [Sq, Sq] | null = null;
  private dests = new Map<Sq, Sq[]>();
  private legal = new Set<string>();
  private busy = true;
  private used = 0;
  private phase: Phase;
  private dtm: number | null;
  private hint: Hint | null = null;
  private last: Moved | null = null;
  private over: Over | null = null;
  private stars = 0;
  private error: string | null = null;
  private timer = 0;
  private live = true;
  /** The panel beside the board: what changes with each move (`status`, `hintBox`) around
   *  the buttons, which stay in place across renders so that keyboard focus stays on them. */
  private status = el("div", { class: "eg-status" });
  private hintButton = button("", () => void this.askHint(), "eg-hint-button secondary");
  private freshButton = button("", () => this.actions.fresh(), "eg-fresh secondary");
  private hintBox = el("div", { class: "eg-hint-box" });
  private panel = el("div", { class: "eg-panel" }, [
    this.status,
    el("div", { class: "eg-tools" }, [this.hintButton, this.freshButton]),
    this.hintBox,
  ]);

  constructor(
    private host: Host,
    private ex: Exercise,
    private started: Started,
    private actions: PlayActions,
  ) {
    this.fen = started.fen;
    this.placement = placementOf(started.fen);
    this.phase = started.phase;
    this.dtm = started.dtm;
    this.board = new host.Board(
      {
        placement: this.placement,
        orientation: ex.learner,
        lastMove: null,
        check: null,
        dests: new Map(),
        premoveDests: null,
        free: false,
        movable: ex.learner,
        premoves: [],
        coordinates: host.settings().coordinates,
      },
      { move: (from, to) => void this.played(from, to), cancelPremoves: () => undefined },
    );
    this.root = el("div", { class: "eg-play" }, [el("div", { class: "eg-board" }, [this.board.el]), this.panel]);
    this.render();
    void this.loadMoves();
  }

  destroy(): void {
    this.live = false;
    clearTimeout(this.timer);
  }

  /** The learner's legal moves in the current position, from the tables. */
  private async loadMoves(): Promise<void> {
    this.busy = true;
    try {
      const p = await api.probe(this.fen);
      if (!this.live) return;
      this.legal = new Set(p.moves.map((m) => m.uci));
      this.dests = new Map();
      for (const m of p.moves) {
        const u = parseUci(m.uci);
        if (!u) continue;
        const list = this.dests.get(u.from) ?? [];
        if (!list.includes(u.to)) list.push(u.to);
        this.dests.set(u.from, list);
      }
      this.busy = false;
      this.error = null;
    } catch (e) {
      this.error = (e as Error).message;
    }
    this.render();
  }

  private check(): Sq | null {
    const turn = turnOf(this.fen);
    const k = kingOf(this.placement, turn);
    return k !== null && attackersOf(this.placement, k, opposite(turn)).length ? k : null;
  }

  private async played(from: Sq, to: Sq): Promise<void> {
    if (this.busy || this.over) return;
    const piece = this.placement.get(from);
    let uci = sqName(from) + sqName(to);
    if (piece?.role === "p" && (rankOf(to) === 7 || rankOf(to) === 0)) {
      const role = await this.board.choosePromotion(to, piece.color);
      if (!role) return this.render();
      uci += role;
    }
    if (!this.legal.has(uci)) return this.render();
    this.busy = true;
    this.hint = null;
    const captures = this.placement.has(to);
    this.placement = applyUci(this.placement, uci);
    this.lastMove = [from, to];
    this.host.sound(captures ? "capture" : "move");
    this.render();
    let res: Moved;
    try {
      res = await api.move(this.ex.key, this.fen, uci);
    } catch (e) {
      if (!this.live) return;
      // Take the move back: the server did not accept it.
      this.placement = placementOf(this.fen);
      this.lastMove = null;
      this.error = (e as Error).message;
      this.busy = false;
      return this.render();
    }
    if (!this.live) return;
    this.used++;
    this.last = res;
    this.fen = res.fen;
    this.phase = res.phase ?? this.phase;
    this.error = null;
    this.render();
    const reply = res.reply;
    if (reply) {
      this.timer = window.setTimeout(() => {
        const u = parseUci(reply.uci);
        const captures = this.placement.size !== placementOf(reply.fen).size;
        this.fen = reply.fen;
        this.placement = placementOf(reply.fen);
        this.host.sound(captures ? "capture" : reply.san.includes("+") ? "check" : "move");
        this.lastMove = u ? [u.from, u.to] : null;
        this.dtm = res.dtm;
        if (res.over) this.finish(res.over);
        else void this.loadMoves();
        this.render();
      }, REPLY_DELAY_MS);
    } else if (res.over) {
      this.finish(res.over);
      this.render();
    }
  }

  private finish(over: Over): void {
    this.over = over;
    this.host.sound("end");
    this.busy = true;
    this.stars = starsFor(this.ex.goal, over.learner, this.used, this.started.optimal_moves);
    recordStars(this.ex.key, this.stars);
  }

  private async askHint(): Promise<void> {
    if (this.busy || this.over) return;
    const level = Math.min(3, (this.hint?.level ?? 0) + 1) as 1 | 2 | 3;
    try {
      const h = await api.hint(this.ex.key, this.fen, level);
      if (!this.live) return;
      this.hint = h;
    } catch (e) {
      this.error = (e as Error).message;
    }
    this.render();
  }

  private marks(): Marks {
    const h = this.hint;
    if (!h) return NO_MARKS;
    if (h.level === 1 && h.square) {
      const sq = parseSq(h.square);
      return sq === null ? NO_MARKS : { arrows: [], squares: [{ sq, kind: "tried" }] };
    }
    if (h.level === 2 && h.uci) {
      const u = parseUci(h.uci);
      return u ? { arrows: [{ from: u.from, to: u.to, kind: "tried" }], squares: [{ sq: u.from, kind: "tried" }] } : NO_MARKS;
    }
    return NO_MARKS;
  }

  private san(s: string): string {
    const st = this.host.settings();
    return displaySan(s, st.notation, this.host.lang() === "zh-TW");
  }

  private hintText(): string | null {
    const h = this.hint;
    const t = this.host.t;
    if (!h) return null;
    if (h.level === 1) return t("ui.eg.hint.piece");
    if (h.level === 2) return t("ui.eg.hint.move", { san: this.san(h.san ?? "") });
    return t("ui.eg.hint.idea", { idea: t(`ui.eg.phase.${this.ex.key}.${h.phase ?? this.phase}`) });
  }

  private stages(): HTMLElement {
    const t = this.host.t;
    const at = this.ex.phases.indexOf(this.phase);
    const items = this.ex.phases.map((p, i) => {
      const li = el("li", { "data-phase": p, class: i === at ? "current" : i < at ? "done" : "" }, [t("ui.eg.stage." + p)]);
      if (i === at) li.setAttribute("aria-current", "step");
      return li;
    });
    return el("section", { class: "eg-stages", "aria-label": t("ui.eg.stages") }, [el("ol", {}, items)]);
  }

  private coach(): HTMLElement {
    const t = this.host.t;
    const box = el("div", { class: "eg-coach", role: "status", "aria-live": "polite" });
    const r = this.last;
    if (r) {
      const best = r.best ? { ...r.best, san: this.san(r.best.san) } : null;
      box.append(el("p", { class: "eg-verdict " + r.verdict.kind, "data-kind": r.verdict.kind }, [verdictText(t, r.verdict, best)]));
      const why = whyText(t, this.ex.goal, r.verdict);
      if (why) box.append(el("p", { class: "eg-why", "data-why": r.verdict.why ?? "" }, [why]));
      if (r.reply && this.fen === r.reply.fen) box.append(el("p", { class: "eg-reply" }, [t("ui.eg.reply", { san: this.san(r.reply.san) })]));
    }
    if (this.ex.goal === "win" && this.dtm !== null && this.dtm % 2 === 1 && !this.over) {
      box.append(el("p", { class: "eg-mate-in" }, [t("ui.eg.mate_in", { n: movesOf(this.dtm) })]));
    }
    return box;
  }

  private result(): HTMLElement | null {
    const over = this.over;
    if (!over) return null;
    const t = this.host.t;
    const [how, what] = overText(t, this.ex.goal, over, this.used, this.started.optimal_moves);
    return el("section", { class: "eg-result " + over.learner, "data-learner": over.learner, "data-stars": String(this.stars) }, [
      el("p", { class: "eg-over" }, [how]),
      el("p", { class: "eg-what" }, [what]),
      el("p", { class: "eg-stars big", "aria-label": t("ui.eg.stars", { n: this.stars }) }, [starText(this.stars)]),
      el("div", { class: "eg-actions" }, [
        button(t("ui.eg.again"), () => this.actions.again(), "eg-again secondary"),
        el("a", { href: this.actions.next, class: "button primary eg-next" }, [t("ui.eg.next")]),
      ]),
    ]);
  }

  /** Draws the board and the panel from the state (also after a language switch). */
  render(): void {
    if (!this.live) return;
    const t = this.host.t;
    this.root.dataset.fen = this.fen;
    this.root.dataset.busy = String(this.busy);
    this.board.update({
      placement: this.placement,
      lastMove: this.lastMove,
      check: this.check(),
      dests: this.busy || this.over ? new Map() : this.dests,
      coordinates: this.host.settings().coordinates,
      marks: this.marks(),
    });
    const left = fiftyLeft(this.fen);
    const task =
      this.ex.goal === "win" ? t("ui.eg.task.win", { n: this.started.optimal_moves ?? "—" }) : t("ui.eg.task.draw");
    const hintText = this.hintText();
    const parts: (HTMLElement | null)[] = [
      el("p", { class: "eg-task" }, [t("ui.eg.you." + this.ex.learner), this.host.lang() === "en" ? " " : "", task]),
      el("div", { class: "eg-counters" }, [
        el("span", { class: "eg-fifty" + (left <= 10 ? " low" : ""), "data-left": String(left) }, [t("ui.eg.fifty", { n: left })]),
        el("span", { class: "eg-used", "data-used": String(this.used) }, [t("ui.eg.moves_used", { n: this.used })]),
      ]),
      this.stages(),
      this.coach(),
      this.error ? el("p", { class: "error", role: "alert" }, [t("ui.eg.error", { message: this.error })]) : null,
      this.result(),
    ];
    this.status.replaceChildren(...parts.filter((p): p is HTMLElement => p !== null));
    this.hintButton.textContent = t("ui.eg.hint");
    this.hintButton.disabled = this.busy || !!this.over;
    this.freshButton.textContent = t("ui.eg.new_position");
    this.hintBox.replaceChildren(...(hintText ? [el("p", { class: "eg-hint", "data-level": String(this.hint?.level ?? 0) }, [hintText])] : []));
  }
}
