// The lessons (issue 16 §2), data-driven from GET /api/lessons so that every lesson the
// server has is covered: each is completed through the page by its own solutions (every
// solution line of every task step, the step restarted for each further line; every quiz
// answered, a wrong choice first where there is one), with the stars the slips earn; then
// the map after a reload (stars, progress, the next lesson marked, a corrupt store ignored);
// an illegal try explained in zh-CN, zh-TW and en exactly as /api/explain words it; a legal
// but wrong move answered with the judge's reason and taken back; the two hints; screenshots
// of the map and of a lesson at desktop and phone widths. Replies come at once for readers
// who ask for less motion, which these pages do, so the run waits on the page's state only.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, shot, clickMove } from "./lib.mjs";

const STORE = "gx.lessons.v1";
const TASKS = new Set(["reach", "capture_all", "check", "mate", "stalemate", "escape", "castle", "en_passant", "promote", "defend", "line", "perpetual"]);

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

async function open(lang, { width = 1280, height = 860, mobile = false } = {}) {
  const context = await browser.newContext({ locale: lang, viewport: { width, height }, isMobile: mobile, hasTouch: mobile, deviceScaleFactor: 1, reducedMotion: "reduce" });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors };
}

async function getJson(path) {
  const r = await fetch(BASE + path);
  assert.equal(r.status, 200, path);
  return r.json();
}

async function judge(id, n, moves, uci, lang = "en") {
  const r = await fetch(`${BASE}/api/lessons/${id}/steps/${n}/move`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ moves, uci, lang }) });
  assert.equal(r.status, 200, `judge ${id}/${n} ${uci}`);
  return r.json();
}

/** Stars for a lesson's slips (contract16.md §5). */
const starsFor = (slips) => (slips === 0 ? 3 : slips <= 2 ? 2 : 1);

/** The par of a reach or capture-all step (its own, else its shortest solution), else null. */
function par(step) {
  if (step.goal !== "reach" && step.goal !== "capture_all") return null;
  return step.par ?? Math.min(...step.solutions.map((s) => s.length));
}

/** The slips the full run makes in a lesson: one wrong quiz choice where there is one, and a
 *  first solution line longer than par. */
function expectedSlips(lesson) {
  let slips = 0;
  for (const s of lesson.steps) {
    if (s.goal === "quiz" && s.choices.some((c) => !c.correct)) slips += 1;
    const p = par(s);
    if (p !== null && s.solutions[0].length > p) slips += s.solutions[0].length - p;
  }
  return slips;
}

const task = (page) => page.$eval(".lesson-task", (e) => ({ ...e.dataset }));

/** Plays `uci` on the board by two clicks (and the promotion chooser) and waits until the
 *  judge has answered and the page takes moves again (the reply shown, or a wrong move
 *  taken back). */
async function play(page, uci) {
  const before = Number((await task(page)).tries);
  await clickMove(page, uci.slice(0, 2), uci.slice(2, 4));
  if (uci.length === 5) await page.click(`.promotion [data-role="${uci[4]}"]`);
  await page.waitForFunction(
    (n) => {
      const e = document.querySelector(".lesson-task");
      return !!e && Number(e.dataset.tries) > n && e.dataset.busy === "false";
    },
    before,
    { timeout: 10000 },
  );
  return task(page);
}

/** Waits for step `n` of the lesson on the page to be open. */
async function atStep(page, id, n) {
  await page.waitForSelector(`.lesson-player[data-id="${id}"][data-step="${n}"] .lesson-step`, { timeout: 15000 });
}

/** Completes step `n` of `lesson` through the page: every solution line of a task, a quiz
 *  with a wrong choice first. */
