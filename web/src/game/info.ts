//! Who plays a game and what it is called: the players' names as the page shows them
//! (contract14 §1: "Computer (level 3)", "Anonymous", later account names), the opening's
//! name in the page's language, and the game as PGN with those names.

import { openingWord } from "../app/openingnames";
import type { GameState, May } from "../api";
import type * as wire from "../api/types.gen";
import type { Color } from "../chess";
import { t } from "../i18n";

export type PlayerInfo = wire.Player;
export type Opening = wire.Opening;
export type NoticeKind = wire.NoticeKind;
/** The game state (with issue 14's players, spectators, opening, rematch, notice). */
export type Game = GameState;
/** What this player may do, the rematch actions included. */
export type MayAll = May;

/** Who plays `c`: from `players`, or (older server) from the mode and the computer's side. */
export function playerOf(s: Game, c: Color): PlayerInfo {
  const p = s.players?.[c];
  if (p) return p;
  if (s.mode === "computer" && s.computer === c) return { kind: "computer", level: s.level ?? null, name: null };
  return { kind: "human", level: null, name: null };
}

/** The name shown for the player of `c`: "Computer (level 3)", "Anonymous", or an account's. */
export function playerName(s: Game, c: Color): string {
  const p = playerOf(s, c);
  if (p.name) return p.name;
  if (p.kind === "computer") return t("ui.game.computer", { level: p.level ?? 0 });
  return t("ui.game.anonymous");
}

/** The same name for a PGN file, in English as PGN readers expect (contract14 §5). */
export function pgnName(s: Game, c: Color): string {
  const p = playerOf(s, c);
  if (p.name) return p.name;
  return p.kind === "computer" ? `Computer (level ${p.level ?? 0})` : "Anonymous";
}

/** The opening's name in the page's language (catalogue `opening.<key>`, fetched on first
 *  use), else its English name. */
export function openingName(o: Opening | null | undefined): string {
  if (!o) return "";
  return (openingWord(o.key) ?? o.name) + (o.eco ? ` (${o.eco})` : "");
}

const STANDARD = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

function tag(name: string, value: string): string {
  return `[${name} "${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"]`;
}

/** The game as PGN, with the players named as the page names them. */
export function gamePgn(s: Game, date = new Date()): string {
  const result = s.status === "finished" && s.result && s.result !== "*" ? s.result : "*";
  const d = date.toISOString().slice(0, 10).replace(/-/g, ".");
  const tags = [
    tag("Event", "guoxiang game"),
    tag("Site", location.origin + "/game/" + s.id),
    tag("Date", d),
    tag("Round", "-"),
    tag("White", pgnName(s, "white")),
    tag("Black", pgnName(s, "black")),
    tag("Result", result),
  ];
  if (s.opening) tags.push(tag("ECO", s.opening.eco), tag("Opening", s.opening.name));
  if (s.start_fen !== STANDARD) tags.push(tag("SetUp", "1"), tag("FEN", s.start_fen));
  const startBlack = s.start_fen.split(" ")[1] === "b";
  const firstNo = Number(s.start_fen.split(" ")[5] ?? "1") || 1;
  const words: string[] = [];
  s.san.forEach((san, i) => {
    const idx = i + (startBlack ? 1 : 0);
    const no = firstNo + Math.floor(idx / 2);
    if (idx % 2 === 0) words.push(`${no}.`);
    else if (i === 0) words.push(`${no}...`);
    words.push(san);
  });
  words.push(result);
  const lines: string[] = [];
  let line = "";
  for (const w of words) {
    if (line && line.length + 1 + w.length > 79) {
      lines.push(line);
      line = w;
    } else line = line ? line + " " + w : w;
  }
  if (line) lines.push(line);
  return tags.join("\n") + "\n\n" + lines.join("\n") + "\n";
}
