// Learning mode: the board takes any move; an illegal one is refused with the rules core's
// explanation in the chosen language, and a legal one is played.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, shot, drag, waitMoves } from "./lib.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test("an illegal move in learning mode is explained in Chinese", { timeout: 60000 }, async () => {
  const { page } = await newPage(browser, { lang: "zh-CN" });
  await page.goto(BASE + "/");
  await page.check(".new-computer .color-white");
  await page.check(".learning-start");
  await page.click(".start-computer");
  await page.waitForSelector(".board .piece");
  // A pawn cannot go three squares.
  await drag(page, "e2", "e5");
  await page.waitForSelector(".explain:not([hidden])");
  const text = await page.textContent(".explain");
  const fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const expected = await (await fetch(`${BASE}/api/explain?fen=${encodeURIComponent(fen)}&move=e2e5&lang=zh-CN`)).json();
  assert.equal(expected.legal, false);
  assert.equal(text, expected.message);
  assert.match(text, /兵/);
  await shot(page, "game-learning-explanation");
  // Nothing was played; the pawn is back on e2.
  assert.equal(await page.locator("ol.moves button.move").count(), 0);
  assert.equal(await page.getAttribute('.piece[data-square="e2"]', "data-piece"), "whitep");
  // The knight cannot jump like a bishop either: the explanation changes.
  await drag(page, "g1", "e3");
  await page.waitForFunction((old) => document.querySelector(".explain").textContent !== old, text);
  assert.match(await page.textContent(".explain"), /马/);
  // A legal move is played and the explanation goes away.
  await drag(page, "e2", "e4");
  await waitMoves(page, 1);
  await page.waitForSelector(".explain[hidden]", { state: "attached" });
});
