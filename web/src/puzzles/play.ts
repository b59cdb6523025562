//! One puzzle on the board, from the mistake to its end. The board is the lessons' (`Scene`,
//! the app's `Board` lent through `Host`: its animation, keyboard and screen-reader labels)
//! turned to the solver's side. The position before the mistake shows first, then the
//! opponent's mistake is played on it; then the solver moves, and every move goes to the judge
//! (`POST /api/puzzles/{id}/move`): an illegal one is refused with the rules core's reason and
//! the piece goes back; a wrong one stays, the refutation is played out after it, and the
//! solver may try again from before it or view the solution; a right one stays and the
//! opponent's reply follows; the last one solves the puzzle. Hints come in two steps, both
//! from the solution the page already has: the piece, then the move. The first try is decided
//! once: solved if the whole line is found with no wrong move, no move hint and no solution
//! viewed, failed at the first of those (`RunEvents.firstTry`).

import { applyUci, attackersOf, displaySan, fenAfter, kingOf, opposite, parseUci, placementOf, rankOf, sqName, type Color, type Placement, type Sq } from "../chess";
import { explain } from "../api";
import type { MarkKind, Marks } from "../game/marks";
import type { Host } from "../learn/host";
import { joinMarks, Scene, turnOf } from "../lessons/scene";
import { reduced, replyMs, showWrongMs, soundOf } from "../lessons/task";
import { button, el } from "../ui";
import * as api from "./api";
import type { MoveAnswer, PuzzleView } from "./types";

/** Where a run is: the position before the mistake on show, the solver to move, the judge
 *  asked (or a reply on its way), a wrong move and its refutation shown, the solution being
 *  played, over. */
export type Phase = "intro" | "solver" | "busy" | "wrong" | "solution" | "done";

export interface RunEvents {
  /** The first try is decided: solved, or failed (a wrong move, the move hint or the solution
   *  viewed before the end). Called once per run. */
  firstTry(solved: boolean): void;
  /** The puzzle is over: solved by the solver's moves, or not (the solution was played). */
  finished(solved: boolean): void;
}

/** A move shown in the list under the board. */
interface Shown {
  uci: string;
  san: string | null;
  by: "mistake" | "solver" | "opponent" | "refutation" | "solution";
}

type Said =
  | { kind: "start" }
  | { kind: "right"; reply: number | null }
  | { kind: "illegal"; why: string }
  | { kind: "wrong"; why: string; refutation: string[] }
  | { kind: "solution" }
  | { kind: "solved" }
  | { kind: "error"; message: string };

/** How long the position before the mistake shows before the mistake is played. */
const introMs = (): number => (reduced() ? 60 : 700);

/** The destinations of `legal` (UCI moves) by origin, for the board's dots. */
export function destsOf(legal: string[]): Map<Sq, Sq[]> {
  const out = new Map<Sq, Sq[]>();
  for (const uci of legal) {
    const m = parseUci(uci);
    if (!m) continue;
    const list = out.get(m.from) ?? [];
    if (!list.includes(m.to)) list.push(m.to);
    out.set(m.from, list);
  }
  return out;
}

/** How many moves of the solver a mate puzzle takes (the solution ends with the mate). */
export const mateIn = (v: PuzzleView): number => Math.ceil(v.moves.length / 2);

export class PuzzleRun {
  readonly root: HTMLElement;
  /** The panel beside the board; the page adds its result there. */
  readonly side: HTMLElement;
  readonly solver: Color;
  private scene: Scene;
  private goal = el("p", { class: "pz-goal" });
  private feedback = el("div", { class: "pz-feedback", role: "status", "aria-live": "polite" });
  private hintBox = el("p", { class: "pz-hint", "aria-live": "polite" });
  private hintButton = button("", () => this.hint(), "pz-hint-button secondary");
  private retryButton = button("", () => this.retry(), "pz-retry secondary");
  private solutionButton = button("", () => this.showSolution(), "pz-solution secondary");
  private list = el("ol", { class: "pz-moves" });

