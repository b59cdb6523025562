//! Offline: registers the service worker (`/sw.js`, which keeps the app shell so that the page
//! opens at once and also without the server) and shows a banner while the server cannot be
//! reached: when the browser says it is offline, or when `/api/health` does not answer. While
//! the banner is shown the server is asked again every few seconds; it goes when it answers.

import { t } from "../i18n";
import { el } from "../ui";

const RETRY_MS = 5000;
let banner: HTMLElement | null = null;
let timer = 0;

async function reachable(): Promise<boolean> {
  if (!navigator.onLine) return false;
  const ctl = new AbortController();
  const stop = setTimeout(() => ctl.abort(), 4000);
  try {
    const r = await fetch("/api/health", { cache: "no-store", signal: ctl.signal });
    return r.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(stop);
  }
}

function setOffline(off: boolean): void {
  if (!banner) return;
  banner.hidden = !off;
  document.documentElement.classList.toggle("offline", off);
  clearTimeout(timer);
  if (off) timer = window.setTimeout(() => void check(), RETRY_MS);
}

/** Asks the server whether it is there and shows or hides the banner. */
export async function check(): Promise<void> {
  setOffline(!(await reachable()));
}

/** The banner's text in the current language. */
export function renderOfflineBanner(): void {
  if (banner) banner.textContent = "⚠ " + t("ui.app.offline");
}

/** Makes the banner, listens for the browser's online/offline events, checks once. */
export function offlineBanner(): HTMLElement {
  banner = el("div", { class: "offline-banner", role: "alert", hidden: "" });
  renderOfflineBanner();
  window.addEventListener("offline", () => setOffline(true));
  window.addEventListener("online", () => void check());
  void check();
  return banner;
}

/** Registers the service worker once the page has loaded (it must not slow the first visit). */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const register = () => void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
