//! "Learn from your mistakes": each inaccuracy, mistake and blunder of the chosen side becomes
//! an exercise — the position before it, that side to move, "find a better move". A move is
//! put to the rules core first (`/api/explain`: an illegal one is refused with its reason and
//! the piece goes back); a legal one is right when it is the review's best move, or when our
//! engine in the page (WasmEngine, when it loads) finds it loses no more than 0.05 of the
//! expected score against the best move searched the same way. A wrong move can be tried again
//! or the answer shown: the best move as an arrow and in words, with the review's explanation
//! of the move played in the game.

import { legalMoves, parseFen } from "../analysis/rules";
import { explain } from "../api";
import type { Board } from "../board";
import { displaySan, parseUci, placementOf, rankOf, sqName, type Color, type Sq } from "../chess";
import type { EngineScore } from "../engine/client";
import type { Marks, MarkKind } from "../game/marks";
import type { Host } from "../learn/host";
import { button, el } from "../ui";
import { ERRORS, type ReviewView } from "./api";
import { whiteScore } from "./graph";
import { className, fenBefore, moverOf, numbered } from "./words";

/** The most expected score a move may lose against the best and still count as found. */
export const TOLERANCE = 0.05;

/** The indexes of the moves `side` should learn from. */
export function exercisesFor(r: ReviewView, side: Color): number[] {
  return r.moves.map((m, i) => (ERRORS.includes(m.class) && moverOf(r, i) === side ? i : -1)).filter((i) => i >= 0);
}

/** The mover's expected score for an engine score (from the side to move of the position
 *  searched, which is the mover's opponent after the mover's move). */
export function moverScore(s: EngineScore): number {
  const white = "mate" in s ? { mate: s.mate } : { cp: s.cp };
  return 1 - whiteScore(white);
}

type Said =
  | { kind: "ask" }
  | { kind: "illegal"; why: string }
  | { kind: "checking" }
  | { kind: "right"; san: string; best: boolean }
  | { kind: "wrong"; san: string; played: boolean }
  | { kind: "answer" }
  | { kind: "done" };

export interface Judge {
  /** Whether the position after the learner's move (`fenMine`) is worth no less than
   *  TOLERANCE below the one after the best move (`fenBest`); null when no engine can say. */
  close(fenMine: string, fenBest: string): Promise<boolean | null>;
}

export class Drill {
  readonly root: HTMLElement;
  private board: Board;
  private text = el("div", { class: "rv-drill-text", role: "status", "aria-live": "polite" });
  private tools = el("div", { class: "rv-drill-tools" });
  private count = el("p", { class: "rv-drill-count" });
  private at = 0;
  private said: Said = { kind: "ask" };
  private solved = new Set<number>();
  private marks: Marks = { arrows: [], squares: [] };
  private live = true;

  constructor(
    private host: Host,
    private review: ReviewView,
    readonly side: Color,
    private list: number[],
    private judge: Judge,
  ) {
    this.board = new host.Board(
      {
        placement: new Map(), orientation: side, lastMove: null, check: null, dests: new Map(), premoveDests: null,
        free: true, movable: side, premoves: [], coordinates: host.settings().coordinates,
      },
      { move: (from, to) => void this.tried(from, to), cancelPremoves: () => undefined },
    );
    this.root = el("div", { class: "rv-drill", "data-side": side }, [
      el("div", { class: "rv-drill-board lesson-board" }, [this.board.el]),
      el("div", { class: "rv-drill-side" }, [this.count, this.text, this.tools]),
    ]);
    this.open(0);
  }

  private get index(): number {
    return this.list[this.at];
  }

  private fen(): string {
    return fenBefore(this.review, this.index);
  }

  private san = (s: string): string => {
    const st = this.host.settings();
    return displaySan(s, st.notation, this.host.lang() === "zh-TW");
  };

  private open(at: number): void {
    this.at = at;
    this.said = this.list.length ? { kind: "ask" } : { kind: "done" };
    this.marks = { arrows: [], squares: [] };
    this.root.dataset.ply = this.list.length ? String(this.review.moves[this.index].ply) : "";
    this.reset();
    this.render();
  }

  /** The position before the mistake, the solver's pieces free to move. */
  private reset(): void {
    if (!this.list.length) return;
    const over = this.said.kind === "right" || this.said.kind === "answer";
    this.board.update({ placement: placementOf(this.fen()), lastMove: null, marks: this.marks, movable: over ? null : this.side, free: !over });
  }

