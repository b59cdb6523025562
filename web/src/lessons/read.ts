//! A read step: the text, and when the step has a position, the board with the step's arrows
//! and highlighted squares (not movable). It is done as soon as it is shown; the player's
//! "next" (or Enter / →) moves on. A position links to the analysis board.

import { say } from "./api";
import { Scene, stepMarks, turnOf } from "./scene";
import type { StepContext, StepView } from "./view";
import { paragraphs } from "./view";
import { el } from "../ui";

export class ReadView implements StepView {
  readonly root = el("div", { class: "lesson-step lesson-read" });
  private text = el("div", { class: "lesson-text" });
  private scene: Scene | null = null;

  constructor(private ctx: StepContext) {
    const step = ctx.step();
    if (step.fen) {
      this.scene = new Scene(ctx.host, step.fen, turnOf(step.fen), { move: () => undefined, cancelPremoves: () => undefined });
      this.root.append(this.scene.root);
    }
    this.root.append(this.text);
    this.render();
    ctx.done();
  }

  render(): void {
    const step = this.ctx.step();
    this.text.replaceChildren(...paragraphs(say(step.text, this.ctx.host.lang())));
    if (step.fen) {
      const q = new URLSearchParams({ fen: step.fen, orientation: turnOf(step.fen) });
      this.text.append(el("a", { class: "lesson-analyse", href: "/analysis?" + q.toString() }, [this.ctx.host.t("ui.an.open")]));
    }
    this.scene?.board.update({ coordinates: this.ctx.host.settings().coordinates, marks: stepMarks(step.arrows, step.highlights) });
  }

  destroy(): void {
    /* nothing runs in the background */
  }
}
