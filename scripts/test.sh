#!/usr/bin/env bash
# Runs every test: unit tests of the function library, lit tests of the
# compiler passes, the differential test of every catalog kernel, the engine's
# semantics tests and the 22 TPC-H + 22 TPC-H-scalar queries against DuckDB (SF 0.1).
set -euo pipefail
cd "$(dirname "$0")/.."
ninja -C build
ctest --test-dir build --output-on-failure -j2
