// Watching (issue 14 §1): the players see "share to watch" with the /watch/ link; a
// spectator sees a banner that says so, with the number of spectators, and the players'
// names, never "Friend · White"; a declined draw offer is announced to the one who offered.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, shot, createGame, joinAsFriend, openAsPlayer, drag, waitMoves } from "./lib.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test("players share a watch link; spectators see a banner with their number", { timeout: 60000 }, async () => {
  const g = await createGame({ mode: "friend", color: "white", clock: "10+5" });
  const seat = await joinAsFriend(g);
  const a = await newPage(browser, { lang: "zh-CN" });
  await openAsPlayer(a.page, g, "friend");
  // The player's share box: the watch link and a copy button.
  assert.equal(await a.page.inputValue(".share .watch-link"), `${BASE}/watch/${g.id}`);
  assert.equal(await a.page.locator(".share .copy-watch").count(), 1);
  assert.equal(await a.page.locator(".spectator-banner").count(), 0);
  const s1 = await newPage(browser, { lang: "zh-CN" });
  await s1.page.goto(`${BASE}/watch/${g.id}`);
  await s1.page.waitForSelector(".spectator-banner");
  assert.match(await s1.page.textContent(".spectator-banner"), /你正在观战/);
  await s1.page.waitForFunction(() => document.querySelector(".spectator-count")?.textContent === "1人观战");
  // A second spectator: both banners count two.
  const s2 = await newPage(browser, { lang: "en", width: 390, height: 844, mobile: true });
  await s2.page.goto(`${BASE}/watch/${g.id}`);
  await s2.page.waitForFunction(() => document.querySelector(".spectator-count")?.textContent === "2 watching");
  await s1.page.waitForFunction(() => document.querySelector(".spectator-count")?.textContent === "2人观战");
  await shot(s2.page, "game-spectator-phone");
  // The spectator sees the players by name, not "Friend · White".
  const names = await s1.page.$$eval(".player .player-name", (x) => x.map((n) => n.textContent));
  assert.deepEqual(names, ["匿名棋手", "匿名棋手"]);
  assert.doesNotMatch(await s1.page.textContent(".panel"), /朋友/);
  // Moves reach the spectator; they cannot move.
  await drag(a.page, "e2", "e4");
  await waitMoves(s1.page, 1);
  assert.equal(await s1.page.locator(".controls button").count(), 0);
  assert.ok(seat.secret);
  // One spectator leaves: the count goes down.
  await s2.context.close();
  await s1.page.waitForFunction(() => document.querySelector(".spectator-count")?.textContent === "1人观战", null, { timeout: 10000 });
});

test("a declined draw offer is announced to the one who offered", { timeout: 60000 }, async () => {
  const g = await createGame({ mode: "friend", color: "white" });
  const seat = await joinAsFriend(g);
  const a = await newPage(browser, { lang: "zh-CN" });
  const b = await newPage(browser, { lang: "en" });
  await openAsPlayer(a.page, g, "friend");
  await openAsPlayer(b.page, { ...seat, color: "black" }, "friend");
  await drag(a.page, "e2", "e4");
  await waitMoves(b.page, 1);
  await a.page.click(".controls .offer-draw");
  await b.page.waitForSelector(".controls .decline-draw");
  await b.page.click(".controls .decline-draw");
  await a.page.waitForSelector(".notice:not([hidden])");
  assert.equal(await a.page.textContent(".notice"), "黑方拒绝了你的和棋提议。");
  // The one who declined is not told their own refusal.
  assert.equal(await b.page.locator(".notice:not([hidden])").count(), 0);
  await shot(a.page, "game-draw-declined");
  // The next move clears it.
  await drag(b.page, "e7", "e5");
  await a.page.waitForSelector(".notice[hidden]", { state: "attached" });
});
