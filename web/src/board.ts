//! The board: squares, pieces, coordinates and highlights; moving by click or drag (mouse,
//! touch, pen) or by keyboard (arrow keys and Enter on the focused square); legal or
//! premove destinations; animation of the pieces that moved; the promotion chooser.
//! It knows no rules: the game page tells it which moves it may offer. Arrows and square
//! highlights (`marks`, an SVG layer over the squares) show what the page wants explained.

import { fileOf, parseSq, rankOf, sqName, type Color, type Piece, type Placement, type Role, type Sq } from "./chess";
import { t } from "./i18n";
import type { Marks } from "./game/marks";

export interface BoardView {
  placement: Placement;
  orientation: Color;
  lastMove: [Sq, Sq] | null;
  check: Sq | null;
  /** Destinations by origin for the moves the player may make now (empty: none). */
  dests: Map<Sq, Sq[]>;
  /** Premove destinations, when the player may queue premoves. */
  premoveDests: ((from: Sq) => Sq[]) | null;
  /** Learning mode: any piece may be dropped anywhere (the page asks the server why not). */
  free: boolean;
  /** The colour whose pieces may be picked up (null: none). */
  movable: Color | "both" | null;
  premoves: [Sq, Sq][];
  coordinates: boolean;
  /** Arrows and highlighted squares drawn over the board (absent: none). */
  marks?: Marks;
}

export interface BoardEvents {
  /** A move the player made (or tried, in learning mode). */
  move(from: Sq, to: Sq, premove: boolean): void;
  /** The player cancelled the premoves (right click, Escape, click on an empty square). */
  cancelPremoves(): void;
}

const ROLE_KEYS: Record<Role, string> = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };

export function pieceName(p: Piece): string {
  return t("ui.piece_of", { color: t("color." + p.color), piece: t("piece." + ROLE_KEYS[p.role]) });
}

export class Board {
  readonly el: HTMLElement;
  private squares: HTMLElement[] = [];
  private layer: HTMLElement;
  private pieceEls = new Map<Sq, HTMLElement>();
  private view: BoardView;
  private selected: Sq | null = null;
  private focus: Sq = 12;
  private drag: { from: Sq; ghost: HTMLElement | null; x: number; y: number; moved: boolean } | null = null;
  private chooser: HTMLElement | null = null;
  private marksLayer: SVGSVGElement;

  constructor(
    view: BoardView,
    private events: BoardEvents,
  ) {
    this.view = view;
    this.el = document.createElement("div");
    this.el.className = "board";
    this.el.setAttribute("role", "grid");
    const grid = document.createElement("div");
    grid.className = "squares";
    for (let i = 0; i < 64; i++) {
      const s = document.createElement("div");
      s.setAttribute("role", "gridcell");
      s.tabIndex = -1;
      this.squares.push(s);
      grid.appendChild(s);
    }
    this.layer = document.createElement("div");
    this.layer.className = "pieces";
    this.marksLayer = document.createElementNS(SVG, "svg");
    this.marksLayer.setAttribute("class", "marks");
    this.marksLayer.setAttribute("viewBox", "0 0 8 8");
    this.marksLayer.setAttribute("aria-hidden", "true");
    this.el.append(grid, this.marksLayer, this.layer);
    this.el.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.el.addEventListener("contextmenu", (e) => {
      e.preventDefault();
      this.events.cancelPremoves();
      this.select(null);
    });
    this.el.addEventListener("keydown", (e) => this.key(e));
    this.el.addEventListener("focusin", (e) => {
      const name = (e.target as HTMLElement).dataset?.square;
      const s = name ? parseSq(name) : null;
      if (s !== null && s !== this.focus) {
        this.focus = s;
        for (const sq of this.squares) sq.tabIndex = sq === e.target ? 0 : -1;
      }
    });
    this.render();
  }

  update(change: Partial<BoardView>): void {
    this.view = { ...this.view, ...change };
    if (this.selected !== null && !this.canPick(this.selected)) this.selected = null;
    this.render();
  }

  get state(): BoardView {
    return this.view;
  }

  /** The square shown at grid position i (0 = top left). */
  private sqAt(i: number): Sq {
    const row = Math.floor(i / 8);
    const col = i % 8;
    return this.view.orientation === "white" ? col + 8 * (7 - row) : 7 - col + 8 * row;
  }

  private posOf(s: Sq): [number, number] {
    return this.view.orientation === "white" ? [fileOf(s), 7 - rankOf(s)] : [7 - fileOf(s), rankOf(s)];
  }

