#!/usr/bin/env bash
# On the GPU machine, in one call (carry .devcarry, staged by scripts/stage_device.sh): unpacks, then
#   1. the engine's semantics suite and the GPU operator tests with operators on the GPU (auto and cuda),
#   2. the 22 TPC-H and 22 TPC-H-scalar queries against DuckDB at SF 0.1 (auto: GPU where it can),
#   3. EXPLAIN of Q1 and Q6 under --device cuda,
#   4. tessera-bench tpch --device DEVICE (QUERIES, SFS) against DuckDB on the host's cores,
# logs to $OUT, the benchmark tables last. Environment: SFS ("1 10"), QUERIES (all 22), DEVICE (auto: every
# query runs, cpu_ops counts its CPU operators; cuda: a query with any fails), RUNS (5),
# SANITIZE=1 (compute-sanitizer memcheck and racecheck of the GPU operator tests; SANITIZE_KERNELS=1, alone, runs both
# over the catalog's block-staged kernels (differential test, 4096 rows each); SANITIZE_QUERIES=1 adds
# memcheck of the 44 queries at SF 0.1, each within SANITIZE_TIMEOUT s), SANITIZE_FUNCTIONS=a,b (memcheck and
# racecheck of the differential test of those kernels, 16,000 rows, in the catalog and KERNEL_CATALOGS),
# NCU_FUNCTION=f (Nsight Compute over the first NCU_LAUNCHES launches of f's kernels in tessera-bench-gpu, over
# NCU_CATALOG: catalog, or one of KERNEL_CATALOGS), KERNEL_CATALOGS (with KERNELS=1: more staged
# catalogs, differential-tested and benchmarked the same way), SKIP_TESTS=1, SKIP_EXPLAIN=1,
# SUITE (tpch, tpch-scalar, production or all: the benchmark's suites), KERNELS=1 (the differential test on the GPU of the catalog and of the user catalogs, then tessera-bench-gpu over KERNEL_FUNCTIONS at
# KERNEL_ROWS rows: compiled kernels against their hand-written twins; KERNEL_BENCH_ARGS="--fused" adds the fused predicates), AUTOTUNE=1 (tessera-autotune, with AUTOTUNE_ARGS such as "--rows N --kernels a,b", over the
# catalog; its tuning comes back as $OUT/autotune.json, for catalog/autotune-h200.json), DBBENCH_SF=N
# (tessera-bench-database at SF N, DBBENCH_RUNS runs), CSVBENCH_SF=N (tessera-bench-csv, CSVBENCH_RUNS runs),
# CLICKBENCH_ROWS=N (tessera-bench clickbench over N generated rows of hits, RUNS runs, DEVICE), BENCH_ARGS (more
# tessera-bench tpch options, e.g. --no-fuse), COLD_SF=N (scripts/cold_bench.sh: the cold benchmark at SF N, COLD_SUITE,
# COLD_RUNS, COLD_QUERIES, COLD_ARGS), STREAM_SF=N (scripts/stream_check.sh: Q1 and Q6 over a database on disk at SF N
# with the GPU cache limited to STREAM_GPU_MEMORY, streamed a morsel at a time, against the same run whole),
# PUBLISHED_SF=N (TPC-H over a database on disk at SF N, checked against DuckDB's published answers, warm times;
# PUBLISHED_QUERIES, CROSS_QUERIES: queries also run on the CPU engine and compared with the GPU's answer).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/gpu-engine-out}
mkdir -p "$OUT" /tmp/tessera/bin /tmp/tessera/catalog/cpu /tmp/tessera/catalog/nvptx /tmp/tessera/lib
python3 scripts/unpack_devcarry.py
export LD_LIBRARY_PATH=/tmp/tessera/lib:${LD_LIBRARY_PATH:-}
export TESSERA_CATALOG=/tmp/tessera/catalog TESSERA_QUERY_DIR=$PWD/engine/queries
B=/tmp/tessera/bin
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; nproc
rc=0
if [ "${SKIP_TESTS:-0}" != 1 ]; then
  # suite TITLE BINARY LOG [LINES]: runs a staged test binary (one left out by STAGE_SKIP is said, not failed).
  suite() {
    echo "== $1"
    if [ ! -x "$B/$2" ]; then echo "(not staged: $2)"; return; fi
    $B/$2 >"$OUT/$3.log" 2>&1; local r=$?; tail -2 "$OUT/$3.log"
    [ $r = 0 ] || { rc=1; grep -B2 -A12 "FAILED\|Failure" "$OUT/$3.log" | head -"${4:-40}"; }
  }
  suite "engine semantics suite (operators on the GPU where they can run)" tessera_engine_sql_tests engine_sql_tests 60
  suite "GPU operator tests" tessera_gpu_engine_tests gpu_engine_tests 80
  suite "user tables (CREATE TABLE, INSERT, SELECT INTO)" tessera_table_statement_tests table_statement_tests
  TESSERA_UDF_TEST_CATALOG=/tmp/tessera/udf-catalog suite "a user's C++ functions from SQL (examples/udf)" tessera_udf_sql_tests udf_sql_tests
  TESSERA_UDF_LOOPING_CATALOG=/tmp/tessera/udf-looping-catalog suite "stopping statements: time limit and cancel, user functions on the GPU" tessera_statement_stop_tests statement_stop_tests
  suite "the database on disk" tessera_database_dir_tests database_dir_tests
  suite "the tessera command's pieces (files through Arrow, BULK INSERT, read_csv)" tessera_cli_tests cli_tests
  suite "wide decimals" tessera_wide_decimal_tests wide_decimal_tests
  suite "STDEV, STDEVP, VAR, VARP, APPROX_COUNT_DISTINCT against DuckDB, whole and streamed" tessera_statistical_aggregate_tests statistical_aggregate_tests
  suite "STRING_AGG against DuckDB (its aggregation on the CPU, the scans below on the GPU)" tessera_string_agg_tests string_agg_tests
  echo "== 44 queries, the production-SQL features and the date-time queries against DuckDB, SF ${TEST_SF:-0.1}"
  TESSERA_TPCH_SF=${TEST_SF:-0.1} $B/tessera_query_tests --gtest_filter='All22/Tpch*:Production/*:DateTime/*:Chunked/*' >"$OUT/query_tests.log" 2>&1; r=$?
  tail -3 "$OUT/query_tests.log"; [ $r = 0 ] || { rc=1; grep -A6 "Failure" "$OUT/query_tests.log" | head -60; }
