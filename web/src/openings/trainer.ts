//! `/learn/openings/{key}?colour=white|black`: the trainer. The learner plays one side of the
//! opening from memory; the computer plays the other side's book moves, varying among them
//! (book.ts) and leaning toward the line due for review (srs.ts). A book move is answered
//! "right" with its note; any other move is shown on the board for a moment, then taken back,
//! and the book move(s) are drawn as arrows with why they matter (the note of the move, else
//! the opening's ideas) until the learner plays one. At the end of a line its result goes to
//! the spaced repetition, and "next line" opens the next one due. Every position links to the
//! explorer. Moves are checked by the server's rules core (`/api/explain`), which also gives
//! the exact position after each move.

import type { Board } from "../board";
import { displaySan, parseUci, placementOf, rankOf, sqName, START_FEN, type Color, type Placement, type Sq } from "../chess";
import type { Marks } from "../game/marks";
import type { Page } from "../app/router";
import { button, el } from "../ui";
import { explain, repertoire, textIn, type Line, type Repertoire } from "./api";
import { bookMoves, finished, pickMove, type BookMove } from "./book";
import type { Host } from "../learn/host";
import { trainerHref } from "./list";
import { cardKey, isDue, load, nextLine, record, tally, type Card } from "./srs";

/** How long the computer waits before its move, and a wrong move stays on the board. */
const REPLY_DELAY_MS = 500;
const WRONG_SHOWN_MS = 900;
/** The computer's leaning: the line chosen for review, other lines due, the rest. */
const WEIGHT_CHOSEN = 6;
const WEIGHT_DUE = 3;
const WEIGHT_OTHER = 1;

type Phase = "loading" | "learner" | "computer" | "wrong" | "done";

interface Ply {
  uci: string;
  san: string;
  /** The position after the move. */
  fen: string;
}

type Said =
  | { kind: "good"; san: string; note: string | null }
  | { kind: "reply"; san: string }
  | { kind: "wrong"; san: string }
  | { kind: "illegal"; why: string };

/** The query's colour, if it names one. */
function colourOf(search: string): Color | null {
  const c = new URLSearchParams(search).get("colour");
  return c === "white" || c === "black" ? c : null;
}

export function trainerPage(host: Host, key: string): Page {
  const root = el("div", { class: "op-trainer" });
  let view: Trainer | null = null;
  let error: string | null = null;
  let live = true;
  const render = () => {
    if (!live) return;
    if (view) return view.render();
    const t = host.t;
    root.replaceChildren(
      el("p", {}, [el("a", { href: "/learn/openings", class: "op-back" }, [t("ui.op.back")])]),
      error ? el("p", { class: "error", role: "alert" }, [error]) : el("p", { class: "empty" }, ["…"]),
    );
  };
  repertoire().then(
    (r) => {
      if (!live) return;
      const rep = r.openings.find((o) => o.key === key);
      if (!rep || !rep.lines.length) {
        error = host.t("ui.op.unknown", { key });
        return render();
      }
      view = new Trainer(host, rep, colourOf(location.search) ?? rep.colour);
      root.replaceChildren(view.root);
    },
    (e: unknown) => {
      error = host.t("ui.op.error", { message: (e as Error).message });
      render();
    },
  );
  render();
  return {
    root,
    render,
    destroy: () => {
      live = false;
      view?.destroy();
    },
  };
}

class Trainer {
  readonly root: HTMLElement;
  private board: Board;
  private line!: Line;
  private played: Ply[] = [];
  private placement: Placement = placementOf(START_FEN);
  private lastMove: [Sq, Sq] | null = null;
  private phase: Phase = "loading";
  private mistakes = 0;
  private said: Said | null = null;
  /** The book moves shown after a mistake (until one is played). */
  private shown: BookMove[] | null = null;
  private card: Card | null = null;
  private ahead = false;
  private error: string | null = null;
  private timer = 0;
  /** Bumped at each new line, so answers for an older one are dropped. */
  private run = 0;
  private live = true;
  private head = el("div", { class: "op-head" });
  private status = el("div", { class: "op-status" });
  private showButton = button("", () => this.reveal(), "op-show secondary");
  private explorerLink = el("a", { class: "op-in-explorer" });
  private panel = el("div", { class: "op-panel" }, [this.status, el("div", { class: "op-tools" }, [this.showButton, this.explorerLink])]);

