//! The "Review the game" button of the main bundle (the game page once a game is over, the
//! `/games` list): `POST /api/games/{id}/review` (the same review for the same game, however
//! often asked) and then the review's page, `/review/{id}`, which `learn.js` draws. Nothing
//! here is bundled into `learn.js`.

import { call } from "../api";
import { t } from "../i18n";
import { button, toast } from "../ui";

/** Opens a page of the app by its path (the router listens to `popstate`). */
function navigate(path: string): void {
  history.pushState(null, "", path);
  dispatchEvent(new PopStateEvent("popstate"));
}

/** Asks for the review of finished game `gameId` and opens it. */
export async function openReview(gameId: string): Promise<void> {
  const r = await call<{ id: string }>("POST", `/api/games/${encodeURIComponent(gameId)}/review`);
  navigate("/review/" + encodeURIComponent(r.id));
}

/** The button; a refusal (too many reviews, queue full) shows as a passing notice. */
export function reviewButton(gameId: string, cls = "review-game secondary"): HTMLButtonElement {
  const b = button(t("ui.review"), () => {
    b.disabled = true;
    openReview(gameId).catch((e: Error) => {
      b.disabled = false;
      toast(t("ui.review_failed", { message: e.message }));
    });
  }, cls);
  b.dataset.game = gameId;
  return b;
}
