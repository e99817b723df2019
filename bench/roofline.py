#!/usr/bin/env python3
"""Roofline plots from tessera-bench-gpu's JSON.

    python3 bench/roofline.py bench.json [--out-dir DIR] [--gpu-peak-gops G] [--cpu-peak-gops C]

Writes roofline_gpu.png and roofline_cpu.png (and roofline.txt, the numbers).

x = integer/fp operations per byte moved, y = achieved operations per second.
Bytes are the benchmark's: every input buffer read once plus every output
written once (the JSON's "bytes" per function).

Operations per row are an ESTIMATE (OPS_PER_ROW below): the arithmetic the
hand-written kernel does per row on the benchmark's inputs, counted by reading
its code (bench/cuda/handwritten_kernels.cu), one per integer/fp instruction
of the row logic (add, compare, shift, multiply, select; a division by a
constant counted as its multiply-high + shift; 128-bit multiply as 4), not
counting loads/stores or address arithmetic. The same count is used for every
variant of a function, so the points of one function share an x only when they
move the same bytes (they do: the bytes rule is per function).

Ceilings:
  memory: the measured device-to-device copy bandwidth (GPU) and the measured
          host memcpy bandwidth on all threads (CPU), both read + write, from the JSON.
  compute, GPU: 32-bit integer throughput of Hopper, 64 results per clock per SM
          (CUDA C++ Programming Guide, "Arithmetic Instructions" throughput table,
          compute capability 9.0: 32-bit integer add/compare/shift/multiply-add),
          x SMs (JSON) x SM clock (JSON's cudaDevAttrClockRate, else 1.98 GHz, the
          H200 SXM boost clock of NVIDIA's datasheet). Override with --gpu-peak-gops.
  compute, CPU: host threads x 3.0 GHz x 4 scalar integer ops per clock (4 ALU
          ports of a current x86-64 core; no SIMD: the row functions are scalar).
          An assumed figure, not measured: override with --cpu-peak-gops.
"""
import argparse
import json
import os
import sys

# Average bytes per row of the benchmark's string columns (TPC-H shapes).
P_TYPE = 6.0 + 1 + 7.6 + 1 + 5.0  # 'PROMO BRUSHED COPPER': syllable averages 6, 7.6, 5
PRIORITY = (8 + 6 + 8 + 15 + 5) / 5.0
PHONE = 15.0
BRAND = 8.0
MIXED = 12.5

OPS_PER_ROW = {
    # civil date (Neri-Schneider): 3 mul-high/shift divisions, 5 mul/add, 4 shift/mask, 2 select ~ 20
    "year": 20,
    "datepart": 23,            # civil date + (m - 1) / 3 + 1
    "dateadd": 5,              # 64-bit add, two range compares, select
    "datediff": 5,             # 64-bit subtract, two range compares, select
    "lower": 4 * P_TYPE,       # per byte: ASCII test, range test (2), or/select
    "upper": 4 * PRIORITY,
    "left": 3 * 5 + 5,         # walk 5 characters (test, add, count) + copy 5 bytes
    "right": 2 * BRAND + 3 + 2,  # count characters over the row, skip, copy 2 bytes
    "substring": 3 * 2 + 6 + 2,  # bounds arithmetic, walk 2 characters, copy 2
    "convert": 20 + 8 * 3 + 10,  # civil date, 8 digits (div/mod by 10 as mul-high), 10 byte stores
    "money": 45,               # exponent estimate, 128-bit m*5^s (4), shift/remainder, rounding, /10^k
    "isnumeric": 6 * MIXED,    # trim, money grammar pass and (when it fails) float grammar pass, per byte
}


def points(data, device):
    rows = data["rows"]
    out = []
    for f in data["functions"]:
        ops = OPS_PER_ROW.get(f["name"])
        if ops is None or f["bytes"] <= 0:
            continue
        intensity = ops * rows / f["bytes"]
        for r in f["results"]:
            is_cpu = r["variant"].startswith("cpu")
            if (device == "cpu") != is_cpu or r["median_ms"] <= 0:
                continue
            ops_per_s = ops * rows / (r["median_ms"] * 1e-3)
            out.append((f["name"], r["variant"], intensity, ops_per_s, r["median_ms"], r.get("mismatches", -1)))
    return out


