//! The app shell every page shares: a skip link, the header (logo, the navigation bar from
//! `nav.ts`, the quick settings, folded behind one button on a phone, and a link to all
//! settings), the offline banner, and the outlet the router fills. It re-renders itself and
//! the current page when the language or a display setting changes.

import { accountLink, onAccountChange } from "../account/session";
import { lang, onLangChange, t } from "../i18n";
import { el } from "../ui";
import { currentEntry, NAV } from "./nav";
import { offlineBanner, renderOfflineBanner } from "./offline";
import { currentPage, onNavigate } from "./router";
import { onSettingsChange, settingControls } from "./settings";

let header: HTMLElement | null = null;
let settingsOpen = false;

function logo(): HTMLElement {
  // zh-CN 国象, zh-TW 西洋棋 (國象 is a mainland short form), English the name alone.
  const name = t("ui.app.logo");
  const a = el("a", { href: "/", class: "logo", "aria-label": t("ui.app.go_home") }, [name]);
  if (lang() !== "en") a.append(" ", el("span", {}, ["guoxiang"]));
  return a;
}

function navBar(): HTMLElement {
  const here = currentEntry(location.pathname);
  const links = NAV.map((e) => {
    const a = el("a", { href: e.path, class: "nav-" + e.key.replace(/^ui\.nav\./, "") }, [t(e.key)]);
    if (e === here) a.setAttribute("aria-current", "page");
    return a;
  });
  return el("nav", { class: "main-nav", "aria-label": t("ui.app.nav") }, links);
}

function buildHeader(): HTMLElement {
  const toggle = el("button", { type: "button", class: "settings-toggle", "aria-expanded": String(settingsOpen) }, [
    "⚙ " + t("ui.settings"),
  ]);
  toggle.addEventListener("click", () => {
    settingsOpen = !settingsOpen;
    toggle.setAttribute("aria-expanded", String(settingsOpen));
    toggle.closest("header")?.classList.toggle("open", settingsOpen);
  });
  const all = el("a", { href: "/settings", class: "all-settings" }, [t("ui.app.all_settings")]);
  all.addEventListener("click", () => {
    settingsOpen = false;
  });
  return el("header", { class: "top" + (settingsOpen ? " open" : "") }, [
    logo(),
    navBar(),
    accountLink(),
    toggle,
    el("div", { class: "settings", role: "group", "aria-label": t("ui.settings") }, [...settingControls(false), all]),
  ]);
}

/** Draws the header (again) and re-renders the current page. */
export function renderShell(): void {
  const fresh = buildHeader();
  header?.replaceWith(fresh);
  header = fresh;
  renderOfflineBanner();
  document.title = t("ui.title");
  currentPage()?.render();
}

/** Builds the shell around `outlet` (index.html's `#app`). */
export function mountShell(outlet: HTMLElement): void {
  header = buildHeader();
  const skip = el("a", { href: "#app", class: "skip-link" }, [t("ui.app.skip")]);
  skip.addEventListener("click", (e) => {
    e.preventDefault();
    outlet.focus();
  });
  outlet.before(skip, header, offlineBanner());
  onLangChange(() => {
    skip.textContent = t("ui.app.skip");
    renderShell();
  });
  onSettingsChange(() => currentPage()?.render());
  onAccountChange(() => {
    const fresh = buildHeader();
    header?.replaceWith(fresh);
    header = fresh;
  });
  onNavigate(() => {
    const fresh = buildHeader();
    header?.replaceWith(fresh);
    header = fresh;
  });
}
