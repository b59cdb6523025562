//! One game's WebSocket: acknowledges every state (the server measures the lag it credits to
//! our clock), answers each action with the server's verdict, and reconnects after a lost
//! connection with back-off (1 s, 2 s, 4 s … at most 30 s) — but never after a clean close of
//! a finished game, nor when a finished game's socket cannot be opened (the page has the
//! final state from HTTP then), so a finished game never loops on reconnects.

import type { GameState, May } from "../api";
import type * as wire from "../api/types.gen";

/** The longest wait between two reconnects, in ms. */
export const MAX_BACKOFF_MS = 30000;

/** The wait before reconnect number `attempt` (0-based): 1 s, 2 s, 4 s … 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempt, 15));
}

export type ActionResult = { error: string; message: string } | null;

export class GameSocket {
  private ws: WebSocket | null = null;
  private nextId = 1;
  private closed = false;
  private retry = 0;
  private finished = false;
  private timer = 0;
  private pending = new Map<number, (err: ActionResult) => void>();

  constructor(
    private readonly gameId: string,
    private readonly secret: string | null,
    private readonly onState: (s: GameState, may: May) => void,
    private readonly onStatus: (connected: boolean) => void,
  ) {
    this.open();
  }

  /** The game is known to be over (from HTTP): a failed or closed socket is not retried. */
  markFinished(): void {
    this.finished = true;
  }

  private open(): void {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = this.secret ? "?secret=" + encodeURIComponent(this.secret) : "";
    const ws = new WebSocket(`${proto}//${location.host}/api/games/${this.gameId}/ws${q}`);
    this.ws = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.retry = 0;
      this.onStatus(true);
    };
    ws.onmessage = (ev) => {
      let msg: wire.ServerMsg;
      try {
        msg = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (msg.t === "hello" || msg.t === "state") {
        ws.send(JSON.stringify({ t: "ack", seq: msg.seq }));
        const st: GameState = { ...msg.state, you: msg.you };
        if (st.status === "finished") this.finished = true;
        this.onState(st, msg.may);
      } else if (msg.t === "ok" || msg.t === "error") {
        const done = typeof msg.id === "number" ? this.pending.get(msg.id) : undefined;
        if (done) {
          this.pending.delete(msg.id as number);
          done(msg.t === "ok" ? null : { error: msg.error, message: msg.message });
        }
      }
    };
    ws.onclose = (ev) => {
      if (this.ws === ws) this.ws = null;
      this.onStatus(false);
      for (const done of this.pending.values()) done({ error: "network", message: "connection lost" });
      this.pending.clear();
      if (this.closed) return;
      if (this.finished && (ev.wasClean || !opened)) return;
      this.timer = window.setTimeout(() => this.open(), backoffMs(this.retry++));
    };
  }

  /** Whether the socket is open now. */
  get connected(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  /** Sends an action; resolves with null when accepted, or the error. */
  send(action: wire.Action | Record<string, unknown>): Promise<ActionResult> {
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
    clearTimeout(this.timer);
    this.ws?.close();
  }
}
