//! The client-side router: real URLs (`/`, `/game/ID`, `/settings` …) mapped to pages by
//! regular expressions. `registerRoute` adds a page (a later registration of the same pattern
//! replaces the earlier one, so a module may take over a placeholder), `go` navigates with
//! the history API, and the back button, a reload or a pasted URL land on the same page.
//! Links to our own paths (`<a href="/…">`) navigate without reloading, so pages need no
//! click handlers of their own. A path no route matches shows the not-found page.

/** A page the router shows: its element, a re-render (language or settings changed), and
 *  the clean-up when the reader leaves it (close sockets, stop timers, remove listeners). */
export interface Page {
  root: HTMLElement;
  render(): void;
  destroy(): void;
}

type Mount = (m: RegExpMatchArray, outlet: HTMLElement) => Page;

const routes: { pattern: RegExp; mount: Mount }[] = [];
let outlet: HTMLElement | null = null;
let fallback: Mount | null = null;
let current: Page | null = null;
const listeners: ((path: string) => void)[] = [];

/** Adds a page for the paths `pattern` matches (anchor it: `/^\/games$/`). `mount` builds the
 *  page; the router puts its `root` into `outlet` (a page may put it there itself). */
export function registerRoute(pattern: RegExp, mount: Mount): void {
  const same = routes.findIndex((r) => r.pattern.source === pattern.source && r.pattern.flags === pattern.flags);
  if (same >= 0) routes[same] = { pattern, mount };
  else routes.push({ pattern, mount });
}

/** Opens `path` (with its query) as a new history entry. */
export function go(path: string): void {
  history.pushState(null, "", path);
  show(true);
}

/** Opens `path` in place of the current history entry (a redirect: `/join/ID` → `/game/ID`). */
export function replace(path: string): void {
  history.replaceState(null, "", path);
  show(false);
}

/** The page shown now. */
export function currentPage(): Page | null {
  return current;
}

/** Calls `f` with the path after each navigation (the navigation bar marks its entry). */
export function onNavigate(f: (path: string) => void): void {
  listeners.push(f);
}

/** Whether a route other than the not-found page matches `path`. */
export function isKnown(path: string): boolean {
  return routes.some((r) => r.pattern.test(path));
}

function show(moved: boolean): void {
  if (!outlet) return;
  current?.destroy();
  current = null;
  const path = location.pathname;
  let page: Page | null = null;
  for (const r of routes) {
    const m = path.match(r.pattern);
    if (m) {
      page = r.mount(m, outlet);
      break;
    }
  }
  if (!page && fallback) page = fallback([path] as RegExpMatchArray, outlet);
  if (!page) return;
  current = page;
  if (page.root.parentElement !== outlet) outlet.replaceChildren(page.root);
  for (const f of listeners) f(path);
  if (moved) {
    window.scrollTo(0, 0);
    // Screen readers start reading the new page, not the old link.
    outlet.focus({ preventScroll: true });
  }
}

/** Starts routing into `into`; `notFound` shows paths no route matches. */
export function startRouter(into: HTMLElement, notFound: Mount): void {
  outlet = into;
  fallback = notFound;
  if (!into.hasAttribute("tabindex")) into.setAttribute("tabindex", "-1");
  window.addEventListener("popstate", () => show(false));
  document.addEventListener("click", (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element | null)?.closest?.("a");
    if (!a || a.target || a.hasAttribute("download")) return;
    const href = a.getAttribute("href") ?? "";
    if (!href.startsWith("/") || href.startsWith("//") || href.startsWith("/api/")) return;
    e.preventDefault();
    go(href);
  });
  show(false);
}
