//! Joining a friend's game from the link they sent (`/join/ID?key=K`).

import { call } from "../api";
import type { Color } from "../chess";
import { saveGame, savedGames } from "../store";

/** Joins game `id` with its join key and remembers the seat; the seat's secret. */
export async function joinGame(id: string, key: string): Promise<string | null> {
  const have = savedGames()[id];
  try {
    const j = await call<{ id: string; secret: string; color: Color }>("POST", `/api/games/${id}/join`, { key });
    saveGame({ id, secret: j.secret, color: j.color, mode: "friend", created: Date.now() });
    return j.secret;
  } catch (e) {
    if (have) return have.secret;
    throw e;
  }
}
