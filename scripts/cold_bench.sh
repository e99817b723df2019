#!/usr/bin/env bash
# The cold benchmark (issue 31): generates TPC-H at SF into a Tessera database on disk, copies it into a DuckDB
# database file, then runs tessera-bench-cold: for each query a fresh Tessera process against a fresh DuckDB
# process, process start to answer, answers checked. Here (CPU) or on the GPU machine (gpu_engine_check.sh
# COLD_SF=N calls this with B set to the unpacked binaries).
# Environment: SF (1), SUITE (tpch; tpch-scalar or all), RUNS (3), DEVICE (auto), QUERIES (all), COLD_DIR
# (/tmp/tessera-cold: the databases, kept between runs), OUT (.), B (build's binaries), COLD_ARGS (more options,
# e.g. --drop-caches).
set -euo pipefail
cd "$(dirname "$0")/.."
SF=${SF:-1}
B=${B:-}
TESSERA=${B:+$B/tessera}; TESSERA=${TESSERA:-build/engine/cli/tessera}
COLD=${B:+$B/tessera-bench-cold}; COLD=${COLD:-build/bench/tpch/tessera-bench-cold}
DIR=${COLD_DIR:-/tmp/tessera-cold}
OUT=${OUT:-.}
mkdir -p "$DIR" "$OUT"
TDB=$DIR/sf$SF.tdb
DDB=$DIR/sf$SF.duckdb
if [ ! -f "$TDB/manifest.json" ]; then
  s=$(date +%s%3N)
  "$TESSERA" "$TDB" --sf "$SF" -e "SELECT count(*) FROM lineitem" >/dev/null
  echo "cold_bench: generated SF $SF into $TDB in $(( $(date +%s%3N) - s )) ms"
fi
if [ ! -f "$DDB" ]; then
  s=$(date +%s%3N)
  "$COLD" load-duckdb --db "$TDB" --duckdb "$DDB"
  echo "cold_bench: loaded $DDB in $(( $(date +%s%3N) - s )) ms"
fi
echo "cold_bench: on disk: Tessera $(du -sb "$TDB" | cut -f1) bytes, DuckDB $(du -sb "$DDB" | cut -f1) bytes"
q=()
[ -n "${QUERIES:-}" ] && q=(--queries "$QUERIES")
"$COLD" --db "$TDB" --duckdb "$DDB" --suite "${SUITE:-tpch}" --runs "${RUNS:-3}" --device "${DEVICE:-auto}" \
  --json "$OUT/cold-sf$SF.json" "${q[@]}" ${COLD_ARGS:-}
