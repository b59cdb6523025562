// Shared helpers of the browser tests: launching Debian's chromium through playwright-core,
// and acting on the board the way a person does (dragging or clicking squares).
import { chromium } from "playwright-core";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";

export const BASE = process.env.GUOXIANG_URL ?? "http://127.0.0.1:8080";
export const SHOTS = process.env.GUOXIANG_SCREENSHOTS ?? join(process.cwd(), "..", "target", "screenshots");

export function chromiumPath() {
  const candidates = [process.env.CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  const found = candidates.find((p) => p && existsSync(p));
  if (!found) throw new Error("no chromium found: install Debian's chromium (apt-get install chromium) or set CHROMIUM");
  return found;
}

export async function launch() {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--mute-audio", "--autoplay-policy=no-user-gesture-required"],
  });
}

/** A new page with a language and viewport; settings start empty. */
export async function newPage(browser, { lang = "zh-CN", width = 1280, height = 860, mobile = false } = {}) {
  const context = await browser.newContext({ locale: lang, viewport: { width, height }, isMobile: mobile, hasTouch: mobile, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on("pageerror", (e) => {
    throw new Error("page error: " + e.message);
  });
  return { context, page };
}

export async function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(300); // let a moving piece land
  await page.screenshot({ path: join(SHOTS, name + ".png") });
}

/** The centre of a square on the page. */
export async function squareCenter(page, sq) {
  const box = await page.locator(`.board .sq[data-square="${sq}"]`).boundingBox();
  if (!box) throw new Error("no square " + sq);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags the piece on `from` to `to` with the mouse, in small steps like a hand. */
export async function drag(page, from, to) {
  const a = await squareCenter(page, from);
  const b = await squareCenter(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
}

/** Clicks the piece on `from`, then the square `to`. */
export async function clickMove(page, from, to) {
  const a = await squareCenter(page, from);
  const b = await squareCenter(page, to);
  await page.mouse.click(a.x, a.y);
  await page.mouse.click(b.x, b.y);
}

export async function waitMoves(page, n, timeout = 30000) {
  await page.waitForFunction((k) => document.querySelectorAll("ol.moves button.move").length >= k, n, { timeout });
}

export async function createGame(body) {
  const r = await fetch(BASE + "/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error("create failed: " + (await r.text()));
  return r.json();
}

export async function gameState(id, secret) {
  const r = await fetch(`${BASE}/api/games/${id}`, { headers: secret ? { "x-game-secret": secret } : {} });
  return r.json();
}

/** Opens a game created through the API in a page, as its player (the secret goes where
 *  the page keeps it, as if this browser had created the game). */
export async function openAsPlayer(page, created, mode, extra = {}) {
  await page.goto(BASE + "/");
  await page.evaluate(([g, m, x]) => {
    const all = JSON.parse(localStorage.getItem("gx.games") ?? "{}");
    all[g.id] = { id: g.id, secret: g.secret, color: m === "hotseat" ? "both" : g.color, mode: m, created: Date.now(), ...x };
    localStorage.setItem("gx.games", JSON.stringify(all));
  }, [created, mode, extra]);
  await page.goto(`${BASE}/game/${created.id}`);
  await page.waitForSelector(".board .piece");
}

/** The id of the game a page shows. */
export function gameIdOf(page) {
  return new URL(page.url()).pathname.split("/").pop();
}

/** The secret this browser keeps for a game. */
export async function secretOf(page, id) {
  return page.evaluate((i) => JSON.parse(localStorage.getItem("gx.games") ?? "{}")[i]?.secret ?? null, id);
}

/** A small seeded random generator, so failures can be replayed. */
export function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

/** Acts in a game over HTTP as the player with `secret`; the new state, or throws. */
export async function act(id, secret, action) {
  const r = await fetch(`${BASE}/api/games/${id}/actions`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-game-secret": secret },
    body: JSON.stringify(action),
  });
  if (!r.ok) throw new Error(`action ${JSON.stringify(action)} failed: ${r.status} ${await r.text()}`);
  return r.json();
}

/** Joins a friend game over HTTP; the second seat ({id, secret, color}). */
export async function joinAsFriend(created) {
  const r = await fetch(`${BASE}/api/games/${created.id}/join`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ key: created.join_key }),
  });
  if (!r.ok) throw new Error("join failed: " + (await r.text()));
  return r.json();
}

/** Plays UCI moves in a hot-seat game over HTTP. */
export async function playHotseat(created, moves) {
  for (const uci of moves) await act(created.id, created.secret, { t: "move", uci });
}

/** Collects the page's console errors and the WebSockets it opens, for "no retry loop" checks. */
export function watchPage(page) {
  const seen = { errors: [], sockets: 0 };
  page.on("console", (m) => {
    if (m.type() === "error") seen.errors.push(m.text());
  });
  page.on("websocket", () => seen.sockets++);
  return seen;
}