async function completeStep(page, lesson, n, lang = "zh-CN") {
  const step = lesson.steps[n];
  const where = `${lesson.id} step ${n + 1} (${step.goal})`;
  if (step.goal === "quiz") {
    const wrong = step.choices.findIndex((c) => !c.correct);
    const right = step.choices.findIndex((c) => c.correct);
    if (wrong >= 0) {
      await page.click(`.lesson-choice[data-index="${wrong}"]`);
      await page.waitForSelector(`.lesson-feedback .lesson-why[data-index="${wrong}"]`);
      assert.equal(await page.textContent(".lesson-feedback .lesson-why"), step.choices[wrong].why[lang], where);
      assert.ok(await page.isDisabled(".lesson-next"), `${where}: no next after a wrong choice`);
    }
    await page.click(`.lesson-choice[data-index="${right}"]`);
    await page.waitForSelector(`.lesson-quiz[data-solved="true"] .lesson-why[data-index="${right}"]`);
    assert.equal(await page.textContent(".lesson-feedback .lesson-why"), step.choices[right].why[lang], where);
    return;
  }
  if (!TASKS.has(step.goal)) return; // read: nothing to do but go on
  assert.ok(step.solutions.length > 0, `${where}: no solutions`);
  for (const [li, line] of step.solutions.entries()) {
    if (li > 0) {
      await page.click(".lesson-restart");
      await page.waitForFunction(() => document.querySelector(".lesson-task")?.dataset.moves === "0");
    }
    const alternating = step.goal === "mate" || step.goal === "line" || step.goal === "perpetual";
    for (let i = 0; i < line.length; i += alternating ? 2 : 1) {
      const st = await play(page, line[i]);
      const what = `${where}, line ${li + 1}, move ${i + 1} (${line[i]})`;
      assert.ok(st.result === "continue" || st.result === "done", `${what}: ${st.result}: ${await page.textContent(".lesson-feedback")}`);
      const last = i + (alternating ? 2 : 1) >= line.length;
      assert.equal(st.done, String(last), `${what}: done only at the line's end`);
      if (alternating && !last) {
        // The opponent answered as the line says: the page shows the position after it.
        const reply = await page.textContent(".lesson-reply").catch(() => null);
        assert.ok(reply, `${what}: the reply is shown`);
      }
    }
    if (step.goal === "reach") {
      const collected = await page.$$eval(".lesson-target.collected", (els) => els.map((e) => e.dataset.square).sort());
      assert.deepEqual(collected, [...step.targets].sort(), `${where}: every target collected`);
    }
  }
}

