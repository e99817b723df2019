#!/usr/bin/env bash
# The main job on a small default: generate TPC-H at SF 0.01 in memory and run TPC-H-scalar queries
# (SQL Server scalar functions compiled into the catalog's kernels) with the tessera command, then
# show where each operator and function runs. Extra arguments go to tessera (e.g. --sf 0.1).
# With a GPU (and the CUDA toolkit at build time) the queries run on it, operators and functions
# (tessera --device auto); without one, on the CPU. The plan printed last says where each operator runs.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x build/engine/cli/tessera ] && [ -f build/catalog/manifest.json ] || ninja -C build
q=engine/queries/tpch-scalar
./build/engine/cli/tessera --sf 0.01 --timing "$@" $q/q01.sql $q/q03.sql $q/q06.sql $q/q12.sql $q/q14.sql
./build/engine/cli/tessera --sf 0.01 "$@" -e "EXPLAIN $(grep -v '^--' $q/q14.sql)"
