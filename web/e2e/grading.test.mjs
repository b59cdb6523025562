// The /grading page (issue 19): the ladder's ranks, the Chinese grades, FIDE titles, and the norm
// calculator worked through: the GM example (7/9 against an average of 2433, Rp 2653) is a norm,
// and with eight games it is not (1.4.1 named).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, shot } from "./lib.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const GAMES = [
  [2550, "GM", "IND", "win"], [2520, "GM", "USA", "draw"], [2500, "GM", "GER", "win"],
  [2450, "IM", "IND", "win"], [2420, "IM", "FRA", "draw"], [2400, "FM", "CHN", "win"],
  [2380, "", "CHN", "win"], [2350, "", "CHN", "draw"], [2330, "FM", "ENG", "draw"],
];

test("the grading page explains the grades and checks a GM norm", { timeout: 60000 }, async () => {
  const { page } = await newPage(browser, { lang: "en" });
  await page.goto(BASE + "/grading");
  await page.waitForSelector(".gr-calc");
  // The ladder: 17 ranks, 10 kyu to 7 dan; the FIDE norm table.
  assert.equal(await page.locator(".gr-ranks tbody tr").count(), 17);
  assert.match(await page.locator(".gr-ranks tbody tr").last().textContent(), /7 dan.*2500/);
  assert.match(await page.locator(".gr-norms tbody tr").first().textContent(), /GM.*2600.*2380/);
  assert.match(await page.locator(".gr-china").textContent(), /棋协大师/);
  const rows = page.locator(".gr-game");
  assert.equal(await rows.count(), 9);
  for (let i = 0; i < GAMES.length; i++) {
    const [rating, title, fed, result] = GAMES[i];
    const row = rows.nth(i);
    await row.locator(".gr-rating").fill(String(rating));
    await row.locator(".gr-title").selectOption(title);
    await row.locator(".gr-fed").fill(fed);
    await row.locator(".gr-result").selectOption(result);
  }
  await page.locator(".gr-check").click();
  await page.waitForSelector(".gr-report");
  assert.match(await page.locator(".gr-verdict").textContent(), /A GM norm/);
  assert.match(await page.locator(".gr-report").textContent(), /2433.*78.*220.*2653/);
  await shot(page, "grading-norm-en");
  // Eight games: not a norm, and the article is named.
  await rows.nth(8).locator(".gr-remove").click();
  await page.locator(".gr-check").click();
  await page.waitForSelector(".gr-report.no");
  assert.match(await page.locator(".gr-failures").textContent(), /1\.4\.1.*8.*9/);
});
