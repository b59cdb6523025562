//! The game page: the board, the players and their clocks, the move list, the controls the
//! server allows right now, keyboard entry, learning mode, replay, PGN and FEN, the result in
//! words, and a text view of the position for screen readers. It holds the game's state as
//! the server last sent it and what is shown of it (the ply, the orientation), and hands the
//! parts to their modules: premoves to `premoves.ts`, clocks to `clocks.ts`, the move list
//! and replay to `moves.ts`, the buttons to `controls.ts`, words to `words.ts`.

import { call, explain, GameSocket, type GameState, type May } from "../api";
import { Board } from "../board";
import {
  applyUci, fenAfter, normaliseTyped, opposite, parseSq, parseUci, placementOf, premoveDests, rankOf,
  sqName, type Color, type Placement, type Sq,
} from "../chess";
import { lang, t } from "../i18n";
import { play } from "../sound";
import { saveGame, savedGames, settings, type SavedGame } from "../store";
import { button, el, toast } from "../ui";
import { Clocks } from "./clocks";
import { renderControls, type Action } from "./controls";
import { plyToShow, renderMoves, replayKeyTarget } from "./moves";
import { PremoveQueue } from "./premoves";
import { typedMove } from "./typed";
import { renderTextView, resultText, sanText } from "./words";

export class GamePage {
  readonly root: HTMLElement;
  private board: Board;
  private socket: GameSocket | null = null;
  private st: GameState | null = null;
  private may: May | null = null;
  private orientation: Color = "white";
  /** The ply shown (null: the live position). */
  private viewPly: number | null = null;
  private readonly premoves: PremoveQueue;
  private readonly clocks: Clocks;
  private learning = false;
  private saved: SavedGame | null;
  private confirming: string | null = null;
  private connected = true;
  private lastExplain = "";
  /** A draw offered to the computer, until its answer arrives. */
  private offerToComputer = false;
  private els: Record<string, HTMLElement> = {};

  constructor(
    id: string,
    secret: string | null,
  ) {
    this.saved = secret ? (savedGames()[id] ?? null) : null;
    this.learning = !!this.saved?.learning;
    this.premoves = new PremoveQueue({
      state: () => this.st,
      me: () => this.myColor(),
      send: (action) => this.socket?.send(action),
      play: (uci) => void this.sendMove(uci),
      changed: () => this.render(),
    });
    this.board = new Board(
      {
        placement: new Map(),
        orientation: "white",
        lastMove: null,
        check: null,
        dests: new Map(),
        premoveDests: null,
        free: false,
        movable: null,
        premoves: [],
        coordinates: settings().coordinates,
      },
      {
        move: (from, to, premove) => void this.onBoardMove(from, to, premove),
        cancelPremoves: () => this.premoves.cancel(),
      },
    );
    this.root = el("main", { class: "game-page" });
    this.build();
    this.socket = new GameSocket(
      id,
      secret,
      (s, may) => this.onState(s, may),
      (c) => {
        this.connected = c;
        this.renderStatus();
        if (!c && !this.st) void this.checkExists(id);
      },
    );
    this.clocks = new Clocks(this.root, () => ({ st: this.st, me: this.myColor() }));
    document.addEventListener("keydown", this.replayKeys);
  }

  /** A game the server does not know: say so instead of reconnecting for ever. */
  private async checkExists(id: string): Promise<void> {
    try {
      await call("GET", `/api/games/${id}`);
    } catch (e) {
      if ((e as { code?: string }).code === "not_found") {
        this.socket?.close();
        this.root.replaceChildren(el("p", { class: "error", role: "alert" }, [t("ui.error.not_found")]));
      }
    }
  }

  destroy(): void {
    this.socket?.close();
    this.clocks.stop();
    document.removeEventListener("keydown", this.replayKeys);
  }

  private build(): void {
    const e = this.els;
    e.topPlayer = el("div", { class: "player top" });
    e.bottomPlayer = el("div", { class: "player bottom" });
    e.status = el("div", { class: "status", role: "status", "aria-live": "polite" });
    e.result = el("div", { class: "result", role: "alert" });
    e.explain = el("div", { class: "explain", role: "alert" });
    e.moves = el("ol", { class: "moves" });
    e.replay = el("div", { class: "replay" });
    e.controls = el("div", { class: "controls" });
    e.typed = el("form", { class: "typed" });
    e.tools = el("div", { class: "tools" });
    e.share = el("div", { class: "share" });
    e.textView = el("section", { class: "text-view" });
    e.announce = el("div", { class: "sr-only", "aria-live": "assertive" });
    const boardWrap = el("section", { class: "board-wrap" }, [this.board.el]);
    const panel = el("aside", { class: "panel" }, [
      e.topPlayer, e.status, e.share, e.result, e.explain, e.moves, e.replay, e.controls, e.typed, e.bottomPlayer, e.tools,
    ]);
    this.root.replaceChildren(boardWrap, panel, e.textView, e.announce);
  }

