//! The game page: board, clocks, move list, the controls the server allows right now,
//! premoves (several may be queued), keyboard entry, learning mode, replay, PGN and FEN,
//! the result in words, and a text view of the position for screen readers.

import { call, explain, GameSocket, type GameState, type May } from "./api";
import { Board } from "./board";
import {
  applyUci, displaySan, fenAfter, loneKing, normaliseTyped, opposite, parseSq, parseUci, placementOf,
  premoveDests, rankOf, sqName, type Color, type Placement, type Sq,
} from "./chess";
import { lang, t } from "./i18n";
import { play } from "./sound";
import { saveGame, savedGames, settings, type SavedGame } from "./store";
import { button, el, formatClock, toast } from "./ui";

export class GamePage {
  readonly root: HTMLElement;
  private board: Board;
  private socket: GameSocket | null = null;
  private st: GameState | null = null;
  private may: May | null = null;
  private receivedAt = 0;
  private orientation: Color = "white";
  private viewPly: number | null = null;
  private premoves: string[] = [];
  private premoveSent: string | null = null;
  private learning = false;
  private saved: SavedGame | null;
  private timer = 0;
  private lowTimeWarned = false;
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
        cancelPremoves: () => this.cancelPremoves(),
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
    this.timer = window.setInterval(() => this.tick(), 100);
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
    clearInterval(this.timer);
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

  private onState(s: GameState, may: May): void {
    const prev = this.st;
    this.st = s;
    this.may = may;
    this.receivedAt = performance.now();
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
    this.handlePremoves(prev, s);
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
    this.els.announce.textContent = t("ui.played", { color: t("color." + color), move: this.sanText(san) });
  }

  /** Keeps the queue of premoves in step with the server, which holds only the first. */
  private handlePremoves(prev: GameState | null, s: GameState): void {
    const me = this.myColor();
    if (!me || !this.premoves.length) return;
    if (s.status !== "active") {
      this.premoves = [];
      this.premoveSent = null;
      return;
    }
    if (prev && s.moves.length > prev.moves.length) {
      const mine = s.moves.slice(prev.moves.length);
      if (this.premoveSent && mine.includes(this.premoveSent) && s.turn !== me) {
        this.premoves.shift();
        this.premoveSent = null;
      }
    }
    if (s.turn === me) {
      // The server could not play our premove: it was illegal after the reply.
      const first = this.premoves[0];
      if (first && s.legal.includes(first)) {
        this.premoves.shift();
        this.premoveSent = null;
        void this.sendMove(first);
      } else {
        this.premoves = [];
        this.premoveSent = null;
      }
      return;
    }
    if (!this.premoveSent && this.premoves.length) this.sendPremove(this.premoves[0]);
  }

  private sendPremove(uci: string): void {
    this.premoveSent = uci;
    void this.socket?.send({ t: "premove", uci }).then((err) => {
      if (err && this.premoveSent === uci) {
        this.premoveSent = null;
        if (this.st && this.st.turn === this.myColor() && this.st.legal.includes(uci)) {
          this.premoves.shift();
          void this.sendMove(uci);
        } else {
          this.premoves = [];
        }
        this.render();
      }
    });
  }

