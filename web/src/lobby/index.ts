//! `/lobby` (the main hall) and `/lobby/{room}`: the lobby (issue 19), part of `learn.js`. One
//! WebSocket (`GET /api/lobby/ws?room=KEY`, docs/API.md "Lobby") brings the hall as `hello` and
//! then every change (`update`: seeks, games, players, the halls' counts) and the visitor's own
//! messages (challenges, pool place, `started`). The page keeps one picture of the hall (`Hall`)
//! and draws it again from that picture after every message. Actions go over the same socket;
//! when a game starts the page asks for its seat (`GET /api/games/{id}/seat`) and opens it.

import type { Page } from "../app/router";
import type { Host } from "../learn/host";
import type * as wire from "../api/types.gen";
import { call } from "../api";
import css from "./lobby.css";
import { challengesBox, gamesBox, playersBox, poolBox, roomsBox, seekForm, seeksBox, type Ctx } from "./view";

let styled = false;
function style(): void {
  if (styled) return;
  styled = true;
  const s = document.createElement("style");
  s.dataset.module = "lobby";
  s.textContent = css;
  document.head.appendChild(s);
}

/** What the page knows of its hall. */
export interface Hall {
  view: wire.LobbyView | null;
  /** The last refusal, as a catalogue key or an English message. */
  error: string | null;
  /** Whether the socket is open. */
  live: boolean;
}

const ROOMS: wire.RoomKey[] = ["main", "beginners", "blitz", "rapid", "masters", "club"];

/** Applies one server message to the hall's picture; `started` is handled by the caller. */
export function apply(hall: Hall, msg: wire.LobbyMsg): void {
  const v = hall.view;
  switch (msg.t) {
    case "hello":
      hall.view = msg.lobby;
      return;
    case "update": {
      if (!v) return;
      const gone = new Set(msg.seeks_removed);
      v.seeks = v.seeks.filter((s) => !gone.has(s.id));
      for (const s of msg.seeks_added) {
        const i = v.seeks.findIndex((x) => x.id === s.id);
        if (i >= 0) v.seeks[i] = s;
        else v.seeks.push(s);
      }
      const ended = new Set(msg.games_removed);
      v.games = v.games.filter((g) => !ended.has(g.id)).concat(msg.games_added.filter((g) => !v.games.some((x) => x.id === g.id)));
      const off = new Set(msg.players_off.concat(msg.players_on.map((p) => p.name)));
      v.players = v.players
        .filter((p) => !off.has(p.name))
        .concat(msg.players_on)
        .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
      if (msg.rooms) v.rooms = msg.rooms;
      return;
    }
    case "challenge":
      if (!v) return;
      v.challenges = v.challenges.filter((c) => c.id !== msg.challenge.id).concat([msg.challenge]);
      return;
    case "challenge_gone":
      if (v) v.challenges = v.challenges.filter((c) => c.id !== msg.id);
      return;
    case "declined":
      hall.error = "ui.lb.declined";
      return;
    case "pool":
      if (v) v.pool = msg.pool;
      return;
    case "error":
      hall.error = `ui.lb.err.${msg.error}`;
      return;
    default:
      return;
  }
}

/** `/lobby` (room null: the main hall) and `/lobby/{room}`. */
export function lobbyPage(host: Host, room: string | null): Page {
  style();
  const key: wire.RoomKey = ROOMS.includes(room as wire.RoomKey) ? (room as wire.RoomKey) : "main";
  const root = document.createElement("main");
  root.className = "lb-page";
  const hall: Hall = { view: null, error: null, live: false };
  let ws: WebSocket | null = null;
  let closed = false;
  let retry = 500;
  let nextId = 1;

  const send = (a: wire.LobbyAction): void => {
    hall.error = null;
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ ...a, id: nextId++ }));
    else hall.error = "ui.lb.offline";
    render();
  };

  const opened = new Set<string>();
  const start = async (game: string): Promise<void> => {
    if (opened.has(game)) return;
    opened.add(game);
    try {
      const seat = await call<wire.SeatView>("GET", `/api/games/${encodeURIComponent(game)}/seat`);
      host.openGame(game, seat.secret, seat.color);
    } catch {
      hall.error = "ui.lb.seat_failed";
      render();
    }
  };

  const ctx: Ctx = { host, hall, send, room: key };

  function render(): void {
    const v = hall.view;
    root.replaceChildren();
    const title = document.createElement("h1");
    title.textContent = `${host.t("ui.nav.lobby")} · ${host.t(`ui.lb.room.${key}`)}`;
    root.append(title);
    const intro = document.createElement("p");
    intro.className = "lb-intro";
    intro.textContent = host.t(`ui.lb.room_about.${key}`);
    root.append(intro);
    if (hall.error) {
      const e = document.createElement("p");
      e.className = "lb-error";
      e.setAttribute("role", "alert");
      const text = host.t(hall.error);
      e.textContent = text === hall.error ? host.t("ui.lb.err.other") : text;
      root.append(e);
    }
    if (!v) {
      const p = document.createElement("p");
      p.textContent = host.t(hall.live ? "ui.lb.loading" : "ui.lb.connecting");
      root.append(p);
      return;
    }
    if (!v.you) {
      const p = document.createElement("p");
      p.className = "lb-signin";
      const a = document.createElement("a");
      a.href = "/login";
      a.textContent = host.t("ui.lb.sign_in");
      a.addEventListener("click", (ev) => {
        ev.preventDefault();
        host.go("/login");
      });
      p.append(a, " ", host.t("ui.lb.sign_in_why"));
      root.append(p);
    }
    const grid = document.createElement("div");
    grid.className = "lb-grid";
    const main = document.createElement("div");
    main.className = "lb-main";
    main.append(poolBox(ctx), seeksBox(ctx), seekForm(ctx), challengesBox(ctx));
    const side = document.createElement("div");
    side.className = "lb-side";
    side.append(roomsBox(ctx), playersBox(ctx), gamesBox(ctx));
    grid.append(main, side);
    root.append(grid);
  }

  function connect(): void {
    if (closed) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const sock = new WebSocket(`${proto}//${location.host}/api/lobby/ws?room=${key}`);
    ws = sock;
    sock.onopen = () => {
      hall.live = true;
      retry = 500;
      render();
    };
    sock.onmessage = (ev) => {
      let msg: wire.LobbyMsg;
      try {
        msg = JSON.parse(String(ev.data)) as wire.LobbyMsg;
      } catch {
        return;
      }
      if (msg.t === "started") {
        void start(msg.game);
        return;
      }
      apply(hall, msg);
      render();
    };
    sock.onclose = () => {
      hall.live = false;
      if (ws === sock) ws = null;
      if (closed) return;
      render();
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10_000);
    };
  }

  render();
  connect();
  return {
    root,
    render,
    destroy: () => {
      closed = true;
      ws?.close();
      ws = null;
    },
  };
}
