//! What the main bundle lends the lazily loaded learning pages (`learn.js`: the endgame
//! trainer, the lessons, the opening trainer, the explorer and the puzzle trainer): the trainer is built as
//! its own script so the app's first load stays light, and it must not carry its own copies of
//! the modules that hold state (the message catalogue, the board's translations, the
//! settings' listeners). It imports only their types; the objects come through [`Host`].
//! `build.mjs` checks that `learn.js` bundles none of those modules.

import type { PlayersView } from "../api/types.gen";
import type { Board, BoardEvents, BoardView } from "../board";
import type { Color } from "../chess";
import type { Lang } from "../i18n";
import type { Page } from "../app/router";
import type { SoundKind } from "../sound";
import type { Settings } from "../store";

/** The app's services, as the trainer uses them. */
export interface Host {
  /** A message in the page's language: the trainer's own (`ui.eg.*`) or the app's. */
  t(key: string, args?: Record<string, string | number>): string;
  lang(): Lang;
  settings(): Settings;
  /** The app's board class. */
  Board: new (view: BoardView, events: BoardEvents) => Board;
  /** The app's move sounds (silent when the player turned sound off). */
  sound(kind: SoundKind): void;
  /** The app's picture of a position (no moves), labelled for screen readers. */
  miniBoard(fen: string, orientation: Color, label: string): HTMLElement;
  /** Keeps the seat's secret of a game between accounts (lobby, tournament) among the
   *  visitor's games, as the home page does for the games it creates, and opens `/game/{id}`. */
  openGame(id: string, secret: string, color: Color): void;
  /** Goes to a path of the app without reloading the page. */
  go(path: string): void;
}

/** What `learn.js` leaves on `window.__gxLearn` when it has run. */
export interface LearnModule {
  /** `/learn/endgames`: the list of exercises. */
  list(host: Host): Page;
  /** `/learn/endgames/{key}`: one exercise's lesson and play. */
  exercise(host: Host, key: string): Page;
  /** `/learn`: the course's map of lessons (src/lessons). */
  lessons(host: Host): Page;
  /** `/learn/{id}`: one lesson, step by step (src/lessons). */
  lesson(host: Host, id: string): Page;
  /** `/learn/openings` (key null) and `/learn/openings/{key}`: the opening trainer (src/openings). */
  openings(host: Host, key: string | null): Page;
  /** `/explorer`: the opening explorer over this server's games (src/openings). */
  explorer(host: Host): Page;
  /** `/puzzles` (id null) and `/puzzles/{id}`: the puzzle trainer (src/puzzles). */
  puzzles(host: Host, id: string | null): Page;
  /** `/analysis?fen=…&moves=…&ply=…&orientation=…&game=…`: the analysis board (src/analysis). */
  analysis(host: Host, query: URLSearchParams): Page;
  /** `/editor?fen=…`: the board editor (src/editor). */
  editor(host: Host, query: URLSearchParams): Page;
  /** `/review` (id null: paste or upload a PGN) and `/review/{id}`: a game review (src/review). */
  review(host: Host, id: string | null): Page;
  /** `/lobby` (room null) and `/lobby/{room}`: the lobby and its halls (src/lobby). */
  lobby(host: Host, room: string | null): Page;
  /** `/login`, `/signup`, `/account`: the account pages (src/account). */
  account(host: Host, which: "login" | "signup" | "account"): Page;
  /** `/@/{name}`: a player's profile (src/profile). */
  profile(host: Host, name: string): Page;
  /** `/tournaments` (id null) and `/tournaments/{id}` (src/tournament). */
  tournaments(host: Host, id: string | null): Page;
  /** `/grading`: Chinese grades, FIDE titles, the norm calculator (src/grading). */
  grading(host: Host): Page;
  /** The contents of the game page's players strip for a game between accounts (src/profile/strip.ts). */
  playersStrip(host: Host, view: PlayersView): Node[];
}

declare global {
  interface Window {
    __gxLearn?: LearnModule;
  }
}
