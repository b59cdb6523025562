//! The navigation bar's entries, as data: each later page adds its one line here (学习 Learn,
//! 练习 Puzzles, 分析 Analysis, 棋盘编辑 Editor, 大厅 Lobby, 比赛 Tournaments). Entries are shown
//! in this order; `learn: true` also lists the entry under the home page's "Learn" links.

export interface NavEntry {
  /** Where the entry leads. */
  path: string;
  /** Its catalogue key (`ui.nav.*`; a new page adds its key to the catalogue with its entry). */
  key: string;
  /** The paths on which the entry is marked as the current one. */
  match: RegExp;
  /** Listed among the home page's links into learning. */
  learn?: boolean;
}

export const NAV: NavEntry[] = [
  { path: "/", key: "ui.nav.play", match: /^\/((game|join|watch)\/|$)/ },
  { path: "/games", key: "ui.nav.games", match: /^\/games$/ },
  { path: "/learn", key: "ui.nav.learn", match: /^\/learn(\/|$)/, learn: true },
  { path: "/learn/openings", key: "ui.nav.openings", match: /^\/(learn\/openings(\/|$)|explorer$)/, learn: true },
  { path: "/learn/endgames", key: "ui.nav.endgames", match: /^\/learn\/endgames(\/|$)/, learn: true },
  { path: "/puzzles", key: "ui.nav.puzzles", match: /^\/puzzles(\/|$)/, learn: true },
  { path: "/analysis", key: "ui.nav.analysis", match: /^\/(analysis|editor|review)(\/|$)/ },
  { path: "/lobby", key: "ui.nav.lobby", match: /^\/lobby(\/|$)/ },
  { path: "/tournaments", key: "ui.nav.tournaments", match: /^\/tournaments(\/|$)/ },
];

/** The entry marked for `path`: the longest match wins, so `/games` is not "Play". */
export function currentEntry(path: string): NavEntry | null {
  let best: NavEntry | null = null;
  let len = -1;
  for (const e of NAV) {
    const m = path.match(e.match);
    if (m && m[0].length > len) {
      best = e;
      len = m[0].length;
    }
  }
  return best;
}
