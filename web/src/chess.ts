//! What the front end needs to know of chess without a move generator: squares, the piece
//! placement of a FEN, playing a UCI move on a placement (for replay and animation), the
//! squares a piece could reach on an empty board (premove targets), and SAN in letters,
//! figurines or Chinese piece names. Legality always comes from the server.

export type Color = "white" | "black";
export type Role = "k" | "q" | "r" | "b" | "n" | "p";
export interface Piece {
  color: Color;
  role: Role;
}
/** Square index 0..63, a1 = 0, b1 = 1, …, h8 = 63. */
export type Sq = number;
export type Placement = Map<Sq, Piece>;

export const FILES = "abcdefgh";
export const START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

export const fileOf = (s: Sq): number => s & 7;
export const rankOf = (s: Sq): number => s >> 3;
export const sqName = (s: Sq): string => FILES[fileOf(s)] + String(rankOf(s) + 1);
export function parseSq(name: string): Sq | null {
  if (!/^[a-h][1-8]$/.test(name)) return null;
  return FILES.indexOf(name[0]) + 8 * (Number(name[1]) - 1);
}
export const opposite = (c: Color): Color => (c === "white" ? "black" : "white");

/** The piece placement of a FEN (only its first field is read). */
export function placementOf(fen: string): Placement {
  const out: Placement = new Map();
  const rows = fen.split(" ")[0].split("/");
  rows.forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/[1-8]/.test(ch)) {
        file += Number(ch);
      } else {
        const lower = ch.toLowerCase() as Role;
        out.set(file + 8 * (7 - i), { color: ch === lower ? "black" : "white", role: lower });
        file += 1;
      }
    }
  });
  return out;
}

