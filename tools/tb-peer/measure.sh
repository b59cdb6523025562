#!/usr/bin/env bash
# Tablebase generation beside the public peer, for docs/BENCHMARKS.md (issue 15 §1, §5).
#
# Times, in one run on one machine: the Syzygy generator (its published source, built OUTSIDE
# this repository; it is GPL and none of it is copied here) making every class of ≤ 4 pieces
# (WDL + DTZ files, compressed) with 1 thread and with 2 threads, and `guoxiang tb gen` making
# our DTM tables of the same classes with 1 and 2 threads. Prints per class and total times and
# sizes.
#
# The peer is not fetched by this script. Build it once by hand, anywhere outside the repo:
#   git clone <a copy of syzygy1/tb> /work/peer/tb && cd /work/peer/tb/src
#   # no libzstd headers here: switch its temporary-file compression to the bundled LZ4
#   sed -i 's/^FLAGS += -DUSE_ZSTD/#&/; s/^LDFLAGS += -lzstd/#&/' Makefile
#   make rtbgen rtbgenp
#
# Usage: tools/tb-peer/measure.sh PEER_SRC_DIR [--guoxiang BIN] [--out DIR] [--classes KQK,KRK,KQKR]
#   PEER_SRC_DIR  the folder holding the built rtbgen and rtbgenp
#   --guoxiang    our binary (default target/release/guoxiang; build it with
#                 `cargo build --release -p guoxiang` first)
#   --out         where the tables go (default a new temp dir, kept for tools/tb_referee.py):
#                 OUT/syzygy-t1, OUT/syzygy-t2 (the peer's), OUT/gxtb-t1, OUT/gxtb-t2 (ours)
#   --classes     a subset, for checking the script; list each class after the classes it
#                 captures or promotes into (the peer needs them), e.g. KQK,KRK,KQKR
# Run it on an otherwise idle machine: both generators are CPU-bound.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
peer=""
gx="$repo/target/release/guoxiang"
out=""
# All 35 classes of ≤ 4 pieces, in an order where each class comes after those it reaches by a
# capture or a promotion. Our names; the peer's names put a "v" before the second king.
classes="KQK,KRK,KBK,KNK,KPK,\
KQQK,KQRK,KQBK,KQNK,KQPK,KRRK,KRBK,KRNK,KRPK,KBBK,KBNK,KBPK,KNNK,KNPK,KPPK,\
KQKQ,KQKR,KQKB,KQKN,KQKP,KRKR,KRKB,KRKN,KRKP,KBKB,KBKN,KBKP,KNKN,KNKP,KPKP"

while [ $# -gt 0 ]; do
  case "$1" in
    --guoxiang) gx=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --classes) classes=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/{/^#/p}' "$0"; exit 0 ;;
    *) [ -z "$peer" ] || { echo "unexpected argument: $1" >&2; exit 2; }; peer=$1; shift ;;
  esac
done
[ -n "$peer" ] || { echo "usage: $0 PEER_SRC_DIR [--guoxiang BIN] [--out DIR] [--classes LIST]" >&2; exit 2; }
peer=$(cd "$peer" && pwd)
for b in "$peer/rtbgen" "$peer/rtbgenp" "$gx"; do
  [ -x "$b" ] || { echo "not an executable: $b" >&2; exit 2; }
done
[ -n "$out" ] || out=$(mktemp -d /tmp/tb-measure.XXXXXX)
mkdir -p "$out"
out=$(cd "$out" && pwd)
IFS=, read -r -a list <<<"$classes"

now() { date +%s%N; }
ms_since() { echo $((($(now) - $1) / 1000000)); }
syzygy_name() { local c=${1:1}; local k=${c%%K*}; echo "K${k}vK${c#*K}"; }
fmt_s() { printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)); }

echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "tables in: $out"

# The peer, once with each thread count, into fresh folders (it skips nothing itself).
declare -A peer_ms peer_bytes peer_total
for t in 1 2; do
  dir="$out/syzygy-t$t"
  rm -rf "$dir" && mkdir -p "$dir"
  total_start=$(now)
  for c in "${list[@]}"; do
    s=$(syzygy_name "$c")
    gen=rtbgen; [[ $c == *P* ]] && gen=rtbgenp
    start=$(now)
    (cd "$dir" && RTBPATH="$dir" "$peer/$gen" -t "$t" "$s" >"$dir/$s.log" 2>&1) || {
      echo "peer failed on $s (see $dir/$s.log)" >&2; exit 1; }
    peer_ms[$t,$c]=$(ms_since "$start")
    peer_bytes[$t,$c]=$(($(stat -c %s "$dir/$s.rtbw") + $(stat -c %s "$dir/$s.rtbz")))
  done
  peer_total[$t]=$(ms_since "$total_start")
done

# Ours, one call for all the classes with each thread count (it generates them in its own order).
declare -A ours_ms ours_bytes ours_dtm ours_total
for t in 1 2; do
  ours="$out/gxtb-t$t"
  rm -rf "$ours" && mkdir -p "$ours"
  start=$(now)
  "$gx" tb gen --dir "$ours" --classes "$classes" --threads "$t" >"$out/gxtb-t$t.log" 2>&1 || {
    echo "guoxiang tb gen failed (see $out/gxtb-t$t.log)" >&2; exit 1; }
  ours_total[$t]=$(ms_since "$start")
  while IFS= read -r line; do
    c=$(sed -n 's/.*"class": *"\([A-Z]*\)".*/\1/p' <<<"$line")
    [ -n "$c" ] || continue
    ours_ms[$t,$c]=$(sed -n 's/.*"generated_ms": *\([0-9]*\).*/\1/p' <<<"$line")
    ours_bytes[$c]=$(sed -n 's/.*"file_bytes": *\([0-9]*\).*/\1/p' <<<"$line")
    ours_dtm[$c]=$(sed -n 's/.*"max_dtm": *\([0-9]*\).*/\1/p' <<<"$line")
  done < <("$gx" tb info --dir "$ours" --json)
done

printf '\n%-6s %10s %10s %10s %10s %12s %12s %8s\n' class "peer 1t s" "peer 2t s" "ours 1t s" "ours 2t s" \
  "peer bytes" "ours bytes" "max dtm"
sum_pb=0; sum_ob=0
for c in "${list[@]}"; do
  printf '%-6s %10s %10s %10s %10s %12s %12s %8s\n' "$c" "$(fmt_s "${peer_ms[1,$c]}")" "$(fmt_s "${peer_ms[2,$c]}")" \
    "$(fmt_s "${ours_ms[1,$c]:-0}")" "$(fmt_s "${ours_ms[2,$c]:-0}")" "${peer_bytes[2,$c]}" "${ours_bytes[$c]:-?}" \
    "${ours_dtm[$c]:-?}"
  sum_pb=$((sum_pb + peer_bytes[2,$c])); sum_ob=$((sum_ob + ${ours_bytes[$c]:-0}))
done
printf '%-6s %10s %10s %10s %10s %12s %12s\n' total "$(fmt_s "${peer_total[1]}")" "$(fmt_s "${peer_total[2]}")" \
  "$(fmt_s "${ours_total[1]}")" "$(fmt_s "${ours_total[2]}")" "$sum_pb" "$sum_ob"
echo "(totals: wall clock of each whole run, process starts and file writes included; ours per class: its"
echo " generated_ms; peer bytes: .rtbw + .rtbz; max dtm: our longest mate in plies, either side to move)"