test("every lesson is completed through the page by its own solutions; stars and progress stay after a reload", { timeout: 600000 }, async (t) => {
  const { lessons } = await getJson("/api/lessons");
  const { stages } = await getJson("/api/lessons");
  assert.ok(lessons.length > 0, "the server has lessons");
  const { page, context, errors } = await open("zh-CN");
  const started = Date.now();
  let moves = 0;
  await page.goto(BASE + "/learn");
  await page.waitForSelector(".lesson-item");
  // The map: every lesson under its stage, in course order, the first one next.
  const ids = await page.$$eval(".lesson-item", (els) => els.map((e) => e.dataset.id));
  assert.deepEqual(ids, lessons.map((l) => l.id));
  assert.equal(await page.getAttribute(".lesson-item.next", "data-id"), lessons[0].id);
  for (const s of stages) {
    if (!lessons.some((l) => l.stage === s.key)) continue;
    assert.equal(await page.textContent(`.lesson-stage[data-stage="${s.key}"] h2`), s.title["zh-CN"]);
  }
  await page.click(`.lesson-item[data-id="${lessons[0].id}"] a`);
  for (const [li, lesson] of lessons.entries()) {
    await atStep(page, lesson.id, 0);
    assert.equal(await page.textContent(".lesson-head h1"), lesson.title["zh-CN"]);
    for (let n = 0; n < lesson.steps.length; n++) {
      await atStep(page, lesson.id, n);
      await completeStep(page, lesson, n);
      moves += lesson.steps[n].solutions.flat().length;
      await page.waitForSelector(".lesson-next:not([disabled])");
      if (lesson.steps[n].goal === "read") await page.keyboard.press("ArrowRight");
      else await page.click(".lesson-next");
    }
    await page.waitForSelector(`.lesson-player[data-finished="true"] .lesson-result`);
    const want = starsFor(expectedSlips(lesson));
    assert.equal(Number(await page.getAttribute(".lesson-result", "data-stars")), want, `${lesson.id}: stars`);
    if (li + 1 < lessons.length) await page.click(".lesson-next-lesson");
  }
  t.diagnostic(`${lessons.length} lessons, ${lessons.reduce((n, l) => n + l.steps.length, 0)} steps, ${moves} solution moves in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // After a reload the map shows every lesson done with its stars.
  await page.goto(BASE + "/learn");
  await page.reload();
  await page.waitForSelector(".lesson-item");
  const shown = await page.$$eval(".lesson-item", (els) => els.map((e) => [e.dataset.id, e.dataset.done, Number(e.dataset.stars)]));
  assert.deepEqual(shown, lessons.map((l) => [l.id, "true", starsFor(expectedSlips(l))]));
  assert.equal(await page.locator(".lesson-item.next").count(), 0, "nothing left to take");
  assert.equal(await page.getAttribute(".lesson-count", "data-done"), String(lessons.length));
  const stored = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)), STORE);
  for (const l of lessons) assert.equal(stored[l.id].done, true, l.id);
  await shot(page, "lessons-map-desktop");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a lesson keeps its step across a reload and a change of language; the map shows it and ignores a corrupt store", { timeout: 60000 }, async () => {
  const { lessons } = await getJson("/api/lessons");
  const lesson = lessons.find((l) => l.steps.length > 2) ?? lessons[0];
  const { page, context, errors } = await open("en");
  await page.goto(BASE + "/learn");
  await page.evaluate((k) => localStorage.setItem(k, "{not json"), STORE);
  await page.reload();
  await page.waitForSelector(".lesson-item");
  assert.equal(await page.getAttribute(".lesson-item.next", "data-id"), lessons[0].id);
  assert.equal(await page.locator(".lesson-item[data-done='true']").count(), 0);
  // Step 2 reached, then the page reloaded: the lesson opens there, and the map says so.
  await page.goto(`${BASE}/learn/${lesson.id}`);
  await atStep(page, lesson.id, 0);
  await completeStep(page, lesson, 0, "en");
  await page.waitForSelector(".lesson-next:not([disabled])");
  await page.click(".lesson-next");
  await atStep(page, lesson.id, 1);
  await page.reload();
  await atStep(page, lesson.id, 1);
  assert.deepEqual(await page.evaluate((k) => JSON.parse(localStorage.getItem(k)), STORE), { [lesson.id]: { done: false, step: 1 } });
  // Another language: the lesson's words come again in it, at the same step.
  assert.equal(await page.textContent(".lesson-head h1"), lesson.title.en);
  await page.selectOption("header select.lang", "zh-TW");
  await page.waitForFunction((title) => document.querySelector(".lesson-head h1")?.textContent === title, lesson.title["zh-TW"]);
  await atStep(page, lesson.id, 1);
  const text = lesson.steps[1].text["zh-TW"].split(/\n\s*\n/)[0].trim();
  await page.waitForFunction((t) => document.querySelector(".lesson-step .lesson-text p")?.textContent === t, text);
  await page.selectOption("header select.lang", "en");
  await page.waitForFunction((title) => document.querySelector(".lesson-head h1")?.textContent === title, lesson.title.en);
  await page.goto(BASE + "/learn");
  await page.waitForSelector(`.lesson-item[data-id="${lesson.id}"] .lesson-state.started`);
  assert.match(await page.textContent(`.lesson-item[data-id="${lesson.id}"] .lesson-state`), /2/);
  assert.deepEqual(errors, []);
  await context.close();
});

/** The first task step of the course with a move the core refuses: a learner's piece sent
 *  where it cannot go (found by asking /api/explain). */
async function illegalTry(lessons) {
  for (const lesson of lessons) {
    for (const [n, step] of lesson.steps.entries()) {
      if (!TASKS.has(step.goal)) continue;
      const rows = step.fen.split(" ")[0].split("/");
      const white = step.fen.split(" ")[1] === "w";
      for (let r = 0; r < 8; r++) {
        let f = 0;
        for (const ch of rows[r]) {
          if (/\d/.test(ch)) {
            f += Number(ch);
            continue;
          }
          const own = white ? ch === ch.toUpperCase() : ch === ch.toLowerCase();
          const from = "abcdefgh"[f] + (8 - r);
          f++;
          if (!own) continue;
          for (const to of ["b2", "d5", "e4", "g7", "c6", "f3"]) {
            // An empty square: the piece simply cannot go there.
            if (to === from || (await ownAt(step.fen, to, white)) || (await ownAt(step.fen, to, !white))) continue;
            const uci = from + to;
            const e = await getJson(`/api/explain?fen=${encodeURIComponent(step.fen)}&move=${uci}&lang=en`);
            if (!e.legal) return { lesson, n, step, uci };
          }
        }
      }
    }
  }
  throw new Error("no illegal try found");
}

/** Whether White (`white`) or Black has a piece on `sq`. */
async function ownAt(fen, sq, white) {
  const rows = fen.split(" ")[0].split("/");
  const rank = 8 - Number(sq[1]);
  let f = 0;
  for (const ch of rows[rank]) {
    if (/\d/.test(ch)) {
      f += Number(ch);
      continue;
    }
    if ("abcdefgh"[f] === sq[0]) return white ? ch === ch.toUpperCase() : ch === ch.toLowerCase();
    f++;
  }
  return false;
}

/** Opens a lesson at step `n` (the store says the learner got there). */
async function openAt(page, id, n) {
  await page.goto(BASE + "/learn");
  await page.evaluate(([k, i, s]) => localStorage.setItem(k, JSON.stringify({ [i]: { stars: 0, done: false, step: s } })), [STORE, id, n]);
  await page.goto(`${BASE}/learn/${id}`);
  await atStep(page, id, n);
}

test("an illegal try is explained in zh-CN, zh-TW and en as the rules core words it, and the piece goes back", { timeout: 60000 }, async () => {
  const { lessons } = await getJson("/api/lessons");
  const { lesson, n, step, uci } = await illegalTry(lessons);
  for (const lang of ["zh-CN", "zh-TW", "en"]) {
    const { page, context, errors } = await open(lang);
    await openAt(page, lesson.id, n);
    const before = await task(page);
    const st = await play(page, uci);
    assert.equal(st.result, "illegal");
    const core = await getJson(`/api/explain?fen=${encodeURIComponent(step.fen)}&move=${uci}&lang=${lang}`);
    assert.equal(core.legal, false);
    assert.equal(await page.textContent(".lesson-feedback .lesson-why"), core.message, `${lang}: the core's words`);
    assert.equal(await page.getAttribute(".lesson-feedback .lesson-why", "data-code"), "illegal");
    assert.equal(st.fen, before.fen, "the position is unchanged");
    assert.equal(await page.getAttribute(`.board .piece[data-square="${uci.slice(0, 2)}"]`, "data-piece") !== null, true, "the piece is back");
    assert.equal(await page.locator(`.board .marks .arrow.crossed[data-from="${uci.slice(0, 2)}"][data-to="${uci.slice(2, 4)}"]`).count(), 1);
    if (lang === "zh-CN") await shot(page, "lessons-illegal-desktop");
    assert.deepEqual(errors, []);
    await context.close();
  }
});

