#!/usr/bin/env python3
"""ClickBench's figures from a tessera-bench clickbench --json report: each query's hot time as ClickBench takes it
(the best of the timed runs, which follow one untimed check run: ClickBench's runs 2 and 3), their sums, and the
relative score ClickBench computes, the geometric mean over queries of (10 ms + t) / (10 ms + t_DuckDB). Prints a
Markdown table. Usage: clickbench_score.py report.json [--title TEXT]"""
import json, math, sys

def main():
    args = sys.argv[1:]
    if not args or args[0] in ('-h', '--help'):
        print(__doc__)
        return 0 if args else 2
    title = args[args.index('--title') + 1] if '--title' in args else ''
    with open(args[0]) as f:
        report = json.load(f)
    rows, logs, hot_t, hot_d = [], [], 0.0, 0.0
    for q in report['queries']:
        if q.get('status') != 'ok' or not q.get('tessera_runs_ms') or not q.get('duckdb_runs_ms'):
            rows.append(f"| {q['query']} | {q.get('status', '?')} | - | - | - |")
            continue
        t, d = min(q['tessera_runs_ms']), min(q['duckdb_runs_ms'])
        hot_t += t
        hot_d += d
        rel = (10 + t) / (10 + d)
        logs.append(math.log(rel))
        rows.append(f"| {q['query']} | ok | {t:.2f} | {d:.2f} | {rel:.3f} |")
    if title:
        print(f"## {title}\n")
    print(f"{len(logs)} of {len(report['queries'])} queries answered as DuckDB did; hot time = best of "
          f"{report.get('runs', '?')} timed runs after one check run (ClickBench's runs 2 and 3).\n")
    print("| query | check | Tessera hot ms | DuckDB hot ms | (10 ms + t) / (10 ms + t_DuckDB) |")
    print("|---|---|---:|---:|---:|")
    print('\n'.join(rows))
    score = math.exp(sum(logs) / len(logs)) if logs else float('nan')
    print(f"\nHot sums: Tessera {hot_t / 1000:.3f} s, DuckDB {hot_d / 1000:.3f} s. "
          f"Relative score (ClickBench's way, DuckDB = 1): {score:.3f}.")
    return 0

if __name__ == '__main__':
    sys.exit(main())
