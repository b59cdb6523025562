//! The rules of chess in the page, for the analysis board only: a position read from and
//! written to FEN (checked: one king a side, no pawn on a back rank, the side not to move not
//! in check), its legal moves as UCI, a move played, SAN written and read (letters; the page
//! turns them into figurines or Chinese names). The analysis board works with no server at
//! all, so it cannot ask the rules core for every move the way the game page does.

import { FILES, fileOf, opposite, parseSq, parseUci, rankOf, sqName, type Color, type Piece, type Role, type Sq } from "../chess";

/** A position: the squares (a1 = 0 … h8 = 63), the side to move, castling rights as FEN
 *  writes them ("KQkq" or a part), the en-passant square, the two counters. */
export interface Pos {
  board: (Piece | null)[];
  turn: Color;
  castling: string;
  ep: Sq | null;
  halfmove: number;
  fullmove: number;
}

/** Why a FEN was refused (a key under `ui.an.fen_error.*`). */
export type FenError = "fields" | "rows" | "kings" | "pawns" | "turn" | "check";

export class FenParseError extends Error {
  constructor(readonly reason: FenError) {
    super("fen: " + reason);
  }
}

const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
const KING = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];
const ROOK = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const BISHOP = [[1, 1], [1, -1], [-1, 1], [-1, -1]];

const at = (f: number, r: number): Sq | null => (f < 0 || f > 7 || r < 0 || r > 7 ? null : f + 8 * r);

/** Reads a FEN; the counters may be left out. Castling rights with no king or rook on its
 *  square are dropped, as is an en-passant square no pawn could have passed. */
export function parseFen(fen: string): Pos {
  const fields = fen.trim().split(/\s+/);
  if (fields.length < 2 || fields.length > 6) throw new FenParseError("fields");
  const rows = fields[0].split("/");
  if (rows.length !== 8) throw new FenParseError("rows");
  const board: (Piece | null)[] = new Array(64).fill(null);
  rows.forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/[1-8]/.test(ch)) file += Number(ch);
      else if (/^[kqrbnpKQRBNP]$/.test(ch)) {
        if (file > 7) throw new FenParseError("rows");
        const role = ch.toLowerCase() as Role;
        board[file + 8 * (7 - i)] = { color: ch === role ? "black" : "white", role };
        file++;
      } else throw new FenParseError("rows");
    }
    if (file !== 8) throw new FenParseError("rows");
  });
  if (fields[1] !== "w" && fields[1] !== "b") throw new FenParseError("turn");
  const turn: Color = fields[1] === "w" ? "white" : "black";
  const kings = (c: Color) => board.filter((p) => p?.role === "k" && p.color === c).length;
  if (kings("white") !== 1 || kings("black") !== 1) throw new FenParseError("kings");
  if (board.some((p, s) => p?.role === "p" && (rankOf(s) === 0 || rankOf(s) === 7))) throw new FenParseError("pawns");
  const is = (s: string, ch: string) => {
    const p = board[parseSq(s) ?? 0];
    return !!p && (p.color === "white" ? p.role.toUpperCase() : p.role) === ch;
  };
  const wanted = fields[2] ?? "-";
  let castling = "";
  if (wanted.includes("K") && is("e1", "K") && is("h1", "R")) castling += "K";
  if (wanted.includes("Q") && is("e1", "K") && is("a1", "R")) castling += "Q";
  if (wanted.includes("k") && is("e8", "k") && is("h8", "r")) castling += "k";
  if (wanted.includes("q") && is("e8", "k") && is("a8", "r")) castling += "q";
  let ep: Sq | null = fields[3] && fields[3] !== "-" ? parseSq(fields[3]) : null;
  if (ep !== null) {
    const passed = ep + (turn === "white" ? -8 : 8);
    const pawn = board[passed];
    if (rankOf(ep) !== (turn === "white" ? 5 : 2) || pawn?.role !== "p" || pawn.color === turn) ep = null;
  }
  const pos: Pos = {
    board,
    turn,
    castling,
    ep,
    halfmove: Math.max(0, Number(fields[4] ?? "0") || 0),
    fullmove: Math.max(1, Number(fields[5] ?? "1") || 1),
  };
  if (inCheck(pos, opposite(turn))) throw new FenParseError("check");
  return pos;
}

/** The FEN of a position (the en-passant square only when a pawn could take there). */
export function toFen(pos: Pos): string {
  const rows: string[] = [];
  for (let r = 7; r >= 0; r--) {
    let row = "";
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const p = pos.board[f + 8 * r];
      if (!p) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += p.color === "white" ? p.role.toUpperCase() : p.role;
    }
    rows.push(row + (empty ? String(empty) : ""));
  }
  const ep = pos.ep !== null && legalMoves(pos).some((u) => u.slice(2, 4) === sqName(pos.ep!) && pos.board[parseSq(u.slice(0, 2))!]?.role === "p") ? sqName(pos.ep) : "-";
  return `${rows.join("/")} ${pos.turn[0]} ${pos.castling || "-"} ${ep} ${pos.halfmove} ${pos.fullmove}`;
}

