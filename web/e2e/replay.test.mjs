// Finished games open again (issue 14 §1): as a replay, by a link (anyone) and by reloading
// one's own game, with moves to step through, the result and its reason, the PGN with the
// players named as the page names them, and the opening's name; and the page never loops on
// reconnecting to a finished game's WebSocket.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { BASE, launch, newPage, shot, createGame, openAsPlayer, act, playHotseat, watchPage, waitMoves } from "./lib.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const ITALIAN = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"];

async function finishedItalian() {
  const g = await createGame({ mode: "hotseat" });
  await playHotseat(g, ITALIAN);
  await act(g.id, g.secret, { t: "resign" });
  return g;
}

test("a finished game opens by its link as a replay, for anyone, with no reconnect loop", { timeout: 60000 }, async () => {
  const g = await finishedItalian();
  const { page } = await newPage(browser, { lang: "zh-CN" });
  const seen = watchPage(page);
  await page.goto(`${BASE}/watch/${g.id}`);
  await waitMoves(page, 5);
  await page.waitForSelector(".result:not([hidden])");
  // Black was to move and resigned: 1-0, said in words.
  assert.match(await page.textContent(".result"), /^1-0 · .*认输/);
  // The opening's name in the page's language (catalogue opening.<key>, else its English name).
  assert.match(await page.textContent(".opening-name"), /意大利|Italian/);
  // Step through the moves: the start, then after 1.e4.
  await page.click(".replay .first");
  assert.equal(await page.textContent(".replay .ply"), "0/5");
  assert.equal(await page.getAttribute('.piece[data-square="e2"]', "data-piece"), "whitep");
  await page.click(".replay .next");
  assert.equal(await page.textContent(".replay .ply"), "1/5");
  assert.equal(await page.getAttribute('.piece[data-square="e4"]', "data-piece"), "whitep");
  await page.keyboard.press("End");
  assert.equal(await page.textContent(".replay .ply"), "5/5");
  await shot(page, "game-replay");
  // Six seconds later the page has opened at most one socket and logged no error.
  await page.waitForTimeout(6000);
  assert.ok(seen.sockets <= 1, `the page opened ${seen.sockets} sockets to a finished game`);
  assert.deepEqual(seen.errors, []);
});

test("reloading one's own finished game shows it, with the PGN naming the players as the page does", { timeout: 90000 }, async () => {
  const g = await createGame({ mode: "computer", level: 3, color: "white" });
  const { page } = await newPage(browser, { lang: "en" });
  const seen = watchPage(page);
  await openAsPlayer(page, g, "computer");
  await act(g.id, g.secret, { t: "move", uci: "e2e4" });
  await waitMoves(page, 2);
  await page.click(".controls .resign");
  await page.click(".controls .resign-yes");
  await page.waitForSelector(".result:not([hidden])");
  await page.reload();
  await page.waitForSelector(".result:not([hidden])");
  await waitMoves(page, 2);
  assert.match(await page.textContent(".result"), /^0-1 · White resigned/);
  assert.equal(await page.textContent(".player.bottom .player-name"), "Anonymous");
  assert.equal(await page.textContent(".player.top .player-name"), "Computer (level 3)");
  // The PGN, downloaded, names the players as the page does.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click(".tools .pgn")]);
  const pgn = readFileSync(await download.path(), "utf8");
  assert.match(pgn, /\[White "Anonymous"\]/);
  assert.match(pgn, /\[Black "Computer \(level 3\)"\]/);
  assert.match(pgn, /\[Result "0-1"\]/);
  assert.match(pgn, /^1\. e4 \S+ 0-1$/m);
  // The server's PGN says the same.
  const served = await (await fetch(`${BASE}/api/games/${g.id}/pgn`)).text();
  assert.match(served, /\[White "Anonymous"\]/);
  assert.match(served, /\[Black "Computer \(level 3\)"\]/);
  // After the reload, no socket loop: one socket for the reloaded page, at most.
  const before = seen.sockets;
  await page.waitForTimeout(5000);
  assert.ok(seen.sockets - before <= 0, "no new sockets while the finished game is shown");
  assert.deepEqual(seen.errors.filter((e) => !/favicon/.test(e)), []);
});
