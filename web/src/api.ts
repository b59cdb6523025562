//! The server's API v1 (docs/API.md), as the page uses it: the wire types (generated in
//! `api/types.gen.ts`) under the page's names, and JSON over HTTP. One game's WebSocket is
//! `game/socket.ts`.

// The wire types are generated from the server's Rust types (crates/server/src/protocol)
// into ./api/types.gen.ts; the names below are the ones the page has always used.
import type * as wire from "./api/types.gen";

export type {
  Action,
  ClaimReason,
  ClockView,
  Control,
  ErrorBody,
  GameResponse,
  GameView,
  Mode,
  ServerMsg,
  Side,
  Status,
  TimeControl,
  You,
} from "./api/types.gen";

export type Clock = wire.ClockView;
export type May = wire.May;
/** A game as the page keeps it: the view, and (from HTTP or the socket) who we are and what we may do. */
export type GameState = wire.GameView & { you?: wire.You | null; may?: wire.May };

export class ApiError extends Error {
  constructor(
    public code: string,
    message: string,
    public status: number,
  ) {
    super(message);
  }
}

export async function call<T>(method: string, path: string, body?: unknown, secret?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (secret) headers["x-game-secret"] = secret;
  // The session's CSRF token (issue 19, docs/API.md "Accounts"): the readable `gx_csrf` cookie,
  // sent back on every request that changes something.
  const csrf = method === "GET" ? null : /(?:^|;\s*)gx_csrf=([^;]+)/.exec(document.cookie)?.[1];
  if (csrf) headers["x-csrf-token"] = decodeURIComponent(csrf);
  let resp: Response;
  try {
    resp = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError("network", "the server cannot be reached", 0);
  }
  const data = await resp.json().catch(() => null);
  if (!resp.ok) {
    throw new ApiError(data?.error ?? "http_" + resp.status, data?.message ?? resp.statusText, resp.status);
  }
  return data as T;
}

export type Created = wire.Created;
export type Explained = wire.Explained;

export function explain(fen: string, uci: string, lang: string): Promise<Explained> {
  const q = new URLSearchParams({ fen, move: uci, lang });
  return call<Explained>("GET", "/api/explain?" + q.toString());
}

