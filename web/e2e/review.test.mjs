// Game review (issue 18 §3) against the real server: a fool's-mate game played through the
// API (1. f3 e5 2. g4?? Qh4#), reviewed from the game page's "Review the game" button; the
// progress until done, the accuracy of each player, the graph, the move list coloured by
// class; White's 2. g4 a blunder whose explanation (with its arrows on the board) shows in
// zh-CN, en and zh-TW exactly as the API words it; "learn from your mistakes" for White (an
// illegal try refused with the core's reason, the review's best move accepted); a PGN pasted
// in /review and a bad one refused; the archive's review button. Screenshots at desktop and
// phone widths.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { BASE, launch, shot, createGame, playHotseat, openAsPlayer } from "./lib.mjs";

const CAT = Object.fromEntries(
  ["en", "zh-CN", "zh-TW"].map((l) => [l, JSON.parse(readFileSync(new URL(`../../crates/i18n/catalogue/${l}.json`, import.meta.url), "utf8"))]),
);
const FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"];
const FOOLS_PGN = '[Event "e2e"]\n[White "Ann"]\n[Black "Bo"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n';

let browser;
let game;
let reviewId;
before(async () => {
  browser = await launch();
  game = await createGame({ mode: "hotseat" });
  await playHotseat(game, FOOLS_MATE);
});
after(async () => browser?.close());

async function open(lang, { width = 1280, height = 900, mobile = false } = {}) {
  const context = await browser.newContext({ locale: lang, viewport: { width, height }, isMobile: mobile, hasTouch: mobile, deviceScaleFactor: 1, reducedMotion: "reduce" });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors };
}

async function getReview(id) {
  const r = await fetch(`${BASE}/api/reviews/${id}`);
  assert.equal(r.status, 200);
  return r.json();
}

/** Waits until the review page shows a done review. */
async function done(page) {
  await page.waitForSelector(".rv-review .rv-summary", { timeout: 120000 });
}

/** Plays `uci` on the exercise's board by two clicks (the review's own board is on the page too). */
async function drillMove(page, uci) {
  for (const sq of [uci.slice(0, 2), uci.slice(2, 4)]) {
    const box = await page.locator(`.rv-drill .board .sq[data-square="${sq}"]`).boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }
}

/** Shows move `ply` by clicking it in the list. */
async function pick(page, ply) {
  await page.click(`.rv-move[data-ply="${ply}"]`);
  await page.waitForFunction((p) => document.querySelector(".rv-review")?.dataset.ply === String(p), ply);
}

test("a finished game reviewed from its page: accuracy, graph, classes, and the blunder explained in each language", async () => {
  const { context, page, errors } = await open("zh-CN");
  await openAsPlayer(page, game, "hotseat");
  await page.click(".after .review-game");
  await page.waitForURL(/\/review\/[A-Za-z0-9_-]+$/);
  reviewId = new URL(page.url()).pathname.split("/").pop();
  await done(page);
  const r = await getReview(reviewId);
  assert.equal(r.status, "done");
  assert.equal(r.game_id, game.id);
  assert.equal(r.moves.length, 4);
  // Asked again, the same review.
  const again = await (await fetch(`${BASE}/api/games/${game.id}/review`, { method: "POST" })).json();
  assert.equal(again.id, reviewId);

  const acc = await page.$eval(".rv-acc-white", (e) => Number(e.dataset.value));
  assert.equal(acc, r.accuracy.white);
  assert.ok(await page.$(".rv-graph polyline"));
  const classes = await page.$$eval(".rv-move[data-ply]", (bs) => bs.map((b) => b.dataset.class));
  assert.deepEqual(classes, r.moves.map((m) => m.class));
  const g4 = r.moves[2];
  assert.equal(g4.san, "g4");
  assert.equal(g4.class, "blunder", "2. g4 allows mate in one");
  assert.ok(g4.explanation, "the blunder is explained");
  await pick(page, 3);
  assert.equal(await page.$eval(".rv-badge", (e) => e.textContent), CAT["zh-CN"]["ui.rv.class.blunder"]);
  assert.equal(await page.$eval(".rv-explanation", (e) => e.textContent), g4.explanation.text["zh-CN"]);
  const arrows = await page.$$eval(".board .marks .arrow.rv-explain", (ls) => ls.map((l) => l.dataset.from + l.dataset.to));
  assert.deepEqual(arrows, g4.explanation.arrows.map((a) => a.from + a.to));
  await shot(page, "review-blunder-desktop");
  // The better move: the position before, with its arrow.
  await page.click(".rv-better");
  const best = await page.$$eval(".board .marks .arrow.hint", (ls) => ls.map((l) => l.dataset.from + l.dataset.to));
  assert.deepEqual(best, [g4.best.slice(0, 4)]);
  assert.deepEqual(errors, []);
  await context.close();

  for (const lang of ["en", "zh-TW"]) {
    const o = await open(lang);
    await o.page.goto(`${BASE}/review/${reviewId}`);
    await done(o.page);
    await pick(o.page, 3);
    assert.equal(await o.page.$eval(".rv-explanation", (e) => e.textContent), g4.explanation.text[lang]);
    assert.equal(await o.page.$eval(".rv-badge", (e) => e.textContent), CAT[lang]["ui.rv.class.blunder"]);
    if (lang === "zh-TW") await shot(o.page, "review-blunder-zhtw-desktop");
    assert.deepEqual(o.errors, []);
    await o.context.close();
  }
});

