// The app shell (issue 14 §2): the navigation bar, client-side routing with real URLs (reload,
// back and forward), the home page's quick starts and board, settings remembered (the
// /settings page, the forms' last settings), the dark theme, the service worker (a second
// visit served from its cache, the app opening offline with a banner), the not-found page in
// each language with a link home; and screenshots of every page at 1280×800 and 390×844 in
// light and dark into target/screenshots/app-*.png.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { BASE, launch, newPage, shot, drag, waitMoves } from "./lib.mjs";

const CAT = Object.fromEntries(
  ["en", "zh-CN", "zh-TW"].map((l) => [l, JSON.parse(readFileSync(new URL(`../../crates/i18n/catalogue/${l}.json`, import.meta.url), "utf8"))]),
);

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const path = (page) => new URL(page.url()).pathname;

test("the navigation bar leads to every page; reload, back and forward land on the same page", { timeout: 60000 }, async () => {
  const { page } = await newPage(browser, { lang: "en" });
  await page.goto(BASE + "/");
  await page.waitForSelector(".start-computer");
  assert.equal(await page.getAttribute(".main-nav .nav-play", "aria-current"), "page");
  // Entries whose pages do not exist yet are not shown.
  assert.deepEqual(await page.$$eval(".main-nav a", (as) => as.map((a) => a.getAttribute("href"))), ["/", "/games", "/learn", "/learn/openings", "/learn/endgames", "/puzzles", "/analysis", "/lobby", "/tournaments"]);
  await page.click(".main-nav .nav-games");
  await page.waitForSelector("main.games-page");
  assert.equal(path(page), "/games");
  assert.equal(await page.getAttribute(".main-nav .nav-games", "aria-current"), "page");
  assert.equal(await page.getAttribute(".main-nav .nav-play", "aria-current"), null);
  await page.click(".all-settings");
  await page.waitForSelector("main.settings-page");
  assert.equal(path(page), "/settings");
  await page.goBack();
  await page.waitForSelector("main.games-page");
  await page.goBack();
  await page.waitForSelector(".start-computer");
  assert.equal(path(page), "/");
  await page.goForward();
  await page.waitForSelector("main.games-page");
  await page.reload();
  await page.waitForSelector("main.games-page");
  // A game: its URL is real; back returns home, forward and reload return to the game.
  await page.click(".main-nav .nav-play");
  await page.click(".start-hotseat");
  await page.waitForSelector(".board .piece");
  const game = path(page);
  assert.match(game, /^\/game\/[0-9a-zA-Z]+$/);
  await drag(page, "e2", "e4");
  await waitMoves(page, 1);
  await page.goBack();
  await page.waitForSelector(".start-computer");
  await page.goForward();
  await page.waitForSelector(".board .piece");
  assert.equal(path(page), game);
  await page.reload();
  await waitMoves(page, 1);
  // Every page is reachable by its URL directly.
  for (const [p, sel] of [["/settings", "main.settings-page"], ["/games", "main.games-page"], ["/", ".start-computer"]]) {
    const r = await page.goto(BASE + p);
    assert.equal(r.status(), 200, p);
    await page.waitForSelector(sel);
  }
});

