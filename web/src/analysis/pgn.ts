//! PGN in and out of the analysis board's move tree. Reading takes the first game of a text:
//! its tags (a `FEN` tag sets the start), moves in SAN with move numbers, variations in
//! parentheses to any depth, comments in braces or after a semicolon, and skips NAGs and the
//! result. A move that is not legal stops the reading with its place named. Writing gives
//! the tags, then the main line with each variation after the move it replaces and every
//! comment after its move.

import { START_FEN } from "../chess";
import { Tree, moveNumber, type Node } from "./tree";
import { parseSan } from "./rules";

/** A PGN that could not be read: what and where (1-based move token count). */
export class PgnError extends Error {
  constructor(
    readonly kind: "illegal" | "syntax" | "fen",
    readonly token: string,
    readonly at: number,
  ) {
    super(`${kind} at ${at}: ${token}`);
  }
}

export interface Game {
  tags: Map<string, string>;
  tree: Tree;
}

type Token = { t: "open" } | { t: "close" } | { t: "comment"; text: string } | { t: "san"; text: string };

function tokens(body: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < body.length) {
    const c = body[i];
    if (/\s/.test(c)) i++;
    else if (c === "{") {
      const end = body.indexOf("}", i);
      const stop = end < 0 ? body.length : end;
      out.push({ t: "comment", text: body.slice(i + 1, stop).trim().replace(/\s+/g, " ") });
      i = stop + 1;
    } else if (c === ";") {
      const end = body.indexOf("\n", i);
      const stop = end < 0 ? body.length : end;
      out.push({ t: "comment", text: body.slice(i + 1, stop).trim() });
      i = stop + 1;
    } else if (c === "(") {
      out.push({ t: "open" });
      i++;
    } else if (c === ")") {
      out.push({ t: "close" });
      i++;
    } else {
      let j = i;
      while (j < body.length && !/[\s{}();]/.test(body[j])) j++;
      const word = body.slice(i, j);
      i = j;
      const move = word.replace(/^\d+\.+/, "");
      if (!move || /^\$\d+$/.test(move) || /^(1-0|0-1|1\/2-1\/2|\*)$/.test(move) || /^[!?]+$/.test(move)) continue;
      out.push({ t: "san", text: move });
    }
  }
  return out;
}

/** Reads the first game of `text`. Throws `PgnError` (an illegal move, a bad `FEN` tag,
 *  unbalanced parentheses) or the tree's `FenParseError`. */
export function readPgn(text: string): Game {
  const tags = new Map<string, string>();
  const lines = text.replace(/\r/g, "").split("\n");
  let bodyStart = 0;
  for (; bodyStart < lines.length; bodyStart++) {
    const line = lines[bodyStart].trim();
    if (!line) continue;
    const m = /^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$/.exec(line);
    if (!m) break;
    tags.set(m[1], m[2].replace(/\\(.)/g, "$1"));
  }
  // A second game starts at the next tag section: only the first is read.
  const rest = lines.slice(bodyStart);
  const next = rest.findIndex((l, i) => i > 0 && /^\[\w+\s+"/.test(l.trim()) && rest.slice(0, i).some((x) => x.trim()));
  const body = (next < 0 ? rest : rest.slice(0, next)).join("\n");
  const result = /(1-0|0-1|1\/2-1\/2|\*)\s*$/.exec(body.replace(/\{[^}]*\}/g, ""));
  if (result && !tags.has("Result")) tags.set("Result", result[1]);
  let tree: Tree;
  try {
    tree = new Tree(tags.get("FEN") ?? START_FEN);
  } catch {
    throw new PgnError("fen", tags.get("FEN") ?? "", 0);
  }
  let cur: Node = tree.root;
  let pending = "";
  let fresh = false;
  const stack: Node[] = [];
  let count = 0;
  for (const tok of tokens(body)) {
    if (tok.t === "comment") {
      if (!tok.text) continue;
      if (cur === tree.root && !cur.children.length) cur.comment = join(cur.comment, tok.text);
      else if (fresh) pending = join(pending, tok.text);
      else cur.comment = join(cur.comment, tok.text);
    } else if (tok.t === "open") {
      if (!cur.parent) throw new PgnError("syntax", "(", count);
      stack.push(cur);
      cur = cur.parent;
      pending = "";
      fresh = true;
    } else if (tok.t === "close") {
      const back = stack.pop();
      if (!back) throw new PgnError("syntax", ")", count);
      cur = back;
      fresh = false;
    } else {
      count++;
      const uci = parseSan(cur.pos, tok.text);
      if (!uci) throw new PgnError("illegal", tok.text, count);
      cur = tree.add(cur, uci);
      fresh = false;
      if (pending) {
        cur.comment = join(pending, cur.comment);
        pending = "";
      }
    }
  }
  return { tags, tree };
}

const join = (a: string, b: string) => (a && b ? a + " " + b : a || b);

/** A comment as PGN allows it (no closing brace inside). */
const brace = (text: string) => `{ ${text.replace(/}/g, ")")} }`;

/** The PGN of a tree: `tags` (Event, Site, Date, Round, White, Black, Result first), the
 *  `FEN`/`SetUp` tags when the start is not the standard one, then the moves. */
export function writePgn(tree: Tree, tags: Map<string, string> = new Map()): string {
  const seven = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
  const all = new Map<string, string>();
  const defaults: Record<string, string> = { Event: "?", Site: "?", Date: "????.??.??", Round: "?", White: "?", Black: "?", Result: "*" };
  for (const k of seven) all.set(k, tags.get(k) ?? defaults[k]);
  for (const [k, v] of tags) if (!seven.includes(k) && k !== "FEN" && k !== "SetUp") all.set(k, v);
  if (tree.root.fen !== START_FEN) {
    all.set("SetUp", "1");
    all.set("FEN", tree.root.fen);
  }
  const head = [...all].map(([k, v]) => `[${k} "${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"]`).join("\n");
  const words: string[] = [];
  if (tree.root.comment) words.push(brace(tree.root.comment));
  writeLine(tree, tree.root, words, true);
  words.push(all.get("Result") ?? "*");
  return head + "\n\n" + wrap(words.join(" ")) + "\n";
}

/** Writes the moves after `parent`: its first child, the other children as variations, then
 *  the first child's continuation. `numbered`: the next move needs its number even for Black. */
function writeLine(tree: Tree, parent: Node, out: string[], numbered: boolean): void {
  let p = parent;
  let needNumber = numbered;
  while (p.children.length) {
    const [main, ...alts] = p.children;
    out.push(moveText(tree, main, needNumber));
    needNumber = false;
    if (main.comment) {
      out.push(brace(main.comment));
      needNumber = true;
    }
    for (const alt of alts) {
      out.push("(" + moveText(tree, alt, true));
      if (alt.comment) out.push(brace(alt.comment));
      const inner: string[] = [];
      writeLine(tree, alt, inner, !!alt.comment);
      out.push(...inner);
      out[out.length - 1] += ")";
      needNumber = true;
    }
    p = main;
  }
}

function moveText(tree: Tree, node: Node, numbered: boolean): string {
  const { n, white } = moveNumber(node, tree.root);
  if (white) return `${n}. ${node.san}`;
  return numbered ? `${n}... ${node.san}` : node.san;
}

/** Lines of at most 80 characters, as the PGN standard asks. */
function wrap(text: string): string {
  const lines: string[] = [];
  let line = "";
  for (const w of text.split(" ")) {
    if (line && line.length + 1 + w.length > 80) {
      lines.push(line);
      line = w;
    } else line = line ? line + " " + w : w;
  }
  if (line) lines.push(line);
  return lines.join("\n");
}
