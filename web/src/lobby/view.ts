//! The lobby page's boxes, each drawn from the hall's picture (`Hall`): quick pairing (the six
//! buttons, or the place in the pool), the hall's seeks, the seek form, challenges (sent,
//! received, and the form), the halls, the players online and the games being played.

import type { Host } from "../learn/host";
import type * as wire from "../api/types.gen";
import type { Hall } from "./index";

/** What every box needs. */
export interface Ctx {
  host: Host;
  hall: Hall;
  send: (a: wire.LobbyAction) => void;
  room: wire.RoomKey;
}

const POOL = ["1+0", "3+2", "5+0", "10+5", "15+10", "30+20"];
const SPEEDS: Record<string, string> = { "1+0": "bullet", "3+2": "blitz", "5+0": "blitz", "10+5": "rapid", "15+10": "rapid", "30+20": "classical" };

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function box(ctx: Ctx, titleKey: string, cls: string): HTMLElement {
  const s = el("section", `lb-box ${cls}`);
  s.append(el("h2", undefined, ctx.host.t(titleKey)));
  return s;
}

function button(text: string, onClick: () => void, cls = ""): HTMLButtonElement {
  const b = el("button", cls, text);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

/** A rank's name (`ui.rank.*`, the ladder's). */
function rank(host: Host, code: string): string {
  if (!code) return "";
  const k = `ui.rank.${code}`;
  const t = host.t(k);
  return t === k ? code : t;
}

function userLink(host: Host, name: string): HTMLElement {
  const a = el("a", "lb-user", name);
  a.href = `/@/${encodeURIComponent(name)}`;
  a.addEventListener("click", (ev) => {
    ev.preventDefault();
    host.go(`/@/${encodeURIComponent(name)}`);
  });
  return a;
}

function colorText(host: Host, c: wire.SeekColor): string {
  return host.t(`ui.lb.color.${c}`);
}

function mayPlay(ctx: Ctx): boolean {
  return !!ctx.hall.view?.you;
}

function myRating(ctx: Ctx, speed: string): number | null {
  return ctx.hall.view?.ratings.find((r) => r.speed === speed)?.rating ?? null;
}

/** Quick pairing: the six buttons, or the pool place with a way out. */
export function poolBox(ctx: Ctx): HTMLElement {
  const { host } = ctx;
  const s = box(ctx, "ui.lb.quick", "lb-pool");
  const v = ctx.hall.view;
  if (v?.pool) {
    const p = el("p", "lb-waiting", host.t("ui.lb.waiting", { clock: v.pool.clock }));
    p.setAttribute("aria-live", "polite");
    s.append(p, button(host.t("ui.lb.leave_pool"), () => ctx.send({ t: "leave_pool" })));
    return s;
  }
  const rated = el("input");
  rated.type = "checkbox";
  rated.checked = true;
  rated.id = "lb-pool-rated";
  const label = el("label", "lb-check");
  label.append(rated, " ", host.t("ui.lb.rated"));
  const grid = el("div", "lb-buttons");
  for (const clock of POOL) {
    const b = button("", () => ctx.send({ t: "pool", clock, rated: rated.checked }), "lb-quick");
    b.dataset.clock = clock;
    b.append(el("strong", undefined, clock), el("span", undefined, host.t(`ui.lb.speed.${SPEEDS[clock]}`)));
    b.disabled = !mayPlay(ctx);
    grid.append(b);
  }
  s.append(grid, label);
  if (v && v.started.length > 0) {
    const p = el("p", "lb-started", host.t("ui.lb.just_started") + " ");
    for (const g of v.started) {
      const a = el("a", undefined, g.game);
      a.href = `/game/${g.game}`;
      p.append(a, " ");
    }
    s.append(p);
  }
  return s;
}

/** The hall's open seeks. */
export function seeksBox(ctx: Ctx): HTMLElement {
  const { host } = ctx;
  const s = box(ctx, "ui.lb.seeks", "lb-seeks");
  const v = ctx.hall.view;
  if (!v || v.seeks.length === 0) {
    s.append(el("p", "lb-empty", host.t("ui.lb.no_seeks")));
    return s;
  }
  const table = el("table");
  const head = el("tr");
  for (const k of ["ui.lb.player", "ui.lb.rating", "ui.lb.clock", "ui.lb.mode", "ui.lb.color", "ui.lb.range", ""]) {
    head.append(el("th", undefined, k ? host.t(k) : ""));
  }
  table.append(el("thead"), el("tbody"));
  table.tHead?.append(head);
  for (const seek of v.seeks) {
    const tr = el("tr");
    tr.dataset.seek = seek.id;
    const who = el("td");
    who.append(userLink(host, seek.user), " ", el("span", "lb-rank", rank(host, seek.rank)));
    const rating = `${seek.rating}${seek.provisional ? "?" : ""}`;
    const range =
      seek.min_rating === null && seek.max_rating === null ? "—" : `${seek.min_rating ?? ""}–${seek.max_rating ?? ""}`;
    tr.append(
      who,
      el("td", undefined, rating),
      el("td", undefined, `${seek.clock} ${host.t(`ui.lb.speed.${seek.speed}`)}`),
      el("td", undefined, host.t(seek.rated ? "ui.lb.rated" : "ui.lb.casual")),
      el("td", undefined, colorText(host, seek.color)),
      el("td", undefined, range),
    );
    const act = el("td");
    if (v.you === seek.user) {
      act.append(button(host.t("ui.lb.cancel"), () => ctx.send({ t: "cancel", seek: seek.id })));
    } else {
      const mine = myRating(ctx, seek.speed);
      const outside =
        mine !== null && ((seek.min_rating !== null && mine < seek.min_rating) || (seek.max_rating !== null && mine > seek.max_rating));
      const b = button(host.t("ui.lb.accept"), () => ctx.send({ t: "accept", seek: seek.id }), "lb-accept");
      b.disabled = !mayPlay(ctx) || outside;
      if (outside) b.title = host.t("ui.lb.err.out_of_range");
      act.append(b);
    }
    tr.append(act);
    table.tBodies[0]?.append(tr);
  }
  s.append(table);
  return s;
}

function clockFields(host: Host, prefix: string): { wrap: HTMLElement; value: () => string } {
  const wrap = el("span", "lb-clock");
  const min = el("input");
  min.type = "number";
  min.min = "1";
  min.max = "180";
  min.value = "5";
  min.name = `${prefix}-minutes`;
  min.setAttribute("aria-label", host.t("ui.lb.minutes"));
  const inc = el("input");
  inc.type = "number";
  inc.min = "0";
  inc.max = "180";
  inc.value = "3";
  inc.name = `${prefix}-increment`;
  inc.setAttribute("aria-label", host.t("ui.lb.increment"));
  wrap.append(min, " + ", inc, " ", host.t("ui.lb.clock_hint"));
  return { wrap, value: () => `${min.value || "0"}+${inc.value || "0"}` };
}

function colorSelect(host: Host): HTMLSelectElement {
  const sel = el("select");
  sel.setAttribute("aria-label", host.t("ui.lb.color"));
  for (const c of ["random", "white", "black"] as wire.SeekColor[]) {
    const o = el("option", undefined, colorText(host, c));
    o.value = c;
    sel.append(o);
  }
  return sel;
}

function row(label: string, ...content: (Node | string)[]): HTMLElement {
  const l = el("label", "lb-row");
  l.append(el("span", undefined, label), ...content);
  return l;
}

/** The form of a new seek in this hall. */
export function seekForm(ctx: Ctx): HTMLElement {
  const { host } = ctx;
  const s = box(ctx, "ui.lb.new_seek", "lb-form");
  const form = el("form");
  const clock = clockFields(host, "seek");
  const rated = el("input");
  rated.type = "checkbox";
  rated.checked = true;
  const color = colorSelect(host);
  const lo = el("input");
  lo.type = "number";
  lo.placeholder = host.t("ui.lb.any");
  lo.name = "min-rating";
  const hi = el("input");
  hi.type = "number";
  hi.placeholder = host.t("ui.lb.any");
  hi.name = "max-rating";
  const submit = el("button", undefined, host.t("ui.lb.create_seek"));
  submit.type = "submit";
  submit.disabled = !mayPlay(ctx);
  form.append(
    row(host.t("ui.lb.clock"), clock.wrap),
    row(host.t("ui.lb.rated"), rated),
    row(host.t("ui.lb.color"), color),
    row(host.t("ui.lb.range"), lo, " – ", hi),
    submit,
  );
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const num = (i: HTMLInputElement): number | undefined => (i.value.trim() === "" ? undefined : Math.max(0, Math.round(Number(i.value))));
    ctx.send({
      t: "seek",
      clock: clock.value(),
      rated: rated.checked,
      color: color.value as wire.SeekColor,
      min_rating: num(lo),
      max_rating: num(hi),
    });
  });
  s.append(form);
  return s;
}

