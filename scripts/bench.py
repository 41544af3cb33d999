#!/usr/bin/env python3
"""make bench: the speed and throughput figures of the design's section 7 (../shared/DESIGN.md), measured in one run on this machine and
printed side by side with their targets as ratios. CPU time of one process each (no timed tests anywhere). The
NUM_CTX of each figure come from tb/config.mk (BENCH_*_CTX); the harness's figures from its JSON result.
usage: bench.py"""
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
B = os.path.join(ROOT, "build")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import project_config  # noqa: E402


def run(argv):
    p = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
    if p.returncode != 0:
        sys.exit(f"bench: {' '.join(argv)} failed:\n{p.stdout}{p.stderr}")
    return p.stdout + p.stderr


def cosim(ctx, *args):
    with tempfile.TemporaryDirectory() as tmp:
        res = os.path.join(tmp, "result.json")
        out = run([os.path.join(B, "cosim", f"ctx{ctx}", "uscosim"), *args, "--result", res])
        try:
            with open(res) as fh:
                r = json.load(fh)
        except (OSError, ValueError):
            sys.exit(f"bench: uscosim wrote no result:\n{out}")
    return {"retired": r["retired"], "cycles": r["cycles"], "secs": r["cpu_s"], "retired_s": r["retired_per_s"],
            "cycles_s": r["cycles_per_s"], "ipc": r["ipc"]}


def main():
    rows = []
    out = run([os.path.join(B, "tests", "bench_model"), "256", "40000", "1"])
    m = re.search(r"([\d.]+) M quad-instructions/s", out)
    model = float(m.group(1)) * 1e6 if m else 0.0
    rows.append(("C model, random ALU mix, one core", f"{model / 1e6:.2f} M quad-instr/s", "10 M/s", model / 10e6))
    cfg = project_config.read()
    for ctx in project_config.ints("BENCH_IPC_CTX", cfg):
        r = cosim(ctx, "--random-alu", "256", "--seed", "1", "--quads", str(ctx))
        rows.append((f"RTL NUM_CTX {ctx}: instructions per cycle (steady state)", f"{r['ipc']:.3f}",
                     "0.95 (NUM_CTX >= 7)" if ctx >= 7 else f"{1 / 7:.3f} x NUM_CTX",
                     r["ipc"] / (0.95 if ctx >= 7 else ctx / 7)))
    alone = project_config.one_int("BENCH_ALONE_CTX", cfg)
    r = cosim(alone, "--random-alu", "256", "--seed", "1", "--quads", "64", "--rtl-only")
    rows.append((f"Verilated us_core NUM_CTX {alone} alone, 64 quads x 256 instr", f"{r['cycles_s'] / 1e3:.0f} k cycles/s",
                 "-", None))
    for ctx in project_config.ints("BENCH_LOCKSTEP_CTX", cfg):
        r = cosim(ctx, "--random-alu", "256", "--seed", "1", "--quads", "64")
        rows.append((f"lockstep co-simulation NUM_CTX {ctx}, 64 quads x 256 instr", f"{r['retired_s'] / 1e3:.0f} k retired/s",
                     "1 M/s", r["retired_s"] / 1e6))
    print(f"== make bench on this machine ({os.cpu_count()} cores); targets of ../shared/DESIGN.md section 7")
    print(f"  {'figure':58} {'measured':>20} {'target':>20} {'ratio':>7}")
    for name, val, target, ratio in rows:
        print(f"  {name:58} {val:>20} {target:>20} {'' if ratio is None else f'{ratio:.2f}':>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
