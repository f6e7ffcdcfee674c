#!/usr/bin/env bash
# Runs a command under Node 22, first installing what a fresh clone lacks, so `npm start` and `npm test` are all
# anyone types. These machines ship Node 20; Hardhat 3, Ponder, Vitest 5 and Prisma 7 need 22, so the first run
# installs Node 22 from the npm registry's `node@22` package into .tools/ (about 8 s). Then `npm ci` runs under
# that Node when node_modules is absent or older than package-lock.json (npm's record of the last install,
# node_modules/.package-lock.json, is older than the lock), except when the command is npm itself. npm deletes
# that record while it installs, so a node_modules without one is taken as an install in progress, not as absent.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(major node)" -lt 22 ]; then
  local_node="$root/.tools/node22/node_modules/.bin"
  if [ ! -x "$local_node/node" ]; then
    echo "Node $(node -v) is older than 22: installing node@22 into .tools/node22" >&2
    npm i --silent --no-save --prefix "$root/.tools/node22" node@22 >&2
  fi
  export PATH="$local_node:$PATH"
fi
installed="$root/node_modules/.package-lock.json"
stale() { [ ! -d "$root/node_modules" ] || { [ -e "$installed" ] && [ "$root/package-lock.json" -nt "$installed" ]; }; }
if [ "$(basename -- "${1:-sh}")" != npm ] && stale; then
  # Commands started together (npm start's children, two terminals) install once: the others wait, then see it done.
  mkdir -p "$root/.tools"
  exec 9>"$root/.tools/npm-ci.lock"
  if command -v flock >/dev/null; then flock 9; fi
  if stale; then
    echo "node_modules is missing or older than package-lock.json: running npm ci under Node $(node -v)" >&2
    (cd "$root" && npm ci --no-audit --no-fund >&2)
  fi
  exec 9>&-
fi
exec "$@"
