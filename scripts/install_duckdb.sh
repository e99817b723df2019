#!/usr/bin/env bash
# Installs DuckDB (the oracle and baseline of issue 3) into third_party/duckdb/ from the npm registry:
#   lib/libduckdb.so      from @duckdb/node-bindings-linux-x64 (the shared library the Node bindings load)
#   include/duckdb.h      from duckdb (the last release of that package, 1.4.4, still ships the C header
#                         at package/src/duckdb/src/include/duckdb.h)
# The C API is backward compatible: every function the 1.4.4 header declares is exported by the 1.5.x
# library (checked when the versions below were pinned). Versions and SHA-256 sums are pinned; the script
# does nothing when third_party/duckdb/VERSION already records them. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

LIB_PKG="@duckdb/node-bindings-linux-x64"
LIB_VERSION="1.5.6-r.1"      # DuckDB 1.5.6
LIB_SHA256="3f4962cdd266eab2b479a5b5a4a6d063d279b2954ae814ed00385d553b747633"
HDR_PKG="duckdb"
HDR_VERSION="1.4.4"
HDR_SHA256="cbe6a827284375c5a646b8f27dbd3a00808ce8738b5bbb49c190cb1e08540281"

dest="third_party/duckdb"
stamp="lib ${LIB_PKG}@${LIB_VERSION} ${LIB_SHA256}
header ${HDR_PKG}@${HDR_VERSION} ${HDR_SHA256}"

die() { echo "install_duckdb: error: $*" >&2; exit 1; }

if [ -f "$dest/VERSION" ] && [ "$(cat "$dest/VERSION")" = "$stamp" ] &&
   [ -f "$dest/lib/libduckdb.so" ] && [ -f "$dest/include/duckdb.h" ]; then
  echo "install_duckdb: DuckDB ${LIB_VERSION} (header ${HDR_VERSION}) already in $dest"
  exit 0
fi

command -v npm >/dev/null 2>&1 ||
  die "npm is not installed; install Node.js/npm (Debian: apt-get install npm) or put libduckdb.so and duckdb.h into $dest/{lib,include} yourself"
command -v sha256sum >/dev/null 2>&1 || die "sha256sum is missing (coreutils)"
[ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ] ||
  die "only Linux x86-64 is supported ($LIB_PKG); this is $(uname -s)-$(uname -m)"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
npm_opts=(--loglevel=error --fetch-timeout=60000 --fetch-retries=1 --cache "$tmp/npm-cache")
registry="$(npm config get registry 2>/dev/null || echo '?')"

npm_error() {  # the telling lines of npm's error output
  grep -E '^npm error (code|FetchError|404 No match|request)' "$tmp/err" | head -n 2 | sed 's/^npm error //' | tr '\n' ' '
}

fetch() {  # fetch <pkg> <version>: prints the tarball path
  local pkg="$1" version="$2" out
  out="$(npm view "${npm_opts[@]}" "${pkg}@${version}" version 2>"$tmp/err")" && [ -n "$out" ] ||
    die "cannot get ${pkg}@${version} from the npm registry ($registry): $(npm_error)"
  out="$(cd "$tmp" && npm pack "${npm_opts[@]}" "${pkg}@${version}" 2>"$tmp/err" | tail -n 1)" ||
    die "npm pack ${pkg}@${version} failed: $(npm_error)"
  [ -f "$tmp/$out" ] || die "npm pack ${pkg}@${version} produced no tarball"
  echo "$tmp/$out"
}

echo "install_duckdb: fetching ${LIB_PKG}@${LIB_VERSION} and ${HDR_PKG}@${HDR_VERSION} from $registry"
lib_tgz="$(fetch "$LIB_PKG" "$LIB_VERSION")"
hdr_tgz="$(fetch "$HDR_PKG" "$HDR_VERSION")"

mkdir -p "$tmp/x"
tar -xzf "$lib_tgz" -C "$tmp/x" package/libduckdb.so ||
  die "package/libduckdb.so not found in ${LIB_PKG}@${LIB_VERSION}"
tar -xzf "$hdr_tgz" -C "$tmp/x" package/src/duckdb/src/include/duckdb.h ||
  die "package/src/duckdb/src/include/duckdb.h not found in ${HDR_PKG}@${HDR_VERSION}"

check() {  # check <file> <sha256>
  local got
  got="$(sha256sum "$1" | cut -d' ' -f1)"
  [ "$got" = "$2" ] || die "$(basename "$1"): SHA-256 $got, expected the pinned $2"
}
check "$tmp/x/package/libduckdb.so" "$LIB_SHA256"
check "$tmp/x/package/src/duckdb/src/include/duckdb.h" "$HDR_SHA256"

rm -rf "$dest"
mkdir -p "$dest/lib" "$dest/include"
install -m 0644 "$tmp/x/package/libduckdb.so" "$dest/lib/libduckdb.so"
install -m 0644 "$tmp/x/package/src/duckdb/src/include/duckdb.h" "$dest/include/duckdb.h"
printf '%s\n' "$stamp" >"$dest/VERSION"
echo "install_duckdb: installed DuckDB ${LIB_VERSION} (header ${HDR_VERSION}) into $dest"
