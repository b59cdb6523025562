//! The engine's part of the analysis board: the eval bar beside the board, the header (on/off,
//! the evaluation in pawns or mate and optionally win/draw/loss, depth, speed, how many lines)
//! and the best lines in SAN in the reader's notation. A click on a move of a line plays the
//! line up to it.

import type { EngineLine } from "../engine/client";
import type { Host } from "../learn/host";
import { button, el } from "../ui";
import type { EngineState } from "./engine";
import { legalMoves, play, san, type Pos } from "./rules";
import { fromWhite, scoreText, speedText, wdl, whiteShare, type WhiteScore } from "./score";
import { moveNumberText, shownSan } from "./notation";

/** What the engine panel shows. */
export interface LinesView {
  state: EngineState;
  pos: Pos;
  /** The lines for `pos` (empty while none). */
  lines: EngineLine[];
  multipv: number;
  showWdl: boolean;
  /** The tablebase's exact value, when known. */
  fixed: WhiteScore | null;
  /** The game is over on the board: the result ("1-0") and why ("Checkmate"). */
  final: { text: string; why: string } | null;
}

export interface LinesEvents {
  toggle(): void;
  multipv(n: number): void;
  showWdl(on: boolean): void;
  /** Plays `moves` (UCI) from the position. */
  play(moves: string[]): void;
}

/** The vertical bar: White's share from the bottom (or top, when the board is flipped). */
export class EvalBar {
  readonly root = el("div", { class: "an-bar", role: "img" });
  private fill = el("div", { class: "an-bar-white" });
  private label = el("span", { class: "an-bar-label" });

  constructor() {
    this.root.append(this.fill, this.label);
  }

  render(score: WhiteScore | null, flipped: boolean, host: Host): void {
    const share = score ? whiteShare(score) : 0.5;
    this.fill.style.height = `${(share * 100).toFixed(1)}%`;
    this.root.classList.toggle("flipped", flipped);
    const text = score ? scoreText(score) : "";
    this.label.textContent = text;
    this.root.dataset.share = share.toFixed(3);
    this.root.setAttribute("aria-label", host.t("ui.an.eval_bar", { score: text || "–" }));
  }
}

export class LinesPanel {
  readonly root = el("section", { class: "an-engine" });
  private onBox = el("input", { type: "checkbox", class: "an-engine-on" }) as HTMLInputElement;
  private onLabel = el("span");
  private evalText = el("strong", { class: "an-eval" });
  private wdlText = el("span", { class: "an-wdl" });
  private status = el("span", { class: "an-status", role: "status" });
  private pv = el("select", { class: "an-multipv" }) as HTMLSelectElement;
  private wdlBox = el("input", { type: "checkbox", class: "an-wdl-on" }) as HTMLInputElement;
  private wdlLabel = el("span");
  private list = el("ol", { class: "an-lines" });

  constructor(
    private host: Host,
    private events: LinesEvents,
  ) {
    this.onBox.addEventListener("change", () => this.events.toggle());
    for (let n = 1; n <= 5; n++) this.pv.appendChild(el("option", { value: String(n) }));
    this.pv.addEventListener("change", () => this.events.multipv(Number(this.pv.value)));
    this.wdlBox.addEventListener("change", () => this.events.showWdl(this.wdlBox.checked));
    this.root.append(
      el("div", { class: "an-engine-top" }, [el("label", { class: "an-toggle" }, [this.onBox, this.onLabel]), this.evalText, this.wdlText, this.status]),
      el("div", { class: "an-engine-opts" }, [this.pv, el("label", { class: "an-toggle" }, [this.wdlBox, this.wdlLabel])]),
      this.list,
    );
  }

  /** The evaluation shown: the game's end on the board, the tablebase's, or the engine's. */
  static score(v: LinesView): WhiteScore | null {
    if (v.fixed) return v.fixed;
    const best = v.lines[0];
    return best ? fromWhite(best.score, v.pos.turn) : null;
  }

  render(v: LinesView): void {
    const t = this.host.t;
    const on = v.state === "running" || v.state === "loading" || v.state === "done";
    this.onBox.checked = on;
    this.onBox.disabled = v.state === "unavailable";
    this.onLabel.textContent = t("ui.an.engine");
    const score = LinesPanel.score(v);
    this.evalText.textContent = v.final ? v.final.text : score ? scoreText(score) : on ? "…" : "";
    this.evalText.dataset.score = score ? JSON.stringify(score) : "";
    const p = score && v.showWdl && !v.final ? wdl(score) : null;
    this.wdlText.textContent = p ? t("ui.an.wdl", { win: p.win, draw: p.draw, loss: p.loss }) : "";
    this.wdlText.title = t("ui.an.wdl_help");
    const best = v.lines[0];
    this.status.textContent =
      v.state === "unavailable"
        ? t("ui.an.unavailable")
        : v.state === "loading"
          ? t("ui.an.loading")
          : v.final
            ? v.final.why
            : best && on
              ? t("ui.an.depth", { depth: best.depth, speed: speedText(best.nps) })
              : "";
    this.root.dataset.state = v.state;
    this.pv.setAttribute("aria-label", t("ui.an.lines"));
    [...this.pv.options].forEach((o, i) => {
      o.textContent = t("ui.an.lines_n", { n: i + 1 });
      o.selected = i + 1 === v.multipv;
    });
    this.wdlBox.checked = v.showWdl;
    this.wdlLabel.textContent = t("ui.an.wdl_option");
    this.list.replaceChildren(...(on && !v.final ? v.lines.slice(0, v.multipv).map((l) => this.line(l, v.pos)) : []));
  }

  private line(l: EngineLine, pos: Pos): HTMLElement {
    const score = fromWhite(l.score, pos.turn);
    const moves: HTMLElement[] = [];
    let p = pos;
    const played: string[] = [];
    for (const uci of l.pv.slice(0, 14)) {
      if (!legalMoves(p).includes(uci)) break;
      const text = san(p, uci);
      const prefix = moveNumberText(p, moves.length === 0);
      played.push(uci);
      const upTo = played.slice();
      moves.push(
        button(prefix + shownSan(this.host, text), () => this.events.play(upTo), "an-pv-move"),
      );
      p = play(p, uci);
    }
    return el("li", { class: "an-line", "data-multipv": String(l.multipv), "data-pv": l.pv.join(" ") }, [
      el("span", { class: "an-line-score" }, [scoreText(score)]),
      el("span", { class: "an-line-moves" }, moves),
    ]);
  }
}
