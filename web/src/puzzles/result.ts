//! What the trainer shows when a puzzle is over: solved or not, what the first try did to the
//! solver's rating (the change and the rating after it; nothing when the puzzle was tried
//! before, since only a first try counts), the puzzle's own rating, its themes (each a link to
//! a drill of that theme), the button to the next puzzle and, once there is an analysis board,
//! a link that opens the final position in it.

import type { Host } from "../learn/host";
import { button, el } from "../ui";
import type { PuzzleView } from "./types";

/** Where the first try's rating change is. */
export type Rated =
  | { state: "pending" }
  | { state: "rated"; solved: boolean; delta: number; rating: number; puzzleRating: number }
  /** Tried before in this browser: this try is not rated. */
  | { state: "unrated" }
  /** The server could not rate it (offline, too many tries a minute). */
  | { state: "error"; message: string };

/** "+12", "−8", "±0". */
export function signed(n: number): string {
  const r = Math.round(n);
  return r > 0 ? `+${r}` : r < 0 ? `−${-r}` : "±0";
}

export interface ResultParts {
  host: Host;
  view: PuzzleView;
  solved: boolean;
  rated: Rated;
  nameOf: (code: string) => string;
  next: () => void;
  /** The analysis board's link for the final position, or null. */
  analysis: string | null;
}

export function resultView(p: ResultParts): HTMLElement {
  const { t } = p.host;
  const r = p.rated;
  const parts: HTMLElement[] = [el("p", { class: "pz-over" }, [p.solved ? t("ui.pz.result.solved") : t("ui.pz.result.failed")])];
  const rating = el("p", { class: "pz-delta" });
  if (r.state === "rated") {
    rating.dataset.delta = String(Math.round(r.delta));
    rating.dataset.rating = String(Math.round(r.rating));
    rating.classList.add(r.delta > 0 ? "up" : r.delta < 0 ? "down" : "same");
    rating.append(t("ui.pz.rating_change", { rating: Math.round(r.rating), delta: signed(r.delta) }));
    if (p.solved !== r.solved) parts.push(el("p", { class: "pz-first-try" }, [t("ui.pz.first_try_counts")]));
  } else if (r.state === "unrated") {
    rating.dataset.delta = "0";
    rating.append(t("ui.pz.unrated"));
  } else if (r.state === "error") {
    rating.append(t("ui.pz.rating_error", { message: r.message }));
  } else rating.append("…");
  parts.push(rating);
  const puzzleRating = r.state === "rated" ? r.puzzleRating : p.view.rating;
  parts.push(el("p", { class: "pz-puzzle-rating" }, [t("ui.pz.puzzle_rating", { rating: Math.round(puzzleRating), plays: p.view.plays + (r.state === "rated" ? 1 : 0) })]));
  if (p.view.themes.length) {
    parts.push(
      el("nav", { class: "pz-result-themes", "aria-label": t("ui.pz.its_themes") }, [
        el("span", {}, [t("ui.pz.its_themes")]),
        el(
          "ul",
          {},
          p.view.themes.map((x) => el("li", {}, [el("a", { href: "/puzzles?themes=" + encodeURIComponent(x.code), "data-code": x.code }, [p.nameOf(x.code) || x.name])])),
        ),
      ]),
    );
  }
  const actions = el("div", { class: "pz-actions" }, [button(t("ui.pz.next"), p.next, "pz-next primary")]);
  if (p.analysis) actions.append(el("a", { href: p.analysis, class: "button secondary pz-analysis" }, [t("ui.pz.analysis")]));
  parts.push(actions);
  return el("section", { class: "pz-result" + (p.solved ? " solved" : " failed"), "data-solved": String(p.solved), "data-rated": r.state, role: "status", "aria-live": "polite" }, parts);
}
