#!/usr/bin/env python3
"""The peer for the puzzle generator's throughput (docs/BENCHMARKS.md, "Puzzles"): the same
only-move rule as `guoxiang puzzles gen` (docs/PUZZLES.md, "Generation"), done the way the
lichess puzzler does it — python-chess walking the games, Stockfish searching — on the same PGN
file, at the same node counts, on one core. Prints puzzles found and puzzles per core-hour.

    python3 tools/puzzle_gen_peer.py games --games 40 --out /tmp/pz-games.pgn   # input for both
    python3 tools/puzzle_gen_peer.py gen /tmp/pz-games.pgn --scan 20000 --nodes 60000
    # needs `pip install chess` and `apt-get install stockfish`

`games` plays Stockfish against itself at random skill levels 0–5 (weak levels blunder, which
is what puzzles are made of). `gen` evaluates every position of every game at --scan nodes; a
move that drops the mover's win chances by 0.30 or more is a mistake; from the position after
it the solver's line is built with MultiPV 2 at --nodes, every solver move confirmed at
4×--nodes (best unchanged and a gap of 0.30, or mate against no mate), the defence by the best
reply; the line stops when the solver's next move is not unique, and is kept when it ends with
the solver's win chances ≥ 0.75 or in mate.
"""
import argparse
import math
import random
import shutil
import sys
import time

import chess
import chess.engine
import chess.pgn

GAP = 0.30


def stockfish() -> chess.engine.SimpleEngine:
    engine = chess.engine.SimpleEngine.popen_uci(shutil.which("stockfish") or "/usr/games/stockfish")
    engine.configure({"Threads": 1, "Hash": 16})
    return engine


def wc(score: chess.engine.PovScore, pov: chess.Color) -> float:
    s = score.pov(pov)
    if s.is_mate():
        return 1.0 if s.mate() > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-0.00368208 * s.score()))


def mate_against(score: chess.engine.PovScore, pov: chess.Color):
    """In how many moves the side other than `pov` mates, if it does."""
    s = score.pov(pov)
    return -s.mate() if s.is_mate() and s.mate() < 0 else None


def play_games(args) -> None:
    rng = random.Random(args.seed)
    engine = stockfish()
    with open(args.out, "w", encoding="utf-8") as out:
        for g in range(args.games):
            board = chess.Board()
            levels = (rng.randint(0, 5), rng.randint(0, 5))
            while not board.is_game_over(claim_draw=True) and board.ply() < 200:
                engine.configure({"Skill Level": levels[0 if board.turn else 1]})
                board.push(engine.play(board, chess.engine.Limit(nodes=args.nodes)).move)
            game = chess.pgn.Game.from_board(board)
            game.headers["Event"] = f"peer self-play {g + 1}"
            game.headers["White"] = f"Stockfish skill {levels[0]}"
            game.headers["Black"] = f"Stockfish skill {levels[1]}"
            print(game, file=out, end="\n\n")
            print(f"game {g + 1}/{args.games}", file=sys.stderr)
    engine.quit()


def only_move(engine, board, nodes):
    """The solver's only move here, or None: MultiPV 2 at `nodes`, confirmed at 4×`nodes`."""
    pov = board.turn
    for n in (nodes, 4 * nodes):
        infos = engine.analyse(board, chess.engine.Limit(nodes=n), multipv=2)
        if not infos or not infos[0].get("pv"):
            return None
        best = infos[0]["pv"][0]
        if n != nodes and best != first:
            return None
        first = best
        if len(infos) > 1:
            b, s = infos[0]["score"].pov(pov), infos[1]["score"].pov(pov)
            b_mates = b.is_mate() and b.mate() > 0
            s_mates = s.is_mate() and s.mate() > 0
            if b_mates:
                # Mate against no mate, or the fastest mate alone (a slower second
                # mate); at the last move (mate in 1) any mate is accepted.
                if s_mates and s.mate() <= b.mate() and b.mate() > 1:
                    return None
            elif wc(infos[0]["score"], pov) - wc(infos[1]["score"], pov) < GAP:
                return None
    return first, infos[0]["score"]


def line_from(engine, board, nodes):
    """The punishing line from `board` (solver to move), or None."""
    pov = board.turn
    line = []
    last = None
    while True:
        found = only_move(engine, board, nodes)
        if found is None:
            break
        move, last = found
        line.append(move)
        board.push(move)
        if board.is_checkmate():
            return line
        if board.is_game_over():
            break
        reply = engine.play(board, chess.engine.Limit(nodes=nodes)).move
        board.push(reply)
        line.append(reply)
    # The line ends with the solver's last forced move, and must have won.
    while line and len(line) % 2 == 0:
        line.pop()
    if not line or last is None or wc(last, pov) < 0.75:
        return None
    return line


def generate(args) -> None:
    engine = stockfish()
    found = 0
    games = 0
    start = time.process_time()
    wall = time.time()
    with open(args.pgn, encoding="utf-8") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            games += 1
            board = game.board()
            prev = None
            prev_mate = None  # the mover's opponent's mate before the move, in moves
            for move in game.mainline_moves():
                mover = board.turn
                if prev is None:
                    before = engine.analyse(board, chess.engine.Limit(nodes=args.scan))["score"]
                    prev = wc(before, mover)
                    prev_mate = mate_against(before, mover)
                board.push(move)
                after = engine.analyse(board, chess.engine.Limit(nodes=args.scan))["score"]
                now = wc(after, mover)
                mate = mate_against(after, mover)
                # A drop of 0.30, or a mate the move allowed or made shorter (as ours).
                allowed = mate is not None and mate <= 6 and (prev_mate is None or mate < prev_mate)
                prev_mate = mate_against(after, not mover)
                if prev - now >= GAP or allowed:
                    line = line_from(engine, board.copy(), args.nodes)
                    if line:
                        found += 1
                prev = 1.0 - now
    cpu = time.process_time() - start
    elapsed = time.time() - wall
    engine.quit()
    # Stockfish runs in its own process: the wall time on one core is the fair measure.
    print(f"games {games}, puzzles {found}, wall {elapsed:.1f} s, python cpu {cpu:.1f} s")
    print(f"puzzles per core-hour: {found * 3600.0 / max(elapsed, 1e-9):.0f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("games")
    g.add_argument("--games", type=int, default=40)
    g.add_argument("--nodes", type=int, default=2000)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--out", required=True)
    p = sub.add_parser("gen")
    p.add_argument("pgn")
    p.add_argument("--scan", type=int, default=20000)
    p.add_argument("--nodes", type=int, default=60000)
    args = ap.parse_args()
    play_games(args) if args.cmd == "games" else generate(args)


if __name__ == "__main__":
    main()
