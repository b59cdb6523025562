//! What the browser remembers (localStorage): settings (language, piece style, board theme,
//! sound, notation) and the secrets of the games played here, so they can be resumed.

import type { Lang } from "./i18n";
import type { PieceStyle } from "./pieces";
import type { Notation, Color } from "./chess";

export type BoardTheme = "wood" | "jade" | "ocean";
export const BOARD_THEMES: BoardTheme[] = ["wood", "jade", "ocean"];

export interface Settings {
  lang: Lang | null;
  pieces: PieceStyle;
  board: BoardTheme;
  sound: boolean;
  notation: Notation;
  coordinates: boolean;
}

const DEFAULTS: Settings = { lang: null, pieces: "flat", board: "wood", sound: true, notation: "letters", coordinates: true };

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