test("home: a board in the middle, the main action first, continue where you left off", { timeout: 60000 }, async () => {
  const { page } = await newPage(browser, { lang: "zh-CN" });
  await page.goto(BASE + "/");
  await page.waitForSelector(".hero .mini-board");
  // The position of the day is chosen by the date, the same all day for everyone.
  const keys = ["opera", "immortal", "reti", "saavedra", "lucena"];
  const expected = keys[Math.floor(Date.now() / 86_400_000) % keys.length];
  assert.equal(await page.getAttribute(".hero", "data-daily"), expected);
  assert.equal(await page.textContent(".hero .caption"), CAT["zh-CN"]["ui.home.daily." + expected]);
  assert.equal(await page.locator(".hero .mb-sq").count(), 64);
  assert.ok((await page.locator(".hero .piece").count()) >= 3);
  // Hierarchy: one primary action (play the computer), the others secondary.
  assert.ok(await page.$eval(".start-computer", (b) => b.classList.contains("primary")));
  for (const s of [".start-friend", ".start-hotseat"]) assert.ok(await page.$eval(s, (b) => b.classList.contains("secondary") && !b.classList.contains("primary")), s);
  assert.equal(await page.locator("button.primary:visible").count(), 1);
  // The learning pages there are (the endgame trainer) are linked from home.
  assert.deepEqual(await page.$$eval(".learn a", (as) => as.map((a) => [a.getAttribute("href"), a.textContent])), [
    ["/learn", CAT["zh-CN"]["ui.nav.learn"]],
    ["/learn/openings", CAT["zh-CN"]["ui.nav.openings"]],
    ["/learn/endgames", CAT["zh-CN"]["ui.nav.endgames"]],
    ["/puzzles", CAT["zh-CN"]["ui.nav.puzzles"]],
  ]);
  assert.equal(await page.textContent(".continue .empty"), CAT["zh-CN"]["ui.none"]);
  // A game in progress takes the board's place, with a way back into it.
  await page.click(".start-hotseat");
  await page.waitForSelector(".board .piece");
  const id = path(page).split("/").pop();
  await drag(page, "d2", "d4");
  await waitMoves(page, 1);
  await page.click(".logo");
  await page.waitForSelector(`.hero[data-game="${id}"]`);
  assert.equal(await page.locator('.hero .mb-sq:nth-child(36) .piece.white.p').count(), 1, "d4 holds the pawn just played");
  assert.match(await page.textContent(`.continue a[href="/game/${id}"]`), /第1回合/);
  await page.click(".continue-game");
  await waitMoves(page, 1);
  assert.equal(path(page), "/game/" + id);
});

test("settings are remembered: the forms' last choices, the settings page, move confirmation off by default", { timeout: 60000 }, async () => {
  const { page } = await newPage(browser, { lang: "en" });
  await page.goto(BASE + "/");
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem("gx.settings") ?? "{}").confirmMove ?? false), false);
  await page.selectOption(".level", "5");
  await page.check(".new-computer .color-black");
  await page.selectOption(".computer-clock", "10+5");
  await page.click(".start-computer");
  await page.waitForSelector(".board .piece");
  await page.goto(BASE + "/");
  await page.waitForSelector(".start-computer");
  assert.equal(await page.inputValue(".level"), "5");
  assert.ok(await page.isChecked(".new-computer .color-black"));
  assert.equal(await page.inputValue(".computer-clock"), "10+5");
  // The other forms keep their own defaults.
  assert.equal(await page.inputValue(".friend-clock"), "5+0");
  assert.ok(await page.isChecked(".new-friend .color-random"));
  // The settings page: every setting, move confirmation among them.
  await page.goto(BASE + "/settings");
  assert.equal(await page.isChecked(".settings-page input.confirm-move"), false);
  await page.check(".settings-page input.confirm-move");
  await page.selectOption(".settings-page select.notation", "chinese");
  await page.uncheck(".settings-page input.coordinates");
  await page.reload();
  await page.waitForSelector("main.settings-page");
  assert.ok(await page.isChecked(".settings-page input.confirm-move"));
  assert.equal(await page.inputValue(".settings-page select.notation"), "chinese");
  assert.equal(await page.isChecked(".settings-page input.coordinates"), false);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("gx.settings")));
  assert.equal(saved.confirmMove, true);
  // The language label and the language names are each in their own script.
  for (const [lang, label, logo] of [["zh-CN", "语言", "国象"], ["zh-TW", "語言", "西洋棋"], ["en", "Language", "guoxiang"]]) {
    await page.selectOption(".settings-page select.lang", lang);
    // The page switches once that language's catalogue has come (html's lang changes then).
    await page.waitForSelector(`html[lang="${lang}"]`, { state: "attached" });
    assert.equal((await page.textContent(".settings-page .setting:has(select.lang) > span")).trim(), label);
    assert.equal(await page.evaluate(() => document.querySelector(".logo").firstChild.textContent), logo);
  }
  assert.deepEqual(await page.$$eval(".settings-page select.lang option", (os) => os.map((o) => o.textContent)), ["简体中文", "繁體中文", "English"]);
});

