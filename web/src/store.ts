//! What the browser remembers (localStorage): settings (language, piece style, board theme,
//! sound, notation, coordinates, light/dark theme, move confirmation), the last settings of
//! the home page's form for each mode, and the secrets of the games played here, so they can
//! be resumed.

import type { Lang } from "./i18n";
import type { PieceStyle } from "./pieces";
import type { Notation, Color } from "./chess";

export type BoardTheme = "wood" | "jade" | "ocean";
export const BOARD_THEMES: BoardTheme[] = ["wood", "jade", "ocean"];

/** The page's colours: light, dark, or as the system says. */
export type Theme = "light" | "dark" | "auto";
export const THEMES: Theme[] = ["auto", "light", "dark"];

export interface Settings {
  lang: Lang | null;
  pieces: PieceStyle;
  board: BoardTheme;
  sound: boolean;
  notation: Notation;
  coordinates: boolean;
  theme: Theme;
  /** Touch-move online: a move is played only after a confirming click or key. */
  confirmMove: boolean;
}

const DEFAULTS: Settings = {
  lang: null,
  pieces: "flat",
  board: "wood",
  sound: true,
  notation: "letters",
  coordinates: true,
  theme: "auto",
  confirmMove: false,
};

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? { ...fallback, ...JSON.parse(raw) } : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode or full storage: the setting lasts for this page only */
  }
}

export function settings(): Settings {
  return read("gx.settings", DEFAULTS);
}

export function saveSettings(change: Partial<Settings>): Settings {
  const next = { ...settings(), ...change };
  write("gx.settings", next);
  return next;
}

export interface SavedGame {
  id: string;
  secret: string;
  color: Color | "both";
  mode: string;
  created: number;
  learning?: boolean;
  join_url?: string;
  finished?: boolean;
}

export function savedGames(): Record<string, SavedGame> {
  return read("gx.games", {} as Record<string, SavedGame>);
}

export function saveGame(g: SavedGame): void {
  const all = savedGames();
  all[g.id] = { ...all[g.id], ...g };
  // Keep the newest 200.
  const kept = Object.values(all)
    .sort((a, b) => b.created - a.created)
    .slice(0, 200);
  write("gx.games", Object.fromEntries(kept.map((x) => [x.id, x])));
}

/** The kinds of game the home page starts. */
export type PlayMode = "computer" | "friend" | "hotseat";

/** What the home page's form for one mode last started (absent fields: the form's defaults). */
export interface LastSettings {
  level?: number;
  color?: "white" | "black" | "random";
  /** A preset ("5+0"), "" for no clock, or "custom". */
  clock?: string;
  minutes?: number;
  increment?: number;
  learning?: boolean;
}

/** The settings the form for `mode` last started a game with ({} before the first). */
export function lastSettings(mode: PlayMode): LastSettings {
  return read<Record<string, LastSettings>>("gx.last", {})[mode] ?? {};
}

/** Remembers what the form for `mode` started a game with. */
export function saveLastSettings(mode: PlayMode, form: LastSettings): void {
  const all = read<Record<string, LastSettings>>("gx.last", {});
  all[mode] = form;
  write("gx.last", all);
}
