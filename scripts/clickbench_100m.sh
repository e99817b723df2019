#!/usr/bin/env bash
# On the GPU machine (carry .devcarry from scripts/stage_device.sh; needs bin/tessera and bin/tessera-bench): ClickBench
# over ROWS (100 million) generated rows of hits in a database on disk (tessera /tmp/hits.tdb --hits ROWS, a
# million rows at a time), then tessera-bench clickbench --db with DuckDB loaded from the same rows into its own file
# (/tmp/hits.duckdb), RUNS timed runs; everything within one device call (CALL_SECONDS, 570 s). Results in $OUT. Issue 34.
set -u
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
[ -x /tmp/tessera/bin/tessera ] || python3 scripts/unpack_devcarry.py
B=/tmp/tessera/bin; export LD_LIBRARY_PATH=/tmp/tessera/lib:${LD_LIBRARY_PATH:-} TESSERA_CATALOG=/tmp/tessera/catalog
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader; nproc; free -g | head -2; df -h /tmp | tail -1
ROWS=${ROWS:-100000000}
start=$(date +%s)
/usr/bin/time -f "hits: $ROWS rows generated into /tmp/hits.tdb in %e s, peak %M KB" $B/tessera /tmp/hits.tdb --hits $ROWS \
  --format csv -e "SELECT COUNT(*), COUNT(DISTINCT UserID), SUM(CAST(LEN(URL) AS BIGINT)) FROM hits" 2>&1 | tail -4 | tee "$OUT/hits-gen.txt"
du -sh /tmp/hits.tdb | tee -a "$OUT/hits-gen.txt"
left=$((${CALL_SECONDS:-570} - ($(date +%s) - start)))
echo "== tessera-bench clickbench --db /tmp/hits.tdb ($left s left)"
timeout $left $B/tessera-bench clickbench --db /tmp/hits.tdb --duckdb-file /tmp/hits.duckdb --runs ${RUNS:-2} --threads $(nproc) \
  --device auto --no-trace --query-dir engine/queries --catalog /tmp/tessera/catalog --json "$OUT/clickbench-100m.json" \
  > "$OUT/clickbench-100m.txt" 2> "$OUT/clickbench-100m.err"
echo "bench rc $?"; grep -E "^  |rows of hits|error" "$OUT/clickbench-100m.err" | head -12; cat "$OUT/clickbench-100m.txt"
tail -5 "$OUT/clickbench-100m.err"; du -sh /tmp/hits.duckdb 2>/dev/null
# EXPLAIN_QUERIES="clickbench/q34 clickbench/q24": where those queries' time goes (scripts/gpu_explain.sh, each run
# once first, over the same database), in whatever time the call has left.
if [ -n "${EXPLAIN_QUERIES:-}" ]; then
  left=$((${CALL_SECONDS:-570} - ($(date +%s) - start)))
  echo "== EXPLAIN ANALYZE $EXPLAIN_QUERIES ($left s left)"
  DB=/tmp/hits.tdb QUERIES="$EXPLAIN_QUERIES" LINES_SHOWN=400 timeout $left bash scripts/gpu_explain.sh > "$OUT/explain.txt" 2>&1
  echo "explain rc $?"
fi
