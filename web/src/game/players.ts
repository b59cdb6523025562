//! The players strip of a game between accounts (issue 19): when it shows and what it shows
//! (its look, the names, ratings, ranks and rating changes, is `profile/strip.ts` in
//! `learn.js`, loaded only for such a game). It reads `GET /api/games/{id}/players`;
//! a game not between accounts (`null`) shows nothing. The rating is computed by the server just
//! after the game ends, so at the end the strip asks again a few times until the change is there.

import { call } from "../api";
import type { PlayersView } from "../api/types.gen";
import { learnModule } from "../learn/route";
import { el } from "../ui";

/** How often, and how many times, the strip asks for the rating change after the end. */
const RETRY_MS = 700;
const RETRIES = 8;

export class PlayersStrip {
  readonly el: HTMLElement;
  private view: PlayersView | null = null;
  /** Not a game between accounts: nothing to show, ever. */
  private none = false;
  private finished = false;
  private tries = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private gone = false;
  private named = false;

  /** `loaded`: called when the players are first known (the page then names them on the board). */
  constructor(
    private readonly id: string,
    private readonly loaded: () => void = () => undefined,
  ) {
    this.el = el("div", { class: "players-strip", hidden: "" });
    void this.fetch();
  }

  /** The game's status as the page last saw it: at the end, fetch the rating changes. */
  update(status: string): void {
    if (status !== "finished" || this.finished || this.none) return;
    this.finished = true;
    this.tries = 0;
    void this.fetch();
  }

  destroy(): void {
    this.gone = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async fetch(): Promise<void> {
    try {
      this.view = await call<PlayersView | null>("GET", `/api/games/${encodeURIComponent(this.id)}/players`);
      this.none = this.view === null;
    } catch {
      this.view = null; // an unknown game, or the server is away
    }
    if (this.gone) return;
    const first = this.view !== null && !this.named;
    this.named ||= this.view !== null;
    this.render();
    if (first) this.loaded();
    const v = this.view;
    const waiting = v && this.finished && v.rated && v.white.diff === null;
    if (waiting && this.tries++ < RETRIES) this.timer = setTimeout(() => void this.fetch(), RETRY_MS);
  }

  /** The account's name on side `color`, once known (null for a game not between accounts). */
  name(color: "white" | "black"): string | null {
    return this.view?.[color].name ?? null;
  }

  /** Draws the strip: nothing for a game not between accounts; otherwise the learning
   *  script's look of it (`profile/strip.ts`), loaded the first time one is needed. */
  render(): void {
    const v = this.view;
    this.el.hidden = !v;
    if (!v) return this.el.replaceChildren();
    learnModule().then(
      ({ mod, host }) => {
        if (!this.gone && this.view === v) this.el.replaceChildren(...mod.playersStrip(host, v));
      },
      () => undefined, // the names are on the board already; the strip waits for the next render
    );
  }
}
