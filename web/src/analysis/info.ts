//! What the server knows about the position on the analysis board, asked for in the
//! background and remembered per position: the opening it has reached (`/api/openings`: the
//! deepest named line on the way from the standard start, or the opening whose line ends at a
//! set-up position) and, with four pieces or fewer, the tablebase's exact value and distance
//! to mate (`/api/tb/probe`, when this server has the tables). No answer leaves the page as
//! it is: both are extras.

import { call } from "../api";
import type { NamedOpening, OpeningAnswer, TbProbe } from "../api/types.gen";
import { START_FEN } from "../chess";
import { pieceCount, type Pos } from "./rules";
import { pathTo, type Node, type Tree } from "./tree";

/** The tablebase's verdict for White: who wins (or a draw) and in how many moves. */
export interface TbVerdict {
  /** From White's side. */
  result: "white" | "black" | "draw";
  /** Full moves to mate (null in a draw). */
  mateIn: number | null;
  /** Plies to mate, as the tables give it. */
  dtm: number | null;
}

export class PositionInfo {
  private openings = new Map<string, NamedOpening | null>();
  private tables = new Map<string, TbVerdict | null>();
  private asked = new Set<string>();
  private live = true;

  constructor(private changed: () => void) {}

  /** The opening reached at `node`, once known (undefined while not asked or pending). */
  opening(tree: Tree, node: Node): NamedOpening | null | undefined {
    const key = this.openingKey(tree, node);
    if (this.openings.has(key)) return this.openings.get(key);
    if (!this.asked.has("o" + key)) {
      this.asked.add("o" + key);
      if (tree.root.fen === START_FEN && !node.parent) {
        this.openings.set(key, null);
        return null;
      }
      const q: Record<string, string> = tree.root.fen === START_FEN ? { moves: pathTo(node).map((n) => n.san).join(" ") } : { fen: node.fen };
      call<OpeningAnswer>("GET", "/api/openings?" + new URLSearchParams(q).toString()).then(
        (a) => this.done(() => this.openings.set(key, a.opening)),
        () => this.done(() => this.openings.set(key, null)),
      );
    }
    return undefined;
  }

  /** Where the opening of `node` is remembered: the moves from the standard start (the
   *  server names the deepest opening on the way), or the position after a set-up start. */
  private openingKey(tree: Tree, node: Node): string {
    return tree.root.fen === START_FEN ? "m:" + pathTo(node).map((n) => n.uci).join(",") : "f:" + node.fen;
  }

  /** The tablebase's verdict at `pos` (`fen`), once known; null when there is none. */
  tablebase(fen: string, pos: Pos): TbVerdict | null | undefined {
    if (pieceCount(pos) > 4) return null;
    if (this.tables.has(fen)) return this.tables.get(fen);
    if (!this.asked.has("t" + fen)) {
      this.asked.add("t" + fen);
      call<TbProbe>("GET", "/api/tb/probe?" + new URLSearchParams({ fen }).toString()).then(
        (p) => this.done(() => this.tables.set(fen, verdict(p, pos.turn))),
        () => this.done(() => this.tables.set(fen, null)),
      );
    }
    return undefined;
  }

  private done(store: () => void): void {
    store();
    if (this.live) this.changed();
  }

  destroy(): void {
    this.live = false;
  }
}

/** A probe (from the side to move) as a verdict for White. */
export function verdict(p: TbProbe, turn: "white" | "black"): TbVerdict {
  const mover = turn;
  const other = turn === "white" ? "black" : "white";
  const result = p.wdl === "draw" ? "draw" : p.wdl === "win" ? mover : other;
  const mateIn = p.dtm === null || p.wdl === "draw" ? null : Math.ceil(p.dtm / 2);
  return { result, mateIn, dtm: p.wdl === "draw" ? null : p.dtm };
}