  private squareEl(s: Sq): HTMLElement {
    const [x, y] = this.posOf(s);
    return this.squares[y * 8 + x];
  }

  private targets(from: Sq): Sq[] {
    const v = this.view;
    const piece = v.placement.get(from);
    if (!piece) return [];
    if (v.dests.has(from)) return v.dests.get(from) ?? [];
    if (v.premoveDests && (v.movable === piece.color || v.movable === "both")) return v.premoveDests(from);
    return [];
  }

  private canPick(s: Sq): boolean {
    const v = this.view;
    const piece = v.placement.get(s);
    if (!piece) return false;
    if (v.free) return true;
    if (v.dests.has(s)) return true;
    return v.premoveDests !== null && (v.movable === piece.color || v.movable === "both");
  }

  private render(): void {
    const v = this.view;
    const dests = this.selected !== null ? new Set(this.targets(this.selected)) : new Set<Sq>();
    const premoveSquares = new Set(v.premoves.flat());
    for (let i = 0; i < 64; i++) {
      const s = this.sqAt(i);
      const el = this.squares[i];
      const light = (fileOf(s) + rankOf(s)) % 2 === 1;
      const cls = ["sq", light ? "light" : "dark"];
      if (v.lastMove && (v.lastMove[0] === s || v.lastMove[1] === s)) cls.push("last");
      if (v.check === s) cls.push("check");
      if (this.selected === s) cls.push("selected");
      if (dests.has(s)) cls.push(v.placement.has(s) ? "dest capture" : "dest");
      if (premoveSquares.has(s)) cls.push("premove");
      el.className = cls.join(" ");
      el.dataset.square = sqName(s);
      const piece = v.placement.get(s);
      el.setAttribute("aria-label", sqName(s) + (piece ? ", " + pieceName(piece) : ""));
      el.tabIndex = s === this.focus ? 0 : -1;
      el.replaceChildren();
      if (v.coordinates) {
        const [x, y] = this.posOf(s);
        if (y === 7) el.appendChild(coord("file", sqName(s)[0]));
        if (x === 0) el.appendChild(coord("rank", sqName(s)[1]));
      }
    }
    this.renderPieces();
    this.renderMarks();
  }

  /** Draws the arrows and highlighted squares of `view.marks`. */
  private renderMarks(): void {
    const marks = this.view.marks;
    const svg = this.marksLayer;
    svg.replaceChildren();
    if (!marks || (!marks.arrows.length && !marks.squares.length)) return;
    const defs = document.createElementNS(SVG, "defs");
    const kinds = new Set(marks.arrows.map((a) => a.kind));
    for (const kind of kinds) {
      const marker = document.createElementNS(SVG, "marker");
      marker.setAttribute("id", "gx-head-" + kind);
      marker.setAttribute("class", "head " + kind);
      for (const [k, v] of Object.entries({ viewBox: "0 0 4 4", refX: "2", refY: "2", markerWidth: "3", markerHeight: "3", orient: "auto" })) marker.setAttribute(k, v);
      const path = document.createElementNS(SVG, "path");
      path.setAttribute("d", "M0,0 L4,2 L0,4 z");
      marker.appendChild(path);
      defs.appendChild(marker);
    }
    svg.appendChild(defs);
    for (const { sq, kind } of marks.squares) {
      const [x, y] = this.posOf(sq);
      const r = document.createElementNS(SVG, "rect");
      for (const [k, v] of Object.entries({ x: String(x), y: String(y), width: "1", height: "1" })) r.setAttribute(k, v);
      r.setAttribute("class", "mark-square " + kind);
      r.dataset.square = sqName(sq);
      svg.appendChild(r);
      if (kind === "crossed") {
        const cross = document.createElementNS(SVG, "path");
        cross.setAttribute("d", `M${x + 0.25},${y + 0.25} L${x + 0.75},${y + 0.75} M${x + 0.75},${y + 0.25} L${x + 0.25},${y + 0.75}`);
        cross.setAttribute("class", "mark-cross");
        svg.appendChild(cross);
      }
    }
    for (const { from, to, kind } of marks.arrows) {
      const [x1, y1] = this.posOf(from);
      const [x2, y2] = this.posOf(to);
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      // Stop short of the target's centre so the head does not hide the piece.
      const shorten = Math.min(0.35, len / 2);
      const line = document.createElementNS(SVG, "line");
      const attrs = {
        x1: String(x1 + 0.5), y1: String(y1 + 0.5),
        x2: String(x2 + 0.5 - ((x2 - x1) / len) * shorten), y2: String(y2 + 0.5 - ((y2 - y1) / len) * shorten),
        "marker-end": `url(#gx-head-${kind})`,
      };
      for (const [k, v] of Object.entries(attrs)) line.setAttribute(k, v);
      line.setAttribute("class", "arrow " + kind);
      line.dataset.from = sqName(from);
      line.dataset.to = sqName(to);
      svg.appendChild(line);
    }
  }

