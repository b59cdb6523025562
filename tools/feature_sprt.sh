#!/usr/bin/env bash
# Measures one search feature: the engine as it is (engine 1) against the same build
# with FEATURE switched off through the UCI option `Disable` (engine 2), until an SPRT
# decides between H0 "the feature gains 0 Elo" and H1 "it gains 5 Elo" (--sprt 0 5),
# or MAXGAMES games are played. Results are from engine 1's side, so a positive Elo
# is what the feature is worth. Prints the row for docs/ENGINE.md's "Feature table".
#
#   tools/feature_sprt.sh FEATURE [TC] [MAXGAMES]
#     FEATURE   a name that `Disable` accepts (or several, comma-separated), e.g. nmp
#     TC        time control BASE+INC in seconds (default 8+0.08), or nodes=N for a
#               fixed number of nodes per move (fast, and independent of the load)
#     MAXGAMES  the most games if the SPRT does not stop earlier (default 4000)
#
# Environment: CONCURRENCY (games at once, default 2; use 1 while other work shares
# the machine's two cores), OPENINGS (default tools/openings-600.epd: 600 balanced
# positions made with the match tool's gen_openings.py, seed 2026, depth 10),
# RESULTS (folder for the JSON and PGN, default results/feature-sprt, gitignored),
# MATCH (the match tool, default /work/shared/tools/match/match.py).
#
# It builds nothing: build first with `cargo build --release -p guoxiang-engine`.
# The binary is copied to /tmp so that a rebuild during the match does not change it.
set -euo pipefail

usage() {
    sed -n '8,11p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}
[ $# -ge 1 ] && [ $# -le 3 ] || usage
feature=$1
tc=${2:-8+0.08}
maxgames=${3:-4000}
concurrency=${CONCURRENCY:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
match=${MATCH:-/work/shared/tools/match/match.py}
openings=${OPENINGS:-$root/tools/openings-600.epd}
results=${RESULTS:-$root/results/feature-sprt}
bin=$root/target/release/guoxiang-engine

if [[ $tc =~ ^nodes=([1-9][0-9]*)$ ]]; then
    limit=(--nodes "${BASH_REMATCH[1]}")
elif [[ $tc =~ ^[0-9]+(\.[0-9]+)?\+[0-9]+(\.[0-9]+)?$ ]]; then
    limit=(--tc "$tc")
else
    echo "TC must be BASE+INC, e.g. 8+0.08, or nodes=N, not '$tc'" >&2
    exit 2
fi
[[ $maxgames =~ ^[0-9]+$ ]] && [ "$maxgames" -ge 2 ] || { echo "MAXGAMES must be a number of at least 2, not '$maxgames'" >&2; exit 2; }
[[ $concurrency =~ ^[1-9][0-9]*$ ]] || { echo "CONCURRENCY must be a positive number, not '$concurrency'" >&2; exit 2; }
[ -x "$bin" ] || { echo "no $bin: run 'cargo build --release -p guoxiang-engine' first" >&2; exit 1; }
[ -f "$match" ] || { echo "no match tool at $match (set MATCH)" >&2; exit 1; }
[ -f "$openings" ] || { echo "no openings at $openings (set OPENINGS)" >&2; exit 1; }

work=$(mktemp -d /tmp/feature-sprt.XXXXXX)
trap 'rm -rf "$work"' EXIT
engine=$work/guoxiang-engine
cp "$bin" "$engine"

# The engine itself says whether the name is known.
refusal=$(printf 'setoption name Disable value %s\nisready\nquit\n' "$feature" | "$engine" | grep '^info string' || true)
if [ -n "$refusal" ]; then
    echo "${refusal#info string }" >&2
    exit 2
fi
signature=$("$engine" bench | sed -n 's/^Nodes searched *: *//p')

mkdir -p "$results"
stamp=$(date -u +%Y%m%dT%H%M%SZ)
slug=$(printf '%s' "$feature" | tr ',' '+')
base=$results/$slug-$tc-$stamp
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
git -C "$root" diff --quiet HEAD -- crates Cargo.lock 2>/dev/null || commit="$commit-dirty"  # sources only: docs do not change the binary
echo "feature '$feature' off vs on: tc $tc, at most $maxgames games, concurrency $concurrency"
echo "engine: $bin (commit $commit, bench $signature), copied to $engine"
echo "results: $base.json, $base.pgn"

started=$(date -u '+%Y-%m-%d %H:%M')
status=0
python3 "$match" \
    --e1 "$engine" --name1 guoxiang --opt1 Hash=16 \
    --e2 "$engine" --name2 "no-$slug" --opt2 Hash=16 --opt2 "Disable=$feature" \
    "${limit[@]}" --openings "$openings" --games "$maxgames" --concurrency "$concurrency" \
    --adjudicate --timemargin 0.5 --sprt 0 5 \
    --pgn "$base.pgn" --json "$base.json" --quiet || status=$?
finished=$(date -u '+%H:%M')

[ -f "$base.json" ] || { echo "the match wrote no $base.json (exit $status)" >&2; exit 1; }
python3 - "$base.json" "$feature" "$tc" "$started" "$finished" "$commit" "$signature" <<'EOF'
import json, math, sys
path, feature, tc, started, finished, commit, signature = sys.argv[1:]
s = json.load(open(path))
def fmt(x):
    return "n/a" if x is None or not math.isfinite(x) else f"{x:+.1f}".replace("-0.0", "+0.0")
err = s.get("elo_err")
err = "∞" if err is None or not math.isfinite(err) else f"{err:.1f}"
sprt = s.get("sprt") or "inconclusive"
llr = s.get("sprt_llr")
llr = "" if llr is None else f", LLR {llr:.2f}"
fails = {w: f for w, f in (s.get("failures") or {}).items() if f}
s["commit"], s["bench"], s["feature"] = commit, signature, feature
json.dump(s, open(path, "w"), indent=1)
print()
if fails:
    print(f"failures (see the PGN): {fails}")
print("row for docs/ENGINE.md, 'Feature table':")
print(f"| `{feature}` | {fmt(s.get('elo'))} ± {err} | {s['games']} | {tc} | "
      f"{s['w']}/{s['d']}/{s['l']} | {sprt}{llr} | {started}–{finished} UTC, bench {signature} |")
EOF
exit "$status"
