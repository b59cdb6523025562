//! A board task (reach, capture all, check, mate, stalemate, escape, castle, en passant,
//! promote, defend, a scripted line, perpetual check). The board takes any move, as in the
//! game page's learning mode, and every move goes to the judge
//! (`POST /api/lessons/{id}/steps/{n}/move`), which answers every one: an illegal move is
//! refused with the rules core's explanation and the piece goes back; a legal but wrong move
//! is shown, with the reply that punishes it when there is one, then taken back, with the
//! reason it does not reach the goal; a right move stays, the opponent's reply (mate, line,
//! perpetual) follows after a moment, reach targets are collected. Hints come in two steps:
//! the piece, then the square. "Restart" plays the step again from its position.

import { attackersOf, kingOf, opposite, parseSq, parseUci, placementOf, rankOf, sqName, applyUci, type Placement, type Sq } from "../chess";
import type { SoundKind } from "../sound";
import { button, el } from "../ui";
import * as api from "./api";
import { say, type Judged } from "./api";
import { joinMarks, Scene, stepMarks, turnOf } from "./scene";
import type { StepContext, StepView } from "./view";
import { paragraphs } from "./view";
import type { Marks } from "../game/marks";

/** Readers who asked for less motion get the replies and take-backs at once, nearly. */
export const reduced = (): boolean => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
/** How long the learner's move shows before the opponent answers. */
export const replyMs = (): number => (reduced() ? 60 : 450);
/** How long a wrong move (and its punishing reply) shows before it is taken back. */
export const showWrongMs = (): number => (reduced() ? 250 : 1200);

type FeedbackKind = "illegal" | "wrong" | "right" | "done" | "error";

interface Feedback {
  kind: FeedbackKind;
  /** The judge's reason code (`why.code`) for a wrong or illegal move. */
  code?: string;
  text: string;
  /** The reply that punishes a wrong move, or the opponent's answer to a right one. */
  reply?: string;
}

