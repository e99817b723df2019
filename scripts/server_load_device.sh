#!/usr/bin/env bash
# tessera serve's load benchmark (tessera-load) and fault tests (tessera-faults) on the GPU machine (docs/SERVER.md
# "Load" and "Faults").
#
#   here:        bash scripts/stage_device.sh && bash scripts/server_load_device.sh stage
#   the device:  bash scripts/server_load_device.sh          (run with carry [".devcarry"]; reports in $OUT)
#
# `stage` adds tessera-load and tessera-faults (stripped, xz) to .devcarry/bin beside the tessera that stage_device.sh
# put there. On the device: unpacks .devcarry into /tmp/tessera, then runs PARTS (default "faults,load"):
#   faults  tessera-faults against `tessera serve --device DEVICE` over TPC-H SF 0.01 (generated; about 30 s); the
#           report goes to $OUT/server-faults-<device>.md. The mid-query phase's long query is the looping test
#           function (COLLATZ_STEPS(0), from the staged udf-looping-catalog: it never ends unless stopped, on the GPU
#           too); LONG_QUERY replaces it (it must still be running a second after it was sent).
#   load    TPC-H at SF (default 1) into a database on the local disk, and tessera-load with CLIENTS (default 16,64) for
#           DURATION seconds each (default 60); the report goes to $OUT/server-load-<device>-sf<SF>.md.
# Both reports are printed. DEVICE defaults to cuda; SERVER_ARGS adds server options to both (say "--gpu-memory 40G").
# The exit status is 1 when either part failed.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = stage ]; then
  [ -d .devcarry/bin ] || { echo "server_load_device.sh: run scripts/stage_device.sh first"; exit 1; }
  for tool in tessera-load tessera-faults; do
    strip -o .devcarry/bin/$tool build/bench/server/$tool && xz -T2 -6 -f .devcarry/bin/$tool || exit 1
  done
  du -sh .devcarry
  exit 0
fi
OUT=${OUT:-$PWD/server-load-out}
SF=${SF:-1} CLIENTS=${CLIENTS:-16,64} DURATION=${DURATION:-60} DEVICE=${DEVICE:-cuda} PARTS=${PARTS:-faults,load}
mkdir -p "$OUT" /tmp/tessera
python3 scripts/unpack_devcarry.py
export LD_LIBRARY_PATH=/tmp/tessera/lib:${LD_LIBRARY_PATH:-}
export TESSERA_CATALOG=/tmp/tessera/catalog
B=/tmp/tessera/bin
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null; nproc
server_args=(--server-arg --device --server-arg "$DEVICE")
for a in ${SERVER_ARGS:-}; do server_args+=(--server-arg "$a"); done
rc=0
if [[ ",$PARTS," == *,faults,* ]]; then
  rm -rf /tmp/tessera/faults.tdb /tmp/tessera/faults.tdb.serve.log
  long=()
  [ -d /tmp/tessera/udf-looping-catalog ] && long=(--looping-catalog /tmp/tessera/udf-looping-catalog)
  [ -n "${LONG_QUERY:-}" ] && long+=(--long-query "$LONG_QUERY")
  $B/tessera-faults --tessera $B/tessera --db /tmp/tessera/faults.tdb --sf 0.01 "${server_args[@]}" "${long[@]}" \
    --report "$OUT/server-faults-$DEVICE.md" || rc=1
  cp /tmp/tessera/faults.tdb.serve.log "$OUT/server-faults-$DEVICE.serve.log" 2>/dev/null
fi
if [[ ",$PARTS," == *,load,* ]]; then
  rm -rf "/tmp/tessera/load-sf$SF.tdb"
  $B/tessera-load --tessera $B/tessera --db "/tmp/tessera/load-sf$SF.tdb" --sf "$SF" --clients "$CLIENTS" \
    --duration "$DURATION" --queries engine/queries "${server_args[@]}" --report "$OUT/server-load-$DEVICE-sf$SF.md" || rc=1
  cp "/tmp/tessera/load-sf$SF.tdb.serve.log" "$OUT/server-load-$DEVICE-sf$SF.serve.log" 2>/dev/null
fi
exit $rc
