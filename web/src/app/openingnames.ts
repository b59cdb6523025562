//! The openings' names in the page's language (the catalogues' `opening.*` keys). They weigh a
//! third of a catalogue and most pages name no opening, so `build.mjs` puts them in their own
//! asset, `/assets/i18n-op-<lang>.json`, which this module fetches the first time a page asks for
//! a name in that language; until it is there the caller shows the English name it has, and
//! the page is drawn again when it arrives.

import { currentPage } from "./router";
import { fetchCatalogue, lang, type Catalogue, type Lang } from "../i18n";

/** The hashed addresses of the three catalogues of names, put in by `build.mjs`. */
declare const GX_OPENING_NAMES: Record<Lang, string>;

const names: Partial<Record<Lang, Catalogue>> = {};
const asked = new Set<Lang>();

/** The opening `key`'s name in the page's language, or null while (or if) it is not known. */
export function openingWord(key: string): string | null {
  const l = lang();
  const known = names[l];
  if (known) return known["opening." + key] ?? null;
  if (!asked.has(l)) {
    asked.add(l);
    fetchCatalogue(GX_OPENING_NAMES[l]).then(
      (c) => {
        names[l] = c;
        if (lang() === l) currentPage()?.render();
      },
      () => asked.delete(l), // offline or refused: asked again at the next name
    );
  }
  return null;
}