  private placement: Placement;
  private lastMove: [Sq, Sq] | null = null;
  private legal: string[];
  /** The index in `view.moves` of the solver's next move. */
  private ply = 0;
  /** The moves played from `view.fen`, for the position after them. */
  private line: string[] = [];
  private shown: Shown[] = [];
  private phase: Phase = "intro";
  private hintLevel = 0;
  private decided = false;
  private verdict = "";
  /** How many moves the judge has answered. */
  private tries = 0;
  private said: Said | null = null;
  private tried: Marks | null = null;
  /** The position before a wrong move, to try again from. */
  private saved: { placement: Placement; lastMove: [Sq, Sq] | null; shown: number } | null = null;
  private timers: number[] = [];
  private live = true;

  constructor(
    private host: Host,
    readonly view: PuzzleView,
    private events: RunEvents,
  ) {
    this.solver = turnOf(view.fen);
    this.placement = placementOf(view.before);
    this.legal = view.legal;
    this.scene = new Scene(host, view.before, this.solver, {
      move: (from, to) => void this.played(from, to),
      cancelPremoves: () => undefined,
    });
    this.side = el("div", { class: "pz-side" }, [
      this.goal,
      this.feedback,
      el("div", { class: "pz-tools" }, [this.hintButton, this.retryButton, this.solutionButton]),
      this.hintBox,
      el("div", { class: "pz-line" }, [el("h2", { class: "pz-line-title" }), this.list]),
    ]);
    this.root = el("div", { class: "pz-run", "data-id": view.id, "data-solver": this.solver, "data-goal": view.goal }, [
      el("div", { class: "pz-board" }, [this.scene.root]),
      this.side,
    ]);
    this.render();
    this.later(introMs(), () => this.playMistake());
  }

  /** The board's element that takes the keyboard (its focused square). */
  focusBoard(): void {
    (this.scene.board.el.querySelector('[tabindex="0"]') as HTMLElement | null)?.focus();
  }

  /** The position on the board now, as a FEN (the analysis board's start). */
  fen(): string {
    return this.phase === "intro" ? this.view.before : fenAfter(this.view.fen, this.line, this.line.length);
  }

  get isDone(): boolean {
    return this.phase === "done";
  }

  destroy(): void {
    this.live = false;
    this.clearTimers();
  }

  private later(ms: number, f: () => void): void {
    this.timers.push(
      window.setTimeout(() => {
        if (this.live) f();
      }, ms),
    );
  }

  private clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  private playMistake(): void {
    const m = parseUci(this.view.mistake);
    const captured = m ? this.placement.has(m.to) : false;
    this.placement = placementOf(this.view.fen);
    this.lastMove = m ? [m.from, m.to] : null;
    this.shown.push({ uci: this.view.mistake, san: this.view.mistake_san, by: "mistake" });
    this.host.sound(soundOf(this.view.mistake_san, captured));
    this.phase = "solver";
    this.said = { kind: "start" };
    this.render();
  }

  /** Plays `uci` on the board (a reply, a refutation or a solution move), with its sound. */
  private put(uci: string, san: string | null, by: Shown["by"]): void {
    const m = parseUci(uci);
    const captured = m ? this.placement.has(m.to) : false;
    this.placement = applyUci(this.placement, uci);
    this.lastMove = m ? [m.from, m.to] : null;
    this.line.push(uci);
    const at = this.shown.push({ uci, san, by }) - 1;
    this.host.sound(soundOf(san, captured));
    if (san === null) void this.nameMove(at, this.line.length - 1);
  }

  /** Asks the rules core for the SAN of the `n`-th move of the line (one the solution does not
   *  name: a refutation, another mate), and shows it once known. */
  private async nameMove(at: number, n: number): Promise<void> {
    const uci = this.line[n];
    try {
      const r = await explain(fenAfter(this.view.fen, this.line, n), uci, this.host.lang());
      if (!this.live || !r.san || this.shown[at]?.uci !== uci) return;
      this.shown[at].san = r.san;
      this.render();
    } catch {
      /* the move stays written in squares */
    }
  }

