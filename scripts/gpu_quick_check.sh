#!/usr/bin/env bash
# A short GPU verification for a session with little device time (one call, about 5 minutes; carry .devcarry
# staged by scripts/stage_device.sh, with STAGE_SKIP leaving out what is not listed here), most wanted first: the
# GPU operator tests, the database-on-disk tests (streamed and spilled aggregations and joins, on the GPU where the
# machine has one), the differential test of the whole catalog on the GPU within DIFF_SECONDS (default 150), then
# the engine's semantics suite. Logs to $OUT. scripts/gpu_engine_check.sh is the full check.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/gpu-quick-out}
mkdir -p "$OUT"
python3 scripts/unpack_devcarry.py
export LD_LIBRARY_PATH=/tmp/tessera/lib:${LD_LIBRARY_PATH:-}
export TESSERA_CATALOG=/tmp/tessera/catalog TESSERA_QUERY_DIR=$PWD/engine/queries
B=/tmp/tessera/bin
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; nproc
rc=0
suite() {  # TITLE BINARY [gtest args]
  echo "== $1"
  if [ ! -x "$B/$2" ]; then echo "(not staged: $2)"; return; fi
  local log="$OUT/$2.log"
  timeout 240 "$B/$2" "${@:3}" >"$log" 2>&1; local r=$?; tail -3 "$log"
  [ $r = 0 ] || { rc=1; grep -B2 -A12 "FAILED\|Failure" "$log" | head -60; }
}
suite "GPU operator tests" tessera_gpu_engine_tests
suite "the database on disk: streamed, partitioned and spilled on the GPU" tessera_database_dir_tests
echo "== differential: the whole catalog on the GPU (${DIFF_SECONDS:-150} s at most)"
timeout "${DIFF_SECONDS:-150}" $B/tessera-differential /tmp/tessera/catalog --device cuda >"$OUT/differential.log" 2>&1
echo "differential rc $?"; tail -3 "$OUT/differential.log"
grep -v "^  ok" "$OUT/differential.log" | grep -v "^differential:" | head -20
suite "engine semantics suite (operators on the GPU where they can run)" tessera_engine_sql_tests
exit $rc
