// Builds the front end into the folder named on the command line (crates/server/build.rs
// passes its OUT_DIR): app.js and app.css (bundled, minified); one message catalogue per
// language, i18n-<lang>.json (minified from crates/i18n/catalogue, not bundled: a page loads
// only its own language's); the endgame trainer, loaded only when a reader opens it:
// the openings' names, i18n-op-<lang>.json (the catalogues' `opening.*` keys, fetched by
// src/app/openingnames.ts when a page first names an opening);
// learn.js (src/learn/index.ts: the endgame trainer, lessons, opening trainer and explorer, puzzle
// trainer, its style sheet inside) and its words, the catalogues' `ui.eg.*`, `ui.lesson.*`, `ui.op.*` and `ui.pz.*` keys, as i18n-eg-<lang>.json (taken out of i18n-<lang>.json); index.html, which names them all with a content hash so that
// browsers may cache them for good, and inlines src/boot.ts, which starts fetching the
// page's catalogue at once; sw.js, the service worker, which caches that page and those
// assets (its version is their hash); the web manifest; and engine-worker.js, the Web Worker of
// the engine in the browser (src/engine/worker.ts), whose URL and the wasm module's go to learn.js
// as GX_ENGINE.
import * as esbuild from "esbuild";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2];
if (!out) {
  console.error("usage: node build.mjs OUT_DIR");
  process.exit(2);
}
mkdirSync(out, { recursive: true });

const LANGS = ["en", "zh-CN", "zh-TW"];
const hash = (bytes) => createHash("sha256").update(bytes).digest("hex").slice(0, 12);

// The catalogues: each minified, written as its own asset, named with its hash.
// The learning pages' words (`ui.eg.*`, `ui.lesson.*`, `ui.op.*`, `ui.pz.*`) go to their own
// catalogue, fetched with learn.js.
const catalogues = {};
const catalogueUrls = {};
const learnCatalogueUrls = {};
// The openings' names (`opening.*`, some two hundred of them, a third of a catalogue's weight)
// go to their own catalogue, i18n-op-<lang>.json, fetched when a page first names an opening.
const openingCatalogueUrls = {};
const openingCatalogues = {};
const isOpeningKey = (k) => k.startsWith("opening.");
const LEARN_PREFIXES = ["ui.eg.", "ui.lesson.", "ui.op.", "ui.pz.", "ui.an.", "ui.ed.", "ui.rv.", "ui.lb.", "ui.acc.", "ui.pf.", "ui.tn.", "ui.gr.", "ui.rank."];
const isLearnKey = (k) => LEARN_PREFIXES.some((p) => k.startsWith(p));
// Words only the server speaks (the lessons' reasons, sent worded in each answer; the puzzle
// themes' names and descriptions, sent worded by /api/puzzles) stay out of the page's catalogues.
const SERVER_ONLY = ["lesson.", "puzzle.", "review."];
const isServerOnly = (k) => SERVER_ONLY.some((p) => k.startsWith(p));
for (const lang of LANGS) {
  const every = JSON.parse(readFileSync(join(here, `../crates/i18n/catalogue/${lang}.json`), "utf8"));
  const all = Object.fromEntries(Object.entries(every).filter(([k]) => !isServerOnly(k)));
  const main = Object.fromEntries(Object.entries(all).filter(([k]) => !isLearnKey(k) && !isOpeningKey(k)));
  const openings = Buffer.from(JSON.stringify(Object.fromEntries(Object.entries(all).filter(([k]) => isOpeningKey(k)))));
  writeFileSync(join(out, `i18n-op-${lang}.json`), openings);
  openingCatalogues[lang] = openings;
  openingCatalogueUrls[lang] = `/assets/i18n-op-${lang}.json?v=${hash(openings)}`;
  const trainer = Object.fromEntries(Object.entries(all).filter(([k]) => isLearnKey(k)));
  const text = Buffer.from(JSON.stringify(main));
  const name = `i18n-${lang}.json`;
  writeFileSync(join(out, name), text);
  catalogues[name] = text;
  catalogueUrls[lang] = `/assets/${name}?v=${hash(text)}`;
  const trainerText = Buffer.from(JSON.stringify(trainer));
  writeFileSync(join(out, `i18n-eg-${lang}.json`), trainerText);
  learnCatalogueUrls[lang] = `/assets/i18n-eg-${lang}.json?v=${hash(trainerText)}`;
}

