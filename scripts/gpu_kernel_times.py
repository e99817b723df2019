#!/usr/bin/env python3
"""Where each query's GPU time goes, from a tessera-bench --json report (tpch or clickbench, traced: without
--no-trace): per query, the traced run's wall and kernel time and its longest-running kernels (summed launches).
Usage: gpu_kernel_times.py report.json [query ...]   (queries as the report names them, e.g. q29; default all)"""
import json, sys

def main():
    args = sys.argv[1:]
    if not args or args[0] in ('-h', '--help'):
        print(__doc__)
        return 0 if args else 2
    with open(args[0]) as f:
        report = json.load(f)
    wanted = set(args[1:])
    for q in report['queries']:
        if wanted and q['query'] not in wanted and q['query'].split('/')[-1] not in wanted:
            continue
        t = q.get('gpu_trace')
        if not t:
            print(f"{q['query']}: not traced")
            continue
        print(f"{q['query']}: traced run {t['wall_ms']:.1f} ms, kernels running {t['kernel_ms']:.1f} ms "
              f"({t['kernels']} launches), copies {t['copy_ms']:.1f} ms ({t['copy_bytes'] / 2**20:.1f} MiB)")
        for k in t.get('top_kernels', []):
            print(f"  {k['ms']:9.2f} ms  {k['launches']:5d} x  {k['name']}")
    return 0

if __name__ == '__main__':
    sys.exit(main())
