//! Our engine in the browser: `WasmEngine` starts a Web Worker (worker.ts, served as
//! /assets/engine-worker.js) that runs guoxiang-engine compiled to WebAssembly
//! (/assets/engine.wasm, crates/wasm) and talks to it in typed messages (protocol.ts). The
//! two URLs, with their content hashes, come from build.mjs (`GX_ENGINE`, defined only in
//! learn.js; null when the build had no wasm32 target: then `load()` rejects and the page
//! says the engine is unavailable).
//!
//! One search at a time: a new `go` stops the running one first (its promise resolves with
//! the lines it had); `stop()` ends the current one between two depths, which at analysis
//! speeds is a few milliseconds to a fraction of a second.

import type { FromWorker, ToWorker } from "./protocol";

declare const GX_ENGINE: { worker: string; wasm: string } | null;

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

type Result = { best: string | null; lines: EngineLine[] };

interface Pending {
  id: number;
  onInfo: (lines: EngineLine[]) => void;
  last: EngineLine[];
  resolve: (r: Result) => void;
  reject: (e: Error) => void;
}

/** The hash table of the engine in the page, in MB. */
const HASH_MB = 32;

/** The engine in a worker. */
export class WasmEngine {
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private current: number | null = null;

  private constructor(private worker: Worker) {
    worker.onmessage = (e: MessageEvent<FromWorker>) => this.receive(e.data);
  }

  /** Starts the worker and loads the engine. */
  static load(): Promise<WasmEngine> {
    const urls = typeof GX_ENGINE === "undefined" ? null : GX_ENGINE;
    if (!urls) return Promise.reject(new Error("the engine was not built into this server"));
    return new Promise((resolve, reject) => {
      let worker: Worker;
      try {
        worker = new Worker(urls.worker);
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
        return;
      }
      worker.onerror = (e) => {
        worker.terminate();
        reject(new Error(e.message || "the engine's worker failed to start"));
      };
      worker.onmessage = (e: MessageEvent<FromWorker>) => {
        if (e.data.type === "ready") {
          worker.onerror = null;
          resolve(new WasmEngine(worker));
        } else if (e.data.type === "failed") {
          worker.terminate();
          reject(new Error(e.data.message));
        }
      };
      const init: ToWorker = { type: "init", wasm: urls.wasm, hashMb: HASH_MB };
      worker.postMessage(init);
    });
  }

  /** Searches; `onInfo` gets the lines (best first) after each depth. */
  go(p: GoParams, onInfo: (lines: EngineLine[]) => void): Promise<{ best: string | null; lines: EngineLine[] }> {
    const id = this.nextId++;
    this.current = id;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { id, onInfo, last: [], resolve, reject });
      const m: ToWorker = { type: "go", id, params: { ...p } };
      this.worker.postMessage(m);
    });
  }

  /** Ends the current search soon; its `go` resolves with the last lines. */
  stop(): void {
    if (this.current === null) return;
    const m: ToWorker = { type: "stop", id: this.current };
    this.worker.postMessage(m);
  }

  /** Ends the worker; a running `go` resolves with the lines it had. */
  destroy(): void {
    this.worker.terminate();
    for (const p of this.pending.values()) p.resolve({ best: p.last[0]?.pv[0] ?? null, lines: p.last });
    this.pending.clear();
    this.current = null;
  }

  private receive(m: FromWorker): void {
    if (m.type === "ready" || m.type === "failed") return;
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.type === "info") {
      p.last = m.lines;
      p.onInfo(m.lines);
      return;
    }
    this.pending.delete(m.id);
    if (this.current === m.id) this.current = null;
    if (m.type === "done") p.resolve({ best: m.best, lines: m.lines });
    else p.reject(new Error(m.message));
  }
}
