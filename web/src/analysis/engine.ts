//! The analysis board's hold on the engine in the browser (`WasmEngine`): loaded once when
//! first wanted, then asked to search each position the board shows until the position
//! changes or the reader turns it off. Answers of a search that is no longer wanted are
//! dropped, so the lines always belong to the position on the board. When the engine cannot
//! load (not built, no WebAssembly) the state says so and the page goes on without it.

import { WasmEngine, type EngineLine } from "../engine/client";

export type EngineState = "off" | "loading" | "running" | "done" | "unavailable";

export interface Analysis {
  fen: string;
  lines: EngineLine[];
}

export class Analyser {
  private engine: WasmEngine | null = null;
  private loading: Promise<WasmEngine | null> | null = null;
  private generation = 0;
  private live = true;
  state: EngineState = "off";
  /** The last lines, for the position they belong to. */
  current: Analysis | null = null;

  constructor(private changed: () => void) {}

  private load(): Promise<WasmEngine | null> {
    if (!this.loading) {
      this.state = "loading";
      this.changed();
      this.loading = WasmEngine.load().then(
        (e) => {
          if (!this.live) {
            e.destroy();
            return null;
          }
          this.engine = e;
          return e;
        },
        () => {
          this.state = "unavailable";
          this.changed();
          return null;
        },
      );
    }
    return this.loading;
  }

  /** Searches `fen` with `multipv` lines until `stop`, a new `analyse` or `destroy`. A
   *  position with no legal move is not searched (`final`). */
  async analyse(fen: string, multipv: number, final = false): Promise<void> {
    const gen = ++this.generation;
    this.current = { fen, lines: [] };
    this.engine?.stop();
    if (final) {
      if (this.state !== "unavailable") this.state = "done";
      this.changed();
      return;
    }
    const engine = await this.load();
    if (!engine || gen !== this.generation) return;
    this.state = "running";
    this.changed();
    try {
      const res = await engine.go({ fen, multipv, infinite: true }, (lines) => {
        if (gen !== this.generation) return;
        this.current = { fen, lines };
        this.changed();
      });
      if (gen !== this.generation) return;
      if (res.lines.length) this.current = { fen, lines: res.lines };
      this.state = "done";
      this.changed();
    } catch {
      if (gen !== this.generation) return;
      this.state = "unavailable";
      this.changed();
    }
  }

  /** Stops searching; the last lines stay. */
  stop(): void {
    this.generation++;
    this.engine?.stop();
    if (this.state !== "unavailable") this.state = "off";
    this.changed();
  }

  /** The best move found for `fen`, if the lines are for it. */
  best(fen: string): string | null {
    const c = this.current;
    return c && c.fen === fen && c.lines[0]?.pv[0] ? c.lines[0].pv[0] : null;
  }

  destroy(): void {
    this.live = false;
    this.generation++;
    this.engine?.destroy();
    this.engine = null;
  }
}
