#!/usr/bin/env bash
# Runs every test: unit tests of the function library, lit tests of the
# compiler passes, the differential test of every catalog kernel, the engine's
# semantics tests and the 22 TPC-H + 22 TPC-H-scalar queries against DuckDB (SF 0.1), then the sanitizer
# job (scripts/sanitize.sh: ASan + UBSan build, its tests, each fuzz target for a minute).
set -euo pipefail
cd "$(dirname "$0")/.."
ninja -C build
ctest --test-dir build --output-on-failure -j2
# The sanitizer job: the same tests under ASan + UBSan, then the fuzz targets for a bounded time
# (SANITIZE=0 skips it; FUZZ_SECONDS sets the time per target).
if [ "${SANITIZE:-1}" != 0 ]; then bash scripts/sanitize.sh; fi
