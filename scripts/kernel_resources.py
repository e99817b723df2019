#!/usr/bin/env python3
"""Per benchmarked function: the resources of the compiled kernel the benchmark's tuned launch ran, beside
its time and bytes (issue 10's evidence: a miss explained from registers, stack, instructions and bytes moved).

  scripts/kernel_resources.py <catalog dir> <tessera-bench-gpu --json file> [--markdown]

For each function of the JSON: the module its compiled-tuned variant launched (mapping, rows per thread), the
kernel entry tk_<kernel> in it, ptxas's registers, stack frame and spills (`ptxas -v`, run here on the
catalog's PTX, sm_90), the entry's PTX instruction count, the bytes per row the benchmark counts, and the
tuned and hand-written kernels' share of copy bandwidth. Specialised entries (tk_<kernel>__...) are counted
beside the generic one. No GPU needed.
"""
import json
import os
import re
import subprocess
import sys


def ptxas_resources(ptx_path, entries, sm="sm_90"):
    """{entry: (registers, stack bytes, spill store bytes, spill load bytes)} from ptxas -v, for `entries`."""
    if not entries:
        return {}
    command = ["ptxas", "-arch=" + sm, "-v", ptx_path, "-o", os.devnull]
    for e in entries:
        command += ["-e", e]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stderr
    res, current, props = {}, None, None
    for line in out.splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            current = m.group(1)
            continue
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", line)
        if m and current:
            props = tuple(int(x) for x in m.groups())
            continue
        m = re.search(r"Used (\d+) registers", line)
        if m and current:
            stack, st, ld = props or (0, 0, 0)
            res[current] = (int(m.group(1)), stack, st, ld)
            current, props = None, None
    return res


def ptx_instruction_counts(ptx_path):
    """{entry: number of PTX instructions in its body}."""
    counts, current = {}, None
    for line in open(ptx_path):
        m = re.match(r"\.visible \.entry (\w+)\(", line)
        if m:
            current, counts[m.group(1)] = m.group(1), 0
            continue
        if current is None:
            continue
        if line.startswith("}"):
            current = None
            continue
        s = line.strip()
        if s and not s.startswith(("//", ".", "{", "}", "$", ")")) and s.endswith(";"):
            counts[current] += 1
    return counts


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    catalog, bench = sys.argv[1], sys.argv[2]
    manifest = json.load(open(os.path.join(catalog, "manifest.json")))
    data = json.load(open(bench))
    wanted = {}  # module -> the entries the benchmark's tuned launches ran
    for f in data["functions"]:
        for r in f["results"]:
            if r["variant"] == "compiled-tuned":
                wanted.setdefault((r["mapping"], r["rows_per_thread"]), []).append("tk_" + f["kernel"])
    modules = {}
    for mod in manifest["nvptx"]["modules"]:
        key = (mod.get("mapping", "per-thread"), mod["rows_per_thread"])
        ptx = os.path.join(catalog, mod["ptx"])
        instr = ptx_instruction_counts(ptx)
        # The generic entries and their specialisations (the call's constants pick one of those at run time).
        entries = [e for e in instr for w in wanted.get(key, []) if e == w or (e.startswith(w + "__") and "__cmp" not in e)]
        modules[key] = (ptxas_resources(ptx, entries), instr)
    rows = data["rows"]
    print("| function | tuned module | registers | stack B | spills B | PTX instr. | specialised entries: registers, max stack B | bytes/row | tuned %copy | hand %copy |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for f in data["functions"]:
        by = {r["variant"]: r for r in f["results"]}
        tuned, hand = by.get("compiled-tuned"), by.get("handwritten")
        if not tuned:
            continue
        key = (tuned["mapping"], tuned["rows_per_thread"])
        res, instr = modules.get(key, ({}, {}))
        entry = "tk_" + f["kernel"]
        regs, stack, st, ld = res.get(entry, (0, 0, 0, 0))
        special = [e for e in res if e.startswith(entry + "__")]
        regs_sp = sorted(res[e][0] for e in special)
        spec = (f"{len(special)}: {regs_sp[0]}-{regs_sp[-1]}, {max(res[e][1] for e in special)}" if special else "none")
        print(f"| {f['name']} | {key[0]} U={key[1]} | {regs} | {stack} | {st + ld} | {instr.get(entry, 0)} | "
              f"{spec} | {f['bytes'] / rows:.1f} | {100 * tuned['fraction_of_copy_bw']:.0f}% | "
              f"{100 * hand['fraction_of_copy_bw']:.0f}% |" if hand else "")


if __name__ == "__main__":
    main()