/** The sound of a move from its SAN. */
export function soundOf(san: string | null | undefined, captured: boolean): SoundKind {
  if (san && /[+#]/.test(san)) return "check";
  return captured || san?.includes("x") ? "capture" : "move";
}

export class TaskView implements StepView {
  readonly root = el("div", { class: "lesson-step lesson-task" });
  private scene: Scene;
  private text = el("div", { class: "lesson-text" });
  private goal = el("p", { class: "lesson-goal" });
  private counters = el("p", { class: "lesson-counters" });
  private feedback = el("div", { class: "lesson-feedback", role: "status", "aria-live": "polite" });
  private hintBox = el("div", { class: "lesson-hint-box", "aria-live": "polite" });
  private hintButton = button("", () => void this.askHint(), "lesson-hint-button secondary");
  private restartButton = button("", () => this.restart(), "lesson-restart secondary");

  private fen = "";
  private placement: Placement = new Map();
  private lastMove: [Sq, Sq] | null = null;
  private moves: string[] = [];
  private collected: string[] = [];
  private busy = false;
  private solved = false;
  private reported = false;
  private tries = 0;
  private hintLevel = 0;
  private hint: api.Hint | null = null;
  private tried: Marks | null = null;
  private said: Feedback | null = null;
  private timers: number[] = [];
  private live = true;
  /** Counts restarts, so that the judge's answer to a move made before one is dropped. */
  private epoch = 0;

  constructor(private ctx: StepContext) {
    const start = ctx.step().fen ?? "";
    this.scene = new Scene(ctx.host, start, turnOf(start), {
      move: (from, to) => void this.played(from, to),
      cancelPremoves: () => undefined,
    });
    this.root.append(
      this.scene.root,
      el("div", { class: "lesson-side" }, [
        this.text,
        this.goal,
        this.counters,
        this.feedback,
        el("div", { class: "lesson-tools" }, [this.hintButton, this.restartButton]),
        this.hintBox,
      ]),
    );
    this.reset();
  }

  private reset(): void {
    this.clearTimers();
    this.epoch++;
    this.fen = this.ctx.step().fen ?? "";
    this.placement = placementOf(this.fen);
    this.lastMove = null;
    this.moves = [];
    this.collected = [];
    this.busy = false;
    this.solved = false;
    this.hintLevel = 0;
    this.hint = null;
    this.tried = null;
    this.said = null;
    this.render();
  }

  /** Plays the step again from its position (to try another line). */
  restart(): void {
    this.reset();
  }

  private clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  private later(ms: number, f: () => void): void {
    this.timers.push(
      window.setTimeout(() => {
        if (this.live) f();
      }, ms),
    );
  }

  private learner() {
    return turnOf(this.ctx.step().fen ?? this.fen);
  }

  private async played(from: Sq, to: Sq): Promise<void> {
    if (this.busy || this.solved) return;
    const piece = this.placement.get(from);
    if (!piece) return;
    let uci = sqName(from) + sqName(to);
    // A pawn of the side to move stepping onto its last rank promotes: ask to what.
    const last = piece.color === "white" ? 7 : 0;
    if (piece.role === "p" && piece.color === turnOf(this.fen) && rankOf(to) === last && Math.abs(rankOf(from) - last) === 1) {
      const role = await this.scene.board.choosePromotion(to, piece.color);
      if (!role) return this.render();
      uci += role;
    }
    const before = this.placement;
    const captured = before.has(to);
    this.busy = true;
    this.tried = null;
    // Shown at once; an illegal move slides back when the judge refuses it.
    this.placement = applyUci(before, uci);
    this.lastMove = [from, to];
    this.render();
    const epoch = this.epoch;
    let res: Judged;
    try {
      res = await api.move(this.ctx.id, this.ctx.index, this.moves, uci, this.ctx.host.lang());
    } catch (e) {
      if (!this.live || epoch !== this.epoch) return;
      this.placement = placementOf(this.fen);
      this.lastMove = null;
      this.busy = false;
      this.say({ kind: "error", text: this.ctx.host.t("ui.lesson.error", { message: (e as Error).message }) });
      return;
    }
    if (!this.live || epoch !== this.epoch) return;
    this.tries++;
    this.root.dataset.result = res.result;
    switch (res.result) {
      case "illegal":
        this.ctx.slip();
        this.placement = placementOf(this.fen);
        this.lastMove = null;
        this.tried = { arrows: [{ from, to, kind: "crossed" }], squares: [] };
        this.busy = false;
        this.say({ kind: "illegal", code: res.why?.code ?? "illegal", text: res.why?.text ?? "" });
        return;
      case "wrong":
        this.ctx.slip();
        this.wrong(res, captured);
        return;
      default:
        this.right(res, captured);
    }
  }

  /** A legal move that misses the goal: shown, then its punishing reply if any, then taken back. */
  private wrong(res: Judged, captured: boolean): void {
    const why = res.why;
    if (res.after) this.placement = placementOf(res.after);
    this.ctx.host.sound(soundOf(res.san, captured));
    this.say({ kind: "wrong", code: why?.code ?? "", text: why?.text ?? "", reply: why?.move?.san });
    const back = () => {
      this.placement = placementOf(this.fen);
      this.lastMove = null;
      this.busy = false;
      this.render();
    };
    const punish = why?.move ? parseUci(why.move.uci) : null;
    if (punish && why?.move) {
      const uci = why.move.uci;
      const san = why.move.san;
      this.later(replyMs(), () => {
        const before = this.placement;
        this.placement = applyUci(before, uci);
        this.lastMove = [punish.from, punish.to];
        this.ctx.host.sound(soundOf(san, before.has(punish.to)));
        this.render();
        this.later(showWrongMs(), back);
      });
    } else {
      this.later(showWrongMs(), back);
    }
  }

  /** A move that counts: it stays; the reply follows; the step may be done. */
  private right(res: Judged, captured: boolean): void {
    if (res.after) this.placement = placementOf(res.after);
    this.moves = res.moves;
    this.collected = res.collected;
    this.hintLevel = 0;
    this.hint = null;
    this.ctx.host.sound(soundOf(res.san, captured));
    const finish = () => {
      this.fen = res.fen;
      this.placement = placementOf(res.fen);
      if (res.result === "done") this.finish();
      else {
        this.busy = false;
        this.say({ kind: "right", text: this.ctx.host.t("ui.lesson.good"), reply: res.reply?.san });
      }
    };
    if (res.reply) {
      const u = parseUci(res.reply.uci);
      const san = res.reply.san;
      this.render();
      this.later(replyMs(), () => {
        const before = this.placement;
        if (u) this.lastMove = [u.from, u.to];
        this.ctx.host.sound(soundOf(san, u ? before.has(u.to) : false));
        finish();
      });
    } else {
      finish();
    }
  }

  private finish(): void {
    this.solved = true;
    this.busy = false;
    const step = this.ctx.step();
    this.ctx.host.sound("end");
    this.say({ kind: "done", text: say(step.success, this.ctx.host.lang()) || this.ctx.host.t("ui.lesson.well_done") });
    if (!this.reported) {
      this.reported = true;
      // Reach and capture-all: moves over par count as slips.
      const par = this.par();
      if (par !== null && this.moves.length > par) this.ctx.slip(this.moves.length - par);
      this.ctx.done();
    }
  }

  /** Moves for three stars in reach and capture-all: `par`, else the shortest solution. */
  private par(): number | null {
    const step = this.ctx.step();
    if (step.goal !== "reach" && step.goal !== "capture_all") return null;
    if (step.par !== null) return step.par;
    const lengths = step.solutions.map((s) => s.length).filter((n) => n > 0);
    return lengths.length ? Math.min(...lengths) : null;
  }

  private async askHint(): Promise<void> {
    if (this.busy || this.solved || this.hintLevel >= 2) return;
    const epoch = this.epoch;
    try {
      const h = this.hint ?? (await api.hint(this.ctx.id, this.ctx.index, this.moves));
      if (!this.live || epoch !== this.epoch) return;
      this.hint = h;
      this.hintLevel++;
      this.ctx.slip();
    } catch (e) {
      this.say({ kind: "error", text: this.ctx.host.t("ui.lesson.error", { message: (e as Error).message }) });
      return;
    }
    this.render();
  }

  private say(f: Feedback): void {
    this.said = f;
    this.render();
  }

  private check(): Sq | null {
    const turn = turnOf(this.fen);
    const k = kingOf(this.placement, turn);
    return k !== null && attackersOf(this.placement, k, opposite(turn)).length ? k : null;
  }

  private marks(): Marks {
    const step = this.ctx.step();
    const parts: Marks[] = [];
    if (this.moves.length === 0 && !this.busy) parts.push(stepMarks(step.arrows, step.highlights));
    if (this.tried) parts.push(this.tried);
    if (this.hint && this.hintLevel >= 1) {
      const from = parseSq(this.hint.from);
      const to = parseSq(this.hint.to);
      const m: Marks = { arrows: [], squares: [] };
      if (from !== null) m.squares.push({ sq: from, kind: "hint" as Marks["squares"][number]["kind"] });
      if (this.hintLevel >= 2 && from !== null && to !== null) m.arrows.push({ from, to, kind: "hint" as Marks["arrows"][number]["kind"] });
      parts.push(m);
    }
    return joinMarks(...parts);
  }

  private feedbackParts(): HTMLElement[] {
    const f = this.said;
    const { t } = this.ctx.host;
    if (!f) return [];
    const out: HTMLElement[] = [];
    switch (f.kind) {
      case "illegal":
        out.push(el("p", { class: "lesson-verdict illegal" }, [t("ui.lesson.illegal")]));
        out.push(el("p", { class: "lesson-why", "data-code": f.code ?? "" }, [f.text]));
        out.push(el("p", { class: "lesson-retry" }, [t("ui.lesson.retry")]));
        break;
      case "wrong":
        out.push(el("p", { class: "lesson-verdict wrong" }, [t("ui.lesson.wrong")]));
        out.push(el("p", { class: "lesson-why", "data-code": f.code ?? "" }, [f.text]));
        if (f.reply) out.push(el("p", { class: "lesson-punish" }, [t("ui.lesson.punish", { move: f.reply })]));
        out.push(el("p", { class: "lesson-retry" }, [t("ui.lesson.retry")]));
        break;
      case "right":
        out.push(el("p", { class: "lesson-verdict right" }, [f.text]));
        if (f.reply) out.push(el("p", { class: "lesson-reply" }, [t("ui.lesson.reply", { move: f.reply })]));
        break;
      case "done":
        out.push(el("p", { class: "lesson-verdict done" }, [f.text]));
        break;
      case "error":
        out.push(el("p", { class: "error", role: "alert" }, [f.text]));
    }
    return out;
  }

  render(): void {
    if (!this.live) return;
    const { host } = this.ctx;
    const { t } = host;
    const step = this.ctx.step();
    const d = this.root.dataset;
    d.fen = this.fen;
    d.busy = String(this.busy);
    d.done = String(this.solved);
    d.moves = String(this.moves.length);
    d.tries = String(this.tries);
    d.hint = String(this.hintLevel);
    d.goal = step.goal;
    const free = !this.busy && !this.solved;
    this.scene.board.update({
      placement: this.placement,
      lastMove: this.lastMove,
      check: this.check(),
      free,
      movable: free ? "both" : null,
      coordinates: host.settings().coordinates,
      marks: this.marks(),
    });
    this.scene.setTargets(step.goal === "reach" ? step.targets : [], this.collected);
    this.text.replaceChildren(...paragraphs(say(step.text, host.lang())));
    const you = t("ui.lesson.you." + this.learner());
    const goal = t("ui.lesson.goal." + step.goal, { n: step.mate_in ?? 1, checks: step.checks ?? 3 });
    this.goal.replaceChildren(el("span", { class: "lesson-you" }, [you]), " ", el("span", { class: "lesson-goal-name", "data-goal": step.goal }, [goal]));
    const counters: string[] = [];
    if (step.goal === "reach") {
      counters.push(t("ui.lesson.collected", { n: this.collected.length, total: step.targets.length }));
      // The targets drawn on the board, said in words too (for screen readers).
      const left = step.targets.filter((s) => !this.collected.includes(s));
      if (left.length) counters.push(t("ui.lesson.targets_left", { squares: left.join(host.lang() === "en" ? ", " : "、") }));
    }
    const par = this.par();
    if (par !== null) counters.push(t("ui.lesson.moves_par", { n: this.moves.length, par }));
    this.counters.textContent = counters.join(" · ");
    this.counters.hidden = counters.length === 0;
    this.feedback.replaceChildren(...this.feedbackParts());
    this.hintButton.textContent = t("ui.lesson.hint");
    this.hintButton.disabled = this.busy || this.solved || this.hintLevel >= 2;
    this.restartButton.textContent = t("ui.lesson.restart");
    const hints: HTMLElement[] = [];
    if (this.hint && this.hintLevel >= 1) {
      const worded = say(step.hint, host.lang());
      if (worded) hints.push(el("p", { class: "lesson-hint-text" }, [worded]));
      hints.push(
        el("p", { class: "lesson-hint", "data-level": String(this.hintLevel), "data-square": this.hintLevel >= 2 ? this.hint.to : this.hint.from }, [
          this.hintLevel >= 2 ? t("ui.lesson.hint_square", { from: this.hint.from, to: this.hint.to }) : t("ui.lesson.hint_piece", { square: this.hint.from }),
        ]),
      );
    }
    this.hintBox.replaceChildren(...hints);
  }

  destroy(): void {
    this.live = false;
    this.clearTimers();
  }
}
