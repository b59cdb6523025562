//! `/editor?fen=…`: set up any position. Pieces come from the palettes (dragged onto a square,
//! or clicked and then placed with clicks or Enter on squares), move on the board by the
//! board's own dragging, and leave it when dragged off or erased; buttons clear the board, set
//! the start position and flip it; the side to move, the castling rights and the en-passant
//! square have their own controls. The FEN under the board follows every change and can be
//! typed into: what it describes is set up at once. Every position is put to the rules core
//! on the server (`check.ts`); one that cannot stand is refused with the core's reason in the
//! page's language, and the ways onward — the analysis board, a game against the computer or
//! a friend — wait until the position is legal. The address keeps the FEN, so a reload or a
//! shared link shows the same position.

import type { BoardView } from "../board";
import { opposite, parseSq, START_FEN, sqName, type Color, type Piece, type Sq } from "../chess";
import type { Page } from "../app/router";
import type { Host } from "../learn/host";
import { button, el } from "../ui";
import { check, type Verdict } from "./check";
import { startGame, type Opponent } from "./newgame";
import { Palette, type Tool } from "./palette";
import { epSquares, fenOf, RIGHTS, rightFits, setupOf, type Setup } from "./setup";

const EMPTY_FEN = "8/8/8/8/8/8/8/8 w - - 0 1";

/** Opens a page of the app by its path (the router listens to `popstate`). */
function navigate(path: string): void {
  history.pushState(null, "", path);
  dispatchEvent(new PopStateEvent("popstate"));
}