/** Whether `by` attacks square `s`. */
export function attacked(pos: Pos, s: Sq, by: Color): boolean {
  const f = fileOf(s);
  const r = rankOf(s);
  const has = (x: Sq | null, roles: string) => {
    if (x === null) return false;
    const p = pos.board[x];
    return !!p && p.color === by && roles.includes(p.role);
  };
  if (KNIGHT.some(([df, dr]) => has(at(f + df, r + dr), "n"))) return true;
  if (KING.some(([df, dr]) => has(at(f + df, r + dr), "k"))) return true;
  const back = by === "white" ? -1 : 1;
  if (has(at(f - 1, r + back), "p") || has(at(f + 1, r + back), "p")) return true;
  const ray = (dirs: number[][], roles: string) =>
    dirs.some(([df, dr]) => {
      for (let k = 1; k < 8; k++) {
        const x = at(f + df * k, r + dr * k);
        if (x === null) return false;
        if (pos.board[x]) return has(x, roles);
      }
      return false;
    });
  return ray(ROOK, "rq") || ray(BISHOP, "bq");
}

/** Whether `color`'s king is attacked. */
export function inCheck(pos: Pos, color: Color = pos.turn): boolean {
  const k = pos.board.findIndex((p) => p?.role === "k" && p.color === color);
  return k >= 0 && attacked(pos, k, opposite(color));
}

/** Moves by the rules of movement, before the own king's safety is checked. */
function pseudoMoves(pos: Pos): string[] {
  const out: string[] = [];
  const us = pos.turn;
  const add = (from: Sq, to: Sq) => out.push(sqName(from) + sqName(to));
  for (let s = 0; s < 64; s++) {
    const p = pos.board[s];
    if (!p || p.color !== us) continue;
    const f = fileOf(s);
    const r = rankOf(s);
    const target = (x: Sq | null): boolean => x !== null && pos.board[x]?.color !== us;
    if (p.role === "p") {
      const dir = us === "white" ? 1 : -1;
      const last = us === "white" ? 7 : 0;
      const push = (to: Sq) => {
        if (rankOf(to) === last) for (const pr of "qrbn") out.push(sqName(s) + sqName(to) + pr);
        else add(s, to);
      };
      const one = at(f, r + dir);
      if (one !== null && !pos.board[one]) {
        push(one);
        const two = at(f, r + 2 * dir);
        if (r === (us === "white" ? 1 : 6) && two !== null && !pos.board[two]) add(s, two);
      }
      for (const df of [-1, 1]) {
        const x = at(f + df, r + dir);
        if (x === null) continue;
        if ((pos.board[x] && pos.board[x]!.color !== us) || x === pos.ep) push(x);
      }
    } else if (p.role === "n" || p.role === "k") {
      for (const [df, dr] of p.role === "n" ? KNIGHT : KING) {
        const x = at(f + df, r + dr);
        if (target(x)) add(s, x!);
      }
    } else {
      const dirs = p.role === "r" ? ROOK : p.role === "b" ? BISHOP : [...ROOK, ...BISHOP];
      for (const [df, dr] of dirs) {
        for (let k = 1; k < 8; k++) {
          const x = at(f + df * k, r + dr * k);
          if (x === null) break;
          if (pos.board[x]) {
            if (pos.board[x]!.color !== us) add(s, x);
            break;
          }
          add(s, x);
        }
      }
    }
  }
  // Castling: the rights, empty squares between, and the king not in, through or into check.
  const home = us === "white" ? 4 : 60;
  const them = opposite(us);
  const side = (right: string, rook: Sq, to: Sq, empty: Sq[], safe: Sq[]) => {
    if (!pos.castling.includes(right)) return;
    if (pos.board[home]?.role !== "k" || pos.board[rook]?.role !== "r") return;
    if (empty.some((x) => pos.board[x])) return;
    if (safe.some((x) => attacked(pos, x, them))) return;
    add(home, to);
  };
  side(us === "white" ? "K" : "k", home + 3, home + 2, [home + 1, home + 2], [home, home + 1, home + 2]);
  side(us === "white" ? "Q" : "q", home - 4, home - 2, [home - 1, home - 2, home - 3], [home, home - 1, home - 2]);
  return out;
}

