//! Every string the page shows, in zh-CN, zh-TW and en, from the project's one message
//! catalogue (`crates/i18n/catalogue/*.json`, shared with the Rust side, whose tests check that each key is
//! in each language). The language follows the browser (Chinese → zh-CN unless it asks for
//! traditional script) until the player picks one; the choice is remembered.

import en from "../../crates/i18n/catalogue/en.json";
import zhCN from "../../crates/i18n/catalogue/zh-CN.json";
import zhTW from "../../crates/i18n/catalogue/zh-TW.json";

export type Lang = "zh-CN" | "zh-TW" | "en";
export const LANGS: Lang[] = ["zh-CN", "zh-TW", "en"];
export const LANG_NAMES: Record<Lang, string> = { "zh-CN": "简体中文", "zh-TW": "繁體中文", en: "English" };

const CATALOGUES: Record<Lang, Record<string, string>> = { en, "zh-CN": zhCN, "zh-TW": zhTW };

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

let current: Lang = "en";
const listeners: (() => void)[] = [];

export function lang(): Lang {
  return current;
}

export function setLang(l: Lang): void {
  current = l;
  document.documentElement.lang = l;
  for (const f of listeners) f();
}

export function onLangChange(f: () => void): void {
  listeners.push(f);
}

/** The message `key` with `{name}` placeholders filled; English, then the key, if missing. */
export function t(key: string, args: Record<string, string | number> = {}): string {
  const template = CATALOGUES[current][key] ?? CATALOGUES.en[key] ?? key;
  return template.replace(/\{([a-z_0-9]+)\}/g, (whole, name: string) =>
    name in args ? String(args[name]) : whole,
  );
}
