//! The evaluation graph: White's expected score after every move (the review's evaluations
//! through the same logistic curve the classes use, so a pawn counts for more in a level game
//! than in a won one), white above and black below the middle, a dot on every inaccuracy,
//! mistake and blunder in its class's colour, and a line at the move on show. Clicking or
//! tapping the graph shows the nearest move; it is an SVG drawn in a fixed 1000 × 200 box and
//! stretched to the page's width.

import { ERRORS, type Eval, type MoveView } from "./api";

const SVG = "http://www.w3.org/2000/svg";
const W = 1000;
const H = 200;

/** White's expected score (0..1) for an evaluation from White's point of view. */
export function whiteScore(e: Eval): number {
  if ("mate" in e) return e.mate > 0 ? 1 : e.mate < 0 ? 0 : 0.5;
  return 1 / (1 + Math.exp(-0.00368208 * e.cp));
}

function node(tag: string, attrs: Record<string, string | number>): SVGElement {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  return n;
}

export class EvalGraph {
  readonly root: SVGSVGElement;
  private cursor: SVGElement;

  constructor(
    private moves: MoveView[],
    label: string,
    private pick: (index: number) => void,
  ) {
    this.root = node("svg", { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", class: "rv-graph", role: "img", "aria-label": label }) as SVGSVGElement;
    const n = Math.max(1, moves.length);
    const x = (i: number) => (i / n) * W;
    const y = (s: number) => (1 - s) * H;
    // Point 0 is the start (the first move's evaluation before it); point i the position after move i.
    const scores = [moves.length ? whiteScore(moves[0].eval_before) : 0.5, ...moves.map((m) => whiteScore(m.eval_after))];
    const line = scores.map((s, i) => `${x(i).toFixed(1)},${y(s).toFixed(1)}`).join(" ");
    this.root.append(
      node("rect", { x: 0, y: 0, width: W, height: H, class: "rv-graph-black" }),
      node("polygon", { points: `0,${H} ${line} ${x(scores.length - 1).toFixed(1)},${H}`, class: "rv-graph-white" }),
      node("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: "rv-graph-mid" }),
      node("polyline", { points: line, class: "rv-graph-line" }),
    );
    moves.forEach((m, i) => {
      if (!ERRORS.includes(m.class)) return;
      // A line of no length with round caps and a stroke that does not stretch: a round dot.
      const [cx, cy] = [x(i + 1).toFixed(1), y(scores[i + 1]).toFixed(1)];
      this.root.append(node("line", { x1: cx, y1: cy, x2: cx, y2: cy, class: "rv-graph-dot cls-" + m.class, "data-ply": m.ply }));
    });
    this.cursor = node("line", { x1: 0, y1: 0, x2: 0, y2: H, class: "rv-graph-cursor" });
    this.root.append(this.cursor);
    this.root.addEventListener("pointerdown", (e) => {
      const r = this.root.getBoundingClientRect();
      const i = Math.round(((e.clientX - r.left) / r.width) * n);
      this.pick(Math.min(moves.length, Math.max(0, i)) - 1);
    });
  }

  /** Marks the move on show (index into the moves; −1: the start). */
  show(index: number): void {
    const xPos = ((index + 1) / Math.max(1, this.moves.length)) * W;
    this.cursor.setAttribute("x1", xPos.toFixed(1));
    this.cursor.setAttribute("x2", xPos.toFixed(1));
  }
}