/** Challenges sent and received, and the form of a new one. */
export function challengesBox(ctx: Ctx): HTMLElement {
  const { host } = ctx;
  const s = box(ctx, "ui.lb.challenges", "lb-challenges");
  const v = ctx.hall.view;
  const list = el("ul", "lb-list");
  for (const c of v?.challenges ?? []) {
    const li = el("li");
    li.dataset.challenge = c.id;
    const incoming = c.to === v?.you;
    const text = incoming
      ? host.t("ui.lb.challenge_from", { name: c.from, clock: c.clock })
      : host.t("ui.lb.challenge_to", { name: c.to, clock: c.clock });
    li.append(el("span", undefined, `${text} · ${host.t(c.rated ? "ui.lb.rated" : "ui.lb.casual")} `));
    if (incoming) {
      li.append(
        button(host.t("ui.lb.accept"), () => ctx.send({ t: "accept", seek: c.id }), "lb-accept"),
        button(host.t("ui.lb.decline"), () => ctx.send({ t: "decline", challenge: c.id })),
      );
    } else {
      li.append(button(host.t("ui.lb.cancel"), () => ctx.send({ t: "cancel", seek: c.id })));
    }
    list.append(li);
  }
  if (list.childElementCount > 0) s.append(list);
  const form = el("form");
  const name = el("input");
  name.name = "challenge-user";
  name.required = true;
  name.maxLength = 20;
  name.autocomplete = "off";
  const clock = clockFields(host, "challenge");
  const rated = el("input");
  rated.type = "checkbox";
  const color = colorSelect(host);
  const submit = el("button", undefined, host.t("ui.lb.send_challenge"));
  submit.type = "submit";
  submit.disabled = !mayPlay(ctx);
  form.append(
    row(host.t("ui.lb.opponent"), name),
    row(host.t("ui.lb.clock"), clock.wrap),
    row(host.t("ui.lb.rated"), rated),
    row(host.t("ui.lb.color"), color),
    submit,
  );
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    ctx.send({ t: "challenge", user: name.value.trim(), clock: clock.value(), rated: rated.checked, color: color.value as wire.SeekColor });
  });
  s.append(form);
  return s;
}

