// The analysis board (issue 18 §2), in the page against the real server: our engine in
// WebAssembly answers in its worker (a line appears, the eval bar leaves the middle, an arrow
// shows the best move, space plays it); a PGN with a variation and a comment is imported, a
// variation is added on the board and commented, promoted and exported (the PGN holds both);
// the keyboard steps through the moves; the opening is named as reached; a four-piece ending
// shows the tablebase's mate distance; a bad FEN in the address is refused in words; a
// finished game links to the board and opens there. Screenshots at desktop and phone widths.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { BASE, launch, shot, drag, createGame, playHotseat, act } from "./lib.mjs";

const CAT = Object.fromEntries(
  ["en", "zh-CN", "zh-TW"].map((l) => [l, JSON.parse(readFileSync(new URL(`../../crates/i18n/catalogue/${l}.json`, import.meta.url), "utf8"))]),
);

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

async function open(lang, { width = 1280, height = 860, mobile = false } = {}) {
  const context = await browser.newContext({ locale: lang, viewport: { width, height }, isMobile: mobile, hasTouch: mobile, deviceScaleFactor: 1, reducedMotion: "reduce" });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Opens /analysis with a query and waits for the board. */
async function board(page, query = "") {
  await page.goto(`${BASE}/analysis${query}`);
  await page.waitForSelector(".an-layout .board .piece");
}

const ply = (page) => page.getAttribute(".an-layout", "data-ply").then(Number);
const fen = (page) => page.getAttribute(".an-layout", "data-fen");
const pgnOut = (page) => page.inputValue(".an-pgn");
/** The PGN's move text with its line breaks as spaces. */
const flat = (text) => text.replace(/\s+/g, " ");

/** Moves the keyboard focus off any text field, so keys go to the page. */
async function focusPage(page) {
  await page.click(".an-head h1");
}

const GAME = `[Event "Club"]
[White "Li"]
[Black "Wang"]

{ An open game } 1. e4 e5 2. Nf3 { the main move } (2. f4 exf4 { the King's Gambit }) 2... Nc6 3. Bc4 Bc5 1/2-1/2`;

test("the engine in the browser answers: a line, the evaluation, the eval bar, the best move's arrow, space plays it", { timeout: 120000 }, async () => {
  const { page, errors } = await open("en");
  // White to move mates in one (Qh5xf7#): the engine must find it.
  await board(page, "?fen=" + encodeURIComponent("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"));
  await page.waitForSelector(".an-line", { timeout: 60000 });
  await page.waitForFunction(() => document.querySelector(".an-eval")?.textContent === "#1", null, { timeout: 60000 });
  const line = await page.getAttribute('.an-line[data-multipv="1"]', "data-pv");
  assert.equal(line.split(" ")[0], "h5f7", `best line ${line}`);
  assert.match(await page.textContent(".an-line .an-line-moves"), /4\. Qxf7#/);
  assert.match(await page.textContent(".an-status"), /depth \d+ · [\d.]+ (k|M)? ?nodes\/s/);
  // White is winning: the bar is full for White, the best move drawn.
  assert.ok(Number(await page.getAttribute(".an-bar", "data-share")) > 0.95);
  assert.equal(await page.getAttribute(".marks .arrow.an-best", "data-from"), "h5");
  assert.equal(await page.getAttribute(".marks .arrow.an-best", "data-to"), "f7");
  await shot(page, "analysis-engine-desktop");
  // Space plays the best move: checkmate on the board, the result instead of lines.
  await focusPage(page);
  await page.keyboard.press(" ");
  await page.waitForFunction(() => document.querySelector(".an-layout")?.dataset.ply === "1");
  assert.equal(await page.textContent(".an-move.current"), "4.Qxf7#");
  assert.equal(await page.textContent(".an-eval"), "1–0");
  assert.equal(await page.textContent(".an-status"), "Checkmate");
  // From the start position, three lines when asked, each from a legal first move; the
  // evaluation is near even.
  await board(page);
  await page.selectOption(".an-multipv", "3");
  await page.waitForFunction(() => document.querySelectorAll(".an-line").length === 3, null, { timeout: 60000 });
  const first = await page.$$eval(".an-line", (ls) => ls.map((l) => l.dataset.pv.split(" ")[0]));
  assert.equal(new Set(first).size, 3, `three different first moves: ${first}`);
  const shown = await page.textContent(".an-eval");
  assert.match(shown, /^[+−]?\d\.\d$/, `eval ${shown}`);
  assert.ok(Math.abs(Number(shown.replace("−", "-"))) < 1.5, `start position evaluated ${shown}`);
  // Clicking a move of a line plays the line up to it.
  await page.click('.an-line[data-multipv="1"] .an-pv-move >> nth=1');
  assert.equal(await ply(page), 2);
  // Win/draw/loss as an option; kept after a reload, with the three lines.
  await page.check(".an-wdl-on");
  await page.waitForFunction(() => /Win \d+% · draw \d+% · loss \d+%/.test(document.querySelector(".an-wdl")?.textContent ?? ""));
  await page.reload();
  await page.waitForSelector(".an-layout .board .piece");
  assert.equal(await page.inputValue(".an-multipv"), "3");
  assert.equal(await page.isChecked(".an-wdl-on"), true);
  // Off: no lines, no arrows.
  await page.uncheck(".an-engine-on");
  assert.equal(await page.locator(".an-line").count(), 0);
  assert.equal(await page.locator(".marks .arrow").count(), 0);
  assert.deepEqual(errors, []);
});

test("a PGN with a variation and a comment is imported; a variation added, commented, promoted and exported", { timeout: 90000 }, async () => {
  const { page, errors } = await open("en");
  await board(page);
  await page.click(".an-io summary");
  await page.fill(".an-import", GAME);
  await page.click(".an-load");
  assert.equal(await page.textContent(".an-error"), "");
  // The main line's six moves and the variation's two, the comments beside their moves.
  assert.equal(await page.locator(".an-move").count(), 8);
  assert.equal(await page.locator(".an-variation").count(), 1);
  assert.match(await page.textContent(".an-variation"), /2\.f4.*exf4.*the King's Gambit/);
  assert.match(await page.textContent(".an-tree"), /An open game/);
  assert.equal(await ply(page), 0);
  // Go to 2.Nf3 (ply 3) and play 2...d6 on the board instead of 2...Nc6: a new variation.
  await page.click('.an-move[data-san="Nf3"]');
  assert.equal(await ply(page), 3);
  await drag(page, "d7", "d6");
  await page.waitForFunction(() => document.querySelector(".an-move.current")?.dataset.san === "d6");
  assert.equal(await page.locator(".an-variation").count(), 2);
  await page.fill(".an-comment-box", "Philidor's defence");
  await page.click(".an-export");
  await shot(page, "analysis-tree-desktop");
  let out = await pgnOut(page);
  assert.match(out, /\[White "Li"\]/);
  assert.match(out, /\[Result "1\/2-1\/2"\]/);
  assert.match(flat(out), /\{ An open game \} 1\. e4 e5 2\. Nf3 \{ the main move \} \(2\. f4 exf4 \{ the King's Gambit \}\) 2\.\.\. Nc6 \(2\.\.\. d6 \{ Philidor's defence \}\) 3\. Bc4 Bc5 1\/2-1\/2/);
  // Promoted, 2...d6 becomes the main line and 2...Nc6 the variation.
  await page.click(".an-promote");
  out = await pgnOut(page);
  assert.match(flat(out), /2\.\.\. d6 \{ Philidor's defence \} \(2\.\.\. Nc6 3\. Bc4 Bc5\)/);
  // The export reads back as the same tree.
  await page.fill(".an-import", out);
  await page.click(".an-load");
  await page.click(".an-export");
  assert.equal(await pgnOut(page), out);
  // Deleting 2...d6 leaves 2...Nc6 as the only continuation.
  await page.click('.an-move[data-san="d6"]');
  await page.click(".an-delete");
  assert.equal(await ply(page), 3);
  assert.doesNotMatch(await pgnOut(page), /d6/);
  // A bad PGN is refused with its place named; a FEN loads as a new start.
  await page.fill(".an-import", "1. e4 e5 2. Ke3");
  await page.click(".an-load");
  assert.equal(await page.textContent(".an-error"), CAT.en["ui.an.pgn_illegal"].replace("{n}", "3").replace("{move}", "Ke3"));
  await page.fill(".an-import", "8/8/8/8/8/8/8/8 w - - 0 1");
  await page.click(".an-load");
  assert.equal(await page.textContent(".an-error"), CAT.en["ui.an.fen_error.kings"]);
  await page.fill(".an-import", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  await page.click(".an-load");
  assert.equal(await fen(page), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  assert.match(await pgnOut(page), /\[SetUp "1"\]\n\[FEN "4k3\/8\/8\/8\/8\/8\/4P3\/4K3 w - - 0 1"\]/);
  assert.deepEqual(errors, []);
});

test("the page's rules agree with the rules core: SAN and FEN of en passant, promotion, both castlings", { timeout: 60000 }, async () => {
  const line = ["e2e4", "d7d5", "e4e5", "f7f5", "e5f6", "b8c6", "f6g7", "d8d6", "g7h8q", "c8d7", "f1e2", "e8c8", "g1f3", "g8f6", "e1g1", "d6h2"];
  // The rules core's SAN and FEN for each move (GET /api/explain), from the start.
  let at = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const want = [];
  for (const uci of line) {
    const r = await fetch(`${BASE}/api/explain?` + new URLSearchParams({ fen: at, move: uci, lang: "en" }));
    const e = await r.json();
    assert.equal(e.legal, true, uci);
    want.push({ san: e.san, fen: e.fen_after });
    at = e.fen_after;
  }
  const { page, errors } = await open("en");
  await board(page, "?ply=0&moves=" + line.join(","));
  assert.deepEqual(await page.$$eval(".an-move", (ms) => ms.map((m) => m.dataset.san)), want.map((w) => w.san));
  await focusPage(page);
  for (const w of want) {
    await page.keyboard.press("ArrowRight");
    assert.equal(await fen(page), w.fen);
  }
  assert.deepEqual(errors, []);
});

test("the keyboard steps through the moves; the opening is named as reached; Chinese piece names", { timeout: 60000 }, async () => {
  const { page, errors } = await open("zh-CN");
  await page.goto(BASE + "/");
  await page.evaluate(() => localStorage.setItem("gx.settings", JSON.stringify({ notation: "chinese" })));
  await board(page, "?moves=e2e4,e7e5,g1f3,b8c6,f1c4,f8c5&ply=2");
  assert.equal(await ply(page), 2);
  await focusPage(page);
  await page.keyboard.press("ArrowRight");
  assert.equal(await ply(page), 3);
  assert.equal(await page.textContent(".an-move.current"), "2.马f3");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  assert.equal(await ply(page), 1);
  await page.keyboard.press("End");
  assert.equal(await ply(page), 6);
  await page.waitForFunction(() => /意大利/.test(document.querySelector(".an-opening")?.textContent ?? ""));
  await page.keyboard.press("Home");
  assert.equal(await ply(page), 0);
  await page.keyboard.press("ArrowDown");
  assert.equal(await ply(page), 6);
  await page.keyboard.press("ArrowUp");
  assert.equal(await ply(page), 0);
  // f flips the board.
  await page.keyboard.press("f");
  assert.equal(await page.getAttribute(".an-layout", "data-orientation"), "black");
  assert.deepEqual(errors, []);
});

test("four pieces: the tablebase's result and distance to mate; a bad FEN in the address is explained", { timeout: 60000 }, async () => {
  const { page, errors } = await open("zh-TW");
  await board(page, "?fen=" + encodeURIComponent("8/8/8/4k3/8/8/8/KQ6 w - - 0 1"));
  await page.waitForSelector(".an-tb:not([hidden])");
  assert.match(await page.textContent(".an-tb"), /^殘局庫：白方\d+步將死（\d+個半步）。$/);
  await board(page, "?fen=" + encodeURIComponent("8/8/8/8/8/8/8/KQ6 w - - 0 1"));
  assert.equal(await page.textContent(".an-notice"), CAT["zh-TW"]["ui.an.fen_error.kings"]);
  assert.equal(await page.textContent("h1"), CAT["zh-TW"]["ui.an.title"]);
  assert.deepEqual(errors, []);
});

test("a finished game links to the analysis board and opens there at the move on show; phone width", { timeout: 90000 }, async () => {
  const g = await createGame({ mode: "hotseat" });
  await playHotseat(g, ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"]);
  await act(g.id, g.secret, { t: "resign" });
  const { page, errors } = await open("en");
  await page.goto(`${BASE}/watch/${g.id}`);
  await page.waitForSelector(".replay a.analyse");
  assert.equal(await page.textContent(".replay a.analyse"), CAT.en["ui.analyse"]);
  await page.click(".replay .prev");
  await page.waitForFunction(() => /ply=4/.test(document.querySelector(".replay a.analyse")?.getAttribute("href") ?? ""));
  await page.click(".replay a.analyse");
  await page.waitForSelector(".an-layout .board .piece");
  await page.waitForFunction(() => document.querySelectorAll(".an-move").length === 5);
  assert.equal(await ply(page), 4);
  assert.match(new URL(page.url()).search, new RegExp(`game=${g.id}`));
  await page.click(".an-io summary");
  await page.click(".an-export");
  assert.match(flat(await pgnOut(page)), /1\. e4 e5 2\. Nf3 Nc6 3\. Bc4 1-0/);
  await shot(page, "analysis-game-desktop");
  // The same game at phone width: the board, the bar and the list fit the screen.
  const phone = await open("zh-CN", { width: 390, height: 844, mobile: true });
  await board(phone.page, `?game=${g.id}&ply=3`);
  await phone.page.waitForFunction(() => document.querySelectorAll(".an-move").length === 5);
  const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide at 390`);
  await shot(phone.page, "analysis-phone");
  assert.deepEqual([...errors, ...phone.errors], []);
});
