#!/usr/bin/env python3
"""Merges a partial tessera-autotune result (tessera-autotune --kernels ...) into a catalog tuning file.

usage: scripts/merge_tuning.py catalog/autotune-h200.json autotune.json
Each kernel tuned in the second file replaces its entry in the first; the others are kept. Both runs must be
on the same device and the same number of rows, or the merged file would mix measurements that do not compare.
"""
import json
import os
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    base_path, new_path = sys.argv[1], sys.argv[2]
    with open(base_path) as f:
        base = json.load(f)
    with open(new_path) as f:
        new = json.load(f)
    for key in ("device", "rows"):
        if base.get(key) != new.get(key):
            sys.exit(f"merge_tuning: {key} differs: {base_path} has {base.get(key)!r}, {new_path} has {new.get(key)!r}")
    replaced = sum(1 for k in new["kernels"] if k in base["kernels"])
    base["kernels"].update(new["kernels"])
    tmp = base_path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(base, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, base_path)  # whole or not at all
    print(f"merge_tuning: {len(new['kernels'])} kernels from {new_path} ({replaced} replaced), "
          f"{len(base['kernels'])} in {base_path}")


if __name__ == "__main__":
    main()