/** The halls, with how busy each is. */
export function roomsBox(ctx: Ctx): HTMLElement {
  const { host } = ctx;
  const s = box(ctx, "ui.lb.rooms", "lb-rooms");
  const list = el("ul", "lb-list");
  for (const r of ctx.hall.view?.rooms ?? []) {
    const li = el("li");
    const a = el("a", r.key === ctx.room ? "lb-here" : undefined, host.t(`ui.lb.room.${r.key}`));
    const path = r.key === "main" ? "/lobby" : `/lobby/${r.key}`;
    a.href = path;
    if (r.key === ctx.room) a.setAttribute("aria-current", "page");
    a.addEventListener("click", (ev) => {
      ev.preventDefault();
      host.go(path);
    });
    li.append(a, el("span", "lb-count", host.t("ui.lb.room_counts", { players: r.players, seeks: r.seeks, games: r.games })));
    list.append(li);
  }
  s.append(list);
  return s;
}

/** Who is online (in this hall first). */
export function playersBox(ctx: Ctx): HTMLElement {
  const { host } = ctx;
  const all = ctx.hall.view?.players ?? [];
  const s = box(ctx, "ui.lb.online", "lb-players");
  s.querySelector("h2")?.append(` (${all.length})`);
  const here = all.filter((p) => p.rooms.includes(ctx.room));
  const others = all.filter((p) => !p.rooms.includes(ctx.room));
  const list = el("ul", "lb-list");
  for (const p of here.concat(others).slice(0, 200)) {
    const li = el("li", p.rooms.includes(ctx.room) ? "lb-here" : undefined);
    li.append(userLink(host, p.name), " ", el("span", "lb-rank", rank(host, p.rank)));
    list.append(li);
  }
  if (all.length === 0) s.append(el("p", "lb-empty", host.t("ui.lb.nobody")));
  else s.append(list);
  return s;
}

/** The hall's games in play, each with its watch link. */
export function gamesBox(ctx: Ctx): HTMLElement {
  const { host } = ctx;
  const s = box(ctx, "ui.lb.games", "lb-games");
  const games = ctx.hall.view?.games ?? [];
  if (games.length === 0) {
    s.append(el("p", "lb-empty", host.t("ui.lb.no_games")));
    return s;
  }
  const list = el("ul", "lb-list");
  for (const g of games) {
    const li = el("li");
    const a = el("a", undefined, host.t("ui.lb.watch"));
    a.href = g.watch_url;
    a.addEventListener("click", (ev) => {
      ev.preventDefault();
      host.go(g.watch_url);
    });
    li.append(el("span", undefined, `${g.white} – ${g.black} · ${g.clock} `), a);
    list.append(li);
  }
  s.append(list);
  return s;
}
