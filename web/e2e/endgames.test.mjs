// The endgame trainer (issue 15 §4) against the real tables: the list, the lesson, play by
// clicks and drags with the coach's words after each move (the best move, a slower one, one
// that throws the win away), the 50-move counter, the three hints, the stages, stars kept in
// the browser, every language, and screenshots at desktop and phone widths. The harness
// (crates/cli/tests/browser.rs) serves only the classes listed in TB_CLASSES, with no
// background generation, so the exercises of the other classes show as not ready.
// The test asks the tables (GET /api/tb/probe) which move is best; the page is played only
// through the board, like a person would.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { BASE, launch, newPage, shot, drag, clickMove } from "./lib.mjs";

/** The classes the harness generates for this test (browser.rs: TB_CLASSES), with KRK, which
 *  KPK needs (a pawn promoted to a rook). */
const READY = ["KQK", "KRK", "KPK", "KBNK"];
const KEYS = ["kqk", "krk", "krrk", "kbbk", "kbnk", "kpk", "kpk-hold", "kqkr", "kqkp", "kqkp-hold"];

const catalogues = {};
function cat(lang) {
  catalogues[lang] ??= JSON.parse(readFileSync(new URL(`../../crates/i18n/catalogue/${lang}.json`, import.meta.url), "utf8"));
  return catalogues[lang];
}
function msg(lang, key, args = {}) {
  const text = cat(lang)[key];
  assert.ok(text !== undefined, `no message ${key} in ${lang}`);
  return text.replace(/\{([a-z_0-9]+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}

async function probe(fen) {
  const r = await fetch(`${BASE}/api/tb/probe?fen=${encodeURIComponent(fen)}`);
  assert.equal(r.status, 200, `probe ${fen}`);
  return r.json();
}

/** The moves that keep the win, fastest first (after the move the defender is to move and
 *  loses: an even dtm, smaller is faster). */
function winning(p) {
  return p.moves.filter((m) => m.wdl === "loss").sort((a, b) => a.dtm - b.dtm);
}

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

async function state(page) {
  return page.evaluate(() => {
    const play = document.querySelector(".eg-play");
    const fifty = document.querySelector(".eg-fifty");
    return {
      fen: play?.dataset.fen ?? null,
      busy: play?.dataset.busy ?? null,
      used: Number(document.querySelector(".eg-used")?.dataset.used ?? -1),
      left: Number(fifty?.dataset.left ?? -1),
      fiftyText: fifty?.textContent ?? null,
      verdict: document.querySelector(".eg-verdict")?.textContent ?? null,
      kind: document.querySelector(".eg-verdict")?.dataset.kind ?? null,
      why: document.querySelector(".eg-why")?.textContent ?? null,
      whyCode: document.querySelector(".eg-why")?.dataset.why ?? null,
      over: !!document.querySelector(".eg-result"),
    };
  });
}

/** Opens an exercise, picks the difficulty, starts, and waits for the learner's turn. */
async function startExercise(page, key, difficulty = "easy") {
  await page.goto(`${BASE}/learn/endgames/${key}`);
  await page.waitForSelector(".eg-start:not([disabled])", { timeout: 30000 });
  await page.check(`.eg-difficulty input[value="${difficulty}"]`);
  await page.click(".eg-start");
  await page.waitForSelector('.eg-play[data-busy="false"]', { timeout: 30000 });
  return state(page);
}

/** Plays `uci` on the board (a click-click or a drag) and waits until the defence has
 *  answered (or the game is over). */
async function play(page, uci, how = "click") {
  const before = await state(page);
  const [from, to] = [uci.slice(0, 2), uci.slice(2, 4)];
  if (how === "drag") await drag(page, from, to);
  else await clickMove(page, from, to);
  if (uci.length === 5) await page.click(`.promotion [data-role="${uci[4]}"]`);
  await page.waitForFunction(
    (n) => {
      const used = Number(document.querySelector(".eg-used")?.dataset.used ?? -1);
      const settled = document.querySelector(".eg-play")?.dataset.busy === "false" || !!document.querySelector(".eg-result");
      return used === n && settled;
    },
    before.used + 1,
    { timeout: 20000 },
  );
  return state(page);
}

test("the list shows every exercise with its goal; the ones without tables are not ready", { timeout: 60000 }, async () => {
  const { page, context } = await newPage(browser, { lang: "zh-CN" });
  await page.goto(BASE + "/");
  // Home links to the trainer, and so does the navigation bar.
  await page.click(".learn a[href='/learn/endgames']");
  await page.waitForSelector(".eg-item");
  assert.equal(await page.getAttribute(".main-nav .nav-endgames", "aria-current"), "page");
  const items = await page.$$eval(".eg-item", (els) => els.map((e) => ({ key: e.dataset.key, unready: e.classList.contains("unready"), goal: e.querySelector(".eg-goal").textContent, title: e.querySelector(".eg-item-title").textContent })));
  assert.deepEqual(items.map((i) => i.key), KEYS);
  const api = (await (await fetch(BASE + "/api/endgames")).json()).exercises;
  for (const [i, x] of api.entries()) {
    assert.equal(items[i].title, msg("zh-CN", `ui.eg.${x.key}.title`));
    assert.equal(items[i].goal, msg("zh-CN", `ui.eg.goal.${x.goal}`));
    assert.equal(items[i].unready, !x.ready, x.key);
    assert.equal(x.ready, READY.includes(x.class), `${x.key}: ready iff ${x.class} was generated`);
  }
  await shot(page, "endgames-list-desktop");
  await context.close();
});

test("while the tables are being generated the list is there at once, with a progress line, and fills in", { timeout: 60000 }, async () => {
  // The server of this run has its tables already; the generation in progress is played by
  // answering the two polls the page makes, the way a server that is still generating does.
  const { page, context } = await newPage(browser, { lang: "zh-CN" });
  const real = (await (await fetch(BASE + "/api/endgames")).json()).exercises;
  let ready = 3;
  await page.route("**/api/tb/status", (route) =>
    route.fulfill({ json: { classes_ready: ready, classes_total: 35, generating: ready < 35, current: ready < 35 ? "KBNK" : null, error: null } }),
  );
  await page.route("**/api/endgames", (route) =>
    route.fulfill({ json: { exercises: real.map((x) => ({ ...x, ready: ready >= 35 && x.ready })) } }),
  );
  await page.goto(BASE + "/learn/endgames");
  await page.waitForSelector(".eg-progress progress");
  assert.equal(await page.locator(".eg-item").count(), KEYS.length, "the list does not wait for the tables");
  assert.equal(await page.locator(".eg-item.unready").count(), KEYS.length);
  const line = await page.textContent(".eg-progress");
  assert.equal(line, `${msg("zh-CN", "ui.eg.preparing", { ready: 3, total: 35 })} ${msg("zh-CN", "ui.eg.preparing_now", { class: "KBNK" })}`);
  await shot(page, "endgames-preparing-desktop");
  ready = 35;
  await page.waitForSelector(".eg-progress", { state: "detached", timeout: 10000 });
  await page.waitForSelector('.eg-item[data-key="kqk"]:not(.unready)');
  await context.close();
});

test("an exercise whose tables this server lacks keeps its lesson and says so when started", { timeout: 60000 }, async () => {
  const { page, context } = await newPage(browser, { lang: "en" });
  await page.goto(BASE + "/learn/endgames/krrk");
  await page.waitForSelector(".eg-lesson p");
  assert.deepEqual(await page.$$eval(".eg-lesson p", (ps) => ps.map((p) => p.textContent)), msg("en", "ui.eg.krrk.lesson").split("\n\n"));
  await page.click(".eg-start");
  await page.waitForSelector(".eg-unavailable", { timeout: 15000 });
  assert.equal(await page.textContent(".eg-unavailable"), msg("en", "ui.eg.unavailable"));
  assert.ok(await page.isDisabled(".eg-start"));
  await context.close();
});

test("KQK played to mate with the best move each time: optimal every move, three stars, kept", { timeout: 120000 }, async () => {
  const { page, context } = await newPage(browser, { lang: "en" });
  let s = await startExercise(page, "kqk", "medium");
  const task = await page.textContent(".eg-task");
  const first = await probe(s.fen);
  assert.equal(first.wdl, "win");
  const optimal = (first.dtm + 1) / 2;
  assert.ok(task.includes(msg("en", "ui.eg.task.win", { n: optimal })), task);
  assert.equal(s.fiftyText, msg("en", "ui.eg.fifty", { n: s.left }));
  await shot(page, "endgames-play-desktop");
  let moves = 0;
  while (!s.over) {
    const best = winning(await probe(s.fen))[0];
    const left = s.left;
    s = await play(page, best.uci, moves % 2 ? "drag" : "click");
    moves++;
    assert.equal(s.kind, "optimal", `${best.uci}: ${s.verdict}`);
    assert.equal(s.verdict, msg("en", "ui.eg.verdict.optimal"));
    // The 50-move counter goes down by one a move (no captures, no pawns in KQK).
    if (!s.over) assert.equal(s.left, left - 1);
    assert.ok(moves <= optimal, "no more moves than the optimum");
  }
  assert.equal(moves, optimal);
  assert.equal(await page.getAttribute(".eg-result", "data-learner"), "won");
  assert.equal(await page.getAttribute(".eg-result", "data-stars"), "3");
  assert.equal(await page.textContent(".eg-over"), msg("en", "ui.eg.over.mate"));
  assert.equal(await page.textContent(".eg-what"), msg("en", "ui.eg.result.won", { moves, optimal }));
  const sounds = await page.evaluate(() => window.__gxSounds);
  assert.ok(sounds.move >= moves && sounds.end === 1, JSON.stringify(sounds));
  await shot(page, "endgames-mate-desktop");
  // Kept in this browser: the list shows three stars.
  await page.click(".eg-back");
  await page.waitForSelector('.eg-item[data-key="kqk"] .eg-stars[data-stars="3"]');
  await context.close();
});

test("KPK to the end: the pawn promotes through the board's chooser, then mate", { timeout: 120000 }, async () => {
  const { page, context } = await newPage(browser, { lang: "zh-CN" });
  let s = await startExercise(page, "kpk", "easy");
  let promoted = false;
  const phases = new Set();
  for (let i = 0; !s.over && i < 40; i++) {
    phases.add(await page.getAttribute(".eg-stages li.current", "data-phase"));
    const best = winning(await probe(s.fen))[0];
    if (best.uci.length === 5) promoted = true;
    s = await play(page, best.uci, i % 2 ? "drag" : "click");
    assert.equal(s.kind, "optimal", `${best.uci}: ${s.verdict}`);
  }
  assert.ok(promoted, "the pawn was promoted on the board");
  assert.equal(await page.getAttribute(".eg-result", "data-learner"), "won");
  assert.equal(await page.getAttribute(".eg-result", "data-stars"), "3");
  assert.ok([...phases].every((p) => ["key_squares", "promote", null].includes(p)), [...phases].join());
  await context.close();
});

test("a slower move and a move that throws the win away are coached with the right words", { timeout: 120000 }, async () => {
  const { page, context } = await newPage(browser, { lang: "zh-CN" });
  let s = await startExercise(page, "kqk", "hard");
  // A slower move: still winning, mate later than the best move's.
  let p = await probe(s.fen);
  let wins = winning(p);
  const slow = wins.find((m) => m.dtm > wins[0].dtm);
  assert.ok(slow, "a hard KQK position has a slower winning move");
  s = await play(page, slow.uci);
  assert.equal(s.kind, "slower");
  assert.equal(s.verdict, msg("zh-CN", "ui.eg.verdict.slower", { by: (slow.dtm - wins[0].dtm) / 2, best: wins[0].san }));
  // A drawing blunder: the queen left to be taken, or stalemate. Where no move throws the
  // win away, play on with the best move (a few moves at most).
  p = await probe(s.fen);
  let blunder = p.moves.find((m) => m.wdl === "draw");
  for (let i = 0; !blunder && i < 5; i++) {
    s = await play(page, winning(p)[0].uci);
    p = await probe(s.fen);
    blunder = p.moves.find((m) => m.wdl === "draw");
  }
  assert.ok(blunder, "some queen move in KQK lets the win go");
  wins = winning(p);
  s = await play(page, blunder.uci);
  assert.equal(s.kind, "drawn");
  assert.equal(s.verdict, msg("zh-CN", "ui.eg.verdict.drawn", { best: wins[0].san }));
  assert.ok(["stalemate", "hanging", "fifty", "other"].includes(s.whyCode), String(s.whyCode));
  const square = s.whyCode === "hanging" ? blunder.uci.slice(2, 4) : "";
  assert.equal(s.why, msg("zh-CN", "ui.eg.why." + s.whyCode, { square }));
  if (blunder.san.endsWith("+") || blunder.san.endsWith("#")) assert.notEqual(s.whyCode, "stalemate");
  await shot(page, "endgames-drawn-desktop");
  await context.close();
});

test("the hint shows the piece, then the move, then the idea of the current stage", { timeout: 60000 }, async () => {
  const { page, context } = await newPage(browser, { lang: "zh-TW" });
  const s = await startExercise(page, "kqk", "hard");
  const best = winning(await probe(s.fen));
  const optimalFrom = new Set(best.filter((m) => m.dtm === best[0].dtm).map((m) => m.uci.slice(0, 2)));
  const optimalMoves = best.filter((m) => m.dtm === best[0].dtm);
  await page.click(".eg-hint-button");
  await page.waitForSelector('.eg-hint[data-level="1"]');
  assert.equal(await page.textContent(".eg-hint"), msg("zh-TW", "ui.eg.hint.piece"));
  const marked = await page.getAttribute(".board .marks rect.mark-square", "data-square");
  assert.ok(optimalFrom.has(marked), `${marked} moves in a best move`);
  await page.click(".eg-hint-button");
  await page.waitForSelector('.eg-hint[data-level="2"]');
  const text = await page.textContent(".eg-hint");
  const arrow = await page.$eval(".board .marks line.arrow", (l) => l.dataset.from + l.dataset.to);
  const hinted = optimalMoves.find((m) => m.uci.startsWith(arrow));
  assert.ok(hinted, `${arrow} is a best move`);
  assert.equal(text, msg("zh-TW", "ui.eg.hint.move", { san: hinted.san }));
  await page.click(".eg-hint-button");
  await page.waitForSelector('.eg-hint[data-level="3"]');
  const phase = await page.getAttribute(".eg-stages li.current", "data-phase");
  assert.ok(["edge", "mate"].includes(phase), String(phase));
  assert.equal(await page.textContent(".eg-hint"), msg("zh-TW", "ui.eg.hint.idea", { idea: msg("zh-TW", `ui.eg.phase.kqk.${phase}`) }));
  assert.equal(await page.getAttribute(".eg-stages li.current", "aria-current"), "step");
  await shot(page, "endgames-hint-desktop");
  // The hinted move is the best move.
  const after = await play(page, hinted.uci);
  assert.equal(after.kind, "optimal");
  assert.equal(await page.locator(".eg-hint").count(), 0, "a new move clears the hint");
  await context.close();
});

test("bishop and knight: the four stages of the method, the current one highlighted", { timeout: 60000 }, async () => {
  const { page, context } = await newPage(browser, { lang: "zh-CN" });
  await startExercise(page, "kbnk", "easy");
  const stages = await page.$$eval(".eg-stages li", (els) => els.map((e) => [e.dataset.phase, e.textContent, e.classList.contains("current")]));
  assert.deepEqual(stages.map((x) => x[0]), ["edge", "corner", "w", "mate"]);
  for (const [phase, text] of stages) assert.equal(text, msg("zh-CN", "ui.eg.stage." + phase));
  assert.equal(stages.filter((x) => x[2]).length, 1, "one current stage");
  await context.close();
});

test("holding the draw with the lone king: each drawing move is held", { timeout: 60000 }, async () => {
  const { page, context } = await newPage(browser, { lang: "en" });
  let s = await startExercise(page, "kpk-hold", "easy");
  assert.equal(s.fen.split(" ")[1], "b", "the learner has Black");
  for (let i = 0; i < 2 && !s.over; i++) {
    const p = await probe(s.fen);
    assert.equal(p.wdl, "draw");
    const keep = p.moves.find((m) => m.wdl === "draw");
    s = await play(page, keep.uci);
    assert.equal(s.kind, "held");
    assert.equal(s.verdict, msg("en", "ui.eg.verdict.held"));
  }
  await context.close();
});

test("every language: the lesson, the 50-move counter and the coach's line", { timeout: 120000 }, async () => {
  for (const lang of ["zh-CN", "zh-TW", "en"]) {
    const { page, context } = await newPage(browser, { lang });
    await page.goto(`${BASE}/learn/endgames/kpk`);
    await page.waitForSelector(".eg-lesson p");
    assert.equal(await page.textContent(".eg-head h1"), msg(lang, "ui.eg.kpk.title"));
    const paragraphs = await page.$$eval(".eg-lesson p", (ps) => ps.map((p) => p.textContent));
    assert.deepEqual(paragraphs, msg(lang, "ui.eg.kpk.lesson").split("\n\n"));
    assert.equal(await page.textContent(".eg-picture figcaption"), msg(lang, "ui.eg.kpk.picture"));
    await page.waitForSelector(".eg-start:not([disabled])");
    await page.click(".eg-start");
    await page.waitForSelector('.eg-play[data-busy="false"]');
    let s = await state(page);
    assert.equal(s.fiftyText, msg(lang, "ui.eg.fifty", { n: s.left }));
    const best = winning(await probe(s.fen))[0];
    s = await play(page, best.uci, "drag");
    assert.equal(s.verdict, msg(lang, "ui.eg.verdict.optimal"));
    assert.equal(s.fiftyText, msg(lang, "ui.eg.fifty", { n: s.left }));
    if (lang !== "en") assert.doesNotMatch(await page.textContent(".eg-panel"), /ui\.eg\./, "no key shows instead of words");
    await context.close();
  }
});

test("switching the language during a game fetches the trainer's words in that language and keeps the game", { timeout: 60000 }, async () => {
  const { page, context } = await newPage(browser, { lang: "zh-CN" });
  let s = await startExercise(page, "kqk", "easy");
  s = await play(page, winning(await probe(s.fen))[0].uci);
  const fen = s.fen;
  await page.selectOption("header select.lang", "zh-TW");
  await page.waitForFunction((text) => document.querySelector(".eg-verdict")?.textContent === text, msg("zh-TW", "ui.eg.verdict.optimal"));
  assert.equal(await page.textContent(".eg-head h1"), msg("zh-TW", "ui.eg.kqk.title"));
  assert.equal(await page.textContent(".eg-fifty"), msg("zh-TW", "ui.eg.fifty", { n: s.left }));
  assert.equal((await state(page)).fen, fen, "the game goes on where it was");
  await context.close();
});

test("each lesson's picture shows what its caption says (the classes this server has tables for)", { timeout: 60000 }, async () => {
  const { page, context } = await newPage(browser, { lang: "en" });
  // key → what the tables must say of the picture, for the side to move there.
  const expected = { kqk: ["loss", 0], kbnk: ["loss", 0], kpk: ["win", null], "kpk-hold": ["draw", null] };
  for (const [key, [wdl, dtm]] of Object.entries(expected)) {
    await page.goto(`${BASE}/learn/endgames/${key}`);
    await page.waitForSelector(".eg-picture .mini-board .piece");
    assert.equal(await page.textContent(".eg-picture figcaption"), msg("en", `ui.eg.${key}.picture`));
    const p = await probe(await page.getAttribute(".eg-picture", "data-fen"));
    assert.equal(p.wdl, wdl, key);
    if (dtm !== null) assert.equal(p.dtm, dtm, `${key}: the picture is a mate`);
  }
  await context.close();
});

test("screenshots at phone width: the list, the lesson, the game, nothing wider than the screen", { timeout: 60000 }, async () => {
  const { page, context } = await newPage(browser, { lang: "zh-CN", width: 390, height: 844, mobile: true });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
  await page.goto(BASE + "/learn/endgames");
  await page.waitForSelector(".eg-item");
  assert.ok(await fits(), "the list fits");
  await shot(page, "endgames-list-phone");
  await page.goto(BASE + "/learn/endgames/kbnk");
  await page.waitForSelector(".eg-lesson p");
  assert.ok(await fits(), "the lesson fits");
  await shot(page, "endgames-lesson-phone");
  await page.click(".eg-start");
  await page.waitForSelector('.eg-play[data-busy="false"]');
  assert.ok(await fits(), "the game fits");
  await shot(page, "endgames-play-phone");
  await context.close();
});