  constructor(
    private host: Host,
    private rep: Repertoire,
    private colour: Color,
  ) {
    this.board = new host.Board(
      {
        placement: this.placement,
        orientation: colour,
        lastMove: null,
        check: null,
        dests: new Map(),
        premoveDests: null,
        free: false,
        movable: colour,
        premoves: [],
        coordinates: host.settings().coordinates,
      },
      { move: (from, to) => void this.tried(from, to), cancelPremoves: () => undefined },
    );
    this.root = el("div", { class: "op-train", "data-key": rep.key, "data-colour": colour }, [
      this.head,
      el("div", { class: "op-play" }, [el("div", { class: "op-board" }, [this.board.el]), this.panel]),
    ]);
    this.start(this.pickLine());
  }

  destroy(): void {
    this.live = false;
    clearTimeout(this.timer);
  }

  private pickLine(): Line {
    const now = Date.now();
    const store = load();
    const line = nextLine(this.rep.key, this.colour, this.rep.lines, now, store);
    this.ahead = !isDue(store[cardKey(this.rep.key, this.colour, line)], now);
    return line;
  }

  private get fen(): string {
    return this.played.length ? this.played[this.played.length - 1].fen : START_FEN;
  }

  private get ucis(): string[] {
    return this.played.map((p) => p.uci);
  }

  private get turn(): Color {
    return this.played.length % 2 === 0 ? "white" : "black";
  }

  /** Starts `line` from the initial position. */
  private start(line: Line): void {
    clearTimeout(this.timer);
    this.run++;
    this.line = line;
    this.played = [];
    this.placement = placementOf(START_FEN);
    this.lastMove = null;
    this.mistakes = 0;
    this.said = null;
    this.shown = null;
    this.card = null;
    this.error = null;
    this.next();
  }

  /** Whose move it is now: the line's end, the computer's turn, or the learner's. */
  private next(): void {
    const done = finished(this.rep.lines, this.ucis);
    const more = bookMoves(this.rep.lines, this.ucis).length > 0;
    if (done && (!more || this.turn === this.colour)) {
      this.line = done;
      this.card = record(this.rep.key, this.colour, done, this.mistakes);
      this.phase = "done";
      this.host.sound("end");
    } else if (!more) {
      this.phase = "done";
    } else if (this.turn === this.colour) {
      this.phase = "learner";
    } else {
      this.phase = "computer";
      const run = this.run;
      this.timer = window.setTimeout(() => void this.computer(run), REPLY_DELAY_MS);
    }
    this.render();
  }

  private weight = (l: Line): number => {
    if (l === this.line) return WEIGHT_CHOSEN;
    return isDue(load()[cardKey(this.rep.key, this.colour, l)], Date.now()) ? WEIGHT_DUE : WEIGHT_OTHER;
  };

  private async computer(run: number): Promise<void> {
    const m = pickMove(this.rep.lines, this.ucis, this.weight, Math.random());
    if (!m) return this.next();
    const ok = await this.apply(m.uci, m.san, run);
    if (!ok) return;
    this.said = { kind: "reply", san: m.san };
    if (!m.lines.includes(this.line)) this.line = m.lines[0];
    this.next();
  }

  /** Plays `uci` (a book move) on the board: asks the rules core for the position after it. */
  private async apply(uci: string, san: string, run: number): Promise<boolean> {
    let fen: string;
    try {
      const r = await explain(this.fen, uci, this.host.lang());
      if (!r.legal || !r.fen_after) throw new Error(`${san}: ${r.message ?? "illegal"}`);
      fen = r.fen_after;
      san = r.san ?? san;
    } catch (e) {
      if (!this.live || run !== this.run) return false;
      this.error = (e as Error).message;
      this.render();
      return false;
    }
    if (!this.live || run !== this.run) return false;
    const u = parseUci(uci);
    const captures = u !== null && this.placement.has(u.to);
    this.played.push({ uci, san, fen });
    this.placement = placementOf(fen);
    this.lastMove = u ? [u.from, u.to] : null;
    this.host.sound(san.includes("+") ? "check" : captures ? "capture" : "move");
    return true;
  }

