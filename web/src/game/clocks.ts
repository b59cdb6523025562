//! The game's two clocks as the player sees them: the time left counts down between the
//! server's states (which give each side's time as of when they arrive), redrawn ten times a
//! second, red under ten seconds, with one warning sound when the player's own time runs low;
//! a side that berserked (arena games) has its clock marked ⚡.

import type { GameState } from "../api";
import type { Color } from "../chess";
import { play } from "../sound";
import { formatClock } from "../ui";

/** Under this many milliseconds a clock shows tenths, turns red and warns once. */
const LOW_MS = 10000;

export class Clocks {
  private receivedAt = 0;
  private lowTimeWarned = false;
  private readonly timer: number;

  /**
   * Draws into the `.clock` elements (with `data-color`) under `root`; `view` gives the last
   * state and the colour this player plays (null: none).
   */
  constructor(
    private readonly root: HTMLElement,
    private readonly view: () => { st: GameState | null; me: Color | null },
  ) {
    this.timer = window.setInterval(() => this.render(), 100);
  }

  /** A state has just arrived: its clock readings are as of now. */
  received(): void {
    this.receivedAt = performance.now();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Time left to `c` now, in ms (null: an untimed game). */
  remaining(c: Color): number | null {
    const st = this.view().st;
    const clock = st?.clock;
    if (!clock) return null;
    const base = c === "white" ? clock.white_ms : clock.black_ms;
    const running = st?.status === "active" && clock.running === c;
    return Math.max(0, base - (running ? performance.now() - this.receivedAt : 0));
  }

  render(): void {
    const { st: s, me } = this.view();
    if (!s) return;
    for (const box of this.root.querySelectorAll<HTMLElement>(".clock")) {
      const c = box.dataset.color as Color;
      const ms = this.remaining(c);
      box.textContent = ms === null ? "—" : formatClock(ms);
      box.classList.toggle("running", s.status === "active" && s.clock?.running === c);
      box.classList.toggle("low", ms !== null && ms < LOW_MS);
      box.classList.toggle("berserk", s.berserk[c]);
    }
    const mine = me ? this.remaining(me) : null;
    if (mine !== null && mine < LOW_MS && s.status === "active" && s.clock?.running === me) {
      if (!this.lowTimeWarned) {
        this.lowTimeWarned = true;
        play("lowtime");
      }
    } else if (mine !== null && mine >= LOW_MS) this.lowTimeWarned = false;
  }
}