test("the dark theme switches, is remembered, and keeps the board's colours", { timeout: 60000 }, async () => {
  const { page } = await newPage(browser, { lang: "en" });
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(BASE + "/");
  await page.waitForSelector(".hero .mini-board");
  const colours = () =>
    page.evaluate(() => ({
      bg: getComputedStyle(document.body).backgroundColor,
      light: getComputedStyle(document.querySelector(".mb-sq.light")).backgroundColor,
      dark: getComputedStyle(document.querySelector(".mb-sq.dark")).backgroundColor,
    }));
  const light = await colours();
  assert.equal(await page.getAttribute("html", "data-theme"), "light");
  await page.selectOption("header select.theme", "dark");
  assert.equal(await page.getAttribute("html", "data-theme"), "dark");
  const dark = await colours();
  const lum = (c) => c.match(/\d+/g).slice(0, 3).reduce((a, b) => a + Number(b), 0) / 3;
  assert.ok(lum(dark.bg) < 60 && lum(light.bg) > 200, JSON.stringify({ light, dark }));
  assert.deepEqual([dark.light, dark.dark], [light.light, light.dark], "the squares keep their colours");
  await page.reload();
  await page.waitForSelector(".hero .mini-board");
  assert.equal(await page.getAttribute("html", "data-theme"), "dark", "remembered");
  // "Auto" follows the system.
  await page.selectOption("header select.theme", "auto");
  assert.equal(await page.getAttribute("html", "data-theme"), "light");
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
});

test("the service worker serves a second visit from its cache; offline, the app opens and says so", { timeout: 60000 }, async () => {
  const { page, context } = await newPage(browser, { lang: "zh-TW" });
  await page.goto(BASE + "/");
  await page.waitForSelector(".start-computer");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r, { once: true }));
  });
  assert.equal(await page.isVisible(".offline-banner"), false);
  // Second visit: the script and style sheet come from the worker's cache.
  const fromWorker = {};
  page.on("response", (r) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith("/assets/")) fromWorker[p] = r.fromServiceWorker();
  });
  await page.goto(BASE + "/settings");
  await page.waitForSelector("main.settings-page");
  assert.deepEqual(fromWorker, { "/assets/app.js": true, "/assets/app.css": true, "/assets/i18n-zh-TW.json": true });
  // Offline: the page still opens (any route), and a banner says the server cannot be reached.
  await context.setOffline(true);
  await page.goto(BASE + "/games");
  await page.waitForSelector("main.games-page");
  await page.waitForSelector(".offline-banner:visible");
  assert.match(await page.textContent(".offline-banner"), new RegExp(CAT["zh-TW"]["ui.app.offline"].slice(0, 8)));
  // Another language, never fetched by this page, also comes from the worker's cache.
  await page.goto(BASE + "/settings");
  await page.selectOption("main.settings-page select.lang", "en");
  await page.waitForSelector('html[lang="en"]', { state: "attached" });
  assert.equal(await page.textContent("main.settings-page h1"), CAT.en["ui.settings"]);
  await context.setOffline(false);
  await page.waitForSelector(".offline-banner", { state: "hidden", timeout: 15000 });
});

test("a server that stops answering shows the banner", { timeout: 30000 }, async () => {
  const { page } = await newPage(browser, { lang: "en" });
  await page.route("**/api/health", (r) => r.abort());
  await page.goto(BASE + "/");
  await page.waitForSelector(".offline-banner:visible");
  assert.match(await page.textContent(".offline-banner"), /server cannot be reached/);
  await page.unroute("**/api/health");
  await page.waitForSelector(".offline-banner", { state: "hidden", timeout: 15000 });
});

