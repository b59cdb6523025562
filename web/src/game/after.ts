//! What a player can do once a game is over: a rematch (computer and hot-seat games at once;
//! between friends an offer the other accepts or declines, shown to both), a new game with the
//! same settings (`POST /api/games` with the same mode, level, clock, colour and start), and
//! following the rematch game once it exists (the same seat secret is stored under the new
//! id, contract14 §2; spectators follow to its watch page).

import { call, type Created } from "../api";
import { opposite, type Color } from "../chess";
import { t } from "../i18n";
import { saveGame, savedGames } from "../store";
import { button, el } from "../ui";
import { reviewButton } from "../review/start";
import type { Game, MayAll } from "./info";
import type { Action } from "./controls";

const STANDARD = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/** Opens a page of the app by its path (the router listens to `popstate`). */
export function navigate(path: string): void {
  history.pushState(null, "", path);
  dispatchEvent(new PopStateEvent("popstate"));
}

/** Where this browser goes for the rematch `next` of game `s`; stores the seat's secret. */
export function followRematch(s: Game, next: string): void {
  const saved = savedGames()[s.id];
  if (saved && s.you) {
    const color = saved.color === "both" ? "both" : opposite(saved.color as Color);
    saveGame({ id: next, secret: saved.secret, color, mode: saved.mode, created: Date.now(), learning: saved.learning });
    navigate("/game/" + next);
  } else {
    navigate("/watch/" + next);
  }
}

/** Starts a new game like `s` (mode, level, clock, this player's colour, start position). */
export async function sameSettings(s: Game): Promise<void> {
  const body: Record<string, unknown> = { mode: s.mode };
  if (s.mode === "computer") body.level = s.level ?? 3;
  if (s.clock) body.clock = s.clock.control;
  const me = s.you === "white" || s.you === "black" ? s.you : null;
  if (me && s.mode !== "hotseat") body.color = me;
  if (s.start_fen !== STANDARD) body.fen = s.start_fen;
  const g = await call<Created>("POST", "/api/games", body);
  saveGame({ id: g.id, secret: g.secret, color: g.color, mode: s.mode, created: Date.now(), join_url: g.join_url });
  navigate("/game/" + g.id);
}

/** What the panel needs from the page. */
export interface AfterHost {
  act(action: Action): void;
  error(code: string, message: string): void;
}

/** Draws the after-game buttons and the rematch offer into `box` (players and spectators). */
export function renderAfter(box: HTMLElement, s: Game, may: MayAll | null, host: AfterHost): void {
  box.replaceChildren();
  if (s.status !== "finished") return;
  const me = s.you === "white" || s.you === "black" ? s.you : null;
  const player = s.you !== null && s.you !== undefined;
  const offer = s.rematch?.offer ?? null;
  const next = s.rematch?.next ?? null;
  if (next) {
    box.append(el("p", { class: "rematch-ready" }, [t("ui.game.rematch.ready")]), button(t("ui.game.rematch.open"), () => followRematch(s, next), "open-rematch"));
  } else if (offer) {
    const text = offer === me ? t("ui.game.rematch.offered_by_you") : t("ui.game.rematch.offered_by", { color: t("color." + offer) });
    box.append(el("p", { class: "rematch-offer", role: "status" }, [text]));
  }
  box.append(el("div", { class: "after-review" }, [reviewButton(s.id)]));
  if (!player) return;
  const row = el("div", { class: "after-buttons" });
  if (!next && may?.rematch) {
    const accepting = offer !== null && offer !== me;
    row.append(button(t(accepting ? "ui.game.rematch.accept" : "ui.game.rematch"), () => host.act({ t: "rematch" }), "rematch"));
  }
  if (!next && may?.decline_rematch) row.append(button(t("ui.game.rematch.decline"), () => host.act({ t: "decline_rematch" }), "decline-rematch"));
  row.append(
    button(t("ui.game.same_settings"), () => {
      sameSettings(s).catch((e: { code?: string; message?: string }) => host.error(e.code ?? "", e.message ?? ""));
    }, "same-settings"),
    button(t("ui.new_game"), () => navigate("/"), "new-game"),
  );
  box.append(row);
}
