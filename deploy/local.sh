#!/usr/bin/env bash
# deploy/local.sh — N `guoxiang serve` processes on one PostgreSQL behind HAProxy, on one machine.
#
# Usage:
#   deploy/local.sh up N [--port P]  start a private PostgreSQL cluster, N processes on loopback
#                                    (ports chosen free) and HAProxy on 127.0.0.1:P (default 8088);
#                                    prints `ready http://127.0.0.1:P` once everything answers
#   deploy/local.sh kill I           kill -9 process I (1…N)
#   deploy/local.sh start I          start process I again, on the same port, with the same data
#   deploy/local.sh pids             the N process ids, one a line; `-` for a process not running
#   deploy/local.sh down             stop everything and remove the state directory
#
# Environment:
#   GUOXIANG_BIN         the binary (default <repo>/target/release/guoxiang)
#   GUOXIANG_DEPLOY_DIR  the state directory (default /tmp/guoxiang-local): pids, ports, the
#                        PostgreSQL cluster, the HAProxy config, every log
#   GUOXIANG_TB_DIR      the endgame tables, shared by the processes (default <state>/tablebase;
#                        set it to keep generated tables across `down`); process 1 generates
#                        missing tables in the background, the others only read them
#   GUOXIANG_SERVE_ARGS  extra arguments for every `guoxiang serve` (split on spaces)
#   GUOXIANG_DEPLOY_TIMEOUT  seconds to wait for a part to come up (default 60)
#   GUOXIANG_PG_ARGS     extra PostgreSQL settings, e.g. `-c synchronous_commit=off` (load runs;
#                        docs/DEPLOY.md says what that trades)
#
# PostgreSQL (/usr/lib/postgresql/*/bin) and HAProxy come from Debian's packages; when missing
# and run as root they are installed with apt-get. As root, PostgreSQL runs as user postgres.
# The contract and the layout are described in docs/DEPLOY.md.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
STATE=${GUOXIANG_DEPLOY_DIR:-/tmp/guoxiang-local}
BIN=${GUOXIANG_BIN:-$ROOT/target/release/guoxiang}
TIMEOUT=${GUOXIANG_DEPLOY_TIMEOUT:-60}
MARK=.guoxiang-local # the file that says a directory is ours (and may be removed by `down`)

say() { echo "local.sh: $*" >&2; }
die() {
  echo "local.sh: error: $*" >&2
  exit 1
}
# die, after showing the end of log $1 (the state directory is removed on a failed `up`).
die_log() {
  local log=$1
  shift
  if [ -s "$log" ]; then
    echo "local.sh: the end of $log:" >&2
    tail -n 15 "$log" | sed 's/^/  | /' >&2
  fi
  die "$@"
}
usage() {
  sed -n '3,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
is_uint() { [[ $1 =~ ^[0-9]+$ ]]; }

# --- processes ----------------------------------------------------------------------------

# Whether pid $1 is a running process (a zombie left unreaped by PID 1 counts as dead).
alive() {
  local pid=$1 st
  is_uint "$pid" || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  if [ -r "/proc/$pid/stat" ]; then
    st=$(sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null | cut -d' ' -f1) || return 1
    [ "$st" != Z ] && [ "$st" != X ] || return 1
  fi
  return 0
}

# Starts "$@" detached (own session, stdin closed, output appended to $2) and writes its pid
# to $1 (written by the process itself just before it becomes the command).
spawn() {
  local pidfile=$1 log=$2
  shift 2
  rm -f "$pidfile"
  local pre=()
  command -v setsid >/dev/null 2>&1 && pre=(setsid)
  # shellcheck disable=SC2016 # $$ and $@ are the inner shell's
  "${pre[@]}" bash -c 'echo $$ >"$0.tmp" && mv "$0.tmp" "$0" && exec "$@"' "$pidfile" "$@" \
    </dev/null >>"$log" 2>&1 &
  local i
  for ((i = 0; i < 100; i++)); do
    [ -s "$pidfile" ] && return 0
    sleep 0.05
  done
  die_log "$log" "could not start $1"
}

# Sends TERM to pid $1, waits up to $2 seconds, then KILL.
stop_pid() {
  local pid=$1 wait=${2:-10} i
  alive "$pid" || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < wait * 10; i++)); do
    alive "$pid" || return 0
    sleep 0.1
  done
  kill -KILL "$pid" 2>/dev/null || true
  for ((i = 0; i < 50; i++)); do
    alive "$pid" || return 0
    sleep 0.1
  done
}

# --- HTTP without curl: bash's /dev/tcp ---------------------------------------------------

