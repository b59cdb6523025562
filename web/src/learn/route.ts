//! The learning pages' routes, in the main bundle: the endgame trainer (`/learn/endgames`,
//! `/learn/endgames/{key}`), the lessons (`/learn`, `/learn/{id}`), the opening trainer
//! (`/learn/openings`, `/learn/openings/{key}`), the explorer (`/explorer`) and the puzzle
//! trainer (`/puzzles`, `/puzzles/{id}`). The pages
//! themselves live in their own script (`learn.js`) and their words in their own catalogue
//! (`i18n-eg-<lang>.json`: the keys of the endgame, lesson, opening and puzzle pages), both fetched when
//! a reader first opens one of them, so the rest of the app does not carry their weight.
//! Until they are there the page shows a placeholder; a language switch fetches that
//! language's trainer words before the page is drawn again.

import { miniBoard } from "../app/miniboard";
import { Board } from "../board";
import { lang, t, type Lang } from "../i18n";
import { go, type Page } from "../app/router";
import { play } from "../sound";
import { saveGame, settings } from "../store";
import { el } from "../ui";
import type { Host, LearnModule } from "./host";

/** The hashed addresses of `learn.js` and of the trainer's catalogues, put in by `build.mjs`. */
declare const GX_LEARN: { js: string; catalogues: Record<Lang, string> };

/** The paths of the trainer (group 1: the exercise's key, if any). */
export const ENDGAMES_ROUTE = /^\/learn\/endgames(?:\/([a-z0-9-]+))?$/;
/** The course map and one lesson (group 1: the lesson's id, if any). */
export const LESSONS_ROUTE = /^\/learn(?:\/(?!endgames$|endgames\/|openings$|openings\/)([a-z0-9-]+))?$/;
/** The opening trainer (group 1: the opening's key, if any). */
export const OPENINGS_ROUTE = /^\/learn\/openings(?:\/([a-z0-9_-]+))?$/;
/** The opening explorer. */
export const EXPLORER_ROUTE = /^\/explorer$/;
/** The puzzle trainer (group 1: the puzzle's id, if any). */
export const PUZZLES_ROUTE = /^\/puzzles(?:\/([A-Za-z0-9_-]+))?$/;
/** The analysis board (its position in the query). */
export const ANALYSIS_ROUTE = /^\/analysis$/;
/** The board editor (its position in the query). */
export const EDITOR_ROUTE = /^\/editor$/;
/** Game review: the PGN form, or one review (group 1: the review's id, if any). */
export const REVIEW_ROUTE = /^\/review(?:\/([A-Za-z0-9_-]+))?$/;

/** The lobby and its halls (group 1: the hall, if any). */
export const LOBBY_ROUTE = /^\/lobby(?:\/([a-z0-9-]+))?$/;
/** The account pages (group 1: which). */
export const ACCOUNT_ROUTE = /^\/(login|signup|account)$/;
/** A player's profile (group 1: the name). */
export const PROFILE_ROUTE = /^\/@\/([A-Za-z0-9_-]{1,30})$/;
/** Tournaments (group 1: the tournament's id, if any). */
export const TOURNAMENTS_ROUTE = /^\/tournaments(?:\/([A-Za-z0-9]+))?$/;
/** Chinese grades, FIDE titles and the norm calculator. */
export const GRADING_ROUTE = /^\/grading$/;

type Messages = Record<string, string>;
const messages: Partial<Record<Lang, Messages>> = {};
const fetching: Partial<Record<Lang, Promise<void>>> = {};
let script: Promise<void> | null = null;

function loadScript(): Promise<void> {
  if (window.__gxLearn) return Promise.resolve();
  if (!script) {
    script = new Promise<void>((resolve, reject) => {
      const s = document.createElement("script");
      s.src = GX_LEARN.js;
      s.onload = () => resolve();
      s.onerror = () => {
        s.remove();
        script = null;
        reject(new Error(GX_LEARN.js));
      };
      document.head.appendChild(s);
    });
  }
  return script;
}

function loadMessages(l: Lang): Promise<void> {
  if (messages[l]) return Promise.resolve();
  let p = fetching[l];
  if (!p) {
    p = fetch(GX_LEARN.catalogues[l])
      .then((r) => {
        if (!r.ok) throw new Error(`${r.url}: ${r.status}`);
        return r.json() as Promise<Messages>;
      })
      .then(
        (m) => {
          messages[l] = m;
        },
        (e: unknown) => {
          delete fetching[l];
          throw e;
        },
      );
    fetching[l] = p;
  }
  return p;
}

