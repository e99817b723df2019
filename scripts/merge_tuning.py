#!/usr/bin/env python3
"""Merges a partial tessera-autotune result (tessera-autotune --kernels ...) into a catalog tuning file.

usage: scripts/merge_tuning.py catalog/autotune-h200.json [autotune.json] [--min-gain G]
Each kernel tuned in the second file replaces its entry in the first; the others are kept. Both runs must be
on the same device and the same number of rows, or the merged file would mix measurements that do not compare.
--min-gain G (default 0.05, tessera-autotune's kMinGain) then applies the tuner's rule to every entry,
specialisations included, so entries tuned under an older, weaker rule follow it too: a tuning whose margin over
untuned is below 1 / (1 - G) goes back to its untuned launch ("untuned" in the entry, else the catalog default:
1 row per thread, 256 threads, per-thread), keeping its measurements and its old winner under "dropped".
"""
import json
import os
import sys

DEFAULT_UNTUNED = {"rows_per_thread": 1, "block_size": 256, "mapping": "per-thread"}


def apply_min_gain(entry, min_gain):
    """Resets one tuning entry to untuned if its win is below min_gain; True if it did."""
    margin = entry.get("margin")
    if margin is None or margin <= 1.0 or margin >= 1.0 / (1.0 - min_gain):
        return False
    untuned = entry.get("untuned", DEFAULT_UNTUNED)
    entry["dropped"] = {k: entry[k] for k in ("rows_per_thread", "block_size", "mapping", "median_ms", "margin")
                        if k in entry}
    entry.update(untuned)
    entry["median_ms"] = entry.get("untuned_ms", entry.get("median_ms"))
    entry["margin"] = 1.0
    return True


def main():
    args = sys.argv[1:]
    min_gain = 0.05
    if "--min-gain" in args:
        i = args.index("--min-gain")
        if i + 1 >= len(args):
            sys.exit(__doc__)
        min_gain = float(args[i + 1])
        del args[i:i + 2]
    if len(args) not in (1, 2):
        sys.exit(__doc__)
    base_path = args[0]
    with open(base_path) as f:
        base = json.load(f)
    if len(args) == 2:
        with open(args[1]) as f:
            new = json.load(f)
        for key in ("device", "rows"):
            if base.get(key) != new.get(key):
                sys.exit(f"merge_tuning: {key} differs: {base_path} has {base.get(key)!r}, "
                         f"{args[1]} has {new.get(key)!r}")
        replaced = sum(1 for k in new["kernels"] if k in base["kernels"])
        base["kernels"].update(new["kernels"])
        print(f"merge_tuning: {len(new['kernels'])} kernels from {args[1]} ({replaced} replaced), "
              f"{len(base['kernels'])} in {base_path}")
    reset = []
    for name, entry in base["kernels"].items():
        if apply_min_gain(entry, min_gain):
            reset.append(name)
        for sp_name, sp in entry.get("specializations", {}).items():
            if apply_min_gain(sp, min_gain):
                reset.append(sp_name)
    if reset:
        print(f"merge_tuning: {len(reset)} tunings below a {min_gain:.0%} gain went back to untuned: "
              + ", ".join(sorted(reset)))
    tmp = base_path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(base, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, base_path)  # whole or not at all


if __name__ == "__main__":
    main()
