#!/usr/bin/env bash
# Stages what a GPU-machine run needs into .devcarry/ (git-ignored; at most 64 MiB travel): the test and
# benchmark binaries (stripped, xz), the catalog (manifest, CPU library, cubins xz; no PTX),
# libduckdb.so and libcupti (xz). scripts/gpu_engine_check.sh unpacks and runs them there.
# STAGE_SKIP="tessera-bench-database tessera-bench-csv ..." leaves binaries out when the 64 MiB travel
# limit is near (each binary links the whole engine statically); the check script needs only those its
# environment asks for (the benches, autotune and the kernel tools are optional).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf .devcarry && mkdir -p .devcarry/bin
for b in engine/tessera_engine_sql_tests engine/tessera_query_tests engine/tessera_gpu_engine_tests \
         engine/tessera_wide_decimal_tests bench/tpch/tessera-bench engine/cli/tessera \
         tests/tessera-differential bench/tessera-bench-gpu runtime/tessera-autotune \
         engine/tessera_table_statement_tests engine/tessera_udf_sql_tests engine/tessera_database_dir_tests \
         bench/storage/tessera-bench-database bench/storage/tessera-bench-csv engine/cli/tessera_cli_tests \
         engine/tessera_clickbench_tests bench/tpch/tessera-bench-cold engine/tessera_statement_stop_tests \
         engine/tessera_statistical_aggregate_tests engine/tessera_string_agg_tests; do
  case " ${STAGE_SKIP:-} " in *" $(basename "$b") "*) continue ;; esac
  [ -x "build/$b" ] || { echo "stage_device.sh: build/$b missing (ninja -C build)"; exit 1; }
  strip -o ".devcarry/bin/$(basename "$b")" "build/$b"
  xz -T2 -6 -f ".devcarry/bin/$(basename "$b")"
done
# A catalog as the GPU machine needs it: manifest, CPU library, cubins (xz); not the PTX.
stage_catalog() {  # $1: the built catalog, $2: its folder under .devcarry
  mkdir -p ".devcarry/$2/cpu" ".devcarry/$2/nvptx"
  cp "$1/manifest.json" ".devcarry/$2/"
  cp "$1/cpu/libtessera_kernels.so" ".devcarry/$2/cpu/"
  for c in "$1"/nvptx/*.cubin; do xz -T2 -6 -c "$c" > ".devcarry/$2/nvptx/$(basename "$c").xz"; done
}
stage_catalog build/catalog catalog
xz -T2 -6 -c third_party/duckdb/lib/libduckdb.so > .devcarry/libduckdb.so.xz
# The server's libraries (tessera links libsodium and OpenSSL), which the GPU machine's base system may lack.
mkdir -p .devcarry/lib
for l in $(ldd build/engine/cli/tessera | grep -oE '/[^ ]*lib(sodium|ssl|crypto)\.so[^ ]*'); do
  xz -T2 -6 -c "$l" > ".devcarry/lib/$(basename "$l").xz"
done
# The UDF example's catalog (examples/udf), for tessera_udf_sql_tests.
mkdir -p .devcarry/udf-catalog && cp -r build/udf-example-catalog/. .devcarry/udf-catalog/
# User functions that never return on some inputs, for tessera_statement_stop_tests.
mkdir -p .devcarry/udf-looping-catalog && cp -r build/udf-looping-catalog/. .devcarry/udf-looping-catalog/
# The user functions' differential tests (tests/CMakeLists.txt): the byte-map test functions' catalog, and
# both user catalogs' native builds (the reference of tessera-differential --native).
mkdir -p .devcarry/udf-byte-maps-catalog .devcarry/lib && cp -r build/udf-byte-maps-catalog/. .devcarry/udf-byte-maps-catalog/
cp build/tests/libudf_example_native.so build/tests/libudf_byte_maps_native.so .devcarry/lib/
# STAGE_CATALOGS="build/catalog-k4 ...": more catalogs (say, a few kernels built with other tessera-cc options),
# each staged as .devcarry/<name>, for gpu_engine_check.sh's KERNEL_CATALOGS.
for extra in ${STAGE_CATALOGS:-}; do
  [ -f "$extra/manifest.json" ] || { echo "stage_device.sh: $extra has no manifest.json"; exit 1; }
  stage_catalog "$extra" "$(basename "$extra")"
done
# libcupti for tessera-bench's GPU trace (loaded at run time; the GPU machine's toolkit may lack it).
cupti=$(ls /usr/local/cuda/lib/libcupti.so.1? /usr/local/cuda/lib64/libcupti.so.1? \
        /usr/local/cuda/extras/CUPTI/lib64/libcupti.so.1? 2>/dev/null | head -1 || true)
if [ -n "$cupti" ]; then
  mkdir -p .devcarry/lib && xz -T2 -6 -c "$cupti" > ".devcarry/lib/$(basename "$cupti").xz"
else
  echo "stage_device.sh: no libcupti found; the bench will report no GPU trace"
fi
du -sh .devcarry
bytes=$(du -sb .devcarry | cut -f1)
if [ "$bytes" -gt $((64 * 1024 * 1024)) ]; then
  echo "stage_device.sh: .devcarry is $bytes bytes, over the 64 MiB travel limit: leave binaries out with STAGE_SKIP"
  exit 1
fi
