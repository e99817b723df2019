#!/usr/bin/env bash
# The GPU benchmark, in one call on the GPU machine, from the repo root:
#   (a) builds the runtime + tessera-bench-gpu with the compiler and tests off into build-gpu
#       (cmake, ninja, nvcc there; no LLVM, no GoogleTest needed; nlohmann-json IS needed),
#   (b) runs the differential test on the GPU (build/tests/tessera-differential, if carried),
#   (c) runs tessera-bench-gpu on the carried catalog (build/catalog),
#   (d) draws the rooflines (bench/roofline.py),
# copying everything to $OUT and printing the benchmark table last.
#
# Carry: build/catalog (and build/tests/tessera-differential for step b).
# Environment: ROWS (default 2^26), TUNING (autotune JSON), FUNCTIONS (year,lower,...),
#   CPU_BUDGET (seconds per CPU variant, default 2), SKIP_BUILD=1 (reuse build-gpu),
#   EXTRA (more tessera-bench-gpu flags, e.g. "--null-fraction 0.01").
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/gpu-bench-out}
mkdir -p "$OUT"
CATALOG=${CATALOG:-build/catalog}
ROWS=${ROWS:-67108864}
CPU_BUDGET=${CPU_BUDGET:-2}
command -v nvcc >/dev/null || export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv 2>&1 || true
nproc

# (a) build
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  echo "== build (build-gpu)"
  {
    cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_BUILD_COMPILER=OFF \
      -DTESSERA_BUILD_TESTS=OFF -DCMAKE_CUDA_COMPILER="$(command -v nvcc)" &&
      ninja -C build-gpu tessera-bench-gpu
  } >"$OUT/build.log" 2>&1
  rc=$?
  grep -E "error|warning" "$OUT/build.log" | grep -v "missing-field-initializers\|Wrestrict" | head -20
  if [ $rc -ne 0 ]; then
    tail -40 "$OUT/build.log"
    echo "gpu_bench.sh: build failed (rc $rc); see $OUT/build.log" \
         "(if CMake cannot find nlohmann_json, the image lacks nlohmann-json)"
    if [ -n "${BENCH_FALLBACK:-}" ] && [ -x "$BENCH_FALLBACK" ]; then
      echo "gpu_bench.sh: using the carried binary $BENCH_FALLBACK (built on the build machine) instead"
      BENCH=$BENCH_FALLBACK
    else
      exit 1
    fi
  fi
  tail -2 "$OUT/build.log"
fi
BENCH=${BENCH:-build-gpu/bench/tessera-bench-gpu}
[ -x "$BENCH" ] || { echo "gpu_bench.sh: $BENCH missing"; exit 1; }
[ -f "$CATALOG/manifest.json" ] || { echo "gpu_bench.sh: no catalog at $CATALOG (carry build/catalog)"; exit 1; }

echo "== hand-written kernels: host self-test of the row logic"
"$BENCH" --selftest 2>&1 | tail -25

# (b) differential test on the GPU
DIFF=${DIFF:-build/tests/tessera-differential}
if [ -x "$DIFF" ]; then
  echo "== differential test (--device cuda)"
  timeout 300 "$DIFF" "$CATALOG" --device cuda >"$OUT/differential.log" 2>&1
  echo "differential rc $?"
  tail -15 "$OUT/differential.log"
else
  echo "== differential test skipped: build/tests/tessera-differential not carried"
fi

# (c) benchmark
echo "== tessera-bench-gpu"
# shellcheck disable=SC2086
"$BENCH" "$CATALOG" --rows "$ROWS" --json "$OUT/bench.json" --cpu-budget "$CPU_BUDGET" \
  ${TUNING:+--tuning "$TUNING"} ${FUNCTIONS:+--functions "$FUNCTIONS"} ${EXTRA:-} >"$OUT/bench.log" 2>&1
bench_rc=$?
sed '/^function  *variant/,$d' "$OUT/bench.log" | tail -90

# (d) rooflines
if [ -f "$OUT/bench.json" ]; then
  echo "== roofline"
  python3 bench/roofline.py "$OUT/bench.json" --out-dir "$OUT" 2>&1 | tail -45
fi

echo "== table (bench rc $bench_rc; full log $OUT/bench.log)"
sed -n '/^function  *variant/,$p' "$OUT/bench.log"
exit $bench_rc
