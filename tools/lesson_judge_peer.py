#!/usr/bin/env python3
"""The peer for the lesson judge's benchmark (docs/BENCHMARKS.md, "Lessons"): python-chess
doing the same work as `judge` on the positions of crates/lessons/benches/judge.rs — after the
learner's first move of a mate in n, prove that every reply still allows a forced mate within
the moves left and pick the longest defence. Prints the median time of one judgement.

    python3 tools/lesson_judge_peer.py            # needs `pip install chess`
"""
import statistics
import time

import chess


def mates_within(board: chess.Board, n: int) -> bool:
    """The side to move mates in at most n of its moves, whatever the defence."""
    if n <= 0:
        return False
    for m in list(board.legal_moves):
        board.push(m)
        if board.is_checkmate():
            board.pop()
            return True
        ok = n > 1 and not board.is_stalemate() and all(defended(board, r, n - 1) for r in list(board.legal_moves))
        board.pop()
        if ok:
            return True
    return False


def defended(board: chess.Board, reply: chess.Move, n: int) -> bool:
    board.push(reply)
    ok = mates_within(board, n)
    board.pop()
    return ok


def judge_first_move(fen: str, uci: str, n: int):
    """The verdict on a first move of a mate in n, and the longest defence."""
    board = chess.Board(fen)
    board.push_uci(uci)
    if board.is_checkmate():
        return True, None
    best, longest = None, -1
    for r in list(board.legal_moves):
        board.push(r)
        # the fewest moves in which the learner still mates after r
        k = next((k for k in range(1, n) if mates_within(board, k)), None)
        board.pop()
        if k is None:
            return False, r
        if k > longest:
            best, longest = r, k
    return True, best


def median_us(f, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6


CASES = [
    ("judge mate-in-2 first move", "7k/8/8/2p5/8/8/1R6/R3K3 w - - 0 1", "a1a7", 2, 200),
    ("judge mate-in-3 first move", "Q7/5p2/8/7K/R7/8/8/2k5 w - - 0 1", "a4a2", 3, 10),
]

if __name__ == "__main__":
    print(f"python-chess {chess.__version__}")
    for name, fen, uci, n, runs in CASES:
        ok, reply = judge_first_move(fen, uci, n)
        assert ok, name
        print(f"{name}: {median_us(lambda: judge_first_move(fen, uci, n), runs):,.0f} µs (longest defence {reply})")
