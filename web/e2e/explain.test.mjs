// Learning mode draws its explanation on the board (issue 14 §1): the legal-move dots stay,
// and an illegal move shows the attacking piece, the square that may not be used and the
// line of a pin as SVG arrows and highlights, next to the words.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, newPage, shot, createGame, openAsPlayer, drag, squareCenter } from "./lib.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test("a pinned knight: the pin is drawn from the rook to the king, the target crossed", { timeout: 60000 }, async () => {
  // White: Ke1, Ne2; black: Ke8, Re7 pins the knight.
  const g = await createGame({ mode: "computer", level: 1, color: "white", fen: "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1" });
  const { page } = await newPage(browser, { lang: "zh-CN" });
  await openAsPlayer(page, g, "computer", { learning: true });
  // The legal-move dots stay in learning mode: the king's squares.
  const e1 = await squareCenter(page, "e1");
  await page.mouse.click(e1.x, e1.y);
  const dots = await page.$$eval(".sq.dest", (x) => x.map((s) => s.dataset.square).sort());
  assert.deepEqual(dots, ["d1", "d2", "f1", "f2"]);
  await page.mouse.click(e1.x, e1.y);
  // The pinned knight tries to leave the file.
  await drag(page, "e2", "c3");
  await page.waitForSelector(".explain:not([hidden])");
  assert.match(await page.textContent(".explain"), /牵制|王/);
  const pin = page.locator(".board .marks .arrow.pin");
  assert.equal(await pin.count(), 1);
  assert.equal(await pin.getAttribute("data-from"), "e7");
  assert.equal(await pin.getAttribute("data-to"), "e1");
  assert.equal(await page.locator('.board .marks .mark-square.attacker[data-square="e7"]').count(), 1);
  assert.equal(await page.locator('.board .marks .mark-square.crossed[data-square="c3"]').count(), 1);
  await shot(page, "game-learning-pin");
});

test("a king stepping into check: the attacker's arrow to the crossed square", { timeout: 60000 }, async () => {
  // White: Ke1; black: Ke8, Rd8 guards the d-file.
  const g = await createGame({ mode: "computer", level: 1, color: "white", fen: "3rk3/8/8/8/8/8/8/4K3 w - - 0 1" });
  const { page } = await newPage(browser, { lang: "en" });
  await openAsPlayer(page, g, "computer", { learning: true });
  await drag(page, "e1", "d2");
  await page.waitForSelector(".explain:not([hidden])");
  const arrow = page.locator(".board .marks .arrow.attack");
  assert.equal(await arrow.count(), 1);
  assert.equal(await arrow.getAttribute("data-from"), "d8");
  assert.equal(await arrow.getAttribute("data-to"), "d2");
  assert.equal(await page.locator('.board .marks .mark-square.crossed[data-square="d2"]').count(), 1);
  await shot(page, "game-learning-king-into-check");
  // A legal move clears the drawing and the words.
  await drag(page, "e1", "f2");
  await page.waitForSelector(".explain[hidden]", { state: "attached" });
  assert.equal(await page.locator(".board .marks .arrow").count(), 0);
});
