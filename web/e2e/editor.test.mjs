// The board editor (issue 18 §4) against the real server: pieces dragged from the palette
// onto the board and off it, placed by clicks with a palette piece armed; an impossible
// position (two white kings; a pawn on the first rank, typed as a FEN) refused with the rules
// core's reason worded in the page's language (zh-CN, en, zh-TW: the catalogue's own words),
// the ways onward disabled until the position is legal; the side to move and castling in the
// FEN; a legal position opened in the analysis board and played against the computer (the
// game starts from it). Screenshots at desktop and phone widths.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { BASE, launch, shot, squareCenter, drag } from "./lib.mjs";

const CAT = Object.fromEntries(
  ["en", "zh-CN", "zh-TW"].map((l) => [l, JSON.parse(readFileSync(new URL(`../../crates/i18n/catalogue/${l}.json`, import.meta.url), "utf8"))]),
);

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

async function open(lang, path = "/editor", { width = 1280, height = 900, mobile = false } = {}) {
  const context = await browser.newContext({ locale: lang, viewport: { width, height }, isMobile: mobile, hasTouch: mobile, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(BASE + path);
  await page.waitForSelector(".ed-editor .board .piece, .ed-editor .board");
  return { context, page, errors };
}

/** Waits for the server's verdict on the position shown; returns the status line. */
async function verdict(page) {
  await page.waitForFunction(() => {
    const s = document.querySelector(".ed-status");
    return !!s && !s.classList.contains("pending");
  }, null, { timeout: 10000 });
  return page.$eval(".ed-status", (s) => ({ cls: s.className, code: s.dataset.code, text: s.textContent }));
}

/** The fixed pieces of a catalogue template (the words around its placeholders). */
const fragments = (template) => template.split(/\{[a-z_]+\}/).map((s) => s.trim()).filter((s) => s.length >= 2);

function worded(text, lang, key) {
  for (const f of fragments(CAT[lang][key])) assert.ok(text.includes(f), `${lang}: "${text}" should contain "${f}" (${key})`);
}

/** Drags the palette's piece (`whitek`, `blackq`, …) to a square. */
async function dragSpare(page, piece, sq) {
  const box = await page.locator(`.ed-spare[data-piece="${piece}"]`).boundingBox();
  const b = await squareCenter(page, sq);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move((box.x + b.x) / 2, (box.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
}

const fen = (page) => page.$eval(".ed-fen", (i) => i.value);
const pieceOn = (page, sq) => page.evaluate((s) => document.querySelector(`.ed-board .piece[data-square="${s}"]`)?.dataset.piece ?? null, sq);

test("two white kings are refused with the core's reason in Chinese, and a king dragged off the board makes it legal again", async () => {
  const { context, page, errors } = await open("zh-CN");
  let v = await verdict(page);
  assert.match(v.cls, /\bok\b/);
  assert.equal(await fen(page), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  await dragSpare(page, "whitek", "e4");
  assert.equal(await pieceOn(page, "e4"), "whitek");
  v = await verdict(page);
  assert.match(v.cls, /\bbad\b/);
  assert.equal(v.code, "position.too_many_kings");
  worded(v.text, "zh-CN", "ui.ed.bad");
  worded(v.text, "zh-CN", "position.too_many_kings");
  assert.equal(await page.$eval(".ed-analysis", (a) => a.getAttribute("aria-disabled")), "true");
  assert.equal(await page.$eval(".ed-play-computer", (b) => b.disabled), true);
  await shot(page, "editor-refused-desktop");
  // Off the board, the second king is gone and the position stands again.
  const a = await squareCenter(page, "e4");
  const board = await page.locator(".ed-board .board").boundingBox();
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + board.width, a.y, { steps: 8 });
  await page.mouse.move(board.x + board.width + 60, a.y, { steps: 3 });
  await page.mouse.up();
  assert.equal(await pieceOn(page, "e4"), null);
  v = await verdict(page);
  assert.match(v.cls, /\bok\b/);
  // A piece moved on the board by its own dragging: the king's rights go with it.
  await drag(page, "e1", "e3");
  assert.equal(await pieceOn(page, "e3"), "whitek");
  assert.equal((await fen(page)).split(" ")[2], "kq");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a typed FEN with a pawn on the first rank is refused in English and in Taiwan's Chinese", async () => {
  for (const lang of ["en", "zh-TW"]) {
    const { context, page, errors } = await open(lang);
    await verdict(page);
    await page.fill(".ed-fen", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1");
    assert.equal(await pieceOn(page, "a1"), "whitep", "the board shows what was typed");
    const v = await verdict(page);
    assert.equal(v.code, "position.pawn_on_back_rank");
    worded(v.text, lang, "ui.ed.bad");
    worded(v.text, lang, "position.pawn_on_back_rank");
    assert.equal(await page.$eval(".ed-fen", (i) => i.getAttribute("aria-invalid")), "true");
    // A FEN that does not even read: the core's reading error, worded too.
    await page.fill(".ed-fen", "4k3/8/8 w - - 0 1");
    const r = await verdict(page);
    assert.equal(r.code, "fen.rank_count");
    worded(r.text, lang, "fen.rank_count");
    if (lang === "zh-TW") await shot(page, "editor-fen-error-zhtw-desktop");
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("a position set up by clicks opens in the analysis board, and a game against the computer starts from it", async () => {
  const { context, page, errors } = await open("en");
  await verdict(page);
  await page.click(".ed-clear");
  assert.equal((await fen(page)).split(" ")[0], "8/8/8/8/8/8/8/8");
  const v0 = await verdict(page);
  assert.equal(v0.code, "position.missing_king");
  // Arm a piece in the palette, then click squares.
  const place = async (piece, squares) => {
    await page.click(`.ed-spare[data-piece="${piece}"]`);
    for (const sq of squares) {
      const c = await squareCenter(page, sq);
      await page.mouse.click(c.x, c.y);
    }
  };
  await place("whitek", ["g1"]);
  await place("whiter", ["a1", "f1"]);
  await place("blackk", ["g8"]);
  await place("blackp", ["f7", "g7", "h7"]);
  await page.click(".ed-hand");
  await page.check(".ed-turn-black");
  assert.equal(await fen(page), "6k1/5ppp/8/8/8/8/8/R4RK1 b - - 0 1");
  const v = await verdict(page);
  assert.match(v.cls, /\bok\b/);
  await page.click(".ed-flip");
  assert.equal(await page.$eval(".ed-editor", (e) => e.dataset.orientation), "black");
  await shot(page, "editor-legal-desktop");
  await page.click(".ed-analysis");
  await page.waitForURL(/\/analysis\?/);
  const url = new URL(page.url());
  assert.equal(url.searchParams.get("fen"), "6k1/5ppp/8/8/8/8/8/R4RK1 b - - 0 1");
  // Back in the editor (the address kept the FEN), a game against the computer from here.
  await page.goto(BASE + "/editor?" + new URLSearchParams({ fen: "6k1/5ppp/8/8/8/8/8/R4RK1 w - - 0 1" }).toString());
  await verdict(page);
  await page.selectOption(".ed-color", "white");
  await page.click(".ed-play-computer");
  await page.waitForURL(/\/game\//);
  const id = new URL(page.url()).pathname.split("/").pop();
  const g = await (await fetch(`${BASE}/api/games/${id}`)).json();
  assert.equal(g.start_fen, "6k1/5ppp/8/8/8/8/8/R4RK1 w - - 0 1");
  await page.waitForSelector(".board .piece");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the editor at phone width", async () => {
  const { context, page, errors } = await open("zh-CN", "/editor?fen=" + encodeURIComponent("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), { width: 390, height: 844, mobile: true });
  const v = await verdict(page);
  assert.match(v.cls, /\bok\b/);
  assert.equal(await page.isChecked('.ed-castle[data-right="q"]'), true);
  const box = await page.locator(".ed-board .board").boundingBox();
  assert.ok(box.width <= 390 && box.width > 300, `the board fits the phone: ${box.width}`);
  await shot(page, "editor-phone");
  assert.deepEqual(errors, []);
  await context.close();
});
