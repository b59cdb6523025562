#!/usr/bin/env python3
"""Expected score lost per move by a human-level style: a quick, low-noise proxy for
a level's strength, used to place the levels (crates/engine/src/levels.rs) before the
real calibration matches (tools/calibrate_levels.sh) measure them.

A style is (depth, nodes, candidates, temperature) exactly as levels.rs plays it: the
engine searches with that depth and node limit and MultiPV = candidates, then picks
among the lines with a softmax over their scores. For each test position this tool
computes the probability of each move the style can pick and, with Stockfish's
score of every such move as the referee, the expected loss in winning chances
(1 / (1 + 10^(-cp/400)) of the best move minus that of the move played), averaged
over the positions. No randomness: the probabilities are summed, not sampled.

Positions: middlegames reached from the openings of openings-dev.epd by a few
plausible moves (generated once, cached under the output folder).

Usage:
  tools/level_proxy.py ENGINE OUTDIR STYLE [STYLE ...]
  STYLE = depth,nodes,candidates,temperature   e.g. 5,20000,4,50
"""
import json
import math
import os
import random
import sys

import chess
import chess.engine

SF = os.environ.get("SF", "/usr/games/stockfish")
OPENINGS = os.environ.get("OPENINGS", "/work/shared/tools/match/openings-dev.epd")
REF_DEPTH = int(os.environ.get("REF_DEPTH", "12"))


def wp(cp):
    return 1.0 / (1.0 + 10 ** (-cp / 400.0))


def cp_of(score):
    # Mate scores become large finite numbers so wp() saturates.
    return score.score(mate_score=20000)


def positions(engine_path, out):
    path = os.path.join(out, "positions.epd")
    if os.path.exists(path):
        return [l.strip() for l in open(path) if l.strip()]
    rng = random.Random(1)
    eng = chess.engine.SimpleEngine.popen_uci(engine_path)
    eng.configure({"Hash": 16})
    fens = []
    for line in open(OPENINGS):
        board = chess.Board(" ".join(line.split()[:4]) + " 0 1")
        for ply in range(36):
            if board.is_game_over():
                break
            # A plausible game: a softmax over the engine's best four at depth 6.
            infos = eng.analyse(board, chess.engine.Limit(depth=6), multipv=4)
            lines = [(i["pv"][0], cp_of(i["score"].pov(board.turn))) for i in infos if "pv" in i]
            top = lines[0][1]
            w = [math.exp((s - top) / 40.0) for _, s in lines]
            board.push(rng.choices([m for m, _ in lines], weights=w)[0])
            if ply in (11, 23, 35) and not board.is_game_over():
                fens.append(board.fen())
    eng.quit()
    with open(path, "w") as f:
        f.write("\n".join(fens) + "\n")
    return fens


class Referee:
    def __init__(self, out):
        self.path = os.path.join(out, f"ref-d{REF_DEPTH}.json")
        self.cache = json.load(open(self.path)) if os.path.exists(self.path) else {}
        self.sf = chess.engine.SimpleEngine.popen_uci(SF)
        self.sf.configure({"Hash": 16, "Threads": 1})

    def score(self, fen, move):
        """Stockfish's score of `move` in `fen`, from the mover's view."""
        key = f"{fen}|{move}"
        if key not in self.cache:
            board = chess.Board(fen)
            self.sf.protocol.send_line("ucinewgame")
            info = self.sf.analyse(
                board, chess.engine.Limit(depth=REF_DEPTH), root_moves=[chess.Move.from_uci(move)]
            )
            self.cache[key] = cp_of(info["score"].pov(board.turn))
        return self.cache[key]

    def best(self, fen):
        key = f"{fen}|best"
        if key not in self.cache:
            board = chess.Board(fen)
            self.sf.protocol.send_line("ucinewgame")
            info = self.sf.analyse(board, chess.engine.Limit(depth=REF_DEPTH))
            self.cache[key] = [info["pv"][0].uci(), cp_of(info["score"].pov(board.turn))]
        return self.cache[key]

    def save(self):
        with open(self.path, "w") as f:
            json.dump(self.cache, f)

    def quit(self):
        self.save()
        self.sf.quit()


def style_loss(eng, ref, fens, style):
    depth, nodes, cands, temp = style
    total, blunders = 0.0, 0.0
    for fen in fens:
        board = chess.Board(fen)
        eng.protocol.send_line("ucinewgame")
        infos = eng.analyse(board, chess.engine.Limit(depth=depth, nodes=nodes), multipv=cands)
        lines = [(i["pv"][0].uci(), cp_of(i["score"].pov(board.turn))) for i in infos if "pv" in i]
        top = lines[0][1]
        w = [math.exp((s - top) / temp) if temp > 0 else (1.0 if k == 0 else 0.0)
             for k, (_, s) in enumerate(lines)]
        tot = sum(w)
        best_cp = max(ref.best(fen)[1], max(ref.score(fen, m) for m, _ in lines))
        for (m, _), wi in zip(lines, w):
            loss = wp(best_cp) - wp(ref.score(fen, m))
            total += wi / tot * loss
            if loss > 0.2:
                blunders += wi / tot
    return total / len(fens), blunders / len(fens)


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        sys.exit(2)
    engine_path, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    styles = [tuple(float(x) if i == 3 else int(x) for i, x in enumerate(s.split(",")))
              for s in sys.argv[3:]]
    fens = positions(engine_path, out)
    ref = Referee(out)
    eng = chess.engine.SimpleEngine.popen_uci(engine_path)
    eng.configure({"Hash": 16})
    print(f"{len(fens)} positions, referee Stockfish depth {REF_DEPTH}")
    print("style (depth,nodes,candidates,temperature)  expected loss per move  blunders (>20 %) per move")
    try:
        for s in styles:
            loss, bl = style_loss(eng, ref, fens, s)
            print(f"{','.join(str(x) for x in s):<32} {100 * loss:7.3f} %  {100 * bl:6.2f} %", flush=True)
            ref.save()
    finally:
        ref.quit()
        eng.quit()


if __name__ == "__main__":
    main()