const common = { bundle: true, minify: true, write: false, logLevel: "warning", target: ["es2022"] };
// The engine in the browser: its worker script, and the URLs of the worker and of the wasm
// module (built by crates/server/build.rs, which passes its SHA-256 in GX_ENGINE_WASM_SHA256;
// unset: no engine, and learn.js gets GX_ENGINE = null).
const worker = await esbuild.build({ ...common, entryPoints: [join(here, "src/engine/worker.ts")], format: "iife", outfile: "engine-worker.js" });
const workerText = worker.outputFiles[0].contents;
writeFileSync(join(out, "engine-worker.js"), workerText);
const wasmSha = process.env.GX_ENGINE_WASM_SHA256 ?? "";
const engineUrls = wasmSha
  ? { worker: `/assets/engine-worker.js?v=${hash(workerText)}`, wasm: `/assets/engine.wasm?v=${wasmSha.slice(0, 12)}` }
  : null;
// The trainer: its own script, which borrows the app's stateful modules (see src/learn/host.ts)
// and so must not bundle them.
const learn = await esbuild.build({
  ...common,
  entryPoints: [join(here, "src/learn/index.ts")],
  format: "iife",
  outfile: "learn.js",
  loader: { ".css": "text" },
  metafile: true,
  define: { GX_ENGINE: JSON.stringify(engineUrls) },
});
const borrowed = ["src/i18n.ts", "src/board.ts", "src/store.ts", "src/app/router.ts", "src/app/miniboard.ts", "src/sound.ts", "src/main.ts"];
const bundled = Object.keys(learn.metafile.inputs).filter((p) => borrowed.some((b) => p.endsWith(b)));
if (bundled.length) throw new Error(`learn.js must borrow these from the app, not bundle them: ${bundled.join(", ")}`);
const learnText = learn.outputFiles[0].contents;
writeFileSync(join(out, "learn.js"), learnText);
const learnUrls = { js: `/assets/learn.js?v=${hash(learnText)}`, catalogues: learnCatalogueUrls };
const js = await esbuild.build({
  ...common,
  entryPoints: [join(here, "src/main.ts")],
  format: "iife",
  outfile: "app.js",
  define: { GX_LEARN: JSON.stringify(learnUrls), GX_OPENING_NAMES: JSON.stringify(openingCatalogueUrls) },
});
const css = await esbuild.build({ ...common, entryPoints: [join(here, "src/style.css")], outfile: "app.css" });
const boot = await esbuild.build({
  ...common,
  entryPoints: [join(here, "src/boot.ts")],
  format: "iife",
  outfile: "boot.js",
  legalComments: "none",
  define: { GX_CATALOGUES: JSON.stringify(catalogueUrls) },
});
const bootText = boot.outputFiles[0].text.trim();
if (bootText.includes("</script")) throw new Error("boot.ts cannot be inlined: it contains </script");

const jsText = js.outputFiles[0].contents;
const cssText = css.outputFiles[0].contents;
writeFileSync(join(out, "app.js"), jsText);
writeFileSync(join(out, "app.css"), cssText);
const cssUrl = `/assets/app.css?v=${hash(cssText)}`;
const jsUrl = `/assets/app.js?v=${hash(jsText)}`;
const html = readFileSync(join(here, "src/index.html"), "utf8")
  .replace("{{boot}}", () => bootText)
  .replace("{{css}}", cssUrl)
  .replace("{{js}}", jsUrl);
writeFileSync(join(out, "index.html"), html);
const sw = readFileSync(join(here, "src/app/sw.js"), "utf8")
  .replace("{{version}}", hash(Buffer.concat([Buffer.from(html), jsText, cssText, ...Object.values(catalogues), ...Object.values(openingCatalogues)])))
  .replace("{{assets}}", JSON.stringify([jsUrl, cssUrl, ...LANGS.map((l) => catalogueUrls[l]), ...LANGS.map((l) => openingCatalogueUrls[l])]));
writeFileSync(join(out, "sw.js"), sw);
writeFileSync(join(out, "manifest.webmanifest"), readFileSync(join(here, "src/app/manifest.webmanifest")));
const sizes = Object.entries(catalogues).map(([n, b]) => `${n} ${b.length} B`).join(", ");
console.log(`web: app.js ${jsText.length} B, app.css ${cssText.length} B, learn.js ${learnText.length} B, engine-worker.js ${workerText.length} B (engine ${engineUrls ? "on" : "off"}), inline boot ${bootText.length} B, ${sizes}`);
