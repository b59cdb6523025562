// The opening trainer and the explorer (issue 16 §3): the ten openings listed with their names
// in every language; an opening and a side picked, a whole line played from memory against the
// computer's book moves; a wrong move shown, then the book move with its note; the repetition
// schedule kept in the browser (after a reload, with "due" ordering checked by a stored state
// and the browser's clock moved on); the explorer showing the moves and results of games
// finished on this server, with back and forward and the opening's name as it is reached; the
// game page naming the opening move by move; screenshots at desktop and phone widths.
// The test reads the repertoire from the server (GET /api/openings/repertoire) to know the
// book; the pages are played through the board only, like a person would.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { BASE, launch, newPage, shot, drag, clickMove, createGame, openAsPlayer, playHotseat, act, joinAsFriend } from "./lib.mjs";

/** The ten openings of the trainer, in the contract's order (contract16.md §4). */
const KEYS = [
  "italian_game", "ruy_lopez", "scotch_game", "petrov_defence", "scandinavian_defence",
  "sicilian_defence", "french_defence", "hungarian_defence", "dutch_defence", "english_opening",
];
const LANGS = ["zh-CN", "zh-TW", "en"];
const DAY = 24 * 3600 * 1000;

const catalogues = {};
function msg(lang, key, args = {}) {
  catalogues[lang] ??= JSON.parse(readFileSync(new URL(`../../crates/i18n/catalogue/${lang}.json`, import.meta.url), "utf8"));
  const text = catalogues[lang][key];
  assert.ok(text !== undefined, `no message ${key} in ${lang}`);
  return text.replace(/\{([a-z_0-9]+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}

let browser;
let openings;
before(async () => {
  browser = await launch();
  const r = await fetch(BASE + "/api/openings/repertoire");
  assert.equal(r.status, 200, "GET /api/openings/repertoire");
  openings = (await r.json()).openings;
});
after(async () => browser?.close());

const repOf = (key) => openings.find((o) => o.key === key);
/** Whether the moves `line` (UCI) begin with `played`. */
const startsWith = (line, played) => played.every((u, i) => line[i] === u);

async function trainer(page) {
  return page.evaluate(() => {
    const r = document.querySelector(".op-train");
    return {
      phase: r?.dataset.phase ?? null,
      moves: r?.dataset.moves ? r.dataset.moves.split(" ") : [],
      line: r?.dataset.line ? r.dataset.line.split(" ") : [],
      fen: r?.dataset.fen ?? null,
      mistakes: Number(r?.dataset.mistakes ?? -1),
    };
  });
}

/** Waits until the learner may move or the line is over, with more than `ply` moves played. */
async function settled(page, ply) {
  await page.waitForFunction(
    (n) => {
      const r = document.querySelector(".op-train");
      const moves = r?.dataset.moves ? r.dataset.moves.split(" ").length : 0;
      return moves > n && (r.dataset.phase === "learner" || r.dataset.phase === "done");
    },
    ply,
    { timeout: 15000 },
  );
}

/** Plays the book move of the line the trainer leads toward (the first line through the moves
 *  so far when the computer left it), alternating clicks and drags; returns when the computer
 *  has answered or the line is over. */
async function playBook(page, rep, i) {
  const s = await trainer(page);
  const line = startsWith(s.line, s.moves) ? s.line : rep.lines.find((l) => startsWith(l.uci, s.moves)).uci;
  const uci = line[s.moves.length];
  if (i % 2 === 0) await clickMove(page, uci.slice(0, 2), uci.slice(2, 4));
  else await drag(page, uci.slice(0, 2), uci.slice(2, 4));
  await settled(page, s.moves.length);
  return uci;
}

async function playToEnd(page, rep) {
  let i = 0;
  for (;;) {
    const s = await trainer(page);
    if (s.phase === "done") return s;
    assert.equal(s.phase, "learner");
    await playBook(page, rep, i++);
  }
}

async function stored(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem("gx.openings.v1") ?? "null"));
}

const cardKey = (key, colour, line) => `${key}/${colour}/${line.uci.join(" ")}`;

test("the ten openings are listed in every language, with their ECO, ideas and both sides", async () => {
  assert.deepEqual(openings.map((o) => o.key), KEYS);
  for (const lang of LANGS) {
    const { context, page } = await newPage(browser, { lang });
    await page.goto(BASE + "/learn/openings");
    await page.waitForSelector(".op-item");
    const items = await page.$$eval(".op-item", (els) =>
      els.map((e) => ({
        key: e.dataset.key,
        name: e.querySelector(".op-name").textContent,
        eco: e.querySelector(".op-eco").textContent,
        ideas: e.querySelector(".op-ideas").textContent,
        sides: [...e.querySelectorAll(".op-side")].map((a) => a.getAttribute("href")),
      })),
    );
    assert.deepEqual(items.map((x) => x.key), KEYS);
    for (const x of items) {
      const rep = repOf(x.key);
      assert.equal(x.name, rep.name[lang], `${x.key} in ${lang}`);
      assert.equal(x.eco, rep.eco);
      assert.equal(x.ideas, rep.ideas[lang]);
      const other = rep.colour === "white" ? "black" : "white";
      assert.deepEqual(x.sides, [`/learn/openings/${x.key}?colour=${rep.colour}`, `/learn/openings/${x.key}?colour=${other}`]);
    }
    assert.equal(await page.textContent(".op-page h1"), msg(lang, "ui.op.title"));
    if (lang === "zh-CN") await shot(page, "openings-list-desktop");
    await context.close();
  }
  // The Chinese names are the catalogue's, the ones the game page shows.
  for (const o of openings) {
    assert.equal(o.name["zh-CN"], msg("zh-CN", "opening." + o.key));
    assert.equal(o.name["zh-TW"], msg("zh-TW", "opening." + o.key));
  }
});

test("an opening and a side are picked, and a whole line is played from memory", async () => {
  const rep = repOf("italian_game");
  const { context, page } = await newPage(browser, { lang: "zh-CN" });
  await page.goto(BASE + "/learn/openings");
  await page.click('.op-item[data-key="italian_game"] .op-side[data-colour="white"]');
  await page.waitForSelector('.op-train[data-phase="learner"]');
  assert.equal(new URL(page.url()).pathname, "/learn/openings/italian_game");
  const first = await trainer(page);
  assert.ok(rep.lines.some((l) => l.uci.join(" ") === first.line.join(" ")), "the trainer leads toward a line of the repertoire");
  await shot(page, "openings-trainer-desktop");
  const end = await playToEnd(page, rep);
  const line = rep.lines.find((l) => l.uci.join(" ") === end.moves.join(" "));
  assert.ok(line, `the moves played are a whole line: ${end.moves.join(" ")}`);
  assert.equal(end.mistakes, 0);
  assert.equal(await page.getAttribute(".op-result", "data-mistakes"), "0");
  assert.match(await page.textContent(".op-done"), new RegExp(msg("zh-CN", "ui.op.done")));
  // The moves list shows the line's SAN, move by move.
  assert.equal(await page.$$eval(".op-moves .op-ply", (els) => els.length), line.uci.length);
  // Clean run: box 1, due in a day; the page's tally says one line known.
  const card = (await stored(page)).cards[cardKey("italian_game", "white", line)];
  assert.equal(card.box, 1);
  assert.equal(card.runs, 1);
  assert.ok(card.due > Date.now() + DAY - 60_000 && card.due < Date.now() + DAY + 60_000, "due in one day");
  assert.equal(await page.getAttribute(".op-head .op-tally", "data-known"), "1");
  await shot(page, "openings-done-desktop");
  // The next line is another line (a new one, due at once), from the initial position.
  await page.click(".op-next");
  await page.waitForSelector('.op-train[data-phase="learner"]');
  const next = await trainer(page);
  if (rep.lines.length > 1) assert.notEqual(next.line.join(" "), line.uci.join(" "));
  assert.deepEqual(next.moves, []);
  await context.close();
});

test("the black side: the computer opens with a book move and varies among the book moves", async () => {
  const rep = openings.find((o) => o.colour === "black");
  // Where the lines part on a move of the computer's (White's), it may choose either.
  const branches = rep.lines.some((a) => rep.lines.some((b) => {
    const d = a.uci.findIndex((u, i) => b.uci[i] !== u);
    return d >= 0 && d < b.uci.length && d % 2 === 0;
  }));
  const runs = [];
  // The computer's random draw pinned low, then high: the first and the last book move.
  for (const draw of [0, 0.999]) {
    const { context, page } = await newPage(browser, { lang: "en" });
    await page.addInitScript((x) => (Math.random = () => x), draw);
    await page.goto(`${BASE}/learn/openings/${rep.key}?colour=black`);
    await page.waitForSelector('.op-train[data-phase="learner"]');
    const s = await trainer(page);
    assert.equal(s.moves.length, 1, "the computer has played White's first move");
    assert.ok(rep.lines.some((l) => l.uci[0] === s.moves[0]), "a book move");
    assert.equal(await page.getAttribute(".op-train", "data-colour"), "black");
    const end = await playToEnd(page, rep);
    assert.ok(rep.lines.some((l) => l.uci.join(" ") === end.moves.join(" ")), "a whole line");
    runs.push(end.moves.join(" "));
    await context.close();
  }
  if (branches) assert.notEqual(runs[0], runs[1], "the computer varies among the book moves");
});

test("a wrong move is shown, then the book move with why it matters", async () => {
  const rep = repOf("italian_game");
  for (const lang of LANGS) {
    const { context, page } = await newPage(browser, { lang });
    await page.goto(BASE + "/learn/openings/italian_game?colour=white");
    await page.waitForSelector('.op-train[data-phase="learner"]');
    const s = await trainer(page);
    const book = [...new Set(rep.lines.map((l) => l.uci[0]))];
    assert.ok(!book.includes("a2a3"), "a2a3 is not in the book");
    await clickMove(page, "a2", "a3");
    // The wrong move shows on the board for a moment, with its name.
    await page.waitForSelector('.op-said[data-kind="wrong"]');
    assert.equal(await page.getAttribute(".op-train", "data-wrong"), "a2a3");
    assert.equal(await page.textContent(".op-said"), msg(lang, "ui.op.wrong", { san: "a3" }));
    // Then it is taken back, and the book move is drawn with its note (else the ideas).
    await page.waitForSelector(".op-right");
    assert.equal(await page.getAttribute(".op-train", "data-wrong"), null);
    const right = (await page.getAttribute(".op-right", "data-uci")).split(" ");
    assert.deepEqual(right.sort(), book.sort());
    const withNote = rep.lines.find((l) => l.notes[0]);
    const why = withNote ? withNote.notes[0][lang] : rep.ideas[lang];
    assert.equal(await page.textContent(".op-why"), msg(lang, "ui.op.why", { text: why }));
    assert.equal((await page.$$(".board .marks .arrow")).length, book.length);
    if (lang === "zh-CN") await shot(page, "openings-wrong-desktop");
    // An illegal try is explained by the rules core.
    await clickMove(page, "e2", "e5");
    await page.waitForSelector('.op-said[data-kind="illegal"]');
    // The right move is then accepted; the mistakes are counted and the line goes back to box 0.
    await clickMove(page, right[0].slice(0, 2), right[0].slice(2, 4));
    await settled(page, 0);
    assert.equal((await trainer(page)).mistakes, 2);
    const end = await playToEnd(page, rep);
    assert.equal(end.mistakes, 2);
    assert.equal(await page.getAttribute(".op-result", "data-mistakes"), "2");
    const line = rep.lines.find((l) => l.uci.join(" ") === end.moves.join(" "));
    const card = (await stored(page)).cards[cardKey("italian_game", "white", line)];
    assert.equal(card.box, 0);
    assert.ok(card.due <= Date.now() + 10 * 60_000 + 5000, "due again in ten minutes");
    assert.equal(s.mistakes, 0);
    await context.close();
  }
});

test("the repetition schedule is kept after a reload, and the line most overdue comes first", async () => {
  const rep = repOf("italian_game");
  assert.ok(rep.lines.length >= 2);
  const { context, page } = await newPage(browser, { lang: "zh-TW" });
  await page.goto(BASE + "/learn/openings");
  const now = Date.now();
  // Every line known; line 2 overdue by an hour, line 1 overdue by a day; the rest due later.
  const cards = {};
  rep.lines.forEach((l, i) => (cards[cardKey(rep.key, "white", l)] = { box: 3, due: now + (10 + i) * DAY, runs: 3 }));
  cards[cardKey(rep.key, "white", rep.lines[1])] = { box: 2, due: now - 3600_000, runs: 2 };
  cards[cardKey(rep.key, "white", rep.lines[0])] = { box: 2, due: now - DAY, runs: 2 };
  await page.evaluate((c) => localStorage.setItem("gx.openings.v1", JSON.stringify({ cards: c })), cards);
  await page.reload();
  await page.waitForSelector('.op-item[data-key="italian_game"]');
  const white = '.op-item[data-key="italian_game"] .op-side[data-colour="white"]';
  assert.equal(await page.getAttribute(white, "data-known"), String(rep.lines.length));
  assert.equal(await page.getAttribute(white, "data-due"), "2");
  assert.equal(await page.textContent(`${white} .op-tally`), msg("zh-TW", "ui.op.tally", { known: rep.lines.length, total: rep.lines.length, due: 2 }));
  await page.click(white);
  await page.waitForSelector('.op-train[data-phase="learner"]');
  assert.equal((await trainer(page)).line.join(" "), rep.lines[0].uci.join(" "), "the most overdue line first");
  // Played cleanly it moves up a box (3: due in 7 days); the next one due is line 2.
  const end = await playToEnd(page, rep);
  const played = rep.lines.find((l) => l.uci.join(" ") === end.moves.join(" "));
  const before = cards[cardKey(rep.key, "white", played)];
  await page.reload();
  await page.waitForSelector('.op-train[data-phase="learner"]');
  const card = (await stored(page)).cards[cardKey(rep.key, "white", played)];
  assert.equal(card.box, before.box + 1);
  assert.equal(card.runs, before.runs + 1);
  // (The computer may have led into line 2 instead: whichever was played is no longer due.)
  const stillDue = [rep.lines[0], rep.lines[1]].filter((l) => l !== played);
  assert.equal(await page.getAttribute(".op-head .op-tally", "data-due"), String(stillDue.length));
  assert.equal((await trainer(page)).line.join(" "), stillDue[0].uci.join(" "), "the line still due comes next");
  // A corrupt stored value is ignored.
  await page.evaluate(() => localStorage.setItem("gx.openings.v1", "{not json"));
  await page.goto(BASE + "/learn/openings");
  await page.waitForSelector(white);
  assert.equal(await page.getAttribute(white, "data-known"), "0");
  assert.equal(await page.getAttribute(white, "data-due"), String(rep.lines.length));
  await context.close();

  // The browser's clock moved on 40 days: every line stored as known is due again.
  const later = await newPage(browser, { lang: "en" });
  await later.page.clock.install({ time: now + 40 * DAY });
  await later.page.goto(BASE + "/learn/openings");
  await later.page.evaluate((c) => localStorage.setItem("gx.openings.v1", JSON.stringify({ cards: c })), cards);
  await later.page.reload();
  await later.page.waitForSelector(white);
  assert.equal(await later.page.getAttribute(white, "data-due"), String(rep.lines.length));
  assert.equal(await later.page.getAttribute(white, "data-known"), String(rep.lines.length));
  await later.context.close();
});

test("the explorer shows the moves and results of games finished here, with the opening as reached", async () => {
  // Two fool's mates (Black wins), an Italian Game Black resigns and one drawn by agreement,
  // between two people, through the API.
  for (let i = 0; i < 2; i++) {
    const g = await createGame({ mode: "hotseat" });
    await playHotseat(g, ["f2f3", "e7e5", "g2g4", "d8h4"]);
  }
  const italian = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"];
  for (const end of ["resign", "draw"]) {
    const g = await createGame({ mode: "friend", color: "white" });
    const black = await joinAsFriend(g);
    for (const [i, uci] of italian.entries()) await act(g.id, i % 2 ? black.secret : g.secret, { t: "move", uci });
    if (end === "resign") await act(g.id, black.secret, { t: "resign" });
    else {
      // (a draw is offered right after one's own move: White's 3.Bc4)
      await act(g.id, g.secret, { t: "offer_draw" });
      await act(g.id, black.secret, { t: "accept_draw" });
    }
  }
  const { context, page } = await newPage(browser, { lang: "zh-CN" });
  await page.goto(BASE + "/explorer");
  await page.waitForSelector('.op-explorer[data-loaded="true"]');
  const f3 = '.op-move-row[data-uci="f2f3"]';
  await page.waitForSelector(f3);
  assert.ok(Number(await page.getAttribute(f3, "data-games")) >= 2);
  assert.ok(Number(await page.getAttribute(`${f3} .op-bar`, "data-black")) >= 2);
  assert.ok(Number(await page.getAttribute(".op-total", "data-games")) >= 4);
  const e4 = '.op-move-row[data-uci="e2e4"]';
  assert.ok(Number(await page.getAttribute(`${e4} .op-bar`, "data-white")) >= 1);
  assert.ok(Number(await page.getAttribute(`${e4} .op-bar`, "data-draws")) >= 1);
  // Most played first.
  const counts = await page.$$eval(".op-move-row", (rows) => rows.map((r) => Number(r.dataset.games)));
  assert.deepEqual(counts, [...counts].sort((a, b) => b - a));
  // Pick a move from the list, then another on the board; back and forward.
  await page.click(`${f3} .op-move`);
  await page.waitForFunction(() => document.querySelector(".op-explorer")?.dataset.fen.startsWith("rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b"));
  await page.waitForSelector('.op-explorer[data-loaded="true"] .op-move-row[data-uci="e7e5"]');
  await page.click(".op-backward");
  await page.waitForFunction(() => document.querySelector(".op-explorer")?.dataset.fen.startsWith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"));
  await page.click(".op-forward");
  await page.waitForFunction(() => document.querySelector(".op-explorer")?.dataset.fen.includes("5P2"));
  await page.click(".op-start");
  // The Italian Game, reached on the board: its name in the page's language.
  for (const uci of ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"]) {
    const before = await page.getAttribute(".op-explorer", "data-fen");
    await clickMove(page, uci.slice(0, 2), uci.slice(2, 4));
    await page.waitForFunction((b) => document.querySelector(".op-explorer")?.dataset.fen !== b, before);
  }
  await page.waitForSelector('.op-explorer[data-loaded="true"] .op-opening-name[data-key="italian_game"]');
  assert.equal(await page.textContent(".op-opening-name"), `${msg("zh-CN", "opening.italian_game")} (C50)`);
  assert.equal(await page.$$eval(".op-explorer .op-moves .op-ply", (els) => els.length), 5);
  await page.keyboard.press("ArrowLeft");
  await page.waitForFunction(() => document.querySelectorAll(".op-explorer .op-moves .op-ply").length === 4);
  await page.keyboard.press("ArrowRight");
  await page.click(".op-start");
  await page.waitForSelector('.op-explorer[data-loaded="true"] .op-move-row[data-uci="f2f3"]');
  await shot(page, "explorer-desktop");
  await context.close();
  const phone = await newPage(browser, { lang: "zh-TW", width: 390, height: 844, mobile: true });
  await phone.page.goto(BASE + "/explorer");
  await phone.page.waitForSelector('.op-explorer[data-loaded="true"] .op-move-row[data-uci="f2f3"]');
  assert.equal(await phone.page.textContent(".op-page h1"), msg("zh-TW", "ui.op.explorer.title"));
  await shot(phone.page, "explorer-phone");
  await phone.context.close();
});

test("the trainer links each position to the explorer; phone widths", async () => {
  const rep = repOf("italian_game");
  const { context, page } = await newPage(browser, { lang: "zh-CN", width: 390, height: 844, mobile: true });
  await page.goto(BASE + "/learn/openings");
  await page.waitForSelector(".op-item");
  await shot(page, "openings-list-phone");
  await page.goto(BASE + "/learn/openings/italian_game?colour=white");
  await page.waitForSelector('.op-train[data-phase="learner"]');
  await playBook(page, rep, 0);
  const s = await trainer(page);
  await shot(page, "openings-trainer-phone");
  await page.click(".op-in-explorer");
  await page.waitForSelector('.op-explorer[data-loaded="true"]');
  assert.equal(await page.getAttribute(".op-explorer", "data-fen"), s.fen);
  await context.close();
});

test("the game page names the opening as it is reached, move by move, in the page's language", async () => {
  const g = await createGame({ mode: "hotseat" });
  const { context, page } = await newPage(browser, { lang: "zh-TW" });
  await openAsPlayer(page, g, "hotseat");
  const name = () => page.$eval(".opening-name", (e) => e.textContent).catch(() => "");
  await playHotseat(g, ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4"]);
  await page.waitForFunction((n) => document.querySelector(".opening-name")?.textContent.includes(n), msg("zh-TW", "opening.italian_game"));
  assert.equal(await name(), `${msg("zh-TW", "opening.italian_game")} (C50)`);
  await playHotseat(g, ["f8e7"]);
  await page.waitForFunction((n) => document.querySelector(".opening-name")?.textContent.includes(n), msg("zh-TW", "opening.hungarian_defence"));
  // The replay: stepping back to 3.Bc4 names the opening reached there.
  await page.click("ol.moves button.move >> nth=4");
  await page.waitForFunction((n) => document.querySelector(".opening-name")?.textContent.startsWith(n), msg("zh-TW", "opening.italian_game"));
  await context.close();
});
