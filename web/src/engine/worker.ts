//! The engine's Web Worker (bundled by build.mjs as engine-worker.js). It instantiates
//! guoxiang-wasm (crates/wasm) and answers `go` by searching depth by depth: one call into
//! the module per depth, then back to the event loop (a MessageChannel task, not a clamped
//! timer), so a `stop` or a new `go` waiting in the queue is seen between iterations. The
//! hash table carries over from one depth to the next, so each call mostly re-reads what the
//! previous one found. A call runs at most `SLICE_MS`: a deep iteration is cut there and
//! called again at the same depth (it resumes from the hash table), so the worker is never
//! deaf for longer than that. Nodes and time are counted over the whole `go`; scores are from
//! the side to move, as the engine reports them.

import type { EngineLine, GoParams } from "./client";
import { parseBestmove, parseInfo, type FromWorker, type ToWorker } from "./protocol";

interface Exports {
  memory: WebAssembly.Memory;
  gx_alloc(len: number): number;
  gx_free(ptr: number, len: number): void;
  gx_new(hashMb: number): number;
  gx_position(ptr: number, len: number): number;
  gx_search(depth: number, multipv: number, nodes: number, movetimeMs: number): number;
}

/** The deepest iteration of an infinite search. */
const MAX_DEPTH = 64;
/** The longest one call into the module runs before the worker looks at its messages. */
const SLICE_MS = 400;

interface Search {
  id: number;
  params: GoParams;
  maxDepth: number;
  depth: number;
  start: number;
  nodes: number;
  lines: EngineLine[];
  best: string | null;
}

const scope = self as unknown as {
  postMessage(m: FromWorker): void;
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
};
let wasm: Exports | null = null;
let emitted: string[] = [];
let fen: string | null = null;
let current: Search | null = null;
const tick = new MessageChannel();

function send(m: FromWorker): void {
  scope.postMessage(m);
}

async function init(url: string, hashMb: number): Promise<void> {
  const decoder = new TextDecoder();
  const imports = {
    env: {
      gx_now_ms: () => performance.now(),
      gx_emit: (ptr: number, len: number) => {
        if (wasm) emitted.push(decoder.decode(new Uint8Array(wasm.memory.buffer, ptr, len)));
      },
    },
  };
  let instance: WebAssembly.Instance;
  try {
    instance = (await WebAssembly.instantiateStreaming(fetch(url), imports)).instance;
  } catch {
    // A server that sends another Content-Type: compile from the bytes.
    const r = await fetch(url);
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    instance = (await WebAssembly.instantiate(await r.arrayBuffer(), imports)).instance;
  }
  wasm = instance.exports as unknown as Exports;
  wasm.gx_new(hashMb);
}

function setPosition(w: Exports, f: string): string | null {
  if (f === fen) return null;
  const bytes = new TextEncoder().encode(f);
  const ptr = w.gx_alloc(bytes.length);
  new Uint8Array(w.memory.buffer, ptr, bytes.length).set(bytes);
  emitted = [];
  const ok = w.gx_position(ptr, bytes.length) === 0;
  w.gx_free(ptr, bytes.length);
  if (!ok) {
    fen = null;
    return emitted.find((l) => l.startsWith("error "))?.slice(6) ?? "invalid FEN";
  }
  fen = f;
  return null;
}

function finish(s: Search): void {
  if (current === s) current = null;
  send({ type: "done", id: s.id, best: s.best, lines: s.lines });
}

/** One iteration of the current search, then (unless it is over) the next one later. */
function step(): void {
  const s = current;
  if (!s || !wasm) return;
  const p = s.params;
  const depth = s.depth + 1;
  const elapsed = performance.now() - s.start;
  // `infinite` runs until `stop`, whatever else is given.
  const nodesLeft = p.nodes && !p.infinite ? p.nodes - s.nodes : 0;
  const timeLeft = p.movetimeMs && !p.infinite ? p.movetimeMs - elapsed : 0;
  if ((p.nodes && !p.infinite && nodesLeft <= 0) || (p.movetimeMs && !p.infinite && timeLeft <= 0)) return finish(s);
  emitted = [];
  const slice = timeLeft > 0 ? Math.min(timeLeft, SLICE_MS) : SLICE_MS;
  const done = wasm.gx_search(depth, Math.min(5, Math.max(1, p.multipv | 0)), Math.max(0, nodesLeft), slice);
  const before = s.nodes;
  let changed = false;
  for (const text of emitted) {
    const info = parseInfo(text);
    if (info) {
      const nodes = before + info.nodes;
      const timeMs = Math.round(performance.now() - s.start);
      const line: EngineLine = { ...info, nodes, timeMs, nps: timeMs > 0 ? Math.round((nodes * 1000) / timeMs) : 0 };
      s.lines = s.lines.filter((l) => l.multipv !== line.multipv).concat(line).sort((a, b) => a.multipv - b.multipv);
      changed = true;
      continue;
    }
    const bm = parseBestmove(text);
    if (bm) {
      s.nodes += bm.nodes;
      if (s.best === null) s.best = bm.best;
      if (bm.best === null) return finish(s); // no legal move
    }
  }
  // Lines of a depth stopped half way are each complete searches: show them too.
  if (changed) {
    s.best = s.lines[0]?.pv[0] ?? s.best;
    send({ type: "info", id: s.id, lines: s.lines });
  }
  if (done >= depth) {
    s.depth = depth;
    if (depth >= s.maxDepth) return finish(s);
  } else {
    // Cut short: by the caller's nodes or time (over), or by the slice (this depth again).
    const outOfNodes = !p.infinite && p.nodes !== undefined && s.nodes >= p.nodes;
    const outOfTime = !p.infinite && p.movetimeMs !== undefined && performance.now() - s.start >= p.movetimeMs;
    if (outOfNodes || outOfTime) return finish(s);
  }
  tick.port2.postMessage(null);
}

tick.port1.onmessage = step;

scope.onmessage = (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  if (m.type === "init") {
    init(m.wasm, m.hashMb).then(
      () => send({ type: "ready" }),
      (err: unknown) => send({ type: "failed", message: String(err) }),
    );
  } else if (m.type === "stop") {
    if (current && current.id === m.id) finish(current);
  } else if (m.type === "go") {
    if (current) finish(current);
    if (!wasm) return send({ type: "error", id: m.id, message: "engine not loaded" });
    const bad = setPosition(wasm, m.params.fen);
    if (bad) return send({ type: "error", id: m.id, message: bad });
    const p = m.params;
    const maxDepth = p.depth !== undefined && !p.infinite ? p.depth : MAX_DEPTH;
    current = { id: m.id, params: p, maxDepth: Math.max(1, Math.min(MAX_DEPTH, maxDepth)), depth: 0, start: performance.now(), nodes: 0, lines: [], best: null };
    tick.port2.postMessage(null);
  }
};