  /** The learner's move from the board. */
  private async tried(from: Sq, to: Sq): Promise<void> {
    if (this.phase !== "learner") return;
    const run = this.run;
    const piece = this.placement.get(from);
    let uci = sqName(from) + sqName(to);
    if (piece?.role === "p" && (rankOf(to) === 7 || rankOf(to) === 0)) uci += "q";
    const book = bookMoves(this.rep.lines, this.ucis);
    const hit = book.find((m) => m.uci === uci);
    if (hit) {
      this.phase = "computer"; // nothing more from the board until the move is placed
      const ok = await this.apply(hit.uci, hit.san, run);
      if (!ok) {
        if (run === this.run) this.phase = "learner";
        return this.render();
      }
      this.said = { kind: "good", san: hit.san, note: hit.note ? textIn(hit.note, this.host.lang()) : null };
      this.shown = null;
      if (!hit.lines.includes(this.line)) this.line = hit.lines[0];
      return this.next();
    }
    this.phase = "wrong";
    this.mistakes++;
    this.render();
    let legal = false;
    try {
      const r = await explain(this.fen, uci, this.host.lang());
      if (!this.live || run !== this.run) return;
      if (r.legal && r.fen_after) {
        legal = true;
        this.said = { kind: "wrong", san: r.san ?? uci };
        this.placement = placementOf(r.fen_after);
        this.lastMove = [from, to];
        this.host.sound("move");
      } else {
        this.said = { kind: "illegal", why: r.message ?? "" };
      }
    } catch (e) {
      if (!this.live || run !== this.run) return;
      this.said = { kind: "illegal", why: (e as Error).message };
    }
    this.root.dataset.wrong = uci;
    this.render();
    // The wrong move stays a moment, then goes back and the book moves are shown.
    this.timer = window.setTimeout(
      () => {
        if (!this.live || run !== this.run) return;
        this.placement = placementOf(this.fen);
        const last = this.played[this.played.length - 1];
        const u = last ? parseUci(last.uci) : null;
        this.lastMove = u ? [u.from, u.to] : null;
        this.shown = book;
        this.phase = "learner";
        delete this.root.dataset.wrong;
        this.render();
      },
      legal ? WRONG_SHOWN_MS : 0,
    );
  }

  /** "Show me the move": the book moves, counted as a mistake. */
  private reveal(): void {
    if (this.phase !== "learner" || this.shown) return;
    this.mistakes++;
    this.shown = bookMoves(this.rep.lines, this.ucis);
    this.render();
  }

  private san(s: string): string {
    return displaySan(s, this.host.settings().notation, this.host.lang() === "zh-TW");
  }

  private marks(): Marks {
    const arrows: Marks["arrows"] = [];
    for (const m of this.shown ?? []) {
      const u = parseUci(m.uci);
      if (u) arrows.push({ from: u.from, to: u.to, kind: "tried" });
    }
    return { arrows, squares: [] };
  }

  private whenText(card: Card): string {
    const t = this.host.t;
    const ms = card.due - Date.now();
    const days = Math.round(ms / 86_400_000);
    if (days >= 2) return t("ui.op.when.days", { n: days });
    if (days === 1) return t("ui.op.when.day");
    return t("ui.op.when.minutes", { n: Math.max(1, Math.round(ms / 60_000)) });
  }

  private sayings(): HTMLElement[] {
    const t = this.host.t;
    const lang = this.host.lang();
    const out: HTMLElement[] = [];
    const s = this.said;
    if (s?.kind === "good") {
      out.push(el("p", { class: "op-said good", "data-kind": "good" }, [t("ui.op.good", { san: this.san(s.san) })]));
      if (s.note) out.push(el("p", { class: "op-note" }, [s.note]));
    } else if (s?.kind === "reply") {
      out.push(el("p", { class: "op-said reply", "data-kind": "reply" }, [t("ui.op.reply", { san: this.san(s.san) })]));
    } else if (s?.kind === "wrong") {
      out.push(el("p", { class: "op-said wrong", "data-kind": "wrong" }, [t("ui.op.wrong", { san: this.san(s.san) })]));
    } else if (s?.kind === "illegal") {
      out.push(el("p", { class: "op-said wrong", "data-kind": "illegal" }, [t("ui.op.illegal", { why: s.why })]));
    }
    const shown = this.shown;
    if (shown?.length) {
      const sep = lang === "en" ? ` ${t("ui.op.or")} ` : t("ui.op.or");
      const sans = shown.map((m) => this.san(m.san)).join(sep);
      out.push(el("p", { class: "op-right", "data-uci": shown.map((m) => m.uci).join(" ") }, [t(shown.length > 1 ? "ui.op.right_many" : "ui.op.right", { san: sans })]));
      const note = shown.find((m) => m.note)?.note;
      out.push(el("p", { class: "op-why" + (note ? " note" : " ideas") }, [t("ui.op.why", { text: note ? textIn(note, lang) : textIn(this.rep.ideas, lang) })]));
    }
    return out;
  }