test("learn from your mistakes: White's blunder as an exercise, an illegal try refused, the best move found", async () => {
  const { context, page, errors } = await open("en");
  await page.goto(`${BASE}/review/${reviewId}`);
  await done(page);
  const r = await getReview(reviewId);
  await page.check(".rv-side-white");
  await page.click(".rv-drill-start");
  await page.waitForSelector(".rv-drill");
  const first = r.moves.findIndex((m, i) => i % 2 === 0 && ["inaccuracy", "mistake", "blunder"].includes(m.class));
  assert.equal(await page.$eval(".rv-drill", (e) => e.dataset.ply), String(r.moves[first].ply));
  // A rook cannot jump: refused with the core's words, the piece goes back.
  await drillMove(page, "a1a5");
  await page.waitForSelector(".rv-drill-verdict.illegal");
  // Go to the blunder (2. g4) and play the review's best move.
  while ((await page.$eval(".rv-drill", (e) => e.dataset.ply)) !== "3") await page.click(".rv-drill-next");
  const best = r.moves[2].best;
  await drillMove(page, best);
  await page.waitForSelector(".rv-drill-verdict.right", { timeout: 20000 });
  assert.ok((await page.$eval(".rv-drill-answer", (e) => e.textContent)).includes(r.moves[2].best_san));
  await shot(page, "review-drill-desktop");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a pasted PGN is reviewed; a bad one is refused with the server's reason", async () => {
  const { context, page, errors } = await open("zh-CN");
  await page.goto(`${BASE}/review`);
  await page.fill(".rv-pgn", "1. e4 e5 2. Ke3");
  await page.click(".rv-submit");
  await page.waitForFunction(() => (document.querySelector(".rv-upload-error")?.textContent ?? "").length > 0);
  const message = await page.$eval(".rv-upload-error", (e) => e.textContent);
  assert.ok(message.startsWith(CAT["zh-CN"]["ui.rv.bad_pgn"].split("{")[0]), message);
  await page.fill(".rv-pgn", FOOLS_PGN);
  await shot(page, "review-upload-desktop");
  await page.click(".rv-submit");
  await page.waitForURL(/\/review\/[A-Za-z0-9_-]+$/);
  await done(page);
  assert.match(await page.$eval(".rv-players", (e) => e.textContent), /Ann – Bo/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the archive's review button and the review at phone width", async () => {
  const { context, page, errors } = await open("zh-CN", { width: 390, height: 844, mobile: true });
  await openAsPlayer(page, game, "hotseat");
  await page.goto(`${BASE}/games`);
  await page.click(`.game-row[data-id="${game.id}"] .review-game`);
  await page.waitForURL(new RegExp(`/review/${reviewId}$`));
  await done(page);
  await pick(page, 3);
  const box = await page.locator(".rv-board .board").boundingBox();
  assert.ok(box.width <= 390, `the board fits the phone: ${box.width}`);
  await shot(page, "review-phone");
  assert.deepEqual(errors, []);
  await context.close();
});
