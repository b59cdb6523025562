// A whole game against the computer, played to its end by dragging and clicking pieces,
// then replayed move by move; also keyboard entry (typed SAN and the board's keyboard
// control), the takeback, abort and a PGN download.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, shot, drag, clickMove, waitMoves, gameIdOf, secretOf, gameState, rng } from "./lib.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test("a whole game against the computer, to its end, then replayed", { timeout: 240000 }, async () => {
  const { page } = await newPage(browser, { lang: "zh-CN" });
  await page.goto(BASE + "/");
  await page.selectOption(".level", "8");
  await page.check(".new-computer .color-white");
  await page.click(".start-computer");
  await page.waitForSelector(".board .piece");
  const id = gameIdOf(page);
  const secret = await secretOf(page, id);
  assert.ok(secret, "the page keeps the game's secret");
  const random = rng(20261129);
  let st = await gameState(id, secret);
  for (let i = 0; i < 200 && st.status !== "finished"; i++) {
    // Our move: a legal move chosen at random, made by dragging or by two clicks.
    const moves = st.legal;
    const uci = moves[Math.floor(random() * moves.length)];
    const [from, to] = [uci.slice(0, 2), uci.slice(2, 4)];
    const before = st.moves.length;
    if (i % 2 === 0) await drag(page, from, to);
    else await clickMove(page, from, to);
    if (uci.length === 5) await page.click(`.promotion button[data-role="${uci[4]}"]`);
    await waitMoves(page, before + 1);
    // The computer's reply (or the end).
    await page.waitForFunction(
      (n) => document.querySelectorAll("ol.moves button.move").length >= n || !document.querySelector(".result").hidden,
      before + 2,
      { timeout: 30000 },
    );
    st = await gameState(id, secret);
    if (i === 3) await shot(page, "game-computer-in-progress");
  }
  assert.equal(st.status, "finished", "the game ended");
  await page.waitForSelector(".result:not([hidden])");
  const result = await page.textContent(".result");
  assert.ok(result.length > 4, result);
  // Worded from the catalogue: checkmate → 将死, or one of the draws.
  assert.match(result, /将死|和棋|认输/, result);
  await shot(page, "game-computer-finished");
  // Replay: the first position, then one move forward.
  await page.click(".replay .first");
  assert.equal(await page.textContent(".replay .ply"), `0/${st.moves.length}`);
  assert.equal(await page.locator(".piece").count(), 32);
  await page.click(".replay .next");
  assert.equal(await page.getAttribute(`.sq[data-square="${st.moves[0].slice(2, 4)}"]`, "aria-label").then((l) => l.includes(",")), true);
  await page.click(".replay .last");
  assert.equal(await page.textContent(".replay .ply"), `${st.moves.length}/${st.moves.length}`);
  // PGN download.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("a.pgn")]);
  const path = await download.path();
  const { readFileSync } = await import("node:fs");
  const pgn = readFileSync(path, "utf8");
  assert.match(pgn, /\[Result "(1-0|0-1|1\/2-1\/2)"\]/);
  assert.ok(pgn.includes(st.san[0]), pgn);
});

test("keyboard: typed SAN, the board's arrow keys, takeback and abort", { timeout: 120000 }, async () => {
  const { page } = await newPage(browser, { lang: "en" });
  await page.goto(BASE + "/");
  await page.selectOption(".level", "1");
  await page.check(".new-computer .color-white");
  await page.click(".start-computer");
  await page.waitForSelector(".board .piece");
  // Abort is offered before both have moved.
  assert.equal(await page.locator(".controls .abort").count(), 1);
  await page.fill(".typed-move", "e4");
  await page.press(".typed-move", "Enter");
  await waitMoves(page, 2);
  // A typed illegal move is refused with a reason, and changes nothing.
  await page.fill(".typed-move", "Ke3");
  await page.press(".typed-move", "Enter");
  await page.waitForSelector(".explain:not([hidden])");
  assert.equal(await page.locator("ol.moves button.move").count(), 2);
  // The board by keyboard: focus g1, Enter, move to f3 with the arrows, Enter.
  await page.focus('.sq[data-square="g1"]');
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Enter");
  await waitMoves(page, 4);
  const sans = await page.$$eval("ol.moves button.move", (b) => b.map((x) => x.dataset.san));
  assert.equal(sans[0], "e4");
  assert.equal(sans[2], "Nf3");
  // Take back against the computer: our move and its reply go.
  await page.click(".controls .takeback");
  await page.waitForFunction(() => document.querySelectorAll("ol.moves button.move").length === 2);
  // Resign with confirmation.
  await page.click(".controls .resign");
  await page.click(".controls .resign-yes");
  await page.waitForSelector(".result:not([hidden])");
  assert.match(await page.textContent(".result"), /White resigned, so Black wins/);
});

test("abort before both sides have moved", { timeout: 60000 }, async () => {
  const { page } = await newPage(browser, { lang: "zh-TW" });
  await page.goto(BASE + "/");
  await page.check(".new-computer .color-black");
  await page.click(".start-computer");
  await page.waitForSelector(".board .piece");
  // The computer (white) moves first; we may still abort.
  await waitMoves(page, 1);
  await page.click(".controls .abort");
  await page.waitForSelector(".result:not([hidden])");
  assert.match(await page.textContent(".result"), /對局已中止/);
});
