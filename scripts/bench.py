#!/usr/bin/env python3
"""make bench: the speed and throughput figures of DESIGN section 7, measured in one run on this machine and
printed side by side with their targets as ratios. CPU time of one process each (no timed tests anywhere).
usage: bench.py"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
B = os.path.join(ROOT, "build")


def run(argv):
    p = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
    if p.returncode != 0:
        sys.exit(f"bench: {' '.join(argv)} failed:\n{p.stdout}{p.stderr}")
    return p.stdout + p.stderr


def cosim(ctx, *args):
    out = run([os.path.join(B, "cosim", f"ctx{ctx}", "uscosim"), *args])
    m = re.search(r"(\d+) quad-instructions in (\d+) cycles, ([\d.]+) s CPU \((\d+) retired/s, (\d+) cycles/s\); "
                  r"steady state ([\d.]+) instructions per cycle", out)
    if not m:
        sys.exit(f"bench: cannot read uscosim's figures:\n{out}")
    return {"retired": int(m.group(1)), "cycles": int(m.group(2)), "secs": float(m.group(3)),
            "retired_s": int(m.group(4)), "cycles_s": int(m.group(5)), "ipc": float(m.group(6))}


def main():
    rows = []
    out = run([os.path.join(B, "tests", "bench_model"), "256", "40000", "1"])
    m = re.search(r"([\d.]+) M quad-instructions/s", out)
    model = float(m.group(1)) * 1e6 if m else 0.0
    rows.append(("C model, random ALU mix, one core", f"{model / 1e6:.2f} M quad-instr/s", "10 M/s", model / 10e6))
    for ctx in (1, 4, 8):
        r = cosim(ctx, "--random-alu", "256", "--seed", "1", "--quads", str(ctx))
        rows.append((f"RTL NUM_CTX {ctx}: instructions per cycle (steady state)", f"{r['ipc']:.3f}",
                     "0.95 (NUM_CTX >= 7)" if ctx >= 7 else f"{1 / 7:.3f} x NUM_CTX",
                     r["ipc"] / (0.95 if ctx >= 7 else ctx / 7)))
    r = cosim(8, "--random-alu", "256", "--seed", "1", "--quads", "64", "--rtl-only")
    rows.append(("Verilated us_core NUM_CTX 8 alone, 64 quads x 256 instr", f"{r['cycles_s'] / 1e3:.0f} k cycles/s",
                 "-", None))
    for ctx in (1, 8):
        r = cosim(ctx, "--random-alu", "256", "--seed", "1", "--quads", "64")
        rows.append((f"lockstep co-simulation NUM_CTX {ctx}, 64 quads x 256 instr", f"{r['retired_s'] / 1e3:.0f} k retired/s",
                     "1 M/s", r["retired_s"] / 1e6))
    print(f"== make bench on this machine ({os.cpu_count()} cores); DESIGN section 7 targets")
    print(f"  {'figure':58} {'measured':>20} {'target':>20} {'ratio':>7}")
    for name, val, target, ratio in rows:
        print(f"  {name:58} {val:>20} {target:>20} {'' if ratio is None else f'{ratio:.2f}':>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
