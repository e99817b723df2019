#!/usr/bin/env bash
# Streaming check (issue 31), on the GPU machine after gpu_engine_check.sh unpacked the binaries: generates a TPC-H
# database on disk at SF $SF (the generator writes it chunk by chunk), then runs Q1 and Q6, each in a fresh process,
# on the GPU with the whole columns cached (default), on the GPU with the column cache limited to $GPU_MEMORY (the
# scan streams through the GPU a morsel at a time) and on the CPU with $MEMORY_LIMIT of host memory for the scan
# (streams on the host); the answers must agree. Prints wall time and peak memory of each process, and the
# EXPLAIN ANALYZE line of the aggregation (its morsel count). Environment: B (binaries), SF (10), GPU_MEMORY (1G),
# MEMORY_LIMIT (1G), QUERIES ("1 6"), DB (where the database goes; kept when it exists), CONFIGS (the option sets
# to run, separated by ';'; default the three above; the first one's answers are the reference), SUITE (tpch or
# tpch-scalar: the folder of engine/queries the queries come from), EXPLAIN=0 (skip the EXPLAIN ANALYZE run).
set -uo pipefail
B=${B:-/tmp/tessera/bin}
SF=${SF:-10}
GM=${GPU_MEMORY:-1G}
HM=${MEMORY_LIMIT:-1G}
DB=${DB:-/tmp/stream-sf$SF.tdb}
W=$(mktemp -d)
rc=0
if [ ! -d "$DB" ]; then
  /usr/bin/time -f "generate SF $SF into $DB: %e s, peak %M KB" $B/tessera "$DB" --sf "$SF" -e "SELECT count(*) FROM lineitem" \
    >"$W/gen.out" 2>"$W/gen.err" || { cat "$W/gen.err"; exit 1; }
  tail -1 "$W/gen.err"; du -sh "$DB"
fi
for q in ${QUERIES:-1 6}; do
  f=engine/queries/${SUITE:-tpch}/q$(printf %02d "$q").sql
  i=0
  IFS=';' read -ra configs <<<"${CONFIGS:---device cuda;--device cuda --gpu-memory $GM;--device cpu --memory-limit $HM}"
  for args in "${configs[@]}"; do
    i=$((i + 1))
    /usr/bin/time -f "%e s, peak %M KB" $B/tessera "$DB" $args --format csv "$f" >"$W/q$q.$i" 2>"$W/q$q.$i.err" || rc=1
    agg=""
    if [ "${EXPLAIN:-1}" = 1 ]; then
      { echo "EXPLAIN ANALYZE"; grep -v '^--' "$f"; } >"$W/explain.sql"
      agg=$($B/tessera "$DB" $args "$W/explain.sql" 2>&1 | grep -m1 -o "Aggregate.*" | grep -o "actual.*")
    fi
    printf "Q%-2s %-42s %s  | %s\n" "$q" "$args" "$(tail -1 "$W/q$q.$i.err")" "$agg"
    if [ $i -gt 1 ] && ! cmp -s "$W/q$q.1" "$W/q$q.$i"; then echo "Q$q DIFFERS ($args)"; diff "$W/q$q.1" "$W/q$q.$i" | head -6; rc=1; fi
  done
done
rm -rf "$W"
exit $rc
