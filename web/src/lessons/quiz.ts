//! A quiz step: the question (with its position, arrows and squares when it has them) and
//! its choices as buttons. A choice shows its `why`; a wrong one counts a slip, stays marked
//! and the learner tries again; the right one ends the step.

import { el } from "../ui";
import { say } from "./api";
import { Scene, stepMarks, turnOf } from "./scene";
import type { StepContext, StepView } from "./view";
import { paragraphs } from "./view";

export class QuizView implements StepView {
  readonly root = el("div", { class: "lesson-step lesson-quiz" });
  private text = el("div", { class: "lesson-text" });
  private choices = el("div", { class: "lesson-choices", role: "group" });
  private feedback = el("div", { class: "lesson-feedback", role: "status", "aria-live": "polite" });
  private scene: Scene | null = null;
  /** Indices of the choices tried, in order. */
  private tried: number[] = [];
  private solved = false;

  constructor(private ctx: StepContext) {
    const step = ctx.step();
    if (step.fen) {
      this.scene = new Scene(ctx.host, step.fen, turnOf(step.fen), { move: () => undefined, cancelPremoves: () => undefined });
      this.root.append(this.scene.root);
    }
    this.root.append(el("div", { class: "lesson-side" }, [this.text, this.choices, this.feedback]));
    this.render();
  }

  private pick(i: number): void {
    if (this.solved || this.tried.includes(i)) return;
    const choice = this.ctx.step().choices[i];
    if (!choice) return;
    this.tried.push(i);
    if (choice.correct) {
      this.solved = true;
      this.ctx.host.sound("move");
      this.ctx.done();
    } else {
      this.ctx.slip();
    }
    this.render();
    // Keep the keyboard where it was: on the next choice still open, or on the player's "next".
    if (!this.solved) (this.choices.querySelector("button:not([disabled])") as HTMLElement | null)?.focus();
  }

  render(): void {
    const { host } = this.ctx;
    const lang = host.lang();
    const step = this.ctx.step();
    this.root.dataset.solved = String(this.solved);
    this.text.replaceChildren(...paragraphs(say(step.text, lang)));
    this.choices.setAttribute("aria-label", host.t("ui.lesson.choose"));
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.index : undefined;
    const buttons = step.choices.map((c, i) => {
      const tried = this.tried.includes(i);
      const cls = ["lesson-choice"];
      if (tried) cls.push(c.correct ? "right" : "wrong");
      const b = el("button", { type: "button", class: cls.join(" "), "data-index": String(i) }, [say(c.text, lang)]) as HTMLButtonElement;
      b.disabled = this.solved || tried;
      if (tried) b.setAttribute("aria-pressed", "true");
      b.addEventListener("click", () => this.pick(i));
      return b;
    });
    this.choices.replaceChildren(...buttons);
    if (focused !== undefined) buttons[Number(focused)]?.focus();
    const last = this.tried[this.tried.length - 1];
    const parts: HTMLElement[] = [];
    if (last !== undefined) {
      const c = step.choices[last];
      parts.push(
        el("p", { class: "lesson-verdict " + (c.correct ? "right" : "wrong") }, [host.t(c.correct ? "ui.lesson.quiz_right" : "ui.lesson.quiz_wrong")]),
        el("p", { class: "lesson-why", "data-index": String(last) }, [say(c.why, lang)]),
      );
    }
    this.feedback.replaceChildren(...parts);
    if (this.scene) {
      this.scene.board.update({ coordinates: host.settings().coordinates, marks: stepMarks(step.arrows, step.highlights) });
    }
  }

  destroy(): void {
    /* nothing runs in the background */
  }
}
