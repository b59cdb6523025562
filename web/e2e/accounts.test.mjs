// Accounts in a browser: an anonymous visitor sees a "sign in" link and no request about
// accounts; sign-up signs in and the header shows the name; a board theme chosen while signed
// in is kept in the account; after signing out, a fresh browser that signs in gets it back; a
// wrong password is refused in the page's language.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, shot } from "./lib.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const name = "e2e_" + Date.now().toString(36);
const password = "一个足够长的密码 long";

test("sign up, keep a setting in the account, sign out, sign in elsewhere and get it back", { timeout: 120000 }, async () => {
  const first = await newPage(browser, { lang: "zh-CN" });
  const asked = [];
  first.page.on("request", (r) => {
    if (r.url().includes("/api/account")) asked.push(r.url());
  });
  await first.page.goto(BASE + "/");
  await first.page.waitForSelector("header .account-link");
  assert.equal(await first.page.textContent("header .account-link"), "登录");
  assert.deepEqual(asked, [], "an anonymous visitor asks nothing about accounts");

  await first.page.click("header .account-link");
  await first.page.waitForSelector(".acc-login .acc-to-signup");
  await first.page.click(".acc-to-signup");
  await first.page.waitForSelector(".acc-signup .acc-name");
  await first.page.fill(".acc-name", name);
  await first.page.fill(".acc-password", password);
  await first.page.fill(".acc-password-again", password + "x");
  await first.page.click(".acc-submit");
  await first.page.waitForFunction(() => document.querySelector(".acc-error")?.textContent === "两次输入的密码不一致。");
  await first.page.fill(".acc-password-again", password);
  await first.page.click(".acc-submit");
  await first.page.waitForURL(BASE + "/account");
  await first.page.waitForFunction((n) => document.querySelector("header .account-link")?.textContent === n, name);
  await first.page.waitForSelector(".acc-account .acc-logout");
  await shot(first.page, "account-zh-CN");
  // The session cookie is out of the page's reach; the CSRF cookie is readable.
  const cookies = await first.page.evaluate(() => document.cookie);
  assert.ok(cookies.includes("gx_csrf=") && !cookies.includes("gx_session="), cookies);

  // A board theme chosen now is kept in the account.
  await first.page.selectOption("select.board-theme", "jade");
  const prefs = () => first.page.evaluate(() => fetch("/api/account").then((r) => r.json())).then((me) => me.prefs);
  for (let i = 0; (await prefs()).board !== "jade"; i++) {
    assert.ok(i < 40, "the board theme reaches the account");
    await first.page.waitForTimeout(500);
  }
  // A change made just before signing out is sent first.
  await first.page.selectOption("select.piece-style", "relief");
  await first.page.click(".acc-logout");
  await first.page.waitForFunction(() => document.querySelector("header .account-link")?.textContent === "登录");
  assert.equal((await first.page.evaluate(() => fetch("/api/account").then((r) => r.status))), 401);

  // Another browser (nothing in its storage): a wrong password, then the right one.
  const second = await newPage(browser, { lang: "en-US" });
  await second.page.goto(BASE + "/login");
  await second.page.waitForSelector(".acc-login .acc-name");
  assert.equal(await second.page.evaluate(() => document.body.classList.contains("board-jade")), false);
  await second.page.fill(".acc-name", name.toUpperCase());
  await second.page.fill(".acc-password", "not the password");
  await second.page.click(".acc-submit");
  await second.page.waitForFunction(() => document.querySelector(".acc-error")?.textContent === "Wrong user name or password.");
  await second.page.fill(".acc-password", password);
  await second.page.click(".acc-submit");
  await second.page.waitForFunction((n) => document.querySelector("header .account-link")?.textContent === n, name);
  await second.page.waitForFunction(() => document.body.classList.contains("board-jade"), null, { timeout: 20000 });
  assert.ok(await second.page.evaluate(() => document.body.classList.contains("pieces-relief")), "the last change came too");
  await second.page.goto(BASE + "/account");
  await second.page.waitForSelector(".acc-account .acc-prefs");
  await shot(second.page, "account-en");
});
