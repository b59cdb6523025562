// Playing on the game page (issue 14 §1 and §2): clicks made right after one's own move,
// before the server confirms it, become premoves (a scripted race: the server's messages are
// held back); move confirmation plays a move only after Enter or a click, Escape cancels;
// the status line joins its parts without a full stop before " · "; untimed games show no clocks.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, shot, createGame, joinAsFriend, openAsPlayer, clickMove, drag, waitMoves } from "./lib.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test("clicks before the server confirms one's move become premoves", { timeout: 60000 }, async () => {
  const g = await createGame({ mode: "computer", level: 1, color: "white" });
  const { page } = await newPage(browser, { lang: "en" });
  // Every message from the server reaches the page 700 ms late: the race is certain.
  await page.routeWebSocket(/\/ws/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((m) => setTimeout(() => ws.send(m), 700));
  });
  await openAsPlayer(page, g, "computer");
  await page.waitForSelector(".controls");
  await clickMove(page, "e2", "e4");
  await clickMove(page, "d2", "d4");
  // Queued as a premove, not dropped.
  await page.waitForFunction(() => document.querySelectorAll(".sq.premove").length === 2, null, { timeout: 500 });
  await waitMoves(page, 3);
  const sans = await page.$$eval("ol.moves button.move", (x) => x.map((m) => m.dataset.san));
  assert.equal(sans[0], "e4");
  assert.equal(sans[2], "d4");
});

test("move confirmation: the piece waits on its square; Escape cancels, Enter plays", { timeout: 60000 }, async () => {
  const g = await createGame({ mode: "computer", level: 1, color: "white" });
  const { page } = await newPage(browser, { lang: "zh-CN" });
  await page.goto(BASE + "/");
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem("gx.settings") ?? "{}");
    localStorage.setItem("gx.settings", JSON.stringify({ ...s, confirmMove: true }));
  });
  await openAsPlayer(page, g, "computer");
  await drag(page, "e2", "e4");
  await page.waitForSelector(".confirm-move:not([hidden])");
  assert.equal(await page.getAttribute('.piece[data-square="e4"]', "data-piece"), "whitep");
  await shot(page, "game-confirm-move");
  await page.waitForTimeout(500);
  assert.equal(await page.locator("ol.moves button.move").count(), 0, "nothing played before the confirmation");
  await page.keyboard.press("Escape");
  await page.waitForSelector(".confirm-move[hidden]", { state: "attached" });
  assert.equal(await page.getAttribute('.piece[data-square="e2"]', "data-piece"), "whitep");
  await drag(page, "d2", "d4");
  await page.waitForSelector(".confirm-move:not([hidden])");
  await page.keyboard.press("Enter");
  await waitMoves(page, 1);
  assert.equal(await page.$eval("ol.moves button.move", (m) => m.dataset.san), "d4");
  // A click on the button confirms as well.
  await waitMoves(page, 2);
  await drag(page, "c2", "c4");
  await page.click(".confirm-move .confirm-yes");
  await waitMoves(page, 3);
});

test("the status line has no full stop before its separator; untimed games show no clocks", { timeout: 60000 }, async () => {
  for (const [lang, expected] of [
    ["zh-CN", "轮到黑方走棋 · 已预走2步"],
    ["zh-TW", /^輪到黑方走棋 · 已預走2步$/],
    ["en", /^Black to move · 2 premove/],
  ]) {
    const g = await createGame({ mode: "friend", color: "white" });
    await joinAsFriend(g);
    const { page, context } = await newPage(browser, { lang });
    await openAsPlayer(page, g, "friend");
    assert.equal(await page.locator(".player .clock:visible").count(), 0, "an untimed game shows no clocks");
    await drag(page, "e2", "e4");
    await waitMoves(page, 1);
    await drag(page, "d2", "d4");
    await drag(page, "g1", "f3");
    await page.waitForFunction(() => document.querySelectorAll(".sq.premove").length === 4);
    const status = await page.textContent(".status");
    if (typeof expected === "string") assert.equal(status, expected);
    else assert.match(status, expected);
    assert.doesNotMatch(status, /[。.] ·/);
    if (lang === "zh-CN") await shot(page, "game-untimed-premoves");
    await context.close();
  }
});
