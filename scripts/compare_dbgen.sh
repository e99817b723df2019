#!/usr/bin/env bash
# Compares tessera-gen with a TPC-H dbgen build, side by side on this machine:
#   bash scripts/compare_dbgen.sh /path/to/dbgen-dir [SF]    (default SF 1)
# The dbgen directory must hold a built `dbgen` and its `dists.dss` (dbgen is not part of Tessera; the
# figures in docs/TPCH_GENERATOR.md come from dbgen 2.14.0, github.com/electrum/tpch-dbgen, `make`
# with MACHINE=LINUX DATABASE=ORACLE WORKLOAD=TPCH and CFLAGS -O2). Prints both wall times and a
# `cmp` verdict per table. Writes into two temporary directories, removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
dbgen_dir=${1:?usage: compare_dbgen.sh DBGEN_DIR [SF]}
sf=${2:-1}
[ -x "$dbgen_dir/dbgen" ] || { echo "compare_dbgen.sh: no executable $dbgen_dir/dbgen" >&2; exit 1; }
[ -x build/engine/tessera-gen ] || ninja -C build tessera-gen
ours=$(mktemp -d) theirs=$(mktemp -d)
trap 'rm -rf "$ours" "$theirs"' EXIT
cp "$dbgen_dir/dists.dss" "$theirs/"
(cd "$theirs" && /usr/bin/time -f "dbgen SF $sf: %e s wall, %U s user" "$dbgen_dir/dbgen" -s "$sf" -f >/dev/null)
/usr/bin/time -f "tessera-gen SF $sf (2 threads): %e s wall, %U s user" \
  build/engine/tessera-gen --sf "$sf" --out "$ours" --threads 2 --quiet
for t in nation region part partsupp supplier customer orders lineitem; do
  if cmp -s "$theirs/$t.tbl" "$ours/$t.tbl"; then echo "$t identical"; else echo "$t DIFFERS: $(cmp "$theirs/$t.tbl" "$ours/$t.tbl" | head -1)"; fi
done
