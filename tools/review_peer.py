#!/usr/bin/env python3
"""The peer for game review (docs/BENCHMARKS.md, "Game review"): the same evaluation pass as
`guoxiang review` (docs/REVIEW.md) done with python-chess and Stockfish — every position of
every game searched once at the same node count, one thread, MultiPV 1, one hash table per
game (positions over by the rules scored exactly) — and the same classes computed from
Stockfish's evaluations, compared with ours.

    python3 tools/review_peer.py games --games 10 --plies 80 --out /tmp/rv-games.pgn
    guoxiang review /tmp/rv-games.pgn --json --nodes 150000 > /tmp/rv-ours.jsonl
    python3 tools/review_peer.py review /tmp/rv-games.pgn --nodes 150000 --ours /tmp/rv-ours.jsonl
    # needs `pip install chess` and `apt-get install stockfish`

`games` plays Stockfish against itself at random skill levels 0-10 (so that the games have
mistakes to find) and keeps the first --plies plies of games that last that long. `review`
prints the time of its pass and, with --ours, how often the class from Stockfish's evaluations
is the same as ours (book moves are ours: the peer takes them from our output, as it has no
opening book of its own).
"""
import argparse
import json
import math
import random
import shutil
import sys
import time

import chess
import chess.engine
import chess.pgn

SLOPE = 0.00368208
# As crates/review/src/classify.rs.
LOSS_BANDS = [(0.0, "best"), (0.02, "excellent"), (0.05, "good"), (0.10, "inaccuracy"),
              (0.20, "mistake")]
ORDER = ["book", "forced", "best", "excellent", "good", "inaccuracy", "mistake", "blunder"]


def stockfish(hash_mb: int) -> chess.engine.SimpleEngine:
    engine = chess.engine.SimpleEngine.popen_uci(shutil.which("stockfish") or "/usr/games/stockfish")
    engine.configure({"Threads": 1, "Hash": hash_mb})
    return engine


def play_games(args) -> None:
    rng = random.Random(args.seed)
    engine = stockfish(16)
    kept = 0
    with open(args.out, "w", encoding="utf-8") as out:
        while kept < args.games:
            board = chess.Board()
            levels = (rng.randint(0, 10), rng.randint(0, 10))
            while not board.is_game_over(claim_draw=True) and board.ply() < args.plies:
                engine.configure({"Skill Level": levels[0 if board.turn else 1]})
                board.push(engine.play(board, chess.engine.Limit(nodes=20000)).move)
            if board.ply() < args.plies:
                continue
            kept += 1
            game = chess.pgn.Game.from_board(board)
            game.headers["White"] = f"Stockfish skill {levels[0]}"
            game.headers["Black"] = f"Stockfish skill {levels[1]}"
            game.headers["Result"] = "*"
            print(game, file=out, end="\n\n")
    engine.quit()


# An evaluation from one side: ("cp", n), ("mates", n) or ("mated", n).
def pov(score: chess.engine.PovScore, side: chess.Color):
    s = score.pov(side)
    if s.is_mate():
        m = s.mate()
        # Mate(0) is "mated"; its negation (MateGiven) also has mate() == 0.
        return ("mates", m) if m > 0 or s > chess.engine.Cp(0) else ("mated", -m)
    return ("cp", s.score())


def expected(p) -> float:
    kind, n = p
    if kind == "cp":
        return 1.0 / (1.0 + math.exp(-SLOPE * n))
    return 1.0 if kind == "mates" else 0.0


def classify(book: bool, legal: int, engine_choice: bool, before, after) -> str:
    if book:
        return "book"
    if legal == 1:
        return "forced"
    if engine_choice:
        return "best"
    loss = expected(before) - expected(after)
    cls = next((c for m, c in LOSS_BANDS if loss <= m), "blunder")
    worse = lambda a, b: a if ORDER.index(a) >= ORDER.index(b) else b
    (bk, bn), (ak, an) = before, after
    if bk == "mates" and ak == "mates":
        return "best" if an < bn else "excellent"
    if bk == "mated" and ak == "mated":
        return "best" if an >= bn else "excellent"
    if bk == "mates" and ak == "cp":
        floor = "inaccuracy" if an >= 1000 else "mistake" if an >= 701 else "blunder"
        return worse(cls, floor)
    if bk == "cp" and ak == "mated":
        floor = "inaccuracy" if bn <= -1000 else "mistake" if bn <= -701 else "blunder"
        return worse(cls, floor)
    return cls


