//! The analysis board's move tree: the start position at the root, each move a node with its
//! SAN, the FEN after it and the learner's comment; a node's first child continues its line
//! (the main line from the root), the others are variations. Moves are added (an existing one
//! is reused), deleted with all that follows, and promoted a level towards the main line.

import { parseFen, play, san, toFen, type Pos } from "./rules";

export interface Node {
  /** Unique in its tree, for the page's buttons. */
  id: number;
  /** Plies from the tree's start position. */
  ply: number;
  /** The move that leads here (empty at the root). */
  uci: string;
  san: string;
  fen: string;
  pos: Pos;
  comment: string;
  parent: Node | null;
  children: Node[];
}

export class Tree {
  readonly root: Node;
  private next = 1;

  /** A tree holding only `fen` (checked by `parseFen`, which throws a `FenParseError`). */
  constructor(fen: string) {
    const pos = parseFen(fen);
    this.root = { id: 0, ply: 0, uci: "", san: "", fen: toFen(pos), pos, comment: "", parent: null, children: [] };
  }

  /** The child of `parent` reached by `uci` (added at the end of its children if new). The
   *  move must be legal there. */
  add(parent: Node, uci: string): Node {
    const found = parent.children.find((c) => c.uci === uci);
    if (found) return found;
    const pos = play(parent.pos, uci);
    const node: Node = {
      id: this.next++,
      ply: parent.ply + 1,
      uci,
      san: san(parent.pos, uci),
      fen: toFen(pos),
      pos,
      comment: "",
      parent,
      children: [],
    };
    parent.children.push(node);
    return node;
  }

  /** Adds a line of moves from `from`; the last node. */
  addLine(from: Node, moves: string[]): Node {
    let n = from;
    for (const u of moves) n = this.add(n, u);
    return n;
  }

  /** Removes `node` and everything after it; its parent (the root cannot be removed). */
  delete(node: Node): Node {
    const p = node.parent;
    if (!p) return node;
    p.children = p.children.filter((c) => c !== node);
    return p;
  }

  /** Moves the nearest variation at or above `node` one place up among its siblings, so that
   *  it becomes the line it branched from when it was the first alternative. */
  promote(node: Node): void {
    let n: Node = node;
    while (n.parent && n.parent.children[0] === n) n = n.parent;
    const p = n.parent;
    if (!p) return;
    const i = p.children.indexOf(n);
    p.children.splice(i, 1);
    p.children.splice(i - 1, 0, n);
  }

  /** Whether `node` lies on the main line. */
  onMainLine(node: Node): boolean {
    for (let n: Node = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  /** The node with `id`, or null. */
  find(id: number): Node | null {
    const walk = (n: Node): Node | null => {
      if (n.id === id) return n;
      for (const c of n.children) {
        const f = walk(c);
        if (f) return f;
      }
      return null;
    };
    return walk(this.root);
  }

  /** The main line's nodes after the root. */
  mainLine(): Node[] {
    return lineFrom(this.root);
  }
}

/** The nodes from the root down to `node`, root left out. */
export function pathTo(node: Node): Node[] {
  const out: Node[] = [];
  for (let n: Node | null = node; n && n.parent; n = n.parent) out.unshift(n);
  return out;
}

/** The first-child line after `node` (not including it). */
export function lineFrom(node: Node): Node[] {
  const out: Node[] = [];
  for (let n = node.children[0]; n; n = n.children[0]) out.push(n);
  return out;
}

/** The full-move number of the move that leads to `node`, and whether White played it
 *  (counted from the tree's start position: its side to move and move number). */
export function moveNumber(node: Node, root: Node): { n: number; white: boolean } {
  const startBlack = root.pos.turn === "black";
  const k = node.ply - 1 + (startBlack ? 1 : 0);
  return { n: root.pos.fullmove + Math.floor(k / 2), white: k % 2 === 0 };
}