  private decide(solved: boolean): void {
    if (this.decided) return;
    this.decided = true;
    this.root.dataset.firstTry = solved ? "solved" : "failed";
    this.events.firstTry(solved);
  }

  private async played(from: Sq, to: Sq): Promise<void> {
    if (this.phase !== "solver") return;
    const piece = this.placement.get(from);
    if (!piece) return;
    let uci = sqName(from) + sqName(to);
    const last = piece.color === "white" ? 7 : 0;
    // The chooser only for a legal promotion: any other pawn move to the last rank goes to the
    // judge as it is, to be explained as illegal.
    const promotes = piece.role === "p" && rankOf(to) === last && this.legal.includes(uci + "q");
    if (promotes) {
      const role = await this.scene.board.choosePromotion(to, piece.color);
      if (!role || this.phase !== "solver") return this.render();
      uci += role;
    }
    const before = { placement: this.placement, lastMove: this.lastMove, shown: this.shown.length };
    const ply = this.ply;
    this.phase = "busy";
    this.tried = null;
    this.placement = applyUci(before.placement, uci);
    this.lastMove = [from, to];
    this.render();
    let res: MoveAnswer;
    try {
      res = await api.move(this.view.id, ply, uci, this.host.lang());
    } catch (e) {
      if (!this.live) return;
      this.placement = before.placement;
      this.lastMove = before.lastMove;
      this.phase = "solver";
      this.say({ kind: "error", message: (e as Error).message });
      return;
    }
    if (!this.live) return;
    this.tries++;
    this.verdict = res.verdict;
    if (res.verdict === "illegal") {
      this.placement = before.placement;
      this.lastMove = before.lastMove;
      this.tried = { arrows: [{ from, to, kind: "crossed" }], squares: [] };
      this.phase = "solver";
      this.say({ kind: "illegal", why: res.why ?? "" });
      return;
    }
    // The move stands on the board: undo the optimistic placement and play it for real.
    this.placement = before.placement;
    const san = this.view.moves[ply] === uci ? (this.view.sans[ply] ?? null) : null;
    this.put(uci, san, "solver");
    this.hintLevel = 0;
    if (res.verdict === "wrong") return this.wrong(uci, res, before);
    if (res.verdict === "solved") return this.finish(true);
    // Right: the opponent's reply, then the solver again.
    this.render();
    const reply = res.reply;
    this.later(replyMs(), () => {
      if (reply) this.put(reply, res.reply_san ?? (this.view.moves[ply + 1] === reply ? this.view.sans[ply + 1] : null) ?? null, "opponent");
      this.ply = ply + 2;
      this.legal = res.legal ?? [];
      this.phase = "solver";
      this.say({ kind: "right", reply: reply ? this.shown.length - 1 : null });
    });
  }

  /** A wrong move: it stays, the refutation is played out after it, then the solver may try
   *  again or view the solution. The first try is failed. */
  private wrong(uci: string, res: MoveAnswer, before: { placement: Placement; lastMove: [Sq, Sq] | null; shown: number }): void {
    this.decide(false);
    this.saved = before;
    const m = parseUci(uci);
    const refutation = res.refutation ?? [];
    this.say({ kind: "wrong", why: res.why ?? "", refutation });
    const step = (i: number) => {
      if (i >= refutation.length) {
        this.tried = m ? { arrows: [{ from: m.from, to: m.to, kind: "crossed" }], squares: [] } : null;
        this.phase = "wrong";
        this.render();
        this.retryButton.focus();
        return;
      }
      this.later(i === 0 ? replyMs() : showWrongMs() / 2, () => {
        this.put(refutation[i], null, "refutation");
        this.render();
        step(i + 1);
      });
    };
    step(0);
  }

  /** Back to the position before the wrong move. */
  retry(): void {
    if (this.phase !== "wrong" || !this.saved) return;
    this.restore();
    this.phase = "solver";
    this.said = { kind: "start" };
    this.render();
    this.focusBoard();
  }

