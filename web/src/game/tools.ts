//! The tools under the game: flip the board, the PGN (downloaded or copied, players named as
//! the page names them), the FEN of the position shown, the opening's name at that position, and the learning
//! mode switch in games against the computer. Room is left for the review and analysis
//! buttons of later issues (`.tools .later`).

import { fenAfter } from "../chess";
import { t } from "../i18n";
import { button, el } from "../ui";
import { gamePgn, openingName, type Game } from "./info";
import { openingAtPly } from "./opening";
import { copy } from "./share";

export interface ToolsHost {
  flip(): void;
  /** The ply shown (null: the live position). */
  viewPly: number | null;
  /** Learning mode, when the switch is offered (null: not offered). */
  learning: boolean | null;
  setLearning(on: boolean): void;
}

/** The latest game and host each tools element was drawn with (for a late opening name). */
const latest = new WeakMap<HTMLElement, [Game, ToolsHost]>();

/** Draws the tools of game `s` into `tools`. */
export function renderTools(tools: HTMLElement, s: Game, host: ToolsHost): void {
  latest.set(tools, [s, host]);
  const fen = host.viewPly === null ? s.fen : fenAfter(s.start_fen, s.moves, host.viewPly);
  const fenInput = el("input", { class: "fen", readonly: "", value: fen, "aria-label": "FEN" }) as HTMLInputElement;
  const pgnText = () => gamePgn(s);
  // A link to the PGN itself (not the server's), so it names the players as the page does.
  const download = el("a", {
    class: "button pgn",
    href: "data:application/x-chess-pgn;charset=utf-8," + encodeURIComponent(pgnText()),
    download: `guoxiang-${s.id}.pgn`,
  }, [t("ui.download_pgn")]);
  const parts: HTMLElement[] = [
    button(t("ui.flip"), () => host.flip(), "flip"),
    download,
    button(t("ui.game.copy_pgn"), () => void copy(pgnText(), null), "copy-pgn"),
    button(t("ui.copy_fen"), () => void copy(fen, fenInput), "copy-fen"),
  ];
  if (host.learning !== null) {
    const box = el("input", { type: "checkbox", class: "learning" }) as HTMLInputElement;
    box.checked = host.learning;
    box.addEventListener("change", () => host.setLearning(box.checked));
    parts.push(el("label", { class: "toggle" }, [box, t("ui.learning_mode")]));
  }
  // The opening as reached at the move shown (the replay asks the server for earlier moves).
  const ply = host.viewPly ?? s.moves.length;
  tools.dataset.ply = String(ply);
  const reached = openingAtPly(s, ply, () => {
    const now = latest.get(tools);
    if (now && tools.dataset.ply === String(ply)) renderTools(tools, ...now);
  });
  const opening = reached === undefined ? tools.querySelector(".opening-name")?.textContent ?? "" : openingName(reached);
  tools.replaceChildren(
    ...(opening ? [el("p", { class: "opening" }, [t("ui.game.opening") + " ", el("span", { class: "opening-name" }, [opening])])] : []),
    ...parts,
    // The review and analysis buttons of later issues go here.
    el("span", { class: "later" }),
    fenInput,
  );
}
