#!/usr/bin/env python3
"""Table and Elo fit for the level calibration (tools/calibrate_levels.sh).

Usage: python3 tools/levels_table.py [--fix=SF-N,...] DIR [DIR ...]   (DIRs hold match.py
JSON files; the results of the same match in several DIRs, e.g. two passes over
different openings, are added up)

Prints a Markdown table of the matches (from the first-named side) and a maximum
likelihood fit of one rating per level (score s of n games ~ n * logistic(Ri - Rj));
errors from the Hessian. By default each Stockfish anchor is fixed at its nominal
UCI_Elo. With --fix only the anchors named are fixed and the others are fitted like
the levels, so that the levels' spacing comes from our own games (Stockfish's UCI_Elo
steps need not be what they say at a short time control); the fitted anchors are
printed after the table.
"""
import glob, json, math, os, re, sys

sys.path.insert(0, os.environ.get("MATCHDIR", "/work/shared/tools/match"))
from match import trinomial_stats  # noqa: E402

fix_only = None
args = []
for a in sys.argv[1:]:
    if a.startswith("--fix="):
        fix_only = set(a[len("--fix="):].split(","))
    else:
        args.append(a)
dirs = args or ["calibration"]
merged = {}
for d in dirs:
    for f in sorted(glob.glob(os.path.join(d, "*.json"))):
        j = json.load(open(f))
        if "engine1" not in j or not j.get("games"):
            continue
        k = (j["engine1"], j["engine2"], j["limit"])
        m = merged.setdefault(k, {"engine1": k[0], "engine2": k[1], "limit": k[2],
                                  "w": 0, "d": 0, "l": 0, "games": 0})
        for x in ("w", "d", "l", "games"):
            m[x] += j[x]
ms = []
for m in merged.values():
    m.update(trinomial_stats(m["w"], m["d"], m["l"]))
    ms.append(m)

def key(j):
    a, b = j["engine1"], j["engine2"]
    return (b.startswith("SF"), int(a[1:]))
ms.sort(key=key)

def fmt_elo(j):
    if j["w"] + j["d"] / 2 in (0, j["games"]):
        lo, hi = j["elo_lo"], j["elo_hi"]
        return f"< {sgn(hi)} (95 % bound)" if j["score"] == 0 else f"> {sgn(lo)} (95 % bound)"
    return f"{sgn(j['elo'])} ± {j['elo_err']:.0f}"

def sgn(x):
    return f"{x:+.0f}".replace("-", "−")

print("| match | games | W/D/L | score | Elo diff (95 %) | TC |")
print("|---|---|---|---|---|---|")
for j in ms:
    tc = j["limit"].replace("+", " s + ") + " s"
    print(f"| {j['engine1']} – {j['engine2']} | {j['games']} | {j['w']}/{j['d']}/{j['l']} "
          f"| {100 * j['score']:.1f} % | {fmt_elo(j)} | {tc} |")

# Maximum likelihood fit; players: L1..L8 free, SF-N fixed at N (or only those in --fix).
anchors = {p: float(p[3:]) for j in ms for p in (j["engine1"], j["engine2"])
           if p.startswith("SF-")}
if fix_only is not None and not fix_only <= anchors.keys():
    sys.exit(f"--fix names anchors that played no match here: "
             f"{', '.join(sorted(fix_only - anchors.keys()))} (have: {', '.join(sorted(anchors))})")
fixed = {p: v for p, v in anchors.items() if fix_only is None or p in fix_only}
if not fixed:
    sys.exit(0)
free = sorted({p for j in ms for p in (j["engine1"], j["engine2"]) if p not in fixed},
              key=lambda p: (p.startswith("SF-"), int(p.lstrip("LSF-"))))
idx = {p: i for i, p in enumerate(free)}
r = [1500.0] * len(free)
c = math.log(10) / 400

def rating(p):
    return fixed[p] if p in fixed else r[idx[p]]

