//! What every kind of step view (read, quiz, board task) gets from the lesson player and gives
//! back: the step in the page's language, a way to count a slip (a wrong answer, a wrong or
//! illegal move, a hint) and to say the step is done, and the texts' paragraphs.

import type { Host } from "../learn/host";
import { el } from "../ui";
import type { Step } from "./api";

export interface StepContext {
  host: Host;
  /** The lesson's id. */
  id: string;
  /** The step's index in the lesson (0-based, as the API counts). */
  index: number;
  /** The step as last loaded (a language switch loads it again). */
  step(): Step;
  /** A wrong answer, a wrong or illegal move, or a hint: it costs stars. */
  slip(count?: number): void;
  /** The step is done (called once, the first time). */
  done(): void;
}

export interface StepView {
  readonly root: HTMLElement;
  render(): void;
  destroy(): void;
}

/** A lesson text's paragraphs (separated by a blank line) as `<p>` elements. */
export function paragraphs(text: string, cls = ""): HTMLElement[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map((p) => el("p", cls ? { class: cls } : {}, [p]));
}