  private get you(): Color | "both" | null {
    return this.st?.you ?? null;
  }

  private myColor(): Color | null {
    const y = this.you;
    return y === "white" || y === "black" ? y : null;
  }

  private myColorOrTurn(): Color | null {
    return this.you === "both" ? (this.st?.turn ?? null) : this.myColor();
  }

  private onState(s: GameState, may: May): void {
    const prev = this.st;
    this.st = s;
    this.may = may;
    this.clocks.received();
    if (!prev) {
      const me = this.myColor();
      this.orientation = me ?? "white";
      if (s.status === "finished") this.viewPly = null;
    }
    if (this.saved && s.status === "finished" && !this.saved.finished) {
      saveGame({ ...this.saved, finished: true });
    }
    const before = prev ? prev.moves.length : s.moves.length;
    if (s.moves.length === before + 1) this.announceMove(s);
    if (prev && prev.status !== "finished" && s.status === "finished") play("end");
    if (s.moves.length !== before) this.lastExplain = "";
    this.premoves.sync(prev, s);
    if (this.offerToComputer && s.draw_offer === null) {
      this.offerToComputer = false;
      if (s.status !== "finished") toast(t("ui.computer_declines"));
    }
    this.render();
    // For the speed figures (docs/BENCHMARKS.md): when the board first became usable.
    (window as unknown as { __gxInteractive?: number }).__gxInteractive ??= performance.now();
  }

  private announceMove(s: GameState): void {
    const san = s.san[s.san.length - 1] ?? "";
    play(san.includes("+") || san.includes("#") ? "check" : san.includes("x") ? "capture" : "move");
    const mover = s.moves.length % 2 === 1 ? "white" : "black";
    const startBlack = (s.start_fen ?? "").split(" ")[1] === "b";
    const color = startBlack ? opposite(mover) : mover;
    this.els.announce.textContent = t("ui.played", { color: t("color." + color), move: sanText(san) });
  }

  private async sendMove(uci: string): Promise<void> {
    const s = this.st;
    if (!s) return;
    // Show the move at once; the server's state confirms it (or puts the board back).
    this.board.update({ placement: applyUci(this.placementAt(null), uci), dests: new Map(), lastMove: sqPair(uci) });
    const err = await this.socket?.send({ t: "move", uci });
    if (err) {
      this.showError(err.error, err.message);
      this.render();
    }
  }

  private async onBoardMove(from: Sq, to: Sq, premove: boolean): Promise<void> {
    const s = this.st;
    if (!s) return;
    const placement = this.placementAt(null);
    const piece = placement.get(from);
    const lastRank = piece?.role === "p" && (rankOf(to) === 7 || rankOf(to) === 0);
    let uci = sqName(from) + sqName(to);
    if (premove) {
      if (lastRank) uci += "q";
      this.premoves.add(uci);
      this.render();
      return;
    }
    if (this.board.state.free) {
      if (lastRank && s.legal.includes(uci + "q")) {
        const role = await this.board.choosePromotion(to, piece!.color);
        if (!role) return this.render();
        uci += role;
      }
      const why = await explain(s.fen, uci, lang()).catch(() => null);
      if (why && !why.legal) {
        this.lastExplain = why.message ?? "";
        this.render();
        return;
      }
      this.lastExplain = "";
      return this.sendMove(why?.uci ?? uci);
    }
    if (lastRank && s.legal.includes(uci + "q")) {
      const role = await this.board.choosePromotion(to, piece!.color);
      if (!role) return this.render();
      uci += role;
    }
    if (!s.legal.includes(uci)) return this.render();
    await this.sendMove(uci);
  }

  private async onTyped(text: string): Promise<void> {
    const s = this.st;
    if (!s) return;
    const typed = normaliseTyped(text);
    if (!typed) return;
    const uci = typed.toLowerCase();
    const found = typedMove(s, typed);
    if (found && s.turn === this.myColorOrTurn()) {
      this.lastExplain = "";
      await this.sendMove(found);
      return;
    }
    if (/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(uci)) {
      const why = await explain(s.fen, uci, lang()).catch(() => null);
      this.lastExplain = why?.message ?? t("ui.typed_unknown", { text });
    } else {
      this.lastExplain = t("ui.typed_unknown", { text });
    }
    this.render();
  }

