#!/usr/bin/env bash
# The main job on a small default: build the catalog (if needed) and run a few
# compiled kernels on sample columns, printing the results.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/catalog/manifest.json ] || ninja -C build
exec ./build/runtime/tessera-demo build/catalog "$@"
