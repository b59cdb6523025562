//! The game page: the board, the players and their clocks, the move list, the controls the
//! server allows right now, keyboard entry, learning mode, replay, PGN and FEN, the result in
//! words, and a text view of the position for screen readers. It holds the game's state as
//! the server last sent it and what is shown of it (the ply, the orientation), and hands the
//! parts to their modules: premoves to `premoves.ts`, clocks to `clocks.ts`, the move list
//! and replay to `moves.ts`, the buttons to `controls.ts`, words to `words.ts`, the status
//! line to `status.ts`, sharing and the spectator banner to `share.ts`, what follows a game
//! (rematch) to `after.ts`, the tools (PGN, FEN) to `tools.ts`, and an illegal move's
//! explanation on the board to `marks.ts`. A finished game opens as a replay, for its players
//! and for anyone with the link (its state comes over HTTP too, so it shows without a socket).

import { call, explain, type GameResponse, type GameState, type May } from "../api";
import { Board } from "../board";
import {
  applyUci, normaliseTyped, opposite, parseSq, parseUci, placementOf, premoveDests, rankOf,
  sqName, type Color, type Placement, type Sq,
} from "../chess";
import { lang, t } from "../i18n";
import { play } from "../sound";
import { saveGame, savedGames, settings, type SavedGame } from "../store";
import { button, el, toast } from "../ui";
import { followRematch, renderAfter } from "./after";
import { Clocks } from "./clocks";
import { renderControls, type Action } from "./controls";
import { playerName, type Game, type MayAll } from "./info";
import { explainMarks, NO_MARKS, type Marks } from "./marks";
import { plyToShow, renderMoves, replayKeyTarget } from "./moves";
import { PlayersStrip } from "./players";
import { PremoveQueue } from "./premoves";
import { renderShare } from "./share";
import { GameSocket } from "./socket";
import { statusText } from "./status";
import { renderTools } from "./tools";
import { typedMove } from "./typed";
import { renderTextView, resultText, sanText } from "./words";

/** Whether moves wait for a confirming click or Enter (C1's setting; absent: off). */
function confirmMoves(): boolean {
  return (settings() as { confirmMove?: boolean }).confirmMove === true;
}

