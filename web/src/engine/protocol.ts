//! The messages between `WasmEngine` (client.ts, on the page) and the engine's worker
//! (worker.ts), and the parser of the engine's text lines. Shared by both sides so the
//! two cannot drift apart.

import type { EngineLine, GoParams } from "./client";

/** Page → worker. */
export type ToWorker =
  | { type: "init"; wasm: string; hashMb: number }
  | { type: "go"; id: number; params: GoParams }
  | { type: "stop"; id: number };

/** Worker → page. */
export type FromWorker =
  | { type: "ready" }
  | { type: "failed"; message: string }
  | { type: "info"; id: number; lines: EngineLine[] }
  | { type: "done"; id: number; best: string | null; lines: EngineLine[] }
  | { type: "error"; id: number; message: string };

/** One `info …` line of the engine as it prints it (see crates/wasm/src/line.rs). */
export interface InfoLine {
  depth: number;
  seldepth: number;
  multipv: number;
  score: { cp: number } | { mate: number };
  nodes: number;
  timeMs: number;
  pv: string[];
}

/**
 * Parses `info depth D seldepth S multipv K score cp X|mate N nodes N time MS pv M…`;
 * null for anything else.
 */
export function parseInfo(text: string): InfoLine | null {
  const w = text.trim().split(/\s+/);
  if (w[0] !== "info") return null;
  const line: InfoLine = { depth: 0, seldepth: 0, multipv: 1, score: { cp: 0 }, nodes: 0, timeMs: 0, pv: [] };
  for (let i = 1; i < w.length; i++) {
    const num = Number(w[i + 1]);
    switch (w[i]) {
      case "depth": line.depth = num; i++; break;
      case "seldepth": line.seldepth = num; i++; break;
      case "multipv": line.multipv = num; i++; break;
      case "nodes": line.nodes = num; i++; break;
      case "time": line.timeMs = num; i++; break;
      case "score":
        line.score = w[i + 1] === "mate" ? { mate: Number(w[i + 2]) } : { cp: Number(w[i + 2]) };
        i += 2;
        break;
      case "pv": line.pv = w.slice(i + 1); i = w.length; break;
    }
  }
  return line.depth > 0 ? line : null;
}

/** The move of a `bestmove M depth D nodes N` line (null for `(none)`), its depth and nodes. */
export function parseBestmove(text: string): { best: string | null; depth: number; nodes: number } | null {
  const w = text.trim().split(/\s+/);
  if (w[0] !== "bestmove") return null;
  const at = (k: string) => Number(w[w.indexOf(k) + 1] ?? 0);
  return { best: w[1] === "(none)" ? null : w[1], depth: at("depth"), nodes: at("nodes") };
}
