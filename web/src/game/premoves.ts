//! The queue of premoves: moves the player enters while the opponent is to move, played in
//! order as the turn comes back. Several may be queued; the server holds only the first (one
//! `premove` message at a time), so this queue keeps the rest and keeps both in step. Every
//! change to the queue is made here.

import type { GameState } from "../api";
import type { GameSocket } from "./socket";
import { applyUci, type Color, type Placement } from "../chess";

/** What the queue needs from the page that owns it. */
export interface PremoveHost {
  /** The game as last received from the server. */
  state(): GameState | null;
  /** The colour this player plays (null: a spectator, or both sides on one screen). */
  me(): Color | null;
  send(action: Parameters<GameSocket["send"]>[0]): ReturnType<GameSocket["send"]> | undefined;
  /** Plays a move now (it is this player's turn). */
  play(uci: string): void;
  /** The queue changed outside a render: draw the page again. */
  changed(): void;
}

export class PremoveQueue {
  private queue: string[] = [];
  /** The premove the server holds, until it is played or refused. */
  private sent: string | null = null;

  constructor(private readonly host: PremoveHost) {}

  /** The queued moves (UCI), first to be played first. */
  get moves(): readonly string[] {
    return this.queue;
  }

  /** The placement the player sees: `placement` with every queued move made. */
  after(placement: Placement): Placement {
    let p = placement;
    for (const uci of this.queue) p = applyUci(p, uci);
    return p;
  }

  /** Queues a premove; the first goes to the server at once. */
  add(uci: string): void {
    this.queue.push(uci);
    if (this.queue.length === 1) this.sendFirst(uci);
  }

  /** Drops every queued premove, the one the server holds too. */
  cancel(): void {
    if (!this.queue.length) return;
    this.queue = [];
    if (this.sent) void this.host.send({ t: "premove", uci: null });
    this.sent = null;
    this.host.changed();
  }

  /** A new state from the server (`prev` the one before): keeps the queue in step with it. */
  sync(prev: GameState | null, s: GameState): void {
    const me = this.host.me();
    if (!me || !this.queue.length) return;
    if (s.status !== "active") {
      this.clear();
      return;
    }
    if (prev && s.moves.length > prev.moves.length) {
      const played = s.moves.slice(prev.moves.length);
      if (this.sent && played.includes(this.sent) && s.turn !== me) {
        this.queue.shift();
        this.sent = null;
      }
    }
    if (s.turn === me) {
      // The server could not play our premove: it was illegal after the reply.
      const first = this.queue[0];
      if (first && s.legal.includes(first)) {
        this.queue.shift();
        this.sent = null;
        this.host.play(first);
      } else {
        this.clear();
      }
      return;
    }
    if (!this.sent && this.queue.length) this.sendFirst(this.queue[0]);
  }

  private clear(): void {
    this.queue = [];
    this.sent = null;
  }

  private sendFirst(uci: string): void {
    this.sent = uci;
    void this.host.send({ t: "premove", uci })?.then((err) => {
      if (err && this.sent === uci) {
        this.sent = null;
        const s = this.host.state();
        if (s && s.turn === this.host.me() && s.legal.includes(uci)) {
          this.queue.shift();
          this.host.play(uci);
        } else {
          this.queue = [];
        }
        this.host.changed();
      }
    });
  }
}
