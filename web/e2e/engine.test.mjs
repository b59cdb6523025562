// The engine in the browser (issue 18 §1): guoxiang-wasm served at /assets/engine.wasm
// (application/wasm, gzipped) and its worker at /assets/engine-worker.js, driven through the
// page's own client (src/engine/client.ts, bundled here with esbuild exactly as learn.js
// bundles it, the asset URLs given as build.mjs gives them). It finds a mate in one for White
// and for Black (scores from the side to move), gives MultiPV lines best first, answers `stop`
// during an infinite search within a second (deep iterations are cut into slices) and a new `go` while one runs, and has no move when mated.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import * as esbuild from "esbuild";
import { BASE, launch } from "./lib.mjs";

let browser;
let client;
before(async () => {
  browser = await launch();
  const learn = await (await fetch(BASE + "/assets/learn.js")).text();
  // The URLs learn.js names when a page in it uses the engine, else the plain ones.
  const named = (n) => learn.match(new RegExp(`/assets/${n.replace(".", "\\.")}\\?v=[0-9a-f]+`))?.[0] ?? `/assets/${n}`;
  const urls = { worker: named("engine-worker.js"), wasm: named("engine.wasm") };
  const built = await esbuild.build({
    stdin: { contents: 'import { WasmEngine } from "./src/engine/client.ts"; window.GxWasmEngine = WasmEngine;', resolveDir: process.cwd(), loader: "ts" },
    bundle: true,
    write: false,
    format: "iife",
    define: { GX_ENGINE: JSON.stringify(urls) },
  });
  client = built.outputFiles[0].text;
});
after(async () => browser?.close());

async function open() {
  const context = await browser.newContext({ locale: "en" });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(BASE + "/");
  await page.addScriptTag({ content: client });
  return { context, page, errors };
}

test("the module and its worker are served gzipped with their types", async () => {
  for (const [path, type] of [["/assets/engine.wasm", "application/wasm"], ["/assets/engine-worker.js", "text/javascript; charset=utf-8"]]) {
    const r = await fetch(BASE + path, { headers: { "accept-encoding": "gzip" } });
    assert.equal(r.status, 200, path);
    assert.equal(r.headers.get("content-type"), type, path);
    assert.equal(r.headers.get("content-encoding"), "gzip", path);
    assert.match(r.headers.get("cache-control"), /immutable/);
    const body = new Uint8Array(await r.arrayBuffer()); // fetch has inflated it
    if (path.endsWith(".wasm")) assert.deepEqual([...body.slice(0, 4)], [0, 0x61, 0x73, 0x6d], "a wasm module");
  }
});

test("the engine in a worker finds the mate in one, for either side, scored for the side to move", async () => {
  const { context, page, errors } = await open();
  const r = await page.evaluate(async () => {
    const engine = await window.GxWasmEngine.load();
    const infos = [];
    const white = await engine.go({ fen: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", multipv: 3, depth: 6 }, (lines) => infos.push(lines));
    const black = await engine.go({ fen: "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", multipv: 1, depth: 5 }, () => {});
    const mated = await engine.go({ fen: "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", multipv: 1, depth: 5 }, () => {});
    engine.destroy();
    return { white, black, mated, infos };
  });
  assert.equal(r.white.best, "a1a8");
  assert.deepEqual(r.white.lines[0].score, { mate: 1 });
  assert.deepEqual(r.white.lines[0].pv, ["a1a8"]);
  assert.deepEqual(r.white.lines.map((l) => l.multipv), [1, 2, 3], "three lines, best first");
  assert.ok(r.white.lines.every((l) => l.depth === 6 && l.pv.length >= 1 && l.nodes > 0));
  assert.ok(!("mate" in r.white.lines[1].score) || r.white.lines[1].score.mate > 1, "the second line is not the same mate");
  assert.deepEqual(r.infos.map((ls) => ls[0].depth), [1, 2, 3, 4, 5, 6], "a report after each depth");
  assert.equal(r.black.best, "a8a1");
  assert.deepEqual(r.black.lines[0].score, { mate: 1 }, "Black to move: the mate is Black's, positive");
  assert.equal(r.mated.best, null);
  assert.deepEqual(r.mated.lines, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test("stop ends an infinite search soon, and a new go replaces a running one", async () => {
  const { context, page, errors } = await open();
  const r = await page.evaluate(async () => {
    const engine = await window.GxWasmEngine.load();
    const start = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let seen = 0;
    const first = engine.go({ fen: start, multipv: 2, infinite: true }, (lines) => {
      seen = lines[0].depth;
    });
    while (seen < 10) await new Promise((f) => setTimeout(f, 10));
    await new Promise((f) => setTimeout(f, 300)); // well into a deeper iteration
    const t0 = performance.now();
    engine.stop();
    const stopped = await first;
    const stopMs = performance.now() - t0;
    // A new go while one runs: the old one resolves, the new one answers.
    const old = engine.go({ fen: start, multipv: 1, infinite: true }, () => {});
    await new Promise((f) => setTimeout(f, 200));
    const next = await engine.go({ fen: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", multipv: 1, depth: 4 }, () => {});
    const replaced = await old;
    const movetime = performance.now();
    const timed = await engine.go({ fen: start, multipv: 1, movetimeMs: 300 }, () => {});
    const timedMs = performance.now() - movetime;
    const counted = await engine.go({ fen: start, multipv: 1, nodes: 20000 }, () => {});
    engine.destroy();
    return { stopped, stopMs, next, replaced, timed, timedMs, counted };
  });
  assert.ok(r.stopped.lines.length === 2 && r.stopped.lines[0].depth >= 10, JSON.stringify(r.stopped.lines));
  assert.ok(r.stopped.best && r.stopped.best === r.stopped.lines[0].pv[0]);
  // One call into the module runs at most 400 ms (worker.ts SLICE_MS), deep iteration or not.
  assert.ok(r.stopMs < 1000, `stop answered in ${r.stopMs} ms`);
  assert.equal(r.next.best, "a1a8");
  assert.ok(r.replaced.lines.length >= 1, "the replaced search resolved with its lines");
  assert.ok(r.timed.best && r.timedMs < 1500, `movetime 300 ms took ${r.timedMs} ms`);
  assert.ok(r.counted.best && r.counted.lines[0].nodes <= 20000 * 1.1, `nodes ${r.counted.lines[0]?.nodes}`);
  assert.deepEqual(errors, []);
  await context.close();
});