  private async act(action: Action): Promise<void> {
    this.confirming = null;
    this.offerToComputer = action.t === "offer_draw" && this.st?.mode === "computer";
    const err = await this.socket?.send(action);
    if (err) {
      this.offerToComputer = false;
      this.showError(err.error, err.message);
    }
    this.render();
  }

  private showError(code: string, message: string): void {
    const key = "ui.error." + code;
    const text = t(key);
    toast(text === key ? message : text);
  }

  /** The placement after `ply` moves (null: now). */
  private placementAt(ply: number | null): Placement {
    const s = this.st;
    if (!s) return new Map();
    if (ply === null || ply >= s.moves.length) return placementOf(s.fen);
    let p = placementOf(s.start_fen);
    for (const m of s.moves.slice(0, ply)) p = applyUci(p, m);
    return p;
  }

  /** Shows the position after `p` moves (the live one at or past the end). */
  private goTo(p: number): void {
    this.viewPly = plyToShow(p, this.st?.moves.length ?? 0);
    this.render();
  }

  private replayKeys = (e: KeyboardEvent): void => {
    if (!this.st) return;
    const n = this.st.moves.length;
    const p = replayKeyTarget(e, this.viewPly ?? n, n);
    if (p === null) return;
    e.preventDefault();
    this.goTo(p);
  };

  render(): void {
    const s = this.st;
    if (!s) return;
    const live = this.viewPly === null;
    const ply = this.viewPly ?? s.moves.length;
    const placement = this.placementAt(this.viewPly);
    const me = this.myColorOrTurn();
    const playing = s.status === "active" && live;
    const myTurn = playing && me !== null && s.turn === me && this.may?.move === true;
    const dests = new Map<Sq, Sq[]>();
    if (myTurn) {
      for (const uci of s.legal) {
        const m = parseUci(uci)!; // the server sends well-formed UCI
        const list = dests.get(m.from) ?? [];
        if (!list.includes(m.to)) list.push(m.to);
        dests.set(m.from, list);
      }
    }
    const canPremove = playing && this.you !== "both" && me !== null && !myTurn && s.mode !== "hotseat";
    const lastUci = ply > 0 ? s.moves[ply - 1] : null;
    let check: Sq | null = null;
    if (live && s.check) {
      for (const [sq, p] of placement) if (p.role === "k" && p.color === s.turn) check = sq;
    }
    const learningNow = this.learning && myTurn && s.mode === "computer";
    const queued = this.premoves.moves;
    const premovePlacement = this.premoves.after(placement);
    this.board.update({
      placement: canPremove && queued.length ? premovePlacement : placement,
      orientation: this.orientation,
      lastMove: lastUci ? sqPair(lastUci) : null,
      check,
      dests: learningNow ? new Map() : dests,
      premoveDests: canPremove ? (from) => premoveDests(premovePlacement, from) : null,
      free: learningNow,
      movable: learningNow ? "both" : canPremove ? me : myTurn ? me : null,
      premoves: queued.map((u) => sqPair(u)),
      coordinates: settings().coordinates,
    });
    this.board.el.setAttribute("aria-label", t("ui.board"));
    this.els.moves.setAttribute("aria-label", t("ui.moves"));
    this.els.textView.setAttribute("aria-label", t("ui.text_view"));
    this.renderPlayers();
    this.renderStatus();
    renderMoves(this.els.moves, this.els.replay, s, ply, (p) => this.goTo(p));
    if (!this.may || this.you === null) this.els.controls.replaceChildren();
    else {
      renderControls(this.els.controls, s, this.may, {
        confirming: this.confirming,
        confirm: (cls) => {
          this.confirming = cls;
          this.render();
        },
        act: (action) => void this.act(action),
      });
    }
    this.renderTools();
    renderTextView(this.els.textView, s, placement, ply);
    this.clocks.render();
  }

  private renderPlayers(): void {
    const s = this.st!;
    const bottom = this.orientation;
    const top = opposite(bottom);
    const name = (c: Color) => {
      if (s.mode === "computer" && s.computer === c) return t("ui.computer_level", { level: s.level ?? 0 });
      if (this.you === c || this.you === "both") return t("ui.you") + " · " + t("color." + c);
      return (s.mode === "friend" ? t("ui.friend") : t("ui.player")) + " · " + t("color." + c);
    };
    for (const [elName, c] of [["topPlayer", top], ["bottomPlayer", bottom]] as const) {
      const box = this.els[elName];
      box.dataset.color = c;
      box.replaceChildren(
        el("span", { class: "name" }, [name(c)]),
        el("span", { class: "clock", role: "timer", "data-color": c, "aria-label": t("ui.clock_of", { color: t("color." + c) }) }),
      );
    }
  }

