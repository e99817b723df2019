#!/usr/bin/env bash
# The sanitizer job: an ASan + UBSan build with clang 22 in build-sanitize (tessera-cc and the GPU engine
# off, only the compiler library for the front end fuzz target; the kernel catalog of the main build in
# build/), then
#   1. every test of that build (all but those that need tessera-cc, which this build does not have: the UDF
#      example, the lit tests and the catalog's differential test run in the main build only),
#   2. each libFuzzer target (fuzz/) for FUZZ_SECONDS seconds (default 30: CI's budget; longer runs by hand), as many
#      at once as there are cores (FUZZ_JOBS), from its seed corpus
#      (fuzz/corpus/<target>, plus the query files for SQL); new inputs go to build-sanitize/fuzz-corpus.
#      FUZZ_TARGETS (default: all) names the ones to run. The front end target (tessera-fuzz-frontend) has
#      the compiler library built into this build for it alone.
# A sanitizer report, a crash or a hang fails the job; a fuzzer's crashing input is kept in build-sanitize/.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/catalog/manifest.json ] || { echo "sanitize.sh: build the main build first (ninja -C build): its catalog"; exit 1; }
cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=None -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DCMAKE_CXX_FLAGS="-O1 -gline-tables-only" -DTESSERA_SANITIZE=ON -DTESSERA_BUILD_COMPILER=OFF \
  -DTESSERA_GPU_ENGINE=OFF -DTESSERA_CATALOG_DIR="$PWD/build/catalog" >/dev/null
ninja -C build-sanitize
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1 UBSAN_OPTIONS=print_stacktrace=1
ctest --test-dir build-sanitize --output-on-failure -j2
seconds=${FUZZ_SECONDS:-30}
parallel=${FUZZ_JOBS:-$(nproc)}  # each fuzzer is one thread: as many at once as there are cores
# fuzz_one TARGET: libFuzzer on TARGET from its corpus (and the query files for SQL) for $seconds; its log in
# build-sanitize/fuzz-TARGET.log, its exit status in build-sanitize/fuzz-TARGET.rc.
fuzz_one() {
  local t=$1 seeds=(fuzz/corpus/$1)
  mkdir -p "build-sanitize/fuzz-corpus/$t"
  [ "$t" = sql ] && seeds+=(engine/queries/tpch engine/queries/tpch-scalar engine/queries/production)
  local rc=0
  (cd build-sanitize && ./fuzz/tessera-fuzz-$t -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
     "fuzz-corpus/$t" "${seeds[@]/#/../}" >"fuzz-$t.log" 2>&1) || rc=$?
  echo $rc > "build-sanitize/fuzz-$t.rc"
}
targets=${FUZZ_TARGETS:-sql loader chunk spec manifest frontend tds}
for t in $targets; do
  while [ "$(jobs -rp | wc -l)" -ge "$parallel" ]; do sleep 1; done
  echo "== tessera-fuzz-$t: ${seconds} s"
  rm -f "build-sanitize/fuzz-$t.rc"
  fuzz_one "$t" &
done
wait
failed=0
for t in $targets; do
  # libFuzzer exits non-zero on a crash, a sanitizer report, a leak or a timeout; its last lines say which.
  if [ "$(cat "build-sanitize/fuzz-$t.rc" 2>/dev/null)" != 0 ]; then
    echo "== tessera-fuzz-$t FAILED"; tail -40 "build-sanitize/fuzz-$t.log"; failed=1
  else
    echo "== tessera-fuzz-$t: $(grep -E "DONE|Done" "build-sanitize/fuzz-$t.log" | tail -1)"
  fi
done
exit $failed
