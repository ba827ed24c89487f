#!/usr/bin/env bash
# Times what a newcomer waits for: a fresh clone of this commit, `npm ci`, then `npm start` until /health answers
# (first start: empty data directory), stopped, and started again (a later start). Prints the three figures.
# Usage: .ci/start-time.sh [work-dir [revision]]   (default: a temporary directory and HEAD; bounded: each step has a timeout; exits non-zero if a start fails)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
if [ -n "${1:-}" ]; then work="$1"; else work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT; fi
clone="$work/clone"
rm -rf "$clone"
git clone -q "$repo" "$clone"
git -C "$clone" checkout -q "$(git -C "$repo" rev-parse "${2:-HEAD}")"
cd "$clone"

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

t0=$(now)
timeout 600 npm ci --no-audit --no-fund >"$work/npm-ci.log" 2>&1 || { tail -20 "$work/npm-ci.log"; exit 1; }
install=$(elapsed "$t0" "$(now)")

port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')

# Starts `npm start` in its own process group, waits for /health (at most 120 s), prints the seconds, stops it.
timed_start() {
  local log="$1" started pid
  started=$(now)
  PORT="$port" SCREENSHOTS=false LOG_FORMAT=json setsid npm start >"$log" 2>&1 &
  pid=$!
  for _ in $(seq 1 2400); do
    if curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1; then
      elapsed "$started" "$(now)"
      kill -TERM -- "-$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
      return 0
    fi
    if ! kill -0 "$pid" 2>/dev/null; then tail -20 "$log" >&2; return 1; fi
    sleep 0.05
  done
  kill -KILL -- "-$pid" 2>/dev/null || true
  tail -20 "$log" >&2
  return 1
}

first=$(timed_start "$work/first-start.log")
later=$(timed_start "$work/later-start.log")
echo "fresh clone: npm ci ${install} s; first npm start to /health ${first} s; later start ${later} s"
