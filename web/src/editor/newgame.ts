//! A game from the editor's position, started as the home page starts one: `POST /api/games`
//! with `fen` (the server refuses a position that cannot stand or a game that would be over at
//! once), then the seat's secret kept where the game page looks for it, then the game page.
//!
//! The app's store (`store.ts`) is not lent to `learn.js` (see `learn/host.ts`), so the seat is
//! written here in the store's own shape under the store's own key (`gx.games`, a map of
//! `SavedGame` by id, read afresh by the store each time).

import { call, type Created } from "../api";
import type { Color } from "../chess";

export type Opponent = "computer" | "friend";

export interface NewGame {
  mode: Opponent;
  fen: string;
  /** The computer's level, 1 to 8 (computer games only). */
  level?: number;
  color: Color | "random";
}

/** Creates the game and returns the path of its page. */
export async function startGame(g: NewGame): Promise<string> {
  const body: Record<string, unknown> = { mode: g.mode, fen: g.fen, color: g.color, clock: null };
  if (g.mode === "computer") body.level = g.level ?? 3;
  const created = await call<Created>("POST", "/api/games", body);
  remember({ id: created.id, secret: created.secret, color: created.color, mode: g.mode, created: Date.now(), join_url: created.join_url });
  return "/game/" + created.id;
}

/** The seat as `store.ts`'s `SavedGame`. */
interface Seat {
  id: string;
  secret: string;
  color: string;
  mode: string;
  created: number;
  join_url?: string | null;
}

function remember(seat: Seat): void {
  try {
    const all = JSON.parse(localStorage.getItem("gx.games") ?? "{}") as Record<string, Seat>;
    all[seat.id] = { ...all[seat.id], ...seat };
    localStorage.setItem("gx.games", JSON.stringify(all));
  } catch {
    /* private mode: the game opens, but cannot be resumed after a reload */
  }
}