def finished(board: chess.Board):
    """The exact score (White's side) of a position over by the rules, else None."""
    if board.is_checkmate():
        return chess.engine.PovScore(chess.engine.Mate(0), board.turn)
    if (board.is_stalemate() or board.is_insufficient_material()
            or board.is_fivefold_repetition() or board.is_seventyfive_moves()):
        return chess.engine.PovScore(chess.engine.Cp(0), chess.WHITE)
    return None


def review(args) -> None:
    ours = []
    if args.ours:
        with open(args.ours, encoding="utf-8") as f:
            ours = [json.loads(line) for line in f if line.strip()]
    engine = stockfish(args.hash)
    agree = total = errors_agree = 0
    confusion = {}
    positions = 0
    t0 = time.perf_counter()
    with open(args.pgn, encoding="utf-8") as f:
        g = 0
        while (game := chess.pgn.read_game(f)) is not None:
            g += 1
            board = game.board()
            evals, bests = [], []
            boards = [board.copy()]
            for mv in game.mainline_moves():
                board.push(mv)
                boards.append(board.copy())
            for b in boards:
                exact = finished(b)
                if exact is not None:
                    evals.append(exact)
                    bests.append(None)
                    continue
                info = engine.analyse(b, chess.engine.Limit(nodes=args.nodes), game=g)
                evals.append(info["score"])
                pv = info.get("pv") or [None]
                bests.append(pv[0])
                positions += 1
            if g > len(ours):
                continue
            our_moves = ours[g - 1]["moves"]
            for i, mv in enumerate(game.mainline_moves()):
                if i >= len(our_moves):
                    break
                before = boards[i]
                side = before.turn
                theirs = classify(our_moves[i]["class"] == "book", before.legal_moves.count(),
                                  bests[i] == mv, pov(evals[i], side), pov(evals[i + 1], side))
                mine = our_moves[i]["class"]
                if mine in ("book", "forced"):
                    continue
                total += 1
                agree += mine == theirs
                bad = ("inaccuracy", "mistake", "blunder")
                errors_agree += (mine in bad) == (theirs in bad)
                confusion[(mine, theirs)] = confusion.get((mine, theirs), 0) + 1
    elapsed = time.perf_counter() - t0
    engine.quit()
    print(f"games {g}, positions searched {positions}, {args.nodes} nodes each: {elapsed:.1f} s")
    if total:
        print(f"judged moves {total}: same class {agree} ({100 * agree / total:.0f} %), "
              f"same error/no-error verdict {errors_agree} ({100 * errors_agree / total:.0f} %)")
        near = sum(n for (a, b), n in confusion.items()
                   if abs(ORDER.index(a) - ORDER.index(b)) <= 1)
        print(f"classes at most one step apart: {near} ({100 * near / total:.0f} %)")
        for name in ORDER[2:]:
            mine_n = sum(n for (a, _), n in confusion.items() if a == name)
            theirs_n = sum(n for (_, b), n in confusion.items() if b == name)
            both = confusion.get((name, name), 0)
            print(f"  {name:<10} ours {mine_n:>4}  Stockfish's {theirs_n:>4}  both {both:>4}")
        print("ours -> Stockfish's: " + ", ".join(
            f"{a}->{b} {n}" for (a, b), n in sorted(confusion.items(),
                                                    key=lambda kv: -kv[1]) if a != b))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("games", help="Stockfish self-play games to review")
    g.add_argument("--games", type=int, default=10)
    g.add_argument("--plies", type=int, default=80)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--out", required=True)
    r = sub.add_parser("review", help="the evaluation pass and the class agreement")
    r.add_argument("pgn")
    r.add_argument("--nodes", type=int, default=150000)
    r.add_argument("--hash", type=int, default=64)
    r.add_argument("--ours", help="guoxiang review --json output of the same file")
    args = p.parse_args()
    if args.cmd == "games":
        play_games(args)
    else:
        review(args)


if __name__ == "__main__":
    sys.exit(main())