function fill(template: string, args: Record<string, string | number>): string {
  return template.replace(/\{([a-z_0-9]+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}

const host: Host = {
  t: (key, args = {}) => {
    const own = messages[lang()]?.[key] ?? messages.en?.[key];
    return own !== undefined ? fill(own, args) : t(key, args);
  },
  lang,
  settings,
  Board,
  miniBoard,
  sound: play,
  openGame: (id, secret, color) => {
    saveGame({ id, secret, color, mode: "friend", created: Date.now() });
    go("/game/" + id);
  },
  go,
};

/** The learning script's pages and the host they are opened with, once `learn.js` and the
 *  page language's learning words are there (for a part of a main-bundle page drawn by
 *  `learn.js`, such as a game's players strip). */
export function learnModule(): Promise<{ mod: LearnModule; host: Host }> {
  return Promise.all([loadScript(), loadMessages(lang())]).then(() => {
    const mod = window.__gxLearn;
    if (!mod) throw new Error("learn.js did not run");
    return { mod, host };
  });
}

/** The trainer page for a matched path. */
export function endgamesPage(m: RegExpMatchArray): Page {
  return learnPage("eg-page", (mod) => (m[1] ? mod.exercise(host, m[1]) : mod.list(host)));
}

/** The course map (`/learn`) or one lesson (`/learn/{id}`). */
export function lessonsPage(m: RegExpMatchArray): Page {
  return learnPage("lesson-page", (mod) => (m[1] ? mod.lesson(host, m[1]) : mod.lessons(host)));
}

/** The opening trainer (`/learn/openings[/{key}]`). */
export function openingsPage(m: RegExpMatchArray): Page {
  return learnPage("op-page", (mod) => mod.openings(host, m[1] ?? null));
}

/** The opening explorer (`/explorer`). */
export function explorerPage(): Page {
  return learnPage("op-page", (mod) => mod.explorer(host));
}

/** The puzzle trainer (`/puzzles[/{id}]`). */
export function puzzlesPage(m: RegExpMatchArray): Page {
  return learnPage("pz-page", (mod) => mod.puzzles(host, m[1] ?? null));
}

/** The analysis board (`/analysis`). */
export function analysisPage(): Page {
  return learnPage("an-page", (mod) => mod.analysis(host, new URLSearchParams(location.search)));
}

/** The board editor (`/editor`). */
export function editorPage(): Page {
  return learnPage("ed-page", (mod) => mod.editor(host, new URLSearchParams(location.search)));
}

/** Game review (`/review[/{id}]`). */
export function reviewPage(m: RegExpMatchArray): Page {
  return learnPage("rv-page", (mod) => mod.review(host, m[1] ?? null));
}

/** The lobby (`/lobby[/{room}]`). */
export function lobbyPage(m: RegExpMatchArray): Page {
  return learnPage("lb-page", (mod) => mod.lobby(host, m[1] ?? null));
}

/** The account pages (`/login`, `/signup`, `/account`). */
export function accountPage(m: RegExpMatchArray): Page {
  return learnPage("acc-page", (mod) => mod.account(host, m[1] as "login" | "signup" | "account"));
}

/** A player's profile (`/@/{name}`). */
export function profilePage(m: RegExpMatchArray): Page {
  return learnPage("pf-page", (mod) => mod.profile(host, m[1]));
}

/** Tournaments (`/tournaments[/{id}]`). */
export function tournamentsPage(m: RegExpMatchArray): Page {
  return learnPage("tn-page", (mod) => mod.tournaments(host, m[1] ?? null));
}

/** Grades, titles and norms (`/grading`). */
export function gradingPage(): Page {
  return learnPage("gr-page", (mod) => mod.grading(host));
}

/** A learning page: a placeholder until `learn.js` and the page language's learning words
 *  are loaded, then the page that `open` picks from the module inside it. */
function learnPage(css: string, open: (mod: LearnModule) => Page): Page {
  const root = el("main", { class: css }, [el("p", { class: "empty" }, ["…"])]);
  let inner: Page | null = null;
  let live = true;
  const failed = () => {
    root.replaceChildren(el("p", { class: "error", role: "alert" }, [t("ui.error.network")]));
  };
  Promise.all([loadScript(), loadMessages(lang())]).then(() => {
    if (!live) return;
    const mod = window.__gxLearn;
    if (!mod) return failed();
    inner = open(mod);
    root.replaceChildren(inner.root);
  }, failed);
  return {
    root,
    render: () => {
      const l = lang();
      void loadMessages(l).then(
        () => {
          if (live && lang() === l) inner?.render();
        },
        () => inner?.render(),
      );
    },
    destroy: () => {
      live = false;
      inner?.destroy();
    },
  };
}