fi
if [ "${SKIP_TESTS:-0}" != 1 ] && [ -x $B/tessera_clickbench_tests ]; then
  echo "== ClickBench's 43 queries against DuckDB at 100,000 rows"
  $B/tessera_clickbench_tests >"$OUT/clickbench_tests.log" 2>&1; r=$?; tail -2 "$OUT/clickbench_tests.log"
  [ $r = 0 ] || { rc=1; grep -A6 "Failure" "$OUT/clickbench_tests.log" | head -40; }
fi
if [ -n "${CLICKBENCH_ROWS:-}" ]; then
  echo "== tessera-bench clickbench --rows $CLICKBENCH_ROWS --device ${DEVICE:-auto}"
  $B/tessera-bench clickbench --rows $CLICKBENCH_ROWS --runs ${RUNS:-5} --threads $(nproc) --device ${DEVICE:-auto} \
    --query-dir engine/queries --catalog /tmp/tessera/catalog --json "$OUT/clickbench.json" >"$OUT/clickbench.txt" 2>"$OUT/clickbench.err"
  echo "clickbench rc $?"; grep -i "error\|FAIL" "$OUT/clickbench.err" | head -10; cat "$OUT/clickbench.txt"
fi
if [ -n "${DBBENCH_SF:-}" ]; then
  echo "== tessera-bench-database --sf $DBBENCH_SF (database on disk against .tbl loading and DuckDB's file)"
  $B/tessera-bench-database --sf $DBBENCH_SF --dir /tmp/tessera-bench-db --runs ${DBBENCH_RUNS:-1} 2>&1 | tee "$OUT/bench-database.txt"
  rm -rf /tmp/tessera-bench-db
fi
if [ -n "${CSVBENCH_SF:-}" ]; then
  echo "== tessera-bench-csv --sf $CSVBENCH_SF (Tessera's parallel CSV parser against DuckDB read_csv)"
  $B/tessera-bench-csv --sf $CSVBENCH_SF --dir /tmp/tessera-bench-csv --runs ${CSVBENCH_RUNS:-3} 2>&1 | tee "$OUT/bench-csv.txt"
fi
if [ "${AUTOTUNE:-0}" = 1 ]; then
  echo "== tessera-autotune (sweep, then a confirmation round against untuned)"
  timeout ${AUTOTUNE_TIMEOUT:-400} $B/tessera-autotune /tmp/tessera/catalog --out "$OUT/autotune.json" ${AUTOTUNE_ARGS:-} >"$OUT/autotune.log" 2>&1
  echo "autotune rc $?"; tail -40 "$OUT/autotune.log"
