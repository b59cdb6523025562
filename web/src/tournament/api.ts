//! The tournaments' API (docs/API.md "Tournaments") as the pages use it, and the words
//! shared by the list and the page (kinds, statuses, time controls).

import { call } from "../api";
import type {
  CreateTournament,
  TimeControl,
  TournamentKind,
  TournamentList,
  TournamentPhase,
  TournamentView,
} from "../api/types.gen";
import type { Host } from "../learn/host";

export type { CreateTournament, TournamentKind, TournamentList, TournamentPhase, TournamentView };

const base = (id: string) => "/api/tournaments/" + encodeURIComponent(id);

export const list = () => call<TournamentList>("GET", "/api/tournaments");
export const create = (body: CreateTournament) => call<TournamentView>("POST", "/api/tournaments", body);
export const get = (id: string) => call<TournamentView>("GET", base(id));
export const act = (id: string, what: "join" | "withdraw" | "start" | "cancel") =>
  call<TournamentView>("POST", base(id) + "/" + what);
export const trfUrl = (id: string) => base(id) + "/trf";
export const pgnUrl = (id: string) => base(id) + "/pgn";

/** The seat of the signed-in player in a game between accounts. */
export const seat = (game: string) =>
  call<{ color: "white" | "black"; secret: string }>("GET", "/api/games/" + encodeURIComponent(game) + "/seat");

export function kindName(host: Host, k: TournamentKind): string {
  return host.t("ui.tn.kind." + k);
}

export function phaseName(host: Host, p: TournamentPhase): string {
  return host.t("ui.tn.status." + p);
}

/** `5+3` (minutes + seconds of increment) for a one-period control. */
export function controlText(c: TimeControl): string {
  const p = c.periods[0];
  if (!p) return "–";
  const min = p.time_ms / 60000;
  return `${Number.isInteger(min) ? min : min.toFixed(1)}+${Math.round(p.bonus_ms / 1000)}`;
}

/** A time in the page's language. */
export function when(host: Host, ms: number): string {
  return new Date(ms).toLocaleString(host.lang(), { dateStyle: "medium", timeStyle: "short" });
}

/** Opens a page of the app by its path (the router listens to `popstate`). */
export function navigate(path: string): void {
  history.pushState(null, "", path);
  dispatchEvent(new PopStateEvent("popstate"));
}
