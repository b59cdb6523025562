// Clocks run out: a loss on time in a game played on one device, and the draw when the
// side whose flag fell faces a lone king (the rules' example: 黑方超时，白方仅剩单王，和棋).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, drag, waitMoves, createGame, openAsPlayer } from "./lib.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test("a clock runs out: the side to move loses on time, tenths shown under ten seconds", { timeout: 90000 }, async () => {
  const { page } = await newPage(browser, { lang: "zh-CN" });
  await page.goto(BASE + "/");
  await page.selectOption(".hotseat-clock", "custom");
  await page.fill(".new-hotseat .minutes", "0.25");
  await page.fill(".new-hotseat .increment", "0");
  await page.click(".start-hotseat");
  await page.waitForSelector(".board .piece");
  await drag(page, "e2", "e4");
  await waitMoves(page, 1);
  await drag(page, "e7", "e5");
  await waitMoves(page, 2);
  // White's clock runs: below ten seconds it shows tenths.
  await page.waitForFunction(() => /^0:0\d\.\d$/.test(document.querySelector('.clock[data-color="white"]').textContent), null, { timeout: 20000 });
  await page.waitForSelector(".result:not([hidden])", { timeout: 30000 });
  assert.match(await page.textContent(".result"), /0-1 · 白方超时，黑方获胜/);
  assert.equal(await page.textContent('.clock[data-color="white"]'), "0:00.0");
});

test("black's flag falls against a lone king: a draw, in the rules' words", { timeout: 60000 }, async () => {
  const clock = { periods: [{ moves: null, time_ms: 4000, bonus_ms: 0 }], bonus: "increment" };
  const g = await createGame({ mode: "hotseat", clock, fen: "4k3/8/8/8/8/8/r7/4K3 w - - 0 1" });
  const { page } = await newPage(browser, { lang: "zh-CN" });
  await openAsPlayer(page, g, "hotseat");
  await drag(page, "e1", "f1");
  await waitMoves(page, 1);
  await drag(page, "e8", "e7");
  await waitMoves(page, 2);
  await drag(page, "f1", "g1");
  await waitMoves(page, 3);
  // Black's clock now runs out; white has nothing but its king.
  await page.waitForSelector(".result:not([hidden])", { timeout: 20000 });
  assert.equal(await page.textContent(".result"), "½-½ · 黑方超时，白方仅剩单王，和棋。");
});
