//! The exercise's second opinion: our engine in the page (WasmEngine, loaded on the first
//! question) searches the position after the learner's move and the one after the review's
//! best move with the same number of nodes, and the move counts as found when it loses no more
//! than `TOLERANCE` of the expected score. Without the engine (not built, or it fails to
//! load) the answer is null and only the review's best move counts.

import { WasmEngine } from "../engine/client";
import { moverScore, TOLERANCE, type Judge } from "./drill";

const NODES = 150_000;

export class EngineJudge implements Judge {
  private engine: Promise<WasmEngine | null> | null = null;

  private load(): Promise<WasmEngine | null> {
    if (!this.engine) this.engine = WasmEngine.load().catch(() => null);
    return this.engine;
  }

  async close(fenMine: string, fenBest: string): Promise<boolean | null> {
    const engine = await this.load();
    if (!engine) return null;
    try {
      const mine = await engine.go({ fen: fenMine, multipv: 1, nodes: NODES }, () => undefined);
      const best = await engine.go({ fen: fenBest, multipv: 1, nodes: NODES }, () => undefined);
      const a = mine.lines[0]?.score;
      const b = best.lines[0]?.score;
      if (!a || !b) return null;
      return moverScore(b) - moverScore(a) <= TOLERANCE;
    } catch {
      return null;
    }
  }

  destroy(): void {
    void this.engine?.then((e) => e?.destroy());
  }
}
