//! The page's entry point: applies the saved settings, builds the app shell (header with the
//! navigation bar and quick settings, offline banner) and registers the pages with the router:
//! home (`/`), a game (`/game/ID`), a join link (`/join/ID?key=K`), a spectator's view
//! (`/watch/ID`), the visitor's games (`/games`), the settings (`/settings`), the endgame
//! trainer (`/learn/endgames`), the lessons (`/learn`), the opening trainer (`/learn/openings`)
//! and explorer (`/explorer`) and the puzzle trainer (`/puzzles`), these five loaded on
//! demand; any other path
//! shows "not found". Later pages add a `registerRoute` line here and an entry in `app/nav.ts`.
//! Nothing is drawn before the page's message catalogue is there (its fetch began in
//! index.html, in parallel with this script).

import { gamesView } from "./games";
import { registerServiceWorker } from "./app/offline";
import { notFoundPage } from "./app/notfound";
import { go, registerRoute, replace, startRouter, type Page } from "./app/router";
import { applySettings, settingsPage } from "./app/settings";
import { mountShell } from "./app/shell";
import { GamePage } from "./game/page";
import { joinGame } from "./game/join";
import { homePage } from "./home";
import {
  endgamesPage,
  ENDGAMES_ROUTE,
  explorerPage,
  EXPLORER_ROUTE,
  lessonsPage,
  LESSONS_ROUTE,
  openingsPage,
  OPENINGS_ROUTE,
  puzzlesPage,
  PUZZLES_ROUTE,
  analysisPage,
  ANALYSIS_ROUTE,
  editorPage,
  EDITOR_ROUTE,
  reviewPage,
  REVIEW_ROUTE,
  lobbyPage,
  LOBBY_ROUTE,
  accountPage,
  ACCOUNT_ROUTE,
  profilePage,
  PROFILE_ROUTE,
  tournamentsPage,
  TOURNAMENTS_ROUTE,
  gradingPage,
  GRADING_ROUTE,
} from "./learn/route";
import { startAccount } from "./account/session";
import { setLang, startLang, t } from "./i18n";
import { installPieceCss } from "./pieces";
import { savedGames, settings } from "./store";
import { el } from "./ui";

function gamePage(id: string, secret: string | null): Page {
  document.title = t("ui.title");
  return new GamePage(id, secret);
}

/** `/join/ID?key=K`: takes the free seat, then shows the game as `/game/ID`. */
function joinPage(id: string): Page {
  const root = el("main", { class: "join" }, [el("p", { class: "empty" }, ["…"])]);
  let live = true;
  const key = new URLSearchParams(location.search).get("key") ?? "";
  joinGame(id, key).then(
    () => {
      if (live) replace("/game/" + id);
    },
    (e) => {
      const code = (e as { code?: string }).code ?? "";
      root.replaceChildren(el("p", { class: "error", role: "alert" }, [t("ui.error." + code)]));
    },
  );
  return { root, render: () => undefined, destroy: () => (live = false) };
}

/** Shown, in all three languages, when no catalogue could be loaded (no network and none
 *  cached): the page cannot speak any language without one. */
function cannotLoad(outlet: HTMLElement): void {
  outlet.replaceChildren(
    el("main", { class: "not-found" }, [
      el("p", { role: "alert" }, ["The page could not load its texts. 页面文字未能加载。頁面文字未能載入。"]),
      el("p", {}, [el("a", { href: location.href, class: "button home-link" }, ["↻"])]),
    ]),
  );
}

async function start(): Promise<void> {
  const s = settings();
  installPieceCss();
  applySettings(s);
  const outlet = document.getElementById("app")!; // index.html has it
  try {
    await setLang(startLang(s.lang, navigator.languages));
  } catch (e) {
    console.error("no message catalogue:", e);
    cannotLoad(outlet);
    registerServiceWorker();
    return;
  }
  mountShell(outlet);
  startAccount();
  registerRoute(/^\/$/, () => homePage(go));
  registerRoute(/^\/game\/([0-9a-zA-Z]+)$/, (m) => gamePage(m[1], savedGames()[m[1]]?.secret ?? null));
  registerRoute(/^\/watch\/([0-9a-zA-Z]+)$/, (m) => gamePage(m[1], null));
  registerRoute(/^\/join\/([0-9a-zA-Z]+)$/, (m) => joinPage(m[1]));
  registerRoute(/^\/games$/, () => gamesView());
  registerRoute(/^\/settings$/, () => settingsPage());
  registerRoute(ENDGAMES_ROUTE, (m) => endgamesPage(m));
  registerRoute(OPENINGS_ROUTE, (m) => openingsPage(m));
  registerRoute(LESSONS_ROUTE, (m) => lessonsPage(m));
  registerRoute(EXPLORER_ROUTE, () => explorerPage());
  registerRoute(PUZZLES_ROUTE, (m) => puzzlesPage(m));
  registerRoute(ANALYSIS_ROUTE, () => analysisPage());
  registerRoute(EDITOR_ROUTE, () => editorPage());
  registerRoute(REVIEW_ROUTE, (m) => reviewPage(m));
  registerRoute(LOBBY_ROUTE, (m) => lobbyPage(m));
  registerRoute(ACCOUNT_ROUTE, (m) => accountPage(m));
  registerRoute(PROFILE_ROUTE, (m) => profilePage(m));
  registerRoute(TOURNAMENTS_ROUTE, (m) => tournamentsPage(m));
  registerRoute(GRADING_ROUTE, () => gradingPage());
  startRouter(outlet, (m) => notFoundPage(m[0]));
  registerServiceWorker();
}

void start();
