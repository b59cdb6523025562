//! The server's API v1 (docs/API.md), as the page uses it: JSON over HTTP and one
//! WebSocket per game, which reconnects by itself and acknowledges every state so the
//! server can measure the lag it credits to our clock.

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

export type Incoming = wire.ServerMsg;

/** One game's WebSocket: reconnects with back-off until closed or the game ends. */
export class GameSocket {
  private ws: WebSocket | null = null;
  private nextId = 1;
  private closed = false;
  private retry = 0;
  private ended = false;
  private pending = new Map<number, (err: { error: string; message: string } | null) => void>();

  constructor(
    private gameId: string,
    private secret: string | null,
    private onState: (s: GameState, may: May) => void,
    private onStatus: (connected: boolean) => void,
  ) {
    this.open();
  }

  private open(): void {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = this.secret ? "?secret=" + encodeURIComponent(this.secret) : "";
    const ws = new WebSocket(`${proto}//${location.host}/api/games/${this.gameId}/ws${q}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.onStatus(true);
    };
    ws.onmessage = (ev) => {
      let msg: Incoming;
      try {
        msg = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (msg.t === "hello" || msg.t === "state") {
        ws.send(JSON.stringify({ t: "ack", seq: msg.seq }));
        const st = { ...msg.state, you: msg.you };
        if (st.status === "finished") this.ended = true;
        this.onState(st, msg.may);
      } else if (msg.t === "ok" || msg.t === "error") {
        const done = typeof msg.id === "number" ? this.pending.get(msg.id) : undefined;
        if (done) {
          this.pending.delete(msg.id as number);
          done(msg.t === "ok" ? null : { error: msg.error, message: msg.message });
        }
      }
    };
    ws.onclose = () => {
      this.onStatus(false);
      for (const done of this.pending.values()) done({ error: "network", message: "connection lost" });
      this.pending.clear();
      if (this.closed || this.ended) return;
      const wait = Math.min(5000, 250 * 2 ** this.retry++);
      setTimeout(() => this.open(), wait);
    };
  }

  /** Sends an action; resolves with null when accepted, or the error. */
  send(action: wire.Action | Record<string, unknown>): Promise<{ error: string; message: string } | null> {
    return new Promise((resolve) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        resolve({ error: "network", message: "not connected" });
        return;
      }
      const id = this.nextId++;
      this.pending.set(id, resolve);
      this.ws.send(JSON.stringify({ ...action, id }));
    });
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}