export function editorPage(host: Host, query: URLSearchParams): Page {
  const { t } = host;
  let setup: Setup = setupOf(query.get("fen") ?? "") ?? (setupOf(START_FEN) as Setup);
  let orientation: Color = query.get("orientation") === "black" ? "black" : "white";
  let tool: Tool = { kind: "hand" };
  /** What the FEN box holds when the reader typed something the board cannot show. */
  let typed: string | null = null;
  let verdict: Verdict | null = null;
  let asked = 0;
  let timer = 0;
  let live = true;

  const fen = (): string => typed ?? fenOf(setup);

  const board = new host.Board(view(), {
    move: (from, to) => {
      const p = setup.placement.get(from);
      if (!p) return;
      const next = new Map(setup.placement);
      next.delete(from);
      next.set(to, p);
      change({ placement: next });
    },
    cancelPremoves: () => undefined,
  });

  function view(): BoardView {
    return {
      placement: setup.placement,
      orientation,
      lastMove: null,
      check: null,
      dests: new Map(),
      premoveDests: null,
      free: true,
      movable: "both",
      premoves: [],
      coordinates: host.settings().coordinates,
    };
  }

  const palettes = {
    top: new Palette(host, opposite(orientation), false, () => tool, { drop: (p, x, y) => dropAt(p, x, y), tool: (x) => setTool(x) }),
    bottom: new Palette(host, orientation, true, () => tool, { drop: (p, x, y) => dropAt(p, x, y), tool: (x) => setTool(x) }),
  };
  const boardBox = el("div", { class: "ed-board" }, [board.el]);
  const title = el("h1");
  const help = el("p", { class: "ed-help" });
  const status = el("p", { class: "ed-status", role: "status", "aria-live": "polite" });
  const fenInput = el("input", { type: "text", class: "ed-fen", spellcheck: "false", autocomplete: "off", autocapitalize: "off" }) as HTMLInputElement;
  const panel = el("div", { class: "ed-panel" });
  const root = el("div", { class: "ed-editor" }, [
    title,
    el("div", { class: "ed-layout" }, [el("div", { class: "ed-left" }, [palettes.top.root, boardBox, palettes.bottom.root, help]), panel]),
  ]);

  /** The square under a point of the page, or null off the board. */
  const squareAt = (x: number, y: number): Sq | null => {
    const r = board.el.getBoundingClientRect();
    const col = Math.floor(((x - r.left) / r.width) * 8);
    const row = Math.floor(((y - r.top) / r.height) * 8);
    if (col < 0 || col > 7 || row < 0 || row > 7) return null;
    return orientation === "white" ? col + 8 * (7 - row) : 7 - col + 8 * row;
  };

  const put = (s: Sq, piece: Piece | null) => {
    const next = new Map(setup.placement);
    if (piece) next.set(s, piece);
    else next.delete(s);
    change({ placement: next });
  };

  function dropAt(piece: Piece, x: number, y: number): void {
    const s = squareAt(x, y);
    if (s !== null) put(s, piece);
  }

  /** What the armed tool does to square `s`: place its piece (or take it away when the same
   *  piece is there), or erase. */
  const useTool = (s: Sq) => {
    if (tool.kind === "eraser") put(s, null);
    else if (tool.kind === "piece") {
      const there = setup.placement.get(s);
      const same = there && there.color === tool.piece.color && there.role === tool.piece.role;
      put(s, same ? null : tool.piece);
    }
  };

  // With a tool armed, a press on a square is the tool's, not the board's (it would start a
  // move): the capture listener on the box runs before the board's own.
  boardBox.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    const s = squareAt(e.clientX, e.clientY);
    if (s === null) return;
    if (tool.kind !== "hand") {
      e.stopPropagation();
      e.preventDefault();
      useTool(s);
      return;
    }
    // The hand: a piece dragged off the board leaves it.
    if (!setup.placement.has(s)) return;
    const x0 = e.clientX;
    const y0 = e.clientY;
    const up = (ev: PointerEvent) => {
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      if (ev.type !== "pointerup" || Math.hypot(ev.clientX - x0, ev.clientY - y0) < 4) return;
      if (squareAt(ev.clientX, ev.clientY) === null && setup.placement.has(s)) put(s, null);
    };
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
  }, true);
  boardBox.addEventListener("keydown", (e) => {
    if (tool.kind === "hand" || (e.key !== "Enter" && e.key !== " ")) return;
    const name = (e.target as HTMLElement).dataset?.square;
    const s = name ? parseSq(name) : null;
    if (s === null) return;
    e.stopPropagation();
    e.preventDefault();
    useTool(s);
  }, true);
  // A right click on a piece removes it (the board keeps the menu away).
  boardBox.addEventListener("contextmenu", (e) => {
    const s = squareAt(e.clientX, e.clientY);
    if (s !== null && setup.placement.has(s)) put(s, null);
  });

  function setTool(next: Tool): void {
    tool = next;
    root.dataset.tool = next.kind === "piece" ? next.piece.color + next.piece.role : next.kind;
    palettes.top.render();
    palettes.bottom.render();
  }

  /** A change made with the board or the controls: castling rights whose king or rook left
   *  are dropped, the FEN box follows, and the position is checked. */
  function change(part: Partial<Setup>): void {
    setup = { ...setup, ...part };
    if (part.placement) setup.castling = new Set([...setup.castling].filter((r) => rightFits(setup.placement, r)));
    if (part.turn && setup.ep !== null && !epSquares(setup.turn).includes(setup.ep)) setup.ep = null;
    typed = null;
    fenInput.value = fenOf(setup);
    board.update({ placement: setup.placement, orientation });
    renderControls();
    ask();
  }

  /** What the reader typed in the FEN box: the board shows it when it can. */
  fenInput.addEventListener("input", () => {
    const text = fenInput.value.trim();
    const s = setupOf(text);
    if (s) {
      setup = s;
      board.update({ placement: setup.placement });
      renderControls();
    }
    typed = text;
    ask();
  });
  fenInput.addEventListener("change", () => {
    // Once the reader leaves the box, a FEN that reads is written as the page writes it.
    if (typed !== null && setupOf(typed) && verdict?.ok) {
      typed = null;
      fenInput.value = fenOf(setup);
    }
  });

  /** Asks the server about the position (after a short pause, so typing does not flood it). */
  function ask(): void {
    verdict = null;
    renderStatus();
    clearTimeout(timer);
    const mine = ++asked;
    const text = fen();
    const lang = host.lang();
    timer = window.setTimeout(() => {
      void check(text, lang).then((v) => {
        if (!live || mine !== asked) return;
        verdict = v;
        if (v.ok && typed === null) history.replaceState(null, "", "/editor?" + new URLSearchParams({ fen: text }).toString());
        renderStatus();
      });
    }, 120);
  }

  const actions = {
    analysis: el("a", { class: "button ed-analysis primary" }) as HTMLAnchorElement,
    computer: button("", () => void play("computer"), "ed-play-computer"),
    friend: button("", () => void play("friend"), "ed-play-friend secondary"),
  };
  const level = el("select", { class: "ed-level" }) as HTMLSelectElement;
  for (let i = 1; i <= 8; i++) level.append(el("option", { value: String(i) }));
  level.value = "3";
  const side = el("select", { class: "ed-color" }) as HTMLSelectElement;
  for (const c of ["white", "black", "random"]) side.append(el("option", { value: c }));
  const playError = el("p", { class: "ed-play-error error", role: "alert" });

  async function play(mode: Opponent): Promise<void> {
    if (!verdict?.ok) return;
    playError.textContent = "";
    const color = side.value === "random" ? "random" : (side.value as Color);
    try {
      navigate(await startGame({ mode, fen: fenOf(setup), level: Number(level.value), color }));
    } catch (e) {
      const err = e as { code?: string; message?: string };
      // The server refuses a game that would be over at once (mate or stalemate on the board).
      playError.textContent = err.code === "bad_fen" ? t("ui.ed.game_over") : t("ui.ed.start_failed", { message: err.message ?? "" });
    }
  }

  function renderStatus(): void {
    const ok = verdict?.ok === true;
    status.className = "ed-status " + (verdict === null ? "pending" : verdict.ok === true ? "ok" : verdict.ok === false ? "bad" : "unknown");
    status.dataset.code = verdict && verdict.ok === false ? verdict.code : "";
    status.setAttribute("role", verdict?.ok === false ? "alert" : "status");
    status.textContent =
      verdict === null ? t("ui.ed.checking")
      : verdict.ok === true ? t("ui.ed.ok")
      : verdict.ok === false ? t("ui.ed.bad", { message: verdict.message })
      : t("ui.ed.offline", { message: verdict.message });
    fenInput.setAttribute("aria-invalid", String(verdict?.ok === false));
    const target = fenOf(setup);
    actions.analysis.href = "/analysis?" + new URLSearchParams({ fen: target, orientation }).toString();
    actions.analysis.classList.toggle("disabled", !ok);
    actions.analysis.setAttribute("aria-disabled", String(!ok));
    actions.computer.disabled = !ok;
    actions.friend.disabled = !ok;
  }
  actions.analysis.addEventListener("click", (e) => {
    if (!verdict?.ok) e.preventDefault();
  });

  const turnBox = el("fieldset", { class: "ed-turn" });
  const castleBox = el("fieldset", { class: "ed-castling" });
  const epSelect = el("select", { class: "ed-ep" }) as HTMLSelectElement;
  epSelect.addEventListener("change", () => change({ ep: epSelect.value === "-" ? null : parseSq(epSelect.value) }));

  const turnInputs = new Map<Color, HTMLInputElement>();
  const castleInputs = new Map<string, HTMLInputElement>();

  /** Builds the side and castling controls (in the page's language). */
  function buildControls(): void {
    turnBox.replaceChildren(el("legend", {}, [t("ui.ed.turn")]));
    for (const c of ["white", "black"] as Color[]) {
      const input = el("input", { type: "radio", name: "ed-turn", value: c, class: "ed-turn-" + c }) as HTMLInputElement;
      input.addEventListener("change", () => input.checked && change({ turn: c }));
      turnInputs.set(c, input);
      turnBox.append(el("label", {}, [input, t("color." + c)]));
    }
    castleBox.replaceChildren(el("legend", {}, [t("ui.ed.castling")]));
    for (const r of RIGHTS) {
      const input = el("input", { type: "checkbox", class: "ed-castle", "data-right": r }) as HTMLInputElement;
      input.addEventListener("change", () => {
        const next = new Set(setup.castling);
        if (input.checked) next.add(r);
        else next.delete(r);
        change({ castling: next });
      });
      castleInputs.set(r, input);
      castleBox.append(el("label", {}, [input, t("ui.ed.castle." + r)]));
    }
    renderControls();
  }

  /** The side, castling and en-passant controls set as the setup has them. */
  function renderControls(): void {
    for (const [c, input] of turnInputs) input.checked = setup.turn === c;
    for (const [r, input] of castleInputs) input.checked = setup.castling.has(r as (typeof RIGHTS)[number]);
    const none = el("option", { value: "-" }, [t("ui.ed.ep_none")]);
    epSelect.replaceChildren(none, ...epSquares(setup.turn).map((s) => el("option", { value: sqName(s) }, [sqName(s)])));
    epSelect.value = setup.ep !== null && epSquares(setup.turn).includes(setup.ep) ? sqName(setup.ep) : "-";
  }

  /** Everything in the page's language (at first and when the language changes). */
  function render(): void {
    document.title = `${t("ui.ed.title")} · ${t("ui.title")}`;
    title.textContent = t("ui.ed.title");
    help.textContent = t("ui.ed.help");
    palettes.top.render();
    palettes.bottom.render();
    actions.analysis.textContent = t("ui.ed.analysis");
    actions.computer.textContent = t("ui.ed.play_computer");
    actions.friend.textContent = t("ui.ed.play_friend");
    level.querySelectorAll("option").forEach((o, i) => (o.textContent = t("ui.level." + (i + 1))));
    const names = [t("color.white"), t("color.black"), t("ui.random")];
    side.querySelectorAll("option").forEach((o, i) => (o.textContent = names[i]));
    panel.replaceChildren(
      el("div", { class: "ed-buttons" }, [
        button(t("ui.ed.start"), () => change({ ...(setupOf(START_FEN) as Setup) }), "ed-start secondary"),
        button(t("ui.ed.clear"), () => change({ ...(setupOf(EMPTY_FEN) as Setup), turn: setup.turn }), "ed-clear secondary"),
        button(t("ui.ed.flip"), () => flip(), "ed-flip secondary"),
      ]),
      turnBox,
      castleBox,
      el("label", { class: "ed-field" }, [el("span", {}, [t("ui.ed.ep")]), epSelect]),
      el("label", { class: "ed-field ed-fen-field" }, [el("span", {}, ["FEN"]), fenInput]),
      el("p", { class: "ed-fen-help" }, [t("ui.ed.fen_help")]),
      status,
      el("section", { class: "ed-actions", "aria-label": t("ui.ed.actions") }, [
        el("h2", {}, [t("ui.ed.actions")]),
        actions.analysis,
        el("div", { class: "ed-play" }, [
          el("label", { class: "ed-field" }, [el("span", {}, [t("ui.level")]), level]),
          el("label", { class: "ed-field" }, [el("span", {}, [t("ui.your_color")]), side]),
        ]),
        el("div", { class: "ed-buttons" }, [actions.computer, actions.friend]),
        playError,
      ]),
    );
    buildControls();
    if (verdict?.ok === false) ask(); // the reason, in the new language
    else renderStatus();
  }

  function flip(): void {
    orientation = opposite(orientation);
    palettes.top = new Palette(host, opposite(orientation), false, () => tool, { drop: (p, x, y) => dropAt(p, x, y), tool: (x) => setTool(x) });
    palettes.bottom = new Palette(host, orientation, true, () => tool, { drop: (p, x, y) => dropAt(p, x, y), tool: (x) => setTool(x) });
    const left = root.querySelector(".ed-left") as HTMLElement;
    left.replaceChildren(palettes.top.root, boardBox, palettes.bottom.root, help);
    board.update({ orientation });
    root.dataset.orientation = orientation;
    renderStatus();
  }

  fenInput.value = fenOf(setup);
  root.dataset.orientation = orientation;
  root.dataset.tool = "hand";
  render();
  ask();
  return {
    root,
    render,
    destroy: () => {
      live = false;
      clearTimeout(timer);
    },
  };
}