# `GET $2` on 127.0.0.1:$1; prints the response head; fails unless the status is 200.
http_head() {
  # shellcheck disable=SC2016 # expanded by the inner shell
  timeout 3 bash -c '
    exec 3<>"/dev/tcp/127.0.0.1/$0" || exit 1
    printf "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n" "$1" >&3
    IFS= read -r status <&3 || exit 1
    printf "%s\n" "$status"
    while IFS= read -r line <&3; do
      line=${line%$'"'"'\r'"'"'}
      [ -z "$line" ] && break
      printf "%s\n" "$line"
    done
    case $status in "HTTP/1."?" 200"*) exit 0 ;; *) exit 1 ;; esac
  ' "$1" "$2" 2>/dev/null
}

health_ok() { http_head "$1" /api/health >/dev/null; }

# The name of the backend that answered `/api/health` through the proxy on port $1.
backend_seen() {
  http_head "$1" /api/health | tr -d '\r' | sed -n 's/^[Xx]-[Gg]uoxiang-[Bb]ackend: *//p'
}

# Waits until the proxy on port $1 has answered from every server named in "${@:2}".
wait_behind_proxy() {
  local port=$1 want
  shift
  local -A seen=()
  local deadline=$((SECONDS + TIMEOUT)) name
  while :; do
    name=$(backend_seen "$port" || true)
    [ -n "$name" ] && seen[$name]=1
    local missing=0
    for want in "$@"; do [ -n "${seen[$want]:-}" ] || missing=1; done
    [ "$missing" = 0 ] && return 0
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.1
  done
}

free_port() {
  if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
    return
  fi
  local p
  while :; do
    p=$((20000 + RANDOM % 40000))
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || {
      echo "$p"
      return
    }
  done
}

# --- PostgreSQL -----------------------------------------------------------------------------

