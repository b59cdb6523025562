//! The openings pages' calls to the server (contract16.md §4): the ten openings of the
//! trainer with their lines and notes (`GET /api/openings/repertoire`), the explorer's moves
//! and results for a position (`GET /api/explorer`), the opening a position is (`GET
//! /api/openings`), and the rules core's word on a move (`GET /api/explain`: a legal move's SAN
//! and the position after it, or why it is illegal). Errors come as the app's `ApiError`.

import { call, explain as explainMove, type Explained } from "../api";
import type * as wire from "../api/types.gen";
import type { Lang } from "../i18n";

// The wire types are generated from the server's (crates/server/src/protocol/opening.rs), so a
// change there shows here as a type error.

/** A text in the three languages of the contract. */
export type Texts = wire.OpeningTexts;
/** An opening as the openings API names it. */
export type NamedOpening = wire.NamedOpening;
/** One line of a repertoire: its moves from the initial position, and a note (or null) per ply. */
export type Line = wire.RepertoireLine;
/** One of the ten openings of the trainer (its `colour`: the side a learner trains by default). */
export type Repertoire = wire.Repertoire;
/** The counts of one move (or of the position) in the explorer: games and their results. */
export type Counts = Pick<wire.Explorer, "games" | "white" | "draws" | "black">;
export type ExplorerMove = wire.ExplorerMove;
/** `GET /api/explorer`: the position's games, the moves played from it, its opening. */
export type Explored = wire.Explorer;

export type { Explained };

let cached: Promise<wire.RepertoireList> | null = null;

/** The ten openings (asked once per page load; a failed answer is asked again next time). */
export function repertoire(): Promise<wire.RepertoireList> {
  if (!cached) {
    cached = call<wire.RepertoireList>("GET", "/api/openings/repertoire");
    cached.catch(() => (cached = null));
  }
  return cached;
}

export function explore(fen: string): Promise<Explored> {
  return call("GET", "/api/explorer?" + new URLSearchParams({ fen }).toString());
}

export function openingAt(fen: string): Promise<wire.OpeningAnswer> {
  return call("GET", "/api/openings?" + new URLSearchParams({ fen }).toString());
}

/** The rules core's answer to `uci` in `fen`. */
export function explain(fen: string, uci: string, lang: Lang): Promise<Explained> {
  return explainMove(fen, uci, lang);
}

/** A text in `lang`, else in English, else any (the API may send only one language). */
export function textIn(t: Partial<Texts> | null | undefined, lang: Lang): string {
  if (!t) return "";
  return t[lang] ?? t.en ?? Object.values(t)[0] ?? "";
}