  private renderStatus(): void {
    const s = this.st;
    if (!s) return;
    const e = this.els;
    let text = "";
    if (s.status === "waiting") text = t("ui.waiting_friend");
    else if (s.status === "active") {
      const me = this.myColorOrTurn();
      if (s.mode === "computer" && s.turn === s.computer) text = t("ui.computer_thinking");
      else if (me === s.turn) text = t("ui.your_turn");
      else text = t("ui.turn_of", { color: t("color." + s.turn) });
      if (s.draw_offer && s.draw_offer !== this.myColor() && this.you !== null) text += " · " + t("ui.draw_offered");
      if (s.takeback_request && s.takeback_request !== this.myColor() && this.you !== null) text += " · " + t("ui.takeback_asked");
      const opp = this.myColor() ? opposite(this.myColor()!) : null;
      if (opp && s.disconnected[opp]) text += " · " + t("ui.opponent_left");
      const queued = this.premoves.moves.length;
      if (queued) text += " · " + t("ui.premoves", { n: queued });
    }
    if (!this.connected && s.status !== "finished") text += " · " + t("ui.reconnecting");
    e.status.textContent = text;
    e.result.textContent = s.status === "finished" ? resultText(s) : "";
    e.result.hidden = s.status !== "finished";
    e.explain.textContent = this.lastExplain;
    e.explain.hidden = !this.lastExplain;
    // The join link of a friend game nobody joined yet.
    e.share.replaceChildren();
    const joinUrl = this.saved?.join_url;
    if (s.status === "waiting" && joinUrl) {
      const url = location.origin + joinUrl;
      const input = el("input", { class: "join-link", readonly: "", value: url, "aria-label": t("ui.join_link") }) as HTMLInputElement;
      e.share.append(
        el("p", {}, [t("ui.send_link")]),
        input,
        button(t("ui.copy"), () => copy(url, input), "copy-join"),
      );
    }
  }

  private renderTools(): void {
    const s = this.st!;
    const tools = this.els.tools;
    const fen = this.viewPly === null ? s.fen : fenAfter(s.start_fen, s.moves, this.viewPly);
    const fenInput = el("input", { class: "fen", readonly: "", value: fen, "aria-label": "FEN" }) as HTMLInputElement;
    const pgn = el("a", { class: "button pgn", href: `/api/games/${s.id}/pgn`, download: `guoxiang-${s.id}.pgn` }, [t("ui.download_pgn")]);
    const parts: HTMLElement[] = [
      button(t("ui.flip"), () => {
        this.orientation = opposite(this.orientation);
        this.render();
      }, "flip"),
      pgn,
      button(t("ui.copy_fen"), () => copy(fen, fenInput), "copy-fen"),
    ];
    if (s.mode === "computer" && this.you !== null && s.status === "active") {
      const box = el("input", { type: "checkbox", class: "learning" }) as HTMLInputElement;
      box.checked = this.learning;
      box.addEventListener("change", () => {
        this.learning = box.checked;
        if (this.saved) saveGame({ ...this.saved, learning: this.learning });
        this.lastExplain = "";
        this.render();
      });
      parts.push(el("label", { class: "toggle" }, [box, t("ui.learning_mode")]));
    }
    tools.replaceChildren(...parts, fenInput);
    // Keyboard entry of moves (SAN or UCI).
    const form = this.els.typed as HTMLFormElement;
    if (!form.firstChild) {
      const input = el("input", { class: "typed-move", autocomplete: "off", spellcheck: "false" }) as HTMLInputElement;
      form.append(input, el("button", { type: "submit", class: "typed-go" }));
      form.addEventListener("submit", (ev) => {
        ev.preventDefault();
        const text = input.value;
        input.value = "";
        void this.onTyped(text);
      });
    }
    const input = form.querySelector("input")!; // built just above
    input.placeholder = t("ui.type_move");
    input.setAttribute("aria-label", t("ui.type_move"));
    form.querySelector("button")!.textContent = t("ui.play_move");
    form.hidden = s.status !== "active" || this.you === null;
  }
}

function sqPair(uci: string): [Sq, Sq] {
  return [parseSq(uci.slice(0, 2)) ?? 0, parseSq(uci.slice(2, 4)) ?? 0];
}

async function copy(text: string, fallback: HTMLInputElement): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast(t("ui.copied"));
  } catch {
    fallback.select();
    toast(t("ui.copy_by_hand"));
  }
}
