#!/usr/bin/env bash
# Installs Node's mssql (and tedious, the TDS driver under it) into third_party/node-mssql/ from the npm registry,
# for the client tests of tessera serve (server/serve/tests/clients/mssql_client.js). Every package's version and
# integrity hash is pinned by server/serve/tests/clients/node/package-lock.json (mssql 12.7.16, tedious 19.2.2);
# `npm ci` installs exactly that. Does nothing when the installed copy was made from the same lock file. Safe to
# run again.
set -euo pipefail
cd "$(dirname "$0")/.."

pins="server/serve/tests/clients/node"
dest="third_party/node-mssql"
die() { echo "install_node_mssql: error: $*" >&2; exit 1; }

command -v npm >/dev/null 2>&1 || die "npm is not installed (Debian: apt-get install npm; scripts/setup.sh does)"
stamp="$(sha256sum "$pins/package.json" "$pins/package-lock.json" | cut -d' ' -f1 | tr '\n' ' ')"
if [ -f "$dest/STAMP" ] && [ "$(cat "$dest/STAMP")" = "$stamp" ] && [ -f "$dest/node_modules/mssql/package.json" ]; then
  echo "install_node_mssql: mssql $(node -p "require('./$dest/node_modules/mssql/package.json').version") already in $dest"
  exit 0
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cp "$pins/package.json" "$pins/package-lock.json" "$tmp/"
echo "install_node_mssql: npm ci (mssql and its pinned dependencies) from $(npm config get registry 2>/dev/null || echo '?')"
(cd "$tmp" && npm ci --omit=dev --no-audit --no-fund --loglevel=error --cache "$tmp/npm-cache" >/dev/null) ||
  die "npm ci failed in $tmp (see npm's messages above)"
rm -rf "$tmp/npm-cache" "$dest"
mkdir -p "$(dirname "$dest")"
mv "$tmp" "$dest"
trap - EXIT
chmod 755 "$dest"
printf '%s\n' "$stamp" >"$dest/STAMP"
echo "install_node_mssql: installed mssql $(node -p "require('./$dest/node_modules/mssql/package.json').version") into $dest"
