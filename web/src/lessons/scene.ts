//! The board of a step as the lesson draws it: the app's `Board` (lent through `Host`, so
//! animation, keyboard and screen-reader labels are the game page's), the step's arrows and
//! highlighted squares, a hint (the piece, then the square), and a reach task's targets drawn
//! over the squares like lichess's apples, each one marked collected once a piece lands there.

import type { Board, BoardEvents } from "../board";
import { fileOf, parseSq, parseUci, placementOf, rankOf, type Color, type Sq } from "../chess";
import type { MarkKind, Marks } from "../game/marks";
import type { Host } from "../learn/host";
import { el } from "../ui";

/** The marks a lesson adds to the game page's: its own arrows and squares, the hint's, a
 *  move tried and refused. Styled in lessons.css. */
type LessonMark = "lesson" | "hint" | "tried" | "crossed";

/** The side to move in a FEN: in a task, the learner. */
export function turnOf(fen: string): Color {
  return fen.split(" ")[1] === "b" ? "black" : "white";
}

/** Marks from the step's `arrows` ("a1a8") and `highlights` ("a8"); malformed entries are
 *  skipped (the server's loader has checked them). */
export function stepMarks(arrows: string[], highlights: string[], kind: LessonMark = "lesson"): Marks {
  const marks: Marks = { arrows: [], squares: [] };
  const k = kind as MarkKind; // the Board draws any class name; lessons.css styles these
  for (const a of arrows) {
    const m = parseUci(a);
    if (m) marks.arrows.push({ from: m.from, to: m.to, kind: k });
  }
  for (const h of highlights) {
    const s = parseSq(h);
    if (s !== null) marks.squares.push({ sq: s, kind: k });
  }
  return marks;
}

/** Both sets of marks drawn at once. */
export function joinMarks(...all: Marks[]): Marks {
  return { arrows: all.flatMap((m) => m.arrows), squares: all.flatMap((m) => m.squares) };
}

export class Scene {
  readonly root: HTMLElement;
  readonly board: Board;
  private targets = el("div", { class: "lesson-targets", "aria-hidden": "true" });

  constructor(
    host: Host,
    fen: string,
    readonly orientation: Color,
    events: BoardEvents,
  ) {
    this.board = new host.Board(
      {
        placement: placementOf(fen),
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
      events,
    );
    this.root = el("div", { class: "lesson-board" }, [this.board.el, this.targets]);
  }

  /** Draws the targets still to reach and the ones collected (`collected` names squares). */
  setTargets(all: string[], collected: string[]): void {
    const spots = all.map((name) => {
      const s: Sq | null = parseSq(name);
      const spot = el("span", { class: "lesson-target" + (collected.includes(name) ? " collected" : ""), "data-square": name });
      if (s !== null) {
        const x = this.orientation === "white" ? fileOf(s) : 7 - fileOf(s);
        const y = this.orientation === "white" ? 7 - rankOf(s) : rankOf(s);
        spot.style.left = `${x * 12.5}%`;
        spot.style.top = `${y * 12.5}%`;
      }
      return spot;
    });
    this.targets.replaceChildren(...spots);
  }
}
