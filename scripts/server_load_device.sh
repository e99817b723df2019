#!/usr/bin/env bash
# tessera serve's load benchmark (tessera-load, docs/SERVER.md "Load and faults") on the GPU machine.
#
#   here:        bash scripts/stage_device.sh && bash scripts/server_load_device.sh stage
#   the device:  bash scripts/server_load_device.sh          (run with carry [".devcarry"]; report in $OUT)
#
# `stage` adds tessera-load (stripped, xz) to .devcarry/bin beside the tessera that stage_device.sh put there. On the
# device: unpacks .devcarry into /tmp/tessera, generates TPC-H at SF (default 1) into a database on the local disk,
# and runs tessera-load with CLIENTS (default 16,64) for DURATION seconds each (default 60) against
# `tessera serve --device DEVICE` (default cuda); the report goes to $OUT/server-load-<device>-sf<SF>.md and is
# printed. SERVER_ARGS adds more server options (say "--gpu-memory 40G").
set -uo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = stage ]; then
  [ -d .devcarry/bin ] || { echo "server_load_device.sh: run scripts/stage_device.sh first"; exit 1; }
  strip -o .devcarry/bin/tessera-load build/bench/server/tessera-load && xz -T2 -6 -f .devcarry/bin/tessera-load
  du -sh .devcarry
  exit 0
fi
OUT=${OUT:-$PWD/server-load-out}
SF=${SF:-1} CLIENTS=${CLIENTS:-16,64} DURATION=${DURATION:-60} DEVICE=${DEVICE:-cuda}
mkdir -p "$OUT" /tmp/tessera
python3 scripts/unpack_devcarry.py
export LD_LIBRARY_PATH=/tmp/tessera/lib:${LD_LIBRARY_PATH:-}
export TESSERA_CATALOG=/tmp/tessera/catalog
B=/tmp/tessera/bin
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null; nproc
server_args=(--server-arg --device --server-arg "$DEVICE")
for a in ${SERVER_ARGS:-}; do server_args+=(--server-arg "$a"); done
rm -rf "/tmp/tessera/load-sf$SF.tdb"
$B/tessera-load --tessera $B/tessera --db "/tmp/tessera/load-sf$SF.tdb" --sf "$SF" --clients "$CLIENTS" \
  --duration "$DURATION" --queries engine/queries "${server_args[@]}" --report "$OUT/server-load-$DEVICE-sf$SF.md"
rc=$?
cp "/tmp/tessera/load-sf$SF.tdb.serve.log" "$OUT/server-load-$DEVICE-sf$SF.serve.log" 2>/dev/null
exit $rc
