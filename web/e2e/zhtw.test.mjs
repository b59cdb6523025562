// zh-TW is written for Taiwanese readers: no page shows a simplified-only character. Every
// page is opened in zh-TW (home, settings, games, a computer game in play and finished, a
// spectator's view, a join link, a path that does not exist) and all its text is scanned:
// text nodes, the labels a screen reader reads (aria-label, title, placeholder, alt) and the
// document title. The zh-TW catalogue itself is scanned too.
//
// Which characters are simplified-only is decided by OpenCC (opencc-js, locked in
// package.json): a character is simplified-only when converting it alone from Simplified
// Chinese to Taiwan's Traditional Chinese changes it, unless Taiwan's standard script also
// has it with the meaning we use: the allowlists TAIWAN_KEEPS and TAIWAN_WORDS below. (OpenCC
// cannot tell those apart by itself: its character table converts 后 to 後 and 里 to 裡, and
// the traditional side of its phrase tables also holds rare forms such as 无 and 胜.) Text
// marked with a lang attribute other than zh-TW (the language menu shows 简体中文 in its own
// script) is not zh-TW text and is skipped.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as OpenCC from "opencc-js";
import { BASE, launch, newPage, createGame, clickMove, waitMoves, gameIdOf, secretOf, gameState } from "./lib.mjs";

/** Characters OpenCC converts when they stand alone, which Taiwan's standard script keeps
 *  with the meaning our texts use, wherever they stand:
 *  - 后: the queen (皇后), as TERMINOLOGY.md requires; OpenCC reads it as 後 ("after");
 *  - 采: 風采, and transliterations (扎伊采夫); OpenCC reads it as 採 ("pick");
 *  - 范: the surname and "Van" in names (范吉特開局); OpenCC reads it as 範 ("model").
 *  只 ("only", which zh-TW keeps too) needs no entry: OpenCC 1.4.2 leaves it as it is, and
 *  the first test below checks that it passes. */
const TAIWAN_KEEPS = new Set(["后", "采", "范"]);

/** Words Taiwan writes with a character that elsewhere would be a simplified leak: 里 is
 *  Taiwan's 里 in transliterated names (and 公里), but "inside" is 裡, so 里 is allowed only
 *  in these words. Add a new name here after checking how Taiwan writes it. */
const TAIWAN_WORDS = ["西西里", "波萊里奧", "公里"];

const toTaiwan = OpenCC.Converter({ from: "cn", to: "tw" });
const HAN = /\p{Script=Han}/u;

/** Whether `ch` is a Chinese character that zh-TW text must not use. */
function simplifiedOnly(ch) {
  return HAN.test(ch) && !TAIWAN_KEEPS.has(ch) && toTaiwan(ch) !== ch;
}

/** The simplified-only characters of `text`, each with the form Taiwan writes. */
function leaks(text) {
  const rest = TAIWAN_WORDS.reduce((t, word) => t.replaceAll(word, ""), text);
  return [...new Set([...rest].filter(simplifiedOnly))].map((ch) => `${ch}→${toTaiwan(ch)}`);
}

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test("the simplified-only test knows the two scripts apart", () => {
  for (const ch of ["国", "语", "马", "车", "设", "着", "里", "无", "胜", "么"]) assert.ok(simplifiedOnly(ch), ch);
  for (const ch of ["國", "語", "馬", "車", "設", "后", "只", "著", "裡", "a", "。"]) assert.ok(!simplifiedOnly(ch), ch);
  assert.deepEqual(leaks("这里是西西里防禦"), ["这→這", "里→裡"]);
  assert.deepEqual(leaks("西西里防禦、白方的后"), []);
  // Each allowed character is one OpenCC alone would change.
  for (const ch of TAIWAN_KEEPS) assert.notEqual(toTaiwan(ch), ch, ch);
});

test("the zh-TW catalogue has no simplified-only character", () => {
  const url = new URL("../../crates/i18n/catalogue/zh-TW.json", import.meta.url);
  const catalogue = JSON.parse(readFileSync(url, "utf8"));
  const found = Object.entries(catalogue)
    .map(([key, text]) => [key, leaks(text), text])
    .filter(([, l]) => l.length)
    .map(([key, l, text]) => `${key}: ${l.join(" ")}: ${text}`);
  assert.deepEqual(found, [], "\n" + found.join("\n"));
  assert.ok(Object.keys(catalogue).length > 100);
});