pgbin() {
  local d
  for d in /usr/lib/postgresql/*/bin; do if [ -x "$d/pg_ctl" ]; then echo "$d"; fi; done | sort -V | tail -1
}

# Runs a command as the cluster's owner: user postgres when we are root.
as_pg() {
  if [ "$(id -u)" = 0 ]; then
    local cmd
    cmd=$(printf '%q ' "$@")
    su postgres -s /bin/sh -c "$cmd"
  else
    "$@"
  fi
}

apt_install() {
  [ "$(id -u)" = 0 ] || die "$1 is missing; install it (apt-get install $2) or run as root"
  say "installing $2 with apt-get"
  {
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2"
  } >&2 || die "apt-get install $2 failed"
}

pg_start() {
  [ -n "$(pgbin)" ] || apt_install PostgreSQL postgresql
  local bin dir port
  bin=$(pgbin)
  [ -x "$bin/initdb" ] || die "no initdb in $bin"
  # The cluster lives in the state directory when its owner can reach it, else in /tmp.
  dir=$STATE/pg
  mkdir -p "$dir"
  if [ "$(id -u)" = 0 ]; then
    chown postgres "$dir"
    if ! su postgres -s /bin/sh -c "test -w $(printf '%q' "$dir")"; then
      rmdir "$dir"
      dir=$(mktemp -d /tmp/guoxiang-local-pg.XXXXXX)
      touch "$dir/$MARK"
      chown postgres "$dir"
    fi
  fi
  echo "$dir" >"$STATE/pgdir"
  port=$(free_port)
  as_pg "$bin/initdb" -D "$dir/data" -A trust -U postgres >>"$STATE/pg-init.log" 2>&1 ||
    die_log "$STATE/pg-init.log" "initdb failed"
  # TCP on loopback only, no Unix socket (its path would depend on the state directory's).
  as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t "$TIMEOUT" \
    -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories='' ${GUOXIANG_PG_ARGS:-}" \
    start >>"$STATE/pg-init.log" 2>&1 ||
    die_log "$dir/log" "PostgreSQL did not start (see also $STATE/pg-init.log)"
  as_pg "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres guoxiang >>"$STATE/pg-init.log" 2>&1 ||
    die_log "$STATE/pg-init.log" "createdb failed"
  echo "$port" >"$STATE/pg.port"
  echo "postgres://postgres@127.0.0.1:$port/guoxiang" >"$STATE/db"
  say "PostgreSQL on 127.0.0.1:$port (cluster in $dir)"
}

pg_stop() {
  local dir bin
  dir=$(cat "$STATE/pgdir" 2>/dev/null) || return 0
  bin=$(pgbin)
  if [ -n "$bin" ] && [ -f "$dir/data/postmaster.pid" ]; then
    as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 ||
      as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  if [ "$dir" != "$STATE/pg" ] && [ -f "$dir/$MARK" ]; then rm -rf "$dir"; fi
}

# --- the guoxiang processes -------------------------------------------------------------------

# Starts process $1 on port $2 (0: the kernel chooses); waits until it answers /api/health.
serve_start() {
  local i=$1 port=$2 d=$STATE/$1 extra=() tb
  read -r -a extra <<<"${GUOXIANG_SERVE_ARGS:-}"
  tb=${GUOXIANG_TB_DIR:-$STATE/tablebase}
  mkdir -p "$d/data" "$tb"
  # One process generates the shared tables; a table is read as soon as its file is there.
  if [ "$i" != 1 ] && [[ " ${extra[*]} " != *" --no-tb-gen "* ]]; then
    extra+=(--no-tb-gen)
  fi
  # Only the lines this start writes are searched for the address.
  local mark=0
  [ -f "$d/log" ] && mark=$(wc -l <"$d/log")
  spawn "$d/pid" "$d/log" "$BIN" serve --addr "127.0.0.1:$port" --db "$(cat "$STATE/db")" \
    --data "$d/data" --tb-dir "$tb" --trust-proxy 127.0.0.0/8 "${extra[@]}"
  local pid deadline=$((SECONDS + TIMEOUT)) line
  pid=$(cat "$d/pid")
  # The server prints `… listening: open http://127.0.0.1:PORT/` once bound.
  while :; do
    line=$(tail -n +"$((mark + 1))" "$d/log" 2>/dev/null | grep -m1 -o 'listening: open http://127\.0\.0\.1:[0-9]*' || true)
    [ -n "$line" ] && break
    alive "$pid" || die_log "$d/log" "process $i exited at start"
    [ "$SECONDS" -lt "$deadline" ] || die_log "$d/log" "process $i did not start within ${TIMEOUT}s"
    sleep 0.1
  done
  port=${line##*:}
  echo "$port" >"$d/port"
  until health_ok "$port"; do
    alive "$pid" || die_log "$d/log" "process $i exited at start"
    [ "$SECONDS" -lt "$deadline" ] || die_log "$d/log" "process $i does not answer /api/health"
    sleep 0.1
  done
}

# --- HAProxy ----------------------------------------------------------------------------------

# HAProxy's path (Debian puts it in /usr/sbin, outside a normal user's PATH); empty if none.
haproxy_bin() {
  if command -v haproxy 2>/dev/null; then return 0; fi
  if [ -x /usr/sbin/haproxy ]; then echo /usr/sbin/haproxy; fi
}

proxy_start() {
  local port=$1 n=$2 servers="" i
  local haproxy
  haproxy=$(haproxy_bin)
  if [ -z "$haproxy" ]; then
    apt_install HAProxy haproxy
    haproxy=$(haproxy_bin)
    [ -n "$haproxy" ] || die "no haproxy after installing it"
  fi
  [ -f "$ROOT/deploy/haproxy.cfg.in" ] || die "missing $ROOT/deploy/haproxy.cfg.in"
  for ((i = 1; i <= n; i++)); do
    servers+="    server gx$i 127.0.0.1:$(cat "$STATE/$i/port") check"$'\n'
  done
  # Placeholders are filled outside comments: a line `@SERVERS@`, and `@PORT@` anywhere.
  local line
  while IFS= read -r line || [ -n "$line" ]; do
    if [[ $line =~ ^[[:space:]]*# ]]; then
      printf '%s\n' "$line"
    elif [[ $line =~ ^[[:space:]]*@SERVERS@[[:space:]]*$ ]]; then
      printf '%s' "$servers"
    else
      printf '%s\n' "${line//@PORT@/$port}"
    fi
  done <"$ROOT/deploy/haproxy.cfg.in" >"$STATE/haproxy.cfg"
  "$haproxy" -c -q -f "$STATE/haproxy.cfg" >>"$STATE/haproxy.log" 2>&1 ||
    die_log "$STATE/haproxy.log" "the HAProxy config is not valid"
  spawn "$STATE/haproxy.pid" "$STATE/haproxy.log" "$haproxy" -db -f "$STATE/haproxy.cfg"
  local deadline=$((SECONDS + TIMEOUT))
  until health_ok "$port"; do
    alive "$(cat "$STATE/haproxy.pid")" ||
      die_log "$STATE/haproxy.log" "HAProxy exited (is 127.0.0.1:$port taken?)"
    [ "$SECONDS" -lt "$deadline" ] || die_log "$STATE/haproxy.log" "the proxy does not answer /api/health"
    sleep 0.1
  done
}

# --- the commands -----------------------------------------------------------------------------

# Stops whatever the state directory records and removes it.
teardown() {
  [ -f "$STATE/$MARK" ] || return 0
  local f
  for f in "$STATE"/*/pid; do
    [ -f "$f" ] && stop_pid "$(cat "$f")" 10
  done
  [ -f "$STATE/haproxy.pid" ] && stop_pid "$(cat "$STATE/haproxy.pid")" 5
  pg_stop
  rm -rf "$STATE"
}

