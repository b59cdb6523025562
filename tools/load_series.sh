#!/usr/bin/env bash
# tools/load_series.sh — one run of the game load tool (crates/server/examples/load/) against a
# set-up, as docs/BENCHMARKS.md "Load across processes" reports them. Not a test: minutes of both
# cores; run it on a quiet machine after
#   cargo build --release -p guoxiang --bin guoxiang
#   cargo build --release -p guoxiang-server --example load
#
# Usage: tools/load_series.sh SETUP GAMES [KILL_AT_SECONDS]
#   SETUP  sqlite   one `guoxiang serve` on SQLite (the default set-up)
#          pg1      deploy/local.sh up 1; the bots talk to the process directly
#          pg3      deploy/local.sh up 3; each request and socket to one of the three at random
#          proxy3   deploy/local.sh up 3; everything through HAProxy (at most ~4,500 games here:
#                   HAProxy holds two files per connection, 20,000 at most on this machine)
#   KILL_AT_SECONDS  pg*/proxy3: kill -9 process 2 that many seconds into the measured part
# Environment: SECONDS_MEASURED (default 60), BOT_PROCS (default 2), GUOXIANG_BIN, LOAD_BIN.
set -euo pipefail
cd "$(dirname "$0")/.."
setup=${1:?SETUP}; games=${2:?GAMES}; kill_at=${3:-}
secs=${SECONDS_MEASURED:-60}; procs=${BOT_PROCS:-2}
export GUOXIANG_BIN=${GUOXIANG_BIN:-$PWD/target/release/guoxiang}
load=${LOAD_BIN:-$PWD/target/release/examples/load}
export GUOXIANG_DEPLOY_DIR=${GUOXIANG_DEPLOY_DIR:-/tmp/gx-load-series}
export GUOXIANG_SERVE_ARGS="--no-tb-gen --create-per-minute 1000000"
date -u; uptime
case $setup in
  sqlite)
    data=$(mktemp -d /tmp/gx-load-sqlite.XXXXXX)
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    "$GUOXIANG_BIN" serve --addr "127.0.0.1:$port" --data "$data" $GUOXIANG_SERVE_ARGS >"$data/log" 2>&1 &
    pid=$!
    trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$data"' EXIT
    until grep -q listening "$data/log"; do sleep 0.2; done
    "$load" --addr "127.0.0.1:$port" --server-pid "$pid" --db "$data/guoxiang.sqlite3" \
      --games "$games" --seconds "$secs" --procs "$procs" 2>"$data/bots.err"
    echo "bot error lines: $(wc -l <"$data/bots.err")"
    ;;
  pg1 | pg3 | proxy3)
    n=3; [ "$setup" = pg1 ] && n=1
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    deploy/local.sh down >/dev/null 2>&1 || true
    deploy/local.sh up "$n" --port "$port" 2>/dev/null
    trap 'deploy/local.sh down 2>/dev/null' EXIT
    addrs=""
    for i in $(seq 1 "$n"); do addrs+="127.0.0.1:$(cat "$GUOXIANG_DEPLOY_DIR/$i/port"),"; done
    addrs=${addrs%,}
    [ "$setup" = proxy3 ] && addrs="127.0.0.1:$port"
    kill_args=()
    [ -n "$kill_at" ] && kill_args=(--kill "$kill_at:deploy/local.sh kill 2")
    "$load" --addr "$addrs" --server-pid "$(deploy/local.sh pids | paste -sd,)" \
      --db "$(cat "$GUOXIANG_DEPLOY_DIR/db")" --games "$games" --seconds "$secs" --procs "$procs" \
      "${kill_args[@]}" 2>"$GUOXIANG_DEPLOY_DIR/bots.err"
    echo "bot error lines: $(wc -l <"$GUOXIANG_DEPLOY_DIR/bots.err")"
    ;;
  *) echo "unknown set-up $setup (sqlite, pg1, pg3, proxy3)" >&2; exit 2 ;;
esac
