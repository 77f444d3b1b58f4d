#!/usr/bin/env bash
# The newcomer's path: `npm start` on an empty data directory must serve the first page, the API
# and the seeded catalogue on one port, and prints how long that took (the target is 10 s once built:
# the demo database and images come prepared by the build). Used by .ci/run after the e2e build.
set -euo pipefail
port=${SMOKE_PORT:-3170}
dir=$(mktemp -d)
log="$dir/start.log"
# Its own process group, so the clean-up reaches npm, the start script and the server alike.
DATA_DIR="$dir/data" PORT=$port LOG_LEVEL=warn setsid npm start >"$log" 2>&1 &
pid=$!
cleanup() {
  kill -TERM -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
start=$(date +%s%N)
for _ in $(seq 1 3000); do
  if curl -sf "http://127.0.0.1:$port/readyz" -o /dev/null; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then echo "npm start exited early:"; cat "$log"; exit 1; fi
  sleep 0.1
done
curl -sf "http://127.0.0.1:$port/" | grep -q '<div id="root">' || { echo "no web app at /"; cat "$log"; exit 1; }
regions=$(curl -sf "http://127.0.0.1:$port/api/locations" | grep -o '"region"' | wc -l)
[ "$regions" -ge 8 ] || { echo "expected the seeded destinations, got $regions regions"; cat "$log"; exit 1; }
grep -q "is running at http://127.0.0.1:$port" "$log" || { echo "npm start did not print its URL"; cat "$log"; exit 1; }
ms=$((($(date +%s%N) - start) / 1000000))
echo "npm start served the app in $((ms / 1000)).$((ms % 1000 / 100)) s with $regions countries (load $(cut -d' ' -f1 /proc/loadavg))"