  private restore(): void {
    const s = this.saved;
    if (!s) return;
    this.placement = s.placement;
    this.lastMove = s.lastMove;
    const dropped = this.shown.length - s.shown;
    this.shown = this.shown.slice(0, s.shown);
    this.line = this.line.slice(0, this.line.length - dropped);
    this.tried = null;
    this.saved = null;
  }

  /** Plays the rest of the solution from the solver's move now due. The first try is failed. */
  showSolution(): void {
    if (this.phase !== "solver" && this.phase !== "wrong") return;
    if (this.phase === "wrong") this.restore();
    this.decide(false);
    this.phase = "solution";
    this.tried = null;
    this.hintLevel = 0;
    this.say({ kind: "solution" });
    const rest = this.view.moves.slice(this.ply);
    const step = (i: number) => {
      if (i >= rest.length) return this.finish(false);
      this.later(i === 0 ? replyMs() : showWrongMs() / 2, () => {
        this.put(rest[i], this.view.sans[this.ply + i] ?? null, "solution");
        this.render();
        step(i + 1);
      });
    };
    step(0);
  }

  /** The next hint: the piece to move, then the move (after which the first try is failed). */
  hint(): void {
    if (this.phase !== "solver" || this.hintLevel >= 2) return;
    this.hintLevel++;
    if (this.hintLevel === 2) this.decide(false);
    this.render();
  }

  private finish(solved: boolean): void {
    this.phase = "done";
    this.decide(solved);
    this.host.sound("end");
    this.say(solved ? { kind: "solved" } : { kind: "solution" });
    this.events.finished(solved);
  }

  private say(s: Said): void {
    this.said = s;
    this.render();
  }

  private check(): Sq | null {
    const turn = this.phase === "intro" ? opposite(this.solver) : this.line.length % 2 === 0 ? this.solver : opposite(this.solver);
    const k = kingOf(this.placement, turn);
    return k !== null && attackersOf(this.placement, k, opposite(turn)).length ? k : null;
  }

  private marks(): Marks {
    const parts: Marks[] = [];
    if (this.tried) parts.push(this.tried);
    const next = this.phase === "solver" ? parseUci(this.view.moves[this.ply] ?? "") : null;
    if (next && this.hintLevel >= 1) {
      const kind = "hint" as MarkKind; // styled in lessons.css, as the lessons' hints
      parts.push({ arrows: this.hintLevel >= 2 ? [{ from: next.from, to: next.to, kind }] : [], squares: [{ sq: next.from, kind }] });
    }
    return joinMarks(...parts);
  }

  /** The SAN of shown move `i` as the reader's notation writes it (else its squares). */
  private sanAt(i: number): string {
    const s = this.shown[i];
    if (!s) return "";
    if (!s.san) return `${s.uci.slice(0, 2)}–${s.uci.slice(2, 4)}${s.uci.slice(4)}`;
    return displaySan(s.san, this.host.settings().notation, this.host.lang() === "zh-TW");
  }

  private sansOf(from: number): string {
    return this.shown
      .map((_, i) => i)
      .slice(from)
      .map((i) => this.sanAt(i))
      .join(" ");
  }