/** A task step and a legal move that the judge calls wrong (probing the learner's moves). */
async function wrongTry(lessons) {
  const squares = [];
  for (const f of "abcdefgh") for (let r = 1; r <= 8; r++) squares.push(f + r);
  for (const lesson of lessons) {
    for (const [n, step] of lesson.steps.entries()) {
      if (!["mate", "check", "stalemate", "line", "defend", "escape"].includes(step.goal)) continue;
      const first = step.solutions[0]?.[0];
      if (!first) continue;
      // The piece of the first solution move, sent elsewhere.
      const from = first.slice(0, 2);
      for (const to of squares) {
        if (to === from || to === first.slice(2, 4) || (await ownAt(step.fen, to, step.fen.split(" ")[1] === "w"))) continue;
        const r = await judge(lesson.id, n, [], from + to, "zh-CN");
        if (r.result === "wrong") return { lesson, n, step, uci: from + to, judged: r };
      }
    }
  }
  throw new Error("no legal but wrong move found");
}

test("a legal but wrong move is shown, answered with why it misses the goal, and taken back", { timeout: 60000 }, async () => {
  const { lessons } = await getJson("/api/lessons");
  const { lesson, n, uci, judged } = await wrongTry(lessons);
  const { page, context, errors } = await open("zh-CN");
  await openAt(page, lesson.id, n);
  const before = await task(page);
  const st = await play(page, uci);
  assert.equal(st.result, "wrong");
  assert.equal(await page.textContent(".lesson-feedback .lesson-why"), judged.why.text);
  assert.equal(await page.getAttribute(".lesson-feedback .lesson-why", "data-code"), judged.why.code);
  if (judged.why.move) assert.match(await page.textContent(".lesson-punish"), new RegExp(judged.why.move.san.replace(/[+#]/g, "\\$&")));
  // Taken back: the position and the piece as before, and the step goes on.
  assert.equal(st.fen, before.fen);
  assert.equal(st.moves, "0");
  assert.equal(st.done, "false");
  assert.ok(await page.locator(`.board .piece[data-square="${uci.slice(0, 2)}"]`).count());
  assert.deepEqual(errors, []);
  await context.close();
});

test("hints show the piece first, then the square, and the hinted move is played by keyboard; a lesson at desktop and phone widths, the map at phone width", { timeout: 60000 }, async () => {
  const { lessons } = await getJson("/api/lessons");
  // A reach step if there is one (its targets make the better picture), else any task.
  let found = null;
  for (const l of lessons) {
    for (const [n, s] of l.steps.entries()) if (!found && s.goal === "reach") found = { l, n };
  }
  for (const l of lessons) {
    for (const [n, s] of l.steps.entries()) if (!found && TASKS.has(s.goal)) found = { l, n };
  }
  assert.ok(found, "a task step");
  const { l, n } = found;
  const hint = await getJson(`/api/lessons/${l.id}/steps/${n}/hint?moves=`);
  const { page, context, errors } = await open("zh-CN");
  await openAt(page, l.id, n);
  await page.click(".lesson-hint-button");
  await page.waitForSelector('.lesson-hint[data-level="1"]');
  assert.equal(await page.getAttribute(".lesson-hint", "data-square"), hint.from);
  assert.equal(await page.locator(`.board .marks .mark-square.hint[data-square="${hint.from}"]`).count(), 1);
  assert.equal(await page.locator(".board .marks .arrow.hint").count(), 0, "the square only later");
  await page.click(".lesson-hint-button");
  await page.waitForSelector('.lesson-hint[data-level="2"]');
  assert.equal(await page.getAttribute(".lesson-hint", "data-square"), hint.to);
  assert.equal(await page.locator(`.board .marks .arrow.hint[data-from="${hint.from}"][data-to="${hint.to}"]`).count(), 1);
  assert.ok(await page.isDisabled(".lesson-hint-button"), "two hints, no more");
  await shot(page, "lessons-lesson-desktop");
  // The hinted move is right; played with the keyboard (Enter on a square picks the piece
  // up, Enter on another puts it down), as on the game page.
  const tries = Number((await task(page)).tries);
  await page.focus(`.board .sq[data-square="${hint.from}"]`);
  await page.keyboard.press("Enter");
  await page.focus(`.board .sq[data-square="${hint.to}"]`);
  await page.keyboard.press("Enter");
  if (hint.uci.length === 5) await page.click(`.promotion [data-role="${hint.uci[4]}"]`);
  await page.waitForFunction((n) => Number(document.querySelector(".lesson-task")?.dataset.tries) > n && document.querySelector(".lesson-task")?.dataset.busy === "false", tries);
  const st = await task(page);
  assert.ok(st.result === "continue" || st.result === "done", st.result);
  assert.deepEqual(errors, []);
  await context.close();

  const phone = await open("zh-CN", { width: 390, height: 844, mobile: true });
  await phone.page.goto(BASE + "/learn");
  await phone.page.waitForSelector(".lesson-item");
  await shot(phone.page, "lessons-map-phone");
  await openAt(phone.page, l.id, n);
  await shot(phone.page, "lessons-lesson-phone");
  assert.deepEqual(phone.errors, []);
  await phone.context.close();
});
