// Page weight and speed, for docs/BENCHMARKS.md: HTML+JS+CSS+catalogue shipped (gzipped), time until a
// game page is interactive on loopback, and frames dropped while a move animates. Written
// to target/screenshots/perf.json; the assertions only catch gross regressions.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { BASE, SHOTS, launch, newPage, createGame, openAsPlayer, squareCenter } from "./lib.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test("page weight, time to interactive, frames while animating", { timeout: 90000 }, async () => {
  const figures = {};
  // Weight: what the browser actually receives for a cold load of the home page.
  const { page, context } = await newPage(browser, { lang: "zh-CN" });
  const sizes = {};
  page.on("response", async (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/assets/") || url.pathname === "/") {
      const h = await r.allHeaders();
      sizes[url.pathname] = { bytes: Number(h["content-length"] ?? 0), encoding: h["content-encoding"] ?? "identity" };
    }
  });
  await page.goto(BASE + "/", { waitUntil: "load" });
  await page.waitForSelector(".start-computer");
  assert.equal(sizes["/assets/app.js"]?.encoding, "gzip");
  figures.js_gzip_bytes = sizes["/assets/app.js"].bytes;
  figures.css_gzip_bytes = sizes["/assets/app.css"].bytes;
  figures.html_gzip_bytes = sizes["/"].bytes;
  figures.catalogue_gzip_bytes = sizes["/assets/i18n-zh-CN.json"].bytes; // the page's language only
  figures.total_gzip_bytes = figures.js_gzip_bytes + figures.css_gzip_bytes + figures.html_gzip_bytes + figures.catalogue_gzip_bytes;
  await context.close();

  // Time to interactive: a fresh context (cold cache) opening a game; from navigation start
  // to the first state drawn on a board that takes moves. Median of 5.
  const g = await createGame({ mode: "hotseat", clock: "5+3" });
  const ttis = [];
  for (let i = 0; i < 5; i++) {
    const { page: p, context: c } = await newPage(browser, { lang: "zh-CN" });
    await openAsPlayer(p, g, "hotseat");
    await p.waitForFunction(() => window.__gxInteractive !== undefined);
    ttis.push(await p.evaluate(() => window.__gxInteractive));
    await c.close();
  }
  ttis.sort((a, b) => a - b);
  figures.tti_ms_median = Math.round(ttis[2]);
  figures.tti_ms_all = ttis.map(Math.round);

  // Frames while a move animates: record animation frames for 500 ms after a move is made.
  const { page: p } = await newPage(browser, { lang: "zh-CN" });
  await openAsPlayer(p, g, "hotseat");
  const results = [];
  for (const [from, to] of [["e2", "e4"], ["e7", "e5"], ["g1", "f3"], ["b8", "c6"], ["f1", "c4"]]) {
    await p.evaluate(() => {
      window.__frames = [];
      const loop = (t) => {
        window.__frames.push(t);
        if (window.__frames.length < 200 && t - window.__frames[0] < 500) requestAnimationFrame(loop);
      };
      requestAnimationFrame(loop);
    });
    // Click-click moves animate (a dropped piece lands at once).
    const a = await squareCenter(p, from);
    const b = await squareCenter(p, to);
    await p.mouse.click(a.x, a.y);
    await p.mouse.click(b.x, b.y);
    await p.waitForTimeout(600);
    const frames = await p.evaluate(() => window.__frames);
    const gaps = frames.slice(1).map((t, i) => t - frames[i]);
    const interval = [...gaps].sort((x, y) => x - y)[Math.floor(gaps.length / 2)];
    results.push({ frames: frames.length, dropped: gaps.reduce((n, d) => n + Math.max(0, Math.round(d / interval) - 1), 0), interval });
  }
  figures.animation = results;
  figures.frames_dropped_total = results.reduce((n, r) => n + r.dropped, 0);
  figures.frames_total = results.reduce((n, r) => n + r.frames, 0);
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(join(SHOTS, "perf.json"), JSON.stringify(figures, null, 2));
  console.log("perf: " + JSON.stringify(figures));
  assert.ok(figures.total_gzip_bytes < 150_000, "page weight");
  assert.ok(figures.tti_ms_median < 5000, "time to interactive");
});
