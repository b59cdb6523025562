#!/usr/bin/env python3
"""An outside referee for guoxiang's endgame tables (issue 15 §1).

Two independent checks of `guoxiang tb probe --json`:

1. WDL against the Syzygy tables made by the public generator (tools/tb-peer/measure.sh leaves
   them in OUT/syzygy-t2, ours in OUT/gxtb-t2), read with python-chess's own Syzygy prober. For N random legal
   positions of every one of the 35 classes with at most four pieces (either colour holding
   the stronger side, either side to move), the position's win/draw/loss and that of every
   legal move after it are compared; the probe's move list must also be exactly the legal
   moves python-chess knows.

   Syzygy's WDL knows the 50-move rule: a "cursed win" (+1) is a win that the 50-move rule
   turns into a draw, a "blessed loss" (-1) a loss saved by it. Our tables are pure DTM without
   the 50-move rule (the trainer counts the 50 moves itself), so a cursed win is compared as a
   win and a blessed loss as a loss; the script counts how many of those it met.

2. DTM of the three-piece classes KQK, KRK, KBK and KNK against a small retrograde solver
   written here on python-chess's move generation (no tables involved): every position is
   solved exactly, then M random positions per class are compared ply for ply, and the
   longest mate (our `tb info --json` max_dtm) against the solver's and the published one
   (KQK 10 moves = 19 plies, KRK 16 moves = 31 plies, stronger side to move).

Besides, every probed position is checked for consistency with its own move list: its value
follows from the values after its moves (a mate-in-d needs a move to a loss in d-1, etc.).

Usage:
  python3 tools/tb_referee.py --syzygy OUT/syzygy-t2 --ours OUT/gxtb-t2 [--guoxiang BIN]
                              [--n 30] [--dtm-n 200] [--seed 1] [--classes KQK,KQKR]
Needs python-chess (`pip install chess==1.11.2`). Exit status 0 iff there is no mismatch.
"""

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

import chess
import chess.syzygy