  private movesList(): HTMLElement {
    const items: HTMLElement[] = [];
    this.played.forEach((p, i) => {
      const prefix = i % 2 === 0 ? `${i / 2 + 1}. ` : "";
      items.push(el("li", { class: "op-ply" + (i % 2 === (this.colour === "white" ? 0 : 1) ? " mine" : ""), "data-uci": p.uci }, [prefix + this.san(p.san)]));
    });
    return el("ol", { class: "op-moves", "aria-label": this.host.t("ui.op.moves") }, items);
  }

  private result(): HTMLElement | null {
    if (this.phase !== "done") return null;
    const t = this.host.t;
    const card = this.card;
    const parts: HTMLElement[] = [el("p", { class: "op-done" }, [t("ui.op.done")])];
    if (card) {
      const when = this.whenText(card);
      parts.push(el("p", { class: "op-when", "data-box": String(card.box) }, [
        this.mistakes ? t("ui.op.done.mistakes", { n: this.mistakes, when }) : t("ui.op.done.clean", { when }),
      ]));
    }
    parts.push(el("div", { class: "op-actions" }, [
      button(t("ui.op.again"), () => this.start(this.line), "op-again secondary"),
      button(t("ui.op.next_line"), () => this.start(this.pickLine()), "op-next primary"),
    ]));
    return el("section", { class: "op-result" + (this.mistakes ? " mistakes" : " clean"), "data-mistakes": String(this.mistakes) }, parts);
  }

  render(): void {
    if (!this.live) return;
    const t = this.host.t;
    const lang = this.host.lang();
    const name = textIn(this.rep.name, lang);
    document.title = `${name} · ${t("ui.op.title")} · ${t("ui.title")}`;
    const other: Color = this.colour === "white" ? "black" : "white";
    const n = tally(this.rep.key, this.colour, this.rep.lines);
    const index = this.rep.lines.indexOf(this.line);
    this.head.replaceChildren(
      el("a", { href: "/learn/openings", class: "op-back" }, [t("ui.op.back")]),
      el("h1", {}, [el("span", { class: "op-name" }, [name]), " ", el("span", { class: "op-eco" }, [this.rep.eco])]),
      el("p", { class: "op-you" }, [
        t("ui.op.you." + this.colour), " ",
        el("a", { href: trainerHref(this.rep.key, other), class: "op-switch" }, [t("ui.op.switch." + other)]),
      ]),
      el("p", { class: "op-tally", "data-known": String(n.known), "data-due": String(n.due) }, [t("ui.op.tally", { known: n.known, total: n.total, due: n.due })]),
    );
    const r = this.root.dataset;
    r.phase = this.phase;
    r.fen = this.fen;
    r.moves = this.ucis.join(" ");
    r.line = this.line.uci.join(" ");
    r.mistakes = String(this.mistakes);
    this.board.update({
      placement: this.placement,
      lastMove: this.lastMove,
      check: null,
      free: this.phase === "learner",
      movable: this.phase === "learner" ? this.colour : null,
      coordinates: this.host.settings().coordinates,
      marks: this.marks(),
    });
    const status: (HTMLElement | null)[] = [
      el("p", { class: "op-line" }, [t("ui.op.line_of", { n: index + 1, total: this.rep.lines.length }), ...(this.ahead ? [" · ", t("ui.op.ahead")] : [])]),
      el("p", { class: "op-turn" }, [this.phase === "learner" ? t("ui.op.your_move") : this.phase === "computer" ? t("ui.op.waiting") : ""]),
      el("div", { class: "op-coach", role: "status", "aria-live": "polite" }, this.sayings()),
      this.error ? el("p", { class: "error", role: "alert" }, [t("ui.op.error", { message: this.error })]) : null,
      this.result(),
      this.movesList(),
      this.mistakes ? el("p", { class: "op-mistakes" }, [t("ui.op.mistakes", { n: this.mistakes })]) : null,
      el("details", { class: "op-ideas-box" }, [el("summary", {}, [t("ui.op.ideas")]), el("p", {}, [textIn(this.rep.ideas, lang)])]),
    ];
    this.status.replaceChildren(...status.filter((p): p is HTMLElement => p !== null));
    this.showButton.textContent = t("ui.op.show");
    this.showButton.disabled = this.phase !== "learner" || !!this.shown;
    this.explorerLink.textContent = t("ui.op.in_explorer");
    this.explorerLink.setAttribute("href", "/explorer?" + new URLSearchParams({ fen: this.fen }).toString());
  }
}