  private async tried(from: Sq, to: Sq): Promise<void> {
    if (this.said.kind === "right" || this.said.kind === "answer" || this.said.kind === "checking" || !this.list.length) return;
    const fen = this.fen();
    const piece = placementOf(fen).get(from);
    // The board has already drawn the piece on its new square.
    const moved = new Map(placementOf(fen));
    if (piece) {
      moved.delete(from);
      moved.set(to, piece);
    }
    this.board.update({ placement: moved, lastMove: [from, to] });
    let promo = "";
    if (piece?.role === "p" && (rankOf(to) === 7 || rankOf(to) === 0) && promotes(fen, sqName(from) + sqName(to))) {
      const role = await this.board.choosePromotion(to, piece.color);
      if (!role) return this.reset();
      promo = role;
    }
    const uci = sqName(from) + sqName(to) + promo;
    const m = this.review.moves[this.index];
    this.said = { kind: "checking" };
    this.render();
    try {
      const e = await explain(fen, uci, this.host.lang());
      if (!this.live || fen !== this.fen()) return;
      if (!e.legal) {
        this.said = { kind: "illegal", why: e.message ?? "" };
        this.reset();
        return this.render();
      }
      const san = e.san ?? uci;
      if (m.best && e.uci === m.best) {
        this.succeed(san, true);
        return;
      }
      if (e.uci === m.uci) {
        this.said = { kind: "wrong", san, played: true };
        return this.render();
      }
      let close: boolean | null = null;
      if (m.best && e.fen_after) {
        const best = await explain(fen, m.best, this.host.lang());
        if (best.fen_after) close = await this.judge.close(e.fen_after, best.fen_after);
      }
      if (!this.live || fen !== this.fen()) return;
      if (close) this.succeed(san, false);
      else {
        this.said = { kind: "wrong", san, played: false };
        this.render();
      }
    } catch (err) {
      this.said = { kind: "illegal", why: (err as Error).message };
      this.reset();
      this.render();
    }
  }

  private succeed(san: string, best: boolean): void {
    this.solved.add(this.index);
    this.said = { kind: "right", san, best };
    this.board.update({ movable: null, free: false });
    this.host.sound("move");
    this.render();
  }

  private showAnswer(): void {
    const m = this.review.moves[this.index];
    const b = m.best ? parseUci(m.best) : null;
    this.marks = b ? { arrows: [{ from: b.from, to: b.to, kind: "hint" as MarkKind }], squares: [] } : { arrows: [], squares: [] };
    this.said = { kind: "answer" };
    this.reset();
    this.render();
  }

  render(): void {
    const { t } = this.host;
    if (!this.list.length) {
      this.count.textContent = "";
      this.text.replaceChildren(el("p", {}, [t("ui.rv.drill.none", { color: t("color." + this.side) })]));
      this.tools.replaceChildren();
      return;
    }
    const m = this.review.moves[this.index];
    this.count.textContent = t("ui.rv.drill.count", { n: this.at + 1, total: this.list.length, solved: this.solved.size });
    const played = numbered(this.review, this.index, m, this.san);
    const lines: HTMLElement[] = [
      el("p", { class: "rv-drill-task" }, [t("ui.rv.drill.task", { move: played, class: className(this.host, m.class) })]),
    ];
    const s = this.said;
    const verdict = (cls: string, text: string) => el("p", { class: "rv-drill-verdict " + cls }, [text]);
    if (s.kind === "checking") lines.push(verdict("pending", t("ui.rv.drill.checking")));
    if (s.kind === "illegal") lines.push(verdict("illegal", t("ui.rv.drill.illegal", { why: s.why })));
    if (s.kind === "wrong") lines.push(verdict("wrong", t(s.played ? "ui.rv.drill.same" : "ui.rv.drill.wrong", { move: this.san(s.san) })));
    if (s.kind === "right") lines.push(verdict("right", t(s.best ? "ui.rv.drill.right" : "ui.rv.drill.right_close", { move: this.san(s.san) })));
    if (s.kind === "answer" || s.kind === "right") {
      if (m.best_san) lines.push(el("p", { class: "rv-drill-answer" }, [t("ui.rv.drill.answer", { move: this.san(m.best_san) })]));
      const why = m.explanation?.text[this.host.lang()];
      if (why) lines.push(el("p", { class: "rv-drill-why" }, [why]));
    }
    this.text.replaceChildren(...lines);
    const tools: HTMLElement[] = [];
    if (s.kind === "wrong" || s.kind === "illegal") tools.push(button(t("ui.rv.drill.retry"), () => { this.said = { kind: "ask" }; this.reset(); this.render(); }, "rv-drill-retry secondary"));
    if (s.kind !== "right" && s.kind !== "answer") tools.push(button(t("ui.rv.drill.show"), () => this.showAnswer(), "rv-drill-show secondary"));
    if (this.at + 1 < this.list.length) tools.push(button(t("ui.rv.drill.next"), () => this.open(this.at + 1), "rv-drill-next" + (s.kind === "right" || s.kind === "answer" ? " primary" : " secondary")));
    else if (s.kind === "right" || s.kind === "answer") tools.push(el("p", { class: "rv-drill-end" }, [t("ui.rv.drill.end", { solved: this.solved.size, total: this.list.length })]));
    this.tools.replaceChildren(...tools);
  }

  destroy(): void {
    this.live = false;
  }
}

/** Whether `uci` (squares only) is a legal promotion in `fen`: only then is the chooser
 *  shown; any other pawn move to an end rank goes to the rules core as it is, to be
 *  explained. A position the page's rules cannot read asks, as before. */
function promotes(fen: string, uci: string): boolean {
  try {
    return legalMoves(parseFen(fen)).includes(uci + "q");
  } catch {
    return true;
  }
}
