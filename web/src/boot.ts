//! Inlined into index.html by `build.mjs` (before the style sheet, so nothing holds it up):
//! picks the page's language by the app's own rule (`startLang`: the saved setting, else the
//! browser's) and starts fetching that language's catalogue at once, in parallel with
//! `app.js`, leaving the fetch in `window.__gxI18n` for `i18n.ts` to await.

import { fetchCatalogue, startLang, type Lang } from "./i18n";
import { settings } from "./store";

/** Each language's hashed catalogue address, put in by `build.mjs`. */
declare const GX_CATALOGUES: Record<Lang, string>;

const lang = startLang(settings().lang, navigator.languages);
const first = fetchCatalogue(GX_CATALOGUES[lang]);
first.catch(() => undefined); // the app retries; a failure here is not an error yet
window.__gxI18n = { urls: GX_CATALOGUES, lang, first };
document.documentElement.lang = lang;
