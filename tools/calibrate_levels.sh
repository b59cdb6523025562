#!/usr/bin/env bash
# Calibration of the human levels 1–8 (crates/engine/src/levels.rs): neighbour matches
# L1–L2 … L7–L8 and each level against Stockfish 15.1 at a UCI_Elo anchor.
# Usage: tools/calibrate_levels.sh [ENGINE] [OUTDIR] [GAMES] [TC] [START]
# START is the first opening (1-based): pass 1 = openings 1–50 (START=1, 100 games, both
# colours), pass 2 = openings 51–100 (START=51) into another OUTDIR; tools/levels_table.py
# adds the passes up.
# Runs the matches one after another (CONCURRENCY games at once, default 1); a match whose
# JSON exists is skipped. ONLY="L6-L7 L7-L8 …" plays just the matches named.
set -u
ENGINE=${1:-/tmp/gx-levels}
OUT=${2:-calibration}
GAMES=${3:-100}
TC=${4:-3+0.03}
START=${5:-1}
MATCH=${MATCH:-/work/shared/tools/match/match.py}
OPENINGS=${OPENINGS:-/work/shared/tools/match/openings-dev.epd}
SF=${SF:-/usr/games/stockfish}
mkdir -p "$OUT"

run() { # NAME then match.py engine arguments
    local name=$1; shift
    if [ -s "$OUT/$name.json" ]; then echo "skip $name"; return; fi
    if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $name "* ]]; then return; fi
    echo "start $name $(date -u +%FT%TZ)"
    python3 "$MATCH" "$@" --tc "$TC" --openings "$OPENINGS" --games "$GAMES" --start "$START" \
        --concurrency "${CONCURRENCY:-1}" --adjudicate --timemargin 0.5 \
        --pgn "$OUT/$name.pgn" --json "$OUT/$name.json" --quiet > "$OUT/$name.log" 2>&1
    echo "done  $name $(date -u +%FT%TZ)"; tail -6 "$OUT/$name.log"
}
level() { echo --e$1 "$ENGINE" --name$1 L$2 --opt$1 Level=$2 --opt$1 Hash=16 --opt$1 Threads=1; }
sf() { echo --e$1 "$SF" --name$1 SF-$2 --opt$1 Threads=1 --opt$1 Hash=16 \
    --opt$1 UCI_LimitStrength=true --opt$1 UCI_Elo=$2; }

SFMIN=$(echo uci | "$SF" | sed -n 's/.*UCI_Elo .* min \([0-9]*\).*/\1/p')
for a in 1 2 3 4 5 6 7; do
    b=$((a + 1))
    run "L$a-L$b" $(level 1 $a) $(level 2 $b)
done
# Each level against Stockfish at the anchors nearest its strength; neighbours share an
# anchor (L1-L5 SF-1350, L5-L6 SF-1700, L6-L7 SF-2000, L7-L8 SF-2400), so that a step
# does not rest on the spacing of Stockfish's own scale.
run "L1-SF$SFMIN" $(level 1 1) $(sf 2 "$SFMIN")
run "L2-SF$SFMIN" $(level 1 2) $(sf 2 "$SFMIN")
run "L3-SF$SFMIN" $(level 1 3) $(sf 2 "$SFMIN")
run "L4-SF$SFMIN" $(level 1 4) $(sf 2 "$SFMIN")
run "L5-SF$SFMIN" $(level 1 5) $(sf 2 "$SFMIN")
run "L5-SF1700" $(level 1 5) $(sf 2 1700)
run "L6-SF1700" $(level 1 6) $(sf 2 1700)
run "L6-SF2000" $(level 1 6) $(sf 2 2000)
run "L7-SF2000" $(level 1 7) $(sf 2 2000)
run "L7-SF2400" $(level 1 7) $(sf 2 2400)
run "L8-SF2400" $(level 1 8) $(sf 2 2400)
