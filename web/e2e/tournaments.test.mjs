// Tournaments in a browser (issue 19 §4): a signed-in player creates a round robin with the
// form, a second player joins from the tournament's page, the creator starts it; both get
// "Go to your game", which opens the game with the seat; when the game ends by resignation the
// page shows the result, the standings and the crosstable; printed, only the tables remain.
// Screenshots into target/screenshots/tournament-*.png.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { BASE, launch, newPage, shot } from "./lib.mjs";

let browser;
before(async () => (browser = await launch()));
after(async () => browser?.close());

const stamp = Date.now().toString(36);

async function signedIn(lang, name) {
  const p = await newPage(browser, { lang });
  await p.page.goto(BASE + "/");
  const status = await p.page.evaluate(
    (n) =>
      fetch("/api/account/signup", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: n, password: "a long enough password" }),
      }).then((r) => r.status),
    name,
  );
  assert.equal(status, 201);
  return p.page;
}

test("create, join, start, play from the page, then standings and a printable crosstable", { timeout: 180000 }, async () => {
  const a = await signedIn("en", "tn_a_" + stamp);
  const b = await signedIn("zh-CN", "tn_b_" + stamp);

  await a.goto(BASE + "/tournaments");
  await a.waitForSelector(".tn-create");
  await a.fill(".tn-create input[name=name]", "Browser cup " + stamp);
  await a.selectOption(".tn-create select[name=kind]", "round_robin");
  assert.equal(await a.isHidden(".tn-swiss-only"), true, "rounds only for a Swiss");
  await a.selectOption(".tn-create select[name=control]", "3+2");
  await shot(a, "tournament-create-en");
  await a.click(".tn-create button[type=submit]");
  await a.waitForURL(/\/tournaments\/[0-9a-f]+$/);
  const id = new URL(a.url()).pathname.split("/").pop();
  await a.waitForSelector(".tn-actions button");
  await a.click("text=Join");
  await a.waitForSelector("text=Withdraw");

  await b.goto(BASE + "/tournaments/" + id);
  await b.waitForSelector("text=报名");
  await b.click("text=报名");
  await b.waitForSelector("text=退出比赛");

  await a.reload();
  await a.waitForSelector("text=Start now");
  await a.click("text=Start now");
  // The director pairs the round and starts the game; the pages see it within a refresh.
  await a.waitForSelector(".tn-your-game", { timeout: 30000 });
  await b.waitForSelector(".tn-your-game", { timeout: 30000 });
  await shot(b, "tournament-running-zh-CN");

  // B resigns from the game page it opens with its seat.
  await b.click(".tn-your-game");
  await b.waitForURL(/\/game\/[0-9a-zA-Z]+$/);
  const game = new URL(b.url()).pathname.split("/").pop();
  const resigned = await b.evaluate(async (g) => {
    const seat = await (await fetch(`/api/games/${g}/seat`)).json();
    const r = await fetch(`/api/games/${g}/actions`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-game-secret": seat.secret },
      body: JSON.stringify({ t: "resign" }),
    });
    return r.status;
  }, game);
  assert.equal(resigned, 200);

  await a.reload();
  await a.waitForFunction(() => document.querySelector(".tn-facts")?.textContent?.includes("Finished"), null, { timeout: 30000 });
  const cells = await a.$$eval(".tn-cross tbody tr", (rows) => rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent)));
  assert.equal(cells.length, 2);
  assert.deepEqual(cells.map((r) => r.slice(2)).sort(), [["0", "×", "0"], ["×", "1", "1"]].sort());
  assert.equal(await a.textContent(".tn-standings tbody tr td:nth-child(3)"), "1");
  await shot(a, "tournament-finished-en");

  // Printed: the tables stay, the buttons and exports go.
  await a.emulateMedia({ media: "print" });
  assert.equal(await a.isVisible(".tn-cross"), true);
  assert.equal(await a.isVisible(".tn-exports"), false);
  await shot(a, "tournament-print-en");
});