  /** Keeps the element of every piece that stayed, moves the ones that moved (animated by
   *  CSS), adds new ones and removes the captured. */
  private renderPieces(): void {
    const next = new Map<Sq, HTMLElement>();
    const unmatched = new Map(this.pieceEls);
    const want = [...this.view.placement.entries()];
    const same = (el: HTMLElement, p: Piece) => el.dataset.piece === p.color + p.role;
    const pending: [Sq, Piece][] = [];
    for (const [s, p] of want) {
      const el = unmatched.get(s);
      if (el && same(el, p)) {
        next.set(s, el);
        unmatched.delete(s);
      } else pending.push([s, p]);
    }
    for (const [s, p] of pending) {
      // Prefer the piece that left the last move's origin, then the nearest of its kind.
      let best: Sq | null = null;
      let bestDist = 99;
      for (const [from, el] of unmatched) {
        if (!same(el, p)) continue;
        const d =
          this.view.lastMove && this.view.lastMove[0] === from && this.view.lastMove[1] === s
            ? -1
            : Math.max(Math.abs(fileOf(from) - fileOf(s)), Math.abs(rankOf(from) - rankOf(s)));
        if (d < bestDist) {
          best = from;
          bestDist = d;
        }
      }
      let el: HTMLElement;
      if (best !== null) {
        el = unmatched.get(best)!; // best came from unmatched's keys
        unmatched.delete(best);
      } else {
        el = document.createElement("div");
        el.className = `piece ${p.color} ${p.role}`;
        el.dataset.piece = p.color + p.role;
        el.classList.add("appear");
        this.layer.appendChild(el);
      }
      next.set(s, el);
    }
    for (const el of unmatched.values()) el.remove();
    for (const [s, el] of next) {
      const [x, y] = this.posOf(s);
      el.style.transform = `translate(${x * 100}%, ${y * 100}%)`;
      el.dataset.square = sqName(s);
      el.classList.toggle("dragging", this.drag?.from === s && this.drag.moved);
    }
    this.pieceEls = next;
  }

  private select(s: Sq | null): void {
    this.selected = s;
    this.render();
  }

  private squareFromPoint(x: number, y: number): Sq | null {
    const r = this.el.getBoundingClientRect();
    const col = Math.floor(((x - r.left) / r.width) * 8);
    const row = Math.floor(((y - r.top) / r.height) * 8);
    if (col < 0 || col > 7 || row < 0 || row > 7) return null;
    return this.sqAt(row * 8 + col);
  }

  private tryMove(from: Sq, to: Sq): boolean {
    const v = this.view;
    if (from === to) return false;
    if (v.free) {
      this.selected = null;
      this.events.move(from, to, false);
      return true;
    }
    if (v.dests.get(from)?.includes(to)) {
      this.selected = null;
      this.events.move(from, to, false);
      return true;
    }
    if (v.premoveDests && this.targets(from).includes(to)) {
      this.selected = null;
      this.events.move(from, to, true);
      return true;
    }
    return false;
  }

  private pointerDown(e: PointerEvent): void {
    if (e.button !== 0 || this.chooser) return;
    const s = this.squareFromPoint(e.clientX, e.clientY);
    if (s === null) return;
    this.focus = s;
    e.preventDefault();
    if (this.selected !== null && this.selected !== s && !this.isOwn(s) && this.tryMove(this.selected, s)) {
      this.render();
      return;
    }
    if (!this.canPick(s)) {
      if (this.view.premoves.length) this.events.cancelPremoves();
      this.select(null);
      return;
    }
    const wasSelected = this.selected === s;
    this.select(s);
    this.drag = { from: s, ghost: null, x: e.clientX, y: e.clientY, moved: false };
    const move = (ev: PointerEvent) => this.pointerMove(ev);
    const up = (ev: PointerEvent) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      this.pointerUp(ev, wasSelected);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
  }

  private isOwn(s: Sq): boolean {
    const p = this.view.placement.get(s);
    const from = this.selected !== null ? this.view.placement.get(this.selected) : undefined;
    return !!p && !!from && p.color === from.color;
  }

