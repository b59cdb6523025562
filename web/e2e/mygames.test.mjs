// The /games page (issue 14 §1): the games this browser played (by their secrets), with the
// opponent named as the game page names them, results from the visitor's side and moves
// counted as moves; and the public "recent games" with both players.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, shot, createGame, joinAsFriend, act, playHotseat } from "./lib.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

/** Stores games' secrets in the browser as if it had played them. */
async function remember(page, games) {
  await page.goto(BASE + "/");
  await page.evaluate((list) => {
    const all = JSON.parse(localStorage.getItem("gx.games") ?? "{}");
    list.forEach((g, i) => (all[g.id] = { id: g.id, secret: g.secret, color: g.color, mode: g.mode, created: Date.now() + i }));
    localStorage.setItem("gx.games", JSON.stringify(all));
  }, games);
}

test("the visitor's own games: names, results from their side, moves as moves", { timeout: 90000 }, async () => {
  // Won: a friend game the visitor (white) wins when black resigns after 1.e4 e5 2.Nf3 (3 plies: 2 moves).
  const won = await createGame({ mode: "friend", color: "white" });
  const other = await joinAsFriend(won);
  await act(won.id, won.secret, { t: "move", uci: "e2e4" });
  await act(won.id, other.secret, { t: "move", uci: "e7e5" });
  await act(won.id, won.secret, { t: "move", uci: "g1f3" });
  await act(won.id, other.secret, { t: "resign" });
  // Lost: the visitor (black) resigns against the computer, level 3.
  const lost = await createGame({ mode: "computer", level: 3, color: "black" });
  await new Promise((r) => setTimeout(r, 300));
  await act(lost.id, lost.secret, { t: "resign" });
  // Drawn: a friend game drawn by agreement, the visitor black.
  const drawn = await createGame({ mode: "friend", color: "white" });
  const mine = await joinAsFriend(drawn);
  await act(drawn.id, drawn.secret, { t: "move", uci: "d2d4" });
  await act(drawn.id, drawn.secret, { t: "offer_draw" });
  await act(drawn.id, mine.secret, { t: "accept_draw" });
  // Someone else's game, not the visitor's: never listed as theirs.
  const foreign = await createGame({ mode: "hotseat" });
  await playHotseat(foreign, ["e2e4"]);

  const { page } = await newPage(browser, { lang: "zh-CN" });
  await remember(page, [
    { ...won, mode: "friend" },
    { ...lost, mode: "computer" },
    { id: drawn.id, secret: mine.secret, color: "black", mode: "friend" },
  ]);
  // The page by its path; the app opens it (the server serves the app for /games too, C1's route).
  await page.evaluate(() => {
    history.pushState(null, "", "/games");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await page.waitForSelector(".my-games .game-row");
  const rows = await page.$$eval(".my-games .game-row", (x) =>
    x.map((r) => ({
      id: r.dataset.id,
      who: r.querySelector(".game-link").textContent,
      result: r.querySelector(".result-for").textContent,
      moves: r.querySelector(".moves-count").textContent,
    })),
  );
  const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
  assert.equal(rows.length, 3, JSON.stringify(rows));
  assert.ok(!byId[foreign.id]);
  assert.deepEqual(byId[won.id], { id: won.id, who: "对手：匿名棋手", result: "胜", moves: "2回合" });
  assert.deepEqual(byId[lost.id], { id: lost.id, who: "对手：电脑（3级）", result: "负", moves: "0回合" });
  assert.deepEqual(byId[drawn.id], { id: drawn.id, who: "对手：匿名棋手", result: "和", moves: "1回合" });
  // Newest first.
  assert.deepEqual(rows.map((r) => r.id), [drawn.id, lost.id, won.id]);
  // Recent games: public, finished only, with both players.
  await page.waitForSelector(".recent-games .game-row");
  const recent = await page.$$eval(".recent-games .game-row", (x) => x.map((r) => [r.dataset.id, r.querySelector(".game-link").textContent]));
  const lostRow = recent.find(([id]) => id === lost.id);
  assert.ok(lostRow, "the finished game is among the recent games");
  assert.equal(lostRow[1], "电脑（3级）对匿名棋手");
  assert.ok(!recent.find(([id]) => id === foreign.id), "a game in play is not listed");
  await shot(page, "games-desktop");
  // A row opens the game as a replay.
  await page.click(`.my-games .game-row[data-id="${won.id}"] .game-link`);
  await page.waitForSelector(".result:not([hidden])");
  assert.match(page.url(), new RegExp(`/game/${won.id}$`));
});
