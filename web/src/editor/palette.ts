//! The box of pieces beside the board: one row per colour, a piece for each role, plus the
//! hand (move the pieces already on the board) and the eraser. A piece is dragged from here
//! onto a square (mouse, touch or pen: pointer events, with a ghost under the pointer like the
//! board's own), or clicked to become the tool that the next clicks on squares place; Enter on
//! a square does the same from the keyboard (the page handles squares).

import type { Color, Piece, Role } from "../chess";
import type { Host } from "../learn/host";
import { el } from "../ui";

/** What a click on a square does: move pieces (the board's own dragging), place a piece, or
 *  remove one. */
export type Tool = { kind: "hand" } | { kind: "piece"; piece: Piece } | { kind: "eraser" };

const ROLES: Role[] = ["k", "q", "r", "b", "n", "p"];
const ROLE_KEYS: Record<Role, string> = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };

export interface PaletteEvents {
  /** A piece dropped at a point of the page (the page finds the square, if any). */
  drop(piece: Piece, x: number, y: number): void;
  /** The tool changed (by a click). */
  tool(t: Tool): void;
}

/** The piece's name in the page's language ("white king"). */
export function nameOf(host: Host, p: Piece): string {
  return host.t("ui.piece_of", { color: host.t("color." + p.color), piece: host.t("piece." + ROLE_KEYS[p.role]) });
}

export class Palette {
  readonly root: HTMLElement;

  constructor(
    private host: Host,
    readonly color: Color,
    /** Whether the hand and the eraser are in this row (the lower one). */
    private tools: boolean,
    private current: () => Tool,
    private events: PaletteEvents,
  ) {
    this.root = el("div", { class: "ed-palette " + color, role: "toolbar" });
    this.render();
  }

  render(): void {
    const { t } = this.host;
    const tool = this.current();
    this.root.setAttribute("aria-label", t(this.color === "white" ? "ui.ed.palette_white" : "ui.ed.palette_black"));
    const buttons: HTMLElement[] = ROLES.map((role) => {
      const piece: Piece = { color: this.color, role };
      const on = tool.kind === "piece" && tool.piece.color === this.color && tool.piece.role === role;
      const b = el("button", {
        type: "button",
        class: `ed-spare${on ? " on" : ""}`,
        "data-piece": this.color + role,
        "aria-pressed": String(on),
        "aria-label": nameOf(this.host, piece),
        title: nameOf(this.host, piece),
      }, [el("span", { class: `piece ${this.color} ${role}`, "aria-hidden": "true" })]);
      b.addEventListener("pointerdown", (e) => this.grab(e, piece, b));
      b.addEventListener("click", (e) => {
        // A drag ends with a click on some browsers; only a click without moving arms the piece.
        if (b.dataset.dragged === "1") {
          delete b.dataset.dragged;
          e.preventDefault();
          return;
        }
        this.events.tool(on ? { kind: "hand" } : { kind: "piece", piece });
      });
      return b;
    });
    if (this.tools) {
      const hand = tool.kind === "hand";
      const erase = tool.kind === "eraser";
      buttons.push(
        el("button", { type: "button", class: "ed-hand" + (hand ? " on" : ""), "aria-pressed": String(hand), title: t("ui.ed.hand"), "aria-label": t("ui.ed.hand") }, [icon(MOVE_ICON)]),
        el("button", { type: "button", class: "ed-eraser" + (erase ? " on" : ""), "aria-pressed": String(erase), title: t("ui.ed.eraser"), "aria-label": t("ui.ed.eraser") }, [icon(ERASE_ICON)]),
      );
      buttons[buttons.length - 2].addEventListener("click", () => this.events.tool({ kind: "hand" }));
      buttons[buttons.length - 1].addEventListener("click", () => this.events.tool(erase ? { kind: "hand" } : { kind: "eraser" }));
    }
    this.root.replaceChildren(...buttons);
  }

  /** Follows a drag that starts on a spare piece. */
  private grab(e: PointerEvent, piece: Piece, from: HTMLElement): void {
    if (e.button !== 0) return;
    e.preventDefault();
    const x0 = e.clientX;
    const y0 = e.clientY;
    let ghost: HTMLElement | null = null;
    const move = (ev: PointerEvent) => {
      if (!ghost && Math.hypot(ev.clientX - x0, ev.clientY - y0) < 4) return;
      const size = boardSquareSize();
      if (!ghost) {
        ghost = el("div", { class: `piece ${piece.color} ${piece.role} ghost ed-ghost` });
        ghost.style.width = ghost.style.height = `${size}px`;
        document.body.appendChild(ghost);
      }
      ghost.style.transform = `translate(${ev.clientX - size / 2}px, ${ev.clientY - size / 2}px)`;
    };
    const up = (ev: PointerEvent) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      // No drag: a plain click, which the click handler answers.
      if (!ghost) return;
      ghost.remove();
      from.dataset.dragged = "1";
      setTimeout(() => delete from.dataset.dragged, 0);
      if (ev.type === "pointerup") this.events.drop(piece, ev.clientX, ev.clientY);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
  }
}

/** The hand (four arrows: move) and the eraser (a cross), drawn so as not to depend on the
 *  reader's fonts. */
const MOVE_ICON = '<path d="M12 2l3 3h-2v6h6V9l3 3-3 3v-2h-6v6h2l-3 3-3-3h2v-6H5v2l-3-3 3-3v2h6V5H9z" fill="currentColor"/>';
const ERASE_ICON = '<path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="3" stroke-linecap="round"/>';

function icon(paths: string): SVGSVGElement {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "ed-icon");
  svg.innerHTML = paths;
  return svg;
}

/** The size of a square of the editor's board, for the ghost. */
function boardSquareSize(): number {
  const b = document.querySelector(".ed-board .board");
  return b ? b.getBoundingClientRect().width / 8 : 48;
}
