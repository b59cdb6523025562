#!/usr/bin/env bash
# The gauntlet of docs/ENGINE.md "Matches": our engine at full strength against each
# opponent named in the match tool's engines.json (Debian's engines), one match after
# another, openings from openings-dev.epd with both colours, 1 thread and 16 MB hash.
#
#   tools/gauntlet.sh [ENGINE] [OUTDIR] [GAMES] [TC] [OPPONENTS...]
#     ENGINE     our binary (default /tmp/gx-gauntlet: copy target/release/guoxiang-engine
#                there first, so that a rebuild during the matches does not change it)
#     OUTDIR     folder for each match's PGN, JSON and log (default results/gauntlet)
#     GAMES      games per opponent (default 100)
#     TC         BASE+INC seconds (default 10+0.1, the time control)
#     OPPONENTS  names from engines.json (default: sf-2400 ethereal toga2 glaurung
#                phalanx gnuchess)
#
# Time-based: run it alone on the machine (CONCURRENCY games at once, default 2). A
# match whose JSON exists is skipped, so an interrupted gauntlet resumes where it was.
set -u
ENGINE=${1:-/tmp/gx-gauntlet}
OUT=${2:-results/gauntlet}
GAMES=${3:-100}
TC=${4:-10+0.1}
shift $(($# < 4 ? $# : 4))
OPPONENTS=("$@")
[ ${#OPPONENTS[@]} -gt 0 ] || OPPONENTS=(sf-2400 ethereal toga2 glaurung phalanx gnuchess)
MATCH=${MATCH:-/work/shared/tools/match/match.py}
OPENINGS=${OPENINGS:-/work/shared/tools/match/openings-dev.epd}
mkdir -p "$OUT"
[ -x "$ENGINE" ] || { echo "no engine at $ENGINE" >&2; exit 2; }

for opp in "${OPPONENTS[@]}"; do
    if [ -s "$OUT/$opp.json" ]; then echo "skip $opp"; continue; fi
    echo "start $opp $(date -u +%FT%TZ)"
    rm -f "$OUT/$opp.pgn" # the match tool appends to its PGN; a rerun starts afresh
    python3 "$MATCH" --e1 "$ENGINE" --name1 guoxiang --opt1 Hash=16 --opt1 Threads=1 \
        --e2 "$opp" --tc "$TC" --openings "$OPENINGS" --games "$GAMES" \
        --concurrency "${CONCURRENCY:-2}" --adjudicate --timemargin 0.5 \
        --pgn "$OUT/$opp.pgn" --json "$OUT/$opp.json.part" --quiet > "$OUT/$opp.log" 2>&1
    # The JSON is renamed only when the match finished, so that a killed match reruns.
    [ -s "$OUT/$opp.json.part" ] && mv "$OUT/$opp.json.part" "$OUT/$opp.json"
    echo "done  $opp $(date -u +%FT%TZ)"
    tail -6 "$OUT/$opp.log"
done