need_up() {
  if [ ! -f "$STATE/$MARK" ] || [ ! -f "$STATE/n" ]; then
    die "not up (no state in $STATE); run: deploy/local.sh up N"
  fi
}

# Checks that $1 is a process number of this set-up.
need_index() {
  if ! { is_uint "$1" && [ "$1" -ge 1 ] && [ "$1" -le "$(cat "$STATE/n")" ]; }; then
    die "no process '$1': expected 1…$(cat "$STATE/n")"
  fi
}

# The EXIT trap of `up`: a failed start stops what it started and removes the state.
on_up_exit() {
  if [ "$1" != 0 ]; then
    say "up failed: cleaning up"
    teardown
  fi
}

cmd_up() {
  local n=${1:-} port=8088
  shift || true
  while [ $# -gt 0 ]; do
    case $1 in
      --port)
        [ $# -ge 2 ] || die "--port needs a value"
        port=$2
        shift 2
        ;;
      --port=*)
        port=${1#--port=}
        shift
        ;;
      *) die "unknown argument '$1' (usage: deploy/local.sh up N [--port P])" ;;
    esac
  done
  if ! { is_uint "$n" && [ "$n" -ge 1 ]; }; then
    die "up needs a number of processes N >= 1, got '$n'"
  fi
  if ! { is_uint "$port" && [ "$port" -ge 1 ] && [ "$port" -le 65535 ]; }; then
    die "bad port '$port'"
  fi
  [ -x "$BIN" ] || die "no guoxiang binary at $BIN: build it with \`cargo build --release -p guoxiang\` (or set GUOXIANG_BIN)"
  if [ -e "$STATE" ]; then
    [ -f "$STATE/$MARK" ] && die "already up (state in $STATE); run \`deploy/local.sh down\` first"
    if ! { [ -d "$STATE" ] && [ -z "$(ls -A "$STATE")" ]; }; then
      die "$STATE exists and is not a local.sh state directory; set GUOXIANG_DEPLOY_DIR elsewhere"
    fi
    rmdir "$STATE"
  fi
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && die "127.0.0.1:$port is taken; choose another with --port"
  mkdir -p "$STATE" || die "cannot create $STATE"
  touch "$STATE/$MARK"
  # From here on, a failure stops what was started and removes the state.
  trap 'on_up_exit $?' EXIT
  [ "$(id -u)" = 0 ] && chmod 755 "$STATE"
  echo "$n" >"$STATE/n"
  echo "$port" >"$STATE/port"
  pg_start
  local i
  for ((i = 1; i <= n; i++)); do
    serve_start "$i" 0
    say "process $i (pid $(cat "$STATE/$i/pid")) on 127.0.0.1:$(cat "$STATE/$i/port")"
  done
  proxy_start "$port" "$n"
  local names=()
  for ((i = 1; i <= n; i++)); do names+=("gx$i"); done
  wait_behind_proxy "$port" "${names[@]}" || die "the proxy does not reach every process"
  trap - EXIT
  echo "ready http://127.0.0.1:$port"
}

cmd_kill() {
  need_up
  need_index "${1:-}"
  local pid
  pid=$(cat "$STATE/$1/pid" 2>/dev/null || true)
  alive "$pid" || die "process $1 is not running"
  kill -KILL "$pid"
  local k
  for ((k = 0; k < 50; k++)); do
    alive "$pid" || return 0
    sleep 0.1
  done
  die "process $1 (pid $pid) did not die"
}

cmd_start() {
  need_up
  need_index "${1:-}"
  local pid
  pid=$(cat "$STATE/$1/pid" 2>/dev/null || true)
  alive "$pid" && die "process $1 is running (pid $pid)"
  serve_start "$1" "$(cat "$STATE/$1/port")"
  # Back behind the proxy once its health check passes again.
  wait_behind_proxy "$(cat "$STATE/port")" "gx$1" || die "the proxy does not reach process $1 again"
}

cmd_pids() {
  need_up
  local n i pid
  n=$(cat "$STATE/n")
  for ((i = 1; i <= n; i++)); do
    pid=$(cat "$STATE/$i/pid" 2>/dev/null || true)
    if alive "$pid"; then echo "$pid"; else echo -; fi
  done
}

cmd_down() {
  if [ ! -f "$STATE/$MARK" ]; then
    say "not up (no state in $STATE)"
    return 0
  fi
  teardown
}

case ${1:-} in
  up) shift && cmd_up "$@" ;;
  kill) cmd_kill "${2:-}" ;;
  start) cmd_start "${2:-}" ;;
  pids) cmd_pids ;;
  down) cmd_down ;;
  -h | --help | help) usage ;;
  *) usage ;;
esac