  private feedbackParts(): HTMLElement[] {
    const s = this.said;
    const { t } = this.host;
    if (!s) return [];
    switch (s.kind) {
      case "start":
        return [el("p", { class: "pz-verdict start" }, [t("ui.pz.their_move", { move: this.sanAt(0) })])];
      case "right":
        return [
          el("p", { class: "pz-verdict right" }, [t("ui.pz.right")]),
          ...(s.reply !== null ? [el("p", { class: "pz-reply" }, [t("ui.pz.reply", { move: this.sanAt(s.reply) })])] : []),
        ];
      case "illegal":
        return [el("p", { class: "pz-verdict illegal" }, [t("ui.pz.illegal")]), el("p", { class: "pz-why" }, [s.why])];
      case "wrong": {
        const from = this.saved ? this.saved.shown + 1 : this.shown.length;
        const out = [el("p", { class: "pz-verdict wrong" }, [t("ui.pz.wrong")])];
        if (s.why) out.push(el("p", { class: "pz-why" }, [s.why]));
        if (s.refutation.length) out.push(el("p", { class: "pz-refutation" }, [t("ui.pz.refutation", { moves: this.sansOf(from) })]));
        if (this.phase === "wrong") out.push(el("p", { class: "pz-retry-text" }, [t("ui.pz.try_again")]));
        return out;
      }
      case "solution":
        return [el("p", { class: "pz-verdict solution" }, [t("ui.pz.solution_shown")])];
      case "solved":
        return [el("p", { class: "pz-verdict solved" }, [t("ui.pz.solved")])];
      case "error":
        return [el("p", { class: "error", role: "alert" }, [t("ui.pz.error", { message: s.message })])];
    }
  }

  render(): void {
    if (!this.live) return;
    const { t } = this.host;
    const d = this.root.dataset;
    d.phase = this.phase;
    d.ply = String(this.ply);
    d.hint = String(this.hintLevel);
    d.verdict = this.verdict;
    d.tries = String(this.tries);
    const free = this.phase === "solver";
    this.scene.board.update({
      placement: this.placement,
      lastMove: this.lastMove,
      check: this.check(),
      dests: free ? destsOf(this.legal) : new Map(),
      free,
      movable: free ? this.solver : null,
      coordinates: this.host.settings().coordinates,
      marks: this.marks(),
    });
    const goal =
      this.view.goal === "mate" ? t("ui.pz.goal.mate", { n: mateIn(this.view) }) : this.view.goal === "draw" ? t("ui.pz.goal.draw") : t("ui.pz.goal.win");
    this.goal.replaceChildren(el("span", { class: "pz-you" }, [t("ui.pz.you." + this.solver)]), " ", el("span", { class: "pz-goal-name" }, [goal]));
    this.feedback.replaceChildren(...this.feedbackParts());
    this.hintButton.textContent = this.hintLevel === 0 ? t("ui.pz.hint_piece") : t("ui.pz.hint_move");
    this.hintButton.disabled = this.phase !== "solver" || this.hintLevel >= 2;
    this.hintButton.hidden = this.phase === "done" || this.phase === "solution";
    this.hintButton.title = this.hintLevel === 0 ? "" : t("ui.pz.hint_move_counts");
    this.retryButton.textContent = t("ui.pz.retry");
    this.retryButton.hidden = this.phase !== "wrong";
    this.solutionButton.textContent = t("ui.pz.view_solution");
    this.solutionButton.hidden = this.phase === "done" || this.phase === "solution";
    this.solutionButton.disabled = this.phase !== "solver" && this.phase !== "wrong";
    const next = parseUci(this.view.moves[this.ply] ?? "");
    if (this.phase === "solver" && next && this.hintLevel >= 1) {
      this.hintBox.hidden = false;
      this.hintBox.dataset.level = String(this.hintLevel);
      this.hintBox.dataset.square = this.hintLevel >= 2 ? sqName(next.to) : sqName(next.from);
      this.hintBox.textContent =
        this.hintLevel >= 2
          ? t("ui.pz.hint_move_text", { from: sqName(next.from), to: sqName(next.to) })
          : t("ui.pz.hint_piece_text", { square: sqName(next.from) });
    } else {
      this.hintBox.hidden = true;
      this.hintBox.textContent = "";
    }
    (this.side.querySelector(".pz-line-title") as HTMLElement).textContent = t("ui.pz.moves");
    this.list.replaceChildren(
      ...this.shown.map((s, i) =>
        el("li", { class: "pz-move " + s.by, "data-uci": s.uci }, [
          this.sanAt(i),
          ...(s.by === "mistake" || s.by === "refutation" ? [el("span", { class: "sr-only" }, [" (" + t("ui.pz.by." + s.by) + ")"])] : []),
        ]),
      ),
    );
  }
}