/** Everything a reader sees or hears on the page, with the language it is marked in. */
function pageTexts() {
  const docLang = document.documentElement.lang;
  const langOf = (el) => el.closest("[lang]")?.getAttribute("lang") ?? docLang;
  const where = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      parts.unshift(e.tagName.toLowerCase() + (e.classList.length ? "." + [...e.classList].join(".") : ""));
    }
    return parts.join(" > ");
  };
  const out = [{ text: document.title, lang: docLang, where: "<title>" }];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    const text = n.textContent.trim();
    if (!el || !text || el.closest("script, style, noscript, template")) continue;
    out.push({ text, lang: langOf(el), where: where(el) });
  }
  const attrs = ["aria-label", "aria-description", "title", "placeholder", "alt"];
  for (const el of document.body.querySelectorAll(attrs.map((a) => `[${a}]`).join(", "))) {
    for (const a of attrs) {
      const text = el.getAttribute(a);
      if (text) out.push({ text, lang: langOf(el), where: `${where(el)} [${a}]` });
    }
  }
  for (const el of document.body.querySelectorAll("input[type=button], input[type=submit]")) {
    if (el.value) out.push({ text: el.value, lang: langOf(el), where: where(el) });
  }
  return { app: !!document.getElementById("app"), docLang, texts: out };
}

const isTaiwan = (lang) => /^zh-(TW|Hant)/i.test(lang);

/** Scans what `page` shows now; `name` names it in failures. */
async function scan(page, name, found) {
  const { app, docLang, texts } = await page.evaluate(pageTexts);
  // A page of the app speaks zh-TW; anything else the server answers (say, an error as
  // JSON) has no language of its own and is scanned whole.
  if (app) assert.ok(isTaiwan(docLang), `${name}: the page's language is ${docLang}, not zh-TW`);
  const read = texts.filter((x) => !app || !x.lang || isTaiwan(x.lang));
  const han = read.map((x) => x.text).join("").match(/\p{Script=Han}/gu)?.length ?? 0;
  if (app) assert.ok(han >= 2, `${name}: no Chinese text found to scan`);
  for (const x of read) {
    const l = leaks(x.text);
    if (!l.length) continue;
    // The same leak on many pages (say, in the header) is told once, with its pages.
    const what = `${x.where}: ${l.join(" ")}: ${x.text}`;
    found.set(what, [...(found.get(what) ?? []), `${name} ${new URL(page.url()).pathname}`]);
  }
  return han;
}

async function open(page, path) {
  await page.goto(BASE + path);
  await page.waitForLoadState("networkidle").catch(() => {});
  await page.waitForTimeout(200);
}

test("no page shown in zh-TW has a simplified-only character", { timeout: 180000 }, async (t) => {
  const found = new Map();
  const { page } = await newPage(browser, { lang: "zh-TW" });
  const seen = [];
  const visit = async (name, path) => {
    if (path) await open(page, path);
    seen.push(`${name}: ${await scan(page, name, found)} Chinese characters`);
  };

  for (const [name, path] of [["home", "/"], ["settings", "/settings"], ["games", "/games"], ["not found", "/no-such-page"]]) {
    await visit(name, path);
  }

  // A computer game started from the home page, one move in, the computer's reply shown.
  await open(page, "/");
  await page.click(".start-computer");
  await page.waitForSelector(".board .piece");
  const id = gameIdOf(page);
  const secret = await secretOf(page, id);
  let st = await gameState(id, secret);
  for (let i = 0; i < 60 && st.turn !== st.you; i++) {
    await page.waitForTimeout(500); // the computer, playing White, moves first
    st = await gameState(id, secret);
  }
  const before = st.moves.length;
  await waitMoves(page, before); // the page shows the computer's move too
  await clickMove(page, st.legal[0].slice(0, 2), st.legal[0].slice(2, 4));
  await waitMoves(page, before + 2);
  await visit("computer game in play");
  // The confirmation of a resignation, then the finished game, then that game reopened.
  await page.click(".controls .resign");
  await visit("resign confirmation");
  await page.click(".controls .resign-yes");
  await page.waitForFunction(() => !document.querySelector(".result")?.hidden);
  await visit("computer game finished");
  await visit("finished game reopened", `/game/${id}`);
  await visit("finished game watched", `/watch/${id}`);

  // A friend game: a spectator's view while it waits, and the join link opened by the friend.
  const friend = await createGame({ mode: "friend" });
  await visit("friend game watched", `/watch/${friend.id}`);
  const other = await newPage(browser, { lang: "zh-TW" });
  await open(other.page, friend.join_url);
  await other.page.waitForSelector(".board .piece");
  seen.push(`join link: ${await scan(other.page, "join link", found)} Chinese characters`);
  await visit("join link already used", friend.join_url);
  await other.context.close();

  t.diagnostic(seen.join("; "));
  const report = [...found].map(([what, pages]) => `${what}\n    on ${pages.join(", ")}`);
  assert.ok(report.length === 0, "simplified-only characters in zh-TW:\n" + report.join("\n"));
});