export class GamePage {
  readonly root: HTMLElement;
  private board: Board;
  private socket: GameSocket | null = null;
  private st: Game | null = null;
  private may: MayAll | null = null;
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
  /** The last explanation drawn on the board. */
  private marks: Marks = NO_MARKS;
  /** A move sent to the server and shown, not yet confirmed (and the game's length then). */
  private pending: { uci: string; plies: number } | null = null;
  /** A move waiting for the player's confirmation (move confirmation setting). */
  private toConfirm: string | null = null;
  /** A draw offered to the computer, until its answer arrives. */
  private offerToComputer = false;
  private els: Record<string, HTMLElement> = {};
  /** Names, ratings and ranks of a game between accounts (issue 19). */
  private readonly strip: PlayersStrip;

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
    this.strip = new PlayersStrip(id, () => {
      if (this.st) this.render();
    });
    this.build();
    this.socket = new GameSocket(
      id,
      secret,
      (s, may) => this.onState(s, may),
      (c) => {
        this.connected = c;
        this.renderStatus();
      },
    );
    this.clocks = new Clocks(this.root, () => ({ st: this.st, me: this.myColor() }));
    document.addEventListener("keydown", this.replayKeys);
    document.addEventListener("keydown", this.confirmKeys, true);
    void this.load(id, secret);
  }

  /** The game over HTTP: a finished game shows even when no socket opens; an unknown one
   *  says so instead of reconnecting for ever. */
  private async load(id: string, secret: string | null): Promise<void> {
    try {
      const g = await call<GameResponse>("GET", `/api/games/${id}`, undefined, secret ?? undefined);
      if (g.status === "finished") this.socket?.markFinished();
      if (!this.st) this.onState({ ...g, you: g.you }, g.may);
    } catch (e) {
      if ((e as { code?: string }).code === "not_found") {
        this.socket?.close();
        this.root.replaceChildren(el("p", { class: "error", role: "alert" }, [t("ui.error.not_found")]));
      }
    }
  }

  destroy(): void {
    this.strip.destroy();
    this.socket?.close();
    this.clocks.stop();
    document.removeEventListener("keydown", this.replayKeys);
    document.removeEventListener("keydown", this.confirmKeys, true);
  }

  private build(): void {
    const e = this.els;
    e.topPlayer = el("div", { class: "player top" });
    e.bottomPlayer = el("div", { class: "player bottom" });
    e.status = el("div", { class: "status", role: "status", "aria-live": "polite" });
    e.result = el("div", { class: "result", role: "alert" });
    e.notice = el("div", { class: "notice", role: "status", hidden: "" });
    e.after = el("div", { class: "after" });
    e.confirmMove = el("div", { class: "confirm-move", hidden: "" });
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
      this.strip.el, e.topPlayer, e.status, e.share, e.notice, e.result, e.after, e.explain, e.confirmMove, e.moves, e.replay, e.controls, e.typed, e.bottomPlayer, e.tools,
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

  private onState(st: GameState, may: May): void {
    const s = st as Game;
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
      this.saved = { ...this.saved, finished: true };
      saveGame(this.saved);
    }
    const before = prev ? prev.moves.length : s.moves.length;
    if (s.moves.length === before + 1) this.announceMove(s);
    if (prev && prev.status !== "finished" && s.status === "finished") play("end");
    if (s.moves.length !== before) {
      this.lastExplain = "";
      this.marks = NO_MARKS;
    }
    if (this.pending && (s.moves.length > this.pending.plies || s.status !== "active")) this.pending = null;
    if (this.toConfirm && (s.status !== "active" || s.moves.length !== before)) this.toConfirm = null;
    this.premoves.sync(prev, s);
    this.hearNotice(prev, s);
    this.render();
    // A rematch was just created: players and spectators follow it.
    const next = s.rematch?.next ?? null;
    if (prev && next && !prev.rematch?.next) followRematch(s, next);
    // For the speed figures (docs/BENCHMARKS.md): when the board first became usable.
    (window as unknown as { __gxInteractive?: number }).__gxInteractive ??= performance.now();
  }

  /** A refusal the one who asked should hear of (a declined draw, takeback or rematch). */
  private hearNotice(prev: Game | null, s: Game): void {
    const n = s.notice ?? null;
    const old = prev?.notice ?? null;
    const fresh = n !== null && prev !== null && (old === null || old.kind !== n.kind || old.by !== n.by);
    const forMe = n !== null && this.you !== null && n.by !== this.myColor();
    if (this.offerToComputer && s.draw_offer === null) {
      this.offerToComputer = false;
      if (s.status !== "finished" && !(fresh && n?.kind === "draw_declined")) toast(t("ui.computer_declines"));
    }
    const box = this.els.notice;
    if (n && forMe) {
      const text = t("ui.game.notice." + n.kind, { color: t("color." + n.by) });
      box.textContent = text;
      box.hidden = false;
      if (fresh) toast(text);
    } else {
      box.textContent = "";
      box.hidden = true;
    }
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
    // Show the move at once; the server's state confirms it (or puts the board back). Until
    // then the board takes premoves, so a quick click after one's move is not lost.
    this.toConfirm = null;
    this.pending = { uci, plies: s.moves.length };
    this.render();
    const err = await this.socket?.send({ t: "move", uci });
    if (err) {
      if (this.pending?.uci === uci) this.pending = null;
      this.premoves.cancel();
      this.showError(err.error, err.message);
      this.render();
    }
  }

  /** Plays `uci` now, or (move confirmation on) shows it and waits for the player's word. */
  private playOrConfirm(uci: string): Promise<void> | void {
    if (!confirmMoves()) return this.sendMove(uci);
    this.toConfirm = uci;
    this.render();
    (this.els.confirmMove.querySelector(".confirm-yes") as HTMLElement | null)?.focus();
  }

  private confirmKeys = (e: KeyboardEvent): void => {
    if (!this.toConfirm) return;
    if (e.key === "Enter") {
      e.preventDefault();
      e.stopPropagation();
      void this.sendMove(this.toConfirm);
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      this.toConfirm = null;
      this.render();
    }
  };

  private async onBoardMove(from: Sq, to: Sq, premove: boolean): Promise<void> {
    const s = this.st;
    if (!s) return;
    const placement = this.pending ? applyUci(this.placementAt(null), this.pending.uci) : this.placementAt(null);
    const piece = placement.get(from);
    const lastRank = piece?.role === "p" && (rankOf(to) === 7 || rankOf(to) === 0);
    let uci = sqName(from) + sqName(to);
    if (premove) {
      if (lastRank) uci += "q";
      this.premoves.add(uci);
      this.render();
      return;
    }
    if (this.board.state.free && !s.legal.some((m) => m.startsWith(uci))) {
      const why = await explain(s.fen, uci, lang()).catch(() => null);
      if (why && !why.legal) {
        this.lastExplain = why.message ?? "";
        this.marks = explainMarks(s.fen, uci, why.code ?? "");
        this.render();
        return;
      }
    }
    if (lastRank && s.legal.includes(uci + "q")) {
      const role = await this.board.choosePromotion(to, piece!.color); // lastRank: a piece stands on `from`
      if (!role) return this.render();
      uci += role;
    }
    if (!s.legal.includes(uci)) return this.render();
    this.lastExplain = "";
    this.marks = NO_MARKS;
    await this.playOrConfirm(uci);
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
      this.marks = NO_MARKS;
      await this.sendMove(found);
      return;
    }
    if (/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(uci)) {
      const why = await explain(s.fen, uci, lang()).catch(() => null);
      this.lastExplain = why?.message ?? t("ui.typed_unknown", { text });
      if (why && !why.legal && this.learning) this.marks = explainMarks(s.fen, uci, why.code ?? "");
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
    const me = this.myColorOrTurn();
    const playing = s.status === "active" && live;
    // A move on its way to the server (or awaiting confirmation) is shown made.
    const shown = live ? (this.pending?.uci ?? this.toConfirm) : null;
    const placement = shown ? applyUci(this.placementAt(null), shown) : this.placementAt(this.viewPly);
    const myTurn = playing && !this.pending && !this.toConfirm && me !== null && s.turn === me && this.may?.move === true;
    const dests = new Map<Sq, Sq[]>();
    if (myTurn) {
      for (const uci of s.legal) {
        const m = parseUci(uci)!; // the server sends well-formed UCI
        const list = dests.get(m.from) ?? [];
        if (!list.includes(m.to)) list.push(m.to);
        dests.set(m.from, list);
      }
    }
    const othersTurn = s.turn !== me || this.pending !== null;
    const canPremove = playing && this.you !== "both" && me !== null && othersTurn && !this.toConfirm && s.mode !== "hotseat";
    const lastUci = shown ?? (ply > 0 ? s.moves[ply - 1] : null);
    let check: Sq | null = null;
    if (live && s.check && !shown) {
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
      dests,
      premoveDests: canPremove ? (from) => premoveDests(premovePlacement, from) : null,
      free: learningNow,
      movable: learningNow ? "both" : canPremove ? me : myTurn ? me : null,
      premoves: queued.map((u) => sqPair(u)),
      coordinates: settings().coordinates,
      marks: live ? this.marks : NO_MARKS,
    });
    this.board.el.setAttribute("aria-label", t("ui.board"));
    this.els.moves.setAttribute("aria-label", t("ui.moves"));
    this.els.textView.setAttribute("aria-label", t("ui.text_view"));
    this.renderPlayers();
    this.strip.update(s.status);
    this.strip.render();
    this.renderStatus();
    this.renderConfirm();
    renderMoves(this.els.moves, this.els.replay, s, ply, (p) => this.goTo(p));
    if (!this.may || this.you === null || s.status === "finished") this.els.controls.replaceChildren();
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
    renderAfter(this.els.after, s, this.may, {
      act: (action) => void this.act(action),
      error: (code, message) => this.showError(code, message),
    });
    renderTools(this.els.tools, s, {
      flip: () => {
        this.orientation = opposite(this.orientation);
        this.render();
      },
      viewPly: this.viewPly,
      learning: s.mode === "computer" && this.you !== null && s.status === "active" ? this.learning : null,
      setLearning: (on) => {
        this.learning = on;
        if (this.saved) saveGame({ ...this.saved, learning: on });
        this.lastExplain = "";
        this.marks = NO_MARKS;
        this.render();
      },
    });
    this.renderTyped();
    renderTextView(this.els.textView, s, placement, ply);
    this.clocks.render();
  }

  /** The bar that asks to confirm a move (move confirmation setting). */
  private renderConfirm(): void {
    const box = this.els.confirmMove;
    const uci = this.toConfirm;
    box.hidden = !uci;
    if (!uci) {
      box.replaceChildren();
      return;
    }
    const san = this.st?.legal_san[this.st.legal.indexOf(uci)] ?? uci;
    box.replaceChildren(
      el("span", {}, [t("ui.game.confirm_move", { move: sanText(san) })]),
      button(t("ui.game.confirm_move.yes"), () => void this.sendMove(uci), "confirm-yes"),
      button(t("ui.game.confirm_move.no"), () => {
        this.toConfirm = null;
        this.render();
      }, "confirm-no"),
    );
  }

  private renderPlayers(): void {
    const s = this.st!;
    const bottom = this.orientation;
    const top = opposite(bottom);
    for (const [elName, c] of [["topPlayer", top], ["bottomPlayer", bottom]] as const) {
      const box = this.els[elName];
      box.dataset.color = c;
      const mine = this.you === c || (this.you === "both" && s.mode !== "hotseat");
      const clock = el("span", { class: "clock", role: "timer", "data-color": c, "aria-label": t("ui.clock_of", { color: t("color." + c) }) });
      // An untimed game has no clocks to show.
      clock.hidden = !s.clock;
      box.classList.toggle("untimed", !s.clock);
      box.replaceChildren(
        el("span", { class: "name" }, [
          el("span", { class: "side " + c, title: t("color." + c), "aria-label": t("color." + c) }),
          el("span", { class: "player-name" }, [this.strip.name(c) ?? playerName(s, c)]),
          ...(mine ? [el("span", { class: "you-tag" }, [t("ui.you")])] : []),
        ]),
        clock,
      );
    }
  }

  private renderStatus(): void {
    const s = this.st;
    if (!s) return;
    const e = this.els;
    e.status.textContent = statusText({
      s,
      me: this.myColorOrTurn(),
      mine: this.myColor(),
      player: this.you !== null,
      premoves: this.premoves.moves.length,
      connected: this.connected,
      pending: this.pending !== null,
    });
    e.status.hidden = !e.status.textContent;
    e.result.textContent = s.status === "finished" ? resultText(s) : "";
    e.result.hidden = s.status !== "finished";
    e.explain.textContent = this.lastExplain;
    e.explain.hidden = !this.lastExplain;
    renderShare(e.share, s, this.saved);
  }

  /** Keyboard entry of moves (SAN or UCI), while this player is in a game in play. */
  private renderTyped(): void {
    const s = this.st!;
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
