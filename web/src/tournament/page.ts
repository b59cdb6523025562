//! `/tournaments/{id}`: one tournament, read again every few seconds while it is not over:
//! its settings, join/withdraw (and, for the creator before the start, start now and
//! cancel), a link to the viewer's current game (its seat from `GET /api/games/{id}/seat`,
//! opened with `host.openGame`), the players, the standings with tie-breaks, the
//! crosstable (printable: the @media print rules of tournament.css keep only the tables),
//! the pairings of each round (or the arena's games), and the TRF and PGN exports.

import type { Page } from "../app/router";
import type { Host } from "../learn/host";
import { button, el } from "../ui";
import * as api from "./api";
import type { TournamentView } from "./api";

const REFRESH_MS = 3000;

function section(title: string, cls: string, ...children: Node[]): HTMLElement {
  return el("section", { class: "tn-section " + cls }, [el("h2", {}, [title]), ...children]);
}

function table(cls: string, head: (string | Node)[], rows: (string | Node)[][]): HTMLElement {
  return el("table", { class: "tn-table " + cls }, [
    el("thead", {}, [el("tr", {}, head.map((h) => el("th", { scope: "col" }, [h])))]),
    el("tbody", {}, rows.map((r) => el("tr", {}, r.map((c) => el("td", {}, [c]))))),
  ]);
}

/** `1.5`, `2`: points as arbiters print them. */
const pts = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1).replace(/\.0$/, ""));