/** The first FEN field of a placement. */
export function boardFen(p: Placement): string {
  const rows: string[] = [];
  for (let r = 7; r >= 0; r--) {
    let row = "";
    let empty = 0;
    for (let f = 0; f < 8; f++) {
      const pc = p.get(f + 8 * r);
      if (!pc) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += pc.color === "white" ? pc.role.toUpperCase() : pc.role;
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return rows.join("/");
}

export interface UciMove {
  from: Sq;
  to: Sq;
  promotion: Role | null;
}
export function parseUci(uci: string): UciMove | null {
  const from = parseSq(uci.slice(0, 2));
  const to = parseSq(uci.slice(2, 4));
  const promo = uci.length === 5 ? (uci[4] as Role) : null;
  if (from === null || to === null || (uci.length !== 4 && !(promo && "qrbn".includes(promo)))) return null;
  return { from, to, promotion: promo };
}

/** Plays a (legal) UCI move on a placement: castling moves the rook, en passant
 *  removes the pawn passed, promotion changes the pawn. Returns a new placement. */
export function applyUci(p: Placement, uci: string): Placement {
  const m = parseUci(uci);
  const out: Placement = new Map(p);
  if (!m) return out;
  const piece = out.get(m.from);
  if (!piece) return out;
  out.delete(m.from);
  if (piece.role === "k" && Math.abs(fileOf(m.to) - fileOf(m.from)) === 2) {
    const rank = rankOf(m.from) * 8;
    const [rookFrom, rookTo] = fileOf(m.to) === 6 ? [rank + 7, rank + 5] : [rank, rank + 3];
    const rook = out.get(rookFrom);
    if (rook) {
      out.delete(rookFrom);
      out.set(rookTo, rook);
    }
  }
  if (piece.role === "p" && fileOf(m.from) !== fileOf(m.to) && !out.has(m.to)) {
    out.delete(m.to + (piece.color === "white" ? -8 : 8));
  }
  out.set(m.to, m.promotion ? { color: piece.color, role: m.promotion } : piece);
  return out;
}

/** Squares a piece on `from` could reach on an otherwise empty board, with the
 *  diagonal steps of a pawn and castling: where a premove may go. */
export function premoveDests(p: Placement, from: Sq): Sq[] {
  const piece = p.get(from);
  if (!piece) return [];
  const f = fileOf(from);
  const r = rankOf(from);
  const out: Sq[] = [];
  const add = (df: number, dr: number): boolean => {
    const nf = f + df;
    const nr = r + dr;
    if (nf < 0 || nf > 7 || nr < 0 || nr > 7) return false;
    const to = nf + 8 * nr;
    const there = p.get(to);
    if (!(there && there.color === piece.color && there.role === "k")) out.push(to);
    return true;
  };
  const slide = (dirs: number[][]) => {
    for (const [df, dr] of dirs) for (let k = 1; add(df * k, dr * k); k++);
  };
  const straight = [[1, 0], [-1, 0], [0, 1], [0, -1]];
  const diagonal = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
  switch (piece.role) {
    case "p": {
      const dir = piece.color === "white" ? 1 : -1;
      add(0, dir);
      if (r === (piece.color === "white" ? 1 : 6)) add(0, 2 * dir);
      add(1, dir);
      add(-1, dir);
      break;
    }
    case "n":
      for (const [df, dr] of [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]]) add(df, dr);
      break;
    case "b":
      slide(diagonal);
      break;
    case "r":
      slide(straight);
      break;
    case "q":
      slide([...straight, ...diagonal]);
      break;
    case "k": {
      for (const [df, dr] of [...straight, ...diagonal]) add(df, dr);
      const home = piece.color === "white" ? 4 : 60;
      if (from === home) {
        out.push(home + 2, home - 2);
      }
      break;
    }
  }
  return out;
}

export type Notation = "letters" | "figurines" | "chinese";
const FIGURINES: Record<string, string> = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘" };
const CHINESE_CN: Record<string, string> = { K: "王", Q: "后", R: "车", B: "象", N: "马" };
const CHINESE_TW: Record<string, string> = { K: "王", Q: "后", R: "車", B: "象", N: "馬" };

/** A SAN move written with letters (as given), figurines or Chinese piece names. */
export function displaySan(san: string, notation: Notation, traditional: boolean): string {
  if (notation === "letters") return san;
  const table = notation === "figurines" ? FIGURINES : traditional ? CHINESE_TW : CHINESE_CN;
  return san.replace(/[KQRBN]/g, (ch) => table[ch] ?? ch);
}

/** The full FEN after the first `ply` moves of a game that started at `startFen`: castling
 *  rights lose a side when its king or rook leaves (or a rook is taken on) its square, the
 *  en-passant square follows a double step when an enemy pawn stands beside it (a pinned
 *  pawn is not checked, so the server's canonical FEN may omit it where this keeps it), and
 *  both move counters are kept. */
export function fenAfter(startFen: string, moves: string[], ply: number): string {
  const fields = startFen.split(" ");
  let placement = placementOf(startFen);
  let turn = fields[1] === "b" ? "b" : "w";
  let castling = fields[2] && fields[2] !== "-" ? fields[2] : "";
  let ep = "-";
  let halfmove = Number(fields[4] ?? "0") || 0;
  let fullmove = Number(fields[5] ?? "1") || 1;
  const rightsOf: Record<string, string> = { e1: "KQ", h1: "K", a1: "Q", e8: "kq", h8: "k", a8: "q" };
  for (const uci of moves.slice(0, ply)) {
    const m = parseUci(uci);
    if (!m) break;
    const piece = placement.get(m.from);
    const capture = placement.has(m.to) || (piece?.role === "p" && fileOf(m.from) !== fileOf(m.to));
    halfmove = piece?.role === "p" || capture ? 0 : halfmove + 1;
    // As the rules core writes FEN: the en-passant square only when a pawn could take.
    const beside = [m.to - 1, m.to + 1].filter((x) => rankOf(x) === rankOf(m.to));
    const taker = beside.some((x) => {
      const p = placement.get(x);
      return p?.role === "p" && p.color !== piece?.color;
    });
    ep = piece?.role === "p" && Math.abs(m.to - m.from) === 16 && taker ? sqName((m.from + m.to) / 2) : "-";
    for (const sq of [sqName(m.from), sqName(m.to)]) {
      for (const r of rightsOf[sq] ?? "") castling = castling.replace(r, "");
    }
    placement = applyUci(placement, uci);
    if (turn === "b") fullmove++;
    turn = turn === "w" ? "b" : "w";
  }
  return `${boardFen(placement)} ${turn} ${castling || "-"} ${ep} ${halfmove} ${fullmove}`;
}

/** Whether `color` has only its king left in a placement. */
export function loneKing(p: Placement, color: Color): boolean {
  for (const pc of p.values()) if (pc.color === color && pc.role !== "k") return false;
  return true;
}

/** Normalises what a person types as a move, for matching against SAN/UCI lists. */
export function normaliseTyped(text: string): string {
  return text
    .trim()
    .replace(/[+#!?]/g, "")
    .replace(/^0-0-0$/i, "O-O-O")
    .replace(/^0-0$/i, "O-O")
    .replace(/^o-o-o$/, "O-O-O")
    .replace(/^o-o$/, "O-O")
    .replace(/\s+/g, "");
}

/** The squares from which pieces of `by` attack `target` on placement `p` (sliders stop at
 *  the first piece; pawns attack diagonally forward). Used to draw why a move is illegal. */
export function attackersOf(p: Placement, target: Sq, by: Color): Sq[] {
  const out: Sq[] = [];
  const tf = fileOf(target);
  const tr = rankOf(target);
  const at = (f: number, r: number): Piece | undefined => (f < 0 || f > 7 || r < 0 || r > 7 ? undefined : p.get(f + 8 * r));
  const hit = (f: number, r: number, roles: string) => {
    const pc = at(f, r);
    if (pc && pc.color === by && roles.includes(pc.role)) out.push(f + 8 * r);
  };
  for (const [df, dr] of [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]]) hit(tf + df, tr + dr, "n");
  for (const [df, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]]) hit(tf + df, tr + dr, "k");
  const back = by === "white" ? -1 : 1;
  hit(tf - 1, tr + back, "p");
  hit(tf + 1, tr + back, "p");
  const rays: [number, number, string][] = [
    [1, 0, "rq"], [-1, 0, "rq"], [0, 1, "rq"], [0, -1, "rq"],
    [1, 1, "bq"], [1, -1, "bq"], [-1, 1, "bq"], [-1, -1, "bq"],
  ];
  for (const [df, dr, roles] of rays) {
    for (let k = 1; k < 8; k++) {
      const f = tf + df * k;
      const r = tr + dr * k;
      if (f < 0 || f > 7 || r < 0 || r > 7) break;
      const pc = p.get(f + 8 * r);
      if (!pc) continue;
      if (pc.color === by && roles.includes(pc.role)) out.push(f + 8 * r);
      break;
    }
  }
  return out;
}

/** The square of `color`'s king, or null when it has none. */
export function kingOf(p: Placement, color: Color): Sq | null {
  for (const [s, pc] of p) if (pc.role === "k" && pc.color === color) return s;
  return null;
}

/** The squares strictly between `a` and `b` on a rank, file or diagonal (empty when the two
 *  do not share a line or are next to each other). */
export function between(a: Sq, b: Sq): Sq[] {
  const df = fileOf(b) - fileOf(a);
  const dr = rankOf(b) - rankOf(a);
  if (!(df === 0 || dr === 0 || Math.abs(df) === Math.abs(dr))) return [];
  const n = Math.max(Math.abs(df), Math.abs(dr));
  const out: Sq[] = [];
  for (let k = 1; k < n; k++) out.push(a + Math.sign(df) * k + 8 * Math.sign(dr) * k);
  return out;
}