fi
if [ "${KERNELS:-0}" = 1 ]; then
  echo "== catalog differential test on the GPU"
  timeout 300 $B/tessera-differential /tmp/tessera/catalog --device cuda >"$OUT/differential.log" 2>&1
  echo "differential rc $?"; tail -4 "$OUT/differential.log"; grep -v "^  ok" "$OUT/differential.log" | grep -v "^differential:" | head -20
  echo "== user functions' differential test on the GPU (against the same C++ built natively)"
  for u in udf-catalog:libudf_example_native.so udf-byte-maps-catalog:libudf_byte_maps_native.so; do
    timeout 120 $B/tessera-differential /tmp/tessera/${u%%:*} --device cuda --native /tmp/tessera/lib/${u#*:} \
      >"$OUT/differential-${u%%:*}.log" 2>&1
    echo "${u%%:*} rc $?"; grep -v "^  ok" "$OUT/differential-${u%%:*}.log" | head -12
  done
  # tessera-bench-gpu over catalog $1 into $OUT/$2.json and .log, its table (first $3 lines) printed.
  kernel_bench() {
    $B/tessera-bench-gpu "$1" --rows ${KERNEL_ROWS:-67108864} --cpu-budget 0.2 --json "$OUT/$2.json" \
      ${KERNEL_FUNCTIONS:+--functions $KERNEL_FUNCTIONS} ${KERNEL_BENCH_ARGS:-} >"$OUT/$2.log" 2>&1
    echo "bench-gpu ($2) rc $?"; sed -n '/^function  *variant/,$p' "$OUT/$2.log" | head -$3
  }
  echo "== tessera-bench-gpu (compiled kernels against hand-written twins)"
  kernel_bench /tmp/tessera/catalog kernels 80
  # KERNEL_CATALOGS="catalog-k4 ...": catalogs staged beside the main one (stage_device.sh STAGE_CATALOGS), each
  # differential-tested on the GPU and benchmarked over KERNEL_FUNCTIONS (needed then) the same way, for
  # side-by-side builds.
  for extra in ${KERNEL_CATALOGS:-}; do
    echo "== $extra: differential test on the GPU, then tessera-bench-gpu"
    for k in ${KERNEL_FUNCTIONS//,/ }; do  # (such a catalog may hold a few kernels: the test of the others fails)
      timeout 300 $B/tessera-differential /tmp/tessera/$extra --device cuda --kernel $k >"$OUT/differential-$extra-$k.log" 2>&1
      echo "differential ($extra, $k) rc $?"; tail -1 "$OUT/differential-$extra-$k.log"; grep -v "^  ok" "$OUT/differential-$extra-$k.log" | grep -v "^differential:" | head -8
    done
    kernel_bench /tmp/tessera/$extra kernels-$extra 40
  done
fi
if [ "${SANITIZE:-0}" = 1 ] && command -v compute-sanitizer >/dev/null; then
  echo "== compute-sanitizer memcheck: GPU operator tests"
  compute-sanitizer --tool memcheck --error-exitcode 3 $B/tessera_gpu_engine_tests --gtest_filter=-*/Cpu >"$OUT/memcheck.log" 2>&1
  echo "memcheck rc $?"; tail -2 "$OUT/memcheck.log"
  echo "== compute-sanitizer racecheck: GPU operator tests"
  timeout ${SANITIZE_TIMEOUT:-120} compute-sanitizer --tool racecheck --error-exitcode 3 $B/tessera_gpu_engine_tests --gtest_filter=-*/Cpu >"$OUT/racecheck.log" 2>&1
  echo "racecheck rc $?"; tail -2 "$OUT/racecheck.log"
  if [ "${SANITIZE_QUERIES:-0}" = 1 ]; then
    echo "== compute-sanitizer memcheck: 44 queries at SF 0.1"
    TESSERA_TPCH_SF=0.1 timeout ${SANITIZE_TIMEOUT:-120} compute-sanitizer --tool memcheck --error-exitcode 3 \
      $B/tessera_query_tests --gtest_filter='All22/Tpch*EqualsDuckDb*' >"$OUT/memcheck-queries.log" 2>&1
    echo "memcheck (queries) rc $?"; grep -E "PASSED|FAILED|ERROR SUMMARY" "$OUT/memcheck-queries.log" | tail -3
  fi
fi
if [ -n "${SANITIZE_FUNCTIONS:-}" ] && command -v compute-sanitizer >/dev/null; then
  # Kernels named here (e.g. lower,upper), every module and entry, under memcheck and racecheck.
  # The main catalog's and each of KERNEL_CATALOGS'.
  for cat in catalog ${KERNEL_CATALOGS:-}; do
  for k in ${SANITIZE_FUNCTIONS//,/ }; do for tool in memcheck racecheck; do
    echo "== compute-sanitizer $tool: differential test of $k ($cat)"
    timeout ${SANITIZE_TIMEOUT:-120} compute-sanitizer --tool $tool --error-exitcode 3 $B/tessera-differential \
      /tmp/tessera/$cat --device cuda --kernel $k --rows 16000 >"$OUT/$tool-$cat-$k.log" 2>&1
    echo "$tool ($cat, $k) rc $?"; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|mismatch|differential:" "$OUT/$tool-$cat-$k.log" | tail -3
  done; done; done
fi
if [ -n "${NCU_FUNCTION:-}" ] && [ -x /usr/local/cuda/bin/ncu ]; then
  # The first NCU_LAUNCHES launches (2) of the function's compiled kernels (regex: every entry of it), profiled
  # by Nsight Compute.
  echo "== ncu: tk_$NCU_FUNCTION"
  timeout ${NCU_TIMEOUT:-180} /usr/local/cuda/bin/ncu -k regex:tk_${NCU_FUNCTION} -c ${NCU_LAUNCHES:-2} --section SpeedOfLight \
    --section Occupancy --section WarpStateStats --section InstructionStats --section LaunchStats \
    --section MemoryWorkloadAnalysis $B/tessera-bench-gpu /tmp/tessera/${NCU_CATALOG:-catalog} --rows ${KERNEL_ROWS:-33554433} \
    --functions $NCU_FUNCTION --warmup 0 --repeats 1 --cpu-budget 0 >"$OUT/ncu-$NCU_FUNCTION.txt" 2>&1
  echo "ncu rc $?"; grep -E "tk_|Executed Instructions  |Duration|DRAM Throughput|Registers Per" "$OUT/ncu-$NCU_FUNCTION.txt" | head -24
fi
if [ "${SANITIZE_KERNELS:-0}" = 1 ] && command -v compute-sanitizer >/dev/null; then
  # The block-staged kernels share memory across a thread block: memcheck and racecheck every one of them.
  for tool in memcheck racecheck; do
    echo "== compute-sanitizer $tool: block-staged catalog kernels"
    timeout ${SANITIZE_TIMEOUT:-120} compute-sanitizer --tool $tool --error-exitcode 3 $B/tessera-differential \
      /tmp/tessera/catalog --device cuda --mapping block-staged --rows 4096 >"$OUT/$tool-staged.log" 2>&1
    echo "$tool (staged kernels) rc $?"; grep -E "ERROR SUMMARY|RACECHECK SUMMARY|mismatch" "$OUT/$tool-staged.log" | tail -3
  done
fi
if [ "${SKIP_EXPLAIN:-0}" != 1 ]; then
echo "== EXPLAIN ANALYZE (--device cuda, SF 1)"
for q in tpch/q01 tpch/q06 tpch-scalar/q01 tpch-scalar/q06; do
  { echo "EXPLAIN ANALYZE"; grep -v '^--' engine/queries/$q.sql; } > /tmp/tessera/explain.sql
  $B/tessera --sf 1 --device cuda /tmp/tessera/explain.sql 2>&1 | tail -14
done
fi
for sf in ${SFS-1 10}; do
  Q=${QUERIES:-1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22}
  echo "== tessera-bench tpch --sf $sf --device ${DEVICE:-auto} --queries $Q"
  $B/tessera-bench tpch --sf $sf --suite ${SUITE:-all} --runs ${RUNS:-5} --threads $(nproc) --device ${DEVICE:-auto} --queries $Q \
    --query-dir engine/queries --catalog /tmp/tessera/catalog ${BENCH_ARGS:-} --json "$OUT/bench-sf$sf.json" >"$OUT/bench-sf$sf.txt" 2>"$OUT/bench-sf$sf.err"
  echo "bench rc $?"; grep -i "error\|FAIL" "$OUT/bench-sf$sf.err" | head -10
done
if [ -n "${COLD_SF:-}" ]; then
  echo "== cold benchmark, SF $COLD_SF (fresh process per query, database on disk)"
  B=$B SF=$COLD_SF SUITE=${COLD_SUITE:-tpch} RUNS=${COLD_RUNS:-3} QUERIES=${COLD_QUERIES:-} DEVICE=${DEVICE:-auto} OUT=$OUT \
    COLD_ARGS="--catalog /tmp/tessera/catalog --query-dir engine/queries ${COLD_ARGS:-}" bash scripts/cold_bench.sh \
    >"$OUT/cold-sf$COLD_SF.txt" 2>"$OUT/cold-sf$COLD_SF.err" || rc=1
  grep -i "error\|DIFFER" "$OUT/cold-sf$COLD_SF.err" "$OUT/cold-sf$COLD_SF.txt" | head -10
fi
if [ -n "${STREAM_SF:-}" ]; then
  echo "== streaming, SF $STREAM_SF"
  B=$B SF=$STREAM_SF GPU_MEMORY=${STREAM_GPU_MEMORY:-1G} MEMORY_LIMIT=${STREAM_MEMORY_LIMIT:-1G} \
    QUERIES="${STREAM_QUERIES:-1 6}" bash scripts/stream_check.sh 2>&1 | tee "$OUT/stream-sf$STREAM_SF.txt" || rc=1
fi
if [ -n "${PUBLISHED_SF:-}" ]; then
  # TPC-H at a scale too large to load into DuckDB within a call (SF 100): Tessera over a database on disk, warm
  # (RUNS runs after a first, checked one), answers against DuckDB's published ones (carried in
  # third_party/tpch-answers/sfN, see docs/BENCHMARKS.md); then CROSS_QUERIES (default "13": its published answer
  # counts comments DuckDB's dbgen writes differently) on the CPU engine, whose answer must equal the GPU's.
  db=${PUBLISHED_DB:-/tmp/sf$PUBLISHED_SF.tdb}
  echo "== SF $PUBLISHED_SF from $db, answers from third_party/tpch-answers/sf$PUBLISHED_SF"
  if [ ! -f "$db/manifest.json" ]; then
    /usr/bin/time -f "generated SF $PUBLISHED_SF into $db: %e s, peak %M KB" $B/tessera "$db" --sf "$PUBLISHED_SF" \
      -e "SELECT count(*) FROM lineitem" >/dev/null 2>"$OUT/published-gen.err" || { cat "$OUT/published-gen.err"; rc=1; }
    tail -1 "$OUT/published-gen.err"; du -sh "$db"
  fi
  [ -n "${PUBLISHED_QUERIES:-}" ] && pq=(--queries "$PUBLISHED_QUERIES") || pq=()
  $B/tessera-bench tpch --db "$db" --answers "third_party/tpch-answers/sf$PUBLISHED_SF" --sf "$PUBLISHED_SF" \
    --runs "${RUNS:-3}" --device "${DEVICE:-cuda}" --no-trace "${pq[@]}" --json "$OUT/published-sf$PUBLISHED_SF.json" \
    >"$OUT/published-sf$PUBLISHED_SF.txt" 2>"$OUT/published-sf$PUBLISHED_SF.err" || rc=1
  cat "$OUT/published-sf$PUBLISHED_SF.txt"
  for q in ${CROSS_QUERIES-13}; do
    f=engine/queries/tpch/q$(printf %02d "$q").sql
    for d in cuda cpu; do
      /usr/bin/time -f "%e s, peak %M KB" timeout "${CROSS_TIMEOUT:-240}" $B/tessera "$db" --device $d --format csv "$f" \
        >"$OUT/cross-q$q.$d.csv" 2>"$OUT/cross-q$q.$d.err" || rc=1
      echo "Q$q --device $d: $(tail -1 "$OUT/cross-q$q.$d.err")"
    done
    if cmp -s "$OUT/cross-q$q.cuda.csv" "$OUT/cross-q$q.cpu.csv"; then echo "Q$q: the CPU and GPU engines agree ($(wc -l <"$OUT/cross-q$q.cpu.csv") lines)"
    else echo "Q$q: the CPU and GPU engines DIFFER"; rc=1; fi
  done
fi
for sf in ${SFS-1 10}; do echo "== SF $sf"; cat "$OUT/bench-sf$sf.txt"; done
[ -n "${COLD_SF:-}" ] && { echo "== cold, SF $COLD_SF"; cat "$OUT/cold-sf$COLD_SF.txt"; }
exit $rc