  private pointerMove(e: PointerEvent): void {
    const d = this.drag;
    if (!d) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 4) return;
    if (!d.moved) {
      d.moved = true;
      const src = this.pieceEls.get(d.from);
      if (src) {
        const ghost = src.cloneNode() as HTMLElement;
        ghost.className = src.className + " ghost";
        const size = this.el.getBoundingClientRect().width / 8;
        ghost.style.width = ghost.style.height = `${size}px`;
        document.body.appendChild(ghost);
        d.ghost = ghost;
        src.classList.add("dragging");
      }
    }
    if (d.ghost) {
      const size = this.el.getBoundingClientRect().width / 8;
      d.ghost.style.transform = `translate(${e.clientX - size / 2}px, ${e.clientY - size / 2}px)`;
    }
  }

  private pointerUp(e: PointerEvent, wasSelected: boolean): void {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    d.ghost?.remove();
    this.pieceEls.get(d.from)?.classList.remove("dragging");
    const to = this.squareFromPoint(e.clientX, e.clientY);
    if (d.moved) {
      if (to !== null && to !== d.from && this.tryMove(d.from, to)) {
        // A dropped piece lands at once, not with the slide animation.
        const el = this.pieceEls.get(d.from);
        if (el) {
          el.classList.add("no-anim");
          requestAnimationFrame(() => el.classList.remove("no-anim"));
        }
        this.render();
        return;
      }
      this.render();
      return;
    }
    if (wasSelected && to === d.from) this.select(null);
  }

  private key(e: KeyboardEvent): void {
    if (this.chooser) return;
    const [x, y] = this.posOf(this.focus);
    let nx = x;
    let ny = y;
    switch (e.key) {
      case "ArrowLeft":
        nx = Math.max(0, x - 1);
        break;
      case "ArrowRight":
        nx = Math.min(7, x + 1);
        break;
      case "ArrowUp":
        ny = Math.max(0, y - 1);
        break;
      case "ArrowDown":
        ny = Math.min(7, y + 1);
        break;
      case "Enter":
      case " ": {
        e.preventDefault();
        const s = this.focus;
        if (this.selected !== null && this.selected !== s && !this.isOwn(s) && this.tryMove(this.selected, s)) {
          this.render();
        } else if (this.canPick(s)) {
          this.select(this.selected === s ? null : s);
        } else this.select(null);
        this.squareEl(this.focus).focus();
        return;
      }
      case "Escape":
        this.select(null);
        if (this.view.premoves.length) this.events.cancelPremoves();
        return;
      default:
        return;
    }
    e.preventDefault();
    this.focus = this.sqAt(ny * 8 + nx);
    this.render();
    this.squareEl(this.focus).focus();
  }

  /** Asks which piece a pawn promotes to; null if the player cancels. */
  choosePromotion(to: Sq, color: Color): Promise<Role | null> {
    return new Promise((resolve) => {
      const box = document.createElement("div");
      box.className = "promotion";
      box.setAttribute("role", "dialog");
      box.setAttribute("aria-label", t("ui.promote_to"));
      const [x, y] = this.posOf(to);
      const down = y === 0;
      const done = (r: Role | null) => {
        box.remove();
        this.chooser = null;
        resolve(r);
      };
      (["q", "n", "r", "b"] as Role[]).forEach((role, i) => {
        const b = document.createElement("button");
        b.type = "button";
        b.className = `piece ${color} ${role}`;
        b.dataset.role = role;
        b.setAttribute("aria-label", pieceName({ color, role }));
        b.style.left = `${x * 12.5}%`;
        b.style.top = `${(down ? i : 7 - i) * 12.5}%`;
        b.addEventListener("click", (ev) => {
          ev.stopPropagation();
          done(role);
        });
        box.appendChild(b);
      });
      box.addEventListener("pointerdown", (ev) => {
        ev.stopPropagation();
        if (ev.target === box) done(null);
      });
      box.addEventListener("keydown", (ev) => {
        if (ev.key === "Escape") done(null);
      });
      this.chooser = box;
      this.el.appendChild(box);
      (box.firstChild as HTMLElement).focus();
    });
  }
}

const SVG = "http://www.w3.org/2000/svg";

function coord(kind: string, text: string): HTMLElement {
  const s = document.createElement("span");
  s.className = "coord " + kind;
  s.textContent = text;
  s.setAttribute("aria-hidden", "true");
  return s;
}
