#!/usr/bin/env bash
# Runs a command under Node 22. These machines ship Node 20; Hardhat 3, Ponder, Vitest 5 and Prisma 7 need 22,
# so the first run installs Node 22 from the npm registry's `node@22` package into .tools/ (about 8 s).
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
exec "$@"
