//! The signed-in user in the main bundle (issue 19): who is signed in (asked of
//! `GET /api/account` at start, only when the `gx_csrf` cookie says there may be a session,
//! so anonymous visitors send no request at all), the header's link (sign in, or your name →
//! your profile), and the sync of what the browser keeps with the account: the language,
//! piece style and board theme (`prefs`) and the puzzle, lesson, endgame and opening progress
//! (their localStorage keys). At sign-in the account's copies are restored (the account wins
//! where it has one; what it lacks is sent from this browser); afterwards, and on every later
//! visit while signed in, this browser's copies are sent when they change: a moment after any
//! form control changes, every 15 s, and when the page is hidden. Two browsers signed in at
//! once: the last one to send wins. The account
//! pages (`learn.js`, src/account/index.ts) cannot import this module (it holds state): they
//! announce a sign-in or sign-out with the window event `gx:account` (detail: `Me` or null).

import { ApiError, call } from "../api";
import type { Me, Prefs } from "../api/types.gen";
import { applySettings } from "../app/settings";
import { lang, setLang, t, type Lang } from "../i18n";
import type { PieceStyle } from "../pieces";
import { saveSettings, settings, type BoardTheme } from "../store";
import { el } from "../ui";

/** The progress the pages keep in localStorage and the account keeps too. */
export const PROGRESS_KEYS = ["gx.puzzles.v1", "gx.lessons.v1", "gx.endgames", "gx.openings.v1"];
/** The window event the account pages send after a sign-in (detail: `Me`) or sign-out (null). */
export const ACCOUNT_EVENT = "gx:account";
/** The window event the account pages send before signing out (detail: an array this module
 *  adds the promise of sending what changed to, for the page to wait for). */
export const FLUSH_EVENT = "gx:account-flush";

let me: Me | null = null;
const listeners: (() => void)[] = [];
/** What was last sent (or restored) under each key, as text. */
const sent: Record<string, string> = {};
let timer: number | undefined;

/** The signed-in user, if any (as far as this page knows). */
export function currentUser(): Me | null {
  return me;
}

/** Calls `f` when someone signs in or out. */
export function onAccountChange(f: () => void): void {
  listeners.push(f);
}

function hasSessionCookie(): boolean {
  return /(?:^|;\s*)gx_csrf=[^;]/.test(document.cookie);
}

function setUser(m: Me | null): void {
  const changed = (me?.name ?? null) !== (m?.name ?? null);
  me = m;
  if (!m) for (const k of Object.keys(sent)) delete sent[k];
  if (changed) for (const f of listeners) f();
}

/** The header's links: "Sign in" → /login; signed in, the user's name → their profile and
 *  "Account" → /account (password, sign out). */
export function accountLink(): HTMLElement {
  if (!me) return el("a", { href: "/login", class: "account-link" }, [t("ui.app.sign_in")]);
  return el("span", { class: "account-links" }, [
    el("a", { href: "/@/" + encodeURIComponent(me.name), class: "account-link signed-in" }, [me.name]),
    " · ",
    el("a", { href: "/account", class: "account-page-link" }, [t("ui.app.account")]),
  ]);
}

function localPrefs(): Prefs {
  const s = settings();
  return { lang: s.lang ?? lang(), pieces: s.pieces, board: s.board };
}

/** Applies the account's preferences to this browser. */
function restorePrefs(p: Prefs): void {
  const change: { pieces?: PieceStyle; board?: BoardTheme } = {};
  if (p.pieces) change.pieces = p.pieces as PieceStyle;
  if (p.board) change.board = p.board as BoardTheme;
  if (change.pieces || change.board) applySettings(saveSettings(change));
  const l = p.lang as Lang | undefined;
  if (l && l !== lang()) {
    saveSettings({ lang: l });
    setLang(l).catch((e: unknown) => console.warn("cannot switch language:", e));
  }
}

/** At sign-in: the account's copies replace this browser's; what the account lacks is sent. */
async function restore(m: Me): Promise<void> {
  const p = m.prefs;
  if (p.lang || p.pieces || p.board) {
    restorePrefs(p);
    sent.prefs = JSON.stringify(localPrefs());
  }
  for (const key of PROGRESS_KEYS) {
    try {
      const v = await call<unknown>("GET", "/api/account/data/" + key);
      if (v !== null && v !== undefined) {
        const text = JSON.stringify(v);
        localStorage.setItem(key, text);
        sent[key] = text;
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return setUser(null);
    }
  }
  await push();
}

/** Sends what changed since it was last sent. */
async function push(): Promise<void> {
  if (!me) return;
  const items: [string, string][] = [["prefs", JSON.stringify(localPrefs())]];
  for (const key of PROGRESS_KEYS) {
    const raw = localStorage.getItem(key);
    if (raw) items.push([key, raw]);
  }
  for (const [key, text] of items) {
    if (sent[key] === text) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      continue;
    }
    try {
      await call("PUT", "/api/account/data/" + key, value);
      sent[key] = text;
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return setUser(null);
      // Anything else (offline, too large): tried again at the next change.
    }
  }
}

function soon(): void {
  window.clearTimeout(timer);
  timer = window.setTimeout(() => void push(), 1000);
}

/** Finds out who is signed in and starts the sync (once, at start). */
export function startAccount(): void {
  addEventListener(ACCOUNT_EVENT, (e) => {
    const m = (e as CustomEvent<Me | null>).detail ?? null;
    setUser(m);
    if (m) void restore(m);
  });
  addEventListener(FLUSH_EVENT, (e) => {
    window.clearTimeout(timer);
    (e as CustomEvent<Promise<void>[]>).detail?.push(push());
  });
  document.addEventListener("change", soon, true);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") void push();
  });
  window.setInterval(() => void push(), 15_000);
  if (!hasSessionCookie()) return;
  call<Me>("GET", "/api/account").then(
    (m) => {
      // Already signed in: this browser holds the newest copies; send what changed.
      setUser(m);
      void push();
    },
    () => setUser(null),
  );
}
