//! Our engine in the browser: `WasmEngine` starts a Web Worker that runs guoxiang-engine
//! compiled to WebAssembly and talks to it in typed messages. Skeleton: the worker and the
//! build are written in their own branch; this file fixes the interface the pages use.

/** A score as UCI gives it: from the side to move. */
export type EngineScore = { cp: number } | { mate: number };

/** One line of the engine's output (one of MultiPV). */
export interface EngineLine {
  multipv: number;
  depth: number;
  seldepth: number;
  score: EngineScore;
  nodes: number;
  nps: number;
  timeMs: number;
  /** UCI moves from the searched position. */
  pv: string[];
}

/** What to search and for how long. */
export interface GoParams {
  fen: string;
  /** 1 to 5. */
  multipv: number;
  depth?: number;
  nodes?: number;
  movetimeMs?: number;
  /** Until `stop()` (depth capped at 64). */
  infinite?: boolean;
}

/** The engine in a worker. */
export class WasmEngine {
  private constructor() {}

  /** Starts the worker and loads the engine. */
  static load(): Promise<WasmEngine> {
    return Promise.reject(new Error("the engine is not built yet"));
  }

  /** Searches; `onInfo` gets the lines (best first) after each depth. */
  go(p: GoParams, onInfo: (lines: EngineLine[]) => void): Promise<{ best: string | null; lines: EngineLine[] }> {
    void p;
    void onInfo;
    return Promise.resolve({ best: null, lines: [] });
  }

  /** Ends the current search soon; its `go` resolves with the last lines. */
  stop(): void {}

  /** Ends the worker. */
  destroy(): void {}
}
