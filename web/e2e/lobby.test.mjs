// The lobby (issue 19 §3): two signed-in players in two browsers; a seek made with the form
// appears live on the other page and is accepted there, both pages open the game with their
// seats; the quick-pairing buttons pair two players; a visitor without an account sees the
// halls and is asked to sign in.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, shot } from "./lib.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

/** A new browser with a new account signed in (its cookies are the context's). */
async function player(lang, who) {
  const p = await newPage(browser, { lang });
  const name = `${who}${Date.now() % 1e8}`;
  const r = await p.page.request.post(`${BASE}/api/account/signup`, { data: { name, password: "a long enough password" } });
  assert.equal(r.status(), 201, await r.text());
  return { ...p, name };
}

/** Waits until the page is a game page and returns the game's id. */
async function inGame(page) {
  await page.waitForURL(/\/game\/[A-Za-z0-9]+/, { timeout: 20000 });
  await page.waitForSelector(".board .sq");
  return new URL(page.url()).pathname.split("/").pop();
}

test("a seek posted with the form is accepted on another page and both open the game", { timeout: 90000 }, async () => {
  const a = await player("zh-CN", "sa");
  const b = await player("en", "sb");
  await a.page.goto(`${BASE}/lobby/club`);
  await b.page.goto(`${BASE}/lobby/club`);
  await a.page.waitForSelector(".lb-form form");
  await b.page.waitForSelector(".lb-seeks");
  assert.match(await a.page.textContent("h1"), /俱乐部室/);
  await a.page.fill('input[name="seek-minutes"]', "7");
  await a.page.fill('input[name="seek-increment"]', "2");
  await a.page.click('.lb-form button[type="submit"]');
  // Live on the other page, with the seeker's name and the clock.
  const row = b.page.locator(".lb-seeks tr[data-seek]");
  await row.first().waitFor({ timeout: 10000 });
  assert.match(await row.first().textContent(), new RegExp(`${a.name}.*7\\+2`));
  // The seeker's own page offers to withdraw it, not to play it.
  await a.page.locator(".lb-seeks tr[data-seek] button").first().waitFor();
  assert.equal(await a.page.locator(".lb-seeks .lb-accept").count(), 0);
  await shot(b.page, "lobby-seek");
  await b.page.click(".lb-seeks .lb-accept");
  const [ga, gb] = await Promise.all([inGame(a.page), inGame(b.page)]);
  assert.equal(ga, gb);
});

test("two players pressing the same quick-pairing button get one game", { timeout: 90000 }, async () => {
  const a = await player("zh-TW", "qa");
  const b = await player("en", "qb");
  await a.page.goto(`${BASE}/lobby`);
  await b.page.goto(`${BASE}/lobby`);
  await a.page.click('.lb-quick[data-clock="15+10"]');
  await a.page.waitForSelector(".lb-waiting");
  assert.match(await a.page.textContent(".lb-waiting"), /15\+10/);
  await shot(a.page, "lobby-waiting");
  await b.page.click('.lb-quick[data-clock="15+10"]');
  const [ga, gb] = await Promise.all([inGame(a.page), inGame(b.page)]);
  assert.equal(ga, gb);
});

test("a visitor sees the halls and is asked to sign in", { timeout: 60000 }, async () => {
  const v = await newPage(browser, { lang: "en", width: 390, height: 844, mobile: true });
  await v.page.goto(`${BASE}/lobby/masters`);
  await v.page.waitForSelector(".lb-signin");
  assert.equal(await v.page.locator(".lb-rooms li").count(), 6);
  assert.ok(await v.page.locator('.lb-quick[data-clock="3+2"]').isDisabled());
  await shot(v.page, "lobby-visitor-phone");
});
