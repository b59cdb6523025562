// A game between two people in two browser contexts: the link, moves on both boards, a
// premove queue, a draw offered and accepted; then a second game one side resigns.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, shot, drag, waitMoves } from "./lib.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

async function startFriendGame(lang = "zh-CN") {
  const a = await newPage(browser, { lang });
  const b = await newPage(browser, { lang, width: 420, height: 860, mobile: true });
  await a.page.goto(BASE + "/");
  await a.page.check(".new-friend .color-white");
  await a.page.selectOption(".friend-clock", "10+5");
  await a.page.click(".start-friend");
  await a.page.waitForSelector(".join-link");
  const link = await a.page.inputValue(".join-link");
  assert.match(link, /\/join\/[0-9a-f]+\?key=/);
  await b.page.goto(link);
  await b.page.waitForSelector(".board .piece");
  await a.page.waitForFunction(() => !document.querySelector(".join-link"));
  return { a: a.page, b: b.page };
}

test("two browsers play a friend game: moves, premoves, a draw by agreement", { timeout: 120000 }, async () => {
  const { a, b } = await startFriendGame();
  assert.equal(await b.getAttribute(".player.bottom", "data-color"), "black", "the friend's board shows black at the bottom");
  await drag(a, "e2", "e4");
  await waitMoves(b, 1);
  // White queues two premoves while black thinks: d2d4, then g1f3.
  await drag(a, "d2", "d4");
  await drag(a, "g1", "f3");
  await a.waitForFunction(() => document.querySelectorAll(".sq.premove").length === 4);
  await shot(a, "game-friend-premoves");
  await drag(b, "e7", "e5");
  // The first premove is played at once; the second waits for black's next move.
  await waitMoves(b, 3);
  await drag(b, "b8", "c6");
  await waitMoves(a, 5);
  const sans = await a.$$eval("ol.moves button.move", (x) => x.map((m) => m.dataset.san));
  assert.deepEqual(sans, ["e4", "e5", "d4", "Nc6", "Nf3"]);
  // The premoves cost no clock time: white's clock still shows at least 10:00 (10 min + 5 s).
  const state = await (await fetch(`${BASE}/api/games/${a.url().split("/").pop()}`)).json();
  assert.ok(state.clock.white_ms >= 600000, JSON.stringify(state.clock));
  // White offers a draw right after its own move; black accepts.
  await a.click(".controls .offer-draw");
  await b.waitForSelector(".controls .accept-draw");
  await shot(b, "game-friend-draw-offer-phone");
  await b.click(".controls .accept-draw");
  await a.waitForSelector(".result:not([hidden])");
  assert.match(await a.textContent(".result"), /双方同意和棋/);
  // Each browser learns of the end from its own socket: wait for black's page too.
  await b.waitForSelector(".result:not([hidden])");
  assert.match(await b.textContent(".result"), /½-½/);
});

test("a friend game ends by resignation, confirmed", { timeout: 60000 }, async () => {
  const { a, b } = await startFriendGame("en");
  await drag(a, "f2", "f3");
  await waitMoves(b, 1);
  await drag(b, "e7", "e5");
  await waitMoves(a, 2);
  await b.click(".controls .resign");
  // Nothing happens until confirmed; "No" keeps playing.
  await b.click(".controls .resign-no");
  assert.equal(await b.locator(".result:not([hidden])").count(), 0);
  await b.click(".controls .resign");
  await b.click(".controls .resign-yes");
  await a.waitForSelector(".result:not([hidden])");
  assert.match(await a.textContent(".result"), /1-0 · Black resigned, so White wins/);
});
