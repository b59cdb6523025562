// Language, piece style and board theme switch at any time and are remembered; the
// screenshots of the home page and of a game in progress in each piece style, at phone
// and desktop widths, go to target/screenshots/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, shot, drag, waitMoves } from "./lib.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

test("the language follows the browser and switches at any time", { timeout: 60000 }, async () => {
  const zh = await newPage(browser, { lang: "zh-CN" });
  await zh.page.goto(BASE + "/");
  assert.equal(await zh.page.textContent(".new-computer h2"), "人机对弈");
  assert.equal(await zh.page.getAttribute("html", "lang"), "zh-CN");
  const tw = await newPage(browser, { lang: "zh-TW" });
  await tw.page.goto(BASE + "/");
  assert.equal(await tw.page.textContent(".new-computer h2"), "與電腦對弈");
  const en = await newPage(browser, { lang: "en-US" });
  await en.page.goto(BASE + "/");
  assert.equal(await en.page.textContent(".new-computer h2"), "Play the computer");
  // Switch the English page to 繁體中文, then 简体中文, in a running game too.
  await en.page.click(".start-hotseat");
  await en.page.waitForSelector(".board .piece");
  assert.equal(await en.page.textContent(".tools .flip"), "Flip board");
  // The page switches once that language's catalogue has come (html's lang changes then).
  await en.page.selectOption("select.lang", "zh-TW");
  await en.page.waitForSelector('html[lang="zh-TW"]', { state: "attached" });
  assert.equal(await en.page.textContent(".tools .flip"), "翻轉棋盤");
  await en.page.selectOption("select.lang", "zh-CN");
  await en.page.waitForSelector('html[lang="zh-CN"]', { state: "attached" });
  assert.equal(await en.page.textContent(".tools .flip"), "翻转棋盘");
  await en.page.reload();
  await en.page.waitForSelector(".board .piece");
  assert.equal(await en.page.textContent(".tools .flip"), "翻转棋盘", "the choice is remembered");
  // Notation: Chinese piece names in the move list.
  await drag(en.page, "g1", "f3");
  await waitMoves(en.page, 1);
  await en.page.selectOption("select.notation", "chinese");
  assert.equal(await en.page.textContent("ol.moves button.move"), "马f3");
  await en.page.selectOption("select.notation", "figurines");
  assert.equal(await en.page.textContent("ol.moves button.move"), "♘f3");
});

test("piece styles and board themes switch and are remembered; screenshots", { timeout: 120000 }, async () => {
  for (const [width, height, tag, mobile] of [[1280, 860, "desktop", false], [390, 844, "phone", true]]) {
    const { page } = await newPage(browser, { lang: "zh-CN", width, height, mobile });
    await page.goto(BASE + "/");
    await shot(page, `home-${tag}`);
    await page.click(".start-hotseat");
    await page.waitForSelector(".board .piece");
    for (const [a, b] of [["e2", "e4"], ["c7", "c5"], ["g1", "f3"], ["d7", "d6"], ["d2", "d4"], ["c5", "d4"]]) {
      const n = await page.locator("ol.moves button.move").count();
      await drag(page, a, b);
      await waitMoves(page, n + 1);
    }
    // A replayed position's FEN, with castling rights, move counters and no en-passant
    // square where no pawn could take.
    await page.click(".replay .first");
    await page.click(".replay .next");
    assert.equal(await page.inputValue("input.fen"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    await page.click(".replay .last");
    await page.click(".replay .prev");
    assert.equal(await page.inputValue("input.fen"), "rnbqkbnr/pp2pppp/3p4/2p5/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 0 3");
    await page.click(".replay .last");
    const images = new Set();
    // On a phone the settings are folded behind one button.
    if (mobile) assert.equal(await page.isVisible("select.piece-style"), false);
    for (const [style, theme] of [["flat", "wood"], ["relief", "jade"], ["cartoon", "ocean"]]) {
      if (mobile) await page.click(".settings-toggle");
      await page.selectOption("select.piece-style", style);
      await page.selectOption("select.board-theme", theme);
      if (mobile) await page.click(".settings-toggle");
      assert.ok(await page.evaluate((s) => document.body.classList.contains("pieces-" + s), style));
      images.add(await page.$eval('.piece[data-square="e4"]', (el) => getComputedStyle(el).backgroundImage.slice(0, 200) + getComputedStyle(el).backgroundImage.length));
      await page.waitForTimeout(250);
      await shot(page, `game-${style}-${theme}-${tag}`);
    }
    assert.equal(images.size, 3, "each style draws the pieces differently");
    await page.reload();
    await page.waitForSelector(".board .piece");
    assert.ok(await page.evaluate(() => document.body.classList.contains("pieces-cartoon") && document.body.classList.contains("board-ocean")));
    // The board fits the screen.
    const box = await page.locator(".board").boundingBox();
    assert.ok(box.width <= width && box.width > Math.min(width, height) * 0.5, JSON.stringify(box));
  }
});

test("an unknown game says so", { timeout: 30000 }, async () => {
  const { page } = await newPage(browser, { lang: "en" });
  await page.goto(BASE + "/game/0000deadbeef");
  await page.waitForSelector("p.error");
  assert.equal(await page.textContent("p.error"), "There is no such game.");
});

test("the text view describes the position for screen readers", { timeout: 30000 }, async () => {
  const { page } = await newPage(browser, { lang: "en" });
  await page.goto(BASE + "/");
  await page.click(".start-hotseat");
  await page.waitForSelector(".board .piece");
  await drag(page, "e2", "e4");
  await waitMoves(page, 1);
  assert.match(await page.textContent(".text-view .tv-white"), /king e1, queen d1, .*pawn e4/);
  assert.match(await page.textContent(".text-view .tv-moves"), /Moves: e4/);
  assert.equal(await page.getAttribute('.sq[data-square="e4"]', "aria-label"), "e4, White pawn");
  // Every control can be reached with the keyboard: tab through and collect them.
  const reached = new Set();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    reached.add(await page.evaluate(() => document.activeElement?.className || document.activeElement?.tagName));
  }
  for (const cls of ["flip", "copy-fen", "typed-move"]) assert.ok([...reached].some((c) => c.includes(cls)), `${cls} not reached: ${[...reached]}`);
  assert.ok([...reached].some((c) => c.includes("sq")), "the board is reached");
});
