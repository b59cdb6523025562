// After a game (issue 14 §1): a rematch against the computer starts at once with colours
// swapped; between friends it is an offer the other accepts or declines (shown to both, a
// refusal announced), and both players and a spectator follow to the new game; "new game with
// the same settings" keeps mode, level, clock and colour.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, shot, createGame, joinAsFriend, openAsPlayer, act, gameState, gameIdOf, secretOf } from "./lib.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test("a rematch against the computer starts at once, colours swapped, with the same secret", { timeout: 60000 }, async () => {
  const g = await createGame({ mode: "computer", level: 2, color: "white", clock: "5+3" });
  const { page } = await newPage(browser, { lang: "zh-CN" });
  await openAsPlayer(page, g, "computer");
  await act(g.id, g.secret, { t: "resign" });
  await page.waitForSelector(".after .rematch");
  await shot(page, "game-after");
  await page.click(".after .rematch");
  await page.waitForFunction((old) => !location.pathname.endsWith(old), g.id);
  const next = gameIdOf(page);
  assert.match(page.url(), new RegExp(`/game/${next}$`));
  assert.equal(await secretOf(page, next), g.secret, "the same seat secret under the new id");
  await page.waitForSelector(".board .piece");
  await page.waitForFunction(() => document.querySelector(".player.bottom")?.dataset.color === "black");
  const st = await gameState(next, g.secret);
  assert.equal(st.you, "black");
  assert.equal(st.level, 2);
  assert.equal(st.clock.control.periods[0].time_ms, 300000);
  // The old game now points to the new one.
  assert.equal((await gameState(g.id)).rematch.next, next);
});

test("new game with the same settings keeps mode, level, clock and colour", { timeout: 60000 }, async () => {
  const g = await createGame({ mode: "computer", level: 4, color: "black", clock: "3+2" });
  const { page } = await newPage(browser, { lang: "en" });
  await openAsPlayer(page, g, "computer");
  await act(g.id, g.secret, { t: "resign" });
  await page.click(".after .same-settings");
  await page.waitForFunction((old) => !location.pathname.endsWith(old), g.id);
  const next = gameIdOf(page);
  const st = await gameState(next, await secretOf(page, next));
  assert.equal(st.mode, "computer");
  assert.equal(st.level, 4);
  assert.equal(st.you, "black");
  assert.equal(st.clock.control.periods[0].time_ms, 180000);
  assert.equal(st.clock.control.periods[0].bonus_ms, 2000);
});

test("a friend rematch is an offer: declined, announced; offered again, accepted; everyone follows", { timeout: 90000 }, async () => {
  const g = await createGame({ mode: "friend", color: "white" });
  const seat = await joinAsFriend(g);
  const a = await newPage(browser, { lang: "zh-CN" });
  const b = await newPage(browser, { lang: "en" });
  const w = await newPage(browser, { lang: "zh-TW" });
  await openAsPlayer(a.page, g, "friend");
  await openAsPlayer(b.page, { ...seat, color: "black" }, "friend");
  await w.page.goto(`${BASE}/watch/${g.id}`);
  await w.page.waitForSelector(".spectator-banner");
  await act(g.id, g.secret, { t: "move", uci: "e2e4" });
  await act(g.id, seat.secret, { t: "resign" });
  await a.page.waitForSelector(".after .rematch");
  await a.page.click(".after .rematch");
  // Shown to both: the offerer waits, the other may accept or decline; the spectator sees it.
  await a.page.waitForSelector(".rematch-offer");
  assert.match(await a.page.textContent(".rematch-offer"), /你提议再来一局/);
  await b.page.waitForSelector(".rematch-offer");
  assert.equal(await b.page.textContent(".rematch-offer"), "White offers a rematch.");
  assert.equal(await b.page.textContent(".after .rematch"), "Accept the rematch");
  await w.page.waitForSelector(".rematch-offer");
  await shot(b.page, "game-rematch-offer");
  await b.page.click(".after .decline-rematch");
  await a.page.waitForSelector(".notice:not([hidden])");
  assert.equal(await a.page.textContent(".notice"), "黑方拒绝了再来一局。");
  await b.page.waitForFunction(() => !document.querySelector(".rematch-offer"));
  // Offered again, by Black this time, and accepted by White: all three go to the new game.
  await b.page.click(".after .rematch");
  await a.page.waitForSelector(".after .rematch");
  await a.page.waitForFunction(() => document.querySelector(".after .rematch")?.textContent === "接受再来一局");
  await a.page.click(".after .rematch");
  for (const p of [a.page, b.page, w.page]) await p.waitForFunction((old) => !location.pathname.endsWith(old), g.id);
  const next = gameIdOf(a.page);
  assert.equal(gameIdOf(b.page), next);
  assert.match(w.page.url(), new RegExp(`/watch/${next}$`));
  assert.equal(await secretOf(a.page, next), g.secret);
  assert.equal(await secretOf(b.page, next), seat.secret);
  // Colours swapped, and the game starts joined.
  await a.page.waitForFunction(() => document.querySelector(".player.bottom")?.dataset.color === "black");
  await b.page.waitForFunction(() => document.querySelector(".player.bottom")?.dataset.color === "white");
  const st = await gameState(next, seat.secret);
  assert.equal(st.you, "white");
  assert.equal(st.status, "active");
});
