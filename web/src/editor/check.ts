//! Whether a FEN is a position that can stand, asked of the rules core on the server: the
//! page has no rules of its own. `GET /api/explain?fen=F&move=M&lang=L` reads the FEN before
//! it looks at the move, and refuses a FEN that does not read or a position that cannot arise
//! with `400 {"error": code, "message": words in L}` — the core's `FenError` and
//! `PositionError`, worded by `guoxiang-i18n` (wording/fen.rs). Any other answer means the
//! FEN stands (the move given, a1a2, is only there because the endpoint wants one).

import { ApiError, explain } from "../api";

export type Verdict =
  | { ok: true }
  /** `code`: the core's code (`position.too_many_kings`, `fen.rank_count`, …). */
  | { ok: false; code: string; message: string }
  /** The server could not be asked (offline); nothing is known. */
  | { ok: null; message: string };

/** A FEN error's codes start with these (other 400s are about the probe move, not the FEN). */
const FEN_CODES = ["fen.", "position.", "bad_fen"];

export async function check(fen: string, lang: string): Promise<Verdict> {
  try {
    await explain(fen, "a1a2", lang);
    return { ok: true };
  } catch (e) {
    if (e instanceof ApiError && e.status === 400 && FEN_CODES.some((c) => e.code.startsWith(c))) {
      return { ok: false, code: e.code, message: e.message };
    }
    if (e instanceof ApiError && e.status === 400) return { ok: true };
    return { ok: null, message: (e as Error).message };
  }
}
