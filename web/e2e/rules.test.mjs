// Rules at the board: the promotion chooser, a threefold repetition claimed with the button
// that appears exactly when it is claimable, check highlighted, and the sounds for move,
// capture and check (switchable).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, drag, waitMoves, createGame, openAsPlayer } from "./lib.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test("a pawn reaching the last rank asks which piece it becomes", { timeout: 30000 }, async () => {
  const g = await createGame({ mode: "hotseat", fen: "8/P6k/8/8/8/8/8/K7 w - - 0 1" });
  const { page } = await newPage(browser, { lang: "en" });
  await openAsPlayer(page, g, "hotseat");
  await drag(page, "a7", "a8");
  await page.waitForSelector(".promotion button[data-role='n']");
  assert.equal(await page.locator(".promotion button").count(), 4);
  await page.click(".promotion button[data-role='n']");
  await waitMoves(page, 1);
  assert.equal(await page.getAttribute("ol.moves button.move", "data-san"), "a8=N");
  assert.equal(await page.getAttribute('.piece[data-square="a8"]', "data-piece"), "whiten");
});

test("threefold repetition: the claim appears exactly when claimable", { timeout: 60000 }, async () => {
  const { page } = await newPage(browser, { lang: "zh-CN" });
  await page.goto(BASE + "/");
  await page.click(".start-hotseat");
  await page.waitForSelector(".board .piece");
  const moves = [["g1", "f3"], ["g8", "f6"], ["f3", "g1"], ["f6", "g8"], ["g1", "f3"], ["g8", "f6"], ["f3", "g1"]];
  for (const [i, [a, b]] of moves.entries()) {
    await drag(page, a, b);
    await waitMoves(page, i + 1);
    assert.equal(await page.locator(".controls .claim-threefold_repetition").count(), 0, `not claimable after ${i + 1}`);
  }
  await drag(page, "f6", "g8");
  await waitMoves(page, 8);
  await page.click(".controls .claim-threefold_repetition");
  await page.waitForSelector(".result:not([hidden])");
  assert.match(await page.textContent(".result"), /½-½ · 同一局面出现了三次/);
});

test("check is highlighted; move, capture and check make their sounds unless switched off", { timeout: 30000 }, async () => {
  const g = await createGame({ mode: "hotseat", fen: "4k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1" });
  const { page } = await newPage(browser, { lang: "en" });
  await openAsPlayer(page, g, "hotseat");
  await drag(page, "e4", "d5");
  await waitMoves(page, 1);
  await drag(page, "e8", "f7");
  await waitMoves(page, 2);
  await drag(page, "a1", "a7");
  await waitMoves(page, 3);
  await page.waitForSelector('.sq.check[data-square="f7"]');
  const sounds = await page.evaluate(() => ({ ...window.__gxSounds }));
  assert.deepEqual([sounds.capture, sounds.move, sounds.check], [1, 1, 1]);
  await page.uncheck("input.sound");
  await drag(page, "f7", "g6");
  await waitMoves(page, 4);
  assert.equal(await page.evaluate(() => window.__gxSounds.move), 1, "no sound when switched off");
});

test("a typed 'bxc3' is the pawn's capture, not the bishop's (Bxc3)", { timeout: 30000 }, async () => {
  const g = await createGame({ mode: "hotseat", fen: "4k3/8/8/8/8/2n5/1P6/4B1K1 w - - 0 1" });
  const { page } = await newPage(browser, { lang: "en" });
  await openAsPlayer(page, g, "hotseat");
  await page.fill(".typed-move", "bxc3");
  await page.press(".typed-move", "Enter");
  await waitMoves(page, 1);
  assert.equal(await page.getAttribute("ol.moves button.move", "data-san"), "bxc3");
});
