#!/usr/bin/env bash
# On the GPU machine (after scripts/gpu_engine_check.sh has unpacked .devcarry, or unpacking it itself):
# EXPLAIN ANALYZE of chosen queries at one scale factor, warm (each query runs once first), with every
# operator on the GPU, to see where a query's time goes. Environment: SF (10), QUERIES ("tpch/q10 tpch/q16"),
# DB (a database on disk to run them over instead of generating SF in memory, e.g. the /tmp/sf100.tdb that
# PUBLISHED_SF=100 leaves), LINES_SHOWN (80).
set -uo pipefail
cd "$(dirname "$0")/.."
[ -n "${TESSERA:-}" ] || [ -x /tmp/tessera/bin/tessera ] || SKIP_TESTS=1 SKIP_EXPLAIN=1 SFS="" bash scripts/gpu_engine_check.sh >/dev/null 2>&1
export LD_LIBRARY_PATH=/tmp/tessera/lib:${LD_LIBRARY_PATH:-} TESSERA_CATALOG=${TESSERA_CATALOG:-/tmp/tessera/catalog}
mkdir -p /tmp/tessera
script=/tmp/tessera/explain-queries.sql
: > "$script"
for q in ${QUERIES:-tpch/q10 tpch/q16}; do
  body=$(grep -v '^--' "engine/queries/$q.sql" | sed 's/;[[:space:]]*$//')
  printf '%s\n;\nEXPLAIN ANALYZE %s\n;\n' "$body" "$body" >> "$script"
done
if [ -n "${DB:-}" ]; then source_args=("$DB"); else source_args=(--sf "${SF:-10}"); fi
${TESSERA:-/tmp/tessera/bin/tessera} "${source_args[@]}" --device ${DEVICE:-cuda} "$script" 2>&1 | grep -v '^|' | tail -${LINES_SHOWN:-80}
