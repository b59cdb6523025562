#!/usr/bin/env python3
"""Compare our Dutch pairing (guoxiang-tournament's swiss::pair) with bbpPairings.

bbpPairings (github.com/BieremaBoyzProgramming/bbpPairings, built outside this repo
with `make`) generates random tournaments (`--dutch -g CONFIG -o FILE -s SEED`); this
script takes each tournament's last round off, asks bbpPairings to pair that round
(`--dutch FILE -p OUT`), pairs it with ours (the ignored test `referee_dump` in
crates/tournament/tests/swiss.rs), and reports how many pairings agree and the time
both took. `--record` copies the cases into the test corpus
crates/tournament/tests/data/swiss/ (TRF + bbpPairings' pairing as `.expected`).

    tools/swiss_referee.py --bbp /work/ref/bbp/bbpPairings.exe --count 200 --seed 1
"""

import argparse
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parent.parent
CORPUS = REPO / "crates/tournament/tests/data/swiss"
POINTS = {"1": 2, "+": 2, "W": 2, "F": 2, "U": 2, "=": 1, "D": 1, "H": 1}


def strip_last_round(text):
    """The tournament as it stood before its last round: TRF text, rounds played."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    players = [l for l in lines if l.startswith("001")]
    rounds = max((len(l.rstrip()) - 91 + 2) // 10 for l in players)
    keep = rounds - 1
    out, first = [], None
    for line in lines:
        if not line.startswith("001"):
            if line.strip() and not line.startswith(("XXR", "XXC")):
                out.append(line)
            continue
        head, blocks = line[:91], line[91:]
        blocks = [blocks[i * 10:i * 10 + 10].ljust(10) for i in range(keep)]
        half = sum(POINTS.get(b[7], 0) for b in blocks)
        head = head.ljust(91)
        head = head[:80] + f"{half / 2:4.1f}" + head[84:]
        new = (head + "".join(blocks)).rstrip()
        if head[4:8].strip() == "1" and blocks and blocks[0][5] in "wb" and blocks[0][7] in "10=WDL":
            first = "white1" if blocks[0][5] == "w" else "black1"
        out.append(new)
    out.append(f"XXR {rounds}")
    if first:
        out.append(f"XXC {first}")
    return "\r".join(out) + "\r", rounds


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bbp", required=True, help="path to bbpPairings.exe")
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="7-40", help="range of player counts, e.g. 7-40")
    ap.add_argument("--rounds", default="3-9", help="range of round counts")
    ap.add_argument("--record", action="store_true", help="write the cases into the corpus")
    ap.add_argument("--keep", help="directory to keep the cases in (default: a temporary one)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    lo_p, hi_p = map(int, args.players.split("-"))
    lo_r, hi_r = map(int, args.rounds.split("-"))
    work = pathlib.Path(args.keep or tempfile.mkdtemp(prefix="swiss_referee_"))
    work.mkdir(parents=True, exist_ok=True)
    bbp_time, names = 0.0, []
    for i in range(args.count):
        seed = rng.randrange(1, 2**31)
        players, rounds = rng.randint(lo_p, hi_p), rng.randint(lo_r, hi_r)
        rounds = min(rounds, players - 1)
        cfg = work / "config.txt"
        cfg.write_text(
            f"PlayersNumber={players}\nRoundsNumber={rounds}\n"
            f"ForfeitRate={rng.choice([1000, 40, 15])}\nHalfPointByeRate={rng.choice([1000, 40, 15])}\n"
        )
        full = work / "full.trf"
        gen = subprocess.run([args.bbp, "--dutch", "-g", str(cfg), "-o", str(full), "-s", str(seed)],
                             capture_output=True)
        if gen.returncode != 0:
            continue
        text, _ = strip_last_round(full.read_text())
        name = f"s{seed}_p{players}_r{rounds}"
        case = work / f"{name}.trf"
        case.write_text(text)
        start = time.perf_counter()
        res = subprocess.run([args.bbp, "--dutch", str(case), "-p", str(case.with_suffix(".expected"))],
                             capture_output=True)
        bbp_time += time.perf_counter() - start
        if res.returncode != 0:
            case.unlink()
            continue
        names.append(name)
    env = {"SWISS_DIR": str(work), "CARGO_BUILD_JOBS": "1", "PATH": __import__("os").environ["PATH"],
           "HOME": __import__("os").environ.get("HOME", "")}
    subprocess.run(["cargo", "test", "-q", "--release", "-p", "guoxiang-tournament", "--test", "swiss",
                    "referee_dump", "--", "--ignored"], cwd=REPO, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    ours_time = float((work / "ours_time.txt").read_text())
    agree, differ = 0, []
    for name in names:
        exp = (work / f"{name}.expected").read_text().split("\n")
        ours = (work / f"{name}.ours").read_text().split("\n")
        norm = lambda ls: sorted(l.strip() for l in ls[1:] if l.strip())
        if norm(exp) == norm(ours):
            agree += 1
        else:
            differ.append(name)
        if args.record:
            for ext in (".trf", ".expected"):
                shutil.copy(work / f"{name}{ext}", CORPUS / f"{name}{ext}")
    n = len(names)
    print(f"cases: {n}  agree: {agree} ({100.0 * agree / max(n, 1):.1f}%)")
    print(f"time: ours {ours_time:.3f} s in-process, bbpPairings {bbp_time:.3f} s (process per file)")
    print("differ: " + " ".join(differ))
    if args.record:
        listed = CORPUS / "differs.txt"
        kept = set()
        if listed.exists():
            kept = {l.split()[0] for l in listed.read_text().splitlines()
                    if l.strip() and not l.startswith("#")}
        kept = (kept - set(names)) | set(differ)
        listed.write_text(
            "# cases where our pairing differs from bbpPairings' (legal, not identical)\n"
            + "".join(f"{d}\n" for d in sorted(kept)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