/** The position after a move (assumed legal: from `legalMoves`). */
export function play(pos: Pos, uci: string): Pos {
  const m = parseUci(uci);
  const next: Pos = { ...pos, board: pos.board.slice(), ep: null };
  if (!m) return next;
  const piece = next.board[m.from];
  if (!piece) return next;
  const captured = next.board[m.to];
  next.board[m.from] = null;
  if (piece.role === "k" && Math.abs(fileOf(m.to) - fileOf(m.from)) === 2) {
    const base = m.from - fileOf(m.from);
    const [rf, rt] = fileOf(m.to) === 6 ? [base + 7, base + 5] : [base, base + 3];
    next.board[rt] = next.board[rf];
    next.board[rf] = null;
  }
  const enPassant = piece.role === "p" && m.to === pos.ep && !captured;
  if (enPassant) next.board[m.to + (piece.color === "white" ? -8 : 8)] = null;
  next.board[m.to] = m.promotion ? { color: piece.color, role: m.promotion } : piece;
  if (piece.role === "p" && Math.abs(m.to - m.from) === 16) next.ep = (m.from + m.to) / 2;
  const lose: Record<string, string> = { e1: "KQ", h1: "K", a1: "Q", e8: "kq", h8: "k", a8: "q" };
  for (const s of [sqName(m.from), sqName(m.to)]) for (const ch of lose[s] ?? "") next.castling = next.castling.replace(ch, "");
  next.halfmove = piece.role === "p" || captured || enPassant ? 0 : pos.halfmove + 1;
  if (pos.turn === "black") next.fullmove = pos.fullmove + 1;
  next.turn = opposite(pos.turn);
  return next;
}

/** The legal moves, as UCI (promotions to each piece; castling as the king's two steps). */
export function legalMoves(pos: Pos): string[] {
  return pseudoMoves(pos).filter((u) => !inCheck(play(pos, u), pos.turn));
}

/** Mate, stalemate, or neither. */
export function outcome(pos: Pos): "mate" | "stalemate" | null {
  if (legalMoves(pos).length) return null;
  return inCheck(pos) ? "mate" : "stalemate";
}

/** The SAN of a legal move, with + or #. */
export function san(pos: Pos, uci: string): string {
  const m = parseUci(uci);
  const piece = m ? pos.board[m.from] : null;
  if (!m || !piece) return uci;
  let text: string;
  if (piece.role === "k" && Math.abs(fileOf(m.to) - fileOf(m.from)) === 2) {
    text = fileOf(m.to) === 6 ? "O-O" : "O-O-O";
  } else {
    const capture = !!pos.board[m.to] || (piece.role === "p" && fileOf(m.from) !== fileOf(m.to));
    if (piece.role === "p") {
      text = (capture ? FILES[fileOf(m.from)] + "x" : "") + sqName(m.to) + (m.promotion ? "=" + m.promotion.toUpperCase() : "");
    } else {
      const rivals = legalMoves(pos)
        .map((u) => parseUci(u)!)
        .filter((o) => o.to === m.to && o.from !== m.from && pos.board[o.from]?.role === piece.role);
      let which = "";
      if (rivals.length) {
        if (rivals.every((o) => fileOf(o.from) !== fileOf(m.from))) which = FILES[fileOf(m.from)];
        else if (rivals.every((o) => rankOf(o.from) !== rankOf(m.from))) which = String(rankOf(m.from) + 1);
        else which = sqName(m.from);
      }
      text = piece.role.toUpperCase() + which + (capture ? "x" : "") + sqName(m.to);
    }
  }
  const after = play(pos, uci);
  if (inCheck(after)) text += legalMoves(after).length ? "+" : "#";
  return text;
}

/** The legal move a SAN (or UCI) text names, or null. Check marks, annotations and an
 *  unneeded disambiguation are accepted; "0-0" is read as "O-O". */
export function parseSan(pos: Pos, text: string): string | null {
  const clean = text.trim().replace(/[+#!?]+$/g, "").replace(/0/g, "O");
  const legal = legalMoves(pos);
  if (/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(text.trim())) return legal.includes(text.trim()) ? text.trim() : null;
  for (const u of legal) if (san(pos, u).replace(/[+#]$/, "") === clean) return u;
  const m = /^([KQRBN])?([a-h])?([1-8])?x?([a-h][1-8])(?:=?([QRBN]))?$/.exec(clean);
  if (!m) return null;
  const role = (m[1] ?? "P").toLowerCase();
  const found = legal.filter((u) => {
    const mv = parseUci(u)!;
    const p = pos.board[mv.from];
    if (!p || p.role !== role || sqName(mv.to) !== m[4]) return false;
    if (m[2] && FILES[fileOf(mv.from)] !== m[2]) return false;
    if (m[3] && String(rankOf(mv.from) + 1) !== m[3]) return false;
    return (mv.promotion ?? "") === (m[5] ?? "").toLowerCase();
  });
  return found.length === 1 ? found[0] : null;
}

/** How many pieces (kings included) stand on the board. */
export function pieceCount(pos: Pos): number {
  return pos.board.filter((p) => p).length;
}

/** The number of leaf positions `depth` moves deep (a check of the move generator). */
export function perft(pos: Pos, depth: number): number {
  if (depth === 0) return 1;
  const moves = legalMoves(pos);
  if (depth === 1) return moves.length;
  return moves.reduce((n, u) => n + perft(play(pos, u), depth - 1), 0);
}
