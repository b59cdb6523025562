#!/usr/bin/env python3
"""An independent check of a puzzle set (docs/BENCHMARKS.md, "Puzzles"): python-chess replays
every line (legal? does a mate puzzle end in mate, a draw puzzle in a repetition or
stalemate?) and Debian's Stockfish, a different engine from the one that made the puzzles,
judges each solver move with MultiPV 2: is our move its best (at the last move of a mate
puzzle: any mate), and is the gap to its second best at least the generator's 0.30 in win
chances? Prints the counts and the share of puzzles Stockfish agrees with at every move.

    python3 tools/puzzle_referee.py crates/puzzles/data/puzzles.jsonl [--nodes N] [--sample K]
    # needs `pip install chess` and `apt-get install stockfish`
"""
import argparse
import json
import math
import random
import shutil
import sys

import chess
import chess.engine


def win_chance(score: chess.engine.PovScore, pov: chess.Color) -> float:
    s = score.pov(pov)
    if s.is_mate():
        return 1.0 if s.mate() > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-0.00368208 * s.score()))


def check(puzzle: dict, engine: chess.engine.SimpleEngine, nodes: int) -> dict:
    # From the position before the mistake, so that repetitions count as the generator's do.
    board = chess.Board(puzzle["before"]) if "before" in puzzle else chess.Board(puzzle["fen"])
    if "mistake" in puzzle:
        board.push(chess.Move.from_uci(puzzle["mistake"]))
    solver = board.turn
    goal = puzzle.get("goal", "win")
    moves = puzzle["moves"]
    result = {"legal": True, "ends_right": True, "best": True, "unique": True}
    for i, uci in enumerate(moves):
        move = chess.Move.from_uci(uci)
        if move not in board.legal_moves:
            result["legal"] = False
            return result
        if i % 2 == 0:
            last = i == len(moves) - 1
            infos = engine.analyse(board, chess.engine.Limit(nodes=nodes), multipv=2)
            best = infos[0]["pv"][0]
            if last and goal == "mate":
                board.push(move)
                ok = board.is_checkmate()
                board.pop()
                result["best"] &= ok
            else:
                result["best"] &= best == move
                if len(infos) > 1:
                    gap = win_chance(infos[0]["score"], solver) - win_chance(infos[1]["score"], solver)
                    both_mate = all(x["score"].pov(solver).is_mate() and x["score"].pov(solver).mate() > 0 for x in infos[:2])
                    if goal == "mate" and both_mate:
                        # Mate puzzles: the fastest mate must be ours alone.
                        result["unique"] &= infos[0]["score"].pov(solver).mate() < infos[1]["score"].pov(solver).mate()
                    elif goal == "draw":
                        # Draw puzzles: the only move that holds; the second best loses.
                        result["unique"] &= win_chance(infos[1]["score"], solver) <= 0.3
                    else:
                        result["unique"] &= gap >= 0.3
        board.push(move)
    if goal == "mate":
        result["ends_right"] = board.is_checkmate()
    elif goal == "draw":
        # A repetition or a stalemate, or a position Stockfish calls a draw (within 1 pawn).
        held = board.is_stalemate() or board.is_repetition(2)
        if not held:
            score = engine.analyse(board, chess.engine.Limit(nodes=nodes))["score"].pov(solver)
            held = not score.is_mate() and abs(score.score()) <= 100
        result["ends_right"] = held
    return result


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--nodes", type=int, default=400_000)
    ap.add_argument("--sample", type=int, default=0, help="check this many puzzles drawn at random (0 = all)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    puzzles = [json.loads(line) for line in open(args.file, encoding="utf-8") if line.strip()]
    if args.sample and args.sample < len(puzzles):
        puzzles = random.Random(args.seed).sample(puzzles, args.sample)
    path = shutil.which("stockfish") or "/usr/games/stockfish"
    engine = chess.engine.SimpleEngine.popen_uci(path)
    engine.configure({"Threads": 1, "Hash": 64})
    totals = {"legal": 0, "ends_right": 0, "best": 0, "unique": 0, "all": 0}
    by_goal: dict = {}
    for n, p in enumerate(puzzles, 1):
        r = check(p, engine, args.nodes)
        ok = all(r.values())
        for k, v in r.items():
            totals[k] += v
        totals["all"] += ok
        g = by_goal.setdefault(p.get("goal", "win"), [0, 0])
        g[0] += ok
        g[1] += 1
        if not ok:
            print(f"disagree {p['id']} {r}", file=sys.stderr)
        if n % 100 == 0:
            print(f"{n}/{len(puzzles)}", file=sys.stderr)
    engine.quit()
    n = len(puzzles)
    print(f"puzzles checked: {n} (Stockfish, {args.nodes} nodes per solver move, MultiPV 2)")
    for k in ("legal", "ends_right", "best", "unique", "all"):
        print(f"{k:11} {totals[k]:5} ({100.0 * totals[k] / max(n, 1):.1f}%)")
    for g, (ok, cnt) in sorted(by_goal.items()):
        print(f"goal {g:5} {ok}/{cnt} agreed ({100.0 * ok / max(cnt, 1):.1f}%)")


if __name__ == "__main__":
    main()