CLASSES = (
    "KQK KRK KBK KNK KPK "
    "KQQK KQRK KQBK KQNK KQPK KRRK KRBK KRNK KRPK KBBK KBNK KBPK KNNK KNPK KPPK "
    "KQKQ KQKR KQKB KQKN KQKP KRKR KRKB KRKN KRKP KBKB KBKN KBKP KNKN KNKP KPKP"
).split()
PUBLISHED_MAX_PLIES = {"KQK": 19, "KRK": 31}
PIECE = {"Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}


class Probe:
    """Our CLI, one process per position (the contract's `tb probe FEN --dir DIR --json`)."""

    def __init__(self, exe, tables):
        self.exe, self.tables = exe, tables

    def __call__(self, fen):
        out = subprocess.run(
            [self.exe, "tb", "probe", fen, "--dir", self.tables, "--json"],
            capture_output=True, text=True, check=False,
        )
        if out.returncode == 2:
            return None  # our core refuses the setup (see `random_position`)
        if out.returncode != 0:
            raise RuntimeError(f"probe {fen}: exit {out.returncode}: {out.stderr.strip()}")
        return json.loads(out.stdout)


def sides(cls):
    """'KQKR' -> ('Q', 'R'): the stronger side's pieces and the other's, kings left out."""
    second = cls.index("K", 1)
    return cls[1:second], cls[second + 1:]


def random_position(cls, rng):
    """A random legal position of `cls`: random squares, colours swapped half the time, random
    side to move, no castling, no en passant; redrawn until python-chess calls it valid and it
    has no check by two knights or pawns at once (python-chess lets that pass, though no move
    can give it; our core refuses it as an illegal setup)."""
    strong, weak = sides(cls)
    while True:
        white_first = rng.random() < 0.5
        board = chess.Board(None)
        board.turn = rng.random() < 0.5
        squares = rng.sample(range(64), 2 + len(strong) + len(weak))
        colour = chess.WHITE if white_first else chess.BLACK
        pieces = [(chess.KING, colour), (chess.KING, not colour)]
        pieces += [(PIECE[p], colour) for p in strong] + [(PIECE[p], not colour) for p in weak]
        for sq, (kind, col) in zip(squares, pieces):
            board.set_piece_at(sq, chess.Piece(kind, col))
        steppers = [sq for sq in board.checkers()
                    if board.piece_type_at(sq) in (chess.KNIGHT, chess.PAWN, chess.KING)]
        if board.is_valid() and len(steppers) < 2:
            return board


def syzygy_wdl(tables, board):
    """Syzygy's WDL folded onto DTM's three values (cursed win -> win, blessed loss -> loss);
    the second value says whether the 50-move rule was in play."""
    v = 0 if board.occupied == board.kings else tables.probe_wdl(board)
    return ("loss", "loss", "draw", "win", "win")[v + 2], abs(v) == 1


def value_from_children(board, moves):
    """(wdl, dtm) a position must have, given the values after each of its moves."""
    if not moves:
        return ("loss", 0) if board.is_check() else ("draw", None)
    losses = [m["dtm"] for m in moves if m["wdl"] == "loss"]
    if losses:
        return "win", 1 + min(losses)
    if any(m["wdl"] == "draw" for m in moves):
        return "draw", None
    return "loss", 1 + max(m["dtm"] for m in moves)


class Tally:
    def __init__(self):
        self.checked = self.mismatches = self.fifty = self.refused = 0

    def check(self, ok, what):
        self.checked += 1
        if not ok:
            self.mismatches += 1
            print(f"  MISMATCH {what}", flush=True)


def check_wdl(cls, n, rng, probe, tables, tally):
    for _ in range(n):
        while True:
            board = random_position(cls, rng)
            fen = board.fen()
            ours = probe(fen)
            if ours is not None:
                break
            tally.refused += 1
            print(f"  refused as an illegal setup by our core (redrawn): {fen}", flush=True)
        theirs, fifty = syzygy_wdl(tables, board)
        tally.fifty += fifty
        tally.check(ours["wdl"] == theirs, f"{fen}: ours {ours['wdl']}, syzygy {theirs}")
        legal = sorted(m.uci() for m in board.legal_moves)
        listed = sorted(m["uci"] for m in ours["moves"])
        tally.check(legal == listed, f"{fen}: moves ours {listed}, legal {legal}")
        for m in ours["moves"]:
            child = board.copy()
            child.push_uci(m["uci"])
            theirs, fifty = syzygy_wdl(tables, child)
            tally.fifty += fifty
            tally.check(m["wdl"] == theirs, f"{fen} {m['uci']}: ours {m['wdl']}, syzygy {theirs}")
        expect = value_from_children(board, ours["moves"])
        tally.check((ours["wdl"], ours["dtm"]) == expect,
                    f"{fen}: ours {ours['wdl']}/{ours['dtm']}, its moves give {expect}")


# --- the independent DTM solver for K + one piece vs K ---------------------------------------

def transforms():
    """The 8 symmetries of the board (pawnless), as square maps."""
    maps = []
    for flip_f in (False, True):
        for flip_r in (False, True):
            for swap in (False, True):
                def t(sq, flip_f=flip_f, flip_r=flip_r, swap=swap):
                    f, r = chess.square_file(sq), chess.square_rank(sq)
                    f, r = (7 - f if flip_f else f), (7 - r if flip_r else r)
                    return chess.square(r, f) if swap else chess.square(f, r)
                maps.append([t(sq) for sq in range(64)])
    return maps


SYMMETRIES = transforms()


def canon(wk, wp, bk):
    return min((m[wk], m[wp], m[bk]) for m in SYMMETRIES)


def solve(piece):
    """Exact DTM of every K + `piece` vs K position, white the stronger side: a dict
    (wk, wp, bk, white_to_move) -> plies to mate, or None for a draw (canonical keys only)."""
    succ, mated = {}, set()
    for wk in range(64):
        for wp in range(64):
            for bk in range(64):
                if len({wk, wp, bk}) < 3 or canon(wk, wp, bk) != (wk, wp, bk):
                    continue
                for wtm in (True, False):
                    board = chess.Board(None)
                    board.set_piece_at(wk, chess.Piece(chess.KING, chess.WHITE))
                    board.set_piece_at(wp, chess.Piece(piece, chess.WHITE))
                    board.set_piece_at(bk, chess.Piece(chess.KING, chess.BLACK))
                    board.turn = wtm
                    if not board.is_valid():
                        continue
                    children = []
                    for mv in board.legal_moves:
                        if not wtm and mv.to_square == wp:
                            children.append(None)  # the piece is taken: a bare-king draw
                            continue
                        k, p, b = wk, wp, bk
                        if wtm and mv.from_square == wk:
                            k = mv.to_square
                        elif wtm:
                            p = mv.to_square
                        else:
                            b = mv.to_square
                        children.append(canon(k, p, b) + (not wtm,))
                    succ[(wk, wp, bk, wtm)] = children
                    if not children and board.is_check():
                        mated.add((wk, wp, bk, wtm))
    dtm = {key: 0 for key in mated}
    ply = 0
    while True:
        ply += 1
        new = {}
        for key, children in succ.items():
            if key in dtm:
                continue
            if key[3]:  # white to move: a move to a black loss found at the last ply
                if any(c is not None and dtm.get(c) == ply - 1 for c in children):
                    new[key] = ply
            elif children and all(c is not None and c in dtm for c in children):
                new[key] = ply  # black to move: every move now leads to a known white win
        if not new:
            break
        dtm.update(new)
    return {key: dtm.get(key) for key in succ}


def check_dtm(cls, n, rng, probe, info, tally):
    table = solve(PIECE[cls[1]])
    wins = [d for k, d in table.items() if k[3] and d is not None]
    longest = max(wins, default=0)
    overall = max((d for d in table.values() if d is not None), default=0)
    print(f"  solver: {len(table)} positions (symmetry-reduced), longest mate {longest} plies "
          f"with the stronger side to move, {overall} overall", flush=True)
    if cls in PUBLISHED_MAX_PLIES:
        tally.check(longest == PUBLISHED_MAX_PLIES[cls],
                    f"{cls}: solver's longest mate {longest}, published {PUBLISHED_MAX_PLIES[cls]}")
    if info is not None:
        tally.check(info["max_dtm"] in (longest, overall),
                    f"{cls}: our max_dtm {info['max_dtm']}, solver {longest} (stm strong) / {overall}")
    for _ in range(n):
        board = random_position(cls, rng)
        white_strong = bool(board.pieces(PIECE[cls[1]], chess.WHITE))
        if not white_strong:  # the solver's keys have the stronger side as white
            mirrored = board.mirror()
        else:
            mirrored = board
        wk = mirrored.king(chess.WHITE)
        bk = mirrored.king(chess.BLACK)
        wp = next(iter(mirrored.pieces(PIECE[cls[1]], chess.WHITE)))
        key = canon(wk, wp, bk) + (mirrored.turn == chess.WHITE,)
        expect = table[key]
        wdl = "draw" if expect is None else ("win" if expect % 2 else "loss")
        ours = probe(board.fen())
        if ours is None:
            tally.refused += 1
            print(f"  refused as an illegal setup by our core: {board.fen()}", flush=True)
            continue
        tally.check((ours["wdl"], ours["dtm"]) == (wdl, expect),
                    f"{board.fen()}: ours {ours['wdl']}/{ours['dtm']}, solver {wdl}/{expect}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--syzygy", required=True, help="folder of the peer's .rtbw/.rtbz files")
    ap.add_argument("--ours", required=True, help="folder of our .gxtb files")
    ap.add_argument("--guoxiang", default=str(Path(__file__).resolve().parents[1] / "target/release/guoxiang"))
    ap.add_argument("--n", type=int, default=30, help="random positions per class for WDL")
    ap.add_argument("--dtm-n", type=int, default=200, help="random positions per class for DTM")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--classes", default=",".join(CLASSES))
    args = ap.parse_args()
    classes = args.classes.split(",")
    rng = random.Random(args.seed)
    probe = Probe(args.guoxiang, args.ours)
    info = {}
    out = subprocess.run([args.guoxiang, "tb", "info", "--dir", args.ours, "--json"],
                         capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        if line.strip():
            row = json.loads(line)
            info[row["class"]] = row
    tally = Tally()
    with chess.syzygy.open_tablebase(args.syzygy) as tables:
        for cls in classes:
            before = (tally.checked, tally.mismatches)
            print(f"{cls}: WDL against Syzygy", flush=True)
            check_wdl(cls, args.n, rng, probe, tables, tally)
            if cls in ("KQK", "KRK", "KBK", "KNK"):
                print(f"{cls}: DTM against the solver", flush=True)
                check_dtm(cls, args.dtm_n, rng, probe, info.get(cls), tally)
            print(f"  {tally.checked - before[0]} checks, {tally.mismatches - before[1]} mismatches",
                  flush=True)
    print(f"\nsummary: {len(classes)} classes, {tally.checked} checks "
          f"({args.n} random positions per class and every move after each, "
          f"{args.dtm_n} DTM positions per three-piece piece class), "
          f"{tally.mismatches} mismatches; {tally.fifty} Syzygy values were cursed wins or "
          f"blessed losses (compared as wins/losses); {tally.refused} random setups our core "
          f"refused as illegal")
    return 1 if tally.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