  private cancelPremoves(): void {
    if (!this.premoves.length) return;
    this.premoves = [];
    if (this.premoveSent) void this.socket?.send({ t: "premove", uci: null });
    this.premoveSent = null;
    this.render();
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
      this.premoves.push(uci);
      if (this.premoves.length === 1) this.sendPremove(uci);
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

  private async typedMove(text: string): Promise<void> {
    const s = this.st;
    if (!s) return;
    const typed = normaliseTyped(text);
    if (!typed) return;
    const uci = typed.toLowerCase();
    let found: string | null = s.legal.includes(uci) ? uci : null;
    if (!found) {
      // As typed first (so "bxc3" is the pawn), then with a capital piece letter ("nf3"),
      // then with the promotion written out ("e8q" → "e8=Q").
      const variants = [typed, typed[0].toUpperCase() + typed.slice(1), typed.replace(/=?([qrbn])$/i, (_, p: string) => "=" + p.toUpperCase())];
      const bare = s.legal_san.map((san) => normaliseTyped(san));
      for (const v of variants) {
        const i = bare.findIndex((b) => b === v || b.replace("=", "") === v);
        if (i >= 0) {
          found = s.legal[i];
          break;
        }
      }
    }
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

  private myColorOrTurn(): Color | null {
    return this.you === "both" ? (this.st?.turn ?? null) : this.myColor();
  }

  private async act(action: Record<string, unknown>): Promise<void> {
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

  private sanText(san: string): string {
    return displaySan(san, settings().notation, lang() === "zh-TW");
  }

  private tick(): void {
    this.renderClocks();
  }

  private replayKeys = (e: KeyboardEvent): void => {
    const target = e.target as HTMLElement | null;
    if (!this.st || (target && /INPUT|TEXTAREA|SELECT/.test(target.tagName)) || target?.closest(".board")) return;
    const n = this.st.moves.length;
    const cur = this.viewPly ?? n;
    const go = (p: number) => {
      e.preventDefault();
      this.viewPly = p >= n ? null : Math.max(0, p);
      this.render();
    };
    if (e.key === "ArrowLeft") go(cur - 1);
    else if (e.key === "ArrowRight") go(cur + 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(n);
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
    let premovePlacement = placement;
    for (const p of this.premoves) premovePlacement = applyUci(premovePlacement, p);
    this.board.update({
      placement: canPremove && this.premoves.length ? premovePlacement : placement,
      orientation: this.orientation,
      lastMove: lastUci ? sqPair(lastUci) : null,
      check,
      dests: learningNow ? new Map() : dests,
      premoveDests: canPremove ? (from) => premoveDests(premovePlacement, from) : null,
      free: learningNow,
      movable: learningNow ? "both" : canPremove ? me : myTurn ? me : null,
      premoves: this.premoves.map((u) => sqPair(u)),
      coordinates: settings().coordinates,
    });
    this.board.el.setAttribute("aria-label", t("ui.board"));
    this.els.moves.setAttribute("aria-label", t("ui.moves"));
    this.els.textView.setAttribute("aria-label", t("ui.text_view"));
    this.renderPlayers();
    this.renderStatus();
    this.renderMoves(ply);
    this.renderControls();
    this.renderTools();
    this.renderTextView(placement, ply);
    this.renderClocks();
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

  private remaining(c: Color): number | null {
    const clock = this.st?.clock;
    if (!clock) return null;
    const base = c === "white" ? clock.white_ms : clock.black_ms;
    const running = this.st?.status === "active" && clock.running === c;
    return Math.max(0, base - (running ? performance.now() - this.receivedAt : 0));
  }

  private renderClocks(): void {
    const s = this.st;
    if (!s) return;
    for (const box of this.root.querySelectorAll<HTMLElement>(".clock")) {
      const c = box.dataset.color as Color;
      const ms = this.remaining(c);
      box.textContent = ms === null ? "—" : formatClock(ms);
      box.classList.toggle("running", s.status === "active" && s.clock?.running === c);
      box.classList.toggle("low", ms !== null && ms < 10000);
    }
    const me = this.myColor();
    const mine = me ? this.remaining(me) : null;
    if (mine !== null && mine < 10000 && s.status === "active" && s.clock?.running === me) {
      if (!this.lowTimeWarned) {
        this.lowTimeWarned = true;
        play("lowtime");
      }
    } else if (mine !== null && mine >= 10000) this.lowTimeWarned = false;
  }

  private resultText(): string {
    const s = this.st!;
    if (!s.reason) return "";
    const winner = s.winner;
    const loser = winner ? opposite(winner) : null;
    const args = { winner: winner ? t("color." + winner) : "", loser: loser ? t("color." + loser) : "" };
    let text: string;
    if (s.reason === "timeout_vs_insufficient_material") {
      const flagged: Color = s.clock && s.clock.white_ms <= 0 ? "white" : "black";
      const other = opposite(flagged);
      const key = loneKing(placementOf(s.fen), other) ? "ui.result.timeout_vs_lone_king" : "ui.result.timeout_vs_insufficient_material";
      text = t(key, { flagged: t("color." + flagged), other: t("color." + other) });
    } else if (["aborted", "abandonment", "abandonment_draw"].includes(s.reason)) {
      text = t("ui.result." + s.reason, args);
    } else {
      text = t("outcome." + s.reason, args);
    }
    const score = s.result === "1/2-1/2" ? "½-½" : s.result === "*" ? "" : (s.result ?? "");
    return score ? `${score} · ${text}` : text;
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
      if (this.premoves.length) text += " · " + t("ui.premoves", { n: this.premoves.length });
    }
    if (!this.connected && s.status !== "finished") text += " · " + t("ui.reconnecting");
    e.status.textContent = text;
    e.result.textContent = s.status === "finished" ? this.resultText() : "";
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

  private renderMoves(ply: number): void {
    const s = this.st!;
    const items: HTMLElement[] = [];
    const startBlack = s.start_fen.split(" ")[1] === "b";
    const firstNo = Number(s.start_fen.split(" ")[5] ?? "1") || 1;
    s.san.forEach((san, i) => {
      const idx = i + (startBlack ? 1 : 0);
      const no = firstNo + Math.floor(idx / 2);
      const b = button(this.sanText(san), () => {
        this.viewPly = i + 1 === s.moves.length ? null : i + 1;
        this.render();
      }, "move" + (i + 1 === ply ? " current" : ""));
      b.dataset.ply = String(i + 1);
      b.dataset.san = san;
      const label = idx % 2 === 0 || i === 0 ? el("span", { class: "no" }, [`${no}.${idx % 2 === 1 ? ".." : ""}`]) : null;
      items.push(el("li", {}, label ? [label, b] : [b]));
    });
    this.els.moves.replaceChildren(...items);
    const cur = this.els.moves.querySelector(".current");
    cur?.scrollIntoView?.({ block: "nearest" });
    const n = s.moves.length;
    const go = (p: number) => () => {
      this.viewPly = p >= n ? null : Math.max(0, p);
      this.render();
    };
    this.els.replay.replaceChildren(
      button("«", go(0), "first", t("ui.replay_first")),
      button("‹", go(ply - 1), "prev", t("ui.replay_prev")),
      button("›", go(ply + 1), "next", t("ui.replay_next")),
      button("»", go(n), "last", t("ui.replay_last")),
      el("span", { class: "ply" }, [`${ply}/${n}`]),
    );
  }

  private renderControls(): void {
    const s = this.st!;
    const may = this.may;
    const c = this.els.controls;
    c.replaceChildren();
    if (!may || this.you === null) return;
    const add = (key: string, action: Record<string, unknown>, cls: string, confirmFirst = false) => {
      if (confirmFirst && this.confirming !== cls) {
        c.appendChild(button(t(key), () => {
          this.confirming = cls;
          this.render();
        }, cls));
        return;
      }
      if (confirmFirst) {
        c.appendChild(el("span", { class: "confirm", role: "group" }, [
          el("span", {}, [t("ui.confirm." + cls)]),
          button(t("ui.yes"), () => void this.act(action), cls + "-yes"),
          button(t("ui.no"), () => {
            this.confirming = null;
            this.render();
          }, cls + "-no"),
        ]));
        return;
      }
      c.appendChild(button(t(key), () => void this.act(action), cls));
    };
    if (s.status === "finished") {
      c.appendChild(button(t("ui.new_game"), () => {
        location.href = "/";
      }, "new-game"));
      return;
    }
    if (may.abort) add("ui.abort", { t: "abort" }, "abort");
    if (may.resign && !may.abort) add("ui.resign", { t: "resign" }, "resign", true);
    if (may.offer_draw) add("ui.offer_draw", { t: "offer_draw" }, "offer-draw");
    if (may.accept_draw) {
      add("ui.accept_draw", { t: "accept_draw" }, "accept-draw");
      add("ui.decline_draw", { t: "decline_draw" }, "decline-draw");
    }
    for (const reason of may.claim_draw) add("ui.claim." + reason, { t: "claim_draw", reason }, "claim-" + reason);
    if (may.claim_victory) add("ui.claim_victory", { t: "claim_victory" }, "claim-victory");
    if (may.takeback) add(s.mode === "friend" ? "ui.ask_takeback" : "ui.takeback", { t: "takeback_request" }, "takeback");
    if (may.accept_takeback) {
      add("ui.accept_takeback", { t: "takeback_accept" }, "accept-takeback");
      add("ui.decline_takeback", { t: "takeback_decline" }, "decline-takeback");
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
        void this.typedMove(text);
      });
    }
    const input = form.querySelector("input")!; // built just above
    input.placeholder = t("ui.type_move");
    input.setAttribute("aria-label", t("ui.type_move"));
    form.querySelector("button")!.textContent = t("ui.play_move");
    form.hidden = s.status !== "active" || this.you === null;
  }

  private renderTextView(p: Placement, ply: number): void {
    const s = this.st!;
    const list = (c: Color) =>
      [...p.entries()]
        .filter(([, pc]) => pc.color === c)
        .sort(([a], [b]) => order(p.get(a)!.role) - order(p.get(b)!.role) || a - b)
        .map(([sq, pc]) => t("piece." + roleKey(pc.role)) + " " + sqName(sq))
        .join(", ");
    const moves = s.san.slice(0, ply).map((x) => this.sanText(x)).join(" ");
    this.els.textView.replaceChildren(
      el("h2", {}, [t("ui.text_view")]),
      el("p", { class: "tv-turn" }, [s.status === "finished" ? this.resultText() : t("ui.turn_of", { color: t("color." + s.turn) })]),
      el("p", { class: "tv-white" }, [t("color.white") + ": " + list("white")]),
      el("p", { class: "tv-black" }, [t("color.black") + ": " + list("black")]),
      el("p", { class: "tv-moves" }, [t("ui.moves") + ": " + (moves || "—")]),
    );
  }
}

function order(r: string): number {
  return "kqrbnp".indexOf(r);
}

function roleKey(r: string): string {
  return { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" }[r] ?? r;
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

export async function joinGame(id: string, key: string): Promise<string | null> {
  const have = savedGames()[id];
  try {
    const j = await call<{ id: string; secret: string; color: Color }>("POST", `/api/games/${id}/join`, { key });
    saveGame({ id, secret: j.secret, color: j.color, mode: "friend", created: Date.now() });
    return j.secret;
  } catch (e) {
    if (have) return have.secret;
    throw e;
  }
}

