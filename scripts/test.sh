#!/usr/bin/env bash
# Runs every test: unit tests of the function library, lit tests of the
# compiler passes, and the differential test of every catalog kernel.
set -euo pipefail
cd "$(dirname "$0")/.."
ninja -C build
ctest --test-dir build --output-on-failure -j2
