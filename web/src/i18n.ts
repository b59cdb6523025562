//! Every string the page shows, in zh-CN, zh-TW and en, from the project's one message
//! catalogue (`crates/i18n/catalogue/*.json`, shared with the Rust side, whose tests check that each key is
//! in each language). The language follows the browser (Chinese → zh-CN unless it asks for
//! traditional script) until the player picks one; the choice is remembered.
//!
//! Only the chosen language's catalogue is loaded: `build.mjs` writes each as its own hashed
//! asset (`/assets/i18n-<lang>.json?v=…`), and `boot.ts`, inlined in index.html, starts fetching
//! the one [`startLang`] picks while the script still downloads. The app awaits it before its
//! first render ([`setLang`]); switching language fetches the other one (then kept in memory,
//! and by the service worker for offline use).

export type Lang = "zh-CN" | "zh-TW" | "en";
export const LANGS: Lang[] = ["zh-CN", "zh-TW", "en"];
export const LANG_NAMES: Record<Lang, string> = { "zh-CN": "简体中文", "zh-TW": "繁體中文", en: "English" };

/** One language's messages, by key. */
export type Catalogue = Record<string, string>;

/** What index.html's inline `boot.ts` leaves for the app: each catalogue's address, the
 *  language it chose and the fetch of that language's catalogue it started. */
export interface Boot {
  urls: Record<Lang, string>;
  lang: Lang;
  first: Promise<Catalogue>;
}

declare global {
  interface Window {
    __gxI18n?: Boot;
  }
}

/** The language a browser prefers, among ours. */
export function preferredLang(languages: readonly string[]): Lang {
  for (const tag of languages) {
    const t = tag.toLowerCase();
    if (t.startsWith("zh")) {
      return /hant|tw|hk|mo/.test(t) ? "zh-TW" : "zh-CN";
    }
    if (t.startsWith("en")) return "en";
  }
  return "en";
}

/** The language the page opens in: the one the player saved, else the browser's. Both the
 *  inline boot script (to fetch its catalogue early) and the app use this rule. */
export function startLang(saved: Lang | null | undefined, languages: readonly string[]): Lang {
  return saved && LANGS.includes(saved) ? saved : preferredLang(languages);
}

/** Fetches and parses the catalogue at `url`; rejects on a network error or a bad status. */
export async function fetchCatalogue(url: string): Promise<Catalogue> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return (await r.json()) as Catalogue;
}

let current: Lang = "en";
let wanted: Lang = "en";
const loaded: Partial<Record<Lang, Catalogue>> = {};
const loading: Partial<Record<Lang, Promise<void>>> = {};
const listeners: (() => void)[] = [];
/** Whether the boot script's early fetch has been used (a retry fetches afresh). */
let earlyTaken = false;

export function lang(): Lang {
  return current;
}

/** Loads `l`'s catalogue once (the boot script's early fetch when it is that language's; a
 *  fresh fetch otherwise, or if that one failed). A failed load is tried again next time. */
export function loadLang(l: Lang): Promise<void> {
  if (loaded[l]) return Promise.resolve();
  let p = loading[l];
  if (!p) {
    const boot = window.__gxI18n;
    if (!boot) return Promise.reject(new Error("index.html names no catalogues"));
    const url = boot.urls[l];
    const early = !earlyTaken && boot.lang === l;
    if (early) earlyTaken = true;
    const fetched = early ? boot.first.catch(() => fetchCatalogue(url)) : fetchCatalogue(url);
    p = fetched.then(
      (c) => {
        loaded[l] = c;
      },
      (e: unknown) => {
        delete loading[l];
        throw e;
      },
    );
    loading[l] = p;
  }
  return p;
}

/** Switches to `l` once its catalogue is there, then tells the listeners (the page re-renders).
 *  When several switches overlap, the last one asked for wins. */
export async function setLang(l: Lang): Promise<void> {
  wanted = l;
  await loadLang(l);
  if (wanted !== l) return;
  current = l;
  document.documentElement.lang = l;
  for (const f of listeners) f();
}

export function onLangChange(f: () => void): void {
  listeners.push(f);
}

/** The message `key` with `{name}` placeholders filled; English (when loaded), then the key,
 *  if missing (the Rust side's tests keep every key in every language). */
export function t(key: string, args: Record<string, string | number> = {}): string {
  const template = loaded[current]?.[key] ?? loaded.en?.[key] ?? key;
  return template.replace(/\{([a-z_0-9]+)\}/g, (whole, name: string) =>
    name in args ? String(args[name]) : whole,
  );
}
