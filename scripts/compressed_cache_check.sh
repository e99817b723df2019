#!/usr/bin/env bash
# The GPU column cache's compressed morsels (issue 31), on the GPU machine after gpu_engine_check.sh unpacked the
# binaries: generates TPC-H at SF $SF into a database on disk, then runs Q1 and Q19 three times in one process each,
# with the GPU cache limited to $GPU_MEMORY (their scans stream in morsels, whose chunks stay cached as stored) and
# with the default cache (the columns resident, decoded); prints each run's time (the first reads and sends the
# columns, the next ones are warm) and whether the two configurations' answers agree, then the streamed Q1's
# EXPLAIN ANALYZE lines of its scan and aggregation. Environment: B (/tmp/tessera/bin), SF (30), GPU_MEMORY (8G).
set -uo pipefail
B=${B:-/tmp/tessera/bin}
export LD_LIBRARY_PATH=/tmp/tessera/lib:${LD_LIBRARY_PATH:-} TESSERA_CATALOG=${TESSERA_CATALOG:-/tmp/tessera/catalog}
SF=${SF:-30}
GM=${GPU_MEMORY:-8G}
DB=/tmp/compressed-sf$SF.tdb
W=$(mktemp -d)
rc=0
[ -f "$DB/manifest.json" ] || /usr/bin/time -f "generated SF $SF: %e s" $B/tessera "$DB" --sf "$SF" -e "SELECT 1" >/dev/null
for q in 01 19; do
  f=engine/queries/tpch/q$q.sql
  cat "$f" "$f" "$f" >"$W/x$q.sql"
  for g in "$GM" default; do
    a=(--device cuda)
    [ "$g" != default ] && a+=(--gpu-memory "$g")
    $B/tessera "$DB" "${a[@]}" --timing --format csv "$W/x$q.sql" >"$W/o$q.$g" 2>"$W/e$q.$g" || { cat "$W/e$q.$g"; rc=1; }
    echo "Q$q --gpu-memory $g: $(grep -o 'total [0-9.]* ms' "$W/e$q.$g" | tr '\n' ' ')"
  done
  if [ ! -s "$W/o$q.$GM" ]; then echo "Q$q: no answer"; rc=1
  elif cmp -s "$W/o$q.$GM" "$W/o$q.default"; then echo "Q$q: answers equal"; else echo "Q$q: answers DIFFER"; rc=1; fi
done
{ echo "EXPLAIN ANALYZE"; grep -v '^--' engine/queries/tpch/q01.sql; } >"$W/ea.sql"
$B/tessera "$DB" --device cuda --gpu-memory "$GM" engine/queries/tpch/q01.sql "$W/ea.sql" 2>&1 |
  grep -E "HashAggregate|Scan lineitem" | sed -E 's/COMPUTE.*\(rows/... (rows/; s/WHERE.*\(rows/... (rows/'
rm -rf "$W"
exit $rc
