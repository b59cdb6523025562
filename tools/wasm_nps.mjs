#!/usr/bin/env node
// Nodes per second of the engine in the browser against the native engine, same machine, same
// run: the native binary's `bench` (guoxiang-engine bench DEPTH: the 50 bench positions, one
// thread, 16 MB hash) and the same bench inside guoxiang-wasm (its `gx_bench` export: the same
// code on the same positions) running in a Web Worker of headless chromium. Runs alternate
// (native, wasm, native, wasm, …) so that the machine's load falls on both alike; the median and
// the fastest run of each are reported, and the ratios wasm / native. Both node counts must be equal (the same
// search), which the tool checks.
//
//   cargo build --release -p guoxiang-engine && cargo build -p guoxiang-server   # the module
//   node tools/wasm_nps.mjs [--depth 10] [--runs 3] [--wasm PATH] [--native PATH] [--json]
//
// The module is found under target/ (the newest target/**/guoxiang-wasm/builds/*/engine.wasm,
// written by crates/server/build.rs) unless --wasm names one. Chromium: CHROMIUM or
// /usr/bin/chromium; playwright-core comes from web/node_modules.
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import os from "node:os";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(root, "web/package.json"));
const { chromium } = require("playwright-core");

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const depth = Number(opt("depth", "10"));
const runs = Number(opt("runs", "3"));
const native = opt("native", join(root, "target/release/guoxiang-engine"));
const wasmPath = opt("wasm", null) ?? newestWasm(join(root, "target"));
if (!existsSync(native)) fail(`no native engine at ${native}: cargo build --release -p guoxiang-engine`);
if (!wasmPath) fail("no engine.wasm under target/: cargo build -p guoxiang-server (needs the wasm32-unknown-unknown target)");

function fail(msg) {
  console.error("wasm_nps: " + msg);
  process.exit(2);
}

/** The newest engine.wasm in a `guoxiang-wasm/builds/<key>/` folder below `dir`. */
function newestWasm(dir) {
  let best = null;
  const walk = (d, depthLeft) => {
    let names = [];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const n of names) {
      const p = join(d, n);
      if (n === "engine.wasm" && d.includes(join("guoxiang-wasm", "builds"))) {
        const t = statSync(p).mtimeMs;
        if (!best || t > best.t) best = { p, t };
      } else if (depthLeft > 0 && !n.endsWith(".wasm") && statSync(p).isDirectory()) {
        walk(p, depthLeft - 1);
      }
    }
  };
  walk(dir, 7);
  return best?.p ?? null;
}

function runNative() {
  const out = execFileSync(native, ["bench", String(depth)], { encoding: "utf8" });
  const num = (label) => Number(out.match(new RegExp(`${label}\\s*:\\s*(\\d+)`))[1]);
  return { nodes: num("Nodes searched"), ms: num("Time \\(ms\\)") };
}

const WORKER = `
onmessage = async (e) => {
  let memory; let line = "";
  const imports = { env: { gx_now_ms: () => performance.now(),
    gx_emit: (p, l) => { line = new TextDecoder().decode(new Uint8Array(memory.buffer, p, l)); } } };
  const { instance } = await WebAssembly.instantiateStreaming(fetch(e.data.origin + "/engine.wasm"), imports);
  memory = instance.exports.memory;
  instance.exports.gx_bench(e.data.depth, 16);
  postMessage(line);
};`;
const PAGE = `<!doctype html><meta charset="utf-8"><title>wasm nps</title><script>
window.bench = (depth) => new Promise((resolve, reject) => {
  const w = new Worker(URL.createObjectURL(new Blob([${JSON.stringify(WORKER)}], { type: "text/javascript" })));
  w.onmessage = (e) => { w.terminate(); resolve(e.data); };
  w.onerror = (e) => reject(new Error(e.message));
  w.postMessage({ depth, origin: location.origin });
});
</script>`;

const wasmBytes = readFileSync(wasmPath);
const server = createServer((req, res) => {
  if (req.url === "/engine.wasm") {
    res.writeHead(200, { "content-type": "application/wasm" });
    res.end(wasmBytes);
  } else {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(PAGE);
  }
});
await new Promise((f) => server.listen(0, "127.0.0.1", f));
const url = `http://127.0.0.1:${server.address().port}/`;
const exe = [process.env.CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && existsSync(p));
if (!exe) fail("no chromium (set CHROMIUM)");
const browser = await chromium.launch({ executablePath: exe, headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
const page = await browser.newPage();
await page.goto(url);

async function runWasm() {
  const line = await page.evaluate((d) => window.bench(d), depth);
  const m = line.match(/nodes (\d+) time (\d+)/);
  if (!m) throw new Error("unexpected bench line: " + line);
  return { nodes: Number(m[1]), ms: Number(m[2]) };
}

const nat = [];
const wasm = [];
for (let i = 0; i < runs; i++) {
  nat.push(runNative());
  wasm.push(await runWasm());
}
const version = browser.version();
await browser.close();
server.close();

const nps = (r) => Math.round((r.nodes * 1000) / Math.max(1, r.ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
if (new Set([...nat, ...wasm].map((r) => r.nodes)).size !== 1) fail(`node counts differ: ${JSON.stringify({ nat, wasm })}`);
const result = {
  date: new Date().toISOString().slice(0, 10),
  cpu: os.cpus()[0]?.model ?? "unknown",
  chromium: version,
  depth,
  runs,
  nodes: nat[0].nodes,
  wasmBytes: wasmBytes.length,
  native: { nps: median(nat.map(nps)), best: Math.max(...nat.map(nps)), ms: nat.map((r) => r.ms) },
  wasm: { nps: median(wasm.map(nps)), best: Math.max(...wasm.map(nps)), ms: wasm.map((r) => r.ms) },
};
const ratio = (a, b) => Math.round((a / b) * 1000) / 1000;
result.ratio = ratio(result.wasm.nps, result.native.nps);
result.ratioBest = ratio(result.wasm.best, result.native.best);
if (args.includes("--json")) {
  console.log(JSON.stringify(result));
} else {
  console.log(`bench depth ${depth}, ${result.nodes} nodes, ${runs} runs each, alternating; ${result.cpu}; chromium ${version}`);
  console.log(`native : median ${result.native.nps} nodes/s, fastest ${result.native.best} (runs ${result.native.ms.join(", ")} ms)`);
  console.log(`wasm   : median ${result.wasm.nps} nodes/s, fastest ${result.wasm.best} (runs ${result.wasm.ms.join(", ")} ms)`);
  console.log(`ratio  : ${result.ratio} of native (medians), ${result.ratioBest} (fastest runs)`);
}
