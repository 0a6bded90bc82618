#!/usr/bin/env python3
"""PyTorch beside `cargo run --release --features cuda --example gemm_speed -- DIR`.

Reads DIR/shapes.csv (written by the example), times the same products in PyTorch
(`a @ w` or `F.linear(a, w, bias)` for weights stored [N, K]; f32 with TF32 off unless the case
opts in; median of 30 event-timed calls after 5 warm-ups), writes DIR/torch.csv and, when
DIR/forge.csv exists, prints both side by side.

    python3 bench/torch_gemm.py DIR
"""
import csv
import os
import statistics
import sys

import torch
import torch.nn.functional as F

DT = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32}


def median_ms(fn, reps=30, warm=5):
    for _ in range(warm):
        fn()
    evs = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(reps)]
    for s, e in evs:
        s.record()
        fn()
        e.record()
    torch.cuda.synchronize()
    return statistics.median(s.elapsed_time(e) for s, e in evs)


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else "."
    print("torch", torch.__version__, torch.cuda.get_device_name(0))
    rows = list(csv.DictReader(open(os.path.join(d, "shapes.csv"))))
    out = ["idx,ms,tflops"]
    torch_ms = {}
    for r in rows:
        torch.backends.cuda.matmul.allow_tf32 = r["tf32"] == "1"
        dt = DT[r["dtype"]]
        m, n, k = int(r["m"]), int(r["n"]), int(r["k"])
        a = torch.rand(m, k, device="cuda", dtype=dt) * 2 - 1
        if r["wt"] == "1":
            w = torch.rand(n, k, device="cuda", dtype=dt) * 2 - 1
            b = torch.rand(n, device="cuda", dtype=dt) if r["bias"] == "1" else None
            fn = lambda: F.linear(a, w, b)
        else:
            w = torch.rand(k, n, device="cuda", dtype=dt) * 2 - 1
            fn = lambda: a @ w
        ms = median_ms(fn)
        torch_ms[r["idx"]] = ms
        out.append(f"{r['idx']},{ms:.6f},{2 * m * n * k / ms / 1e9:.2f}")
        del a, w
    open(os.path.join(d, "torch.csv"), "w").write("\n".join(out) + "\n")
    forge_csv = os.path.join(d, "forge.csv")
    forge = {r["idx"]: r for r in csv.DictReader(open(forge_csv))} if os.path.exists(forge_csv) else {}
    print(f"{'#':>2} {'case':<12} {'type':<5} {'MxNxK':>16} {'B':<3} {'forge variant':<26} {'forge ms':>9} {'torch ms':>9} {'TFLOP/s':>8} {'torch TF':>8} {'%torch':>7}")
    for r in rows:
        m, n, k = int(r["m"]), int(r["n"]), int(r["k"])
        t = torch_ms[r["idx"]]
        f = forge.get(r["idx"])
        fms = float(f["ms"]) if f else float("nan")
        shape = f"{m}x{n}x{k}"
        print(f"{r['idx']:>2} {r['name']:<12} {r['dtype']:<5} {shape:>16} {'NK' if r['wt'] == '1' else 'KN':<3} "
              f"{(f['variant'] if f else '-'):<26} {fms:>9.4f} {t:>9.4f} {2 * m * n * k / fms / 1e9:>8.1f} "
              f"{2 * m * n * k / t / 1e9:>8.1f} {100 * t / fms:>6.1f}%")


if __name__ == "__main__":
    main()
