//! The move tree as the analysis board lists it: the main line as running text with move
//! numbers, each variation after the move it replaces (a block of its own at the first level,
//! in parentheses deeper down), comments after their moves. Every move is a button that shows
//! its position; the current one is marked for eyes and screen readers.

import type { Host } from "../learn/host";
import { el } from "../ui";
import { shownSan } from "./notation";
import type { Node, Tree } from "./tree";

export class MoveList {
  readonly root = el("div", { class: "an-tree", role: "list" });

  constructor(
    private host: Host,
    private select: (node: Node) => void,
  ) {}

  render(tree: Tree, current: Node): void {
    const out: HTMLElement[] = [];
    if (tree.root.comment) out.push(el("span", { class: "an-comment" }, [tree.root.comment]));
    this.line(tree.root, out, true, current, 0);
    if (!tree.root.children.length) out.push(el("p", { class: "an-empty" }, [this.host.t("ui.an.no_moves")]));
    this.root.replaceChildren(...out);
    const active = this.root.querySelector(".an-move.current");
    if (active instanceof HTMLElement) {
      const box = this.root.getBoundingClientRect();
      const r = active.getBoundingClientRect();
      if (r.top < box.top || r.bottom > box.bottom) this.root.scrollTop += r.top - box.top - box.height / 2;
    }
  }

  /** Writes the moves after `parent` into `out`: level 0 is the main line. */
  private line(parent: Node, out: HTMLElement[], numbered: boolean, current: Node, depth: number): void {
    let p = parent;
    let need = numbered;
    while (p.children.length) {
      const [main, ...alts] = p.children;
      out.push(this.move(main, need, current));
      need = false;
      if (main.comment) {
        out.push(el("span", { class: "an-comment" }, [main.comment]));
        need = true;
      }
      for (const alt of alts) {
        const inner: HTMLElement[] = [];
        inner.push(this.move(alt, true, current));
        if (alt.comment) inner.push(el("span", { class: "an-comment" }, [alt.comment]));
        this.line(alt, inner, !!alt.comment, current, depth + 1);
        out.push(
          depth === 0
            ? el("div", { class: "an-variation", role: "group" }, inner)
            : el("span", { class: "an-variation inline", role: "group" }, ["(", ...inner, ")"]),
        );
        need = true;
      }
      p = main;
    }
  }

  private move(node: Node, numbered: boolean, current: Node): HTMLElement {
    const before = node.parent!.pos; // a move always has a parent
    const number = before.turn === "white" ? `${before.fullmove}.` : numbered ? `${before.fullmove}…` : "";
    const b = el("button", {
      type: "button",
      class: "an-move" + (node === current ? " current" : ""),
      role: "listitem",
      "data-id": String(node.id),
      "data-uci": node.uci,
      "data-san": node.san,
      "data-ply": String(node.ply),
    });
    if (node === current) b.setAttribute("aria-current", "true");
    if (number) b.appendChild(el("span", { class: "an-num" }, [number]));
    b.append(shownSan(this.host, node.san));
    b.addEventListener("click", () => this.select(node));
    return b;
  }
}