export function tournamentPage(host: Host, id: string): Page {
  const { t } = host;
  const root = el("div", { class: "tn-one" });
  const message = el("p", { class: "tn-error error", role: "alert" });
  let live = true;
  let timer = 0;
  let view: TournamentView | null = null;

  const act = (what: "join" | "withdraw" | "start" | "cancel") => {
    api
      .act(id, what)
      .then((v) => {
        view = v;
        draw();
      })
      .catch((e: Error) => {
        message.textContent = t("ui.tn.refused", { message: e.message });
      });
  };

  const openMine = (game: string) => {
    api
      .seat(game)
      .then((s) => host.openGame(game, s.secret, s.color))
      .catch((e: Error) => {
        message.textContent = t("ui.tn.refused", { message: e.message });
      });
  };

  const name = (rank: number) => view?.players.find((p) => p.rank === rank)?.name ?? String(rank);

  const gameLink = (game: string | null, text: string) => {
    if (!game) return text;
    const a = el("a", { href: "/watch/" + game }, [text]);
    return a;
  };

  function draw(): void {
    const v = view;
    if (!v) return;
    const i = v.info;
    const facts = [
      api.kindName(host, i.kind),
      api.phaseName(host, i.status),
      t("ui.tn.starts_at") + " " + api.when(host, i.starts_at),
      api.controlText(i.control),
      i.rated ? t("ui.tn.rated") : t("ui.tn.casual"),
      i.kind === "arena" ? t("ui.tn.minutes") + " " + Math.round(((i.ends_at ?? i.starts_at) - i.starts_at) / 60000) : t("ui.tn.round_of", { round: i.round, rounds: i.rounds }),
      t("ui.tn.forfeit_note", { seconds: i.forfeit_after_s }),
      t("ui.tn.created_by", { name: i.created_by }),
    ];
    if (i.berserk) facts.push(t("ui.game.berserk"));
    const actions = el("div", { class: "tn-actions" });
    const open = i.status === "scheduled" || i.status === "running";
    if (v.me && open) {
      if (v.me.joined) actions.appendChild(button(t("ui.tn.withdraw"), () => act("withdraw"), "secondary"));
      else if (i.status === "scheduled" || i.kind !== "round_robin") actions.appendChild(button(t("ui.tn.join"), () => act("join"), "primary"));
      if (i.status === "scheduled" && v.me.can_manage) {
        actions.appendChild(button(t("ui.tn.start_now"), () => act("start"), "secondary"));
        actions.appendChild(button(t("ui.tn.cancel"), () => act("cancel"), "secondary"));
      }
    } else if (!v.me && open) {
      actions.appendChild(el("p", { class: "tn-sign-in" }, [t("ui.tn.sign_in_to_join")]));
    }
    if (v.me?.game) {
      const g = v.me.game;
      actions.appendChild(button(t("ui.tn.your_game"), () => openMine(g), "primary tn-your-game"));
    }
    const exports = el("p", { class: "tn-exports" }, [
      ...(i.kind !== "arena" ? [el("a", { href: api.trfUrl(id), download: "tournament-" + id + ".trf" }, [t("ui.tn.trf")]), " · "] : []),
      el("a", { href: api.pgnUrl(id), download: "tournament-" + id + ".pgn" }, [t("ui.tn.pgn")]),
      " · ",
      button(t("ui.tn.print"), () => print(), "link"),
    ]);
    // The tie-breaks by their FIDE codes, each named in the page's language.
    const tbName = (code: string) => t("ui.tn.tb." + code.toLowerCase().replace("-", "_"));
    const standings = table(
      "tn-standings",
      [t("ui.tn.place"), t("ui.tn.player"), t("ui.tn.score"), ...v.tiebreaks.map((c) => el("abbr", { title: tbName(c) }, [c]))],
      v.standings.map((s) => [String(s.place), s.name, pts(s.score), ...s.tiebreaks.map(pts)]),
    );
    const legend = el("p", { class: "tn-legend" }, [v.tiebreaks.map((c) => c + " " + tbName(c)).join(" · ")]);
    const cross = v.crosstable.length
      ? section(
          t("ui.tn.crosstable"),
          "tn-cross-section",
          table(
            "tn-cross",
            [
              "#",
              t("ui.tn.player"),
              ...(i.kind === "swiss" ? v.pairings.map((r) => t("ui.tn.round_short", { round: r.round })) : v.crosstable.map((c) => String(c.rank))),
              t("ui.tn.score"),
            ],
            v.crosstable.map((c) => [String(c.rank), c.name, ...c.cells, pts(c.score)]),
          ),
        )
      : null;
    const players = table(
      "tn-players",
      ["#", t("ui.tn.player"), t("ui.tn.rating"), t("ui.tn.score")],
      v.players.map((p) => [
        String(p.rank),
        p.name + (p.withdrawn ? " (" + t("ui.tn.withdrawn") + ")" : p.paused ? " (" + t("ui.tn.paused") + ")" : ""),
        String(p.rating),
        pts(p.score),
      ]),
    );
    const boardRows = (bs: TournamentView["arena"]) =>
      bs.map((b) => [String(b.board), name(b.white), name(b.black), gameLink(b.game, b.result ?? (b.game ? t("ui.tn.playing") : "…"))]);
    const head = ["#", t("ui.tn.white"), t("ui.tn.black"), t("ui.tn.result")];
    const rounds =
      i.kind === "arena"
        ? [section(t("ui.tn.games"), "tn-arena", table("tn-pairings", head, boardRows(v.arena)))]
        : v.pairings
            .slice()
            .reverse()
            .map((r) =>
              section(
                t("ui.tn.round", { round: r.round }),
                "tn-round",
                table("tn-pairings", head, boardRows(r.boards)),
                ...(r.bye ? [el("p", { class: "tn-bye" }, [t("ui.tn.bye", { name: name(r.bye) })])] : []),
              ),
            );
    root.replaceChildren(
      el("h1", {}, [i.name]),
      el("p", { class: "tn-facts" }, [facts.join(" · ")]),
      actions,
      message,
      section(t("ui.tn.standings"), "tn-standings-section", standings, ...(v.tiebreaks.length ? [legend] : [])),
      ...(cross ? [cross] : []),
      section(t("ui.tn.players"), "tn-players-section", players),
      ...rounds,
      exports,
    );
  }

  function load(): void {
    api
      .get(id)
      .then((v) => {
        if (!live) return;
        view = v;
        message.textContent = "";
        draw();
        if (v.info.status === "scheduled" || v.info.status === "running") timer = window.setTimeout(load, REFRESH_MS);
      })
      .catch((e: Error) => {
        if (!live) return;
        message.textContent = t("ui.tn.refused", { message: e.message });
        root.replaceChildren(el("h1", {}, [t("ui.nav.tournaments")]), message);
      });
  }
  load();
  return {
    root,
    render: () => draw(),
    destroy: () => {
      live = false;
      window.clearTimeout(timer);
    },
  };
}