test("an unknown path: status 404 and a page saying so in the reader's language, with a link home; /api keeps JSON", { timeout: 60000 }, async () => {
  for (const lang of ["zh-CN", "zh-TW", "en"]) {
    const { page } = await newPage(browser, { lang });
    const r = await page.goto(BASE + "/no-such-page");
    assert.equal(r.status(), 404);
    await page.waitForSelector("main.not-found h1");
    assert.equal(await page.textContent("main.not-found h1"), CAT[lang]["ui.app.not_found.title"]);
    assert.equal(await page.textContent("main.not-found .home-link"), CAT[lang]["ui.app.go_home"]);
    await page.click("main.not-found .home-link");
    await page.waitForSelector(".start-computer");
    assert.equal(path(page), "/");
    // A wrong path inside the app (a link the router does not know) says so too.
    await page.evaluate(() => {
      history.pushState(null, "", "/nothing/here");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.waitForSelector("main.not-found");
    await page.goBack();
    await page.waitForSelector(".start-computer");
  }
  const api = await fetch(BASE + "/api/nothing");
  assert.equal(api.status, 404);
  assert.equal((await api.json()).error, "not_found");
  const sw = await fetch(BASE + "/sw.js");
  assert.equal(sw.headers.get("cache-control"), "no-cache");
  assert.match(sw.headers.get("content-type"), /javascript/);
  assert.equal((await (await fetch(BASE + "/manifest.webmanifest")).json()).start_url, "/");
});

test("the whole app, gzipped, weighs at most 1.5 times the 31 KB of the page before the shell", { timeout: 30000 }, async () => {
  // Everything the page loads before it is usable: the page, its script and style sheet, and
  // the one catalogue of its language (the heaviest, zh-TW, and the one a zh-CN reader gets).
  for (const lang of ["zh-TW", "zh-CN"]) {
    const { page, context } = await newPage(browser, { lang });
    const sizes = {};
    const pending = [];
    page.on("response", (r) => {
      const p = new URL(r.url()).pathname;
      if (p.startsWith("/assets/") || p === "/") pending.push(r.allHeaders().then((h) => (sizes[p] = Number(h["content-length"] ?? 0))));
    });
    await page.goto(BASE + "/", { waitUntil: "load" });
    await page.waitForSelector(".start-computer");
    await Promise.all(pending);
    assert.deepEqual(Object.keys(sizes).sort(), ["/", "/assets/app.css", "/assets/app.js", `/assets/i18n-${lang}.json`], "only its own language's catalogue");
    const total = Object.values(sizes).reduce((a, b) => a + b, 0);
    console.log(`app weight (${lang}): ${total} B gzipped (${JSON.stringify(sizes)})`);
    assert.ok(total > 10_000 && total <= 1.5 * 31_000, String(total));
    await context.close();
  }
});

test("screenshots of every page, desktop and phone, light and dark", { timeout: 180000 }, async () => {
  for (const [width, height, tag, mobile] of [[1280, 800, "desktop", false], [390, 844, "phone", true]]) {
    for (const theme of ["light", "dark"]) {
      const { page, context } = await newPage(browser, { lang: "zh-CN", width, height, mobile });
      await page.goto(BASE + "/");
      await page.evaluate((th) => localStorage.setItem("gx.settings", JSON.stringify({ theme: th })), theme);
      await page.goto(BASE + "/");
      await page.waitForSelector(".hero .mini-board");
      await shot(page, `app-home-${tag}-${theme}`);
      await page.goto(BASE + "/settings");
      await page.waitForSelector("main.settings-page");
      await shot(page, `app-settings-${tag}-${theme}`);
      await page.goto(BASE + "/no-such-page");
      await page.waitForSelector("main.not-found");
      await shot(page, `app-not-found-${tag}-${theme}`);
      await page.goto(BASE + "/");
      await page.click(".start-hotseat");
      await page.waitForSelector(".board .piece");
      for (const [a, b] of [["e2", "e4"], ["e7", "e5"], ["g1", "f3"]]) {
        const n = await page.locator("ol.moves button.move").count();
        await drag(page, a, b);
        await waitMoves(page, n + 1);
      }
      await shot(page, `app-game-${tag}-${theme}`);
      await page.goto(BASE + "/");
      await page.waitForSelector(".hero[data-game]");
      await shot(page, `app-home-playing-${tag}-${theme}`);
      await page.goto(BASE + "/games");
      await page.waitForSelector("main.games-page");
      await page.waitForTimeout(500);
      await shot(page, `app-games-${tag}-${theme}`);
      await context.close();
    }
  }
});
