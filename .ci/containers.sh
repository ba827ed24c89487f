#!/usr/bin/env bash
# What the Dockerfile does, without a container engine: deploy/install.sh in a clean clone of this commit (the
# Debian packages only checked, not installed), then the installed app started as the image starts it, until
# /health answers, and stopped with SIGTERM (it must exit 0). Bounded: each step has a timeout.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
# The image's Node (Dockerfile, NODE_IMAGE): the 24 line, from the npm registry here.
PATH="$(dirname "$("$repo/.ci/node.sh" 24)"):$PATH"
if [ -n "${1:-}" ]; then work="$1"; else work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT; fi
clone="$work/image"
rm -rf "$clone"
git clone -q "$repo" "$clone"
git -C "$clone" checkout -q "$(git -C "$repo" rev-parse HEAD)"

"$clone/deploy/install.sh" system --check
timeout 900 "$clone/deploy/install.sh" app "$clone" >"$work/install.log" 2>&1 || { tail -30 "$work/install.log"; exit 1; }

port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
data="$work/data"
mkdir -p "$data"
cd "$clone"
# The image's ENV and ENTRYPOINT (HOST is loopback here: nothing else may reach this machine).
NODE_ENV=production HOST=127.0.0.1 PORT="$port" DATA_DIR="$data" SCREENSHOTS=false LOG_FORMAT=json \
  node dist/bookmarks.js start >"$work/start.log" 2>&1 &
pid=$!
for _ in $(seq 1 1200); do
  curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { tail -30 "$work/start.log"; exit 1; }
  sleep 0.1
done
curl -sf "http://127.0.0.1:$port/health" >/dev/null || { kill -KILL "$pid"; tail -30 "$work/start.log"; exit 1; }
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
[ "$status" -eq 0 ] || { echo "containers: the app exited $status on SIGTERM" >&2; tail -30 "$work/start.log"; exit 1; }
echo "containers: deploy/install.sh app installed a clean clone; it answered /health and stopped cleanly"