def plot(pts, bw_gbps, peak_gops, title, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    fig, ax = plt.subplots(figsize=(10, 7))
    xs = np.logspace(-2, 3, 400)
    bw = bw_gbps * 1e9
    peak = peak_gops * 1e9
    ax.loglog(xs, np.minimum(bw * xs, peak), "k-", lw=2, label=f"roof: {bw_gbps:.0f} GB/s, {peak_gops:.0f} Gops/s")
    ax.axvline(peak / bw, color="gray", ls=":", lw=1)
    markers = {"compiled-tuned": "o", "compiled-untuned": "s", "handwritten": "*", "cpu-rowfn": "^", "cpu-kernel": "v"}
    names = sorted({p[0] for p in pts})
    cmap = plt.get_cmap("tab20")
    colors = {n: cmap(i % 20) for i, n in enumerate(names)}
    seen = set()
    for name, variant, x, y, _, _ in pts:
        seen.add(variant)
        ax.loglog(x, y, markers.get(variant, "x"), color=colors[name], ms=10 if variant == "handwritten" else 7,
                  mec="k", mew=0.5)
        ax.annotate(name, (x, y), fontsize=7, xytext=(4, 2), textcoords="offset points")
    for v, m in markers.items():
        if v in seen:
            ax.loglog([], [], m, color="w", mec="k", label=v)
    ax.set_xlabel("operations per byte moved (estimated ops/row / bytes per row)")
    ax.set_ylabel("achieved operations per second")
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=130)
    plt.close(fig)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("json")
    ap.add_argument("--out-dir", default=".")
    ap.add_argument("--gpu-peak-gops", type=float, default=0)
    ap.add_argument("--cpu-peak-gops", type=float, default=0)
    a = ap.parse_args()
    with open(a.json) as f:
        data = json.load(f)
    os.makedirs(a.out_dir, exist_ok=True)
    clock_ghz = data.get("gpu_clock_khz", 0) / 1e6 or 1.98
    gpu_peak = a.gpu_peak_gops or 64 * max(data.get("sms", 0), 1) * clock_ghz
    cpu_peak = a.cpu_peak_gops or data.get("host_threads", 1) * 3.0 * 4
    gpu_bw = data.get("copy_bandwidth_gbps", 0) or 1
    cpu_bw = data.get("host_copy_bandwidth_gbps", 0) or 1
    lines = [f"GPU ceilings: copy {gpu_bw:.0f} GB/s, int32 peak {gpu_peak:.0f} Gops/s "
             f"(64/clk/SM x {data.get('sms')} SMs x {clock_ghz:.2f} GHz)",
             f"CPU ceilings: memcpy {cpu_bw:.1f} GB/s, peak {cpu_peak:.0f} Gops/s "
             f"({data.get('host_threads')} threads x 3.0 GHz x 4, assumed)",
             f"{'function':10} {'variant':17} {'ops/byte':>9} {'Gops/s':>10} {'% of roof':>9}"]
    for device, bw, peak in (("gpu", gpu_bw, gpu_peak), ("cpu", cpu_bw, cpu_peak)):
        pts = points(data, device)
        for name, variant, x, y, _, _ in pts:
            roof = min(bw * 1e9 * x, peak * 1e9)
            lines.append(f"{name:10} {variant:17} {x:9.3f} {y / 1e9:10.2f} {100 * y / roof:8.1f}%")
        try:
            plot(pts, bw, peak, f"Tessera {device.upper()} roofline: {data.get('device')} ({data['rows']} rows)"
                 if device == "gpu" else f"Tessera CPU roofline ({data.get('host_threads')} threads, {data['rows']} rows)",
                 os.path.join(a.out_dir, f"roofline_{device}.png"))
        except ImportError as e:
            print(f"roofline.py: no matplotlib ({e}); numbers only", file=sys.stderr)
    text = "\n".join(lines)
    with open(os.path.join(a.out_dir, "roofline.txt"), "w") as f:
        f.write(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