for it in range(200):  # Newton iterations
    n = len(free)
    g = [0.0] * n
    H = [[0.0] * n for _ in range(n)]
    for j in ms:
        a, b = j["engine1"], j["engine2"]
        s = j["w"] + j["d"] / 2
        N = j["games"]
        p = 1 / (1 + math.exp(-c * (rating(a) - rating(b))))
        gr = c * (s - N * p)  # d logL / d Ra
        h = c * c * N * p * (1 - p)
        for q, sign in ((a, 1), (b, -1)):
            if q in idx:
                g[idx[q]] += sign * gr
                H[idx[q]][idx[q]] += h
        if a in idx and b in idx:
            H[idx[a]][idx[b]] -= h
            H[idx[b]][idx[a]] -= h
    # solve H dx = g (Gaussian elimination)
    A = [row[:] + [g[i]] for i, row in enumerate(H)]
    for i in range(n):
        piv = max(range(i, n), key=lambda k: abs(A[k][i]))
        A[i], A[piv] = A[piv], A[i]
        for k in range(n):
            if k != i and A[i][i]:
                f = A[k][i] / A[i][i]
                A[k] = [x - f * y for x, y in zip(A[k], A[i])]
    dx = [A[i][n] / A[i][i] for i in range(n)]
    dx = [max(-200, min(200, x)) for x in dx]
    r = [x + y for x, y in zip(r, dx)]
    if max(abs(x) for x in dx) < 1e-6:
        break
# covariance = H^-1
n = len(free)
A = [H[i][:] + [1.0 if k == i else 0.0 for k in range(n)] for i in range(n)]
for i in range(n):
    piv = max(range(i, n), key=lambda k: abs(A[k][i]))
    A[i], A[piv] = A[piv], A[i]
    for k in range(n):
        if k != i:
            f = A[k][i] / A[i][i]
            A[k] = [x - f * y for x, y in zip(A[k], A[i])]
    A[i] = [x / A[i][i] for x in A[i]]
print()
# The nominal figures, read from the engine's own table (crates/engine/src/levels.rs).
LEVELS_RS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "crates", "engine",
                         "src", "levels.rs")
NOMINAL = {}
src = open(LEVELS_RS).read()
consts = dict(re.findall(r"const (\w+): u32 = (\d+);", src))
for line in src.splitlines():
    if line.startswith("pub const LEVEL_ELO"):
        elos = [e.strip() for e in line.split("=")[1].strip(" [];").split(",")]
        NOMINAL = {f"L{i + 1}": consts.get(e, e) for i, e in enumerate(elos)}
        NOMINAL["L8"] = f"full strength ({NOMINAL.get('L8', '?')})"
print("| level | nominal `UCI_Elo` | anchor + measured diff (95 %) | fit of all matches (95 %) |")
print("|---|---|---|---|")
for p in free:
    if p.startswith("SF-"):
        continue
    i = idx[p]
    se = math.sqrt(max(A[i][n + i], 0))
    direct = []
    for j in ms:
        if j["engine1"] == p and j["engine2"] in fixed:
            a = fixed[j["engine2"]]
            if math.isfinite(j["elo_err"]):
                direct.append(f"{a + j['elo']:.0f} ± {j['elo_err']:.0f} ({j['engine2']})")
            else:
                direct.append(fmt_elo(j) + f" vs {j['engine2']}")
    fit = (f"{r[i]:.0f} ± {1.96 * se:.0f}" if se < 1000
           else "not bounded (it won or lost all its games)")
    print(f"| {p} | {NOMINAL.get(p, '')} | {'; '.join(direct) or '—'} | {fit} |")
print("\nanchors fixed at: " + ", ".join(f"{p}={v:.0f}" for p, v in sorted(fixed.items())))
fitted = [p for p in free if p.startswith("SF-")]
if fitted:
    print("anchors fitted: " + ", ".join(
        f"{p}={r[idx[p]]:.0f} ± {1.96 * math.sqrt(max(A[idx[p]][n + idx[p]], 0)):.0f}"
        for p in fitted))

# Steps between neighbouring levels, with the 95 % error of the difference (from the
# covariance: var(Ri - Rj) = var Ri + var Rj - 2 cov Ri Rj).
levels = [p for p in free if p.startswith("L")]
steps = []
for a, b in zip(levels, levels[1:]):
    i, k = idx[a], idx[b]
    var = A[i][n + i] + A[k][n + k] - 2 * A[i][n + k]
    steps.append(f"{a}→{b} {r[k] - r[i]:.0f} ± {1.96 * math.sqrt(max(var, 0)):.0f}")
print("steps (fit): " + ", ".join(steps))
